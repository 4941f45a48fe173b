"""Files MegaCorps' page wrote before it was on the page shell still load (widgets/megacorps_app/storage.py,
through `GameParts.read_other_save` and `resume_other`): a `megacorps-table` save file a player kept,
and a `megacorps-autosave` table left on the server, with their seats and their bots' reasons; a
broken one names the bad entry and changes nothing."""
from __future__ import annotations

import pytest

import megacorps as mc
from widgets.megacorps_app.app import App
from widgets.megacorps_app.source import HUMAN
from widgets.sealed_files import seal_file
from widgets.shell.autosave import new_table_id, write_table

SEATS = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Random"}


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))
    monkeypatch.setenv("MEGACORPS_PAYOUT_WINDOW", "0")


def older_content(reasons: bool = True) -> tuple[mc.Game, dict]:
    """A game of a few moves as the older page kept it: the game, its seats, its seed and, action
    by action, (bot level, reason) or None."""
    game = mc.new_game(list(SEATS), seed=3)
    rows = []
    for _ in range(4):
        corp = game.deciders[0]
        game.apply(game.legal_actions(corp)[0])
        rows.append(["Greedy", f"the first choice of {corp}"] if SEATS[corp] != HUMAN and reasons else None)
    return game, {"game": game.to_json(), "seats": SEATS, "seed": 3, "reasons": rows}


def upload(app: App, data: bytes) -> None:
    app.bridge._received(app.bridge, {"type": "upload", "purpose": "save", "name": "old.json"}, [data])


def test_an_older_save_file_is_reviewed_and_resumed_with_its_seats_and_reasons():
    game, content = older_content()
    data = seal_file("megacorps-table", {"corps": list(SEATS)}, content, "older page")
    app = App(pause=0)
    app.run_bots = lambda: None   # the position as saved
    upload(app, data)
    assert app.error.value == "", app.error.value
    assert [p.value for _, p in app.form.picker.choices[:3]] == list(SEATS.values())
    app.form.start.click()
    assert app.game.to_json() == game.to_json() and app.players == SEATS
    said = [e.reason for e in app.session.log_entries() if e.reason]
    assert said and all(r.startswith("the first choice of ") for r in said)


def test_an_older_autosave_on_the_server_is_offered_and_resumed():
    game, content = older_content()
    table = new_table_id()
    state = game.state
    write_table(table, "megacorps-autosave", {"corps": list(SEATS), "seats": SEATS, "round": state.round,
                                              "phase": state.phase, "money": dict(state.money)}, content)
    app = App(pause=0)
    app.run_bots = lambda: None
    app.bridge.on_hello([table], {})
    lines = list(app.keeper.box.children[1:])
    assert len(lines) == 1 and "Mokia against Globbo (Greedy), Nonintendo (Random): setting up" in lines[0].children[0].value
    lines[0].children[1].click()
    assert app.error.value == "", app.error.value
    assert app.game.to_json() == game.to_json() and app.players == SEATS
    assert "Resumed: Mokia against" in app.info.value


def test_a_broken_older_file_names_its_bad_entry_and_changes_nothing():
    _game, content = older_content()
    content["reasons"][1] = ["Greedy", 7]
    app = App(pause=0)
    upload(app, seal_file("megacorps-table", {}, content, "older page"))
    assert "reasons[1]" in app.error.value and app.form.loaded is None and app.game is None
