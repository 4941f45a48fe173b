"""Random: any legal action, picked at random (a yardstick for the others, and the tests'
source of varied play). It never proposes an early end, and votes at random."""
from __future__ import annotations

from ..actions import ProposeEnd
from .base import Decision, MegacquireBot


class RandomBot(MegacquireBot):
    name = "Random"
    description = "picks any legal move at random: a yardstick, not an opponent"

    def plan(self, view, legal, options) -> Decision:
        choices = [a for a in legal if not isinstance(a, ProposeEnd)] or legal
        return Decision(self.rng.choice(choices), "picked at random among the legal moves")
