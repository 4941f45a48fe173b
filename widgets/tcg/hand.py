"""The hands on the trading card game's board, updated in place.

The seat shown sees its own hand as a row of card buttons; every other hand is a line saying how
many cards it holds (`Game.view(seat)` holds nothing more). A redraw changes only what changed:
a card still in the hand keeps its button (its words and edges are updated on it), a card that
left the hand has its button closed, a new card gets a new one. Rebuilding the row on every
redraw blanked it for a moment after each move, and a click landing then was lost.

When a hand is no longer shown (the hot-seat gate, another seat at the screen, a spectator), its
buttons are closed: no model of a hand stays in the browser (the shell's rule, `close_all`).
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as W

from widgets.shell import close_all

from .cards import card_button, dress_card
from .panels import html


class Hands:
    """The hands part of one board; `draw(view, seats, marks, click)` redraws it, `box` shows it."""

    def __init__(self):
        self.box = W.VBox()
        self._titles: dict[str, W.HTML] = {}     # seat -> "x's hand: n cards (...)", while its hand is shown
        self._rows: dict[str, W.HBox] = {}       # seat -> the row of its card buttons
        self._hidden: dict[str, W.HTML] = {}     # seat -> "x: n cards in hand, hidden (...)"
        self._buttons: dict[str, dict[int, W.Button]] = {}   # seat -> card number -> its button

    def draw(self, view, seats: list[str], marks: dict[int, tuple[str, ...]], click: Callable[[int], None]) -> None:
        """Each of `seats` in that order: its hand as card buttons when `view` holds it, else its
        count; `marks` are the cards' edges, `click(uid)` answers a card clicked."""
        shown: list[W.Widget] = []
        for x in seats:
            player = view.players[x]
            decks = f"main deck {player.main_left}, resource deck {player.resource_left}"
            if player.hand is None:
                self._put_away(x)
                shown.append(self._html(self._hidden, x, "tcg-hidden-hand",
                                        f"{escape(x)}: {player.hand_size} cards in hand, hidden ({decks})"))
                continue
            shown.append(self._html(self._titles, x, "tcg-net-title",
                                    f"{escape(x)}'s hand: {len(player.hand)} cards ({decks})"))
            shown.append(self._row(x, player.hand, marks, click))
        if tuple(shown) != self.box.children:
            self.box.children = shown

    def _row(self, seat: str, hand: list, marks, click) -> W.HBox:
        """`seat`'s row showing `hand`: the buttons of the cards still there kept (and updated)."""
        row = self._rows.get(seat)
        if row is None:
            row = self._rows[seat] = W.HBox(layout=W.Layout(flex_flow="row wrap"))
            row.add_class("tcg-hand")
        old = self._buttons.get(seat, {})
        new = {}
        for card in hand:
            button = old.get(card.uid)
            if button is None:
                button = card_button(card, click, marks.get(card.uid, ()))
            else:
                dress_card(button, card, marks.get(card.uid, ()))
            new[card.uid] = button
        children = tuple(new[card.uid] for card in hand)
        if children != row.children:
            row.children = children
        for uid, button in old.items():
            if uid not in new:   # left the hand
                close_all(button)
        self._buttons[seat] = new
        return row

    def _put_away(self, seat: str) -> None:
        """`seat`'s hand is not shown now: its card buttons are closed (the row itself names no card)."""
        row = self._rows.get(seat)
        if row is not None and row.children:
            row.children = ()
        for button in self._buttons.pop(seat, {}).values():
            close_all(button)

    @staticmethod
    def _html(store: dict[str, W.HTML], seat: str, cls: str, text: str) -> W.HTML:
        """`seat`'s line in `store`, made once, its words updated."""
        widget = store.get(seat)
        if widget is None:
            widget = store[seat] = html()
        widget.value = f"<div class='{cls}'>{text}</div>"
        return widget
