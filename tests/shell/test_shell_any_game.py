"""The page shell knows a game through the kit only: the note-card game, with none of its own
page parts (the shell's defaults: a button per legal action), is played to the end by clicks,
the hot-seat gate hides one human's card from the other, a refused action changes nothing, and
save/load round-trips."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from megacorps.errors import BadSaveFile
from widgets.shell import HUMAN, GameParts, Shell
from widgets.testing.widget_tree import choices


def notecard(kinds: list[str], seed: int = 1) -> Shell:
    shell = Shell(GameParts("notecard"), pause=0)
    for box, kind in zip(shell.form.kinds, kinds):
        box.value = kind
    shell.form.seed.value = str(seed)
    shell.form.start.click()
    assert shell.error.value == ""
    return shell


def test_the_form_offers_the_games_seats_and_bot_levels():
    shell = Shell(GameParts("notecard"), pause=0)
    spec = shell.spec
    assert len(shell.form.kinds) == spec.max_seats
    assert list(shell.form.kinds[0].options) == [HUMAN, *spec.bot_levels()]
    assert shell.spec.title in shell.children[1].children[0].value


def test_a_whole_note_card_game_by_the_default_buttons():
    shell = notecard([HUMAN, "Odds"])
    clicks = 0
    while not shell.game.is_over:
        assert clicks < 500
        if shell.gated():
            shell.gate_button.click()
        else:
            choices(shell)[0].click()
            clicks += 1
        assert shell.error.value == "", shell.error.value
    game = shell.game
    assert clicks > 0 and len(game.actions) > clicks   # the bot wrote its cards too
    assert "Game over" in shell.results.value
    for seat, score in game.scores().items():
        assert f"<b>{score:,}</b>" in shell.results.value
    # no rules help given: no line carries a link
    assert "shell-rule-link" not in shell.log_box.value and shell.log_box.value


def test_the_gate_hides_one_humans_card_from_the_other_and_a_stale_click_changes_nothing():
    shell = notecard([HUMAN, HUMAN])
    first = shell.human_to_decide()
    assert shell.gated() and choices(shell) == []
    shell.gate_button.click()
    stale = choices(shell)[0]
    stale.click()                                   # the first human hands in a card
    second = shell.human_to_decide()
    assert second != first and shell.gated()        # the screen waits for the other human
    assert choices(shell) == []
    before = shell.game.to_json("*")
    stale.click()                                   # the first human's old button, pressed again
    assert "not your decision" in shell.error.value
    assert shell.game.to_json("*") == before


def test_save_and_load_round_trip_and_a_bad_file_changes_nothing():
    shell = notecard([HUMAN, "Odds"])
    shell.gate_button.click()
    choices(shell)[0].click()
    _, data = shell.save_file()
    other = Shell(GameParts("notecard"), pause=0)
    other.load_bytes(data)
    assert other.game.to_json("*") == shell.game.to_json("*") and other.players == shell.players
    with pytest.raises(BadSaveFile):
        other.load_bytes(b"[1, 2")
    assert other.game.to_json("*") == shell.game.to_json("*")


def test_the_same_file_uploaded_twice_loads_twice():
    shell = notecard([HUMAN, "Odds"])
    shell.gate_button.click()
    _, data = shell.save_file()
    other = Shell(GameParts("notecard"), pause=0)
    upload = [{"name": "game.json", "type": "application/json", "size": len(data), "content": memoryview(data),
               "last_modified": datetime.now(timezone.utc)}]
    other.form.upload.value = upload
    assert other.game is not None and other.error.value == "" and other.form.upload.value == ()
    first = other.game
    other.form.upload.value = upload
    assert other.game is not first and other.game.to_json("*") == shell.game.to_json("*")
