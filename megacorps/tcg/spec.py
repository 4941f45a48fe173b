"""Megacorp, the trading card game, in the kit's registry (`megacorps.kit.get("tcg")`): how the
tools make, load and drive it. Nothing of the rules is here."""
from __future__ import annotations

import random

from ..kit.protocol import GameSpec
from . import GAME_INFO
from .tables import TcgTable


def _new_game(seats: list[str], seed: int | None = None, options: dict | None = None):
    from .game import new_game
    return new_game(seats, seed=seed, options=options)


def _load_game(text):
    from .saves import load_game
    return load_game(text)


def _levels() -> dict:
    from .bots import LEVELS
    return dict(LEVELS)


def _random_action(game, seat: str, rng: random.Random):
    """As the Random level plays: something other than passing half the time it can."""
    from .actions import Pass
    actions = game.legal_actions(seat)
    busy = [a for a in actions if not isinstance(a, Pass)]
    return rng.choice(busy) if busy and rng.random() < 0.5 else rng.choice(actions)


def _hidden_twins(seed: int):
    """Two positions alike in all Ana can see: Nick's hand and both decks' order differ."""
    from .game import scenario
    base = {"active": "Ana", "phase": "buy", "money": {"Ana": 6, "Nick": 6},
            "networks": {"Nick": [{"id": "G5", "at": [0, 1]}]},
            "resources": {"Ana": ["RN1", "RN2"], "Nick": ["RN1", "RG1"]}}
    options = {"decks": ["incarnes", "gnosts"]}
    one = scenario(dict(base, hands={"Ana": ["X7"], "Nick": ["G6", "N2"]},
                        mains={"Ana": ["I1"] * 3, "Nick": ["G1", "G13", "G2"]}), seed=seed, options=options)
    two = scenario(dict(base, hands={"Ana": ["X7"], "Nick": ["G13", "G9"]},
                        mains={"Ana": ["I1"] * 3, "Nick": ["G2", "G1", "G13"]}), seed=seed + 1, options=options)
    return one, two, "Ana"


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
    name=GAME_INFO["name"], title=GAME_INFO["title"], min_seats=GAME_INFO["min_seats"],
    max_seats=GAME_INFO["max_seats"], default_seats=tuple(GAME_INFO["default_seats"]),
    new_game=_new_game, load_game=_load_game, action_to_dict=_action_to_dict,
    action_from_dict=_action_from_dict, bot_levels=_levels, random_action=_random_action,
    hidden_twins=_hidden_twins, options=_options, table=TcgTable(),
    view_model=lambda: __import__("megacorps.tcg.view", fromlist=["SeatView"]).SeatView,
)
