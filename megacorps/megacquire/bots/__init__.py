"""Computer players for MEGAcquire, one module per level, behind the project's bot protocol
(megacorps.bots.protocol): built as `cls(seed=...)`, with `name`, `description`,
`decide(game, seat) -> Decision(action, reason)` and `choose`. They read only what their seat
may see: `game.view(seat)`, `game.legal_actions(seat)` and the public options (board,
companies, chart); the search samples the hidden tiles and holdings from that view.
"""
from __future__ import annotations

from ...bots.protocol import Decision, decide
from .base import MegacquireBot, sampled_state, worth
from .heuristic import HeuristicBot
from .random_bot import RandomBot
from .search import SearchBot

# name -> class, weakest first (docs/megacquire.md reports the measurements)
LEVELS: dict[str, type[MegacquireBot]] = {
    "Random": RandomBot,
    "Tycoon": HeuristicBot,
    "Oracle": SearchBot,
}


def next_move(game, bots: dict) -> tuple[str, Decision] | None:
    """The seat that must decide now, if a bot holds it, with the bot's decision; None when a
    human must decide (or the game is over)."""
    for seat in game.deciders:
        if seat in bots:
            return seat, decide(bots[seat], game, seat)
    return None


def play_out(game, bots: dict, max_steps: int = 100_000):
    """Let `bots` (one per seat) play `game` to the end; returns the same game."""
    for _ in range(max_steps):
        if game.is_over:
            return game
        step = next_move(game, bots)
        if step is None:
            raise RuntimeError(f"no bot for {', '.join(game.deciders)}")
        game.apply(step[1].action)
    raise RuntimeError("the game did not end")


__all__ = ["Decision", "HeuristicBot", "LEVELS", "MegacquireBot", "RandomBot", "SearchBot", "next_move",
           "play_out", "sampled_state", "worth"]
