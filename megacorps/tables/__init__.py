"""Tables held by the table service (`python -m tableserver`): play from a notebook.

    import megacorps as mc
    seat = mc.tables.connect("http://127.0.0.1:8765", "abcde-fghjk-mnpqr-stuvw")
    # or a pasted seat link: mc.tables.connect(link, service="http://127.0.0.1:8765")
    seat.view()              # what your corp may see
    seat.legal_actions()     # your choices now
    seat.apply(seat.legal_actions()[0])
    seat.wait_for_turn()     # blocks until you must decide (or the game ends)

Only the standard library is used here; the service itself is in the `tableserver` package.
"""
from __future__ import annotations

from .client import (Invitation, RemoteSeat, Spectator, TableError, TableMoved, connect,
                     open_table, watch)

__all__ = ["Invitation", "RemoteSeat", "Spectator", "TableError", "TableMoved", "connect",
           "open_table", "watch"]
