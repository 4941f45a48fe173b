"""`BasicFigureWidget`: a `go.FigureWidget` whose browser side is plotly.js-basic, not all of plotly.js.

Each FigureWidget sends its front end to the page as its anywidget module: plotly's own is
~5 MB (the full plotly.js, maps and 3-D included), and the browser spends about half a second
evaluating it. The app only draws bar and scatter traces, so it uses this subclass, whose module
(widgets/board/static/plotly-widget-basic.js, ~1.3 MB) is plotly's own front end with
plotly.js-basic (scatter, bar, pie) in place of plotly.js. Other trace types are not drawn.

Under Voila, with the app's Voila template installed (voila-template/, which carries the same
file as a static asset), the widget's module is a few lines that load that file from the
server instead: the 1.3 MB no longer travels in every FigureWidget's state through the kernel
and the websocket (each page has up to four), the browser caches it, a page whose notebook asks
for it starts loading it with the page (voila-template/megacorps/index.html.j2), and anywidget's
two-second limit on a module's start-up (after which the model is broken for good: "Failed to
initialize model") is never reached by a busy page, because the start-up only begins the load.
Elsewhere (JupyterLab) the module travels in the widget as before.

The module is built from the installed plotly's bundle by frontend/build.mjs, so it belongs to
one plotly version, `PLOTLY_VERSION` (pyproject.toml pins plotly to it and a test checks it).
After upgrading plotly: `cd frontend && npm ci && npm run build`, check the app, and update
`PLOTLY_VERSION` and the pin.
"""
from __future__ import annotations

import hashlib
import os
from functools import lru_cache
from pathlib import Path

import plotly.graph_objects as go

__all__ = ["BUNDLE", "PLOTLY_VERSION", "BasicFigureWidget", "served_bundle"]

BUNDLE = Path(__file__).resolve().parent / "static" / "plotly-widget-basic.js"
PLOTLY_VERSION = "7.1.0"   # the plotly whose front end BUNDLE holds
TEMPLATE = "megacorps"     # the Voila template that serves BUNDLE as a static file

LOADER = """
const base = (document.body && document.body.dataset.baseUrl) || '/voila/';
const own = new URL(base + 'templates/%(template)s/static/plotly-widget-basic.js?v=%(version)s', location.href).href;
let loading = null;
// the app's page template may have started loading the module with the page (same file)
const load = () => (loading = loading ||
  (window.__mcPlotlyWidget || Promise.reject(new Error('not preloaded'))).catch(() => import(own)));
export default () => {
  let widget = null, ready = null;
  return {
    initialize(ctx) {
      // started here, not awaited: anywidget gives a module's start-up two seconds
      ready = load().then((m) => { widget = m.default(); return widget.initialize(ctx); });
    },
    async render(ctx) {
      await ready;
      return widget.render(ctx);
    },
  };
};
"""


@lru_cache(maxsize=1)
def served_bundle() -> Path | None:
    """The bundle as the app's Voila template serves it, when this kernel runs under Voila and
    the template is installed with the same file; else None."""
    if not os.environ.get("VOILA_BASE_URL"):
        return None
    from jupyter_core.paths import jupyter_path
    for root in jupyter_path("voila", "templates", TEMPLATE, "static"):
        path = Path(root) / BUNDLE.name
        if path.is_file() and path.stat().st_size == BUNDLE.stat().st_size:
            return path
    return None


def _module() -> str | Path:
    if served_bundle() is None:
        return BUNDLE
    version = hashlib.sha1(BUNDLE.read_bytes()).hexdigest()[:12]
    return LOADER % {"template": TEMPLATE, "version": version}


class BasicFigureWidget(go.FigureWidget):
    """A FigureWidget drawn by plotly.js-basic: scatter, bar and pie traces only."""

    _esm = _module()
