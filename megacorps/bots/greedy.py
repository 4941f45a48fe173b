"""Greedy: one step of look-ahead on its own money.

It scores each choice by its money plus half of what its companies would earn if every
industry paid out now, and takes the best. Bids, votes, prices and war gifts follow simple
rules of thumb. It values a company at half of one payout, so it buys little: the yardstick
the stronger levels are measured against.
"""
from __future__ import annotations

from ..actions import (Accept, Bid, Decline, LaunchWar, Permit, Veto, BuyCompany, BuyMercenaries, Intervene, LeaveGame, NoCard,
                       OfferMercenaries, PayoutIndustry, PickCompany, PlayCard, StayOut,
                       SupportWar, Vote)
from ..payouts import payout_amounts
from ..state import GameState, PayoutFrame
from .knowledge import card_plays, decision_choices, public_sim
from .protocol import BaseBot, Decision
from ..simulator import Simulator


def holdings_value(state: GameState, corp: str) -> int:
    """What `corp`'s companies would earn if every industry paid out now."""
    return sum(payout_amounts(state, i).get(corp, 0) for i in state.board.industries)


class GreedyBot(BaseBot):
    """Prefers what earns it money soonest: one step of look-ahead on its own money plus half
    the value of its holdings; bids, votes and prices by simple rules of thumb."""

    name = "Greedy"
    description = "Grabs whatever pays at once; never plans ahead. Easy to beat once you see how."

    def _score(self, sim: Simulator, corp: str, action) -> float:
        trial = sim.copy()
        trial.step(action)
        state = trial.state
        return state.money[corp] + 0.5 * holdings_value(state, corp)

    def decide(self, game, corp: str) -> Decision:
        choices = decision_choices(game, corp)
        first = choices[0]
        state = game.state
        if isinstance(first, Bid):
            country = state.top_frame.country
            worth = 6 + 2 * len(state.board.companies_of_country[country])
            amount = min(state.money[corp] // 3, worth)
            return Decision(Bid(corp, amount), f"bids {amount} for {country}: a third of its money, "
                                               f"at most {worth} (6 + 2 per company there)")
        if isinstance(first, Vote):
            return Decision(Vote(corp, corp), "votes for itself")
        if isinstance(first, OfferMercenaries):
            count = max(a.count for a in choices)
            price = 2 * count
            if any(a.count == count and a.price == price for a in choices):
                return Decision(OfferMercenaries(corp, count, price), "asks 2 Euros a mercenary")
            return Decision(OfferMercenaries(corp, 0, 0), "the buyer cannot pay 2 Euros a mercenary")
        if isinstance(first, (StayOut, SupportWar)):
            return Decision(StayOut(corp), "keeps its mercenaries out of other corps' wars")
        if isinstance(state.top_frame, PayoutFrame):
            return self._payout_card(state, corp, choices)
        plays = [a for a in card_plays(game, corp) if not isinstance(a, LeaveGame)]
        sim = public_sim(game, corp)  # nothing hidden is read
        now = state.money[corp] + 0.5 * holdings_value(state, corp)
        scored = [(self._score(sim, corp, a), not _pointless(state, corp, a), self.rng.random(), a)
                  for a in choices + plays]
        best = max(scored, key=lambda t: t[:3])
        return Decision(best[3], _reason(state, corp, best[3], best[0] - now))

    def _payout_card(self, state: GameState, corp: str, choices: list) -> Decision:
        frame: PayoutFrame = state.top_frame
        spec = state.deck_spec.card_by_name
        base = sum(int(spec[c].params.get("by", 0)) for c in frame.modifiers)
        now = payout_amounts(state, frame.industry, base).get(corp, 0)
        best, best_gain = NoCard(corp), now
        for action in choices:
            if isinstance(action, PlayCard):
                mod = base + int(spec[action.card].params.get("by", 0))
                gain = payout_amounts(state, frame.industry, mod).get(corp, 0)
                if gain > best_gain:
                    best, best_gain = action, gain
        if best is choices[0] or isinstance(best, NoCard):
            return Decision(best, f"no card of its own would raise its {now} from {frame.industry}")
        return Decision(best, f"{best.card} raises its {frame.industry} payout from {now} to {best_gain}")


def _pointless(state: GameState, corp: str, action) -> bool:
    """Moves that change nothing for anyone's benefit: a payout that pays the caller nothing,
    mercenaries bought with none to gain."""
    if isinstance(action, PayoutIndustry):
        return not payout_amounts(state, action.industry).get(corp)
    if isinstance(action, BuyMercenaries):
        from ..mercenaries import census
        return action.from_box == 0 and census(state, corp, clockwise=False)[0] == 0
    return False


def _gain_text(gain: float) -> str:
    """The gain of the best move in words; Greedy looks one move ahead, so a best move that
    gains nothing is one it picked among moves that all gain nothing (chance broke the tie)."""
    if round(gain) > 0:
        return f"its money and holdings gain {gain:.0f}"
    if round(gain) == 0:
        return "no move gains it anything this turn, and this one costs it nothing (a coin toss)"
    return f"every move costs it something this turn; this one costs least ({-gain:.0f})"


def _reason(state: GameState, corp: str, action, gain: float) -> str:
    if isinstance(action, PayoutIndustry):
        earned = payout_amounts(state, action.industry).get(corp, 0)
        return f"pays out {action.industry}: earns {earned} at once"
    if isinstance(action, (BuyCompany, PickCompany)):
        return f"{action.company} adds {gain + (4 if isinstance(action, BuyCompany) else 0):.0f} to what " \
               f"a payout of its holdings would bring (worth half)"
    if isinstance(action, Intervene):
        return f"intervenes against {action.company}: {_gain_text(gain)}"
    if isinstance(action, PlayCard):
        return f"plays {action.card}: {_gain_text(gain)}"
    if isinstance(action, BuyMercenaries):
        return "takes the mercenaries its own Defense companies give for free"
    if isinstance(action, LaunchWar):
        return f"attacks {action.country}: {_gain_text(gain)}"
    if isinstance(action, (Permit, Veto)):
        return "the purchase changes nothing it would earn, so it lets chance decide"
    if isinstance(action, Accept):
        return f"the offer raises its money and holdings by {gain:.0f}"
    if isinstance(action, Decline):
        return "accepting would not raise its money and holdings"
    return "nothing on offer raises its money or holdings"
