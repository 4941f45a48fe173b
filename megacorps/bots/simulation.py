"""Playing ahead on a copy: a thin layer over the engine's rules for look-ahead and search.

`Sim` has the shape of the engine's fast simulator (`deciders`, `choices`, `card_plays`,
`step`, `copy`, `is_over`, `scores`, `state`): unchecked, in place, on a state of its own.
"""
from __future__ import annotations

from ..actions import PlayCard
from ..flow import apply_action, decisions, interruptions
from ..log import Step
from ..state import GameState


class Sim:
    """A game position to play ahead on (no legality checks: give it listed choices)."""

    __slots__ = ("state", "_decisions")

    def __init__(self, state: GameState):
        self.state = state
        self._decisions = None

    def _current(self) -> dict:
        if self._decisions is None:
            self._decisions = decisions(self.state)
        return self._decisions

    @property
    def deciders(self) -> list[str]:
        return list(self._current())

    def choices(self, corp: str) -> list:
        return self._current().get(corp, [])

    def card_plays(self, corp: str) -> list:
        return [a for a in interruptions(self.state, corp) if isinstance(a, PlayCard)]

    def step(self, action) -> None:
        apply_action(Step(self.state), action)
        self._decisions = None

    def copy(self) -> "Sim":
        return Sim(self.state.clone())

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    def scores(self) -> dict[str, int]:
        state = self.state
        return {c: state.money[c] for c in state.playing}
