"""Computer players: a ladder of levels that explain their moves, and the driver every table
uses to let them play.

    import megacorps as mc
    game = mc.new_game(["Mokia", "Globbo", "Nonintendo", "Lenogo"], seed=1)
    bots = {corp: mc.bots.LEVELS["Greedy"](seed=i) for i, corp in enumerate(game.corps)}
    mc.bots.play_out(game, bots)

A bot is anything with `choose(game, corp) -> Action`. The ladder's bots also have
`decide(game, corp) -> Decision(action, reason)` and `interrupt(game, corp) -> Decision | None`
(an event card or a trade offer made unasked); `next_move(game, bots)` is the one driver step
(docs/bots.md).
"""
from __future__ import annotations

from .driver import next_move, play_out
from .greedy import GreedyBot, holdings_value
from .knowledge import card_plays, decision_choices
from .shrewd import ShrewdBot
from .search import MastermindBot
from .levels import LEVELS
from .protocol import BaseBot, Bot, Decision, decide, interrupt
from .random_bot import RandomBot

__all__ = ["BaseBot", "Bot", "Decision", "GreedyBot", "LEVELS", "MastermindBot", "RandomBot", "ShrewdBot", "card_plays", "decide",
           "decision_choices", "holdings_value", "interrupt", "next_move", "play_out"]
