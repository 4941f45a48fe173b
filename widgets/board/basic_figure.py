"""`BasicFigureWidget`: a `go.FigureWidget` whose browser side is plotly.js-basic, not all of plotly.js.

Each FigureWidget sends its front end to the page as its anywidget module: plotly's own is
~5 MB (the full plotly.js, maps and 3-D included), and the browser spends about half a second
evaluating it. The app only draws bar and scatter traces, so it uses this subclass, whose module
(widgets/board/static/plotly-widget-basic.js, ~1.3 MB) is plotly's own front end with
plotly.js-basic (scatter, bar, pie) in place of plotly.js. Other trace types are not drawn.

The module is built from the installed plotly's bundle by frontend/build.mjs, so it belongs to
one plotly version, `PLOTLY_VERSION` (pyproject.toml pins plotly to it and a test checks it).
After upgrading plotly: `cd frontend && npm ci && npm run build`, check the app, and update
`PLOTLY_VERSION` and the pin.
"""
from __future__ import annotations

from pathlib import Path

import plotly.graph_objects as go

__all__ = ["BUNDLE", "PLOTLY_VERSION", "BasicFigureWidget"]

BUNDLE = Path(__file__).resolve().parent / "static" / "plotly-widget-basic.js"
PLOTLY_VERSION = "7.1.0"   # the plotly whose front end BUNDLE holds


class BasicFigureWidget(go.FigureWidget):
    """A FigureWidget drawn by plotly.js-basic: scatter, bar and pie traces only."""

    _esm = BUNDLE
