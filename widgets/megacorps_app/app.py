"""The playable MegaCorps app: `App()` in a notebook served by Voila (notebooks/play.ipynb).

    from widgets.megacorps_app.app import App
    App()

`App` is the page shell with MegaCorps' parts, `Shell(MegaCorpsParts(), autosave=True)`
(widgets/shell/page.py, widgets/megacorps_app/parts.py), under a name of its own that also
exposes the parts' pieces the tests and the networked pages read (`table`, `session`, ...).

Layout: the header (status, Undo, Save, New / Load, Rules, About); the board with the corp
panels under it; a sidebar with "Resume", the new-game form, then the decision, the hand, a
card out of turn, and the log, money chart and rules; at the end the results and their charts.
The page adapts to the window (1024 x 700 to 1920 x 1080 and beyond): the board is drawn to
the width its column has (widgets/megacorps_app/browser.py reports it).
"""
from __future__ import annotations

import ipywidgets as W

import megacorps as mc

from ..shell.page import Shell
from .hot_seat import HotSeatTable
from .parts import MegaCorpsParts
from .table import Table


class App(Shell):
    """The whole app as one widget (the notebook's last line displays it)."""

    def __init__(self, pause: float | None = None, preview: mc.Game | None = None):
        """`preview`: the game the board is first drawn from (default: an empty board before the first game)."""
        super().__init__(MegaCorpsParts(preview), pause=pause, autosave=True)

    # --- the parts' pieces, by the names the tests read ------------------------------------------

    @property
    def source(self) -> HotSeatTable | None:
        """The table the widgets read (None before the first game)."""
        return self.parts.source

    session = source

    @property
    def table(self) -> Table:
        """The sidebar's table: decision, hand, card out of turn, log, chart and rules."""
        return self.parts.table

    @property
    def board_view(self):
        return self.parts.board_view

    @property
    def corp_panels(self) -> W.HTML:
        return self.parts.board_view.corp_panels

    @property
    def resume_list(self):
        return self.keeper.list

    @property
    def resume_box(self) -> W.VBox:
        return self.keeper.box

    @property
    def results_box(self) -> W.VBox:
        return self.results_panel.box

    @property
    def results_new(self) -> W.Button:
        """The results' "Play again" button."""
        return self.results_panel.again

    def board_click(self, target: str) -> None:
        self.parts.board_click(target)

    def open_topic(self, topic: str) -> None:
        """Show the rules at `topic` (from the Rules button, a log line, a help link)."""
        self.open_rules(topic)
