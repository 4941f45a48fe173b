"""Megacorp, the note-card game of quarters and sabotage: the rules engine.

A second, smaller game than MegaCorps, sharing its name: each quarter every corporation secretly
splits its money between investment in industries and sabotage of a rival's industry; the
moderator (here, the software) reveals and settles the note cards; the last corporation that
is not bankrupt wins. Two optional modules: Variable Yield Industries and Variable Industries.

    from megacorps import notecard as nc
    game = nc.new_game(["Maraya", "Jeff"], seed=1)
    game.deciders                                  # ['Maraya', 'Jeff']: both write at once
    game.apply(nc.Allocate("Maraya", invest={"Industry 1": 4, "Industry 2": 3, "Industry 3": 3}))
    game.apply(nc.Allocate("Jeff", invest={"Industry 1": 3, "Industry 2": 2, "Industry 3": 2},
                           sabotage={("Maraya", i): 1 for i in ("Industry 1", "Industry 2", "Industry 3")}))
    game.money("Maraya"), game.money("Jeff")       # (12, 21): the rules' example of play
"""
from __future__ import annotations

from ..errors import BadSaveFile, IllegalAction
from .allocations import ENTRY_COST, Allocate, Cost
from .game import AllocationLimits, Game, Seat
from .log import LogEntry
from .options import CORE_INDUSTRIES, DEFAULT_CORPS, MAX_PLAYERS, MIN_PLAYERS, Options, parse_options
from .state import IndustryLine, NotecardState, QuarterReport
from .setup import new_state, scenario_state
from .view import SeatView


def new_game(players: list[str], seed: int | None = None, options: Options | dict | None = None,
             **option_values) -> Game:
    """A new game for 2 to 6 corporations (seat order as given), ready for the first quarter's
    note cards. `options` (or keywords): variable_yield, variable_industries, starting_money,
    last_quarter (a house rule; None, the default: the rules' ending), deadlock_quarters,
    max_industries (a house limit; None: no limit but money). Raises ValueError for bad players
    or options."""
    if option_values:
        base = parse_options(options).model_dump() if options is not None else {}
        options = {**base, **option_values}
    return Game(new_state(players, seed, options))


def scenario(players: list[str], options: Options | dict | None = None, seed: int = 0, **position) -> Game:
    """Any position before a quarter's note cards, for lessons and tests. Keywords: money,
    quarter, bankrupt, industries (open), entered, and with Variable Yield top_cards (industry
    -> the next cards) and drawn (industry -> its face-up discard pile). Anything not given is
    as at the start. Raises ValueError naming a bad entry."""
    return Game(scenario_state(players, options, seed, **position))


__all__ = [
    "Allocate", "AllocationLimits", "BadSaveFile", "CORE_INDUSTRIES", "Cost", "DEFAULT_CORPS",
    "ENTRY_COST", "Game", "IllegalAction", "IndustryLine", "LogEntry", "MAX_PLAYERS", "MIN_PLAYERS",
    "NotecardState", "Options", "QuarterReport", "Seat", "SeatView", "new_game", "new_state",
    "scenario", "scenario_state",
]
