"""The first-game tutorial (notebooks/00-first-game.ipynb) played to its end in a real browser:
Voila serving the notebook, Debian's Chromium driven by Playwright, every move made by clicks."""
from __future__ import annotations

import os
import time
from pathlib import Path

from widgets.testing.voila_runner import PATIENCE_MS, require_chromium

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NBSP = "\u00a0"

# The intended move of each guided move step, in order.
GUIDED = ["Mokia buys China/Robotics", "Mokia buys Japan/Robotics", "Mokia buys India/Robotics",
          "Mokia pays out Robotics", "Mokia plays Boom on Robotics"]


def _label(text: str) -> str:
    return text.replace(" ", NBSP)


def _choose(select, label: str) -> bool:
    """Choose `label` in the moves list; False when it is no longer there (the list was redrawn
    between the look and the choice: the lesson's answer to the last move came late), to look
    again, rather than wait 300 s for an option that will not come back."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        select.select_option(label=label, timeout=10_000)
        return True
    except PlaywrightTimeout:
        return False


def test_the_first_game_is_played_to_its_end_in_voila():
    require_chromium()
    from playwright.sync_api import TimeoutError as PlaywrightTimeout, sync_playwright

    from widgets.testing.voila_runner import chromium, free_port, route_cdn, serving, voila_command

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(NOTEBOOKS.parent))
    with serving(voila_command(NOTEBOOKS / "00-first-game.ipynb", port), port, env), \
            sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 1000})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        route_cdn(page)
        page.goto(f"http://127.0.0.1:{port}/", timeout=PATIENCE_MS)
        cont = page.locator("button:has-text('Continue')")
        cont.wait_for(state="visible", timeout=PATIENCE_MS)
        page.wait_for_selector(".js-plotly-plot", timeout=PATIENCE_MS)
        select = page.locator("select").first
        do_it = page.locator("button:has-text('Do it')")
        guided = list(GUIDED)
        wrong_tried = False
        deadline = time.time() + 3 * PATIENCE_MS / 1000   # only against a hang: it polls the page
        while time.time() < deadline:
            if page.locator("text=Final money").count():
                break
            if cont.is_visible() and cont.is_enabled():
                try:   # it may go between the look and the click (the lesson moved on): look again
                    cont.click(timeout=10_000)
                except PlaywrightTimeout:
                    pass
                page.wait_for_timeout(300)
                continue
            if not select.is_visible():
                page.wait_for_timeout(300)
                continue
            options = [o for o in select.locator("option").all_text_contents() if o.strip()]
            if not options:
                page.wait_for_timeout(300)
                continue
            if guided:
                if not wrong_tried:  # a wrong move is explained and not played
                    if _label("Mokia buys Japan/Robotics") not in options:
                        page.wait_for_timeout(300)
                        continue
                    if not _choose(select, _label("Mokia buys Japan/Robotics")):
                        continue
                    do_it.click()
                    page.wait_for_selector("text=Not this time", timeout=PATIENCE_MS)
                    wrong_tried = True
                    continue
                wanted = _label(guided[0])
                if wanted not in options:
                    page.wait_for_timeout(300)
                    continue
                if not _choose(select, wanted):
                    continue
                do_it.click()
                guided.pop(0)
                page.wait_for_selector("text=Well done", timeout=PATIENCE_MS)
            else:  # the free rounds: pass when allowed, else take the first choice
                passing = [o for o in options if o.endswith(_label(" passes")) or o.endswith(" passes")]
                if not _choose(select, (passing or options)[0]):
                    continue
                do_it.click()
            page.wait_for_timeout(400)
        assert page.locator("text=Final money").count(), "the first game did not reach its end"
        assert not guided
        harmless = ("setData is not a function", "[anywidget] Failed to initialize model")
        assert not [e for e in errors if not any(h in e for h in harmless)], errors


def test_at_1024x700_the_coachs_note_and_do_it_are_on_screen_together():
    """Issue 24: the coach box sat ~700 px above 'Do it'; every step was scroll down, scroll up."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, free_port, route_cdn, serving, voila_command

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(NOTEBOOKS.parent))
    with serving(voila_command(NOTEBOOKS / "00-first-game.ipynb", port), port, env, timeout=60), \
            sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1024, "height": 700})
        route_cdn(page)
        page.goto(f"http://127.0.0.1:{port}/", timeout=PATIENCE_MS)
        cont = page.locator("button:has-text('Continue')")
        cont.wait_for(state="visible", timeout=PATIENCE_MS)
        cont.click()
        page.wait_for_selector("text=step 2 of", timeout=PATIENCE_MS)
        cont.click()
        note = page.locator("text=step 3 of").first  # the top of the coach's frame
        note.wait_for(state="visible", timeout=PATIENCE_MS)
        note.scroll_into_view_if_needed()
        do_it = page.locator("button:has-text('Do it')").first
        top, button = note.bounding_box(), do_it.bounding_box()
        assert top and button and 0 <= top["y"] and button["y"] + button["height"] <= 700, (top, button)


def test_at_1024x700_a_lessons_goal_and_do_it_are_on_screen_together():
    """A lesson's exercise (07) puts its goal, the list and Do it above the board."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, free_port, route_cdn, serving, voila_command

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(NOTEBOOKS.parent))
    with serving(voila_command(NOTEBOOKS / "07-government-intervention.ipynb", port), port, env, timeout=60), \
            sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1024, "height": 700})
        route_cdn(page)
        page.goto(f"http://127.0.0.1:{port}/", timeout=PATIENCE_MS)
        do_it = page.locator("button:has-text('Do it')").first
        do_it.wait_for(state="visible", timeout=PATIENCE_MS)
        goal = page.locator(".widget-html:has-text('(you play Mokia)')").first
        goal.evaluate("e => e.scrollIntoView({block: 'start'})")  # the learner reads the goal at the top
        top, button = goal.bounding_box(), do_it.bounding_box()
        assert top and button and -1 <= top["y"] and button["y"] + button["height"] <= 700, (top, button)
