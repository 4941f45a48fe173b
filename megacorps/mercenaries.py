"""Buying Mercenaries: free from your own companies, 1 Euro each from the box for unowned,
nationalized and syndicalized ones, and by agreement from each other owner."""
from __future__ import annotations

from functools import lru_cache
from itertools import filterfalse, product

from .actions import Accept, BuyMercenaries, ChoiceRange, Decline, OfferMercenaries, sensible_amounts
from .board import tuple_getter
from .interning import make, table
from .log import Step
from .state import ABSENT, MARKERS, GameState, MercenaryFrame
from .turns import end_turn


def mercenary_industries(state: GameState) -> tuple[str, ...]:
    """Defense, plus Biotech once Clone Soldiers is in play (a lasting card names its industry)."""
    extra = state.index.mercenary_industry
    return ("Defense", *(extra[c] for c in state.in_play if c in extra))


def source_cards(state: GameState) -> dict[str, str]:
    """The industries that supply mercenaries only because a lasting card is in play, each with
    that card (Clone Soldiers: Biotech)."""
    extra = state.index.mercenary_industry
    return {extra[c]: c for c in state.in_play if c in extra}


def mercenary_sources(state: GameState) -> tuple[str, ...]:
    """The companies mercenaries come from."""
    index = state.index
    in_play = state.in_play
    if not in_play:
        return index.companies_of_industry["Defense"]
    key = tuple(in_play)
    found = index.mercenary_sources.get(key)
    if found is None:
        by_industry = index.companies_of_industry
        found = index.mercenary_sources[key] = tuple(co for i in mercenary_industries(state) for co in by_industry[i])
    return found


def census(state: GameState, corp: str, clockwise: bool = True) -> tuple[int, int, dict[str, int]]:
    """For `corp` buying mercenaries: how many come free from its own companies, how many the
    box sells (one per unowned, nationalized or syndicalized source company), and how many each
    other owner may sell (one per company), those owners listed clockwise from `corp` (in no
    particular order with `clockwise=False`)."""
    sources = sources_getter(state)(state.companies)
    box = len(sources) - sources.count(ABSENT)
    owners = [s for s in dict.fromkeys(sources) if s not in MARKERS]
    box -= sum(map(sources.count, owners))
    if clockwise and len(owners) > 1:
        owners = [c for c in state.corps_from(corp) if c in owners]
    return sources.count(corp), box, {c: sources.count(c) for c in owners if c != corp}


def buy_mercenaries_options(state: GameState, corp: str) -> list:
    """Buy Mercenaries: any number from the box up to what it sells and `corp` can pay for,
    each asking the other owners or not (when another corp owns a source company)."""
    free, box, others = census(state, corp, clockwise=False)
    most = min(box, state.money[corp] // state.index.mercenary_price)
    return list(mercenary_choices(corp, most, bool(others)))


def sources_getter(state: GameState):
    """A function reading the statuses of the source companies (`mercenary_sources`) in C."""
    key = tuple(state.in_play)
    found = state.index.source_statuses.get(key)
    if found is None:
        found = state.index.source_statuses[key] = tuple_getter(mercenary_sources(state))
    return found


def mercenary_choices(corp: str, most: int, ask: bool) -> tuple:
    """BuyMercenaries for 0..`most` from the box, each without and (if `ask`) with asking."""
    choices = table(BuyMercenaries, corp)
    return tuple(choices[n, a] for n in range(most + 1) for a in ((False, True) if ask else (False,)))


def apply_buy_mercenaries(step: Step, action: BuyMercenaries) -> None:
    state = step.state
    corp = action.corp
    free, _, capacity = census(state, corp)
    cost = action.from_box * state.index.mercenary_price
    state.money[corp] -= cost
    state.mercenaries[corp] += free + action.from_box
    step.log("{} buys mercenaries: {} free from its own companies, {} from the box for {} Euros", "Buying Mercenaries",
             corp, free, action.from_box, cost)
    end_turn(state)
    if action.ask_owners and capacity:
        # Its own companies gave their mercenary, the box sold: one per company (R13).
        companies = state.companies
        used = [co for co in mercenary_sources(state) if companies[co] == corp or companies[co] in MARKERS]
        state.frames.append(MercenaryFrame(corp, used))


def unused_sources(state: GameState, frame: MercenaryFrame, owner: str) -> list[str]:
    """The companies `owner` holds now that have not yet supplied, or been asked about, in
    this purchase (each company supplies at most one mercenary per purchase, R13)."""
    companies = state.companies
    return [co for co in mercenary_sources(state) if companies[co] == owner and co not in frame.used]


def next_seller(state: GameState, frame: MercenaryFrame) -> str | None:
    """The next owner to ask, clockwise from the buyer: one that owns, now, a company supplying
    mercenaries that has not been asked about in this purchase (None: the deal is over)."""
    owners = set(map(state.companies.__getitem__, filterfalse(frame.used.__contains__, mercenary_sources(state))))
    owners.discard(frame.buyer)
    if not owners:
        return None
    for corp in state.corps_from(frame.buyer):
        if corp in owners:
            return corp
    return None


def can_sell(state: GameState, frame: MercenaryFrame, seller: str) -> int:
    """How many `seller` may sell the buyer now: one per unused source company it owns."""
    return len(unused_sources(state, frame, seller))


def offer_stands(state: GameState, frame: MercenaryFrame) -> bool:
    """The pending offer can still be delivered: the seller owns at least as many of the
    companies it offered from as it offered mercenaries."""
    seller, count, _ = frame.offer
    companies = state.companies
    return sum(1 for co in frame.offered_from if companies[co] == seller) >= count


def mercenary_options(state: GameState, frame: MercenaryFrame) -> dict[str, list]:
    if frame.offer is None:
        seller = next_seller(state, frame)
        return {seller: list(_offers(seller, can_sell(state, frame, seller), state.money[frame.buyer]))}
    buyer = frame.buyer
    price = frame.offer[2]
    if state.money[buyer] >= price and offer_stands(state, frame):
        return {buyer: [make(Accept, buyer), make(Decline, buyer)]}
    return {buyer: [make(Decline, buyer)]}


@lru_cache(maxsize=4096)
def _offers(seller: str, most: int, budget: int) -> tuple:
    """A seller's offers: none (0, 0), or 1..`most` mercenaries at each sensible price up to
    the buyer's `budget`; built once per (seller, most, budget)."""
    offer = table(OfferMercenaries, seller)
    prices = sensible_amounts(0, budget)
    return (offer[0, 0], *map(offer.__getitem__, product(range(1, most + 1), prices)))


def offer_ranges(state: GameState, frame: MercenaryFrame) -> dict[str, list]:
    """A seller's offers: any price from 0 to the buyer's money for each count it may sell
    (`mercenary_options` lists the prices in sensible steps)."""
    if frame.offer is not None:
        return {}
    seller = next_seller(state, frame)
    offer = table(OfferMercenaries, seller)
    return {seller: [ChoiceRange(offer[n, 0], "price", 0, state.money[frame.buyer])
                     for n in range(1, can_sell(state, frame, seller) + 1)]}


def apply_offer(step: Step, action: OfferMercenaries) -> None:
    state = step.state
    frame: MercenaryFrame = state.frames[-1]
    asked = unused_sources(state, frame, action.corp)
    frame.used.extend(asked)  # the owner has had its say about each of them
    if action.count == 0:
        step.log("{} refuses to sell mercenaries to {}", "Buying Mercenaries", action.corp, frame.buyer)
    else:
        frame.offer = (action.corp, action.count, action.price)
        frame.offered_from = tuple(asked)
        step.log("{} offers {} {} mercenar{} for {} Euros", "Buying Mercenaries",
                 action.corp, frame.buyer, action.count, "y" if action.count == 1 else "ies", action.price)


def apply_answer(step: Step, action: Accept | Decline) -> None:
    state = step.state
    frame: MercenaryFrame = state.frames[-1]
    seller, count, price = frame.offer
    if isinstance(action, Accept):
        state.money[frame.buyer] -= price
        state.money[seller] += price
        state.mercenaries[frame.buyer] += count
        step.log("{} buys {} from {} for {} Euros", "Buying Mercenaries", frame.buyer, count, seller, price)
    else:
        step.log("{} declines {}'s price", "Buying Mercenaries", frame.buyer, seller)
    frame.offer = None
    frame.offered_from = ()
