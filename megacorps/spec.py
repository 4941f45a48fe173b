"""MegaCorps in the kit's registry (`megacorps.kit.get("megacorps")`): how the tools make,
load and drive it. Nothing of the rules is here."""
from __future__ import annotations

import random

from .kit.protocol import GameSpec


def _new_game(seats: list[str], seed: int | None = None, options: dict | None = None):
    from . import new_game
    if options:
        raise ValueError(f"MegaCorps has no options (got {', '.join(map(str, options))}); "
                         "a board or deck of your own is loaded with mc.new_game(board=..., deck=...)")
    return new_game(seats, seed=seed)


def _load_game(text):
    from .game import Game
    return Game.from_json(text)


def _levels() -> dict:
    from .bots import LEVELS
    return dict(LEVELS)


def _hidden_twins(seed: int):
    """Two positions of round 1 that differ only in the card Globbo holds and the deck's order
    (the two cards swapped): Mokia must not tell them apart (Hidden information: hands, deck)."""
    from . import load_deck, scenario
    corps = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]
    names = [card.name for card in load_deck().cards]
    rng = random.Random(seed)
    rng.shuffle(names)
    mine, theirs, other, deck = names[0], names[1], names[2], names[3:]
    twins = [scenario(corps, hands={"Mokia": [mine], "Globbo": [held]}, deck=[top, *deck], seed=seed)
             for held, top in ((theirs, other), (other, theirs))]
    return twins[0], twins[1], "Mokia"


def _tournament_kind(options: dict | None = None):
    from .tournament import MEGACORPS
    if options:
        raise ValueError("MegaCorps has no options")
    return MEGACORPS


def _seat_names(n: int) -> list[str]:
    from . import CORPS
    return list(CORPS[:n])


def _action_to_dict(action) -> dict:
    from .actions import action_to_dict
    return action_to_dict(action)


def _action_from_dict(data: dict):
    from .actions import action_from_dict
    return action_from_dict(data)


SPEC = GameSpec(
    name="megacorps", title="MegaCorps", min_seats=3, max_seats=6,
    default_seats=("Mokia", "Globbo", "Nonintendo", "Lenogo"),
    new_game=_new_game, load_game=_load_game, action_to_dict=_action_to_dict,
    action_from_dict=_action_from_dict, bot_levels=_levels, hidden_twins=_hidden_twins,
    tournament_kind=_tournament_kind, seat_names=_seat_names,
)
