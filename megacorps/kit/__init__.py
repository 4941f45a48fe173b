"""The kit every game of the project is built on: the game protocol (`protocol`), the registry
of games by name (`registry`), sealed saves (`saves`), the bot protocol and driver (`bots`) and
the conformance suite every game passes (`conformance`). The tournament runner is
`megacorps.tournament`; the page shell is `widgets.shell`... see docs/kit.md.

    from megacorps import kit
    game = kit.make("notecard", seed=1)
"""
from __future__ import annotations

from .protocol import Game, GameSpec, LogLine
from .registry import get, make, names, register

__all__ = ["Game", "GameSpec", "LogLine", "get", "make", "names", "register"]
