"""Odds player: with Variable Yield Industries it counts the yield cards already drawn (the
discard piles are face up) and puts its money where the next card is likely to be high, opening
a new industry when a fresh stack's odds are better. Without yield decks it plays like Balanced."""
from __future__ import annotations

from ..allocations import Allocate
from ..view import SeatView
from .balanced import BalancedBot, spread_weights
from .base import (Decision, NotecardBot, entry_free, expected_multipliers, fresh_multiplier, listing,
                   predicted_investments, richest_rival, split)


class OddsBot(NotecardBot):
    name = "Odds"
    description = "the odds player: counts the yield cards drawn and invests where the next card is likely high"

    sharpness = 3.0       # how strongly it leans on the better odds
    duel_sharpness = 1.5  # head to head, a rival watches where it put its money: spread more
    sabotage_share = 0.15

    def plan(self, view: SeatView) -> Decision:
        if not view.options.variable_yield:
            decision = BalancedBot.plan(self._balanced, view)
            return Decision(decision.action, "no yield decks in play, so it plays balanced: " + decision.reason)
        corp = view.corp
        have = view.money[corp]
        expect = expected_multipliers(view)
        free = entry_free(view, corp)
        best_free = max((expect[i] for i in free if i in expect), default=0.0)
        candidates = {i: expect[i] for i in free if i in expect}
        opening = []
        if view.options.variable_industries and have >= 6:
            # industries it would pay to enter: open ones it is not in, and the next unopened one
            unopened = [i for i in view.pool if i not in view.industries][:1]
            for industry in [i for i in view.industries if i not in free] + unopened:
                odds = expect.get(industry, fresh_multiplier())
                if odds > best_free + 0.3:
                    candidates[industry] = odds
                    opening.append(industry)
        rival = richest_rival(view, corp, self.rng)
        duel = len(view.solvent) == 2
        hits: dict[str, int] = {}
        if rival and (duel or view.money[rival] > have):
            # where the rival's money is expected to earn most: its likely investment times the odds
            predicted = predicted_investments(view, rival)
            budget = int(have * (BalancedBot.duel_aggression if duel else self.sabotage_share))
            for where in sorted(predicted, key=lambda i: (-predicted[i] * expect.get(i, 3.0), i)):
                amount = min(budget, -(-int(predicted[where]) // 2))
                if amount <= 0:
                    break
                hits[where] = amount
                budget -= amount
        budget = have - 1 - sum(hits.values()) - len(opening)
        # lean on the odds, and away from where it was sabotaged last quarter (Balanced's habit)
        dodge = spread_weights(view, corp, list(candidates))
        sharp = self.duel_sharpness if duel else self.sharpness
        weights = {i: max(0.0, e - 1.0) ** sharp * dodge[i] for i, e in candidates.items()}
        invest = split(max(0, budget), weights)
        for industry in opening:  # an entry paid for nothing would be wasted
            if industry not in invest:
                budget += 1
        if any(i not in invest for i in opening):
            invest = split(max(0, budget), {i: w for i, w in weights.items() if i not in opening or i in invest})
        card = Allocate(corp, invest, {(rival, i): a for i, a in hits.items()})
        odds_text = ", ".join(f"{i} \u00d7{expect.get(i, fresh_multiplier()):.2f}" for i in sorted(candidates))
        reason = f"expected multipliers {odds_text}: invests {listing(invest)}"
        new = [i for i in opening if i in invest]
        if new:
            reason += f" (paying to enter {', '.join(new)})"
        if hits:
            why = "its only rival" if duel else "who leads"
            reason += f"; sabotages {rival}, {why}, where its money would earn most: {', '.join(hits)}"
        return Decision(card, reason)

    @property
    def _balanced(self) -> BalancedBot:
        bot = BalancedBot(seed=self.seed)
        bot.rng = self.rng
        return bot
