"""A whole 4-seat game in real browsers, through clicks: the class command (`python -m
tableserver class`: the table service + Voila), a teacher opening the table in the lobby, two
players each in their own browser context at their own seat, two bots, and the projector's
page. On the way: a reload rejoins the seat where it was, and no page ever holds another
seat's hand or the deck."""
from __future__ import annotations

import json
import os
import re
import sys
import time

import megacorps as mc
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from tables_helpers import ROOT, replay

from widgets.testing.voila_runner import PATIENCE_MS

ARTIFACTS = ROOT / "test-artifacts"
SIMPLE_CHOICES = ("Pass", "No card", "Stay out", "Permit", "Decline", "Refuse to sell")
SEATS = {"Mokia": "Human", "Globbo": "Human", "Nonintendo": "Random", "Lenogo": "Greedy"}


def actions_done(page) -> int:
    value = page.get_attribute(".mc-status-text", "data-actions")
    return int(value) if value else -1


# after a choice in a dropdown: the next field appeared (an empty dropdown) or the action is complete
NEXT_FIELD_OR_CONFIRM = """() => {
    const panel = document.querySelector('.mc-decision');
    const empty = [...panel.querySelectorAll('select')].some(s => s.offsetParent !== null && s.selectedIndex < 0);
    const confirm = panel.querySelector('.mc-confirm');
    return empty || (confirm && !confirm.disabled);
}"""


def choose(panel, page) -> None:
    """Select a simple legal option in this seat's decision panel."""
    assert not page.locator(".mc-gate-button").is_visible(), "a seat alone at its screen needs no secret gate"
    kinds = panel.locator(".mc-kinds button")
    labels = [kinds.nth(i).inner_text().strip() for i in range(kinds.count())]
    chosen = next((lab for lab in SIMPLE_CHOICES if lab in labels), None)
    if chosen is not None:
        kinds.nth(labels.index(chosen)).click(timeout=PATIENCE_MS)
    elif not panel.locator(".mc-kinds .mod-active").count():
        first = next(i for i, lab in enumerate(labels) if lab not in ("Play a card", "Offer a trade", "Leave"))
        kinds.nth(first).click(timeout=PATIENCE_MS)
    for _ in range(4):
        empty = [s for s in panel.locator("select").all() if s.is_visible() and s.evaluate("e => e.selectedIndex") < 0]
        if not empty:
            break
        empty[0].select_option(index=0, timeout=PATIENCE_MS)
        page.wait_for_function(NEXT_FIELD_OR_CONFIRM)


def decide(page) -> None:
    """Choose a simple legal option, then Confirm. A pushed update that changes this seat's
    choices meanwhile (it drew a card) rebuilds the form: then choose again."""
    panel = page.locator(".mc-decision")
    enabled = "() => { const b = document.querySelector('.mc-decision .mc-confirm'); return b && !b.disabled; }"
    for attempt in range(4):
        try:
            choose(panel, page)
            page.wait_for_function(enabled, timeout=PATIENCE_MS)
            break
        except PlaywrightTimeout:  # the form was rebuilt (or the decision moved on) under the clicks
            if attempt == 3 or not panel.is_visible():
                raise
    before = actions_done(page)
    panel.locator(".mc-confirm").click()
    page.wait_for_function(
        f"() => {{ const e = document.querySelector('.mc-status-text'); const err = document.querySelector('.mc-error-text');"
        f" return (e && Number(e.dataset.actions) > {before}) || (err && err.offsetParent !== null); }}",
        timeout=PATIENCE_MS)


def hidden_cards(game: mc.Game, corp: str | None) -> set[str]:
    """Cards `corp` never held and whose names are not public anyway: in the public view,
    the decision texts so far (a payout window names Oversupply and Shortages), the rules that
    label the log ("Elections"), or the texts of the cards it holds or held (Oversupply's
    names Shortages)."""
    from megacorps.explain import describe_decision
    state = game.state
    spec = state.deck_spec.card_by_name
    own = {c for st in game.states() for c in st.hands.get(corp, [])} if corp else set()
    public = " ".join([json.dumps(game.view(None).model_dump()), *map(describe_decision, game.states()),
                       *(e.rule for e in game.log), *(spec[c].summary for c in own)])
    cards = {c for other, hand in state.hands.items() if other != corp for c in hand}
    cards |= set(state.deck) | set(state.set_aside)
    return {c for c in cards - own if c not in public}


def test_a_class_plays_a_whole_game_each_at_their_own_screen(tmp_path):
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, free_port, require_chromium, route_cdn, serving
    require_chromium()
    ARTIFACTS.mkdir(exist_ok=True)
    port, voila_port = free_port(), free_port()
    cmd = [sys.executable, "-m", "tableserver", "class", "--host", "127.0.0.1", "--port", str(port),
           "--voila-port", str(voila_port), "--data", str(tmp_path), "--bot-pause", "0"]
    env = dict(os.environ, PYTHONPATH=str(ROOT), MEGACORPS_CREATE_KEY="teacher-key")
    base = f"http://127.0.0.1:{voila_port}/voila/render"
    with open(ARTIFACTS / "tables-class.log", "w") as log, serving(cmd, voila_port, env, log), \
            sync_playwright() as p, chromium(p) as browser:
        pages = {}
        try:
            teacher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
            route_cdn(teacher)
            teacher.goto(f"{base}/table.ipynb?key=teacher-key")   # the teacher's own lobby link
            teacher.wait_for_selector(".mc-open-table", timeout=PATIENCE_MS)
            for i, (corp, player) in enumerate([*SEATS.items(), ("The Mouse", "(empty)"), ("Windoze", "(empty)")]):
                teacher.locator(".mc-seat-choice select").nth(i).select_option(label=player)
            teacher.click(".mc-open-table")
            teacher.wait_for_selector(".mc-seat-link", timeout=PATIENCE_MS)
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
                page.wait_for_selector(".mc-board .barlayer .trace .point path", timeout=PATIENCE_MS)
                page.wait_for_selector(".mc-connection b.ok", timeout=PATIENCE_MS)

            store = f"sqlite:///{tmp_path / 'tables.sqlite3'}"
            decisions, reloaded, start = 0, False, time.time()
            while not all(pg.locator(".mc-winner").is_visible() for pg in pages.values()):
                assert time.time() - start < 240, "the game did not end in time"
                acted = False
                for corp, page in pages.items():
                    assert not page.locator(".mc-error-text").is_visible(), page.inner_text(".mc-error-text")
                    mine = page.locator(".mc-decision .mc-kinds button:visible, .mc-gate-button:visible").count() > 0
                    idle = page.get_attribute(".mc-status-text", "data-bots") == "0"
                    if mine and idle and not page.locator(".mc-winner").is_visible():
                        try:
                            decide(page)
                        except PlaywrightTimeout:
                            continue  # the position moved on under the clicks: look again
                        decisions += 1
                        acted = True
                        if decisions % 8 == 0:  # no page holds what its seat may not see
                            # the pages first, then the database: the service records an action before
                            # any page can show it, so the replay is at least as far as every page (the
                            # bots keep playing meanwhile; the pages may also lag behind it)
                            # the page's text and widget values (attributes such as a rules link's
                            # title name cards in general: left out)
                            seen = {seat: ({c.strip() for c in pg.locator(".mc-card-name").all_inner_texts()},
                                           re.sub(r'="[^"]*"', "", pg.content())) for seat, pg in pages.items()}
                            game = replay(store, table_id)
                            for seat, (shown, html) in seen.items():
                                held = {c for st in game.states() for c in st.hands[seat]}
                                assert {c.replace("playable now", "").strip() for c in shown} <= held
                                for card in hidden_cards(game, seat):
                                    at = html.find(card)
                                    assert at < 0, f"{card} is in {seat}'s page: ...{html[max(0, at - 300):at + 100]}"
                        if decisions == 12 and not reloaded:  # a reload rejoins the seat where it was
                            reloaded = True
                            page.reload()
                            page.wait_for_selector(".mc-board .barlayer .trace .point path", timeout=PATIENCE_MS)
                            page.wait_for_selector(".mc-connection b.ok", timeout=PATIENCE_MS)
                            assert f"you play {corp}" in page.inner_text(".mc-tagline")
                            seat_at = mc.tables.connect(f"http://127.0.0.1:{port}", links[corp].split("code=")[1]).at
                            page.wait_for_function(f"() => Number(document.querySelector('.mc-status-text')"
                                                   f".dataset.actions) >= {seat_at}", timeout=PATIENCE_MS)
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
                                      timeout=PATIENCE_MS)
            assert "Game over" in teacher.inner_text(".mc-status-text")
            teacher.wait_for_selector(".js-plotly-plot .scatterlayer .trace", timeout=PATIENCE_MS)  # the money chart
            projector = re.sub(r'="[^"]*"', "", teacher.content())
            for card in hidden_cards(game, None):
                assert card not in projector
            teacher.screenshot(path=str(ARTIFACTS / "tables-projector.png"))
            pages["Mokia"].screenshot(path=str(ARTIFACTS / "tables-seat-mokia.png"))
        except BaseException:
            for corp, page in pages.items():
                page.screenshot(path=str(ARTIFACTS / f"tables-failure-{corp}.png"))
            raise
