"""The registry: every game of the project by name (`megacorps`, `notecard`, ...).

    from megacorps import kit
    kit.names()                                   # ['megacorps', 'notecard', ...]
    game = kit.make("notecard", seed=3)            # default seats
    spec = kit.get("megacorps")                    # how to load, drive and rate it

Built-in games register lazily (a game's package is imported the first time it is asked for),
so importing the kit costs nothing; `register(spec)` adds any other game, e.g. one of a
player's own, which every tool then finds by name (OpenSpiel's `register_game`, Pgx's `make`).
"""
from __future__ import annotations

import importlib

from .protocol import Game, GameSpec

# name -> "module:attribute" of its GameSpec, imported on first use
BUILTIN: dict[str, str] = {
    "megacorps": "megacorps.spec:SPEC",
    "notecard": "megacorps.notecard.spec:SPEC",
    "megacquire": "megacorps.megacquire.spec:SPEC",
    "tcg": "megacorps.tcg.spec:SPEC",
}
_SPECS: dict[str, GameSpec] = {}


def register(spec: GameSpec, replace: bool = False) -> GameSpec:
    """Add `spec` to the registry under `spec.name`. Raises ValueError when the name is taken
    (unless `replace`)."""
    if not replace and (spec.name in _SPECS or spec.name in BUILTIN and _loaded(spec.name) is not spec):
        raise ValueError(f"a game named {spec.name!r} is already registered")
    _SPECS[spec.name] = spec
    return spec


def _loaded(name: str) -> GameSpec | None:
    if name in _SPECS:
        return _SPECS[name]
    if name in BUILTIN:
        module, _, attr = BUILTIN[name].partition(":")
        _SPECS[name] = getattr(importlib.import_module(module), attr)
        return _SPECS[name]
    return None


def names() -> list[str]:
    """The registered games' names, built-in ones first."""
    return list(BUILTIN) + [n for n in _SPECS if n not in BUILTIN]


def get(name: str) -> GameSpec:
    """The spec of the game called `name`. Raises ValueError naming the known games."""
    spec = _loaded(name)
    if spec is None:
        raise ValueError(f"no game called {name!r}: the games are {', '.join(names())}")
    return spec


def make(name: str, seats: list[str] | int | None = None, seed: int | None = None,
         options: dict | None = None) -> Game:
    """A new game of `name`: `seats` names them (or counts them; None: the default seats)."""
    spec = get(name)
    if seats is None:
        seats = list(spec.default_seats)
    elif isinstance(seats, int):
        seats = spec.seats_for(seats)
    return spec.new_game(list(seats), seed=seed, options=options)
