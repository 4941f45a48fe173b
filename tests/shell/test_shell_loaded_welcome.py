"""While a loaded save is reviewed on the form, the words beside it say to press *Resume saved game*
(the form's button), not the game's welcome, which names *Start game* (found loading a note-card
save as a newcomer: the page said "press Start game" beside a button called "Resume saved game")."""
from __future__ import annotations

import pytest

from widgets.megacquire.app import MegacquireParts
from widgets.notecard.parts import NotecardParts
from widgets.shell import HUMAN, Shell
from widgets.tcg.app import TcgParts


@pytest.fixture(autouse=True)
def server_data(tmp_path, monkeypatch):
    """The server's data folder (and so its save key) for this test alone."""
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path))
    monkeypatch.delenv("MEGACORPS_SAVE_KEY", raising=False)


@pytest.mark.parametrize("parts", [MegacquireParts, NotecardParts, TcgParts])
def test_the_welcome_says_resume_game_while_a_save_is_reviewed(parts):
    playing = Shell(parts(), pause=0)
    spec = playing.spec
    seats = spec.seats_for(spec.min_seats)
    playing.start(spec.new_game(seats, seed=4), {seat: HUMAN for seat in seats})
    _name, data = playing.save_file()

    page = Shell(parts(), pause=0)                 # a page just opened: the game's own welcome
    welcome = page.welcome.value
    assert "Start game" in welcome and "Resume saved game" not in welcome
    page.review_bytes(data, "saved.json")
    assert page.form.start.description == "Resume saved game"
    assert "Resume saved game" in page.welcome.value and "Start game" not in page.welcome.value
    page.form.forget_button.click()                # a new game after all: the welcome is back
    assert page.form.start.description == "Start game"
    assert page.welcome.value == welcome
