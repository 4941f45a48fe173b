"""A whole 4-seat game in real browsers, through clicks: the class command (`python -m
tableserver class`: the table service + Voila), a teacher opening the table in the lobby, two
players each in their own browser context at their own seat, two bots, and the projector's
page. On the way: a reload rejoins the seat where it was, and no page ever holds another
seat's hand or the deck."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

import megacorps as mc
from conftest import ROOT
from tables_helpers import replay

ARTIFACTS = ROOT / "test-artifacts"
SIMPLE_CHOICES = ("Pass", "No card", "Stay out", "Permit", "Decline", "Refuse to sell")
SEATS = {"Mokia": "Human", "Globbo": "Human", "Nonintendo": "Random", "Lenogo": "Greedy"}


def _require_chromium() -> None:
    if Path("/usr/bin/chromium").exists():
        return
    if os.environ.get("CI"):
        pytest.fail("/usr/bin/chromium is missing, and CI is set: the browser tests must run in CI")
    pytest.skip("/usr/bin/chromium is missing (set CI=true to make this a failure)")


def actions_done(page) -> int:
    value = page.get_attribute(".mc-status-text", "data-actions")
    return int(value) if value else -1


def decide(page) -> None:
    """Click a simple legal option in this seat's decision panel, then Confirm."""
    panel = page.locator(".mc-decision")
    kinds = panel.locator(".mc-kinds button")
    labels = [kinds.nth(i).inner_text().strip() for i in range(kinds.count())]
    chosen = next((lab for lab in SIMPLE_CHOICES if lab in labels), None)
    if chosen is not None:
        kinds.nth(labels.index(chosen)).click()
    elif not panel.locator(".mc-kinds .mod-active").count():
        first = next(i for i, lab in enumerate(labels) if lab not in ("Play a card", "Offer a trade", "Leave"))
        kinds.nth(first).click()
    for _ in range(4):
        empty = [s for s in panel.locator("select").all() if s.is_visible() and s.evaluate("e => e.selectedIndex") < 0]
        if not empty:
            break
        empty[0].select_option(index=0)
        page.wait_for_timeout(150)
    confirm = panel.locator(".mc-confirm")
    confirm.wait_for(state="visible", timeout=10_000)
    page.wait_for_function("() => !document.querySelector('.mc-decision .mc-confirm').disabled", timeout=10_000)
    before = actions_done(page)
    confirm.click()
    page.wait_for_function(
        f"() => {{ const e = document.querySelector('.mc-status-text'); const err = document.querySelector('.mc-error-text');"
        f" return (e && Number(e.dataset.actions) > {before}) || (err && err.offsetParent !== null); }}",
        timeout=30_000)


def hidden_cards(game: mc.Game, corp: str | None) -> set[str]:
    """Cards `corp` may not see now and whose names are not public anyway."""
    state = game.state
    public = json.dumps(game.view(None).model_dump())
    cards = {c for other, hand in state.hands.items() if other != corp for c in hand}
    cards |= set(state.deck) | set(state.set_aside)
    return {c for c in cards - set(state.hands.get(corp, [])) if c not in public}


def test_a_class_plays_a_whole_game_each_at_their_own_screen(tmp_path):
    _require_chromium()
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, free_port, route_cdn, serving
    ARTIFACTS.mkdir(exist_ok=True)
    port, voila_port = free_port(), free_port()
    cmd = [sys.executable, "-m", "tableserver", "class", "--host", "127.0.0.1", "--port", str(port),
           "--voila-port", str(voila_port), "--data", str(tmp_path), "--bot-pause", "0"]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    base = f"http://127.0.0.1:{voila_port}/voila/render"
    with open(ARTIFACTS / "tables-class.log", "w") as log, serving(cmd, voila_port, env, log, timeout=90), \
            sync_playwright() as p, chromium(p) as browser:
        pages = {}
        try:
            teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            route_cdn(teacher)
            teacher.goto(f"{base}/table.ipynb")
            teacher.wait_for_selector(".mc-open-table", timeout=120_000)
            for i, (corp, player) in enumerate([*SEATS.items(), ("The Mouse", "(empty)"), ("Windoze", "(empty)")]):
                teacher.locator(".mc-seat-choice select").nth(i).select_option(label=player)
            teacher.click(".mc-open-table")
            teacher.wait_for_selector(".mc-seat-link", timeout=30_000)
            links = {a.get_attribute("data-corp"): a.get_attribute("href") for a in teacher.locator(".mc-seat-link").all()}
            assert set(links) == {"Mokia", "Globbo"}
            watch = teacher.get_attribute(".mc-watch-link", "href")
            table_id = watch.split("table=")[1]

            for corp in links:  # each player in a browser context of their own
                page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                page.js_errors = []
                page.on("pageerror", lambda exc, page=page: page.js_errors.append(str(exc)))
                route_cdn(page)
                page.goto(links[corp], wait_until="commit")  # the three kernels start side by side
                pages[corp] = page
            teacher.goto(watch, wait_until="commit")
            for page in [*pages.values(), teacher]:
                page.wait_for_selector(".mc-board .barlayer .trace .point path", timeout=120_000)
                page.wait_for_selector(".mc-connection b.ok", timeout=60_000)

            store = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
            decisions, reloaded, start = 0, False, time.time()
            while not all(pg.locator(".mc-winner").is_visible() for pg in pages.values()):
                assert time.time() - start < 240, "the game did not end in time"
                acted = False
                for corp, page in pages.items():
                    assert not page.locator(".mc-error-text").is_visible(), page.inner_text(".mc-error-text")
                    if page.locator(".mc-decision").is_visible() and not page.locator(".mc-winner").is_visible():
                        decide(page)
                        decisions += 1
                        acted = True
                        if decisions % 8 == 0:  # no page holds what its seat may not see
                            game = replay(store, table_id)
                            for seat, pg in pages.items():
                                html = pg.content()
                                for card in hidden_cards(game, seat):
                                    assert card not in html, f"{card} is in {seat}'s page"
                        if decisions == 12 and not reloaded:  # a reload rejoins the seat where it was
                            reloaded = True
                            page.reload()
                            page.wait_for_selector(".mc-board .barlayer .trace .point path", timeout=120_000)
                            page.wait_for_selector(".mc-connection b.ok", timeout=60_000)
                            assert page.inner_text(".mc-status-text").count(f"You play {corp}") == 1
                if not acted:
                    time.sleep(0.2)
            print(f"{decisions} decisions in {time.time() - start:.1f} s")
            assert reloaded and decisions >= 20
            game = replay(store, table_id)
            assert game.is_over
            for corp, page in pages.items():
                shown = page.get_attribute(".mc-engine-winners", "data-winners").split("|")
                assert shown == game.winners()
                assert actions_done(page) == len(game.actions)
                assert page.js_errors == []
            teacher.wait_for_function(f"() => document.querySelector('.mc-status-text').dataset.actions == '{len(game.actions)}'",
                                      timeout=30_000)
            assert "Game over" in teacher.inner_text(".mc-status-text")
            teacher.wait_for_selector(".js-plotly-plot .scatterlayer .trace", timeout=30_000)  # the money chart
            for card in hidden_cards(game, None):
                assert card not in teacher.content()
            teacher.screenshot(path=str(ARTIFACTS / "tables-projector.png"))
            pages["Mokia"].screenshot(path=str(ARTIFACTS / "tables-seat-mokia.png"))
        except BaseException:
            for corp, page in pages.items():
                page.screenshot(path=str(ARTIFACTS / f"tables-failure-{corp}.png"))
            raise
