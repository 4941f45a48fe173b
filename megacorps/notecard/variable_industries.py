"""Variable Industries: corporations may branch out beyond the three core industries.

- Investing in an industry beyond one's current ones costs $1 million of entry, paid in the
  quarter of the investment (`allocations.cost`; the rest of the money invested there works as
  usual).
- A corporation that puts no money into an industry in a quarter must pay the cost of entry
  again to invest there later (`lapse_entries`).
- At the start everyone is in the core three. Anyone may branch into another industry at any
  time, one it creates or one another corporation created: there is no limit but money (ruling
  N6). A new industry opens the first quarter anyone invests in it; with Variable Yield
  Industries, it gets its own yield stack then.
"""
from __future__ import annotations

from .options import NEW_OFFERED, industry_number
from .state import NotecardState


def offered(state: NotecardState) -> list[str]:
    """The industries a note card form (or a bot) offers now: every open one and the next few
    not opened yet (the engine accepts any industry of the game; these are enough for a card)."""
    new = [i for i in state.options.industries if i not in state.industries][:NEW_OFFERED]
    return list(state.industries) + new if state.options.variable_industries else list(state.industries)


def industries_to_open(state: NotecardState) -> list[str]:
    """Industries invested in by this quarter's note cards that were not open yet, in number order."""
    invested = {i for card in state.pending.values() for i in card.industries}
    return sorted(invested - set(state.industries), key=industry_number)


def lapse_entries(state: NotecardState) -> dict[str, list[str]]:
    """After a quarter: each corporation keeps its entry only where it invested at least $1M
    this quarter (in place). Returns the entries lost, per corporation."""
    lost: dict[str, list[str]] = {}
    for corp in state.solvent:
        card = state.pending.get(corp)
        now = sorted((i for i in card.industries if card.invested(i) >= 1), key=industry_number) if card else []
        gone = [i for i in state.entered.get(corp, []) if i not in now]
        if gone:
            lost[corp] = gone
        state.entered[corp] = now
    return lost
