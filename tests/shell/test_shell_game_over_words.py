"""Every page's header says "Game over" when the game ends, as MegaCorps' page, the note-card
page and every results panel say it (MEGAcquire's and the card game's headers said "The game is
over.", found playing the four pages one after the other)."""
from __future__ import annotations

import pytest

from widgets.megacquire.app import MegacquireParts
from widgets.notecard.parts import NotecardParts
from widgets.shell import Shell
from widgets.tcg.app import TcgParts


def bots_to_the_end(parts) -> Shell:
    shell = Shell(parts, pause=0)
    levels = list(shell.spec.bot_levels())
    for box in shell.form.picker.kinds[:shell.spec.min_seats]:
        box.value = levels[0]
    if isinstance(parts, MegacquireParts):
        shell.form.options.last_round.value = 1          # a short game: it ends after round 1
    if isinstance(parts, NotecardParts):
        shell.form.options.last_quarter.value = 2
    shell.form.seed.value = "3"
    shell.form.start.click()
    assert shell.error.value == "" and shell.game.is_over
    return shell


@pytest.mark.parametrize("parts", [MegacquireParts, TcgParts, NotecardParts])
def test_the_header_says_game_over_at_the_end(parts):
    shell = bots_to_the_end(parts())
    assert ">Game over" in shell.status.value and "The game is over" not in shell.status.value
    assert "Game over" in shell.results.value
