"""Random: any legal action, a little more often doing something than passing (a yardstick)."""
from __future__ import annotations

from ...bots.protocol import BaseBot, Decision
from ..actions import Pass


class RandomBot(BaseBot):
    name = "Random"
    description = "picks any legal action at random: a yardstick, not an opponent"

    def decide(self, game, seat: str) -> Decision:
        actions = game.legal_actions(seat)
        busy = [a for a in actions if not isinstance(a, Pass)]
        if busy and self.rng.random() < 0.5:   # no count of the choices in the reason: it would tell the hand
            return Decision(self.rng.choice(busy), "does something at random rather than pass")
        action = self.rng.choice(actions)
        return Decision(action, "picks at random" if not isinstance(action, Pass) else "passes at random")
