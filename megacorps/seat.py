"""A seat at the table: the door through which one corp plays, seeing only what it may see.

`Game` itself is the table: it holds every hand and the deck, and its calls answer with full
information (the table service, tests and the hot-seat app use it). `game.seat(corp)` is what a
remote player, a bot that must not peek, or a client of the table service gets: its calls
reveal nothing that corp may not see (docs/engine.md, "The table and the seats").
"""
from __future__ import annotations

from .actions import Action
from .errors import IllegalAction
from .view import CorpView


class Seat:
    """One corp's door to a game: its view, its choices, its actions, and nothing else."""

    __slots__ = ("game", "corp")

    def __init__(self, game, corp: str):
        if corp not in game.state.corps:
            raise ValueError(f"{corp!r} is not playing in this game (the corps are "
                             f"{', '.join(game.state.corps)})")
        self.game = game
        self.corp = corp

    def view(self) -> CorpView:
        """Everything this corp may see: the public table, its own hand, its own secrets."""
        return self.game.view(self.corp)

    def legal_actions(self) -> list[Action]:
        """This corp's choices now: its decision, if it has one, plus the any-time cards it may
        play and leaving. Trade offers are checked by `apply`."""
        return self.game.legal_actions(self.corp)

    def ranges(self) -> list:
        """The whole ranges of amounts its decision accepts (`Game.ranges`)."""
        return self.game.ranges(self.corp)

    def may_offer_trades(self) -> bool:
        return self.game.may_offer_trades(self.corp)

    @property
    def deciders(self) -> list[str]:
        return self.game.deciders

    @property
    def decision(self) -> str:
        return self.game.decision

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def apply(self, action: Action) -> None:
        """Apply this corp's action. An action in another corp's name is refused before anything
        about it is looked at, so a refusal never tells what another hand holds."""
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not a MegaCorps action")
        if action.corp != self.corp:
            raise IllegalAction(f"{self.corp}'s seat acts only for {self.corp}, not for {action.corp!r}")
        self.game.apply(action)

    def can_undo(self) -> bool:
        return self.game._can_undo_for(self.corp)

    def undo(self) -> Action:
        """Take back this corp's own last action (it must be the last one taken in the game),
        including a secret bid or vote while the others are still deciding. Raises
        IllegalAction otherwise."""
        return self.game._undo_for(self.corp)
