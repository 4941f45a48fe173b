"""One header on every game's page (widgets/shell/header.py): the shell's pages and MegaCorps' page
show the same tools with the same words, in the same order, and an Undo that cannot be done says
why, in its tooltip and when clicked, on both (the shell's pages used to grey it out silently);
each page keeps the classes its styles and browser tests know."""
from __future__ import annotations

from html import escape

import pytest

from widgets.megacorps_app.app import App as MegacorpsApp
from widgets.megacorps_app.seat_picker import EMPTY
from widgets.megacquire.app import App as MegacquireApp
from widgets.notecard.parts import NotecardParts
from widgets.shell import HUMAN, Shell
from widgets.tcg.app import App as TcgApp

TOOLS = ["Undo", "Save", "New / Load", "Rules", "About"]


def _megacorps(players: list[str]) -> MegacorpsApp:
    app = MegacorpsApp(pause=0)
    for i, (corp, player) in enumerate(app.form.picker.choices):
        corp.value = ["Mokia", "Globbo", "Nonintendo"][i] if i < len(players) else EMPTY
        player.value = players[i] if i < len(players) else "Greedy"
    app.form.seed.value = "3"
    return app


def _shell(page: Shell, players: list[str], seed: int = 3) -> Shell:
    for choice, kind in zip(page.form.picker.kinds, players):
        choice.value = kind
    page.form.seed.value = str(seed)
    return page


def _labels(page) -> list[str]:
    return [button.description for button in page.header.tools.children]


def _undo_refused(page, reason: str) -> None:
    """Undo looks disabled, its tooltip says `reason`, and a click says it on the page, changing nothing."""
    prefix = page.header.prefix
    button = page.undo_button
    assert f"{prefix}-disabled" in button._dom_classes and not button.disabled   # clickable, to say why
    assert button.tooltip == f"Undo is not possible now: {reason}"
    page.error.value = ""
    button.click()
    assert f"Undo is not possible now. {escape(reason)}" in page.error.value


def test_both_pages_show_the_same_tools_with_their_own_classes():
    mega, shell = MegacorpsApp(pause=0), MegacquireApp(pause=0)
    assert _labels(mega) == _labels(shell) == TOOLS
    assert ([b.icon for b in mega.header.tools.children] == [b.icon for b in shell.header.tools.children]
            and all(b.icon for b in shell.header.tools.children))
    assert [b.tooltip for b in mega.header.tools.children] == [b.tooltip for b in shell.header.tools.children]
    # MegaCorps' page keeps its names (its styles, its browser tests, the networked seat page's)
    assert {"mc-titlebar", "mc-header"} <= set(mega.header._dom_classes)
    assert "mc-brand-box" in mega.header.title._dom_classes and "mc-status" in mega.status._dom_classes
    assert "mc-tools" in mega.header.tools._dom_classes
    assert [b._dom_classes[:2] for b in mega.header.tools.children[:4]] == [
        ("mc-tool", "mc-undo"), ("mc-tool", "mc-save"), ("mc-tool", "mc-new"), ("mc-tool", "mc-rules-button")]
    assert "mc-about-button" in mega.about.button._dom_classes
    # and the shell's pages theirs
    assert "shell-header" in shell.header._dom_classes and "shell-status-box" in shell.status._dom_classes
    assert all("shell-tool" in b._dom_classes for b in shell.header.tools.children)
    assert "shell-title" in shell.header.title.value
    # no class of one page's header on the other's
    for page, other in ((mega, "shell-"), (shell, "mc-")):
        widgets = [page.header, page.header.title, page.status, page.header.tools, *page.header.tools.children]
        assert not [c for w in widgets for c in w._dom_classes if c.startswith(other)]


def test_a_page_writes_its_own_status_and_the_tools_stay():
    mega = _megacorps([HUMAN, "Random", "Random"])
    shell = _shell(MegacquireApp(pause=0), [HUMAN, "Random", "Random"])
    tools = {id(p): list(p.header.tools.children) for p in (mega, shell)}
    mega.form.start.click()
    shell.form.start.click()
    assert "class='mc-status-text'" in mega.status.value and "data-version=" in mega.status.value
    assert "class='shell-status'" in shell.status.value and "data-step=" in shell.status.value
    for page in (mega, shell):
        assert list(page.header.tools.children) == tools[id(page)]
        assert page.header.children[1] is page.status and not page.save_button.disabled


def test_undo_not_possible_says_why_on_both_pages_before_a_game_and_after_it():
    mega, shell = MegacorpsApp(pause=0), MegacquireApp(pause=0)
    for page in (mega, shell):
        _undo_refused(page, "There is no game yet.")
        assert page.save_button.disabled
    mega = _megacorps(["Random", "Random", "Random"])
    shell = _shell(Shell(NotecardParts(), pause=0), ["Odds", "Odds", "Odds"])
    for page in (mega, shell):
        page.form.start.click()                      # the bots play it to its end
        _undo_refused(page, "The game is over: its result stands.")


def test_undo_with_nothing_of_yours_to_take_back_says_so_and_then_takes_back():
    mega = _megacorps([HUMAN, HUMAN, HUMAN])
    mega.form.start.click()
    _undo_refused(mega, "Nothing to take back: no human has acted yet.")
    shell = _shell(TcgApp(pause=0), [HUMAN, "Heuristic"], seed=7)
    shell.form.start.click()
    _undo_refused(shell, "Nothing to take back: no human has acted yet.")   # one answer, both pages
    for _ in range(80):                              # on to a move of hers that Undo takes back
        seat = shell.human_to_decide()
        before = shell.game.to_json()
        legal = shell.game.legal_actions(seat)
        shell.act(legal[min(1, len(legal) - 1)])
        if shell.header.undo_possible:
            break
    else:
        pytest.fail("no move of 80 could be taken back")
    assert "shell-disabled" not in shell.undo_button._dom_classes and shell.undo_button.tooltip.startswith("Take back")
    shell.undo_button.click()
    assert shell.error.value == "" and shell.game.to_json() == before


def test_the_shell_says_to_wait_for_the_bots():
    # the human has moved, the bots are still to answer (held back: a page shows them moving)
    for seed in range(1, 30):   # a table where the human plays first
        page = _shell(MegacquireApp(pause=0), [HUMAN, "Random", "Random"], seed=seed)
        page.run_bots = lambda: None
        page.form.start.click()
        human = page.human_to_decide()
        if human is not None:
            break
    else:
        pytest.fail("a bot decided first at every table")
    while page.human_to_decide() == human:
        page.act(page.game.legal_actions(human)[0])
    assert any(seat in page.bots for seat in page.game.deciders)
    _undo_refused(page, "Wait until the bots have finished moving.")


def test_a_move_the_game_does_not_let_go_back_says_so():
    page = _shell(TcgApp(pause=0), [HUMAN, "Heuristic"], seed=7)
    page.form.start.click()
    for _ in range(80):
        seat = page.human_to_decide()
        at = len(page.game.actions)
        page.act(page.game.legal_actions(seat)[min(1, len(page.game.legal_actions(seat)) - 1)])
        if not page.header.undo_possible and not page.game.is_over and page.human_to_decide() == seat:
            break
        assert len(page.game.actions) > at
    else:
        pytest.fail("every move of 80 could be taken back")
    refused = page.undo_offer().reason     # the shared answer (widgets/shell/takeback.py), in the game's words
    assert refused.startswith("Cannot take back \u201c") and "something hidden was shown" in refused
    _undo_refused(page, refused)
