"""The note-card lessons (notebooks/notecard/NN-*.ipynb) and their widgets: every exercise judged
with a miss then a hit, every self-check with a wrong then a right answer, worked examples locked
until an attempt, and no answer readable in a notebook before the learner tries. Running the
notebooks is nbval's job (scripts/install-and-test.sh)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from widgets.notecard.lessons import EXERCISES, WORKED, checkbook, exercise, self_check, worked

FOLDER = Path(__file__).resolve().parents[2] / "notebooks" / "notecard"
LESSONS = sorted(FOLDER.glob("[0-9][0-9]-*.ipynb"))


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def text_of(cell: dict) -> str:
    return "".join(cell["source"])


def test_three_lessons_stored_clean_and_linked():
    assert [p.name[:2] for p in LESSONS] == ["01", "02", "03"]
    readme = (FOLDER / "README.md").read_text()
    for i, path in enumerate(LESSONS):
        nb = json.loads(path.read_text())
        assert "widgets" not in nb["metadata"]
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and len(text_of(cell).splitlines()) <= 12
        markdown = "\n".join(text_of(c) for c in nb["cells"] if c["cell_type"] == "markdown")
        assert "## Recap" in markdown and f"({path.name})" in readme
        if i + 1 < len(LESSONS):
            assert f"({LESSONS[i + 1].name})" in markdown
        code = "\n".join(text_of(c) for c in nb["cells"] if c["cell_type"] == "code")
        assert "self_check(" in code and "exercise(" in code


def used(kind: str) -> set[str]:
    found = set()
    for path in LESSONS:
        for cell in cells(path):
            found |= set(re.findall(kind + r'\("([^"]+)"', text_of(cell)))
    return found


def test_every_check_exercise_and_example_used_exists():
    assert used("self_check") == set(checkbook().checks)
    assert used("exercise") == set(EXERCISES)
    assert used("worked") == set(WORKED)


def test_no_answer_is_readable_before_trying():
    book = checkbook()
    for path in LESSONS:
        raw = path.read_text()
        for key in used("self_check"):
            check = book[key]
            for secret in check.secrets():
                assert secret not in raw, (path.name, key)
    # the self-check widgets hold no hint, explanation or answer in their state until earned
    for key in book.checks:
        widget = self_check(key)
        state = json.dumps([w.get_state() for w in [widget, *widget.children, *widget.fields.values()]], default=str)
        for secret in book[key].secrets():
            assert secret not in state


@pytest.mark.parametrize("key", sorted(checkbook().checks))
def test_self_checks_hint_then_explain(key):
    check = checkbook()[key]
    widget = self_check(key)
    wrong = "Nobody" if check.choices is None else next(c for c in check.choices if c != check.answer)
    if isinstance(check.answer, int) and check.choices is None:
        wrong = str(check.answer + 1)
    assert widget.answer(wrong) is False
    assert "Hint" in widget.feedback.value and check.explanation[:30] not in widget.feedback.value
    spoken = {0: "zero", 3: "three", 4: "four", 5: "five", 12: "twelve", 23: "twenty-three"}
    right = spoken.get(check.answer, check.answer) if isinstance(check.answer, int) else check.answer
    assert widget.answer(right) is True and widget.done


def test_a_second_wrong_answer_shows_the_answer():
    widget = self_check("nc02/enough")
    widget.answer("3")
    widget.answer("3")
    assert "The answer is" in widget.feedback.value and "<b>4</b>" in widget.feedback.value


CASES = {
    "nc01/first-card": ([({"Industry 1": 3}, None), ({"Industry 1": 5, "Industry 3": 4}, None)],
                        "invested came back tripled", "each $1M came back as $3M"),
    "nc02/knockout": ([({"Industry 2": 10}, {("Jeff", "Industry 1"): 10}), ({"Industry 2": 10}, {("Jeff", "Industry 1"): 15})],
                      "you need half that much sabotage", "bankrupt. You win"),
    "nc03/best-odds": ([({"Industry 2": 6, "Industry 3": 3}, None), ({"Industry 1": 7, "Industry 3": 2}, None)],
                       "only high cards left", "Most of your money went to Industry 1"),
    "nc03/reentry": ([({"Industry 1": 15, "Industry 2": 3}, None), ({"Industry 1": 19}, None)],
                     "costs $1M of entry each", "no cost of entry"),
}


@pytest.mark.parametrize("key", sorted(CASES))
def test_exercises_judge_a_miss_then_a_hit(key):
    (miss, hit), missed_words, met_words = CASES[key]
    ex = exercise(key)
    ex.write(*miss)
    assert ex.reveal.active and ex.verdict is None  # judged once the reveal is done
    ex.reveal.done()
    assert ex.verdict.met is False and missed_words in ex.verdict.why, ex.verdict.why
    assert "Start over" in ex.result.value and ex.attempts == 1
    ex.again.click()
    ex.write(*hit)
    ex.reveal.done()
    assert ex.verdict.met is True and met_words in ex.verdict.why, ex.verdict.why
    assert ex.attempts == 2


def test_the_short_game_is_three_quarters_against_the_saboteur():
    from megacorps.notecard.bots import BalancedBot
    ex = exercise("nc02/short-game")
    for quarter in (1, 2, 3):
        assert ex.verdict is None and ex.session.game.quarter == quarter
        card = BalancedBot(seed=1).choose(ex.session.game, "Maraya")  # a sound plan, typed in
        ex.write(dict(card.invest), {(t, i): a for t, i, a in card.sabotage})
        ex.reveal.done()
    assert ex.verdict.met and ex.session.game.is_over
    assert len(ex.chart.figure.data[0].y) == 4  # money at the start and after each quarter


def test_a_refused_card_in_an_exercise_says_why_and_keeps_the_position():
    ex = exercise("nc01/first-card")
    with pytest.raises(Exception, match="allocates \\$14M but has only \\$10M"):
        ex.write({"Industry 1": 14})
    assert ex.session.game.quarter == 1 and ex.desk.writer == "Maraya"


def test_worked_examples_open_only_after_an_attempt():
    check = self_check("nc01/example")
    example = worked("nc01/example", after=check)
    with pytest.raises(RuntimeError):
        example.show()
    assert example.body.value == "" and example.button.disabled
    check.answer("10")   # the note-card course opens its examples after a first attempt
    example.show()
    assert "Maraya's net investment in Industry 1 is 4 - 2\u00d71 = 2" in example.body.value.replace("&#x27;", "'")
