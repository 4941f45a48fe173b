"""Tables held by the table service (`python -m tableserver`): play from a notebook.

    import megacorps as mc
    seat = mc.tables.connect("http://127.0.0.1:8765", "abcde-fghjk-mnpqr-stuvw")
    # or a pasted seat link: mc.tables.connect(link, service="http://127.0.0.1:8765")
    seat.view()              # what your corp may see
    seat.legal_actions()     # your choices now
    seat.apply(seat.legal_actions()[0])
    seat.wait_for_turn()     # blocks until you must decide (or the game ends)

    # the host opens tables; the same seed deals every group the same game
    inv = mc.tables.open_table("http://127.0.0.1:8765", {"Mokia": "Human", "Globbo": "Greedy",
                                                         "Lenogo": "Human"}, seed=2026)

Only the standard library is used here; the service itself is in the `tableserver` package.
"""
from __future__ import annotations

from .client import (MAX_SEED, Invitation, RemoteSeat, Spectator, TableError, TableMoved, connect,
                     open_table, watch)

__all__ = ["MAX_SEED", "Invitation", "RemoteSeat", "Spectator", "TableError", "TableMoved", "connect",
           "open_table", "watch"]
