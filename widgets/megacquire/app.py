"""The playable MEGAcquire page: `App()` in a notebook served by Voila (notebooks/megacquire/play.ipynb).

    from widgets.megacquire.app import App
    App()

The page is the kit's page shell (widgets/shell/: header, new-game form, hot-seat gate, bots,
save/load, undo, log with rules links, since-your-last-turn, results, the money chart, the
autosave with "Resume") with MEGAcquire's parts:
the hex board (board.py), the decision panels and players' table (panels.py), the rules help
(rules_help.py) and the set-up options (the stock-disclosure method, a time limit).
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from megacorps import megacquire as mq
from megacorps.megacquire.options import DISCLOSURES, disclosure_choices
from widgets.shell import GameParts, HUMAN, Shell
from widgets.shell.money_chart import MoneySeries

from .board import MegacquireBoard
from .panels import decision_panel, players_html
from .rules_help import rules_help

__all__ = ["App", "HUMAN", "MegacquireParts", "MegacquireOptions"]

CSS = """<style>
.mq-previews { font-size: 11px; max-height: 120px; overflow-y: auto; }
.mq-players { width: 100%; }
.mq-stock { max-width: 150px; }
.mq-bank, .mq-disclosure { font-size: 11px; color: #444; }
.mq-dispose, .mq-trade { border: 1px solid #0072B2; padding: 4px; margin: 2px 0; }
.mq-app .shell-sidebar { width: 345px; }
</style>"""


class MegacquireOptions:
    """The set-up choices of the form: the stock-disclosure method (L35-43) and an optional time
    limit (L113: the game ends after an agreed round)."""

    def __init__(self):
        narrow = {"description_width": "70px"}
        self.disclosure = W.Dropdown(options=disclosure_choices(), value=4,
                                     description="Disclosure", style=narrow, layout=W.Layout(width="250px"))
        self.disclosure.add_class("mq-disclosure-choice")
        # the method's whole sentence: a choice list cut it off at 1024x700
        self.disclosure_text = W.HTML()
        self.disclosure_text.add_class("mq-disclosure-text")
        self.disclosure.observe(lambda _change: self._say_disclosure(), names="value")
        self._say_disclosure()
        self.last_round = W.Dropdown(options=[("no time limit", 0), *[(f"end after round {n}", n)
                                                                       for n in (1, 2, 3, 5, 8, 12, 20)]],
                                     value=0, description="Time limit", style=narrow, layout=W.Layout(width="250px"))
        self.last_round.add_class("mq-limit-choice")
        self.widget = W.VBox([self.disclosure, self.disclosure_text, self.last_round])

    def _say_disclosure(self) -> None:
        text = DISCLOSURES.get(self.disclosure.value, "")
        self.disclosure_text.value = f"<small>{escape(text[:1].upper() + text[1:])}.</small>" if text else ""

    def values(self) -> dict:
        out: dict = {"disclosure": self.disclosure.value}
        if self.last_round.value:
            out["last_round"] = self.last_round.value
        return out


class MegacquireParts(GameParts):
    """MEGAcquire's board, panels, rules help and options for the shell."""

    prefix = "mq"

    def __init__(self):
        super().__init__("megacquire")

    def board(self, shell: Shell) -> MegacquireBoard:
        return MegacquireBoard()

    def decision(self, shell: Shell, seat: str, legal: list) -> list[W.Widget]:
        return decision_panel(shell.game, seat, legal, shell.guard(shell.act), shell.choice_button)

    def players(self, shell: Shell, seat: str | None) -> str:
        return players_html(shell.game.view(seat, log=False), shell.players)

    def money(self, shell: Shell, seat: str | None) -> MoneySeries | None:
        """Cash by round, only the lines `seat` may see: its own, everyone's under total disclosure
        (method 4, L41-43), everyone's once the game is over (ruling A11). None (no chart) on a
        networked table's page, whose game is the service's messages, not a replayable engine."""
        game = shell.game
        if not isinstance(game, mq.Game):
            return None
        seen = game.seats if game.is_over else list(game.view(seat, log=False).cash)
        history = game.cash_by_round()
        return MoneySeries([r for r, _ in history], {p: [cash[p] for _, cash in history] for p in seen},
                           "Cash by round", "Round", "Cash", prefix="$")

    def rules(self):
        return rules_help()

    def options_form(self) -> MegacquireOptions:
        return MegacquireOptions()

    def welcome(self) -> str:
        return ("MEGAcquire: hexagonal tiles, companies founded, grown and merged, stock bought and sold. "
                "Choose the players on the right (a human or a bot for each seat) and press "
                "<b>Start game</b>, or load a saved game.")

    def about(self) -> str:
        return ("<p><b>MEGAcquire</b> is Lloyd Solon's large variant of Sid Sackson's <i>Acquire</i>: lay "
                "hexagonal tiles, found companies, buy their stock and cash in when they merge. This is a "
                "table for 3 to 6 players, each seat a person or a computer player.</p>"
                "<p><b>Rebuilt by this project</b>: the rules text we play from prints neither the board, nor "
                "the list of companies, nor the price chart. The board of 13 by 17 hexes, its 14 companies in "
                "three price tiers (the rules name only Regal and Solon) and the prices (those of classic "
                "Acquire) are our reconstruction. Where the text reads two ways, the table follows a ruling "
                "written down in the project's documentation.</p>"
                "<p>What you see of the other players' stock depends on the disclosure method chosen at "
                "the start (4: everything is public).</p>")

    def save_summary(self, game: mq.Game) -> dict:
        view = game.view(None, log=False)
        return {"round": view.round, "over": view.over}

    def save_name(self, game: mq.Game) -> str:
        return f"megacquire-round-{game.view(None, log=False).round}.json"

    def score_label(self) -> str:
        return "cash"

    def score_text(self, value: int) -> str:
        return f"${value:,}" if value >= 0 else f"−${-value:,}"

    def css(self) -> str:
        return CSS


class App(Shell):
    """The whole page as one widget (the notebook's last line displays it)."""

    def __init__(self, pause: float | None = None):
        super().__init__(MegacquireParts(), pause=pause, autosave=True)

    @property
    def figure(self):
        """The board's FigureWidget (None before the first game)."""
        return self.board.figure
