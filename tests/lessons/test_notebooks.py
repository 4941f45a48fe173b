"""The lesson notebooks (notebooks/NN-*.ipynb) and their widgets (widgets/lessons/__init__.py).

Running the lessons themselves is nbval's job (see notebooks/README.md):

    python -m pytest --nbval-lax notebooks/ --nbval-cell-timeout=60 -p no:cacheprovider -q \
        --ignore=notebooks/play.ipynb

Here: the notebooks are stored as they should be (outputs stripped except the checked cells,
no widget state, short code cells, a link to the next lesson, listed in the README), and the
lesson widgets work headlessly (answers judged with the reason, moves applied, trades made).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import megacorps as mc

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
CHECK = "# NBVAL_CHECK_OUTPUT"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def test_seventeen_lessons_numbered_in_order():
    assert [p.name[:2] for p in LESSONS] == [f"{i:02d}" for i in range(17)]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_is_stored_clean(path: Path):
    nb = json.loads(path.read_text())
    assert "widgets" not in nb.get("metadata", {}), "widget state must be stripped"
    checked = 0
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        text = source(cell)
        assert len(text.splitlines()) <= 25, f"a long code cell belongs in widgets/lessons/__init__.py:\n{text}"
        outputs = cell.get("outputs", [])
        assert all(o["output_type"] != "error" for o in outputs)
        if CHECK in text:
            checked += 1
            assert outputs, f"a checked cell keeps its expected output:\n{text}"
            for o in outputs:
                data = o.get("data", {})
                assert set(data) <= {"text/plain"}, "checked cells keep plain text only"
        else:
            assert not outputs, f"outputs must be stripped (only checked cells keep theirs):\n{text}"
    assert checked >= 1 or path.name.startswith("00-"), "every lesson checks at least one teaching result"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_has_its_parts(path: Path):
    if path.name.startswith("00-"):
        pytest.skip("the first game is one guided widget (tests/lessons/test_widgets.py)")
    text = "\n".join(source(c) for c in cells(path))
    markdown = "\n".join(source(c) for c in cells(path) if c["cell_type"] == "markdown")
    assert "board(" in text or "App()" in text, "the board in a concrete position"
    assert "predict(" in text, "a self-check"
    assert "make_move(" in text or "TradeMaker(" in text or "App()" in text, "something to do"
    assert "## Recap" in markdown
    number = int(path.name[:2])
    following = [p.name for p in LESSONS if int(p.name[:2]) == number + 1]
    if following:
        assert f"({following[0]})" in markdown, f"{path.name} links to {following[0]}"


def test_readme_lists_every_lesson():
    readme = (NOTEBOOKS / "README.md").read_text()
    for path in LESSONS:
        assert f"({path.name})" in readme
    assert "--nbval-lax" in readme


def test_every_lesson_link_points_to_a_file():
    for path in LESSONS + [NOTEBOOKS / "README.md"]:
        text = path.read_text()
        for target in re.findall(r"\]\(([0-9][0-9]-[a-z-]+\.ipynb)\)", text):
            assert (NOTEBOOKS / target).exists(), f"{path.name} links to a missing {target}"


# --- a lesson in a real browser, under Voila ------------------------------------------------------

def test_a_lesson_renders_and_its_move_panel_works_under_voila():
    """Lesson 04 served by Voila in Chromium: both boards are drawn, a move made in the panel
    shows what the rules did, and a quiz answer gets its explanation."""
    import os

    if not Path("/usr/bin/chromium").exists():  # in CI (CI set) the browser tests must run
        if os.environ.get("CI"):
            pytest.fail("/usr/bin/chromium is missing, and CI is set: the browser tests must run in CI")
        pytest.skip("/usr/bin/chromium is missing (set CI=true to make this a failure)")
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, free_port, route_cdn, serving, voila_command

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(NOTEBOOKS.parent))
    with serving(voila_command(NOTEBOOKS / "04-buying-and-antitrust.ipynb", port), port, env, timeout=60), \
            sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        route_cdn(page)
        page.goto(f"http://127.0.0.1:{port}/", timeout=90_000)
        page.wait_for_selector("button:has-text('Do it')", timeout=90_000)
        page.wait_for_function("document.querySelectorAll('.js-plotly-plot').length >= 2", timeout=30_000)
        page.locator("select").first.select_option(label="Nonintendo\u00a0buys\u00a0European\u00a0Union/Aerospace")
        page.locator("button:has-text('Do it')").first.click()
        page.wait_for_selector("text=may veto it", timeout=15_000)
        page.locator("label:has-text('No')").first.click()
        page.locator("button:has-text('Check')").first.click()
        page.wait_for_selector("text=Antitrust needs both conditions", timeout=15_000)
        assert page.locator(".js-plotly-plot").count() >= 2
        # Known and harmless: Plotly's JupyterLab renderer cannot write the static figure back
        # into a notebook model (Voila has none), and anywidget logs a start-up timeout on a
        # slow machine although the figure widget then works (the move above went through).
        harmless = ("setData is not a function", "[anywidget] Failed to initialize model")
        assert not [e for e in errors if not any(h in e for h in harmless)], errors
