"""One step ahead: apply a choice on a copy, let the other corps answer by rules of thumb until
the table needs a real decision again, and judge the position that results.

The rules of thumb for the others (`default_answer`) are deliberately simple and cheap: they
stay out of wars, play no payout cards, refuse to sell mercenaries, veto a rival's second
company in an industry, vote for themselves, bid about half of what the country is worth to
them, decline trades. The position is then judged by `evaluation.evaluate`.
"""
from __future__ import annotations

from ..actions import (Bid, Decline, Intervene, NoCard, OfferMercenaries, Pass, StayOut, Veto,
                       Vote)
from ..state import (AntitrustFrame, AuctionFrame, ElectionFrame, MercenaryFrame, PayoutFrame,
                     SpoilsFrame, TradeFrame, WarFrame)
from .evaluation import outlook
from ..simulator import Simulator as Sim


def default_answer(sim: Sim, corp: str):
    """A cheap, sensible answer for `corp` to the decision on top of the stack."""
    frame = sim.state.top_frame
    choices = sim.choices(corp)
    if isinstance(frame, (WarFrame,)):
        return _kind(choices, StayOut)
    if isinstance(frame, PayoutFrame):
        return _kind(choices, NoCard)
    if isinstance(frame, AntitrustFrame):
        return _kind(choices, Veto)
    if isinstance(frame, TradeFrame):
        return _kind(choices, Decline)
    if isinstance(frame, ElectionFrame):
        return next(a for a in choices if isinstance(a, Vote) and a.candidate == corp)
    if isinstance(frame, AuctionFrame):
        amount = min(sim.state.money[corp], guess_bid(sim.state, corp, frame.country))
        bid = Bid(corp, amount)  # any amount in range, not only the listed steps
        return bid if any(bid in r for r in sim.ranges(corp)) else choices[0]
    if isinstance(frame, MercenaryFrame):
        if frame.offer is None:
            return _kind(choices, OfferMercenaries)  # count 0: refuses
        return _kind(choices, Decline)
    if isinstance(frame, SpoilsFrame):
        company_worth = outlook(sim.state, corp).company_worth
        hits = [a for a in choices if isinstance(a, Intervene)]
        if hits:
            return max(hits, key=lambda a: (company_worth[a.company.split("/", 1)[1]], a.company))
        return _kind(choices, Pass)
    return choices[0]


def _kind(choices: list, kind: type):
    for a in choices:
        if type(a) is kind:
            return a
    return choices[0]


def guess_bid(state, corp: str, country: str) -> int:
    """About half of what control of `country` is worth to `corp` (never below 0)."""
    return max(0, int(0.5 * control_worth(state, corp, country)))


def control_worth(state, corp: str, country: str) -> float:
    """How much `corp`'s expected final money rises if it controls `country` instead of whoever
    controls it now (its standing rises more: a rival may lose the country)."""
    if state.controllers.get(country) == corp:
        return 0.0
    before = outlook(state, corp).worth[corp]
    trial = state.clone()
    trial.put("controllers", country, corp)
    return outlook(trial, corp).worth[corp] - before


def settle(sim: Sim, limit: int = 40) -> Sim:
    """Let every decider answer by `default_answer` until play reaches a turn (or the game
    ends)."""
    for _ in range(limit):
        state = sim.state
        if state.phase == "over" or state.top_frame is None:
            return sim
        deciders = sim.deciders
        if not deciders:
            return sim
        sim.step(default_answer(sim, deciders[0]))
    return sim


def after(sim: Sim, action, me: str) -> Sim:
    """A copy of `sim` with `action` applied and the others' answers settled by rule of thumb."""
    trial = sim.copy()
    trial.step(action)
    return settle(trial)
