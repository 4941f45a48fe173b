"""Goals and worked examples for any game's lessons.

* `Goal(text, judge)`: what an exercise asks for. `judge(before, after, moves)` looks at the
  position before the learner's move, the position after it (and after the opponents'
  answers) and the moves made, and returns a `Verdict`: met or not, and why, in game terms.
  Success says why it worked; a miss says what the move did instead.
* `WorkedExample`: a worked example that comes after the learner's own attempt. Its code runs
  at once (so a notebook test checks its assertions), but what it printed is shown only once
  the exercise or self-check it follows has been tried.
* `keep_alive()` (from widgets.keepalive): an invisible ticker that keeps a lesson's kernel
  from being culled as idle while the learner reads.
"""
from __future__ import annotations

import contextlib
import html
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as w

from widgets.keepalive import keep_alive

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

    def __init__(self, run: Callable[[], Any], after: list, title: str = "Worked example",
                 until_done: bool = False):
        buffer = io.StringIO()
        with contextlib.redirect_stdout(buffer):
            run()  # its assertions run now, whether or not the learner looks
        self._text = buffer.getvalue()
        self.title = title
        self._after = list(after)
        self.until_done = until_done
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
        """Every exercise and self-check above tried; with `until_done`, every self-check above
        done (answered right, or tried twice): an example opened while a self-check still has a
        try would give its answer away (the MegaCorps course waits so)."""
        if self.until_done:
            return all(getattr(x, "done", getattr(x, "attempts", 0) > 0) for x in self._after)
        return all(getattr(x, "attempts", 0) > 0 for x in self._after)

    def _refresh(self) -> None:
        self.button.disabled = not self.unlocked or self.shown
        waiting = ("<i>Opens once you have tried the exercise above and finished the self-check (right, or "
                   "two tries).</i>" if self.until_done else "<i>Try the exercise or self-check above first.</i>")
        self.note.value = "" if self.unlocked else waiting

    def show(self) -> None:
        """Reveal the example (raises RuntimeError before the learner's attempt)."""
        if not self.unlocked:
            raise RuntimeError("the worked example opens after an attempt at the exercise above")
        self.shown = True
        self.body.value = ("<pre style='white-space:pre-wrap;font-size:12px;background:#f6f8fa;"
                           f"padding:6px'>{html.escape(self._text)}</pre>")
        self._refresh()


def worked_example(run: Callable[[], Any], after, title: str = "Worked example",
                   until_done: bool = False) -> WorkedExample:
    """A worked example (see WorkedExample); `after` is one widget or a list of them."""
    return WorkedExample(run, after if isinstance(after, list) else [after], title, until_done)
