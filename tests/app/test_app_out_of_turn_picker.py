"""The card-out-of-turn panel at a hot-seat screen with several other humans: its Corp list starts
with nobody chosen (showing someone's hand by mistake would tell it to the others), so pressing
Show hand before picking a corp must say so. Found playing at 1024x700: the list looked empty
(or, on its first drawing, showed the first corp) and Show hand did nothing at all."""
from __future__ import annotations

import pytest

import megacorps as mc
from widgets.megacorps_app.source import HUMAN
from widgets.testing.mc_tables import hot_seat


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))
    monkeypatch.setenv("MEGACORPS_PAYOUT_WINDOW", "0")


def three_humans():
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": HUMAN}
    game = mc.scenario(list(seats), hands={"Mokia": ["Boom"], "Globbo": ["Oversupply"], "Nonintendo": ["Shortages"]})
    return hot_seat(game, seats)


def test_show_hand_with_no_corp_picked_says_to_pick_one_and_shows_nothing():
    app = three_humans()
    table = app.table
    assert table.focus == "Mokia" and table.oot_corp.value is None   # nobody chosen for them
    table.oot_show.click()
    assert table.oot_revealed is None
    assert "Oversupply" not in table.oot_hand.value and "Shortages" not in table.oot_hand.value
    assert "pick your corp" in app.error.value.lower(), app.error.value


def test_picking_a_corp_then_show_hand_shows_that_hand_only():
    app = three_humans()
    table = app.table
    table.oot_corp.value = "Nonintendo"
    table.oot_show.click()
    assert app.error.value == "", app.error.value
    assert table.oot_revealed == "Nonintendo"
    assert "Shortages" in table.oot_hand.value
