"""What the table service asks a game beyond the protocol: the public record it sends to every
seat and the projector, and what a seat decides from. Every game gets these defaults, built from
the protocol alone; a game whose pages draw more (MegaCorps' board needs its public state) gives
its own `TableParts` in its spec. The service never imports a game: it asks the registry.
"""
from __future__ import annotations


def _seat_of(action) -> str | None:
    for name in ("corp", "seat", "player"):
        value = getattr(action, name, None)
        if isinstance(value, str):
            return value
    return None


class TableParts:
    """The table service's questions to a game, answered from the protocol."""

    def seat_of(self, action) -> str | None:
        """The seat that makes `action` (a seat's door may act only for its own seat)."""
        return _seat_of(action)

    def round(self, game) -> int:
        """The round (quarter, turn) the game is in: the round of its latest log line."""
        log = game.log
        return log[-1].round if log else 0

    def money(self, game) -> dict[str, int]:
        """Each seat's standing for the table's chart: its score."""
        return dict(game.scores())

    def step_record(self, game, action, round_before: int, said: str) -> list:
        """The public record of an action just applied: [round, seat, kind, what it did in public
        words (`said`: the game's public text of it, asked before it was applied), money after]
        and whatever the game's pages add."""
        kind = getattr(action, "kind", type(action).__name__)
        return [round_before, self.seat_of(action), kind, said, self.money(game)]

    def reason_is_public(self, game, step: int) -> bool:
        """Whether a bot's reason for action `step` may be shown to every seat: not when the action
        is secret (its public text hides something the reason would name)."""
        action = game.actions[step]
        return game.public_text(action) == str(action)

    def public(self, game) -> dict:
        """What every seat and the projector may see of the position, as JSON data."""
        return game.view(None).model_dump(mode="json", exclude={"log"})

    def setup(self, game) -> dict:
        """The public setup a page needs to draw the game (none by default)."""
        return {}

    def fingerprint(self, game, seat: str) -> tuple:
        """What `seat` decides from: when it changes, an action the seat chose earlier is stale."""
        return (tuple(game.legal_actions(seat)), game.may_act_unasked(seat))

    def extra_seat(self, game, seat: str, live: bool) -> dict:
        """Anything more a seat's page needs (e.g. whether it may offer a trade)."""
        return {"may_act_unasked": bool(live and game.may_act_unasked(seat))}

    def pinned_options(self, game) -> dict:
        """Options that pin what the game was set up with (a board or deck file that may change
        later), stored with the table so that it replays the same after an update."""
        return {}
