"""Balanced: invests nearly everything, steering away from the industries where it was
sabotaged, and sabotages only a rival that has pulled ahead or that it can knock out."""
from __future__ import annotations

from ..allocations import Allocate
from ..view import SeatView
from .base import (Decision, NotecardBot, entry_free, last_investments, listing, richest_rival,
                   sabotage_suffered, split)
from .saboteur import sabotage_plan


def knockout_plan(view: SeatView, corp: str, budget: int) -> tuple[str, dict[str, int]] | None:
    """A rival that kept no money back last quarter and whose whole money, if it invests it
    where it did last quarter, `budget` can cancel: it would go bankrupt. Returns the rival and
    the sabotage that does it."""
    if not view.reports:
        return None
    last = view.reports[-1]
    for rival in view.solvent:
        if rival == corp or last.kept.get(rival, 1) > 0:
            continue
        where = last_investments(view, rival)
        if not where:
            continue
        shares = split(view.money[rival], {i: float(a) for i, a in where.items()})
        plan = {i: -(-a // 2) for i, a in shares.items()}
        if 0 < sum(plan.values()) <= budget:
            return rival, plan
    return None


def spread_weights(view: SeatView, corp: str, industries: list[str]) -> dict[str, float]:
    """Even weights, lowered where `corp` was sabotaged last quarter."""
    hurt = sabotage_suffered(view, corp)
    return {i: 1.0 / (1.0 + hurt.get(i, 0)) for i in industries}


class BalancedBot(NotecardBot):
    name = "Balanced"
    description = "balanced: invests nearly all, dodges sabotage, hits a leader, a lone rival or one it can finish"

    lead_margin = 1.25
    aggression = 0.2
    duel_aggression = 0.35

    def plan(self, view: SeatView) -> Decision:
        corp = view.corp
        have = view.money[corp]
        budget = int(have * self.aggression)
        knockout = knockout_plan(view, corp, max(budget, int(have * 0.5)))
        target, hits, why = None, {}, ""
        if knockout:
            target, hits = knockout
            why = f"{target} kept nothing back last quarter and can be knocked out"
        else:
            rivals = [c for c in view.solvent if c != corp]
            leader = richest_rival(view, corp, self.rng)
            if len(rivals) == 1:
                # head to head, each million of well-aimed sabotage costs the rival $6M of
                # earnings and us only the $3M it would have earned: worth it every quarter
                target = rivals[0]
                hits = sabotage_plan(view, target, int(have * self.duel_aggression))
                why = "head to head, sabotage costs the rival twice what it costs us"
            elif leader and view.money[leader] > self.lead_margin * have:
                target = leader
                hits = sabotage_plan(view, target, budget)
                why = f"{leader} has pulled ahead (${view.money[leader]:,}M against ${have:,}M)"
        industries = entry_free(view, corp) or list(view.industries)
        left = have - sum(hits.values()) - 1
        if view.options.variable_industries and not entry_free(view, corp):
            left -= len(industries)
        invest = split(max(0, left), spread_weights(view, corp, industries))
        card = Allocate(corp, invest, {(target, i): a for i, a in hits.items()})
        reason = f"invests {listing(invest)}, keeping $1M back"
        if hits:
            reason += f"; sabotages {target}'s {listing(hits).replace(' in ', ' against ')}: {why}"
        return Decision(card, reason)
