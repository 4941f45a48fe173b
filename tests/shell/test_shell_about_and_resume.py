"""Every shell game's page says what it is (*About*, widgets/shell/about.py: what the project
rebuilt, how one screen keeps hands private, that the game is kept), and the card game's and the
note-card game's pages keep their table after every move and resume it, as MEGAcquire's does."""
from __future__ import annotations

import pytest

from widgets.megacquire.app import MegacquireParts
from widgets.notecard.parts import NotecardParts
from widgets.shell import HUMAN, GameParts, Shell
from widgets.tcg.app import TcgParts


def _header(shell: Shell) -> list:
    """The header's tools (widgets/shell/header.py)."""
    return list(shell.header.tools.children)


@pytest.mark.parametrize("parts, own_words", [(MegacquireParts, "13 by 17 hexes"),
                                              (TcgParts, "sample pool invented for this project"),
                                              (NotecardParts, "note cards are turned over together")])
def test_each_games_page_has_an_about_panel_in_its_own_words(parts, own_words):
    shell = Shell(parts(), pause=0, autosave=True)
    about = shell.about
    assert about is not None and about.button in _header(shell)
    assert not about.built                                   # no model before the first press
    about.button.value = True
    panel = about.panel
    assert shell.sidebar.children[0] is panel and panel.layout.display is None
    assert own_words in panel.value
    assert f"each player's {shell.parts.hand_name} stays hidden" in panel.value
    assert "Nothing is lost" in panel.value
    about.button.value = False
    assert panel.layout.display == "none"
    plain = Shell(parts(), pause=0)                          # a page that keeps nothing does not say it does
    plain.about.button.value = True
    assert "Nothing is lost" not in plain.about.panel.value


def test_opening_about_brings_it_into_view_and_closing_it_scrolls_nowhere(monkeypatch):
    # it opens at the top of the sidebar, which may be scrolled down (a long Rules page)
    shell = Shell(MegacquireParts(), pause=0)
    sent: list[dict] = []
    monkeypatch.setattr(shell.bridge, "send", lambda content, buffers=None: sent.append(content))
    for _ in range(2):
        shell.about.button.value = True
        assert sent[-1] == {"type": "reveal", "selector": ".shell-about", "always": True}
        assert "shell-about" in shell.about.panel._dom_classes
        shell.about.button.value = False
    assert len(sent) == 2


def test_a_game_with_nothing_to_say_has_no_about_button():
    shell = Shell(GameParts("tcg"), pause=0)
    assert shell.about is None
    assert not any("shell-about-button" in getattr(w, "_dom_classes", ()) for w in _header(shell))


def _play(shell: Shell, moves: int) -> None:
    """The human takes its first choice `moves` times (the bots answer in between)."""
    for _ in range(moves):
        seat = shell.human_to_decide()
        if seat is None or shell.game.is_over:
            return
        if shell.gated():
            shell.pass_gate()
        shell.act(shell.game.legal_actions(seat)[0])
        assert shell.error.value == ""


@pytest.mark.parametrize("parts, players", [(TcgParts, [HUMAN, "Random"]), (NotecardParts, [HUMAN, "Odds"])])
def test_the_card_game_and_the_note_card_game_resume_where_they_were_left(monkeypatch, parts, players):
    ids: list[str] = []
    monkeypatch.setattr("widgets.megacorps_app.browser.BrowserBridge.remember", lambda self, table: ids.append(table))
    page = Shell(parts(), pause=0, autosave=True)
    for choice, kind in zip(page.form.picker.kinds, players):
        choice.value = kind
    page.form.seed.value = "4"
    page.form.start.click()
    _play(page, 4)
    assert len(ids) == 1 and sum(page.moves_made.values()) >= 1 and page.game.actions
    again = Shell(parts(), pause=0, autosave=True)           # the page opened again in that browser
    again.bridge.on_hello(ids, {})
    assert again.keeper.box.layout.display is None
    again.keeper.box.children[1].children[1].click()         # Resume
    assert again.error.value == ""
    # the same game; the bots then play on, as on any loaded page (the note-card page holds them
    # while a reveal is on screen: a resumed game opens on its last quarter's reveal, if any)
    kept = page.game.actions
    assert again.game.actions[:len(kept)] == kept and again.players == page.players
    assert all(again.players[a.seat if hasattr(a, "seat") else a.corp] != HUMAN for a in again.game.actions[len(kept):])
    assert again.keeper.table == ids[0] and len(ids) == 1     # the same table, not a new one
