"""The question Undo asks before taking back another human's move at a shared screen: who must
agree, what would be taken back (public words), *I am <owner>: take it back* and *Keep it*. The
shell and MegaCorps' page ask it the same way (the answer is `widgets/shell/takeback.py`'s)."""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as W

from .takeback import MOVED_ON, UndoOffer, same_question


class UndoQuestion:
    """The question's panel (`box`, class `{prefix}-undo-confirm`; its text `{prefix}-undo-text`, its
    buttons `{prefix}-undo-yes` and `{prefix}-undo-no`), hidden until `ask`. `current()` is the
    page's answer for its position now; `take(offer)` takes back what the owner agreed to. The
    question lapses when the table moves on (`lapse_if_moved`, at each redraw), and a late *yes*
    takes nothing back."""

    def __init__(self, prefix: str, guard: Callable[[Callable], Callable], current: Callable[[], UndoOffer],
                 take: Callable[[UndoOffer], None], classes: tuple[str, ...] = ()):
        self.prefix, self.current, self.take = prefix, current, take
        self._guard = guard
        self.asked: UndoOffer | None = None
        # its text and buttons are built when first asked: every widget is a model the page's
        # browser builds before the board is drawn, and most games never ask
        self._parts: tuple[W.HTML, W.Button, W.Button] | None = None
        self.box = W.VBox()
        for cls in (f"{prefix}-undo-confirm", *classes):
            self.box.add_class(cls)
        self.box.layout.display = "none"

    def _build(self) -> tuple[W.HTML, W.Button, W.Button]:
        if self._parts is None:
            prefix = self.prefix
            text = W.HTML()
            text.add_class(f"{prefix}-undo-text")
            yes = W.Button(description="Take it back", button_style="warning", layout=W.Layout(width="auto"))
            yes.add_class(f"{prefix}-undo-yes")
            no = W.Button(description="Keep it", layout=W.Layout(width="auto"))
            no.add_class(f"{prefix}-undo-no")
            self.box.children = [text, W.HBox([yes, no])]
            yes.on_click(self._guard(lambda _b: self.answer(True)))
            no.on_click(self._guard(lambda _b: self.answer(False)))
            self._parts = (text, yes, no)
        return self._parts

    @property
    def text(self) -> W.HTML:
        return self._build()[0]

    @property
    def yes(self) -> W.Button:
        return self._build()[1]

    @property
    def no(self) -> W.Button:
        return self._build()[2]

    def ask(self, offer: UndoOffer) -> None:
        """Ask `offer.needs` (the owner of the move) to agree."""
        owner, p = offer.owner or "", self.prefix
        self.asked = offer
        self.text.value = (f"<div class='{p}-panel-title'>Take back {escape(owner)}'s last move?</div>"
                           f"<div class='{p}-note'>It would take back: {escape('; '.join(offer.takes_back))}.</div>"
                           f"<div>Only <b>{escape(owner)}</b> may agree: {escape(owner)}, press the button "
                           "yourself.</div>")
        self.yes.description = f"I am {owner}: take it back"
        self.box.layout.display = None

    def lapse(self) -> None:
        """Put the question away, unanswered."""
        self.asked = None
        self.box.layout.display = "none"

    def lapse_if_moved(self, now: UndoOffer | None = None) -> None:
        """The table moved on since the question: it no longer applies (`now`: the page's answer for
        its position, when it has it already)."""
        if self.asked is not None and not same_question(self.asked, now or self.current()):
            self.lapse()

    def answer(self, yes: bool) -> None:
        """*I am <owner>: take it back* (`yes`) or *Keep it*; a yes to a question about an older
        position takes nothing back and says so."""
        asked = self.asked
        self.lapse()
        if not yes or asked is None:
            return
        if not same_question(asked, self.current()):
            raise ValueError(MOVED_ON)
        self.take(asked)
