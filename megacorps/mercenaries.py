"""Buying Mercenaries: free from your own companies, 1 Euro each from the box for unowned,
nationalized and syndicalized ones, and by agreement from each other owner."""
from __future__ import annotations

from .actions import Accept, BuyMercenaries, Decline, OfferMercenaries
from .interning import make
from .log import Step
from .state import ABSENT, MARKERS, GameState, MercenaryFrame
from .turns import end_turn


def mercenary_industries(state: GameState) -> tuple[str, ...]:
    """Defense, plus Biotech once Clone Soldiers is in play (a lasting card names its industry)."""
    extra = [state.deck_spec.card_by_name[c].params["mercenary_industry"]
             for c in state.in_play if "mercenary_industry" in state.deck_spec.card_by_name[c].params]
    return ("Defense", *extra)


def mercenary_sources(state: GameState) -> list[str]:
    return [co for i in mercenary_industries(state) for co in state.board.companies_of_industry[i]]


def free_mercenaries(state: GameState, corp: str) -> int:
    """One free mercenary per Defense (or, after Clone Soldiers, Biotech) company owned."""
    return sum(1 for co in mercenary_sources(state) if state.companies[co] == corp)


def box_mercenaries(state: GameState) -> int:
    """How many may be bought at 1 Euro each: one per unowned/nationalized/syndicalized source."""
    return sum(1 for co in mercenary_sources(state)
               if state.companies[co] in MARKERS and state.companies[co] != ABSENT)


def seller_capacity(state: GameState, buyer: str) -> dict[str, int]:
    """Other owners of source companies, clockwise from the buyer, and how many each may sell."""
    counts: dict[str, int] = {}
    for co in mercenary_sources(state):
        owner = state.companies[co]
        if owner not in MARKERS and owner != buyer:
            counts[owner] = counts.get(owner, 0) + 1
    return {c: counts[c] for c in state.corps_from(buyer) if c in counts}


def buy_mercenaries_options(state: GameState, corp: str) -> list:
    most = min(box_mercenaries(state), state.money[corp] // state.board.mercenary_price)
    asks = (False, True) if seller_capacity(state, corp) else (False,)
    return [make(BuyMercenaries, corp, n, ask) for n in range(most + 1) for ask in asks]


def apply_buy_mercenaries(step: Step, action: BuyMercenaries) -> None:
    state = step.state
    corp = action.corp
    free = free_mercenaries(state, corp)
    cost = action.from_box * state.board.mercenary_price
    state.money[corp] -= cost
    state.mercenaries[corp] += free + action.from_box
    step.log(f"{corp} buys mercenaries: {free} free from its own companies, {action.from_box} from the "
             f"box for {cost} Euros", "Buying Mercenaries")
    end_turn(state)
    if action.ask_owners:
        capacity = seller_capacity(state, corp)
        state.frames.append(MercenaryFrame(corp, list(capacity), capacity))


def mercenary_options(state: GameState, frame: MercenaryFrame) -> dict[str, list]:
    if frame.offer is None:
        seller = frame.sellers[0]
        budget = state.money[frame.buyer]
        offers = [make(OfferMercenaries, seller, 0, 0)]
        offers += [make(OfferMercenaries, seller, n, p)
                   for n in range(1, frame.capacity[seller] + 1) for p in range(budget + 1)]
        return {seller: offers}
    price = frame.offer[2]
    answers = [make(Accept, frame.buyer)] if state.money[frame.buyer] >= price else []
    return {frame.buyer: answers + [make(Decline, frame.buyer)]}


def apply_offer(step: Step, action: OfferMercenaries) -> None:
    state = step.state
    frame: MercenaryFrame = state.frames[-1]
    if action.count == 0:
        frame.sellers.pop(0)
        step.log(f"{action.corp} refuses to sell mercenaries to {frame.buyer}", "Buying Mercenaries")
    else:
        frame.offer = (action.corp, action.count, action.price)
        step.log(f"{action.corp} offers {frame.buyer} {action.count} mercenar"
                 f"{'y' if action.count == 1 else 'ies'} for {action.price} Euros", "Buying Mercenaries")
    if not frame.sellers:
        state.frames.pop()


def apply_answer(step: Step, action: Accept | Decline) -> None:
    state = step.state
    frame: MercenaryFrame = state.frames[-1]
    seller, count, price = frame.offer
    if isinstance(action, Accept):
        state.money[frame.buyer] -= price
        state.money[seller] += price
        state.mercenaries[frame.buyer] += count
        step.log(f"{frame.buyer} buys {count} from {seller} for {price} Euros", "Buying Mercenaries")
    else:
        step.log(f"{frame.buyer} declines {seller}'s price", "Buying Mercenaries")
    frame.offer = None
    frame.sellers.pop(0)
    if not frame.sellers:
        state.frames.pop()

