"""The note-card desk: the secret note card of the one player at the screen.

The card holds an amount per industry and up to three sabotage lines, a running total checked by
the engine ("allocates $12M but has only $10M"), and "Hand in face down"; a refused card says why
on the card itself (its writer's eyes only). Once it is handed in every field is emptied, so the
page's widgets hold nothing of it.

Who is at the screen is not the desk's business: on the playable page the page shell's hot-seat
gate asks each player by name first (`widgets/notecard/parts.py`, a fresh desk per decision, closed
once the card is in); in a lesson one learner writes one corporation's cards.
"""
from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as W

from megacorps import notecard as nc
from megacorps.notecard.log import money

from .panels import chip, html
from .session import Session

SABOTAGE_LINES = 3
NOBODY = "(nobody)"


class NoteCardDesk:
    """The desk widget (`widget`) for one Session at a time (`set_session`)."""

    def __init__(self, hand_in: Callable[[nc.Allocate], None], guard: Callable[[Callable], Callable] = lambda fn: fn,
                 hide: Callable[[], None] | None = None):
        """`hand_in(card)` raises IllegalAction for a refused card (shown on the card); `hide`:
        what "Hide my card" does (None: no such button, nobody else is at the screen)."""
        self._hand_in = hand_in
        self.guard = guard
        self.session: Session | None = None
        self.writer: str | None = None          # whose card is open on the screen
        self.paused = False                     # the moderator's reveal is on: nobody writes

        self.title = html("<div class='nc-panel-title'>Note cards</div>")
        self.waiting = html(cls="nc-note")

        # the card: built per game (its industries), emptied after every hand-in
        self.card_title = html(cls="nc-card-title")
        self.invest_box = W.VBox()
        self.invest: dict[str, W.IntText] = {}
        self.entry_notes: dict[str, W.HTML] = {}
        self.sab_target = [W.Dropdown(options=[NOBODY], value=NOBODY, layout=W.Layout(width="150px"))
                           for _ in range(SABOTAGE_LINES)]
        self.sab_industry = [W.Dropdown(options=[], layout=W.Layout(width="120px")) for _ in range(SABOTAGE_LINES)]
        self.sab_amount = [W.IntText(value=0, layout=W.Layout(width="90px")) for _ in range(SABOTAGE_LINES)]
        rows = []
        for i in range(SABOTAGE_LINES):
            self.sab_target[i].add_class("nc-sab-target")
            self.sab_industry[i].add_class("nc-sab-industry")
            self.sab_amount[i].add_class("nc-sab-amount")
            row = W.HBox([self.sab_target[i], self.sab_industry[i], self.sab_amount[i]])
            row.add_class("nc-row")
            rows.append(row)
        self.sabotage_box = W.VBox([html("<b>Sabotage</b> <span class='nc-small'>(each $1M cancels up to "
                                         "$2M of the target's investment in that industry)</span>"), *rows])
        self.summary = html(cls="nc-summary")
        self.message = html(cls="nc-msg")
        self.hand_in_button = W.Button(description="Hand in face down", icon="check", button_style="success",
                                       layout=W.Layout(width="auto"))
        self.hand_in_button.add_class("nc-hand-in")
        self.hide_button = W.Button(description="Hide my card", icon="eye-slash", layout=W.Layout(width="auto"))
        self.hide_button.add_class("nc-hide")
        self.hide_button.layout.display = None if hide is not None else "none"
        self.card = W.VBox([self.card_title, html("<b>Invest</b> <span class='nc-small'>(each $1M of net "
                                                  "investment earns the industry's multiplier)</span>"),
                            self.invest_box, self.sabotage_box, self.summary, self.message,
                            W.HBox([self.hand_in_button, self.hide_button])])
        self.card.add_class("nc-card")

        self.widget = W.VBox([self.title, self.card, self.waiting])
        self.widget.add_class("nc-panel")
        self.widget.add_class("nc-desk")

        self.hand_in_button.on_click(guard(lambda _b: self.hand_in()))
        if hide is not None:
            self.hide_button.on_click(guard(lambda _b: hide()))
        for i in range(SABOTAGE_LINES):
            self.sab_amount[i].observe(guard(self._changed), names="value")
            self.sab_target[i].observe(guard(self._changed), names="value")
        self.refresh()

    # --- a new game ---------------------------------------------------------------------------

    def set_session(self, session: Session, writer: str | None = None) -> None:
        """Show a new game: one amount field per industry a card may name now; `writer`: whose
        card to open (None: the first human who must still write)."""
        self.session = session
        self._rows(force=True)
        self.writer = writer
        self.clear()
        self.refresh()

    def _rows(self, force: bool = False) -> None:
        """One amount field per industry open or ready to open (ruling N6: with Variable
        Industries new ones keep coming), made again when that list changes between quarters."""
        industries = self.session.game.view(None, log=False).pool
        if not force and list(self.invest) == industries:
            return
        for widget in [*self.invest_box.children, *self.invest.values(), *self.entry_notes.values()]:
            widget.close()
        self.invest, self.entry_notes, rows = {}, {}, []
        for industry in industries:
            field = W.IntText(value=0, description=industry, style={"description_width": "80px"},
                              layout=W.Layout(width="190px"))
            field.add_class("nc-invest")
            field.add_class("nc-invest-" + industry.split()[-1])
            field.observe(self.guard(self._changed), names="value")
            note = html(cls="nc-entry-note")
            self.invest[industry], self.entry_notes[industry] = field, note
            row = W.HBox([field, note])
            row.add_class("nc-row")
            rows.append(row)
        self.invest_box.children = rows
        for dropdown in self.sab_industry:
            dropdown.options = list(industries)

    def next_writer(self) -> str | None:
        """The first human (seat order) who must still write this quarter."""
        if self.session is None:
            return None
        humans = self.session.human_deciders()
        return humans[0] if humans else None

    def close(self) -> None:
        """Hide the open card (nothing of it stays in the page)."""
        self.writer = None
        self.clear()
        self.refresh()

    # --- the card -----------------------------------------------------------------------------------

    def clear(self) -> None:
        """Empty every field of the card, its total and its messages."""
        for field in self.invest.values():
            field.value = 0
        for i in range(SABOTAGE_LINES):
            self.sab_target[i].options = [NOBODY]
            self.sab_target[i].value = NOBODY
            self.sab_amount[i].value = 0
            if self.sab_industry[i].options:
                self.sab_industry[i].index = 0
        self.summary.value = ""
        self.message.value = ""
        self.card_title.value = ""

    def show_card(self, card: nc.Allocate) -> None:
        """Fill the open card with `card` (one taken back to be changed)."""
        for industry, amount in card.invest:
            self.invest[industry].value = amount
        self._set_targets()
        for i, (target, industry, amount) in enumerate(card.sabotage[:SABOTAGE_LINES]):
            self.sab_target[i].value = target
            self.sab_industry[i].value = industry
            self.sab_amount[i].value = amount

    def _set_targets(self) -> None:
        rivals = [c for c in self.session.game.corps if c != self.writer]
        for dropdown in self.sab_target:
            if list(dropdown.options) != [NOBODY, *rivals]:
                dropdown.options = [NOBODY, *rivals]
                dropdown.value = NOBODY

    def current_card(self) -> nc.Allocate:
        """The card as the fields stand (for the open writer)."""
        invest = {i: f.value for i, f in self.invest.items() if f.value}
        sabotage = [(self.sab_target[i].value, self.sab_industry[i].value, self.sab_amount[i].value)
                    for i in range(SABOTAGE_LINES)
                    if self.sab_target[i].value not in (None, NOBODY) and self.sab_amount[i].value]
        return nc.Allocate(self.writer, invest, sabotage)

    def fill(self, invest: dict[str, int] | None = None, sabotage: dict | None = None) -> None:
        """Type a card into the fields (what a player does by hand; for tests and lessons)."""
        for field in self.invest.values():
            field.value = 0
        for industry, amount in (invest or {}).items():
            self.invest[industry].value = amount
        items = list((sabotage or {}).items())
        for i in range(SABOTAGE_LINES):
            (target, industry), amount = items[i] if i < len(items) else ((NOBODY, None), 0)
            self.sab_target[i].value = target
            if industry is not None:
                self.sab_industry[i].value = industry
            self.sab_amount[i].value = amount

    def _changed(self, _change=None) -> None:
        if self.writer is None or self.session is None:
            return
        game = self.session.game
        card = self.current_card()
        have = game.money(self.writer)
        try:
            game.check(card)
            spent = game.cost(card)
            self.summary.value = (f"<div class='nc-summary-text'>Allocates {money(spent.total)} of "
                                  f"{money(have)} ({escape(spent.describe())}); keeps "
                                  f"{money(have - spent.total)}</div>")
        except nc.IllegalAction as err:
            reason = str(err).split(": ", 1)[-1]
            self.summary.value = f"<div class='nc-summary-text nc-over'>{escape(reason)}</div>"
        self.message.value = ""

    def hand_in(self) -> None:
        """Hand in the open card; a refusal is shown on the card (to its writer only)."""
        if self.writer is None:
            raise nc.IllegalAction("no note card is open")
        card = self.current_card()
        try:
            self._hand_in(card)
        except nc.IllegalAction as err:
            reason = str(err).split(": ", 1)[-1]
            self.message.value = f"<div class='nc-msg-text' role='alert'>Not accepted: {escape(reason)}</div>"
            return
        self.close()

    # --- showing --------------------------------------------------------------------------------------

    def refresh(self, paused: bool | None = None) -> None:
        """Show the open card or who is being waited for. `paused`: the moderator's
        reveal is on the table, nobody writes (None: as last said)."""
        if paused is not None:
            self.paused = paused
        paused = self.paused
        s = self.session
        self.widget.layout.display = None if s is not None else "none"
        if s is None:
            return
        game = s.game
        if self.writer is not None and (paused or game.is_over or self.writer not in game.deciders):
            self.close()
            return
        if self.writer is None:
            self._rows()
            if not paused and not game.is_over:
                self.writer = self.next_writer()
        # during the reveal the quarter being revealed is the one on the table (issue 26)
        shown = game.reports[-1].quarter if paused and game.reports else game.quarter
        self.title.value = (f"<div class='nc-panel-title'>Note cards \u00b7 quarter {shown}</div>")
        self.card.layout.display = None if self.writer is not None else "none"
        if self.writer is not None:
            self._set_targets()
            have = game.money(self.writer)
            self.card_title.value = f"{chip(game, self.writer)}'s note card \u00b7 you have {money(have)}"
            limits = game.limits(self.writer)
            for industry, note in self.entry_notes.items():
                cost = limits.entry_cost.get(industry, 0)
                opened = industry in game.state.industries
                note.value = ("" if not cost else
                              "+ $1M cost of entry" + ("" if opened else " (opens a new industry)"))
            self._changed()
        waiting = []
        if game.is_over:
            waiting.append("The game is over.")
        elif paused:
            waiting.append("The moderator is revealing the quarter.")
        elif self.writer is None:
            bots = s.bot_deciders()
            if bots:
                waiting.append(f"Waiting for {', '.join(bots)} (bot{'s' if len(bots) > 1 else ''}).")
        self.waiting.value = " ".join(waiting)
