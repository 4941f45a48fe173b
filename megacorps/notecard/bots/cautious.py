"""Cautious investor: never sabotages, never risks everything. It keeps a reserve, so that it
can never go bankrupt, and spreads the rest evenly over the industries it is already in, so
that no single sabotage can hurt it much."""
from __future__ import annotations

from ..allocations import Allocate
from ..view import SeatView
from .base import Decision, NotecardBot, entry_free, listing, split


class CautiousBot(NotecardBot):
    name = "Cautious"
    description = "the cautious investor: keeps a reserve, spreads its money, never sabotages"

    reserve_share = 0.2

    def plan(self, view: SeatView) -> Decision:
        corp = view.corp
        have = view.money[corp]
        reserve = max(1, round(have * self.reserve_share))
        industries = entry_free(view, corp) or list(view.industries)
        budget = max(0, have - reserve)
        if view.options.variable_industries and not entry_free(view, corp):
            budget = max(0, budget - len(industries))  # it lost its entries: pay them again
        invest = split(budget, {i: 1.0 for i in industries})
        reason = (f"keeps ${have - sum(invest.values()) - _entries(view, corp, invest):,}M in reserve, so it can never go "
                  f"bankrupt, and spreads the rest: {listing(invest)}")
        return Decision(Allocate(corp, invest), reason)


def _entries(view: SeatView, corp: str, invest: dict[str, int]) -> int:
    free = set(entry_free(view, corp))
    return sum(1 for i in invest if i not in free)
