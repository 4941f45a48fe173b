"""Random: any legal note card, picked at random (a yardstick for the others, and the tests'
source of varied play)."""
from __future__ import annotations

import random

from ..allocations import Allocate
from ..view import SeatView
from .base import Decision, NotecardBot, entry_free


def random_card(view: SeatView, rng: random.Random) -> Allocate:
    """A random legal note card for the view's corporation: a random share of its money spread
    over random industries (new ones too, with Variable Industries), and now and then sabotage
    of a random rival's random industry."""
    corp = view.corp
    budget = rng.randint(0, view.money[corp])
    free = set(entry_free(view, corp))
    invest: dict[str, int] = {}
    sabotage: dict[tuple[str, str], int] = {}
    rivals = [c for c in view.solvent if c != corp]
    while budget > 0:
        amount = rng.randint(1, budget)
        if rivals and rng.random() < 0.25:
            key = (rng.choice(rivals), rng.choice(view.industries))
            sabotage[key] = sabotage.get(key, 0) + amount
            budget -= amount
            continue
        industry = rng.choice(view.pool if rng.random() < 0.2 else sorted(free or view.industries))
        if industry not in free and industry not in invest:
            if amount + 1 > budget:
                break
            budget -= 1  # Variable Industries: the cost of entry
        invest[industry] = invest.get(industry, 0) + amount
        budget -= amount
    return Allocate(corp, invest, sabotage)


class RandomBot(NotecardBot):
    name = "Random"
    description = "writes any legal note card at random: a yardstick, not an opponent"

    def plan(self, view: SeatView) -> Decision:
        card = random_card(view, self.rng)
        return Decision(card, "picks its note card at random")
