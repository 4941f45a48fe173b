"""A lone human against bots is never asked to pass the screen to themselves: the screen is theirs
from the start, and again when they come back from the form; with two humans the gate still asks
the first one to the screen."""
from __future__ import annotations

import pytest

from widgets.megacquire.app import MegacquireParts
from widgets.shell import HUMAN, GameParts, Shell
from widgets.tcg.app import TcgParts
from widgets.testing.widget_tree import choices


def started(parts: GameParts, kinds: list[str]) -> Shell:
    shell = Shell(parts, pause=0)
    for box, kind in zip(shell.form.picker.kinds, kinds):
        box.value = kind
    shell.form.seed.value = "4"
    shell.form.start.click()
    assert shell.error.value == "", shell.error.value
    return shell


@pytest.mark.parametrize("parts, kinds", [(lambda: GameParts("notecard"), [HUMAN, "Odds"]),
                                          (MegacquireParts, [HUMAN, "Random", "Tycoon"]),
                                          (TcgParts, [HUMAN, "Heuristic"])])
def test_a_lone_human_sees_their_decision_at_once_and_after_the_form(parts, kinds):
    shell = started(parts(), kinds)
    human = shell.human_to_decide()
    assert human is not None and human == shell.lone_human()
    assert not shell.gated() and shell.gate.layout.display == "none"
    assert "Pass the screen" not in shell.gate_text.value
    assert shell.shown_seat() == human and shell.legal_now(human)
    shell.show_form()                       # the hand is put away under the form...
    assert shell.viewer is None
    shell.form.back.click()                 # ...and back at the game, it is theirs again, unasked
    assert not shell.gated() and shell.shown_seat() == human and shell.legal_now(human)


def test_two_humans_are_still_asked_to_the_screen():
    shell = started(GameParts("notecard"), [HUMAN, HUMAN])
    assert shell.lone_human() is None
    assert shell.gated() and shell.gate.layout.display is None and choices(shell) == []
    seat = shell.human_to_decide()
    assert f"Pass the screen to {seat}" in shell.gate_text.value
