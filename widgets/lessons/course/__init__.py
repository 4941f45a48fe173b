"""The MegaCorps rules course: each lesson's positions, exercises and worked examples, by key
("05/best-payout"), so that a lesson notebook keeps only its text and one line of code per step
(`exercise("05/best-payout")`), in the game's language.

An `Exercise` holds its starting position, the corp the learner plays, its goal and how the goal
is judged, the opponents and how they react, and two lists of learner moves used by the tests:
`solution` (meets the goal) and `miss` (does not). Every exercise is driven both ways in
tests/lessons, and together the solutions practise every card and every kind of decision.
"""
from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from dataclasses import dataclass

import megacorps as mc

from ..goals import Goal, Verdict, WorkedExample
from ..moves import MoveMaker, TradeMaker
from ..show import board

__all__ = ["EXAMPLES", "EXERCISES", "POSITIONS", "Exercise", "example", "exercise", "position", "show"]


@dataclass(frozen=True)
class Exercise:
    key: str
    goal: str
    judge: Callable  # (before, after, moves) -> Verdict | (met, why)
    position: Callable[[], mc.Game]
    corp: str | None = None
    kinds: tuple[str, ...] | None = None
    opponents: Callable[[], dict] = dict
    until: Callable[[mc.Game], bool] | None = None
    solution: tuple = ()
    miss: tuple = ()
    preview: bool = True
    trade_answer: Callable | None = None  # a trade exercise: (game, offer) -> (accept, reason)
    extra: Callable | None = None  # (game) -> more first moves to offer than the decision lists

    @property
    def is_trade(self) -> bool:
        return self.trade_answer is not None

    def widget(self):
        game = self.position()
        goal = Goal(self.goal, self.judge)
        if self.is_trade:
            return TradeMaker(game, self.corp, judge=self.trade_answer, goal=goal)
        return MoveMaker(game, self.kinds, corp=self.corp, goal=goal, opponents=self.opponents(),
                         until=self.until, preview=self.preview, extra=self.extra)


EXERCISES: dict[str, Exercise] = {}
EXAMPLES: dict[str, Callable[[], None]] = {}
POSITIONS: dict[str, Callable[[], mc.Game]] = {}


def add_exercise(**fields) -> Exercise:
    ex = Exercise(**fields)
    if ex.key in EXERCISES:
        raise ValueError(f"two exercises named {ex.key!r}")
    EXERCISES[ex.key] = ex
    return ex


def add_example(key: str):
    """Decorator: register a worked example (a function that prints and asserts)."""
    def register(fn):
        EXAMPLES[key] = fn
        return fn
    return register


def add_position(key: str):
    def register(fn):
        POSITIONS[key] = fn
        return fn
    return register


def _load() -> None:
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")


def exercise(key: str):
    """The exercise `key` as a widget (a fresh copy of its position)."""
    _load()
    return EXERCISES[key].widget()


def example(key: str, after) -> WorkedExample:
    """The worked example `key`, shown after an attempt at `after` (widgets)."""
    _load()
    # it waits until each self-check above is done: a try left would be a try with the answer on screen
    return WorkedExample(EXAMPLES[key], after if isinstance(after, list) else [after], until_done=True)


def position(key: str) -> mc.Game:
    _load()
    return POSITIONS[key]()


def show(key: str, highlight=(), earnings: bool = True):
    """The board of position `key` (with a line per corp)."""
    return board(position(key), highlight=highlight, earnings=earnings)


def verdict(met: bool, yes: str, no: str) -> Verdict:
    return Verdict(bool(met), yes if met else no)


def money_gained(before: mc.Game, after: mc.Game, corp: str) -> int:
    return after.money(corp) - before.money(corp)


def new_log(before: mc.Game, after: mc.Game, corp: str | None = None) -> list[str]:
    return [e.for_corp(corp) for e in after.log[len(before.log):]]


_load()  # every lesson module registers its exercises, examples and positions
