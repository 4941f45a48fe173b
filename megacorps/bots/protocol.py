"""The bot protocol: the kit's (`megacorps.kit.bots`), shared by every game of the project.

A bot needs only `choose(game, corp) -> Action`; the ladder's bots also `decide` (a move and a
reason in game terms) and `interrupt` (act unasked between steps). See megacorps/kit/bots.py.
"""
from __future__ import annotations

from ..kit.bots import BaseBot, Bot, Decision, decide, interrupt

__all__ = ["BaseBot", "Bot", "Decision", "decide", "interrupt"]
