"""The note-card desk: hot-seat play with secret note cards, one player at a time.

The flow for each human who must write this quarter, in seat order:

1. the gate: "Pass the screen to Maraya" and a button "I am Maraya, show my note card"; nothing
   of anyone's card is on the page;
2. Maraya's card: an amount per industry, up to three sabotage lines, a running total checked
   by the engine ("allocates $12M but has only $10M"), and "Hand in face down";
3. handed in: every field is emptied (the page's widgets hold nothing of her card any more)
   and the gate asks for the next player.

A player may take back their own card until the last card is in: "Take back a card" asks for
that player at the gate first, then opens their card again to change it.
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

    def __init__(self, hand_in: Callable[[nc.Allocate], None], take_back: Callable[[str], nc.Allocate],
                 guard: Callable[[Callable], Callable] = lambda fn: fn, gates: bool = True):
        """`gates`: ask each player by name before showing their card (hot-seat); False for a
        lesson, where one learner writes one corporation's cards."""
        self._hand_in = hand_in
        self._take_back = take_back
        self.guard = guard
        self.session: Session | None = None
        self.writer: str | None = None          # whose card is open on the screen
        self.asking: str | None = None          # whose turn it is at the gate
        self.purpose = "write"                  # what the gate is for: "write" or "take back"
        self.paused = False                     # the moderator's reveal is on: nobody writes
        self.gates = gates

        self.title = html("<div class='nc-panel-title'>Note cards</div>")
        self.gate_text = html(cls="nc-gate-text")
        self.gate_button = W.Button(description="Show my note card", icon="eye", button_style="warning",
                                    layout=W.Layout(width="auto"))
        self.gate_button.add_class("nc-gate-button")
        self.gate = W.VBox([self.gate_text, self.gate_button])
        self.gate.add_class("nc-gate")
        self.back_corp = W.Dropdown(options=[], value=None, layout=W.Layout(width="170px"))
        self.back_corp.add_class("nc-back-corp")
        self.back_button = W.Button(description="Take back a card", icon="undo", layout=W.Layout(width="auto"))
        self.back_button.add_class("nc-back-button")
        self.back_row = W.HBox([self.back_corp, self.back_button])
        self.back_row.add_class("nc-row")
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
        self.card = W.VBox([self.card_title, html("<b>Invest</b> <span class='nc-small'>(each $1M of net "
                                                  "investment earns the industry's multiplier)</span>"),
                            self.invest_box, self.sabotage_box, self.summary, self.message,
                            W.HBox([self.hand_in_button, self.hide_button])])
        self.card.add_class("nc-card")

        self.widget = W.VBox([self.title, self.gate, self.card, self.waiting, self.back_row])
        self.widget.add_class("nc-panel")
        self.widget.add_class("nc-desk")

        self.gate_button.on_click(guard(lambda _b: self.open()))
        self.hand_in_button.on_click(guard(lambda _b: self.hand_in()))
        self.hide_button.on_click(guard(lambda _b: self.close()))
        self.back_button.on_click(guard(lambda _b: self.ask_take_back(self.back_corp.value)))
        for i in range(SABOTAGE_LINES):
            self.sab_amount[i].observe(guard(self._changed), names="value")
            self.sab_target[i].observe(guard(self._changed), names="value")
        self.refresh()

    # --- a new game ---------------------------------------------------------------------------

    def set_session(self, session: Session) -> None:
        """Show a new game: one amount field per industry a card may name now."""
        self.session = session
        self._rows(force=True)
        self.writer = self.asking = None
        self.purpose = "write"
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

    # --- the gate ---------------------------------------------------------------------------------

    def next_writer(self) -> str | None:
        """The first human (seat order) who must still write this quarter."""
        if self.session is None:
            return None
        humans = self.session.human_deciders()
        return humans[0] if humans else None

    def ask_take_back(self, corp: str | None) -> None:
        """Ask for `corp` at the gate before its card is taken back (raises IllegalAction)."""
        if self.session is None or corp is None:
            raise nc.IllegalAction("choose whose card to take back")
        if corp not in self.session.may_take_back():
            raise nc.IllegalAction(f"{corp} has no card in the pile that can be taken back")
        self.close()
        self.asking, self.purpose = corp, "take back"
        self.refresh()

    def open(self) -> None:
        """The player at the gate confirmed who they are: show their card."""
        corp = self.asking
        if self.session is None or corp is None:
            return
        self.clear()
        if self.purpose == "take back":
            card = self._take_back(corp)
            self.purpose = "write"
            self.writer = corp
            self._fill(card)
        else:
            self.writer = corp
        self.refresh()

    def close(self) -> None:
        """Hide the open card (nothing of it stays in the page) and go back to the gate."""
        self.writer = None
        self.purpose = "write"
        self.asking = None
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

    def _fill(self, card: nc.Allocate) -> None:
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
        """Show the gate, the open card or who is being waited for. `paused`: the moderator's
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
        if self.purpose != "take back":
            self.asking = None if paused or game.is_over else self.next_writer()
        # during the reveal the quarter being revealed is the one on the table (issue 26)
        shown = game.reports[-1].quarter if paused and game.reports else game.quarter
        self.title.value = (f"<div class='nc-panel-title'>Note cards \u00b7 quarter {shown}</div>")
        # one person at the screen (a lesson, or a game with a single human seat): nobody to hide
        # the card from, so no "pass the screen" gate and no "Hide my card" (as the app does)
        alone = not self.gates or len(s.humans) == 1
        self.hide_button.layout.display = "none" if alone else None
        if alone and self.writer is None and self.asking is not None:
            if self.purpose == "take back":
                self.open()  # takes the card back and opens it
                return
            self.writer = self.asking
        show_gate = self.writer is None and self.asking is not None
        self.gate.layout.display = None if show_gate else "none"
        self.card.layout.display = None if self.writer is not None else "none"
        if show_gate:
            who = escape(self.asking)
            if self.purpose == "take back":
                self.gate_text.value = (f"Pass the screen to <b>{who}</b>: only {who} may take back "
                                        f"{who}'s card. Everyone else, look away.")
                self.gate_button.description = f"I am {self.asking}, take back my card"
            else:
                self.gate_text.value = (f"Next to write: {chip(game, self.asking)}. Pass the screen to "
                                        f"{who}; everyone else, look away.")
                self.gate_button.description = f"I am {self.asking}, show my note card"
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
        elif not show_gate and self.writer is None:
            bots = s.bot_deciders()
            if bots:
                waiting.append(f"Waiting for {', '.join(bots)} (bot{'s' if len(bots) > 1 else ''}).")
        self.waiting.value = " ".join(waiting)
        backs = [] if paused or not self.gates else s.may_take_back()
        with self.back_corp.hold_sync():
            self.back_corp.options = backs
            self.back_corp.value = backs[0] if backs else None
        self.back_row.layout.display = None if backs and self.writer is None else "none"
