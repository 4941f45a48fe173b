"""Winning Conditions: bankruptcy, the last corporation standing, and the agreed last quarter.

- A corporation with no money left after a quarter's settlement has nothing to allocate: it is
  bankrupt and out of the game, whatever emptied it (ruling N2).
- A corporation wins when every other one has gone bankrupt.
- If the last corporations all go bankrupt in the same quarter, they share the result: a draw
  (ruling N3).
- With an agreed last quarter (ruling N4), the richest corporation still in wins when it ends;
  equal money shares the win.
"""
from __future__ import annotations

from .log import BANKRUPTCY, LAST_QUARTER, WINNING, joined, money
from .state import NotecardState


def declare_bankruptcies(state: NotecardState, log) -> list[str]:
    """Mark every solvent corporation with no money as bankrupt this quarter (in place)."""
    broke = [c for c in state.solvent if state.money[c] == 0]
    for corp in broke:
        state.bankrupt[corp] = state.quarter
        log(BANKRUPTCY, f"{corp} has no money left to allocate: it is bankrupt and out of the game", (corp, None))
    return broke


def check_end(state: NotecardState, went_bankrupt: list[str], log) -> None:
    """End the game if the quarter just settled decided it (in place)."""
    alive = state.solvent
    if len(alive) == 1:
        _end(state, alive, f"{alive[0]} wins: every other corporation has gone bankrupt", WINNING, log)
    elif not alive:
        names = joined(went_bankrupt)
        _end(state, list(went_bankrupt),
             f"{names} went bankrupt in the same quarter: nobody is left standing, and they share "
             "a draw (ruling N3)", WINNING, log)
    elif state.options.last_quarter is not None and state.quarter >= state.options.last_quarter:
        best = max(state.money[c] for c in alive)
        top = [c for c in alive if state.money[c] == best]
        if len(top) == 1:
            text = f"quarter {state.quarter} was the last: {top[0]} wins with {money(best)}, the most money"
        else:
            text = (f"quarter {state.quarter} was the last: {joined(top)} share the win with "
                    f"{money(best)} each")
        _end(state, top, text, LAST_QUARTER, log)


def _end(state: NotecardState, winners: list[str], text: str, rule: str, log) -> None:
    state.over = True
    state.winners = winners
    state.end_reason = text
    log(rule, text[0].upper() + text[1:])

