"""The MEGAcquire lessons served by Voila in Debian's Chromium at 1024x700: lesson 01's exercise
(a miss with its hint, Start over, the founding tile, a name, the goal met) and a self-check (a
hint, then right); the first game's first step (a miss not played, then the founding tile, and
the log's rule link opening the rules viewer)."""
from __future__ import annotations

from contextlib import contextmanager
from pathlib import Path

from widgets.testing.voila_runner import PATIENCE_MS, notebook_page

ROOT = Path(__file__).resolve().parents[2]
HARMLESS = ("setData is not a function", "[anywidget] Failed to initialize model")


@contextmanager
def _lesson(name: str):
    """Lesson `name` open at 1024x700, its board drawn."""
    with notebook_page(ROOT / "notebooks" / "megacquire" / name) as (page, errors):
        page.wait_for_selector(".js-plotly-plot .scatterlayer", timeout=PATIENCE_MS)
        yield page, errors


def test_lesson_01_exercise_and_self_check_in_the_browser():
    with _lesson("01-tiles-and-founding.ipynb") as (page, errors):
        assert not page.locator("text=Hint").count()  # nothing given away before a try
        page.locator("button:has-text('Play D-5')").click()
        page.wait_for_selector("text=Not the goal yet", timeout=PATIENCE_MS)
        assert page.locator(".mq-miss:has-text('Hint')").count() == 1
        page.locator("button:has-text('Start over')").click()
        page.wait_for_selector("text=Back to the starting position", timeout=PATIENCE_MS)
        page.locator("button:has-text('Play C-10')").click()
        page.locator("button:has-text('Monarch (large)')").click()
        page.wait_for_selector("text=Goal met", timeout=PATIENCE_MS)
        quiz = page.locator(".widget-vbox:has(button:has-text('Check'))").filter(has_text="G-5").first
        quiz.locator("label:has-text('It merges companies')").click()
        quiz.locator("button:has-text('Check')").click()
        page.wait_for_selector("text=Not yet", timeout=PATIENCE_MS)
        assert "It founds a company" not in quiz.locator(".widget-html").last.inner_text()
        quiz.locator("label:has-text('It founds a company')").click()
        quiz.locator("button:has-text('Check')").click()
        page.wait_for_selector("text=Right.", timeout=PATIENCE_MS)
        assert not [e for e in errors if not any(h in e for h in HARMLESS)], errors


def test_the_first_game_refuses_a_miss_and_founds_in_the_browser():
    with _lesson("00-first-game.ipynb") as (page, errors):
        page.locator("button:has-text('Continue')").click()
        page.locator("button:has-text('Play C-13')").click()
        page.wait_for_selector("text=Not this one", timeout=PATIENCE_MS)
        assert page.locator("text=Cy must play a tile").count()  # nothing was played
        page.locator("button:has-text('Play B-12')").click()
        page.locator("button:has-text('Regal (large)')").click()
        page.wait_for_selector("text=Well done", timeout=PATIENCE_MS)
        # the log's rule link opens the lesson's rules viewer at the section on founding
        assert not page.locator(".mq-rules").is_visible()
        page.locator(".mq-log-entry:has-text('Cy founds Regal') a.mq-rule-link").click()
        page.wait_for_selector(".mq-rules #mq-rule-found:has-text('Starting a company')", timeout=PATIENCE_MS)
        page.locator("button:has-text('Continue')").click()
        page.wait_for_selector("button:has-text('Buy Regal')", timeout=PATIENCE_MS)
        assert not [e for e in errors if not any(h in e for h in HARMLESS)], errors
