"""The game protocol: what every game of the project offers everything built on it.

Bots, the tournament, the table service, the page shell and the conformance suite talk to a game
only through this surface, so a new game that offers it gets all of them (docs/kit.md; how to add
a game: docs/adding-a-game.md). It follows OpenSpiel's state (`current_player`, `legal_actions`,
`apply_action`, `is_terminal`, `returns`), PettingZoo's per-agent `observe` and boardgame.io's
`playerView`, in the project's words: a *seat* is a player's place at the table (a corp, a
corporation, a player), named by a string.

A game is a mutable object holding its start and every action since (the log is the truth: the
seed and the actions reproduce it exactly). Actions are small frozen values with a readable
`str`; `apply` is the checked door: it refuses an action the rules do not allow now with
`IllegalAction` (a ValueError saying why, in game terms) and leaves the game exactly as it was.

Optional, beyond the protocol: `score_sources() -> {seat: {source: amount}}`, where each seat's
score came from (the amounts add up to `scores()`); the page shell's results show it when a game
has it (MEGAcquire: starting cash, bonuses, sales, the final sale, stock bought). And
`takeback_depth() -> int`: how many of the last actions the table (`undo(None)`) may take back one
after another; with it the page shell's Undo takes back a human's action together with the bots'
answers after it (the card game: a bot passing priority after each of your moves), and the
conformance suite checks that each of those undos returns exactly to the game before
(`trailing_undoable` counts them from a game's per-action flags). With it, `takeback_refusal(index)
-> str` may say, in players' words, why the table may not take back the actions from `index` on
(MegaCorps: a secret bid or vote still sealed, or a reveal); the pages' Undo says so
(`widgets/shell/takeback.py`; a game without it gets a wording true of every game).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class LogLine(Protocol):
    """One line of a game's log: the round it happened in, its public text, the rule it applies
    (a reference into the game's rulings or rules help), and the text as one seat reads it (a
    seat reads its own secrets; `None` reads the public text)."""

    round: int
    text: str
    rule: str

    def for_seat(self, seat: str | None) -> str: ...


@runtime_checkable
class Game(Protocol):
    """A game in progress, as every consumer sees it."""

    @property
    def seats(self) -> list[str]:
        """Every seat in seating order (those out of the game included)."""

    @property
    def deciders(self) -> list[str]:
        """The seats that must decide now (several when they decide at once, in secret); [] when
        the game is over."""

    @property
    def decision(self) -> str:
        """Who must decide what, in one sentence."""

    @property
    def is_over(self) -> bool: ...

    def decision_kind(self) -> str:
        """What kind of decision is under way, as a stable word the pages lay out by (each game
        lists its words); "over" at the end."""

    def has_decision(self, seat: str) -> bool:
        """Whether `seat` has anything to decide now (it must decide, or may act unasked)."""

    @property
    def actions(self) -> list:
        """Every action applied since the start, in order (with the start, it replays the game)."""

    @property
    def log(self) -> list:
        """The log: `LogLine`s, oldest first."""

    def legal_actions(self, seat: str) -> list:
        """The actions `seat` may take now ([] when it has nothing to decide). For a decision with
        an open range (a bid, a note card) the list holds a representative, and `check` judges any
        value."""

    def check(self, action) -> None:
        """Raise IllegalAction (saying why, in game terms) unless `action` is legal now."""

    def apply(self, action) -> "Game":
        """Take `action` (returns the game). Raises IllegalAction and leaves the game unchanged."""

    def may_act_unasked(self, seat: str) -> bool:
        """Whether `seat` could act now without being asked (an any-time card, a trade offer):
        the bot driver asks such seats before the deciders. False in a game with no such acts."""

    def view(self, seat: str | None):
        """What `seat` may see (a pydantic model); None: what a spectator may see. Never another
        seat's hidden cards or any deck order."""

    def can_undo(self, seat: str | None = None) -> bool:
        """Whether `seat` (None: the table, in hot-seat) may take back its last action now."""

    def undo(self, seat: str | None = None):
        """Take back the last action (`seat`'s own, when given) and return it; raises
        IllegalAction when the undo policy refuses."""

    def preview(self, action) -> str:
        """What `action` would do, in game terms, without changing the game."""

    def public_text(self, action) -> str:
        """What every seat is told of `action` (a secret bid or note card: only that it was made)."""

    def scores(self) -> dict[str, int]:
        """Each seat's score (the game's measure of wealth; the highest wins)."""

    def winners(self) -> list[str]:
        """The seats that won (several on a shared victory); [] while the game goes on."""

    def to_json(self, seat: str | None = "*") -> str:
        """A save: "*" holds everything (to resume the game); a seat's save holds only what that
        seat may see."""


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows of one game: how to make, load and drive it, with nothing of its
    rules. Tools (tournament, table service, page shell, conformance suite) take a game by name
    and use only this and the `Game` protocol."""

    name: str
    title: str
    min_seats: int
    max_seats: int
    default_seats: tuple[str, ...]
    new_game: Callable[..., Game]
    """`new_game(seats, seed=None, options=None)`: a new game; ValueError for bad seats or options."""
    load_game: Callable[[str | bytes], Game]
    """A game from a save (`Game.to_json()`); BadSaveFile naming the bad entry."""
    action_to_dict: Callable[[Any], dict]
    action_from_dict: Callable[[dict], Any]
    """An action from its JSON form; ValueError (or IllegalAction) naming what is malformed."""
    bot_levels: Callable[[], dict[str, type]]
    """The game's computer players, name -> class (built as `cls(seed=...)`), weakest first."""
    random_action: Callable[[Game, str, random.Random], Any] | None = None
    """A legal action for `seat` drawn at random (for games whose decisions are open ranges);
    None: a uniform draw from `legal_actions`."""
    hidden_twins: Callable[[int], tuple[Game, Game, str]] | None = None
    """Two games at the start that differ only in what the returned seat cannot see (others'
    hands, the deck's order): the conformance suite checks that seat cannot tell them apart."""
    tournament_kind: Callable[..., Any] | None = None
    """`tournament_kind(options)`: the tournament runner's GameKind for this game (stats, series)."""
    options: Callable[[dict | None], Any] | None = None
    """Options from a dict (a pydantic model); ValueError naming a bad option."""
    seat_names: Callable[[int], list[str]] | None = None
    table: Any = None
    """The table service's questions beyond the protocol (`megacorps.kit.tables.TableParts`);
    None: the defaults, from the protocol alone."""
    view_model: Callable[[], type] | None = None
    """The class of `view(seat)` (a pydantic model), for clients that rebuild views from JSON."""
    extra: dict = field(default_factory=dict)

    @property
    def table_parts(self):
        """The table service's answers for this game (`TableParts`)."""
        if self.table is None:
            from .tables import TableParts
            return TableParts()
        return self.table

    def seats_for(self, n: int) -> list[str]:
        """The default seat names of an n-seat game. Raises ValueError outside the game's range."""
        if not self.min_seats <= n <= self.max_seats:
            raise ValueError(f"{self.title} is for {self.min_seats} to {self.max_seats} seats, not {n}")
        if self.seat_names is not None:
            return self.seat_names(n)
        return list(self.default_seats[:n])

    def pick_random_action(self, game: Game, seat: str, rng: random.Random):
        """A legal action for `seat` drawn with `rng`."""
        if self.random_action is not None:
            return self.random_action(game, seat, rng)
        return rng.choice(game.legal_actions(seat))


def seats_from(seats: Sequence[str], first: str) -> list[str]:
    """The seats clockwise starting at `first` (all of them, `first` included)."""
    i = list(seats).index(first)
    return list(seats[i:]) + list(seats[:i])


def trailing_undoable(undoable: Sequence[bool]) -> int:
    """How many of the last actions may be taken back one after another, from a game's per-action
    flags (True: the action showed nothing hidden): the optional `takeback_depth`."""
    depth = 0
    for flag in reversed(undoable):
        if not flag:
            break
        depth += 1
    return depth
