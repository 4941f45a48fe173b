"""The bots' reasons are kept in the shell's save file (and so in its autosaved table): a game
loaded in a fresh page still says in its log why each bot moved, and a reason the game hides
(MEGAcquire's under disclosure 1-3 until the end, the card game's decisions taken in private, a
note card's before its reveal) stays hidden: out of the readable part of the file, out of the
loaded page's log, and out of the note-card save altogether (its save holds no unrevealed card)."""
from __future__ import annotations

import json
from html import escape

import pytest

from megacorps.errors import BadSaveFile
from widgets.megacquire.app import MegacquireParts
from widgets.notecard.parts import NotecardParts
from widgets.sealed_files import fernet, seal_file
from widgets.shell import HUMAN, GameParts, Shell
from widgets.tcg.app import TcgParts


@pytest.fixture(autouse=True)
def data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))


def played(parts: GameParts, seats: dict[str, str], want, options: dict | None = None, seed: int = 2) -> Shell:
    """A page of `parts` playing a new game with `seats`, its humans taking their first legal
    action each time, until `want(shell)` holds (the game not over)."""
    shell = Shell(parts, pause=0)
    game = shell.spec.new_game(list(seats), seed=seed, options=options or {})
    shell.start(game, seats)
    for _ in range(400):
        if want(shell):
            assert not shell.game.is_over
            return shell
        assert not shell.game.is_over, "the game ended first"
        if shell.gated():
            shell.pass_gate()
        seat = shell.human_to_decide()
        shell.act(shell.game.legal_actions(seat)[0])
        assert shell.error.value == "", shell.error.value
    raise AssertionError("never reached")


def loaded(parts: GameParts, raw: bytes) -> Shell:
    fresh = Shell(parts, pause=0)
    fresh.load_bytes(raw)
    assert fresh.error.value == ""
    return fresh


def sealed_content(raw: bytes) -> dict:
    return json.loads(fernet().decrypt(json.loads(raw)["sealed"].encode()))


def reason_texts(shell: Shell) -> list[str]:
    """The bots' reasons as the log's HTML writes them."""
    return [escape(text) for _at, text, _step in shell.reasons]


def test_megacquire_reasons_come_back_with_a_loaded_game():
    shell = played(MegacquireParts(), {"Ada": HUMAN, "Bo": "Random", "Cy": "Tycoon"},
                   lambda s: len(s.reasons) >= 4, {"disclosure": 4})
    before = shell.log_box.value
    assert all(text in before for text in reason_texts(shell))
    _name, raw = shell.save_file()
    fresh = loaded(MegacquireParts(), raw)
    assert fresh.reasons == shell.reasons
    assert fresh.game.actions == shell.game.actions
    for text in reason_texts(shell):
        assert text in fresh.log_box.value       # the log says again why each bot moved


def test_megacquire_reasons_hidden_by_the_disclosure_method_stay_hidden_after_loading():
    shell = played(MegacquireParts(), {"Ada": HUMAN, "Bo": "Random", "Cy": "Tycoon"},
                   lambda s: len(s.reasons) >= 4, {"disclosure": 1})
    texts = reason_texts(shell)
    assert texts and not any(t in shell.log_box.value for t in texts)   # hidden in play (method 1)
    _name, raw = shell.save_file()
    readable = json.loads(raw)
    assert not any(t in json.dumps({k: v for k, v in readable.items() if k != "sealed"}) for t in texts)
    fresh = loaded(MegacquireParts(), raw)
    assert fresh.reasons == shell.reasons                                # kept, sealed
    assert not any(t in fresh.log_box.value for t in texts)             # and still hidden


def test_the_card_games_private_decisions_keep_their_reasons_hidden_after_loading():
    def both_kinds(shell):   # a reason of each kind, each before a line of the log already
        steps = [step for at, _text, step in shell.reasons if at < len(shell.game.log)]
        return (any(shell.game.decided_in_private(s) for s in steps)
                and any(not shell.game.decided_in_private(s) for s in steps))
    shell = played(TcgParts(), {"Ana": HUMAN, "Nick": "Heuristic"}, both_kinds)
    private = {escape(text) for _at, text, step in shell.reasons if shell.game.decided_in_private(step)}
    public = {escape(text) for at, text, step in shell.reasons
              if not shell.game.decided_in_private(step) and at < len(shell.game.log)} - private
    assert private and public
    assert all(t in shell.log_box.value for t in public) and not any(t in shell.log_box.value for t in private)
    _name, raw = shell.save_file()
    readable = {k: v for k, v in json.loads(raw).items() if k != "sealed"}
    assert not any(t in json.dumps(readable) for t in private | public)
    fresh = loaded(TcgParts(), raw)
    assert fresh.reasons[:len(shell.reasons)] == shell.reasons   # (the bot may have moved on since)
    assert all(t in fresh.log_box.value for t in public)
    assert not any(t in fresh.log_box.value for t in private)


def test_a_note_card_save_keeps_no_reason_that_tells_an_unrevealed_card():
    shell = played(NotecardParts(), {"Ada": HUMAN, "Bo": "Odds"}, lambda s: len(s.reasons) >= 1)
    assert reason_texts(shell)
    _name, raw = shell.save_file()
    assert sealed_content(raw)["reasons"] == []          # every reason so far names a card
    assert Shell(NotecardParts(), pause=0).open_save(raw)[3] == []


@pytest.mark.parametrize("reasons", ["no list", [[0, "why"]], [[-1, "why", None]], [[0, 3, None]],
                                     [[0, "why", 10_000]], [[10_000, "why", None]], [[0, "why", "1"]]])
def test_a_save_with_malformed_reasons_is_refused_and_changes_nothing(reasons):
    shell = played(MegacquireParts(), {"Ada": HUMAN, "Bo": "Random", "Cy": "Tycoon"},
                   lambda s: len(s.reasons) >= 1, {"disclosure": 4})
    game = shell.game
    forged = seal_file(shell.file_format, {}, {"game": game.to_json("*"), "players": shell.players,
                                               "seen": {}, "reasons": reasons}, "")
    before = (game.to_json("*"), list(shell.reasons))
    with pytest.raises(BadSaveFile, match="reasons"):
        shell.load_bytes(forged)
    assert shell.game is game and (game.to_json("*"), list(shell.reasons)) == before


def test_a_save_from_before_reasons_were_kept_loads_with_none():
    shell = played(MegacquireParts(), {"Ada": HUMAN, "Bo": "Random", "Cy": "Tycoon"},
                   lambda s: len(s.reasons) >= 1, {"disclosure": 4})
    old = seal_file(shell.file_format, {}, {"game": shell.game.to_json("*"), "players": shell.players,
                                            "seen": {}}, "")
    fresh = loaded(MegacquireParts(), old)
    assert fresh.reasons == [] and fresh.game.actions == shell.game.actions


def test_a_resumed_table_brings_its_reasons_back(monkeypatch):
    """The autosaved table is the page's save file: Resume brings the reasons back as Load does."""
    from widgets.megacquire.app import App
    ids: list[str] = []
    monkeypatch.setattr("widgets.megacorps_app.browser.BrowserBridge.remember", lambda self, table: ids.append(table))
    app = App(pause=0)
    app.start(app.spec.new_game(["Ada", "Bo", "Cy"], seed=2, options={"disclosure": 4}),
              {"Ada": HUMAN, "Bo": "Random", "Cy": "Tycoon"})
    while len(app.reasons) < 3:
        app.act(app.game.legal_actions(app.human_to_decide())[0])
    page = App(pause=0)                       # the page opened again in that browser
    page.bridge.on_hello(ids, {})
    page.keeper.resume(ids[0])
    assert page.error.value == "" and page.game.actions == app.game.actions
    assert page.reasons == app.reasons
    assert all(text in page.log_box.value for text in reason_texts(app))
