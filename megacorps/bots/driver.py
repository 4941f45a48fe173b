"""The one driver step every table uses: the kit's (`megacorps.kit.bots`), shared by every game.
Kept here so that `mc.bots.next_move` and `mc.bots.play_out` read as before."""
from __future__ import annotations

from ..kit.bots import next_move, play_out

__all__ = ["next_move", "play_out"]
