"""The note-card game at a class's tables in a real browser (`python -m tableserver class`: the
table service + Voila, Debian's Chromium at 1024x700): a seat writes its note card through
clicks, the quarter is revealed with the bots' cards, and the projector shows the same reveal;
no page holds a card before its reveal."""
from __future__ import annotations

import pytest

import megacorps as mc
from widgets.testing.voila_runner import PATIENCE_MS
from tables_helpers import ROOT
from test_browser_pages import class_in_browser

ARTIFACTS = ROOT / "test-artifacts"
HOST_KEY = "teacher-key-notecard"
SEATS = {"Northwind": "Human", "Halcyon": "Odds", "Vantage": "Random"}


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    with class_in_browser(tmp_path_factory.mktemp("class"), "tables-notecard.log",
                          {"MEGACORPS_CREATE_KEY": HOST_KEY}) as cls:
        yield cls


def test_a_note_card_table_is_played_at_a_seat_and_shown_on_the_projector(klass):
    table = mc.tables.open_table(klass.service, SEATS, seed=6, name="Room 12", key=HOST_KEY,
                                 game="notecard", options={"last_quarter": 3})
    seat = klass.page(f"{klass.base}/table.ipynb?code={table.codes['Northwind']}", wait_until="commit")
    seat.set_viewport_size({"width": 1024, "height": 700})
    watch = klass.page(f"{klass.base}/spectate.ipynb?table={table.table}", wait_until="commit")
    seat.wait_for_selector(".nc-hand-in", timeout=PATIENCE_MS)
    seat.wait_for_selector(".mc-connection b.ok", timeout=PATIENCE_MS)
    assert "Room 12" in seat.inner_text(".nc-tagline") and "Northwind" in seat.inner_text(".nc-tagline")
    # an over-budget card is refused in the game's words, and nothing is sent
    first = seat.locator(".nc-invest input").first
    first.fill("999")
    first.press("Tab")
    seat.click(".nc-hand-in")
    seat.wait_for_selector(".mc-error-text", timeout=PATIENCE_MS)
    assert "refused" in seat.inner_text(".mc-error-text")
    first.fill("3")
    first.press("Tab")
    seat.click(".nc-hand-in")
    seat.wait_for_selector(".nc-report[data-quarter='1']", timeout=PATIENCE_MS)   # the bots' cards came in, revealed
    report = seat.inner_text(".nc-report")
    assert "Halcyon" in report and "Vantage" in report
    seat.screenshot(path=str(ARTIFACTS / "notecard-table-seat.png"))
    watch.wait_for_selector(".nc-report[data-quarter='1']", timeout=PATIENCE_MS)
    assert "projector" in watch.inner_text(".nc-tagline")
    watch.screenshot(path=str(ARTIFACTS / "notecard-table-projector.png"))
    for page in (seat, watch):
        html = page.content()
        for bot in ("Halcyon", "Vantage"):   # their cards' contents are never sent before a reveal
            assert f"{bot} hands in its note card:" not in html
        assert page.js_errors == []
        page.context.close()
