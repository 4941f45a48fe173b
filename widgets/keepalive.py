"""Keeping a page's kernel while someone uses it.

voila.json culls kernels idle for a minute, connected or not, so that a class on one server gets
the memory of closed and abandoned pages back; a page whose reader is thinking must say it is
still there. Lessons, the note-card table and the pages of a service-held table use
`keep_alive()`; the hot-seat app pings from its own browser widget (widgets/megacorps_app/browser.py).
"""
from __future__ import annotations

import ipywidgets as w

__all__ = ["keep_alive"]

_KEEP_ALIVE_ESM = """
export default {
  render({ model, el }) {
    let last = Date.now();
    const touch = () => { last = Date.now(); };
    const events = ["click", "keydown", "scroll", "mousemove"];
    events.forEach((e) => document.addEventListener(e, touch, { capture: true, passive: true }));
    const timer = setInterval(() => {
      if (Date.now() - last < model.get("idle_minutes") * 60000) {
        model.set("beats", model.get("beats") + 1);
        model.save_changes();
      }
    }, model.get("seconds") * 1000);
    return () => {
      clearInterval(timer);
      events.forEach((e) => document.removeEventListener(e, touch, { capture: true }));
    };
  }
};
"""


_keep_alive_class = None


def keep_alive(seconds: float = 20.0, idle_minutes: float = 20.0):
    """An invisible widget that keeps a page's kernel from being culled as idle while someone
    reads or thinks (Voila culls idle kernels, even connected ones: voila.json): the page sends
    one tiny update every `seconds` as long as someone clicked, typed, scrolled or moved the
    mouse in the last `idle_minutes` (the app's own rule); a closed or abandoned page stops,
    and its kernel may be culled. Put one in every page served by Voila that has no other
    heartbeat (the hot-seat app has its own: widgets/megacorps_app/browser.py)."""
    global _keep_alive_class
    if _keep_alive_class is None:
        import anywidget
        import traitlets

        class KeepAlive(anywidget.AnyWidget):
            _esm = _KEEP_ALIVE_ESM
            beats = traitlets.Int(0).tag(sync=True)
            seconds = traitlets.Float(20.0).tag(sync=True)
            idle_minutes = traitlets.Float(20.0).tag(sync=True)

        _keep_alive_class = KeepAlive
    return _keep_alive_class(seconds=seconds, idle_minutes=idle_minutes, layout=w.Layout(display="none"))
