"""Saboteur: attacks the richest rival where it expects that rival's money to be (where it
invested last quarter), spending enough to cancel that investment, and invests the rest."""
from __future__ import annotations

import math

from ..allocations import Allocate
from ..view import SeatView
from .base import Decision, NotecardBot, entry_free, listing, predicted_investments, richest_rival, split


def sabotage_plan(view: SeatView, target: str, budget: int) -> dict[str, int]:
    """Sabotage of `target`'s likeliest industries, biggest first: half the predicted investment
    in each (which cancels it), while `budget` lasts."""
    plan: dict[str, int] = {}
    predicted = predicted_investments(view, target)
    for industry, amount in sorted(predicted.items(), key=lambda kv: (-kv[1], kv[0])):
        need = math.ceil(amount / 2)
        if need <= 0 or budget <= 0:
            break
        plan[industry] = min(need, budget)
        budget -= plan[industry]
    return plan


class SaboteurBot(NotecardBot):
    name = "Saboteur"
    description = "the saboteur: spends up to 40% of its money cancelling the richest rival's investments"

    aggression = 0.4

    def plan(self, view: SeatView) -> Decision:
        corp = view.corp
        have = view.money[corp]
        target = richest_rival(view, corp, self.rng)
        budget = int(have * self.aggression) if target else 0
        hits = sabotage_plan(view, target, budget) if target else {}
        left = have - sum(hits.values()) - 1  # keep $1M: never bankrupt by its own hand
        industries = entry_free(view, corp) or list(view.industries)
        if view.options.variable_industries and not entry_free(view, corp):
            left -= len(industries)
        invest = split(max(0, left), {i: 1.0 for i in industries})
        card = Allocate(corp, invest, {(target, i): a for i, a in hits.items()})
        if hits:
            reason = (f"goes after {target}, the richest rival: sabotages {listing(hits)}, enough to cancel "
                      f"what {target} is expected to put there; invests {listing(invest)}")
        else:
            reason = f"nothing worth sabotaging: invests {listing(invest)}"
        return Decision(card, reason)
