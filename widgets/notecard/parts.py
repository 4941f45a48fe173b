"""The note-card game's parts for the kit's page shell: the playable page is
`Shell(NotecardParts(), autosave=True)` (notebooks/notecard/play.ipynb).

The shell does the header, the new-game form (and the review of a loaded save), the hot-seat gate,
the bots, save/load, the log with rules links and the results. The parts add:

- the **board**: where the table is (quarter, cards in, the modules and the ending), the
  corporations, "take back a card", the moderator's reveal (`reveal.py`) and the money chart
  (`chart.py`);
- the **decision**: the note-card desk (`desk.py`) of the human at the screen, a fresh one per
  decision, closed (with every field of it) once the card is in;
- the **pause** of a reveal: while the humans step through a quarter's reveal nobody writes, the
  bots wait, the corporations' money, the log, the chart, the header and the results stay at the
  quarter before, and catch up when the reveal has told it all (the results when they continue);
- the **rules help** (`rules_help.py`) and the **options** (the modules, an agreed last quarter).
"""
from __future__ import annotations

from html import escape
from typing import Any

import ipywidgets as W

from megacorps import notecard as nc
from megacorps.notecard.log import money
from widgets.shell import HUMAN, GameParts, Shell

from .chart import MoneyChart
from .desk import NoteCardDesk
from .panels import corps_html, html
from .reveal import RevealPanel
from .rules_help import rules_help
from .session import Session
from .style import SHELL_CSS

__all__ = ["NotecardBoard", "NotecardOptions", "NotecardParts"]


def rules_in_play(options: nc.Options) -> str:
    """The modules and the ending of a game, in a few words."""
    modules = [name for on, name in ((options.variable_yield, "Variable Yield"),
                                     (options.variable_industries, "Variable Industries")) if on]
    ending = f"house rule: last quarter {options.last_quarter}" if options.last_quarter else "the rules' ending"
    return " + ".join(modules + [ending]) if modules else f"Core game + {ending}"


class NotecardOptions:
    """The form's set-up choices: the two modules and the agreed last quarter (a house rule,
    ruling N4: 0 is the rules' own ending)."""

    def __init__(self):
        self.variable_yield = W.Checkbox(value=False, description="Variable Yield Industries", indent=False)
        self.variable_yield.add_class("nc-variable-yield")
        self.variable_industries = W.Checkbox(value=False, description="Variable Industries", indent=False)
        self.variable_industries.add_class("nc-variable-industries")
        self.last_quarter = W.BoundedIntText(value=0, min=0, max=200, description="Last quarter",
                                             style={"description_width": "90px"}, layout=W.Layout(width="190px"))
        self.last_quarter.add_class("nc-last-quarter")
        self.ending = W.HTML()
        self.ending.add_class("nc-ending")
        self.last_quarter.observe(lambda _change: self._show_ending(), names="value")
        self._show_ending()
        self.widget = W.VBox([
            W.HTML("<div class='nc-note'><b>Modules</b> (optional, alone or together):</div>"),
            self.variable_yield, self.variable_industries,
            W.HTML("<div class='nc-note'><b>The ending.</b> By the rules a game ends when one corporation "
                   "is left, or when 8 quarters pass in a row without a bankruptcy (the richest wins). "
                   "<b>House rule</b>: an agreed <b>last quarter</b> after which the richest wins "
                   "(0: off).</div>"),
            self.last_quarter, self.ending])
        self.widget.add_class("nc-options")

    def values(self) -> dict:
        return {"variable_yield": self.variable_yield.value, "variable_industries": self.variable_industries.value,
                "last_quarter": self.last_quarter.value or None}

    def _show_ending(self) -> None:
        """Say which ending is on (ruling N4)."""
        # the note above explains both endings; this line only says which one is on
        last = self.last_quarter.value
        end = (f"the house rule: the game ends after quarter {last} at the latest" if last else
               "the rules' ending (no last quarter)")
        self.ending.value = f"<div class='nc-note nc-ending-text'>On: {escape(end, quote=False)}.</div>"


class NotecardBoard:
    """Where the table is, the corporations, taking back a card, the reveal and the chart."""

    def __init__(self, parts: "NotecardParts", shell: Shell):
        self.parts = parts
        self.where = html(cls="nc-where-box")
        self.corps = html(cls="nc-corps-box")
        self.back_corp = W.Dropdown(options=[], value=None, layout=W.Layout(width="170px"))
        self.back_corp.add_class("nc-back-corp")
        self.back_button = W.Button(description="Take back a card", icon="undo", layout=W.Layout(width="auto"),
                                    tooltip="A corporation's card goes back to it, to change; the screen asks "
                                            "for that player first")
        self.back_button.add_class("nc-back-button")
        self.back_row = W.HBox([self.back_corp, self.back_button])
        self.back_row.add_class("nc-row")
        self.back_button.on_click(shell.guard(lambda _b: shell.undo(self.back_corp.value)))
        self.widget = W.VBox([self.where, self.corps, self.back_row, parts.reveal.widget, parts.chart.box])
        self.widget.add_class("nc-board")

    def draw(self, shell: Shell, seat: str | None, legal: list) -> None:
        parts, session = self.parts, self.parts.sync(shell)
        game = session.game
        paused, held = parts.paused(shell), parts.held(shell)
        reveal = parts.reveal
        quarter = reveal.quarter if paused else game.quarter
        cards = len(game.state.pending)
        if game.is_over and not paused:
            where = f"Game over: {game.state.end_reason}" if game.state.end_reason else "Game over"
        else:
            where = f"Quarter {quarter}"
        # data-*: where the page is, for the browser tests (the reveal pauses it at its quarter)
        self.where.value = (f"<div class='nc-where' data-quarter='{quarter}' data-cards='{cards}' "
                            f"data-reports='{len(game.reports)}' data-reveal='{int(paused)}'>"
                            f"<b>{escape(where)}</b> <span class='nc-where-rules'>{escape(rules_in_play(game.options))}"
                            "</span></div>")
        self.corps.value = corps_html(session, held, revealing=paused)
        backs = [] if paused else session.may_take_back()
        with self.back_corp.hold_sync():
            self.back_corp.options = backs
            self.back_corp.value = backs[0] if backs else None
        self.back_row.layout.display = None if backs else "none"
        if held is None:   # the chart waits while the reveal tells the quarter
            parts.chart.update(session)


class NotecardParts(GameParts):
    """The note-card game's board, desk, reveal, rules help and options for the shell."""

    prefix = "nc"
    hand_name = "note card"
    round_word = "Quarter"

    def __init__(self):
        super().__init__("notecard")
        self.session: Session | None = None
        self.reports_seen = 0
        self.taken: dict[str, nc.Allocate] = {}   # cards taken back, for their writer's eyes only
        self.desk: NoteCardDesk | None = None     # the card open now (None: none)
        self.chart = MoneyChart(width=600)
        self.reveal: RevealPanel | None = None

    # --- the game on the page -----------------------------------------------------------------------

    def sync(self, shell: Shell) -> Session:
        """The Session of the shell's game, made anew for a new game; a quarter just settled (by a
        human's card or a bot's) starts its reveal: step by step when a human is at the table,
        whole when only bots play."""
        game = shell.game
        if self.session is None or self.session.game is not game:
            self.session = Session(game, shell.players, bots=shell.bots)
            self.reports_seen, self.taken = len(game.reports), {}
            self.chart.build(self.session)
            if game.reports:   # a loaded game opens on its last quarter's reveal, all of it shown
                self.reveal.start(self.session, whole=True)
            else:
                self.reveal.hide()
        elif len(game.reports) > self.reports_seen:
            self.reports_seen = len(game.reports)
            self.reveal.start(self.session, whole=not self.session.humans)
        return self.session

    def paused(self, shell: Shell) -> bool:
        """The humans are stepping through a reveal (until they continue)."""
        if shell.game is None:
            return False
        session = self.sync(shell)
        return bool(session.humans) and self.reveal.active

    def held(self, shell: Shell) -> tuple[int, dict[str, int]] | None:
        """(quarter, money before it) while the reveal has not yet told that quarter: until then the
        rest of the page must not tell what the reveal is about to."""
        if not self.paused(shell) or self.reveal.finished:
            return None
        return self.reveal.quarter, dict(self.reveal.before)

    def holds_bots(self, shell: Shell) -> bool:
        return self.paused(shell)

    def log_shown(self, shell: Shell) -> int | None:
        held = self.held(shell)
        if held is None:
            return None
        return sum(1 for entry in shell.game.log if entry.quarter < held[0])

    def after_bot_move(self, shell: Shell) -> None:
        self.sync(shell)   # a bot's card may end the quarter: its reveal starts

    @staticmethod
    def revealed_reasons(shell: Shell, quarter: int) -> dict[str, str]:
        """The bots' reasons for their note cards of `quarter` (corporation -> reason), from the
        shell's record of reasons (kept in a save, back with a loaded game), only those the page
        may show (`Shell.public_reasons`: a card's reason once the card is revealed)."""
        game, out = shell.game, {}
        for at, text, step in shell.public_reasons():
            if step is not None and game.log[at].round == quarter:
                corp = game.actions[step].corp
                out[corp] = text.removeprefix(f"{corp}'s reason: ")
        return out

    def screen_after_acting(self, shell: Shell, seat: str) -> str | None:
        # a card handed in is secret until the reveal: with another human at the table, the screen
        # shows nobody's card (and nobody's log line of it) until the next player says who they are
        return seat if len(self.sync(shell).humans) == 1 else None

    def undone(self, shell: Shell, seat: str, action: Any) -> None:
        self.taken[seat] = action

    def status(self, shell: Shell) -> str:
        game = shell.game
        if self.paused(shell):   # the page is still on the quarter being revealed
            return f"Quarter {self.reveal.quarter} \u00b7 the moderator turns the cards over"
        if game.is_over:
            return "Game over"
        return f"Quarter {game.quarter} \u00b7 cards in: {len(game.state.pending)} of {len(game.corps)}"

    # --- the pieces ---------------------------------------------------------------------------------

    def board(self, shell: Shell) -> NotecardBoard:
        def done() -> None:       # the players continue: the next quarter (or the results)
            shell.refresh()
            shell.run_bots()
        self.reveal = RevealPanel(shell.guard(done), shell.guard, shell.guard(shell.refresh),
                                  lambda quarter: self.revealed_reasons(shell, quarter))
        return NotecardBoard(self, shell)

    def decision_key(self, shell: Shell, seat: str | None, legal: list) -> tuple:
        # a card being written stays open while the others (bots) hand theirs in
        return (len(shell.game.reports), id(shell.game))

    def decision(self, shell: Shell, seat: str, legal: list) -> list[W.Widget]:
        session = self.sync(shell)
        hide = shell.hide if len(session.humans) > 1 else None   # alone at the screen: nobody to hide from
        self.desk = NoteCardDesk(shell.act, shell.guard, hide)
        self.desk.set_session(session, seat)
        card = self.taken.pop(seat, None)
        if card is not None:      # a card taken back opens as it was, to be changed
            self.desk.show_card(card)
            self.desk.refresh()
        return [self.desk.widget]

    def players(self, shell: Shell, seat: str | None) -> str:
        return ""                 # the corporations on the board say who plays each

    def rules(self):
        return rules_help()

    def options_form(self) -> NotecardOptions:
        return NotecardOptions()

    def first_players(self) -> list[str]:
        return [HUMAN, "Odds", "Balanced"]   # a first game against two bots that play well

    def about(self) -> str:
        return ("<p><b>Megacorp</b>, the note-card game: each quarter every corporation splits its money, "
                "in secret, between investing in industries and sabotaging a rival's; the note cards are "
                "turned over together and the quarter is settled. The last corporation standing wins. "
                "2 to 6 corporations, each a person or a computer player.</p>"
                "<p><b>Rulings</b>: where the rules leave a question open (a game that never ends, say), the "
                "table follows a ruling written down in the project's documentation; the set-up form's "
                "options name the ones you may choose.</p>")

    def welcome(self) -> str:
        return ("<b>Megacorp</b>, the note-card game: quarters, secret note cards and sabotage. Name the "
                "corporations on the right, say who plays each (a person at this screen or a bot) and "
                "press <b>Start game</b>, or load a saved game. <b>Rules</b> tells how it is played.")

    def save_game(self, game: nc.Game) -> str:
        return game.to_json(seat=None)   # ruling N17: the shared screen's save holds no unrevealed card

    def saved_reasons(self, shell: Shell) -> list[tuple[int, str, int | None]]:
        # the save holds no unrevealed card (ruling N17), so it keeps the reasons of the revealed
        # cards only, those every seat may read now (a bot's reason tells what its card says)
        return shell.public_reasons()

    def save_summary(self, game: nc.Game) -> dict:
        state = game.state
        return {"quarter": state.quarter, "over": state.over, "money": dict(state.money)}

    def save_name(self, game: nc.Game) -> str:
        return f"megacorp-{'over' if game.state.over else f'quarter-{game.state.quarter}'}.json"

    def describe(self, game: nc.Game) -> str:
        return f"quarter {game.quarter}, {game.summary()}, {rules_in_play(game.options)}"

    def score_label(self) -> str:
        return "money"

    def score_text(self, value: int) -> str:
        return money(value)

    def css(self) -> str:
        return SHELL_CSS
