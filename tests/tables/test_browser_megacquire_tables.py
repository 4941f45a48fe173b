"""MEGAcquire at a class's tables in a real browser (`python -m tableserver class`: the table
service + Voila, Debian's Chromium): the teacher's lobby opens a MEGAcquire table with two bots
and disclosure 1, a player plays turns at their seat by clicks, the projector follows; and no
WebSocket frame the seat's browser receives carries a tile of another seat's hand."""
from __future__ import annotations

import json
import re

import pytest

from widgets.testing.shell_clicks import DECISION_SHOWN
from widgets.testing.voila_runner import PATIENCE_MS
from tables_helpers import ROOT, replay
from test_browser_pages import class_in_browser

ARTIFACTS = ROOT / "test-artifacts"
HOST_KEY = "teacher-key-megacquire"
SEATS = [("Ada", "Human"), ("Bo", "Random"), ("Cy", "Random"), ("Dee", "(empty)"), ("Eli", "(empty)"), ("Fay", "(empty)")]
TURNS = 3
STEP = "() => Number(document.querySelector('.shell-status')?.dataset.step ?? -1)"


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    with class_in_browser(tmp_path_factory.mktemp("class"), "tables-megacquire.log",
                          {"MEGACORPS_CREATE_KEY": HOST_KEY}) as cls:
        yield cls


def recorded_page(klass, url: str):
    """A page in its own browser context that keeps every WebSocket frame it receives."""
    from widgets.testing.voila_runner import route_cdn
    page = klass.browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    page.frames_in, page.js_errors = [], []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: page.frames_in.append(payload)))
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    route_cdn(page)
    page.goto(url, wait_until="commit")
    return page


def lobby_for(klass, key: str, title: str, first_seat: str):
    """The teacher's lobby (host key `key`) with the game called `title` chosen in its Game
    menu, once its seats (the first named `first_seat`) are offered."""
    teacher = klass.page(f"{klass.base}/table.ipynb?key={key}")
    teacher.wait_for_selector(".mc-open-table", timeout=PATIENCE_MS)
    teacher.locator(".mc-game-choice select").select_option(label=title)
    teacher.wait_for_function("(name) => document.querySelector('.mc-seat-choice label')?.textContent.includes(name)",
                              arg=first_seat, timeout=PATIENCE_MS)
    return teacher


def open_and_follow(klass, teacher, name: str, human: str):
    """Open the table set up in the teacher's lobby as `name` (one human seat, `human`); then
    the human's seat page and the projector, recording their frames, the seat connected.
    Returns (seat page, projector page, table id)."""
    teacher.fill(".mc-lobby input[placeholder^='e.g.']", name)
    teacher.click(".mc-open-table")
    teacher.wait_for_selector(".mc-seat-link", timeout=PATIENCE_MS)
    links = {a.get_attribute("data-corp"): a.get_attribute("href") for a in teacher.locator(".mc-seat-link").all()}
    assert set(links) == {human}
    code = links[human].split("code=")[1]
    table_id = teacher.get_attribute(".mc-watch-link", "href").split("table=")[1]
    teacher.context.close()
    seat = recorded_page(klass, f"{klass.base}/table.ipynb?code={code}")
    watch = recorded_page(klass, f"{klass.base}/spectate.ipynb?table={table_id}")
    seat.wait_for_selector(".mc-connection b.ok", timeout=PATIENCE_MS)
    return seat, watch, table_id


def message_content(frame) -> object:
    """A kernel message's content as JSON: a text frame is the whole message; a binary one is
    Jupyter's v1 WebSocket protocol (offsets, then channel, header, parent, metadata, content,
    buffers), whose buffers (numbers) are left out."""
    if isinstance(frame, str):
        return json.loads(frame).get("content")
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)] + [len(frame)]
    return json.loads(frame[offsets[4]:offsets[5]])


def leaks(content, hidden: set[str]) -> list[str]:
    """Where `hidden` tiles appear in `content`: in a trace of the seat's own tiles, or named
    in any text, apart from the board's label of an empty cell (its name, and "<name>: empty")."""
    found = []

    def walk(value):
        if isinstance(value, dict):
            if value.get("name") in ("play a tile", "your tiles"):
                found.extend(t for key in ("text", "customdata") for t in value.get(key) or () if t in hidden)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            for tile in hidden:
                if value not in (tile, f"{tile}: empty") and re.search(rf"\b{tile}\b", value):
                    found.append(f"{tile} in {value[:120]!r}")
    walk(content)
    return found


def test_a_megacquire_table_is_played_at_a_seat_by_clicks_and_shown_on_the_projector(klass):
    teacher = lobby_for(klass, HOST_KEY, "MEGAcquire", "Ada")
    for i, (_seat, player) in enumerate(SEATS):
        teacher.locator(".mc-seat-choice select").nth(i).select_option(label=player)
    teacher.locator(".mc-disclosure select").select_option(index=0)   # the first option: disclosure 1
    seat, watch, table_id = open_and_follow(klass, teacher, "Room 9", "Ada")
    tagline = seat.inner_text(".mq-tagline")
    assert "Room 9" in tagline and "you play Ada" in tagline
    assert seat.locator(".shell-start, .shell-gate-button").count() == 0   # no hot-seat form, no gate
    for _ in range(TURNS):
        # Ada's choices for the position the header shows: just after a move the header's step is
        # new and the old choices (their widgets closed: a click on one is lost) still on the page
        seat.wait_for_function(DECISION_SHOWN, arg=".shell-choice", timeout=PATIENCE_MS)
        step = seat.evaluate(STEP)
        seat.locator(".shell-choice").first.click(timeout=PATIENCE_MS)
        seat.wait_for_function(f"() => ({STEP})() > {step}", timeout=PATIENCE_MS)
        assert seat.locator(".shell-error").inner_text().strip() == ""
    at = seat.evaluate(STEP)
    watch.wait_for_function(f"() => ({STEP})() >= {at}", timeout=PATIENCE_MS)
    assert "projector" in watch.inner_text(".mq-tagline")
    assert watch.locator(".shell-choice").count() == 0
    seat.screenshot(path=str(ARTIFACTS / "megacquire-table-seat.png"))
    watch.screenshot(path=str(ARTIFACTS / "megacquire-table-projector.png"))

    game = replay(f"sqlite:///{klass.tmp / 'tables.sqlite3'}", table_id)
    names = game.options.geometry.names
    # the opening draw shows every player's tile to all, then returns them to the supply
    # (Set-up, L15-17): a later hand may hold one of them, which every player saw go back
    opening = next(e.text for e in game.log if e.rule.startswith("Set-up: who goes first"))
    held = {names[c] for other, hand in game.state.hands.items() if other != "Ada" for c in hand}
    assert len(held) == 2 * 12
    hidden = {tile for tile in held if not re.search(rf"\b{tile}\b", opening)}
    assert len(hidden) >= 2 * 12 - 3
    for page in (seat, watch):
        assert len(page.frames_in) > 10
        found = [leak for frame in page.frames_in for leak in leaks(message_content(frame), hidden)]
        assert found == [], found[:5]
        assert page.js_errors == []
    # the seat's board marks its own tiles, and only those; the projector's marks none
    own = set(seat.evaluate("() => [...document.querySelectorAll('.js-plotly-plot')].flatMap(p => p.data)"
                            ".filter(t => t.name === 'play a tile').flatMap(t => t.customdata)"))
    assert own and not own & hidden
    assert watch.evaluate("() => [...document.querySelectorAll('.js-plotly-plot')].flatMap(p => p.data)"
                          ".filter(t => t.name === 'play a tile').length") == 0
    for page in (seat, watch):
        page.context.close()
