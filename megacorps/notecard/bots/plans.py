"""Plain plans: players that follow one fixed rule every quarter, whatever the table does (issue 26).
They are not levels of the ladder but exploit players, the yardsticks the bots are measured
against: a bot that a plan this simple beats is not much of an opponent.

- All-in one: all its money into one industry (the same one every quarter), never sabotages.
- All-in spread: all its money spread evenly over its industries, never sabotages.
- Third on the leader: a third of its money sabotaging the richest rival where that rival
  invested last quarter, the rest spread evenly; keeps nothing back.
- Fifth back: never sabotages, keeps a fifth of its money back, spreads the rest (the Cautious
  investor's habit).
"""
from __future__ import annotations

from ..allocations import Allocate
from ..view import SeatView
from .base import Decision, NotecardBot, entry_free, listing, richest_rival, split
from .cautious import CautiousBot
from .saboteur import sabotage_plan


def _industries(view: SeatView) -> list[str]:
    return entry_free(view, view.corp) or list(view.industries)


class AllInOnePlan(NotecardBot):
    name = "All-in one"
    description = "a plain plan: all its money into one industry, the same every quarter; never sabotages"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self._industry: str | None = None   # chosen at random in its first quarter, then kept

    def plan(self, view: SeatView) -> Decision:
        corp = view.corp
        free = _industries(view)
        if self._industry not in free:
            self._industry = self.rng.choice(sorted(free))
        have = view.money[corp]
        entry = 1 if view.options.variable_industries and self._industry not in entry_free(view, corp) else 0
        invest = {self._industry: have - entry} if have > entry else {}
        return Decision(Allocate(corp, invest), f"all in: {listing(invest)}")


class AllInSpreadPlan(NotecardBot):
    name = "All-in spread"
    description = "a plain plan: all its money spread evenly over its industries; never sabotages"

    def plan(self, view: SeatView) -> Decision:
        corp = view.corp
        invest = split(view.money[corp], {i: 1.0 for i in _industries(view)})
        return Decision(Allocate(corp, invest), f"all in, spread: {listing(invest)}")


class ThirdOnLeaderPlan(NotecardBot):
    name = "Third on the leader"
    description = "a plain plan: a third of its money sabotaging the richest rival, the rest invested evenly"

    def plan(self, view: SeatView) -> Decision:
        corp = view.corp
        have = view.money[corp]
        leader = richest_rival(view, corp, self.rng)
        hits = sabotage_plan(view, leader, have // 3) if leader else {}
        invest = split(have - sum(hits.values()), {i: 1.0 for i in _industries(view)})
        card = Allocate(corp, invest, {(leader, i): a for i, a in hits.items()})
        return Decision(card, f"sabotages {leader}'s {listing(hits)}; invests {listing(invest)}")


class FifthBackPlan(CautiousBot):
    name = "Fifth back"
    description = "a plain plan: keeps a fifth of its money back, spreads the rest, never sabotages"


# name -> class: the plans of issue 26, for the tournament command
PLANS: dict[str, type[NotecardBot]] = {
    "AllInOne": AllInOnePlan,
    "AllInSpread": AllInSpreadPlan,
    "ThirdOnLeader": ThirdOnLeaderPlan,
    "FifthBack": FifthBackPlan,
}
