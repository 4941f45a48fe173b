"""The bots' reasons on the note-card page come from one record, the page shell's (`Shell.reasons`),
which the save file keeps: a game loaded from a save opens on its last quarter's reveal with the
same reasons as before the save, and a reason of a card still face down (written before the save
or after it) is in no widget of the page, nor in the save, until its quarter is revealed."""
from __future__ import annotations

import json
from html import escape

import pytest

from widgets.sealed_files import fernet
from test_notecard_widgets import App, new_app, page_state, write

SEATS = {"Maraya": "Human", "Rob": "Balanced", "Jeff": "Odds"}


@pytest.fixture(autouse=True)
def server_data(tmp_path, monkeypatch):
    """The server's data folder (and so its save key) for this test alone."""
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path))
    monkeypatch.delenv("MEGACORPS_SAVE_KEY", raising=False)


def reasons_of(app, quarter: int) -> dict[str, str]:
    """corp -> the text of its bot's reason for its card of `quarter`, from the shell's record."""
    game = app.game
    return {game.actions[step].corp: text for at, text, step in app.reasons if game.log[at].round == quarter}


def in_page(app, text: str) -> bool:
    """Whether `text` is anywhere the browser could read it (every widget's synced state)."""
    state = " ".join(s for _kind, s in page_state(app))
    return escape(text) in state or json.dumps(escape(text))[1:-1] in state


def loaded(raw: bytes, name: str):
    """A fresh page that loads the save (reviewed on the form, resumed with the same players)."""
    app = App(pause=0)
    app.review_bytes(raw, name)
    app.form.start.click()
    assert app.error.value == "", app.error.value
    return app


def test_a_loaded_game_opens_on_its_last_reveal_with_the_reasons_shown_before_the_save():
    app = new_app(SEATS, last_quarter=4)
    write(app, "Maraya", {"Industry 1": 2})
    reveal = app.parts.reveal
    assert reveal.active and reveal.quarter == 1
    reveal.all_button.click()
    first = reasons_of(app, 1)
    assert first.keys() == {"Rob", "Jeff"}
    shown_before = reveal.reasons.value
    for corp, text in first.items():
        assert escape(text.removeprefix(f"{corp}'s reason: ")) in shown_before
    reveal.done_button.click()
    # quarter 2: the bots write at once, face down, and their reasons stay hidden
    second = reasons_of(app, 2)
    assert app.game.quarter == 2 and second.keys() == {"Rob", "Jeff"}
    assert not any(in_page(app, text) for text in second.values())
    name, raw = app.save_file()
    kept = json.loads(fernet().decrypt(json.loads(raw)["sealed"].encode()))["reasons"]
    assert sorted(text for _at, text, _step in kept) == sorted(first.values())   # not quarter 2's

    fresh = loaded(raw, name)
    fresh_reveal = fresh.parts.reveal
    # the page opens on quarter 1's reveal, all shown, with the bots' reasons as before the save
    assert fresh_reveal.active and fresh_reveal.finished and fresh_reveal.quarter == 1
    assert fresh_reveal.reasons.value == shown_before
    assert fresh.parts.paused(fresh) and fresh.human_to_decide() is None   # until the players continue
    for text in first.values():          # and the log says again why each bot wrote its card
        assert escape(text) in fresh.log_box.value
    assert not fresh.game.state.pending   # the save held no card of quarter 2 (ruling N17)
    fresh_reveal.done_button.click()
    # the bots write quarter 2 again: its reasons hidden until its reveal, on the page and in a save
    assert fresh.game.state.pending.keys() == {"Rob", "Jeff"}
    again = reasons_of(fresh, 2)
    assert again.keys() == {"Rob", "Jeff"}
    assert not any(in_page(fresh, text) for text in again.values())
    assert fresh.parts.saved_reasons(fresh) == [r for r in fresh.reasons if fresh.game.log[r[0]].round == 1]
    write(fresh, "Maraya", {"Industry 2": 3})
    assert fresh_reveal.active and fresh_reveal.quarter == 2
    assert not any(in_page(fresh, text) for text in again.values())   # not before its last step
    fresh_reveal.all_button.click()
    assert all(in_page(fresh, text) for text in again.values())      # now told
    for corp, text in again.items():
        assert escape(text.removeprefix(f"{corp}'s reason: ")) in fresh_reveal.reasons.value
        assert escape(text) in fresh.log_box.value


def test_a_loaded_game_at_its_first_quarter_has_no_reveal_to_show():
    app = new_app(SEATS, last_quarter=4)
    name, raw = app.save_file()
    fresh = loaded(raw, name)
    assert not fresh.parts.reveal.active and fresh.human_to_decide() == "Maraya"
    assert not any(in_page(fresh, text) for text in reasons_of(fresh, 1).values())
