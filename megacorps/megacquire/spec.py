"""MEGAcquire in the kit's registry (`megacorps.kit.get("megacquire")`): how the tools make,
load and drive it. Nothing of the rules is here."""
from __future__ import annotations

import random

from ..kit.protocol import GameSpec
from .options import DEFAULT_SEATS, MAX_PLAYERS, MIN_PLAYERS
from .tables import MegacquireTable


def _new_game(seats: list[str], seed: int | None = None, options: dict | None = None):
    from . import new_game
    return new_game(seats, seed=seed, options=options)


def _load_game(text):
    from . import load_game
    return load_game(text)


def _levels() -> dict:
    from .bots import LEVELS
    return dict(LEVELS)


def _random_action(game, seat: str, rng: random.Random):
    """Any legal action but an early end (a random early end would cut most test games short)."""
    from .actions import ProposeEnd
    legal = game.legal_actions(seat)
    return rng.choice([a for a in legal if not isinstance(a, ProposeEnd)] or legal)


def _hidden_twins(seed: int):
    """Two new games alike but for the other players' tiles and the supply's order: the first
    player must not tell them apart."""
    from . import Game, new_state
    seats = list(DEFAULT_SEATS[:4])
    state, log = new_state(seats, seed=seed)
    me = state.order[0]
    twin = state.copy_deep()
    rng = random.Random(seed)
    others = [p for p in twin.order if p != me]
    pool = [t for p in others for t in twin.hands[p]] + twin.supply
    rng.shuffle(pool)
    for p in others:
        twin.hands[p], pool = pool[:len(twin.hands[p])], pool[len(twin.hands[p]):]
    twin.supply = pool
    return Game(state, log), Game(twin, log), me


def _options(values: dict | None):
    from .options import parse_options
    return parse_options(values)


def _action_to_dict(action) -> dict:
    from .actions import action_to_dict
    return action_to_dict(action)


def _action_from_dict(data: dict):
    from .actions import action_from_dict
    return action_from_dict(data)


SPEC = GameSpec(
    name="megacquire", title="MEGAcquire", min_seats=MIN_PLAYERS, max_seats=MAX_PLAYERS,
    default_seats=tuple(DEFAULT_SEATS[:4]), new_game=_new_game, load_game=_load_game,
    action_to_dict=_action_to_dict, action_from_dict=_action_from_dict, bot_levels=_levels,
    random_action=_random_action, hidden_twins=_hidden_twins, options=_options,
    seat_names=lambda n: list(DEFAULT_SEATS[:n]), table=MegacquireTable(),
    view_model=lambda: __import__("megacorps.megacquire.view", fromlist=["SeatView"]).SeatView,
)
