"""Setting Up: a new game from a seed, or any position described by hand (`scenario`)."""
from __future__ import annotations

import random
from collections.abc import Iterable, Mapping

from .board import Board, Deck, Government, check_pair, load_board, load_deck
from .invariants import MAX_AMOUNT
from .log import Step
from .state import ABSENT, MARKERS, SYNDICALIZED, UNOWNED, GameState


def _check_corps(corps: list[str], board: Board) -> None:
    if not 3 <= len(corps) <= 6:
        raise ValueError(f"MegaCorps is for 3 to 6 corps, not {len(corps)}")
    for corp in corps:
        if corp not in board.corp_names:
            raise ValueError(f"unknown corp {corp!r} (the corps are {', '.join(board.corp_names)})")
    if len(set(corps)) != len(corps):
        raise ValueError("each corp can be played only once")


def empty_board_state(corps: list[str], board: Board, deck: Deck) -> GameState:
    """Markers as printed on the board before anyone acts: starting governments, absent and
    syndicalized neutral companies, no controllers. (Built and validated once per board, deck
    and seating; each game gets a copy with its own tables.)"""
    key = ("empty board", tuple(corps), id(deck))
    template = board.actions.get(key)
    if template is None or template.deck_spec is not deck:
        template = board.actions[key] = _empty_board_state(corps, board, deck)
    state = template.clone()
    d = state.__dict__
    for name in ("controllers", "governments", "hands"):
        d[name] = dict(d[name])
    for name in ("corps", "departed", "deck", "discard", "set_aside", "to_act", "vetoed", "in_play"):
        d[name] = list(d[name])
    return state


def _empty_board_state(corps: list[str], board: Board, deck: Deck) -> GameState:
    companies = {}
    for country in board.countries:
        for company in board.companies_of_country[country.name]:
            if country.absent_until_card:
                companies[company] = ABSENT
            elif country.starts_syndicalized:
                companies[company] = SYNDICALIZED
            else:
                companies[company] = UNOWNED
    state = GameState(
        corps=list(corps), money={c: board.starting_money for c in corps},
        mercenaries={c: board.starting_mercenaries for c in corps}, hands={c: [] for c in corps},
        deck=[], companies=companies,
        controllers={c: None for c in board.playable_countries},
        governments={c.name: c.government for c in board.countries if not c.neutral},
        active=corps[0], to_act=[])
    return state.attach(board, deck)


def new_game_state(corps: list[str], seed: int | None, board: Board | None = None,
                   deck: Deck | None = None, quiet: bool = False) -> tuple[GameState, Step]:
    """Setting Up, steps 1-8: everything chance decides, ready for the free company picks.
    `quiet`: keep no log (for the simulator)."""
    board = board or load_board()
    deck = deck or load_deck()
    check_pair(board, deck)
    corps = list(corps)
    _check_corps(corps, board)
    rng = random.Random(seed)
    state = empty_board_state(corps, board, deck)
    step = Step(state) if not quiet else _quiet_step(state)

    cards = list(deck.all_cards)
    rng.shuffle(cards)
    state.active = rng.choice(corps)
    step.log("{} draws the Active Player card and will start", "Setting Up", state.active)
    for spec in board.corps:
        if spec.name in corps and spec.starts_with:
            state.controllers[spec.starts_with] = spec.name
    cup = list(corps)
    for country in board.random_start_countries:
        owner = rng.choice(cup)
        cup.remove(owner)  # the second draw is made without the first marker
        state.controllers[country] = owner
        step.log("{} is drawn from the cup and controls {}", "Setting Up", owner, country)

    table = board.starting_cards_by_countries
    for corp in state.corps_from(state.active):
        held = len(state.countries_of(corp))
        n = table[min(held, len(table) - 1)]
        state.hands[corp] = [cards.pop(0) for _ in range(n)]
        if n:
            step.log("{} controls {} countr{} and draws {} card{}", "Setting Up",
                     corp, held, "y" if held == 1 else "ies", n, "s" if n > 1 else "",
                     secret={corp: ("{} controls {} countr{} and draws {}",
                                    (corp, held, "y" if held == 1 else "ies", ", ".join(state.hands[corp])))})
    size = board.deck_size_by_players[len(corps)]
    state.deck, state.set_aside = cards[:size], cards[size:]
    step.log("The event deck holds {} cards; {} go back in the box unseen", "Setting Up",
             size, len(state.set_aside))
    state.phase = "setup"
    state.round = 0
    order = state.corps_from(state.active)
    state.to_act = order + order  # two rounds of free picks, clockwise from the active corp
    return state, step


def _quiet_step(state: GameState):
    from .simulator import _Quiet
    return _Quiet(state)


def _known(kind: str, name: str, known: Iterable[str]) -> None:
    known = list(known)
    if name not in known:
        raise ValueError(f"scenario: unknown {kind} {name!r}")


def scenario_state(corps: list[str], companies: Mapping[str, str] | None = None,
                   countries: Mapping[str, str | None] | None = None,
                   governments: Mapping[str, str] | None = None,
                   money: Mapping[str, int] | None = None,
                   mercenaries: Mapping[str, int] | None = None,
                   hands: Mapping[str, list[str]] | None = None, paid: str | None = None,
                   in_play: list[str] | None = None, deck: list[str] | None = None,
                   seed: int | None = 0, round: int = 1, board: Board | None = None,
                   deck_spec: Deck | None = None) -> GameState:
    """Any position in the middle of a round: `corps[0]` holds the Active Player card and is
    about to take its action; the others follow in list order."""
    board = board or load_board()
    deck_spec = deck_spec or load_deck()
    check_pair(board, deck_spec)
    corps = list(corps)
    _check_corps(corps, board)
    state = empty_board_state(corps, board, deck_spec)
    state.mercenaries = {c: 0 for c in corps}  # a scenario starts with none unless given
    pool = list(deck_spec.all_cards)  # cards not in play or in hands form the default deck

    def take(card: str) -> None:  # every card is somewhere, once (card conservation)
        _known("card", card, deck_spec.card_by_name)
        if card not in pool:
            raise ValueError(f"scenario: more copies of {card!r} than the deck holds "
                             f"({deck_spec.card_by_name[card].copies})")
        pool.remove(card)

    for card in in_play or []:  # cards played earlier: lasting ones stay in play
        take(card)
        spec = deck_spec.card_by_name[card]
        if spec.effect == "lasting_rule":
            state.in_play.append(card)
        else:
            state.discard.append(card)
            if spec.effect == "bring_into_existence":
                state.set_company(str(spec.params["company"]), UNOWNED)
    statuses = set(MARKERS) - {ABSENT} | set(corps)
    for company, status in (companies or {}).items():
        _known("company", company, board.companies)
        if status not in statuses:
            raise ValueError(f"scenario: {company}: status {status!r} is neither a corp in the game "
                             "nor unowned / nationalized / syndicalized")
        state.set_company(company, status)
    for country, owner in (countries or {}).items():
        _known("country (neutral places cannot be controlled)", country, board.playable_countries)
        if owner is not None:
            _known("corp", owner, corps)
        state.controllers[country] = owner
    for country, government in (governments or {}).items():
        _known("country", country, board.playable_countries)
        state.governments[country] = Government(government)
    for field, values in (("money", money), ("mercenaries", mercenaries)):
        for corp, amount in (values or {}).items():
            _known("corp", corp, corps)
            if type(amount) is not int or amount < 0:
                raise ValueError(f"scenario: {field} of {corp} must be a whole number and cannot be negative")
            if amount > MAX_AMOUNT:
                raise ValueError(f"scenario: {field} of {corp} is more than {MAX_AMOUNT:,}")
            getattr(state, field)[corp] = amount
    for corp, cards in (hands or {}).items():
        _known("corp", corp, corps)
        for card in cards:
            take(card)
        state.hands[corp] = list(cards)
    if paid is not None:
        _known("corp", paid, corps)
    state.paid = paid
    if deck is None:
        random.Random(seed).shuffle(pool)
        deck, pool = pool, []
    else:
        for card in deck:
            take(card)
    state.deck = list(deck)
    state.set_aside = pool  # the cards of the box not used in this position
    state.round = round
    state.phase = "rounds"
    state.active = corps[0]
    state.to_act = list(corps)
    return state
