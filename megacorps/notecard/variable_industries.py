"""Variable Industries: corporations may branch out beyond the three core industries.

- Investing in an industry beyond one's current ones costs $1 million of entry, paid in the
  quarter of the investment (`allocations.cost`; the rest of the money invested there works as
  usual).
- A corporation that puts no money into an industry in a quarter must pay the cost of entry
  again to invest there later (`lapse_entries`).
- At the start everyone is in the core three. A new industry opens the first quarter anyone
  invests in it; with Variable Yield Industries, it gets its own yield stack then (ruling N6).
"""
from __future__ import annotations

from .state import NotecardState


def industries_to_open(state: NotecardState) -> list[str]:
    """Industries invested in by this quarter's note cards that were not open yet, in number order."""
    invested = {i for card in state.pending.values() for i in card.industries}
    return [i for i in state.options.industries if i in invested and i not in state.industries]


def lapse_entries(state: NotecardState) -> dict[str, list[str]]:
    """After a quarter: each corporation keeps its entry only where it invested at least $1M
    this quarter (in place). Returns the entries lost, per corporation."""
    lost: dict[str, list[str]] = {}
    for corp in state.solvent:
        card = state.pending.get(corp)
        now = [i for i in state.options.industries if card is not None and card.invested(i) >= 1]
        gone = [i for i in state.entered.get(corp, []) if i not in now]
        if gone:
            lost[corp] = gone
        state.entered[corp] = now
    return lost
