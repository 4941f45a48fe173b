"""How long each MEGAcquire lesson takes a newcomer, by the MegaCorps course's model
(widgets/lessons/timing.py: words read at READING_WPM, seconds per exercise, self-check answer and
free turn, half again for a miss):

    python -m widgets.megacquire.timing        # the table, in minutes

What is counted: the lesson's text; each exercise's goal, hint, explanation and verdict; each
self-check's question, hint and explanation; each worked example's output; the first game's coach
notes, its three guided turns (a few moves each) and its three free turns. An estimate from a stated
model, not a stopwatch.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

from widgets.lessons.timing import (ANSWER_SECONDS, DECISION_SECONDS, FOLLOW_UP_SECONDS, FREE_TURN_SECONDS,
                                    MISS_RATE, OPENING_SECONDS, READING_WPM, _words)

FOLDER = Path(__file__).resolve().parents[2] / "notebooks" / "megacquire"


def _first_game() -> tuple[int, float]:
    from .first_game import FREE_PLAY, STEPS, tutorial_game
    game = tutorial_game()
    words = _words(FREE_PLAY) + 250  # the verdicts, the refusals and the final account
    for step in STEPS:
        try:
            words += _words(step.text(game))
        except (TypeError, KeyError, AttributeError):  # a note naming the company founded: its length
            words += 90
    moves = sum(1 for s in STEPS if s.is_move)
    seconds = moves * DECISION_SECONDS * (1 + MISS_RATE) + moves * 3 * FOLLOW_UP_SECONDS + 3 * FREE_TURN_SECONDS
    return words, seconds


def estimate(path: Path) -> float:
    """Minutes for the notebook at `path`."""
    from . import course
    words, seconds = 0, OPENING_SECONDS
    for cell in json.loads(path.read_text())["cells"]:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            words += _words(text)
            continue
        for key in re.findall(r'exercise\("([^"]+)"\)', text):
            spec = course.EXERCISES[key]
            words += _words(spec.goal) + _words(spec.hint) * MISS_RATE + _words(spec.explain(spec.position())) \
                * MISS_RATE + 40
            seconds += DECISION_SECONDS * (1 + MISS_RATE) + FOLLOW_UP_SECONDS * (len(spec.solution) - 1)
        for key in re.findall(r'self_check\("([^"]+)"\)', text):
            check = course.CHECKS[key].check(key)
            words += _words(check.question) + _words(check.explanation) + MISS_RATE * _words(check.hint)
            seconds += ANSWER_SECONDS * (1 + MISS_RATE)
        for key in re.findall(r'worked\("([^"]+)"', text):
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                course.WORKED[key][1]()
            words += _words(buffer.getvalue())
        if "first_game()" in text:
            more_words, more_seconds = _first_game()
            words += more_words
            seconds += more_seconds
    return words / READING_WPM + seconds / 60


def table() -> list[tuple[str, int]]:
    """(notebook, whole minutes rounded up) for each lesson."""
    return [(p.name, int(-(-estimate(p) // 1))) for p in sorted(FOLDER.glob("[0-9][0-9]-*.ipynb"))]


if __name__ == "__main__":
    for name, minutes in table():
        print(f"{name:36} {minutes:3d} min")
