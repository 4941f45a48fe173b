"""The one driver step every table uses (`play_out`, the app, the table service, the
tournament): who among the bots moves now, and what it does.

Between two steps any corp may act unasked (an any-time event card, a trade offer), so before
the deciders are asked, every bot gets the chance to interrupt, clockwise from the corp whose
decision is under way. Then the first bot among the deciders decides. When only humans are
left to decide, `next_move` returns None and the table waits for them.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

from .protocol import Decision, decide, interrupt


def _interrupt_order(game, bots: Mapping[str, object]) -> list[str]:
    state = game.state
    deciders = game.deciders
    first = deciders[0] if deciders else state.active
    if first not in state.corps:
        first = state.active
    return [c for c in state.corps_from(first) if c in bots]


def next_move(game, bots: Mapping[str, object]) -> tuple[str, Decision] | None:
    """The next bot move: `(corp, Decision)` for a bot's interruption or for a bot that must
    decide now, or None when the game is over or only humans must decide. The caller applies
    `decision.action` (and may show `decision.reason`)."""
    if game.is_over:
        return None
    for corp in _interrupt_order(game, bots):
        if not game.may_offer_trades(corp) and not game.interruptions(corp):
            continue
        unasked = interrupt(bots[corp], game, corp)
        if unasked is not None:
            return corp, unasked
    for corp in game.deciders:
        if corp in bots:
            return corp, decide(bots[corp], game, corp)
    return None


def play_out(game, bots: Mapping[str, object], max_steps: int = 100_000,
             on_move: Callable[[str, Decision], None] | None = None):
    """Let `bots` (corp -> bot, one for every corp still deciding) play `game` to the end and
    return the same game. `on_move(corp, decision)` is called before each move is applied.
    Raises ValueError when a corp without a bot must decide."""
    for _ in range(max_steps):
        move = next_move(game, bots)
        if move is None:
            if game.is_over:
                return game
            missing = [c for c in game.deciders if c not in bots]
            raise ValueError(f"no bot plays {', '.join(missing)}, who must decide now: {game.decision}")
        corp, decision = move
        if on_move is not None:
            on_move(corp, decision)
        game.apply(decision.action)
    raise RuntimeError(f"the game did not end within {max_steps} steps")
