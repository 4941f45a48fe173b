"""Megacorp, the note-card game, in the kit's registry (`megacorps.kit.get("notecard")`): how
the tools make, load and drive it. Nothing of the rules is here."""
from __future__ import annotations

import random

from ..kit.protocol import GameSpec
from .options import DEFAULT_CORPS, MAX_PLAYERS, MIN_PLAYERS
from .tables import NotecardTable


def _new_game(seats: list[str], seed: int | None = None, options: dict | None = None):
    from . import new_game
    return new_game(seats, seed=seed, options=options)


def _load_game(text):
    from .game import Game
    return Game.from_json(text)


def _levels() -> dict:
    from .bots import LEVELS
    return dict(LEVELS)


def _random_action(game, seat: str, rng: random.Random):
    """A random note card: a note card is open-ended, so `legal_actions` lists only the empty one."""
    from .bots import random_card
    return random_card(game.view(seat, log=False), rng)


def _hidden_twins(seed: int):
    """Two games in which Jeff has handed in different note cards, not yet revealed: Maraya must
    not tell them apart (the moderator holds the cards face down until the last is in)."""
    from . import Allocate, new_game
    players = ["Maraya", "Jeff", "Ann"]
    first, second = new_game(players, seed=seed), new_game(players, seed=seed)
    first.apply(Allocate("Jeff", invest={"Industry 1": 10}))
    second.apply(Allocate("Jeff", sabotage={("Maraya", "Industry 2"): 3}))
    return first, second, "Maraya"


def _tournament_kind(options: dict | None = None):
    from .tournament import notecard_kind
    return notecard_kind(options)


def _options(values: dict | None):
    from .options import parse_options
    return parse_options(values)


def _action_to_dict(action) -> dict:
    return action.to_dict()


def _action_from_dict(data: dict):
    from .allocations import Allocate
    return Allocate.from_dict(data)


SPEC = GameSpec(
    name="notecard", title="Megacorp (the note-card game)", min_seats=MIN_PLAYERS, max_seats=MAX_PLAYERS,
    default_seats=tuple(DEFAULT_CORPS[:4]), new_game=_new_game, load_game=_load_game,
    action_to_dict=_action_to_dict, action_from_dict=_action_from_dict, bot_levels=_levels,
    random_action=_random_action, hidden_twins=_hidden_twins, tournament_kind=_tournament_kind,
    options=_options, seat_names=lambda n: list(DEFAULT_CORPS[:n]), table=NotecardTable(),
    view_model=lambda: __import__("megacorps.notecard.view", fromlist=["SeatView"]).SeatView,
)
