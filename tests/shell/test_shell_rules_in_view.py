"""The Rules button of every shell page opens the rules viewer at its first section and brings it
into the window: the viewer sits below the board and the table, out of sight in a 1024x700
window, so opening it without scrolling there looked like a button that does nothing (found
playing the pages as a newcomer). Pressed again, it closes the viewer."""
from __future__ import annotations

import pytest

from widgets.megacquire.app import MegacquireParts
from widgets.notecard.parts import NotecardParts
from widgets.shell import Shell
from widgets.tcg.app import TcgParts


@pytest.mark.parametrize("parts", [MegacquireParts, NotecardParts, TcgParts])
def test_the_rules_button_opens_the_rules_at_their_start_in_view_before_any_game(monkeypatch, parts):
    shell = Shell(parts(), pause=0)
    assert shell.game is None and shell.rules_box.layout.display == "none"
    sent: list[dict] = []
    monkeypatch.setattr(shell.bridge, "send", lambda content, buffers=None: sent.append(content))
    first, *others = shell.rules_help.sections
    shell.rules_button.click()
    assert shell.rules_box.layout.display is None
    assert sent == [{"type": "scroll", "selector": ".shell-rules"}]
    assert "shell-rules" in shell.rules_box._dom_classes          # the selector names the viewer
    page = shell.rules_box.value
    assert f"data-section='{first.key}'" in page and f"<h3>{first.title}</h3>" in page.replace("&#x27;", "'")
    for section in others:                                        # one section shown, the others in the index
        assert f"data-section='{section.key}'" not in page and f"data-mc-topic='{section.key}'" in page
    shell.rules_button.click()                                    # closing it scrolls nowhere
    assert shell.rules_box.layout.display == "none" and len(sent) == 1
