"""Setup: a new game (each corporation starts with $10 million, in the core three industries),
or any position described by hand, for lessons and tests (`scenario`)."""
from __future__ import annotations

import random
from collections import Counter

from . import variable_yield
from .options import CORE_INDUSTRIES, Options, check_players, parse_options
from .state import NotecardState


def new_state(players: list[str], seed: int | None = None, options: Options | dict | None = None) -> NotecardState:
    """The position before the first note card. Raises ValueError for bad players or options."""
    players = check_players(list(players))
    options = parse_options(options)
    if seed is None:
        seed = random.SystemRandom().randrange(2**63)
    if type(seed) is not int:
        raise ValueError(f"the seed must be a whole number, not {seed!r}")
    state = NotecardState(players=players, options=options, seed=seed,
                          money={p: options.starting_money for p in players},
                          industries=list(CORE_INDUSTRIES),
                          # Variable Industries: everyone has already paid to enter the core three
                          entered={p: list(CORE_INDUSTRIES) for p in players})
    if options.variable_yield:
        state.stacks = {i: variable_yield.new_stack(state, i) for i in CORE_INDUSTRIES}
    return state


def scenario_state(players: list[str], options: Options | dict | None = None, seed: int = 0, *,
                   money: dict[str, int] | None = None, quarter: int = 1,
                   bankrupt: dict[str, int] | None = None, industries: list[str] | None = None,
                   entered: dict[str, list[str]] | None = None,
                   top_cards: dict[str, list[int]] | None = None,
                   drawn: dict[str, list[int]] | None = None) -> NotecardState:
    """A position in the middle of a game, before the quarter's note cards. Anything not given
    is as at the start. Variable Yield: `drawn`, industry -> the cards already drawn since its
    stack was shuffled (its face-up discard pile, oldest first); `top_cards`, industry -> the
    cards to draw next, first first. Both are taken out of that industry's stack, so that it
    stays one full deck. Raises ValueError naming a bad entry."""
    state = new_state(players, seed, options)
    opts = state.options
    state.quarter = quarter
    if money:
        for corp, amount in money.items():
            if corp not in state.players or type(amount) is not int or amount < 0:
                raise ValueError(f"money: bad entry {corp!r}: {amount!r}")
            state.money[corp] = amount
    for corp, when in (bankrupt or {}).items():
        if corp not in state.players:
            raise ValueError(f"bankrupt: {corp!r} is not a corporation of this game")
        state.bankrupt[corp] = when
        state.money[corp] = 0
    if industries is not None:
        unknown = [i for i in industries if i not in opts.industries]
        if unknown or not set(CORE_INDUSTRIES) <= set(industries):
            raise ValueError(f"industries: {unknown[0] if unknown else 'the core three must be open'!r}")
        state.industries = [i for i in opts.industries if i in industries]
    for corp, where in (entered or {}).items():
        if corp not in state.players or any(i not in opts.industries for i in where):
            raise ValueError(f"entered: bad entry {corp!r}: {where!r}")
        state.entered[corp] = [i for i in opts.industries if i in where]
    if opts.variable_yield:
        state.stacks = {i: variable_yield.new_stack(state, i) for i in state.industries}
        for industry in set(top_cards or {}) | set(drawn or {}):
            top, gone = list((top_cards or {}).get(industry, [])), list((drawn or {}).get(industry, []))
            if industry not in state.stacks:
                raise ValueError(f"top_cards/drawn: {industry!r} is not an open industry")
            if Counter(top + gone) - Counter(variable_yield.DECK):
                raise ValueError(f"top_cards/drawn: {top + gone!r} is more than a yield deck holds")
            rest = list(state.stacks[industry].draw)
            for card in top + gone:
                rest.remove(card)
            state.stacks[industry].draw = top + rest
            state.stacks[industry].discard = gone
    elif top_cards or drawn:
        raise ValueError("top_cards/drawn: Variable Yield Industries is not in play")
    return state
