"""Computer players for Megacorp, the note-card game: one module per personality.

Each bot follows the project's bot protocol (megacorps.bots.protocol, shared with MegaCorps):
built as `cls(seed=...)`, with class attributes `name` and `description`, `choose(game, corp)
-> Allocate` and `decide(game, corp) -> Decision(action, reason)`. They read only
`game.view(corp)`: what that corporation may see. `next_move` and `play_out` are the kit's
driver, shared by every game (nobody acts unasked between two note cards here).
"""
from __future__ import annotations

from .balanced import BalancedBot
from ...kit import bots as kit_bots
from ...kit.bots import Decision, decide
from .base import NotecardBot
from .cautious import CautiousBot
from .odds import OddsBot
from .plans import PLANS, AllInOnePlan, AllInSpreadPlan, FifthBackPlan, ThirdOnLeaderPlan
from .random_bot import RandomBot, random_card
from .saboteur import SaboteurBot

# name -> class, weakest first: by the five-way tournament in docs/notecard.md (the ladder is not a
# straight line: head to head, the Saboteur beats the Cautious investor every time)
LEVELS: dict[str, type[NotecardBot]] = {
    "Random": RandomBot,
    "Saboteur": SaboteurBot,
    "Cautious": CautiousBot,
    "Balanced": BalancedBot,
    "Odds": OddsBot,
}


def next_move(game, bots: dict) -> tuple[str, Decision] | None:
    """The next bot-held corporation still to write its note card, with its decision; None when
    only humans are left to decide (or the game is over): the kit's driver, shared by every game."""
    return kit_bots.next_move(game, bots)


def play_out(game, bots: dict, max_steps: int = 100_000):
    """Let `bots` (one per corporation) play `game` to the end; returns the same game (the kit's
    driver). Raises ValueError when a corporation without a bot must decide."""
    return kit_bots.play_out(game, bots, max_steps=max_steps)


__all__ = ["AllInOnePlan", "AllInSpreadPlan", "FifthBackPlan", "PLANS", "ThirdOnLeaderPlan", "BalancedBot", "CautiousBot", "Decision", "LEVELS", "NotecardBot", "OddsBot", "RandomBot",
           "SaboteurBot", "decide", "next_move", "play_out", "random_card"]
