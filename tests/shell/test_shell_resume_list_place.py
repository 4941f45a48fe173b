"""The "Resume a game" list of a shell page stands with the new-game form: it goes when a game
starts (it stayed above the game under way, offering the table of an earlier visit), comes back
with New / Load without the table now played, and its lines say a fact given seat by seat in
words (the card game's line read "money {'Ana': 10, 'Nick': 10}"). Found playing the pages as a
newcomer, reloading the card game's page and starting a new game."""
from __future__ import annotations

import pytest

from widgets.notecard.parts import NotecardParts
from widgets.shell import HUMAN, Shell
from widgets.shell.resume import describe
from widgets.tcg.app import TcgParts


@pytest.fixture(autouse=True)
def server_data(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path))
    monkeypatch.delenv("MEGACORPS_SAVE_KEY", raising=False)


def start(page: Shell, kinds: list[str], seed: str) -> None:
    for choice, kind in zip(page.form.picker.kinds, kinds):
        choice.value = kind
    page.form.seed.value = seed
    page.form.start.click()
    assert page.error.value == ""


def lines(page: Shell) -> list[str]:
    return [row.children[0].value for row in page.keeper.box.children[1:]]


@pytest.mark.parametrize("parts, players", [(TcgParts, [HUMAN, "Random"]), (NotecardParts, [HUMAN, "Odds"])])
def test_the_resume_list_goes_with_the_form(monkeypatch, parts, players):
    ids: list[str] = []
    monkeypatch.setattr("widgets.megacorps_app.browser.BrowserBridge.remember", lambda self, table: ids.append(table))
    first = Shell(parts(), pause=0, autosave=True)
    start(first, players, "4")                                # an earlier visit's game, left unfinished
    page = Shell(parts(), pause=0, autosave=True)            # the page opened again in that browser
    page.bridge.on_hello(list(ids), {})
    assert page.keeper.box.layout.display is None and len(lines(page)) == 1
    assert "{" not in lines(page)[0] and "money " in lines(page)[0]
    start(page, players, "5")                                 # a new game instead
    assert page.keeper.box.layout.display == "none"
    page.new_button.click()                                   # New / Load: the earlier table again
    assert page.keeper.box.layout.display is None and len(lines(page)) == 1
    page.form.back.click()
    assert page.keeper.box.layout.display == "none"
    page.new_button.click()
    page.keeper.box.children[1].children[1].click()           # Resume the earlier table
    assert page.error.value == "" and page.keeper.table == ids[0]
    page.new_button.click()                                   # the table now played is not offered
    assert page.keeper.box.layout.display == "none" and lines(page) == []


def test_a_fact_given_seat_by_seat_reads_as_words():
    line = describe({"players": {"Ana": "Human", "Nick": "Random"}, "turn": 3, "money": {"Ana": 10, "Nick": 9}})
    assert line == "Ana (Human), Nick (Random) \u00b7 turn 3; money Ana 10, Nick 9"
