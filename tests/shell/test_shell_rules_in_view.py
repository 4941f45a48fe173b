"""The Rules button of every shell page brings the rules help into the window: the help sits
below the board and the table, out of sight in a 1024x700 window, so opening it without
scrolling there looked like a button that does nothing (found playing the pages as a newcomer)."""
from __future__ import annotations

import pytest

from widgets.megacquire.app import MegacquireParts
from widgets.notecard.parts import NotecardParts
from widgets.shell import Shell
from widgets.tcg.app import TcgParts


@pytest.mark.parametrize("parts", [MegacquireParts, NotecardParts, TcgParts])
def test_the_rules_button_scrolls_the_rules_help_into_view_when_it_opens_it(monkeypatch, parts):
    shell = Shell(parts(), pause=0)
    sent: list[dict] = []
    monkeypatch.setattr(shell.bridge, "send", lambda content, buffers=None: sent.append(content))
    shell.rules_button.click()
    assert "shell-rules-all" in shell.rules_box._dom_classes
    assert sent == [{"type": "scroll", "selector": ".shell-rules"}]
    assert "shell-rules" in shell.rules_box._dom_classes          # the selector names the help
    shell.rules_button.click()                                    # closing it scrolls nowhere
    assert "shell-rules-all" not in shell.rules_box._dom_classes
    assert len(sent) == 1
