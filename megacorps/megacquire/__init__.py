"""MEGAcquire, Lloyd Solon's big hex-tile variant of Sid Sackson's Acquire: the rules engine.

Up to six players, $12,000 and twelve tiles each, companies of three price tiers founded, grown
and merged by tile play on a lettered hex board; majority and minority bonuses at every merger,
safe companies at 21 tiles, trading certificates in when short of cash, no 2-for-1 exchange.
The board, the companies and the price chart are reconstructions kept in data files
(`datafiles.py`); the readings of the rules that can go two ways are in
docs/rulings-megacquire.md.

    from megacorps import megacquire as mq
    game = mq.new_game(["Ada", "Bo", "Cy", "Dee"], seed=1)
    seat = game.deciders[0]
    game.apply(game.legal_actions(seat)[0])          # play the first playable tile
    game.view("Bo")                                  # what Bo may see
"""
from __future__ import annotations

from ..errors import BadDataFile, BadSaveFile, IllegalAction
from .actions import (Action, BuyShare, ChooseDefunct, ChooseSurvivor, Dispose, EndTurn, Found, NoPlay, PlayTile,
                      ProposeEnd, Vote, action_from_dict, action_to_dict)
from .datafiles import BoardData, ChartData, CompaniesData, load_board, load_chart, load_companies
from .game import Game
from .log import SETUP, LogEntry
from .options import DEFAULT_SEATS, MAX_PLAYERS, MIN_PLAYERS, Options, parse_options
from .setup import new_state, scenario_state
from .state import MegacquireState, Phase
from .view import SeatView

GAME_INFO = dict(name="megacquire", title="MEGAcquire", min_seats=MIN_PLAYERS, max_seats=MAX_PLAYERS,
                 default_seats=list(DEFAULT_SEATS[:4]))


def new_game(seats: list[str], seed: int | None = None, options: Options | dict | None = None) -> Game:
    """A new game for 3 to 6 players (seating order as given), after the opening draw and the
    deal. Raises ValueError naming the bad entry (BadDataFile for a bad board, company list or
    chart)."""
    state, log = new_state(seats, seed, options)
    return Game(state, log)


def scenario(seats: list[str], options: Options | dict | None = None, seed: int = 0, **position) -> Game:
    """A game from any position at the start of a turn, for lessons and tests (see
    setup.scenario_state for the keywords). Raises ValueError naming a bad entry."""
    from .tiles import turn_over_dead_tiles

    state = scenario_state(seats, options, seed, **position)
    log = [LogEntry(0, SETUP, f"A game from a set position: {state.options.describe()}")]
    turn_over_dead_tiles(state, log)  # a tile dead from the start is turned over at once (L75)
    return Game(state, log)


def load_game(text: str | bytes) -> Game:
    """The game a full save holds; raises BadSaveFile naming the first bad entry."""
    return Game.from_json(text)


__all__ = [
    "Action", "BadDataFile", "BadSaveFile", "BoardData", "BuyShare", "ChartData", "ChooseDefunct",
    "ChooseSurvivor", "CompaniesData", "Dispose", "EndTurn", "Found", "GAME_INFO", "Game", "IllegalAction",
    "LogEntry", "MegacquireState", "NoPlay", "Options", "Phase", "PlayTile", "ProposeEnd", "SeatView", "Vote",
    "action_from_dict", "action_to_dict", "load_board", "load_chart", "load_companies", "load_game",
    "new_game", "new_state", "parse_options", "scenario", "scenario_state",
]
