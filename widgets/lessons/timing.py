"""How long each lesson takes a newcomer, worked out from what the lesson asks of them:

    python -m widgets.lessons.timing            # a table, in minutes
    python -m widgets.lessons.timing --write    # and the times in notebooks/README.md and each header

What is counted, for each notebook:

* reading, at READING_WPM words a minute: the lesson's text, and the text its widgets show (each
  exercise's goal and its verdict, each self-check's question, hint and explanation, each worked
  example's output, the first game's coach notes);
* deciding, DECISION_SECONDS for each exercise (plus MISS_RATE of a missed attempt and its Start
  over), FOLLOW_UP_SECONDS for each further move of its plan (a card, then the action it prepared),
  and ANSWER_SECONDS for each self-check answer (plus MISS_RATE of a second try);
* OPENING_SECONDS for opening the notebook and running its cells.

This is an estimate from a stated model, not a stopwatch: the figures in notebooks/README.md come
from it, and notebooks/README.md says so. Timing real newcomers should replace them.
"""
from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

READING_WPM = 200
DECISION_SECONDS = 40
FOLLOW_UP_SECONDS = 15
FREE_TURN_SECONDS = 90
ANSWER_SECONDS = 40
MISS_RATE = 0.5
OPENING_SECONDS = 30
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _words(text: str) -> int:
    return len(re.findall(r"[A-Za-z0-9€]+", re.sub(r"<[^>]+>", " ", text)))


def _cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def _source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def _first_game_seconds() -> tuple[int, int]:
    """Words and decisions of the guided first game: its coach notes, the verdicts, the free rounds."""
    from .tutorial import FREE_PLAY, STEPS
    words = sum(_words(s.text) for s in STEPS) + _words(FREE_PLAY) + 150  # + verdicts and the final table
    guided_moves = sum(1 for s in STEPS if s.is_move)
    info_steps = len(STEPS) - guided_moves
    # three free turns, open choices (FREE_TURN_SECONDS each), and about as many answers (payout windows,
    # vetoes, votes) to decide
    decisions = guided_moves * (1 + MISS_RATE) + 3 + info_steps * 0.25
    return words, round(decisions * DECISION_SECONDS + 3 * FREE_TURN_SECONDS)


def estimate(path: Path) -> dict[str, float]:
    """Minutes of reading, deciding and opening for the notebook at `path`."""
    from . import checkbook
    from .course import EXAMPLES, EXERCISES, _load
    _load()
    words, seconds = 0, OPENING_SECONDS
    book = checkbook()
    for cell in _cells(path):
        text = _source(cell)
        if cell["cell_type"] == "markdown":
            words += _words(text)
            continue
        for key in re.findall(r'exercise\("([^"]+)"\)', text):
            ex = EXERCISES[key]
            words += _words(ex.goal) + 60  # the goal, then what happened and the verdict
            seconds += DECISION_SECONDS * (1 + MISS_RATE) + FOLLOW_UP_SECONDS * (len(ex.solution) - 1)
        for key in re.findall(r'self_check\("([^"]+)"\)', text):
            check = book[key]
            words += _words(check.question) + _words(check.explanation) + MISS_RATE * _words(check.hint)
            seconds += ANSWER_SECONDS * (1 + MISS_RATE)
        for key in re.findall(r'example\("([^"]+)"', text):
            buffer = io.StringIO()
            with contextlib.redirect_stdout(buffer):
                EXAMPLES[key]()
            words += _words(buffer.getvalue())
        if "first_game()" in text:
            more_words, more_seconds = _first_game_seconds()
            words += more_words
            seconds += more_seconds
    reading = words / READING_WPM
    return {"reading": reading, "deciding": (seconds - OPENING_SECONDS) / 60, "opening": OPENING_SECONDS / 60,
            "total": reading + seconds / 60}


def table() -> list[tuple[str, int, dict]]:
    """(notebook, whole minutes rounded up, the parts) for the course and the programmers' notebooks
    of the lessons."""
    paths = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
    paths += [NOTEBOOKS / "programmers" / n for n in ("playing-from-code.ipynb", "positions-and-data.ipynb")]
    rows = []
    for path in paths:
        parts = estimate(path)
        rows.append((path.relative_to(NOTEBOOKS).as_posix(), int(-(-parts["total"] // 1)), parts))
    return rows


HEADER = re.compile(r"(\*(?:For programmers\. )?About )(\d+)( minutes)")


def write_times() -> None:
    """Put the model's minutes in notebooks/README.md (each row and the totals) and in each
    notebook's header line ("*About N minutes*"), so that the index and the lessons agree."""
    import nbformat
    readme_path = NOTEBOOKS / "README.md"
    readme = readme_path.read_text()
    rows = table()
    for name, minutes, _parts in rows:
        readme = re.sub(rf"(\({re.escape(name)}\) \| )\d+( min \|)", rf"\g<1>{minutes}\g<2>", readme)
        nb = nbformat.read(NOTEBOOKS / name, as_version=4)
        first = nb.cells[0]
        if HEADER.search(first.source):
            first.source = HEADER.sub(rf"\g<1>{minutes}\g<3>", first.source, count=1)
            nbformat.write(nb, NOTEBOOKS / name)
    minutes = dict((name, m) for name, m, _ in rows)
    course = sum(m for n, m in minutes.items() if n[:2].isdigit() and int(n[:2]) <= 14)
    everything = sum(m for n, m in minutes.items() if n[:2].isdigit())
    readme = re.sub(r"Zero to a finished game: \d+ minutes", f"Zero to a finished game: {minutes['00-first-game.ipynb']} minutes", readme)
    readme = re.sub(r"\(00 to 14\): about \d+ h \d+ min", f"(00 to 14): about {course // 60} h {course % 60} min", readme)
    readme = re.sub(r"the app, about \d+ h \d+ min", f"the app, about {everything // 60} h {everything % 60} min", readme)
    readme_path.write_text(readme)


if __name__ == "__main__":
    import sys
    if "--write" in sys.argv:
        write_times()
    total = 0
    for name, minutes, parts in table():
        total += minutes if name[:2].isdigit() and int(name[:2]) <= 14 else 0
        print(f"{name:40} {minutes:3d} min  (reading {parts['reading']:.1f}, deciding {parts['deciding']:.1f}, "
              f"opening {parts['opening']:.1f})")
    print(f"the rules course (00-14): {total} min")
