"""Winning Conditions: bankruptcy, the last corporation standing, and the agreed last quarter.

- A corporation with no money left after a quarter's settlement has nothing to allocate: it is
  bankrupt and out of the game, whatever emptied it (ruling N2).
- A corporation wins when every other one has gone bankrupt.
- If the last corporations all go bankrupt in the same quarter, they share the result: a draw
  (ruling N3).
- The rules' ending can be out of reach: without sabotage nobody can go bankrupt (every $1M
  invested returns at least $1M), and a corporation that keeps $1M back can never be knocked
  out. So after `deadlock_quarters` quarters in a row without a bankruptcy the table is
  deadlocked: the game ends and the richest corporation still in wins, equal money sharing the
  win (ruling N4). Each bankruptcy but the last restarts the count, so a game of n corporations
  lasts at most deadlock_quarters x (n - 1) quarters.
- The house rule of an agreed last quarter (ruling N4) ends it there instead, the richest
  winning; the deadlock is not counted then.
"""
from __future__ import annotations

from .log import BANKRUPTCY, DEADLOCK, LAST_QUARTER, WINNING, joined, money
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
    elif state.options.last_quarter is not None:
        if state.quarter >= state.options.last_quarter:
            _richest_wins(state, alive, f"quarter {state.quarter} was the last", LAST_QUARTER, log)
    else:
        calm = state.quarter - max(state.bankrupt.values(), default=0)
        if calm >= state.options.deadlock_quarters:
            _richest_wins(state, alive, f"{calm} quarters in a row without a bankruptcy: the table is "
                          "deadlocked", DEADLOCK, log)


def _richest_wins(state: NotecardState, alive: list[str], why: str, rule: str, log) -> None:
    best = max(state.money[c] for c in alive)
    top = [c for c in alive if state.money[c] == best]
    if len(top) == 1:
        text = f"{why}: {top[0]} wins with {money(best)}, the most money"
    else:
        text = f"{why}: {joined(top)} share the win with {money(best)} each"
    _end(state, top, text, rule, log)


def _end(state: NotecardState, winners: list[str], text: str, rule: str, log) -> None:
    state.over = True
    state.winners = winners
    state.end_reason = text
    log(rule, text[0].upper() + text[1:])

