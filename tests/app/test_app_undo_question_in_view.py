"""The Undo button's question at a hot-seat screen ("Take back Mokia's last move?") is put at the
top of the sidebar, which scrolls on its own. Found playing at 1024x700: after a long form (a trade
offer: its Confirm sits below the fold, so the player scrolls the sidebar down to press it), the
next player pressed Undo and nothing seemed to happen: the question was drawn above what the
sidebar showed (its top at -86 px). The page now brings the question into view, as it brings its
other panels (`BrowserBridge.reveal`)."""
from __future__ import annotations

import pytest

import megacorps as mc
from widgets.megacorps_app.source import HUMAN
from widgets.testing.mc_tables import hot_seat


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))
    monkeypatch.setenv("MEGACORPS_PAYOUT_WINDOW", "0")


def test_the_undo_question_is_brought_into_view(monkeypatch):
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": HUMAN}
    game = mc.scenario(list(seats))
    app = hot_seat(game, seats)
    app.table._apply(mc.Pass("Mokia"))   # what Confirm does: now Globbo is at the screen
    assert app.error.value == "" and game.deciders == ["Globbo"], (app.error.value, game.deciders)
    sent: list[dict] = []
    monkeypatch.setattr(app.bridge, "send", lambda content, buffers=None: sent.append(content))
    app.undo_button.click()
    assert app.undo_box.layout.display != "none", app.error.value   # the question is asked
    assert {"type": "reveal", "selector": ".mc-undo-confirm", "always": True} in sent, sent
