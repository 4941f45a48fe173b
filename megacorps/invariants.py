"""What every position of a game satisfies: the checks a loaded save must pass (issue 7,
items 8 and 9) before a single rule runs on it.

`position_problem(state)` names the first broken invariant (None: the position is sound). The
engine keeps every one of these during play (tests/engine/test_properties.py checks them after
every step); a save that breaks one was damaged or tampered with.
"""
from __future__ import annotations

from collections import Counter

from .state import (ABSENT, MARKERS, AntitrustFrame, AuctionFrame, ElectionFrame, GameState,
                    LastCallFrame, MercenaryFrame, PayoutFrame, SpoilsFrame, TradeFrame, WarFrame)

MAX_AMOUNT = 10**9   # money or mercenaries of one corp in a position
MAX_ROUND = 10_000


def position_problem(state: GameState) -> str | None:
    """The first invariant `state` breaks, as "entry: what is wrong", or None."""
    for check in (_corps, _tables, _companies, _countries, _turns, _cards, _frames):
        problem = check(state)
        if problem:
            return problem
    return None


def _corps(state: GameState) -> str | None:
    corps = state.corps
    if not 3 <= len(corps) <= 6 or len(set(corps)) != len(corps):
        return f"corps: 3 to 6 different corps, not {corps}"
    for corp in corps:
        if corp not in state.board.corp_names:
            return f"corps: unknown corp {corp!r}"
    if len(set(state.departed)) != len(state.departed) or not set(state.departed) <= set(corps):
        return f"departed: {state.departed} are not corps of this game, each once"
    if len(state.playing) < 2:
        return "departed: at least two corps stay in a game"
    return None


def _tables(state: GameState) -> str | None:
    corps = set(state.corps)
    for table in ("money", "mercenaries", "hands"):
        if set(getattr(state, table)) != corps:
            return f"{table}: needs exactly one entry per corp"
    for table in ("money", "mercenaries"):
        for corp, amount in getattr(state, table).items():
            if type(amount) is not int or not 0 <= amount <= MAX_AMOUNT:
                return f"{table}.{corp}: must be a whole number from 0 to {MAX_AMOUNT:,}"
    for corp in state.departed:
        if state.money[corp] or state.mercenaries[corp] or state.hands[corp]:
            return f"departed: {corp} left the game but still has money, mercenaries or cards"
    return None


def _companies(state: GameState) -> str | None:
    board = state.board
    if tuple(state.companies) != board.companies:
        odd = sorted(set(state.companies) ^ set(board.companies))
        return f"companies: {odd[0]!r} does not match the board" if odd else "companies: not in board order"
    playing = set(state.playing)
    for company, status in state.companies.items():
        if status in MARKERS:
            if status == ABSENT and not board.country_by_name[company.split("/", 1)[0]].absent_until_card:
                return f"companies.{company}: only the companies of L-5 and the Asteroid can be absent"
        elif status not in playing:
            return f"companies.{company}: {status!r} is not a corp still in the game"
    for company in state.vetoed:
        if company not in state.companies:
            return f"vetoed: unknown company {company!r}"
    return None


def _countries(state: GameState) -> str | None:
    playable = set(state.board.playable_countries)
    for table in ("controllers", "governments"):
        odd = sorted(set(getattr(state, table)) ^ playable)
        if odd:
            return f"{table}: {odd[0]!r} does not match the board's countries that can be controlled"
    playing = set(state.playing)
    for country, owner in state.controllers.items():
        if owner is not None and owner not in playing:
            return f"controllers.{country}: {owner!r} is not a corp still in the game"
    return None


def _turns(state: GameState) -> str | None:
    playing = set(state.playing)
    if state.active not in state.corps:
        return f"active: unknown corp {state.active!r}"
    if state.paid is not None and state.paid not in playing:
        return f"paid: {state.paid!r} is not a corp still in the game"
    if not 0 <= state.round <= MAX_ROUND:
        return f"round: must be from 0 to {MAX_ROUND}"
    for corp in state.to_act:
        if corp not in playing:
            return f"to_act: {corp!r} is not a corp still in the game"
    if state.phase == "setup":
        if state.round != 0 or any(n > 2 for n in Counter(state.to_act).values()):
            return "phase: the setup picks come before round 1, two per corp"
    elif state.phase == "rounds":
        if state.round < 1 or len(set(state.to_act)) != len(state.to_act):
            return "phase: in the rounds, each corp acts once a round from round 1"
    elif state.to_act or state.frames:
        return "phase: a game that is over has nobody left to act"
    if state.phase != "over" and not state.to_act and not state.frames:
        return "to_act: nobody is left to act and no decision is under way"
    return None


def _cards(state: GameState) -> str | None:
    spec = state.deck_spec.card_by_name
    places = [state.deck, state.discard, state.set_aside, state.in_play, *state.hands.values()]
    for cards in places:
        for card in cards:
            if card not in spec:
                return f"unknown card {card!r}"
    for card in state.in_play:
        if spec[card].effect != "lasting_rule" or state.in_play.count(card) > 1:
            return f"in_play: {card!r} is not a lasting card in play once"
    everywhere = Counter(c for cards in places for c in cards)
    if everywhere != Counter(state.deck_spec.all_cards):
        extra = everywhere - Counter(state.deck_spec.all_cards)
        missing = Counter(state.deck_spec.all_cards) - everywhere
        odd = sorted(extra or missing)[0]
        return (f"card conservation: {odd!r} is {'in more places than it has copies' if extra else 'missing'} "
                "(every card must be in the deck, a hand, the discard, in play or set aside, once)")
    return None


def _names(names, allowed, entry: str) -> str | None:
    for name in names:
        if name not in allowed:
            return f"{entry}: {name!r} is not a corp still in the game"
    return None


def _frames(state: GameState) -> str | None:
    playing = set(state.playing)
    board = state.board
    for i, frame in enumerate(state.frames):
        where = f"frames[{i}]"
        corps, countries, companies = [], [], []
        if isinstance(frame, AntitrustFrame):
            corps, companies = [frame.buyer, frame.owner], [frame.company]
        elif isinstance(frame, MercenaryFrame):
            corps = [frame.buyer] + ([frame.offer[0]] if frame.offer else [])
            companies = list(frame.used) + list(frame.offered_from)
            if frame.offer and not (type(frame.offer[1]) is int and 0 < frame.offer[1] <= MAX_AMOUNT
                                    and type(frame.offer[2]) is int and 0 <= frame.offer[2] <= MAX_AMOUNT):
                return f"{where}.offer: not a count and a price"
        elif isinstance(frame, WarFrame):
            corps = [frame.attacker, *frame.waiting, *frame.answered] + ([frame.defender] if frame.defender else [])
            countries = [frame.country]
            if not 0 <= frame.lent_to_defender <= MAX_AMOUNT:
                return f"{where}.lent_to_defender: out of range"
        elif isinstance(frame, SpoilsFrame):
            corps, countries = [frame.winner, frame.loser], [frame.country]
        elif isinstance(frame, PayoutFrame):
            corps = [*frame.waiting] + ([frame.by] if frame.by else [])
            if frame.industry not in board.industries:
                return f"{where}.industry: unknown industry {frame.industry!r}"
            for card in frame.modifiers + ([frame.card] if frame.card else []):
                if card not in state.deck_spec.card_by_name:
                    return f"{where}: unknown card {card!r}"
        elif isinstance(frame, AuctionFrame):
            corps, countries = [*frame.waiting, *frame.bids], [frame.country]
            for corp, bid in frame.bids.items():
                if corp in state.money and not (type(bid) is int and 0 <= bid <= state.money[corp]):
                    return f"{where}.bids.{corp}: not a bid {corp} can pay"
        elif isinstance(frame, ElectionFrame):
            corps, countries = [*frame.waiting, *frame.votes, *frame.votes.values()], [frame.country]
        elif isinstance(frame, LastCallFrame):
            corps = list(frame.waiting)
        elif isinstance(frame, TradeFrame):
            corps = [frame.offer.corp, frame.offer.to]
        problem = _names(corps, playing, where)
        if problem:
            return problem
        for country in countries:
            if country not in board.playable_countries:
                return f"{where}: {country!r} is not a country that can be controlled"
        for company in companies:
            if company not in state.companies:
                return f"{where}: unknown company {company!r}"
    return None
