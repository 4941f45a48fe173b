"""Goals and worked examples for any game's lessons.

* `Goal(text, judge)`: what an exercise asks for. `judge(before, after, moves)` looks at the
  position before the learner's move, the position after it (and after the opponents'
  answers) and the moves made, and returns a `Verdict`: met or not, and why, in game terms.
  Success says why it worked; a miss says what the move did instead.
* `WorkedExample`: a worked example that comes after the learner's own attempt. Its code runs
  at once (so a notebook test checks its assertions), but what it printed is shown only once
  the exercise or self-check it follows has been tried.
* `keep_alive()`: an invisible ticker that keeps a lesson's kernel from being culled as idle
  while the learner reads.
"""
from __future__ import annotations

import contextlib
import html
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

__all__ = ["Goal", "Verdict", "WorkedExample", "keep_alive", "worked_example"]


@dataclass(frozen=True)
class Verdict:
    """The judgement of one attempt at a goal."""

    met: bool
    why: str


@dataclass(frozen=True)
class Goal:
    """What an exercise asks for, in words, and how to tell whether a move achieved it."""

    text: str
    judge: Callable[[Any, Any, list], Verdict]

    def verdict(self, before, after, moves: list) -> Verdict:
        result = self.judge(before, after, moves)
        if isinstance(result, Verdict):
            return result
        met, why = result
        return Verdict(bool(met), str(why))


class WorkedExample(w.VBox):
    """A worked example shown after the learner's attempt at `after` (widgets with an
    `on_attempt(callback)` and an `attempts` count: a self-check, an exercise)."""

    def __init__(self, run: Callable[[], Any], after: list, title: str = "Worked example"):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            run()  # its assertions run now, whether or not the learner looks
        self._text = buffer.getvalue()
        self.title = title
        self._after = list(after)
        self.shown = False
        self.button = w.Button(description="Show the worked example", icon="eye",
                               layout=w.Layout(width="240px"))
        self.note = w.HTML()
        self.body = w.HTML()
        self.button.on_click(lambda _b: self.show())
        for widget in self._after:
            widget.on_attempt(lambda _x: self._refresh())
        self._refresh()
        super().__init__([w.HTML(f"<b>{html.escape(title)}</b>"), w.HBox([self.button, self.note]), self.body])

    @property
    def unlocked(self) -> bool:
        return all(getattr(x, "attempts", 0) > 0 for x in self._after)

    def _refresh(self) -> None:
        self.button.disabled = not self.unlocked or self.shown
        self.note.value = "" if self.unlocked else "<i>Try the exercise or self-check above first.</i>"

    def show(self) -> None:
        """Reveal the example (raises RuntimeError before the learner's attempt)."""
        if not self.unlocked:
            raise RuntimeError("the worked example opens after an attempt at the exercise above")
        self.shown = True
        self.body.value = ("<pre style='white-space:pre-wrap;font-size:12px;background:#f6f8fa;"
                           f"padding:6px'>{html.escape(self._text)}</pre>")
        self._refresh()


def worked_example(run: Callable[[], Any], after, title: str = "Worked example") -> WorkedExample:
    """A worked example (see WorkedExample); `after` is one widget or a list of them."""
    return WorkedExample(run, after if isinstance(after, list) else [after], title)


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
    """An invisible widget that keeps a lesson's kernel from being culled as idle while someone
    reads its page (Voila culls idle kernels: voila.json): the page sends one tiny update every
    `seconds` as long as the learner clicked, typed, scrolled or moved the mouse in the last
    `idle_minutes` (the app's own rule); a closed or abandoned page stops, and its kernel may be
    culled."""
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
