"""Odds player, the top level: it reads every rival's habit from the revealed cards and answers it,
and with Variable Yield Industries it counts the yield cards.

- **Knock-out**: a rival that kept nothing back last quarter goes bankrupt if all its investments
  are cancelled. The bot forecasts where that money goes (bots/forecast.py) and spends what it
  takes, up to three quarters of its own money (more than that only when other rivals are there
  to finish the job). The rules' ending makes this the way to win: the last one standing.
- **The leader**: a rival 30% richer than itself is sabotaged where its money is expected to
  earn most (a fifth of the bot's money; head to head, every quarter, 35%: each well-aimed $1M costs
  the rival $6M of earnings and the bot only $3M).
- **Its own money** moves away from where it went last quarter (saboteurs aim where a card
  invested before), and, with Variable Yield, towards the industries whose next card is likely
  high (the face-up discard piles tell the odds), opening a new industry when a fresh stack's
  odds are better. It keeps $1M back, so it cannot be knocked out, unless a rival has over twice
  its money: then safety only secures a loss, and it gambles everything.
"""
from __future__ import annotations

import math

from ..allocations import Allocate
from ..view import SeatView
from .base import (Decision, NotecardBot, entry_free, expected_multipliers, fresh_multiplier, last_investments,
                   listing, richest_rival, split)
from .forecast import Forecast, forecast, rotate_weights


def rival_industries(view: SeatView, rival: str) -> list[str]:
    """Where `rival` may invest this quarter without a cost of entry."""
    return entry_free(view, rival) or list(view.industries)


def cancelling(invest: dict[str, float]) -> dict[str, int]:
    """The sabotage that cancels every expected investment: half of each, rounded up (ruling N1)."""
    return {i: math.ceil(math.ceil(a - 1e-9) / 2) for i, a in invest.items() if a >= 0.5}


def aimed(plan: dict[str, int], budget: int, order: list[str]) -> dict[str, int]:
    """`plan` cut to `budget`, spending first on the industries listed first in `order`."""
    out: dict[str, int] = {}
    for industry in order:
        if budget <= 0:
            break
        if plan.get(industry, 0) > 0:
            out[industry] = min(plan[industry], budget)
            budget -= out[industry]
    return out


class OddsBot(NotecardBot):
    name = "Odds"
    description = ("the strongest: reads rivals' habits, knocks out the reckless, hits a leader, "
                   "dodges, counts yield cards")

    sharpness = 3.0        # how strongly it leans on the better odds (Variable Yield)
    duel_sharpness = 1.5   # head to head, a rival watches where it put its money: spread more
    lead_margin = 1.3      # a rival this much richer is the leader to cut down
    sabotage_share = 0.2
    duel_share = 0.35
    knockout_share = 0.75
    confidence = 0.5       # how well a habit must fit before the bot bets a knock-out on it
    dodge_power = 4.0      # how hard its money moves away from last quarter's bulk
    bulk = 0.8             # the share of its investment in its first choice
    hopeless = 2.0         # a rival this many times richer: keeping $1M back only secures a loss

    def plan(self, view: SeatView) -> Decision:
        corp = view.corp
        have = view.money[corp]
        expect = expected_multipliers(view)
        rivals = [c for c in view.solvent if c != corp]
        duel = len(rivals) == 1
        forecasts = {r: forecast(view, r, rival_industries(view, r)) for r in rivals}
        target, hits, why = self._sabotage(view, corp, have, forecasts, expect, duel)

        candidates, opening = self._where(view, corp, have, expect)
        # $1M kept back makes it impossible to knock out, unless it is so far behind that safety
        # only secures a loss (the richest rival has over twice its money): then all in
        richest = max((view.money[r] for r in rivals), default=0)
        keep = 0 if richest > self.hopeless * have else 1
        budget = have - keep - sum(hits.values()) - len(opening)
        sharp = self.duel_sharpness if duel else self.sharpness
        # away from last quarter's bulk (where saboteurs aim), with a seeded jitter that decides
        # between industries alike, so that the move itself cannot be read
        dodge = rotate_weights({i: float(a) for i, a in last_investments(view, corp).items()}, list(candidates),
                               self.dodge_power)
        dodge = {i: w * self.rng.uniform(0.9, 1.1) for i, w in dodge.items()}
        odds = {i: max(0.0, e - 1.0) ** sharp if view.options.variable_yield else 1.0 for i, e in candidates.items()}
        weights = {i: odds[i] * dodge[i] for i in candidates}
        # the bulk in one industry (a spread is cancelled a million at a time), the rest spread
        primary = max(weights, key=lambda i: (weights[i], i))
        others = sum(w for i, w in weights.items() if i != primary)
        if others > 0:
            weights[primary] = others * self.bulk / (1 - self.bulk)
        invest = self._spread(view, corp, max(0, budget), weights, opening)
        card = Allocate(corp, invest, {(target, i): a for i, a in hits.items()})

        reason = f"invests {listing(invest)}, " + ("keeping $1M back" if keep else "keeping nothing back: far behind, it gambles")
        if view.options.variable_yield:
            odds_text = ", ".join(f"{i} \u00d7{e:.2f}" for i, e in sorted(candidates.items()))
            reason = f"expected multipliers {odds_text}: " + reason
        new = [i for i in opening if i in invest]
        if new:
            reason += f" (paying to enter {', '.join(new)})"
        if hits:
            reason += f"; sabotages {target}'s {listing(hits).replace(' in ', ' against ')}: {why}"
        return Decision(card, reason)

    # --- sabotage -------------------------------------------------------------------------------

    def _sabotage(self, view: SeatView, corp: str, have: int, forecasts: dict[str, Forecast],
                  expect: dict[str, float], duel: bool) -> tuple[str | None, dict[str, int], str]:
        # a rival that keeps nothing back and plays a habit the bot can read can be knocked out
        knockouts = []
        for rival, f in forecasts.items():
            if f.keeps_nothing and f.total > 0 and f.confidence >= self.confidence:
                need = cancelling(f.invest)
                knockouts.append((sum(need.values()), self.rng.random(), rival, need))
        if knockouts:
            cost, _, rival, need = min(knockouts)
            cap = have - 1 if duel else int(have * self.knockout_share)
            helpers = len(forecasts) - 1  # other rivals who may finish what it starts
            if cost <= cap * (1 + helpers):
                order = sorted(need, key=lambda i: (-need[i], i))
                hits = aimed(need, min(cost, cap), order)
                habit = forecasts[rival].habit
                return rival, hits, (f"{rival} kept nothing back last quarter and its habit ({habit}) shows "
                                     "where its money goes: cancelling it all knocks it out")
        leader = richest_rival(view, corp, self.rng)
        if leader is None or not (duel or view.money[leader] > have * self.lead_margin):
            return None, {}, ""
        f = forecasts[leader]
        budget = int(have * (self.duel_share if duel else self.sabotage_share))
        order = sorted(f.invest, key=lambda i: (-f.invest[i] * expect.get(i, 3.0), i))
        hits = aimed(cancelling(f.invest), budget, order)
        why = ("head to head, each well-aimed $1M costs the rival $6M of earnings" if duel else
               f"{leader} leads (${view.money[leader]:,}M against ${have:,}M)")
        return leader, hits, why + f"; aimed where its habit ({f.habit}) puts its money"

    # --- investing --------------------------------------------------------------------------------

    def _where(self, view: SeatView, corp: str, have: int, expect: dict[str, float]) -> tuple[dict[str, float], list[str]]:
        """The industries it may invest in (with their expected multipliers), and those among them
        it would pay to enter (Variable Industries: only when a fresh stack's odds are better)."""
        free = entry_free(view, corp)
        if not free:  # Variable Industries: every entry lapsed; it enters the best one again
            best = max(view.industries, key=lambda i: (expect.get(i, 3.0), self.rng.random()))
            return {best: expect.get(best, 3.0)}, [best]
        candidates = {i: expect.get(i, 3.0) for i in free}
        opening: list[str] = []
        if view.options.variable_industries and view.options.variable_yield and have >= 6:
            best_free = max((expect[i] for i in free if i in expect), default=0.0)
            unopened = [i for i in view.pool if i not in view.industries][:1]
            for industry in [i for i in view.industries if i not in free] + unopened:
                odds = expect.get(industry, fresh_multiplier())
                if odds > best_free + 0.3:
                    candidates[industry] = odds
                    opening.append(industry)
        return candidates, opening

    def _spread(self, view: SeatView, corp: str, budget: int, weights: dict[str, float],
                opening: list[str]) -> dict[str, int]:
        """`budget` shared by `weights`; with Variable Industries $1M stays in every industry it is
        in (an industry left empty for a quarter costs a new entry), and an entry paid for
        nothing is not paid."""
        keep = [i for i in weights if i not in opening] if view.options.variable_industries else []
        if budget < 3 * len(keep):
            keep = []
        invest = split(budget - len(keep), weights)
        for industry in keep:
            invest[industry] = invest.get(industry, 0) + 1
        unused = [i for i in opening if i not in invest]
        if unused:  # the money set aside for an entry goes to the others
            invest = split(budget - len(keep) + len(unused), {i: w for i, w in weights.items() if i not in unused})
            for industry in keep:
                invest[industry] = invest.get(industry, 0) + 1
        return invest
