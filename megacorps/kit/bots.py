"""The bot protocol and the one driver every game's bots run through (the app, the table
service, the tournament, `play_out`).

A bot needs only `choose(game, seat) -> action`. The ladders' bots also give reasons and act
when they are not asked:

- `decide(game, seat) -> Decision(action, reason)`: the move for a decision `seat` must make,
  with a short reason in game terms (the pages show it in the log);
- `interrupt(game, seat) -> Decision | None`: something done unasked between two steps (an
  any-time event card, a trade offer); None when there is nothing worth doing.

Bots decide from what their seat may see (`game.view(seat)`, `game.legal_actions(seat)`); a
searching bot samples what it cannot see from that view (tested per game). `decide(bot, ...)`
and `interrupt(bot, ...)` accept any object with `choose`, so a user's five-line bot plays in
the apps and the tournament like any level.

The driver: between two steps a seat may act unasked (`Game.may_act_unasked`), so before the
deciders are asked, every bot that may gets the chance to interrupt, clockwise from the seat
whose decision is under way (`Game.turn_order`). Then the first bot among the deciders decides.
When only humans are left to decide, `next_move` returns None and the table waits for them.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's move and why it made it (a short sentence in game terms; "" when unknown)."""

    action: Any
    reason: str = ""

    def __str__(self) -> str:
        return f"{self.action} ({self.reason})" if self.reason else str(self.action)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions for a seat."""

    def choose(self, game, seat: str) -> Any: ...


class BaseBot:
    """What the ladders' bots share: a name and a one-line description for the apps, a seeded
    random generator (the same seed and the same view give the same choices), `choose` from
    `decide`, and no interruptions unless a level adds them."""

    name = "Bot"
    description = ""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def decide(self, game, seat: str) -> Decision:  # pragma: no cover - every level overrides
        raise NotImplementedError

    def choose(self, game, seat: str):
        return self.decide(game, seat).action

    def interrupt(self, game, seat: str) -> Decision | None:
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


def decide(bot, game, seat: str) -> Decision:
    """`bot`'s move for `seat`'s pending decision, with its reason ("" for a bot that only has
    `choose`)."""
    method = getattr(bot, "decide", None)
    if method is not None:
        decision = method(game, seat)
        if isinstance(decision, Decision):
            return decision
        return Decision(decision, "")  # a user's decide that returns a bare action
    return Decision(bot.choose(game, seat), "")


def interrupt(bot, game, seat: str) -> Decision | None:
    """What `bot` does unasked for `seat` right now (None: nothing, or a bot without
    `interrupt`)."""
    method = getattr(bot, "interrupt", None)
    if method is None:
        return None
    decision = method(game, seat)
    if decision is None or isinstance(decision, Decision):
        return decision
    return Decision(decision, "")


def next_move(game, bots: Mapping[str, object]) -> tuple[str, Decision] | None:
    """The next bot move: `(seat, Decision)` for a bot's interruption or for a bot that must
    decide now, or None when the game is over or only humans must decide. The caller applies
    `decision.action` (and may show `decision.reason`)."""
    if game.is_over:
        return None
    for seat in game.turn_order:
        if seat not in bots or not game.may_act_unasked(seat):
            continue
        unasked = interrupt(bots[seat], game, seat)
        if unasked is not None:
            return seat, unasked
    for seat in game.deciders:
        if seat in bots:
            return seat, decide(bots[seat], game, seat)
    return None


def play_out(game, bots: Mapping[str, object], max_steps: int = 100_000,
             on_move: Callable[[str, Decision], None] | None = None):
    """Let `bots` (seat -> bot, one for every seat still deciding) play `game` to the end and
    return the same game. `on_move(seat, decision)` is called before each move is applied.
    Raises ValueError when a seat without a bot must decide."""
    for _ in range(max_steps):
        move = next_move(game, bots)
        if move is None:
            if game.is_over:
                return game
            missing = [c for c in game.deciders if c not in bots]
            raise ValueError(f"no bot plays {', '.join(missing)}, who must decide now: {game.decision}")
        seat, decision = move
        if on_move is not None:
            on_move(seat, decision)
        game.apply(decision.action)
    raise RuntimeError(f"the game did not end within {max_steps} steps")
