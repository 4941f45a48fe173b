"""Variable Yield Industries: a stack of multiplier cards per industry, drawn each quarter.

Each stack holds fifteen cards numbered 1 to 5 in the proportions the module sets (one 1, four
2s, five 3s, three 4s, two 5s). Before the moderator announces anything, one card is drawn from
every open industry's stack; its number is that industry's multiplier for the quarter. A stack
that has run out is made again from its own discard pile, shuffled (ruling N11).
"""
from __future__ import annotations

import random
from collections import Counter

from .state import NotecardState, YieldStack

# The module's balance: how many cards carry each multiplier.
COMPOSITION: dict[int, int] = {1: 1, 2: 4, 3: 5, 4: 3, 5: 2}
DECK: tuple[int, ...] = tuple(n for n, count in COMPOSITION.items() for _ in range(count))
CORE_MULTIPLIER = 3  # the core game: each $1M of net investment yields $3M

# The rules let players write whatever flavour text they like on the cards: ours.
FLAVOUR: dict[int, str] = {
    1: "Market crash",
    2: "Slow quarter",
    3: "Steady demand",
    4: "Boom",
    5: "Bubble",
}


def _rng(state: NotecardState, industry: str, shuffles: int) -> random.Random:
    """The chance of one shuffle, derived from the game's seed (a string seed hashes the same
    way in every process)."""
    return random.Random(f"megacorp-notecard/{state.seed}/{industry}/{shuffles}")


def new_stack(state: NotecardState, industry: str) -> YieldStack:
    """A freshly made and shuffled stack for `industry`."""
    cards = list(DECK)
    _rng(state, industry, 1).shuffle(cards)
    return YieldStack(draw=cards, discard=[], shuffles=1)


def draw(state: NotecardState, industry: str) -> tuple[int, bool]:
    """Draw the top card of `industry`'s stack into its discard pile (in place). Returns the
    multiplier and whether the stack had to be reshuffled from its discard pile first."""
    stack = state.stacks[industry]
    reshuffled = False
    if not stack.draw:
        stack.shuffles += 1
        cards = list(stack.discard)
        _rng(state, industry, stack.shuffles).shuffle(cards)
        stack.draw, stack.discard = cards, []
        reshuffled = True
    card = stack.draw.pop(0)
    stack.discard.append(card)
    return card, reshuffled


def remaining(discard: list[int]) -> Counter:
    """The cards still in a stack, known from its discard pile (every card not yet drawn since
    the last shuffle): public knowledge, what a careful player counts."""
    left = Counter(COMPOSITION)
    left.subtract(Counter(discard))
    return +left


def odds(discard: list[int]) -> dict[int, float]:
    """The chance of each multiplier on the next draw, given a stack's discard pile."""
    left = remaining(discard)
    if not left:  # the stack will be made again from all fifteen cards
        left = Counter(COMPOSITION)
    total = sum(left.values())
    return {n: left[n] / total for n in sorted(left)}


def expected_multiplier(discard: list[int]) -> float:
    """The expected multiplier of the next draw from a stack with this discard pile."""
    return sum(n * p for n, p in odds(discard).items())


def describe_card(multiplier: int) -> str:
    return f"\u201c{FLAVOUR[multiplier]}\u201d (\u00d7{multiplier})"
