"""The playable page of Megacorp, the trading card game: `App()` in a notebook served by Voila
(notebooks/tcg/play.ipynb).

    from widgets.tcg.app import App
    App()

The page is the kit's page shell (widgets/shell/: header, new-game form, hot-seat gate, bots,
save/load, undo, log with rules links, since-your-last-turn, results) with the trading card
game's parts: the board (both networks as grids, the hand, the market piles and the rules stack:
board.py), the decision panels with the engine's previews (panels.py), the rules help in our
own words (rules.py) and the deck chooser of each seat (deck_chooser.py). Every card shown is a
sample card, not an official one: the page says so under the board and on every card's tooltip.
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from megacorps import tcg
from megacorps.kit.bots import Decision
from widgets.shell import HUMAN, GameParts, Shell

from .board import TcgBoard
from .deck_chooser import DeckChooser
from .panels import decision_panel, players_html
from .rules import SAMPLE_NOTE, rules_help

__all__ = ["App", "HUMAN", "TcgOptions", "TcgParts"]

CSS = """<style>
.tcg-app .shell-sidebar { width: 350px; }
.tcg-board { font-size: 12px; }
.tcg-net-title, .tcg-pile-title { font-weight: bold; margin: 3px 0 1px 0; }
.tcg-app .widget-button.tcg-card, .tcg-app .widget-button.tcg-slot-choice {
    white-space: pre-line; font-size: 10.5px; line-height: 1.2; padding: 2px 3px; text-align: left;
    background: #FFFFFF; border: 1px solid #888888; border-radius: 4px; min-height: 80px;
    width: 104px; overflow: hidden; box-shadow: none; }
.tcg-app .tcg-hand .widget-button.tcg-card, .tcg-app .tcg-market .widget-button.tcg-card { margin: 1px; }
.tcg-app .widget-button.tcg-type-company { border: 2px solid #B8860B; background: #FFF8E1; }
.tcg-app .widget-button.tcg-founder { border: 3px double #B8860B; background: #FFFDF3; }
.tcg-app .widget-button.tcg-type-event { background: #F3ECFA; }
.tcg-app .widget-button.tcg-type-location, .tcg-app .widget-button.tcg-type-equipment { background: #EEF5EE; }
.tcg-app .widget-button.tcg-engaged { background: #DDDDDD; color: #555555; font-style: italic; }
.tcg-app .widget-button.tcg-orphan { border: 2px dashed #C00000; }
.tcg-app .widget-button.tcg-damaged { color: #A00000; }
.tcg-app .widget-button.tcg-can-act { border-left: 5px solid #009E73; }
.tcg-app .widget-button.tcg-selected { outline: 3px solid #0072B2; }
.tcg-app .widget-button.tcg-target { border: 3px solid #E69F00; }
.tcg-app .widget-button.tcg-target-chosen { border: 3px solid #D55E00; background: #FFE8D6; }
.tcg-app .widget-button.tcg-in-zone { outline: 3px dashed #E69F00; outline-offset: 1px; }
.tcg-app .widget-button.tcg-struck { background: #FFE8D6; }
.tcg-app .widget-button.tcg-attacking { box-shadow: 0 0 0 3px #7B3F00; }
.tcg-app .widget-button.tcg-under-attack { box-shadow: 0 0 0 3px #D55E00; }
.tcg-app .tcg-zone-cell { outline: 3px dashed #E69F00; outline-offset: -3px; color: #B06000; font-size: 11px;
    text-align: center; padding-top: 30px; }
.tcg-app .widget-button.tcg-slot-choice { border: 2px dashed #009E73; background: #EAF7F1; color: #006644;
    text-align: center; }
.tcg-stack { background: #F3ECFA; border-left: 4px solid #7B3F99; padding: 0 6px; font-size: 12px; }
.tcg-stack:empty { display: none; }
.tcg-stack ol { margin: 2px 0 4px 0; padding-left: 20px; }
.tcg-combat { font-weight: bold; color: #7B3F00; }
.tcg-preview { font-size: 11px; color: #333333; margin: 0 0 4px 4px; }
.tcg-hint { font-size: 11px; color: #555555; }
.tcg-panel-title { font-weight: bold; margin-top: 4px; }
.tcg-hidden-hand { color: #555555; margin: 3px 0; }
.tcg-sample-note { font-size: 10.5px; color: #7A4A00; margin-top: 2px; }
.tcg-phase { font-weight: bold; }
.tcg-deck-message, .tcg-error { font-size: 12px; }
.tcg-error { color: #A00000; font-weight: bold; }
.tcg-deck-ok { color: #225522; }
.tcg-glossary dt { font-weight: bold; } .tcg-glossary dd { margin: 0 0 3px 12px; }
.tcg-app .widget-button.tcg-bid { min-width: 40px; }
.tcg-players td:nth-child(3) { white-space: nowrap; font-size: 11px; }
</style>"""


class TcgOptions:
    """The set-up choices of the form: each seat's deck (a sample decklist or your own file)."""

    def __init__(self):
        self.choosers = [DeckChooser("incarnes"), DeckChooser("gnosts")]
        rows = [W.VBox([W.HTML(f"<b>Deck of seat {i + 1}</b>"), c.widget], layout=W.Layout(width="172px"))
                for i, c in enumerate(self.choosers)]
        note = W.HTML(f"<div class='tcg-sample-note'>{escape(SAMPLE_NOTE)} A deck file lists card ids of "
                      "that pool (docs/tcg.md).</div>")
        self.widget = W.VBox([W.HBox(rows), note])
        self.widget.add_class("tcg-decks")

    def values(self) -> dict:
        """{"decks": [seat 1's, seat 2's]}; ValueError when a seat's own deck file is missing or bad."""
        decks = []
        for i, chooser in enumerate(self.choosers):
            try:
                decks.append(chooser.value())
            except ValueError as err:
                raise ValueError(f"Deck of seat {i + 1}: {err}") from None
        return {"decks": decks}

    def wire_uploads(self, bridge, guard) -> None:
        """Each seat's deck file comes through the page's bridge (checked for size in the browser)."""
        for i, chooser in enumerate(self.choosers):
            chooser.wire(bridge, f"deck-{i + 1}", guard)


class TcgParts(GameParts):
    """The trading card game's board, panels, rules help and deck choosers for the shell."""

    prefix = "tcg"
    round_word = "Turn"   # the log's entries count the turns (L363-367)

    def __init__(self):
        super().__init__("tcg")
        self._auto_game = None               # the game the automatic passes below were asked in
        self._auto_pass: set[str] = set()

    # --- the automatic pass: asked once, remembered for the game --------------------------------
    def auto_pass(self, shell) -> set[str]:
        """The seats whose player asked the page to pass for them when they have nothing to play,
        in the game under way (a new or loaded game starts with none)."""
        if self._auto_game is not shell.game:
            self._auto_game, self._auto_pass = shell.game, set()
        return self._auto_pass

    def set_auto_pass(self, shell, seat: str, on: bool) -> None:
        seats = self.auto_pass(shell)
        if on:
            seats.add(seat)
        else:
            seats.discard(seat)
        shell.run_bots()                     # passes at once when there is nothing to play now

    def standing_move(self, shell, seat: str):
        if seat in self.auto_pass(shell) and shell.game.nothing_to_play(seat):
            # no reason in the log: "nothing to play" would tell the other seat about this hand
            return Decision(tcg.Pass(seat), "")
        return None

    def board(self, shell) -> TcgBoard:
        self.table = TcgBoard()
        return self.table

    def decision(self, shell, seat: str, legal: list) -> list[W.Widget]:
        return decision_panel(shell, self.table, seat, legal)

    def players(self, shell, seat: str | None) -> str:
        return players_html(shell, seat)

    def rules(self):
        return rules_help()

    def options_form(self) -> TcgOptions:
        return TcgOptions()

    def welcome(self) -> str:
        return ("Megacorp, the trading card game: two companies build networks of cards, buy, attack "
                "and answer each other on the rules stack. Choose the players and their decks on the "
                f"right and press <b>Start game</b>, or load a saved game.<br><i>{escape(SAMPLE_NOTE)}</i>")

    def about(self) -> str:
        return ("<p><b>Megacorp</b>, the trading card game: two companies build networks of cards, buy, "
                "attack and answer each other on the rules stack. Two players, each a person or a "
                "computer player.</p>"
                "<p><b>Rebuilt by this project</b>: the French rules we play from explain the game but give "
                f"only a few cards. {escape(SAMPLE_NOTE)} Where the text contradicts itself, the table "
                "follows a ruling written down in the project's documentation.</p>")

    def save_summary(self, game) -> dict:
        view = game.view(None)
        return {"turn": view.turn, "money": {x: p.money for x, p in view.players.items()}, "over": view.over}

    def save_name(self, game) -> str:
        return f"tcg-turn-{game.state.turn}.json"

    def score_label(self) -> str:
        return "won"

    def css(self) -> str:
        return CSS


def App(pause: float | None = None) -> Shell:
    """The page: the shell with the trading card game's parts."""
    return Shell(TcgParts(), pause=pause, autosave=True)
