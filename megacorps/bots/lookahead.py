"""One step ahead: apply a choice on a copy, let the other corps answer by rules of thumb until
the table needs a real decision again, and judge the position that results.

The rules of thumb for the others (`default_answer`) are deliberately simple and cheap: they
stay out of wars, play no payout cards, refuse to sell mercenaries, veto a rival's second
company in an industry, vote for themselves, bid about half of what the country is worth to
them, decline trades. The corp looking ahead bids as it really will (`planned_bid`): the
look-ahead that decides whether to call an auction (Greedy Kleptocrats) and the bid it then
makes rest on one valuation of the country (`control_worth`), its holder's included. The
position is then judged by `evaluation.evaluate`.
"""
from __future__ import annotations

from ..actions import (Bid, Decline, Intervene, NoCard, OfferMercenaries, Pass, StayOut, Veto,
                       Vote)
from ..state import (AntitrustFrame, AuctionFrame, ElectionFrame, MercenaryFrame, PayoutFrame,
                     SpoilsFrame, TradeFrame, WarFrame)
from .evaluation import outlook
from ..simulator import Simulator as Sim


def default_answer(sim: Sim, corp: str, me: str | None = None):
    """A cheap, sensible answer for `corp` to the decision on top of the stack (`me`, the corp
    looking ahead, bids as it really will)."""
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
        if corp == me:
            amount = planned_bid(sim.state, corp, frame.country)[0]
        else:
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
    controls it now (its standing rises more: a rival may lose the country); for the country's
    holder, how much it would lose if the rival it fears most took it."""
    now = outlook(state, corp).worth[corp]
    if state.controllers.get(country) != corp:
        trial = state.clone()
        trial.put("controllers", country, corp)
        return max(0.0, outlook(trial, corp).worth[corp] - now)
    loss = 0.0
    for rival in state.playing:
        if rival != corp:
            trial = state.clone()
            trial.put("controllers", country, rival)
            loss = max(loss, now - outlook(trial, corp).worth[corp])
    return loss


def planned_bid(state, corp: str, country: str, jitter: int = 1) -> tuple[int, str]:
    """The bid `corp` makes for `country`, and why: `1 + jitter` more than the rivals' likely
    bids (`guess_bid`; a bot draws `jitter` from 0 to 2 so that bots who think alike rarely tie,
    its look-ahead takes the middle) while control is worth more than that to it; otherwise a
    token two fifths of what it is worth. The holder bids one more than the rivals to keep it."""
    mine = control_worth(state, corp, country)
    top = max((guess_bid(state, c, country) for c in state.playing if c != corp), default=0)
    money = state.money[corp]
    if state.controllers.get(country) == corp:
        amount = min(money, top + 1)
        return amount, f"bids {amount} to keep {country} (rivals may bid up to about {top})"
    amount = min(money, top + 1 + jitter)
    if amount >= mine or mine <= 1:
        amount = min(money, max(0, int(mine * 0.4)))
        return amount, (f"bids {amount} for {country}: it is worth about {mine:.0f} to it, "
                        f"not enough to outbid rivals (about {top})")
    return amount, f"bids {amount} for {country}: worth about {mine:.0f} to it, rivals may bid up to about {top}"


def settle(sim: Sim, limit: int = 40, me: str | None = None) -> Sim:
    """Let every decider answer by `default_answer` until play reaches a turn (or the game
    ends); `me` bids as it really will."""
    for _ in range(limit):
        state = sim.state
        if state.phase == "over" or state.top_frame is None:
            return sim
        deciders = sim.deciders
        if not deciders:
            return sim
        sim.step(default_answer(sim, deciders[0], me))
    return sim


def after(sim: Sim, action, me: str) -> Sim:
    """A copy of `sim` with `action` applied and the others' answers settled by rule of thumb
    (`me`'s bids as it will really bid)."""
    trial = sim.copy()
    trial.step(action)
    return settle(trial, me=me)
