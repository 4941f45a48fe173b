"""MEGAcquire at a table held by the table service: a seat's page and the projector's.

Both are MEGAcquire's own page (widgets/megacquire/app.py: its board, decision buttons with
the engine's previews, players' table, log and results) showing a `RemoteGame`: the few parts
of an engine game the page reads, answered from what the service sent this kernel. A seat's
kernel holds its own view (its tiles, and of the others what the table's stock-disclosure
method shows), its legal choices with their previews and the public view; a projector's only
the public view. Never another seat's tiles, the supply's order or the seed. The service runs
the bots and checks every action; what every game on the page shell shares at a table (the
remote game, the shell without its hot-seat tools, the page following the push stream) is in
widgets/networked/shell_pages.py.
"""
from __future__ import annotations

import urllib.parse

from megacorps import kit
from megacorps import megacquire as mq
from megacorps.tables.client import _request

from ..networked import shell_pages
from ..networked.shell_pages import ShellTablePage, TableShell, tagline
from .app import App, MegacquireParts


def table_options(follower) -> mq.Options:
    """The options the table was set up with (public: disclosure, board, companies, chart)."""
    setup = _request(f"{follower.url}/api/tables/{urllib.parse.quote(follower.table)}/setup")
    return kit.get("megacquire").options(setup["options"])


class RemoteGame(shell_pages.RemoteGame):
    """A MEGAcquire game at a networked table, as one seat (or the projector) sees it; the board
    reads the table's options (its geometry, companies and chart)."""

    def __init__(self, follower, options: mq.Options):
        super().__init__(follower)
        self.options = options


class TableApp(TableShell):
    """MEGAcquire's page on a `RemoteGame`: one seat at its own screen, or the projector."""

    figure = App.figure

    def __init__(self, game: RemoteGame, line: str):
        super().__init__(MegacquireParts(), game, line)


def _app(follower, who: str) -> TableApp:
    return TableApp(RemoteGame(follower, table_options(follower)), tagline(follower, who))


class MegacquireSeatPage(ShellTablePage):
    """One player's page at a networked table: their tiles (nobody else's), their decision as
    buttons and clicks on the board, and the others as the disclosure method shows them."""

    def __init__(self, seat):
        super().__init__(seat, _app(seat, f"you play {seat.corp}"), "mq-table-page")


class MegacquireSpectatorPage(ShellTablePage):
    """The projector: the board, the companies, the players as the disclosure method shows them
    to everyone, the decision under way and the log; no tiles of anyone."""

    def __init__(self, watcher):
        super().__init__(watcher, _app(watcher, "projector"), "mq-table-page")
