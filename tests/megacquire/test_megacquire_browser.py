"""The MEGAcquire page in a real browser: Voila + Debian's Chromium at 1024x700, a game of one
human against two Random bots (moving by themselves, 0.2 s apart, as the page's bots do) started
from the form and played for several turns by clicks,
with no JavaScript error, the board drawn, and none of another seat's tiles on a button or in
the previews of the page (the save the page downloads tells the test every hand).

Skips only when /usr/bin/chromium is missing and CI is not set (see tests/conftest.py)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from widgets.megacquire.app import App
from widgets.testing.voila_runner import PATIENCE_MS

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # pragma: no cover - the browser tests skip without playwright
    PlaywrightTimeout = TimeoutError

ARTIFACTS = Path("test-artifacts")


@pytest.fixture(scope="module")
def megacquire_url(tmp_path_factory):
    from widgets.testing.voila_runner import page_with_save_key
    with page_with_save_key("notebooks/megacquire/play.ipynb", tmp_path_factory.mktemp("megacquire-data"),
                            bot_pause=0.2, log_name="voila-megacquire.log") as url:
        yield url


def step(page) -> int:
    return int(page.locator(".shell-status").get_attribute("data-step"))


def saved_game(page):
    """The game as the page saves it (Save, then read the file as the page would load it)."""
    from widgets.testing.voila_runner import download_save
    app = App(pause=0)
    app.load_bytes(download_save(page))
    return app.game


def test_one_human_against_two_bots_by_clicks(megacquire_url):
    from widgets.testing.voila_runner import shell_page
    with shell_page(megacquire_url) as (page, errors):
        try:
            page.screenshot(path=str(ARTIFACTS / "megacquire-form.png"))
            # the form's defaults: Ada human, Bo and Cy Random bots
            page.locator(".shell-form input[placeholder^='any whole number']").fill("5")
            page.locator(".shell-form input[placeholder^='any whole number']").press("Tab")
            page.click(".shell-start")
            page.wait_for_selector(".shell-gate-button", state="visible", timeout=PATIENCE_MS)
            assert "Pass the screen to Ada" in page.inner_text(".shell-gate")
            assert page.locator(".mq-tile").count() == 0   # no tile before Ada is at the screen
            page.click(".shell-gate-button")
            page.wait_for_selector(".mq-tile", state="visible", timeout=PATIENCE_MS)
            page.wait_for_selector(".js-plotly-plot .scatterlayer", timeout=PATIENCE_MS)
            page.screenshot(path=str(ARTIFACTS / "megacquire-tiles.png"))
            turns = 0
            for _ in range(40):
                if turns >= 4 or page.locator(".shell-status").get_attribute("data-over") == "1":
                    break
                before = step(page)
                drawn = f"""() => {{ const s = document.querySelector('.shell-status');
                        const t = document.querySelector('.shell-decision-title');
                        return s && t && +s.dataset.step > {before} && t.dataset.step === s.dataset.step
                               && document.querySelectorAll('.shell-choice').length > 0; }}"""
                ended = False
                for attempt in range(6):
                    # a click on a button the page is replacing at that moment (a bot's move redraws
                    # the panel) can be lost: then the position has not moved, and the first choice
                    # of the decision now shown is clicked again
                    choice = page.locator(".shell-choice").first
                    ended = "End the turn" in choice.inner_text()
                    choice.click()
                    try:   # the new decision's buttons are drawn (not the old ones, still there a moment)
                        page.wait_for_function(drawn, timeout=30_000 if attempt < 5 else PATIENCE_MS)
                        break
                    except PlaywrightTimeout:
                        if step(page) > before:
                            page.wait_for_function(drawn, timeout=PATIENCE_MS)
                            break
                turns += ended
                assert page.locator(".shell-error").inner_text().strip() == ""
            assert turns >= 4
            page.screenshot(path=str(ARTIFACTS / "megacquire-played.png"))
            game = saved_game(page)
            assert len([a for a in game.actions if a.seat == "Ada"]) >= 8
            assert {a.seat for a in game.actions} == {"Ada", "Bo", "Cy"}   # the bots played too
            others = set(game.view("Bo").hand) | set(game.view("Cy").hand)
            mine = set(game.view("Ada").hand)
            tiles = {t.strip() for t in page.locator(".mq-tile").all_inner_texts()}
            assert tiles and tiles <= mine and not tiles & others
            previews = page.inner_text(".mq-previews")
            shown = set(re.findall(r"^([A-Z]+-\d+):", previews, flags=re.M))
            assert shown == tiles
            html = page.content()
            for tile in others:   # no other seat's tile on a button or a preview line
                assert f"<b>{tile}</b>" not in html and f">{tile}</button>" not in html
            # the page fits a 1024 px window: no sideways scrolling
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 1024
            assert errors == []
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "megacquire-browser-failure.png"), full_page=True)
            raise
