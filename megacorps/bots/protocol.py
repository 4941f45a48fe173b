"""The bot protocol: what a computer player is, and the two calls every caller uses.

A bot needs only `choose(game, corp) -> Action`. The ladder's bots also give reasons and act
when they are not asked:

- `decide(game, corp) -> Decision(action, reason)`: the move for a decision `corp` must make,
  with a short reason in game terms (the app shows it in the log);
- `interrupt(game, corp) -> Decision | None`: something done unasked between two steps (an
  any-time event card, a trade offer); None when there is nothing worth doing.

`decide(bot, ...)` and `interrupt(bot, ...)` below accept any object with `choose`, so a
user's five-line bot plays in the app and the tournament like any level.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from ..actions import Action


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's move and why it made it (a short sentence in game terms; "" when unknown)."""

    action: Action
    reason: str = ""

    def __str__(self) -> str:
        return f"{self.action} ({self.reason})" if self.reason else str(self.action)


@runtime_checkable
class Bot(Protocol):
    """Anything that picks one of the legal actions for a corp."""

    def choose(self, game, corp: str) -> Action: ...


class BaseBot:
    """What the ladder's bots share: a name and a one-line description for the app, a seeded
    random generator (the same seed and the same view give the same choices), `choose` from
    `decide`, and no interruptions unless a level adds them."""

    name = "Bot"
    description = ""

    def __init__(self, seed: int | None = None):
        self.seed = seed
        self.rng = random.Random(seed)

    def decide(self, game, corp: str) -> Decision:  # pragma: no cover - every level overrides
        raise NotImplementedError

    def choose(self, game, corp: str) -> Action:
        return self.decide(game, corp).action

    def interrupt(self, game, corp: str) -> Decision | None:
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r})"


def decide(bot, game, corp: str) -> Decision:
    """`bot`'s move for `corp`'s pending decision, with its reason ("" for a bot that only has
    `choose`)."""
    method = getattr(bot, "decide", None)
    if method is not None:
        decision = method(game, corp)
        if isinstance(decision, Decision):
            return decision
        return Decision(decision, "")  # a user's decide that returns a bare action
    return Decision(bot.choose(game, corp), "")


def interrupt(bot, game, corp: str) -> Decision | None:
    """What `bot` does unasked for `corp` right now (None: nothing, or a bot without
    `interrupt`)."""
    method = getattr(bot, "interrupt", None)
    if method is None:
        return None
    decision = method(game, corp)
    if decision is None or isinstance(decision, Decision):
        return decision
    return Decision(decision, "")
