"""The error and info lines (widgets/shell/messages.py), one piece on every page: a refusal stays
until the table moves on; the info line says what the player's own move did, in public words, and
is marked *Earlier* once another seat has moved (the bots answer at once)."""
from __future__ import annotations

from html import unescape

from widgets.megacorps_app.app import App
from widgets.megacquire.app import MegacquireParts
from widgets.shell import HUMAN, Shell
from widgets.shell.messages import Messages


def megacquire_against_bots() -> Shell:
    shell = Shell(MegacquireParts(), pause=0)
    for box, kind in zip(shell.form.kinds, [HUMAN, "Random", "Random"]):
        box.value = kind
    shell.form.seed.value = "4"
    shell.form.start.click()
    assert shell.error.value == "", shell.error.value
    shell.run_bots = lambda: None   # the bots move one at a time, below, as the background task does
    return shell


def test_every_page_has_the_same_two_lines():
    shell, app = Shell(MegacquireParts(), pause=0), App(pause=0)
    for page, prefix in ((shell, "shell"), (app, "mc")):
        assert isinstance(page.messages, Messages) and page.error is page.messages.error
        page.show_error("No.")
        assert f"class='{prefix}-error-text' role='alert'" in page.error.value
        assert f"{prefix}-error" in page.error._dom_classes and f"{prefix}-info" in page.info._dom_classes


def test_a_refusal_stays_until_the_table_moves_on():
    shell = megacquire_against_bots()
    human = shell.human_to_decide()
    while shell.human_to_decide() == human:    # the human's whole turn: then the bots are to move
        shell.act(shell.legal_now(human)[0])
    stale = shell.game.legal_actions(human)    # nothing: it is not the human's decision
    shell.guard(shell.act)(object())
    assert "It is not your decision now." in shell.error.value
    shell.refresh()                            # a redraw with nothing moved keeps it
    assert "It is not your decision now." in shell.error.value and stale == []
    assert shell.bot_step()
    shell.refresh()
    assert shell.error.value == ""


def test_the_info_line_says_what_the_move_did_in_public_words_and_ages():
    shell = megacquire_against_bots()
    human = shell.human_to_decide()
    game = shell.game
    secrets = 0
    while shell.human_to_decide() == human:    # the human's whole turn: each move its own news
        before = len(game.log)
        shell.act(shell.legal_now(human)[0])
        written = game.log[before:before + 2]
        info = unescape(shell.info.value)
        assert written and "Earlier" not in info
        for entry in written:
            assert entry.for_seat(None).rstrip(".") in info
            if entry.for_seat(human) != entry.for_seat(None):   # the seat's own secret: the tile it drew
                secrets += 1
                assert entry.for_seat(human).rstrip(".") not in info
    assert secrets == 1   # ending the turn drew a tile, told in public words only
    assert shell.bot_step()
    shell.refresh()
    assert "Earlier: " in shell.info.value and "shell-info-earlier" in shell.info.value
