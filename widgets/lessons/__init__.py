"""Widgets for the lesson notebooks (notebooks/*.ipynb), so that the lessons keep only their text
and a line or two of code per step.

Game-agnostic (the note-card game's lessons use them too):

* `checks.SelfCheck` / `checks.CheckBook`: self-checks whose answers live in a data file;
* `goals.Goal`, `goals.Verdict`: an exercise's goal and its judgement;
* `goals.worked_example`: a worked example shown after the learner's own attempt.

MegaCorps:

* `self_check(id)`: a self-check of this course (answers sealed in `widgets/lessons/data/checks.sealed.json`);
* `make_move(game, corp=..., goal=..., opponents=...)`: the learner plays one corp against
  opponents who react, toward a goal the widget checks (`moves.MoveMaker`);
* `TradeMaker`: offers of anything to an opponent who answers;
* `board(game)`, `show_log`, `print_payout`, `print_money`: what a position looks like;
* `first_game()`: the guided first game (`tutorial.py`).

Nothing here decides a rule: legality comes from `game.legal_actions`, results from
`game.apply` and the log (docs/engine.md).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from .checks import CheckBook, SelfCheck, parse_number
from .goals import Goal, Verdict, WorkedExample, keep_alive, worked_example
from .moves import MoveMaker, TradeMaker, make_move
from .opponents import Opponent
from .show import board, board_html, corps_html, print_money, print_payout, show_log

CHECKS_FILE = Path(__file__).with_name("data") / "checks.sealed.json"

__all__ = ["CHECKS_FILE", "CheckBook", "Goal", "MoveMaker", "Opponent", "SelfCheck", "TradeMaker",
           "Verdict", "WorkedExample", "board", "keep_alive", "board_html", "checkbook", "corps_html", "first_game",
           "make_move", "parse_number", "print_money", "print_payout", "self_check", "show_log",
           "worked_example"]


@lru_cache(maxsize=1)
def checkbook() -> CheckBook:
    """The MegaCorps course's self-checks."""
    return CheckBook(CHECKS_FILE)


def self_check(key: str) -> SelfCheck:
    """The self-check `key` of the MegaCorps course, as a widget."""
    return checkbook().widget(key)


def first_game(**options):
    """The guided first game (notebooks/00-first-game.ipynb)."""
    from .tutorial import FirstGame
    return FirstGame(**options)


# --- Keeping the lesson notebooks ------------------------------------------------------------

def refresh_notebook(path: str, timeout: int = 180) -> None:
    """Run a lesson notebook in a fresh kernel (raises RuntimeError if a cell fails) and store
    it the way it is committed: no outputs, no widget state, cell metadata kept (the rules
    course folds its code cells)."""
    import os

    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    nb = nbformat.read(path, as_version=4)
    folder = os.path.dirname(os.path.abspath(path))
    ExecutePreprocessor(timeout=timeout, kernel_name="python3").preprocess(nb, {"metadata": {"path": folder}})
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if any(o.output_type == "error" for o in cell.outputs):
            raise RuntimeError(f"{path}: a cell failed:\n{cell.source}")
        cell.outputs, cell.execution_count = [], None
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)
