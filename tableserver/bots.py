"""The bots' one driver step (`mc.bots.next_move`, issue 8), with the bot protocol's Decision."""
from __future__ import annotations

try:
    from megacorps.bots import Decision, next_move
except ImportError:  # until the bots package lands on main: the same contract on mc.bots levels
    from dataclasses import dataclass

    @dataclass(frozen=True)
    class Decision:  # type: ignore[no-redef]
        action: object
        reason: str = ""

    def next_move(game, bots):  # type: ignore[no-redef]
        """The first bot that must decide now, and its choice; None when only humans must."""
        if game.is_over:
            return None
        for corp in game.deciders:
            if corp in bots:
                return corp, Decision(bots[corp].choose(game, corp))
        return None
