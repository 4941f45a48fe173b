"""Trades: anything may be handed over at any time, as an offer the other corp accepts or
declines (promises are not enforced). And leaving a game: markers off, cards and money gone."""
from __future__ import annotations

from collections import Counter

from .actions import Accept, Bundle, Decline, LeaveGame, OfferTrade
from .errors import IllegalAction
from .interning import make
from .log import Step
from .state import GameState, TradeFrame, without


def missing_from(state: GameState, corp: str, bundle: Bundle, check_cards: bool = True) -> str | None:
    """Why `corp` cannot hand over `bundle` (None: it can). With `check_cards` False the cards
    are only checked to exist (another corp's hand is secret)."""
    if bundle.money < 0 or bundle.mercenaries < 0:
        return "amounts cannot be negative"
    if bundle.money > state.money[corp]:
        return f"{corp} has only {state.money[corp]} Euros"
    if bundle.mercenaries > state.mercenaries[corp]:
        return f"{corp} has only {state.mercenaries[corp]} mercenaries"
    for company in bundle.companies:
        if state.companies.get(company) != corp:
            return f"{corp} does not own {company}"
    for country in bundle.countries:
        if state.controllers.get(country, "") != corp:
            return f"{corp} does not control {country}"
    if len(set(bundle.companies)) < len(bundle.companies) or len(set(bundle.countries)) < len(bundle.countries):
        return "the same company or country is listed twice"
    for card in bundle.cards:
        if card not in state.index.card_by_name:
            return f"there is no card {card!r} in the deck"
    if not check_cards:
        return None
    have = Counter(state.hands[corp])
    for card, n in Counter(bundle.cards).items():
        if have[card] < n:
            return f"{corp} does not hold {'that card' if n == 1 else 'those cards'}"
    return None


def check_offer(state: GameState, offer: OfferTrade) -> None:
    """Raise IllegalAction unless `offer` can be made now (the frame rules are checked by Game)."""
    playing = state.playing
    if offer.corp not in playing or offer.to not in playing:
        raise IllegalAction(f"{offer}: both sides of a trade must be corps still in the game")
    if offer.corp == offer.to:
        raise IllegalAction(f"{offer}: a corp cannot trade with itself")
    if offer.give.is_empty() and offer.take.is_empty():
        raise IllegalAction(f"{offer}: the offer is empty")
    # The recipient's hand is secret: an offer asking for cards it does not hold is allowed
    # (refusing it would tell the offerer what the recipient holds); it can only be declined.
    for who, bundle, own in ((offer.corp, offer.give, True), (offer.to, offer.take, False)):
        problem = missing_from(state, who, bundle, check_cards=own)
        if problem:
            raise IllegalAction(f"Trade refused: {problem}")


def _secret_for_parties(offer: OfferTrade, text: str) -> dict[str, str] | None:
    if not (offer.give.cards or offer.take.cards):
        return None
    return {offer.corp: text, offer.to: text}


def apply_offer(step: Step, offer: OfferTrade) -> None:
    step.state.frames.append(TradeFrame(offer))
    step.log(offer.describe(show_cards=False), "Trades",
             secret=_secret_for_parties(offer, offer.describe(show_cards=True)))


def trade_options(state: GameState, frame: TradeFrame) -> dict[str, list]:
    offer = frame.offer
    to = offer.to
    can = missing_from(state, to, offer.take) is None and missing_from(state, offer.corp, offer.give) is None
    return {to: ([make(Accept, to)] if can else []) + [make(Decline, to)]}


def _hand_over(state: GameState, giver: str, receiver: str, bundle: Bundle) -> None:
    state.money[giver] -= bundle.money
    state.money[receiver] += bundle.money
    state.mercenaries[giver] -= bundle.mercenaries
    state.mercenaries[receiver] += bundle.mercenaries
    for company in bundle.companies:
        state.set_company(company, receiver)
    for country in bundle.countries:
        state.put("controllers", country, receiver)
    for card in bundle.cards:
        state.put("hands", giver, without(state.hands[giver], card))
        state.put("hands", receiver, state.hands[receiver] + [card])


def apply_answer(step: Step, action: Accept | Decline) -> None:
    state = step.state
    offer: OfferTrade = state.frames.pop().offer
    if isinstance(action, Decline):
        step.log("{} declines {}'s offer", "Trades", offer.to, offer.corp)
        return
    _hand_over(state, offer.corp, offer.to, offer.give)
    _hand_over(state, offer.to, offer.corp, offer.take)
    step.log(f"{offer.to} accepts: " + offer.describe(show_cards=False).replace(" offers ", " hands "),
             "Trades", secret=_secret_for_parties(offer, f"{offer.to} accepts: {offer.describe(True)}"))


def apply_leave(step: Step, action: LeaveGame) -> None:
    """Trades: a corp leaving mid-game cannot hand its things over; its markers are removed,
    its cards discarded unseen, its money and mercenaries gone."""
    state = step.state
    corp = action.corp
    for company, owner in state.companies.items():
        if owner == corp:
            state.set_company(company, "unowned")
    for country, owner in state.controllers.items():
        if owner == corp:
            state.put("controllers", country, None)
    state.set_aside = state.set_aside + state.hands[corp]
    state.put("hands", corp, [])
    state.money[corp] = 0
    state.mercenaries[corp] = 0
    if state.paid == corp:
        state.paid = None
    state.departed = state.departed + [corp]
    was_acting = bool(state.to_act) and state.to_act[0] == corp
    state.to_act = [c for c in state.to_act if c != corp]
    if was_acting:
        state.must_buy = False
        state.vetoed = []
    step.log("{} leaves the game: its companies and countries are free, its cards discarded unseen, "
             "its money gone", "Trades", corp)
