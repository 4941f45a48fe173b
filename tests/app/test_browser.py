"""The served app in a real browser: Voila + Debian's Chromium, played to the results by clicks.

Skips only when /usr/bin/chromium is missing and CI is not set (see conftest.py).
"""
from __future__ import annotations

import base64
import re
import time
from pathlib import Path

import pytest

import megacorps as mc

ARTIFACTS = Path("test-artifacts")
SIMPLE_CHOICES = ("Pass", "No card", "Stay out", "Permit", "Decline", "Refuse to sell")


def actions_done(page) -> int:
    value = page.get_attribute(".mc-status-text", "data-actions")
    return int(value) if value else -1


IDLE = ("() => { const e = document.querySelector('.mc-status-text');"
        " return e && e.dataset.bots === '0'; }")


def take_one_decision(page) -> None:
    """Click a simple legal option for the human who must decide, then Confirm."""
    page.wait_for_function(IDLE, timeout=60_000)  # the bots have finished; the form is final
    page.wait_for_timeout(100)
    panel = page.locator(".mc-decision")
    gate = page.locator(".mc-gate-button")
    if gate.is_visible():
        gate.click()
    kinds = panel.locator(".mc-kinds button")
    labels = [kinds.nth(i).inner_text().strip() for i in range(kinds.count())]
    chosen = next((lab for lab in SIMPLE_CHOICES if lab in labels), None)
    if chosen is not None:
        kinds.nth(labels.index(chosen)).click()
    elif not panel.locator(".mc-kinds .mod-active").count():
        first = next(i for i, lab in enumerate(labels) if lab not in ("Play a card", "Offer a trade", "Leave"))
        kinds.nth(first).click()
    # fill the dropdowns still empty, in order (each choice may open the next one)
    for _ in range(4):
        empty = [s for s in panel.locator("select").all() if s.is_visible() and s.evaluate("e => e.selectedIndex") < 0]
        if not empty:
            break
        empty[0].select_option(index=0)
        page.wait_for_timeout(150)
    confirm = panel.locator(".mc-confirm")
    confirm.wait_for(state="visible")
    page.wait_for_function("() => !document.querySelector('.mc-decision .mc-confirm').disabled",
                           timeout=10_000)
    before = actions_done(page)
    confirm.click()
    page.wait_for_function(
        f"() => {{ const e = document.querySelector('.mc-status-text');"
        f" return e && Number(e.dataset.actions) > {before} && e.dataset.bots === '0'; }}",
        timeout=60_000)


def assert_no_invalid_colors(page) -> None:
    """plotly.js warns "Invalid color specifier: Array(60)" when a colour attribute that takes a
    single colour is given (or defaults to) an array."""
    bad = [text for text in page.console_texts if "Invalid color" in text]
    assert bad == [], bad


def test_play_to_the_results_in_the_browser(app_page):
    page = app_page
    try:
        page.wait_for_selector(".mc-start", timeout=120_000)
        page.wait_for_selector(".mc-board .barlayer .trace .point path", timeout=60_000)
        seed = page.locator(".mc-seed input")
        seed.fill("21")
        seed.press("Enter")
        pause = page.locator(".mc-pause input")
        pause.fill("0")
        pause.press("Enter")
        page.wait_for_timeout(300)
        page.click(".mc-start")
        page.wait_for_selector(".mc-who-decides", timeout=30_000)
        start = time.time()
        while not page.locator(".mc-winner").is_visible():
            assert time.time() - start < 150, "the game did not end in time"
            assert not page.locator(".mc-error-text").is_visible(), page.inner_text(".mc-error-text")
            page.wait_for_selector(".mc-confirm:visible, .mc-winner", timeout=30_000)
            if page.locator(".mc-winner").is_visible():
                break
            take_one_decision(page)
        # the money chart is shown with the results, one line per corp
        page.wait_for_selector(".mc-tabs .js-plotly-plot .scatterlayer .trace", timeout=60_000)
        page.wait_for_timeout(500)
        page.screenshot(path=str(ARTIFACTS / "browser-results.png"))
        shown_winner = page.inner_text(".mc-winner")
        engine = page.get_attribute(".mc-engine-winners", "data-winners").split("|")
        for corp in engine:
            assert corp in shown_winner
        # an independent check: replay the saved game in this process
        href = page.get_attribute(".mc-save-link", "href")
        text = base64.b64decode(re.sub(r"^data:application/json;base64,", "", href)).decode("utf-8")
        replay = mc.Game.from_json(text)
        assert replay.is_over
        assert replay.winners() == engine
        assert ("draw" in shown_winner.lower()) == (len(engine) > 1)
        assert page.js_errors == []
        assert_no_invalid_colors(page)
    except BaseException:
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "browser-failure.png"))
        raise


def test_no_python_errors_or_tracebacks_on_the_page(app_page):
    page = app_page
    page.wait_for_selector(".mc-start", timeout=120_000)
    body = page.inner_text("body")
    assert "Traceback" not in body and "Error" not in body.split("MEGA")[0]
    # the title bar, the About box and the new-game form are there
    page.click(".mc-about-button")
    assert "reconstruction" in page.inner_text(".mc-about")
    assert page.js_errors == []
    page.wait_for_selector(".mc-board .barlayer .trace .point path", timeout=60_000)
    assert_no_invalid_colors(page)


@pytest.fixture(autouse=True)
def _artifacts():
    ARTIFACTS.mkdir(exist_ok=True)
