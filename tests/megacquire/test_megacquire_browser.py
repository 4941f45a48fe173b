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
from widgets.megacquire.rules_help import rules_help
from widgets.testing.shell_clicks import click_for_a_move
from widgets.testing.voila_runner import PATIENCE_MS, shell_page

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


def start_game(page, seed: int) -> None:
    """Start the game set on the form (one human, Ada, against bots), with `seed`, and wait for
    Ada's tiles: a lone human is not asked to pass the screen to herself."""
    page.locator(".shell-form input[placeholder^='any whole number']").fill(str(seed))
    page.locator(".shell-form input[placeholder^='any whole number']").press("Tab")
    page.click(".shell-start")
    page.wait_for_selector(".mq-tile", state="visible", timeout=PATIENCE_MS)
    assert page.locator(".shell-gate-button").is_hidden()


def click_first_choice(page) -> bool:
    """Click the first choice of the decision shown and wait until it made a move and the next
    decision is drawn; True when the click ended the turn. (A click lost on a button the page was
    replacing is made again, on the first choice shown then: widgets/testing/shell_clicks.py.)"""
    choice = page.locator(".shell-choice").first
    ended = "End the turn" in choice.inner_text()
    click_for_a_move(page, choice, lambda: page.locator(".shell-choice").first, controls=".shell-choice")
    assert page.locator(".shell-error").inner_text().strip() == ""
    return ended


def test_one_human_against_two_bots_by_clicks(megacquire_url):
    with shell_page(megacquire_url) as (page, errors):
        try:
            page.screenshot(path=str(ARTIFACTS / "megacquire-form.png"))
            # the form's defaults: Ada human, Bo and Cy Random bots
            start_game(page, 5)   # Ada's tiles at once: no gate asks her to pass the screen to herself
            assert "Pass the screen" not in page.inner_text(".shell-app")
            page.wait_for_selector(".js-plotly-plot .scatterlayer", timeout=PATIENCE_MS)
            page.screenshot(path=str(ARTIFACTS / "megacquire-tiles.png"))
            save = page.get_by_role("button", name="Save")
            turns = 0
            # (the status's length, where Save is, its height) after each move
            header = {(len(page.inner_text(".shell-status")), save.bounding_box()["x"], save.bounding_box()["height"])}
            for _ in range(40):
                if turns >= 4 or page.locator(".shell-status").get_attribute("data-over") == "1":
                    break
                turns += click_first_choice(page)
                header.add((len(page.inner_text(".shell-status")), save.bounding_box()["x"],
                            save.bounding_box()["height"]))
            # the header's tools keep their place and their one line while the status beside them
            # changes length (the status wraps, not the tools)
            assert len({length for length, _x, _h in header}) > 1
            assert len({x for _length, x, _h in header}) == 1, header
            assert max(h for _length, _x, h in header) < 36, header
            assert page.locator(".shell-since").inner_text().startswith("Since your last turn, Ada")
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
            # Rules opens the rules viewer and brings it into the window (it sits below the board,
            # out of sight at 1024x700)
            assert page.locator(".shell-rules").is_hidden()
            top = "() => document.querySelector('.shell-rules').getBoundingClientRect().top"
            page.get_by_role("button", name="Rules").click()
            page.wait_for_function(f"() => {{ const t = ({top})(); return t > 0 && t < 200; }}", timeout=PATIENCE_MS)
            assert page.locator(".shell-rule").is_visible()
            # its index opens another section, one at a time
            index = page.locator(".shell-rules-index a").nth(2)
            title = index.inner_text()
            index.click()
            page.wait_for_function(f"() => document.querySelector('.shell-rule h3').textContent === {title!r}",
                                   timeout=PATIENCE_MS)
            assert page.locator(".shell-rule").count() == 1
            page.screenshot(path=str(ARTIFACTS / "megacquire-rules-open.png"))
            assert errors == []
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "megacquire-browser-failure.png"), full_page=True)
            raise


def test_a_whole_game_by_clicks_to_the_end_screen_and_its_rules_links(megacquire_url):
    """A whole game, one human against two Tycoon bots, with a time limit agreed on the form
    (the game ends after round 3, L113) so that it fits a test: every decision by clicks, to the
    end screen with where each player's money came from; then a log line's rules link opens its
    section of the rules help, and the Rules button opens them all."""
    with shell_page(megacquire_url) as (page, errors):
        try:
            page.locator(".shell-form select").nth(1).select_option(label="Tycoon")
            page.locator(".shell-form select").nth(2).select_option(label="Tycoon")
            page.locator(".mq-limit-choice select").select_option(label="end after round 3")
            start_game(page, 8)
            for _ in range(200):
                if page.locator(".shell-status").get_attribute("data-over") == "1":
                    break
                click_first_choice(page)
            assert page.locator(".shell-status").get_attribute("data-over") == "1"
            page.wait_for_selector(".shell-results", state="visible", timeout=PATIENCE_MS)
            results = page.inner_text(".shell-results")
            assert "Game over" in results and "Where each player's cash came from" in results
            assert "starting cash" in results and "stock bought" in results
            page.screenshot(path=str(ARTIFACTS / "megacquire-end.png"))
            game = saved_game(page)
            assert game.is_over and game.view(None).round == 3
            assert {a.seat for a in game.actions} == {"Ada", "Bo", "Cy"}
            for seat, cash in game.scores().items():
                assert f"${cash:,}" in results
            # the latest log line's rules link shows its section of the rules help
            link = page.locator(".shell-log .shell-rule-link").first
            target = link.get_attribute("href")
            assert page.locator(target).is_hidden()
            link.click()
            page.wait_for_selector(target, state="visible", timeout=PATIENCE_MS)
            page.screenshot(path=str(ARTIFACTS / "megacquire-rule-link.png"))
            # Rules, pressed with the viewer open, closes it; pressed again, opens it at its start
            page.get_by_role("button", name="Rules").click()
            page.wait_for_selector(".shell-rules", state="hidden", timeout=PATIENCE_MS)
            page.get_by_role("button", name="Rules").click()
            first = rules_help().sections[0].key
            page.wait_for_selector(f".shell-rule[data-section='{first}']", state="visible", timeout=PATIENCE_MS)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 1024
            assert errors == []
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "megacquire-whole-game-failure.png"), full_page=True)
            raise


def test_a_loaded_merger_is_settled_with_the_hold_or_sell_form(megacquire_url, tmp_path):
    """A set merger loaded through the Load button (a plain engine save: every seat human):
    P1's tile merges Solon into Regal, the disposition form says what selling brings, and Sell
    all, then Confirm, pays it; the form fits the 1024x700 window."""
    from megacorps import megacquire as mq
    from mqtools import P, row

    game = mq.scenario(P, companies={"Regal": row("A", 1, 4), "Solon": row("A", 6, 8)},
                       hands={"P1": ["A-5", "Q-13"]}, holdings={"P1": {"Solon": 4}}, turn="P1")
    save = tmp_path / "merger.json"
    save.write_text(game.to_json("*"))
    price = game.options.prices[game.options.company_index["Solon"]][3]
    with shell_page(megacquire_url) as (page, errors):
        try:
            with page.expect_file_chooser(timeout=PATIENCE_MS) as chooser:
                page.get_by_role("button", name="Load a save").click()
            chooser.value.set_files(str(save))
            # the save is reviewed on the form first (who plays each seat), then resumed
            page.wait_for_selector(".shell-loaded-text", state="visible", timeout=PATIENCE_MS)
            page.click(".shell-start")
            page.wait_for_selector(".shell-gate-button", state="visible", timeout=PATIENCE_MS)
            # the gate's words may reach the page a moment after the gate shows: wait for them
            page.locator(".shell-gate", has_text="Pass the screen to P1").wait_for(timeout=PATIENCE_MS)
            page.click(".shell-gate-button")
            page.locator(".mq-tile", has_text="A-5").click()
            page.wait_for_selector(".mq-dispose", state="visible", timeout=PATIENCE_MS)
            page.locator(".mq-dispose-all").click()
            page.wait_for_function(f"() => document.querySelector('.mq-dispose-summary').innerText"
                                   f".includes('${4 * price:,}')", timeout=PATIENCE_MS)
            page.screenshot(path=str(ARTIFACTS / "megacquire-dispose.png"))
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 1024
            before = step(page)
            page.locator(".mq-dispose-confirm").click()
            page.wait_for_function(f"() => +document.querySelector('.shell-status').dataset.step > {before}",
                                   timeout=PATIENCE_MS)
            assert page.locator(".shell-error").inner_text().strip() == ""
            # the log is redrawn just after the status (a busy machine showed the new step, the old log)
            sold = f"P1 sells 4 Solon at ${price:,} (${4 * price:,})"
            page.wait_for_function(f"() => document.querySelector('.shell-log').innerText.includes({sold!r})",
                                   timeout=PATIENCE_MS)
            assert errors == []
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "megacquire-dispose-failure.png"), full_page=True)
            raise


def test_the_cash_chart_is_drawn_and_a_reloaded_page_resumes_the_table(megacquire_url):
    """The shell's optional parts on MEGAcquire's page: the cash chart (total disclosure, the
    form's default: one line per player) drawn in the browser, and the autosave: after a reload
    the page offers "Resume" for the table this browser played, and resumes it where it was."""
    with shell_page(megacquire_url) as (page, errors):
        try:
            start_game(page, 6)
            for _ in range(4):
                click_first_choice(page)
            page.wait_for_function("() => document.querySelectorAll('.shell-chart .scatterlayer .trace').length === 3",
                                   timeout=PATIENCE_MS)
            page.locator(".shell-chart").scroll_into_view_if_needed()
            page.screenshot(path=str(ARTIFACTS / "megacquire-chart.png"))
            played = step(page)
            reasons = page.locator(".shell-log .shell-reason").all_inner_texts()
            assert reasons and all("'s reason: " in r for r in reasons)   # the bots said why they moved
            page.reload(timeout=PATIENCE_MS)
            page.wait_for_selector(".shell-resume-button", state="visible", timeout=PATIENCE_MS)
            assert "Ada (Human)" in page.inner_text(".shell-resume")
            page.click(".shell-resume-button")
            page.wait_for_function(f"() => {{ const s = document.querySelector('.shell-status');"
                                   f" return s && +s.dataset.step >= {played}; }}", timeout=PATIENCE_MS)
            assert page.locator(".shell-error").inner_text().strip() == ""
            assert page.locator(".shell-gate-button").is_hidden()   # resumed: Ada alone, unasked
            # the resumed log still says why each bot moved (the reasons are kept in the table's file)
            page.wait_for_function(f"() => document.querySelectorAll('.shell-log .shell-reason').length >= {len(reasons)}",
                                   timeout=PATIENCE_MS)
            resumed = page.locator(".shell-log .shell-reason").all_inner_texts()
            assert set(reasons) <= set(resumed)
            page.wait_for_function("() => document.querySelectorAll('.shell-chart .scatterlayer .trace').length === 3",
                                   timeout=PATIENCE_MS)
            assert errors == []
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "megacquire-resume-failure.png"), full_page=True)
            raise
