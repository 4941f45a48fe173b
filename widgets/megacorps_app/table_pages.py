"""MegaCorps' seat page at a networked table: the hot-seat page's own shell and parts
(widgets/megacorps_app/parts.py) on one seat of a table held by the table service, as every
other game's seat page is (widgets/networked/shell_pages.py `TableShell`).

The page's kernel never holds the table's `mc.Game`: the shell reads a `RemoteGame` (who decides,
the log, the results) and MegaCorps' board and table read a `RemoteTable` (widgets/networked/remote.py:
this seat's view and choices, the public table, each action's public record), both from what the
service last sent. The service moves the bots; a move sent is a move made (no undo), and there is
nothing hidden to save. The projector is `SpectatorPage` (widgets/networked/pages.py).
"""
from __future__ import annotations

from megacorps.tables import RemoteSeat

from ..networked.remote import RemoteTable
from ..networked.shell_pages import RemoteGame, ShellTablePage, TableShell, tagline
from .parts import MegaCorpsParts

SEAT_ABOUT = """
<div class='mc-about'>
<div class='mc-panel-title'>About this table</div>
<p>This game is held by a <b>table service</b>: every player sits at their own screen and sees only
their own corp's hand and decisions; bots play the empty seats; the projector shows the public
board. Your link is your seat: reopen it after a reload or a lost connection and you are back
where you were. A move sent is a move made (there is no undo at a shared table).</p>
<p><b>MegaCorps</b> is Greg Costikyan's game of corporate domination (Z-Man Games). The board and
the event deck used here are a reconstruction; see the project's README.</p>
</div>
"""


class SeatPage(ShellTablePage):
    """One seat's page: MegaCorps' page (its board, decision, hand, card out of turn, log, money
    chart and rules) showing this seat of the table, kept up to date by the service's pushes."""

    def __init__(self, seat: RemoteSeat):
        remote = RemoteTable(seat)
        # the board built once, from the table's position (not an empty board updated later: an
        # update made before the browser has drawn the page can be lost under Voila, toolchain.md)
        parts = MegaCorpsParts(preview=remote.public_game(), remote=remote, about=SEAT_ABOUT)
        super().__init__(seat, TableShell(parts, RemoteGame(seat), tagline(seat, f"you play {seat.corp}")), "mc-seat-page")
