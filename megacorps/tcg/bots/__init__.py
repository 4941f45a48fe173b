"""Computer players for the trading card game. Each decides from what its seat may see
(`game.view(seat)`, with the legal actions and the public card pool), never from the true hidden
state, and gives its reason in game terms. LEVELS: name -> class, weakest first."""
from __future__ import annotations

from ...bots.protocol import Decision
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .sampler import SamplerBot

LEVELS = {"Random": RandomBot, "Heuristic": HeuristicBot, "Sampler": SamplerBot}


def play_out(game, bots: dict, max_steps: int = 100_000):
    """Let `bots` (seat -> bot) play `game` to the end; returns the game."""
    for _ in range(max_steps):
        if game.is_over:
            return game
        seat = game.deciders[0]
        game.apply(bots[seat].decide(game, seat).action)
    raise RuntimeError("the game did not end")


__all__ = ["Decision", "HeuristicBot", "LEVELS", "RandomBot", "SamplerBot", "play_out"]
