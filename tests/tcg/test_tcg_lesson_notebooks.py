"""The card game's lesson notebooks (notebooks/tcg/NN-*.ipynb) as files, read as a newcomer reads
them: stored without outputs, each leading to the next and the last to the card game's page, every
task used, and no word of the game used before a lesson says what it means. Running them is nbval's
job (scripts/run-tests.sh)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from widgets.tcg.lessons import TASKS

FOLDER = Path(__file__).resolve().parents[2] / "notebooks" / "tcg"
LESSONS = sorted(FOLDER.glob("[0-9][0-9]-*.ipynb"))


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def markdown(path: Path) -> str:
    return "\n".join("".join(c["source"]) for c in cells(path) if c["cell_type"] == "markdown")


def test_three_lessons_stored_clean_each_leading_to_the_next_the_last_to_the_game():
    assert [p.name[:2] for p in LESSONS] == ["01", "02", "03"]
    for i, path in enumerate(LESSONS):
        for cell in cells(path):
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, path.name
        text = markdown(path)
        assert "## Recap" in text, path.name
        following = f"({LESSONS[i + 1].name})" if i + 1 < len(LESSONS) else "(play.ipynb)"
        assert following in text.split("## Recap")[1], f"{path.name} ends by pointing to {following}"


def test_every_task_is_used_once():
    used = [k for path in LESSONS for c in cells(path) if c["cell_type"] == "code"
            for k in re.findall(r'task\("([^"]+)"\)', "".join(c["source"]))]
    assert sorted(used) == sorted(TASKS)


NOWHERE = (len(LESSONS), 0)


def first(pattern: str) -> tuple[int, int]:
    """Where `pattern` (a regular expression) first matches in the lessons' text: (lesson, character);
    NOWHERE when it does not."""
    for n, path in enumerate(LESSONS):
        found = re.search(pattern, markdown(path))
        if found:
            return n, found.start()
    return NOWHERE


def test_the_game_words_are_explained_where_they_first_appear():
    # a lesson explains a term where it puts it in bold, in italics (the rules' own word) or in a heading
    def explained(word):
        return min(first(p) for p in (rf"\*\*{word}\*\*", rf"\*{word}\*", rf"(?im)^#+ (?=.*\b{word}\b)"))
    for word in ("engaged", "ready", "Accounting", "resource deck", "main deck", "Divest", "End", "retaliate"):
        used = first(rf"\b{word}\b")
        assert used != NOWHERE and explained(word) <= used, f"{word!r} is used before it is explained"


def test_the_phases_lesson_01_promises_are_all_taught():
    promised = re.findall(r"\*\*(\w+)\*\*", markdown(LESSONS[0]).split("Then come the")[1].splitlines()[0])
    assert promised == ["Buy", "Challenge", "Divest", "End"]
    later = markdown(LESSONS[1])
    for phase in promised:
        assert f"**{phase}**" in later, phase


def test_a_fizzle_is_about_the_card_an_item_comes_from_not_its_target():
    # L732-733 and ruling A23: an effect fizzles when its source leaves play; a missing target is not a fizzle
    sentence = next(s for s in markdown(LESSONS[2]).split("\n* ") if "*fizzles*" in s)
    assert "comes from leaves play" in sentence and "whose target has left play" not in sentence


def test_an_event_is_said_to_take_a_slot_before_the_position_shows_one():
    text = markdown(LESSONS[2])
    said = text.find("put it into an empty slot of a network")
    assert 0 <= said < text.find("## Try it")
