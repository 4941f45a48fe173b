"""The lesson notebooks as files (notebooks/NN-*.ipynb, notebooks/programmers/*.ipynb).

Running them is nbval's job (see notebooks/README.md):

    python -m pytest --nbval-lax notebooks/ --nbval-cell-timeout=120 -p no:cacheprovider -q \
        --ignore=notebooks/play.ipynb

Here: they are stored as they should be (no outputs, no widget state, short folded code cells),
the rules course speaks the game's language only, no self-check's answer can be read in a
notebook, every lesson has its parts in the right order (the worked example after the learner's
attempt), the index lists every lesson with its time, and one lesson works under Voila.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from widgets.testing.voila_runner import PATIENCE_MS, require_chromium

from widgets.lessons import checkbook

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
COURSE = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
PROGRAMMERS = sorted((NOTEBOOKS / "programmers").glob("*.ipynb"))
MINE = COURSE + [p for p in PROGRAMMERS if p.name in ("playing-from-code.ipynb", "positions-and-data.ipynb")]
README = NOTEBOOKS / "README.md"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def check_keys(path: Path) -> list[str]:
    text = "\n".join(source(c) for c in cells(path) if c["cell_type"] == "code")
    return re.findall(r"self_check\(\"([^\"]+)\"\)", text)


def test_the_course_is_numbered_in_order():
    assert [p.name[:2] for p in COURSE] == [f"{i:02d}" for i in range(len(COURSE))]
    assert COURSE[0].name == "00-first-game.ipynb" and len(COURSE) >= 17


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name)
def test_a_notebook_is_stored_without_outputs_or_widget_state(path: Path):
    nb = json.loads(path.read_text())
    assert "widgets" not in nb.get("metadata", {}), "widget state must be stripped"
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        text = source(cell)
        assert len(text.splitlines()) <= 25, f"a long code cell belongs in widgets/lessons/:\n{text}"
        assert not cell.get("outputs"), f"outputs must be stripped (python -m widgets.lessons ...):\n{text}"
        if path in COURSE:  # the rules course folds its code: the learner reads text and widgets
            assert cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"), f"unfolded code:\n{text}"


OUR_RULING = re.compile(r"our ruling\s+\(docs/rulings\.md\s+R\d+(?:,\s*R\d+)*\)")
DEVELOPER_WORDS = re.compile(r"\bmc\.|(?<![-\w])game\.[a-z_]|\.json\b|docs/|\bR\d+\b|ruling|legal_actions|\bengine\b|scenario\(")


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_the_rules_course_speaks_the_games_language(path: Path):
    for cell in cells(path):
        if cell["cell_type"] == "markdown":
            found = DEVELOPER_WORDS.findall(OUR_RULING.sub("", source(cell)))  # the label of our rulings is for learners
            assert not found, f"{path.name}: developer words {found} in the lesson text"


@pytest.mark.parametrize("path", MINE, ids=lambda p: p.name)
def test_no_self_check_answer_can_be_read_in_a_notebook(path: Path):
    """The answers, hints and explanations live in widgets/lessons/data/checks.sealed.json; a notebook
    names a check by its key only, and keeps no output that could reveal one."""
    book = checkbook()
    everything = path.read_text()
    for key in check_keys(path):
        check = book[key]
        for secret in check.secrets():
            assert json.dumps(secret)[1:-1][:60] not in everything, f"{path.name}: {key}'s text is in the notebook"
        if not check.choices and not isinstance(check.answer, bool):
            answers = check.answer.values() if isinstance(check.answer, dict) else [check.answer]
            for cell in cells(path):
                if f'self_check("{key}")' in source(cell):
                    for answer in answers:
                        assert not re.search(rf"\b{re.escape(str(answer))}\b", source(cell)), \
                            f"{path.name}: the answer to {key} is in its cell"
    for cell in cells(path):
        assert not cell.get("outputs"), f"{path.name}: a saved output"


def test_every_self_check_is_used_once_and_exists():
    used = [key for path in MINE for key in check_keys(path)]
    assert len(used) == len(set(used)), "a self-check is asked twice"
    book = checkbook()
    assert set(used) == set(book.checks), (f"unused checks: {sorted(set(book.checks) - set(used))}; "
                                           f"missing: {sorted(set(used) - set(book.checks))}")


@pytest.mark.parametrize("path", COURSE[1:-1], ids=lambda p: p.name)
def test_a_lesson_has_its_parts_and_the_worked_example_comes_after_the_attempt(path: Path):
    sources = [source(c) for c in cells(path)]
    markdown = "\n".join(s for s, c in zip(sources, cells(path)) if c["cell_type"] == "markdown")
    first = {name: next((i for i, s in enumerate(sources) if f"{name}(" in s), None)
             for name in ("exercise", "self_check", "example")}
    assert first["exercise"] is not None, "something to do, with a goal"
    assert first["self_check"] is not None, "a self-check"
    assert first["example"] is not None, "a worked example"
    assert first["example"] > max(first["exercise"], first["self_check"]), "the worked example comes last"
    example_cell = next(s for s in sources if "example(" in s)
    assert "after=" in example_cell, "a worked example waits for the learner's attempt"
    assert "## Recap" in markdown
    assert "**Goal:**" in markdown, "each exercise states its goal"
    number = int(path.name[:2])
    following = [p.name for p in COURSE if int(p.name[:2]) == number + 1]
    assert following and f"({following[0]})" in markdown, f"{path.name} links to the next lesson"


def test_the_index_lists_every_lesson_with_its_time_and_how_it_was_measured():
    readme = README.read_text()
    rows = {}
    for path in MINE:
        rel = path.relative_to(NOTEBOOKS).as_posix()
        line = next((ln for ln in readme.splitlines() if f"({rel})" in ln), None)
        assert line, f"README does not list {rel}"
        minutes = re.search(r"\|\s*(\d+)\s*min\s*\|", line)
        assert minutes, f"no time for {rel}: {line}"
        rows[rel] = int(minutes.group(1))
    rules_course = sum(v for k, v in rows.items() if k[:2].isdigit() and int(k[:2]) <= 14)
    assert 90 <= rules_course <= 140, f"the rules course takes {rules_course} min: about two hours"
    assert rows["00-first-game.ipynb"] <= 25
    assert "measured" in readme.lower() and "--nbval-lax" in readme


def test_every_link_between_lessons_points_to_a_file():
    for path in MINE + [README]:
        text = path.read_text()
        for target in re.findall(r"\]\(((?:\.\./|programmers/)?[A-Za-z0-9-]+(?:/[A-Za-z0-9-]+)?\.(?:ipynb|md))\)", text):
            assert (path.parent / target).exists(), f"{path.name} links to a missing {target}"


# --- a lesson in a real browser, under Voila ------------------------------------------------------

def test_a_lesson_renders_and_its_exercise_and_self_check_work_under_voila():
    """Lesson 04 served by Voila in Chromium: the exercise's opponent vetoes and the goal is judged;
    a self-check gives a hint after a wrong answer and the explanation after the right one."""
    require_chromium()  # a skip on a laptop without Chromium, a failure in CI
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, free_port, route_cdn, serving, voila_command

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(NOTEBOOKS.parent))
    nbsp = "\u00a0"
    with serving(voila_command(NOTEBOOKS / "04-buying-and-antitrust.ipynb", port), port, env), \
            sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        route_cdn(page)
        page.goto(f"http://127.0.0.1:{port}/", timeout=PATIENCE_MS)
        page.wait_for_selector("button:has-text('Do it')", timeout=PATIENCE_MS)
        page.locator("select").first.select_option(label=f"Nonintendo{nbsp}buys{nbsp}European{nbsp}Union/Aerospace")
        page.locator("button:has-text('Do it')").first.click()
        page.wait_for_selector("text=Mokia vetoes", timeout=PATIENCE_MS)
        page.locator("select").first.select_option(label=f"Nonintendo{nbsp}buys{nbsp}NAFTA/Aerospace")
        page.locator("button:has-text('Do it')").first.click()
        page.wait_for_selector("text=Goal met", timeout=PATIENCE_MS)
        assert not page.locator("text=Antitrust needs both conditions").count()  # nothing given away
        quiz = page.locator(".widget-vbox:has(button:has-text('Check'))").filter(has_text="Japan/Robotics").first
        quiz.locator("label:has-text('Yes')").click()
        quiz.locator("button:has-text('Check')").click()
        page.wait_for_selector("text=Not yet", timeout=PATIENCE_MS)
        quiz.locator("label:has-text('No')").click()
        quiz.locator("button:has-text('Check')").click()
        page.wait_for_selector("text=both conditions are needed", timeout=PATIENCE_MS)
        harmless = ("setData is not a function", "[anywidget] Failed to initialize model")
        assert not [e for e in errors if not any(h in e for h in harmless)], errors


def test_the_index_times_are_the_ones_the_timing_model_gives():
    from widgets.lessons.timing import table
    readme = README.read_text()
    for name, minutes, _parts in table():
        line = next(ln for ln in readme.splitlines() if f"({name})" in ln)
        assert f"| {minutes} min |" in line, f"{name}: README says {line.split('|')[3].strip()}, the model {minutes} min"


@pytest.mark.parametrize("path", COURSE[1:], ids=lambda p: p.name)
def test_a_lesson_page_keeps_its_kernel_alive_while_the_learner_reads(path: Path):
    """Voila culls idle kernels (voila.json); a learner reading for a minute is not idle."""
    first_code = next(source(c) for c in cells(path) if c["cell_type"] == "code")
    assert "keep_alive()" in first_code


def test_the_keep_alive_widget_ticks_from_the_page():
    from widgets.lessons import keep_alive
    from widgets.lessons.tutorial import FirstGame
    alive = keep_alive(seconds=15)
    assert alive.seconds == 15 and alive.idle_minutes == 20 and "setInterval" in alive._esm
    assert alive.layout.display == "none"
    assert any(type(child).__name__ == "KeepAlive" for child in FirstGame().children)
