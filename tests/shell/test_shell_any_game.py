"""The page shell knows a game through the kit only: the note-card game, with none of its own
page parts (the shell's defaults: a button per legal action), is played to the end by clicks,
the hot-seat gate hides one human's card from the other, a refused action changes nothing, and
save/load round-trips."""
from __future__ import annotations


import pytest

from megacorps.errors import BadSaveFile
from widgets.shell import HUMAN, GameParts, Shell
from widgets.testing.widget_tree import choices


def notecard(kinds: list[str], seed: int = 1) -> Shell:
    shell = Shell(GameParts("notecard"), pause=0)
    for box, kind in zip(shell.form.picker.kinds, kinds):
        box.value = kind
    shell.form.seed.value = str(seed)
    shell.form.start.click()
    assert shell.error.value == ""
    return shell


def test_the_form_offers_the_games_seats_and_bot_levels():
    shell = Shell(GameParts("notecard"), pause=0)
    spec = shell.spec
    assert len(shell.form.picker.kinds) == spec.max_seats
    assert list(shell.form.picker.kinds[0].options) == [HUMAN, *spec.bot_levels()]
    assert shell.spec.title in shell.children[1].children[0].value
    assert "New game: 2 to 6 players" in shell.form.title.value


def test_a_two_seat_games_form_says_2_players_not_2_to_2():
    shell = Shell(GameParts("tcg"), pause=0)
    assert shell.spec.min_seats == shell.spec.max_seats == 2
    assert "New game: 2 players" in shell.form.title.value and "2 to 2" not in shell.form.title.value


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
    # the status counts the human's moves apart from the game's actions (browser tests wait on it)
    assert f"data-step='{len(game.actions)}' data-moves='{clicks}'" in shell.status.value
    assert "Game over" in shell.results.value
    for seat, score in game.scores().items():
        assert f"<b>{score:,}</b>" in shell.results.value
    # no rules help given: no line carries a link
    assert "shell-rule-link" not in shell.log_box.value and shell.log_box.value
    # the results end with "Play again": the new-game form, the seats as they were
    panel = shell.results_panel
    assert panel.box.layout.display is None and panel.again in panel.box.children
    panel.again.click()
    assert shell.form.widget.layout.display is None and shell.form.back.layout.display == "none"
    assert [k.value for k in shell.form.picker.kinds[:2]] == [HUMAN, "Odds"]
    shell.form.start.click()
    assert not shell.game.is_over and shell.results.value == "" and panel.box.layout.display == "none"


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


def upload(shell: Shell, data: bytes, name: str = "game.json") -> None:
    """A file sent by the form's "Load a save" (the page's BrowserBridge, as the browser sends it)."""
    shell.bridge._received(shell.bridge, {"type": "upload", "purpose": "save", "name": name}, [data])   # as the page sends it


def test_a_loaded_game_is_reviewed_on_the_form_and_resumes_with_the_players_chosen():
    shell = notecard([HUMAN, "Odds", "Odds"])
    shell.gate_button.click()
    _, data = shell.save_file()
    other = Shell(GameParts("notecard"), pause=0)
    upload(other, data, "quarter-1.json")
    # nothing resumed yet: the form shows the save's seats, with the players it names
    assert other.game is None and other.error.value == ""
    seats = list(shell.game.seats)
    in_use = [(n.value, k.value, n.disabled) for n, k, row in zip(other.form.picker.names, other.form.picker.kinds, other.form.picker.rows)
              if row.layout.display != "none"]
    assert in_use == [(seat, shell.players[seat], True) for seat in seats]
    assert "quarter-1.json" in other.form.loaded_info.value and other.form.start.description == "Resume saved game"
    assert other.form.seed.layout.display == "none"   # a resumed game keeps its own seed
    # the second seat is given to a human instead of its bot; the game goes on from where it was
    other.form.picker.kinds[1].value = HUMAN
    other.form.start.click()
    assert other.error.value == ""
    assert other.game.to_json("*") == shell.game.to_json("*")
    assert other.players == {seats[0]: HUMAN, seats[1]: HUMAN, seats[2]: "Odds"}
    assert set(other.bots) == {seats[2]}
    # the next New / Load is a new game's form again
    other.new_button.click()
    assert other.form.loaded is None and other.form.start.description == "Start game"
    assert all(not n.disabled for n in other.form.picker.names) and other.form.seed.layout.display is None


def test_a_review_can_be_left_for_a_new_game_or_back_to_the_game_under_way():
    shell = notecard([HUMAN, "Odds"])
    shell.gate_button.click()
    game = shell.game
    _, data = shell.save_file()
    shell.new_button.click()
    assert shell.form.back.layout.display is None      # a game is under way: it can be gone back to
    upload(shell, data)
    assert shell.form.loaded is not None and shell.game is game
    shell.form.back.click()                            # back to the game under way, the save forgotten
    assert shell.form.loaded is None and shell.game is game and shell.table_box.layout.display is None
    shell.new_button.click()
    upload(shell, data)
    shell.form.forget_button.click()                   # a new game instead
    assert shell.form.loaded is None and all(row.layout.display is None for row in shell.form.picker.rows)
    shell.form.start.click()
    assert shell.game is not game and shell.error.value == ""


def test_a_bad_file_on_the_form_is_explained_and_changes_nothing():
    shell = notecard([HUMAN, "Odds"])
    game = shell.game
    upload(shell, b"[1, 2")
    assert "This file cannot be loaded: save file: not a JSON text file" in shell.error.value
    assert shell.game is game and shell.form.loaded is None


def test_a_file_too_big_refused_in_the_page_is_explained_and_changes_nothing():
    shell = notecard([HUMAN, "Odds"])
    game, state = shell.game, shell.game.to_json("*")
    assert shell.bridge in shell.form.upload_slot.children   # the form's Load a save is the bridge's
    shell.bridge._received(shell.bridge, {"type": "upload-refused", "purpose": "save", "name": "holiday.mp4",
                                       "size": 12 * 1024 * 1024}, [])   # the page refused to send it
    assert "holiday.mp4 is 12.0 MB, too big to be a saved game of Megacorp" in shell.error.value and "at most 2 MB" in shell.error.value
    assert shell.game is game and shell.game.to_json("*") == state and shell.form.loaded is None


def test_the_same_file_uploaded_twice_loads_twice():
    shell = notecard([HUMAN, "Odds"])
    shell.gate_button.click()
    _, data = shell.save_file()
    other = Shell(GameParts("notecard"), pause=0)
    upload(other, data)
    other.form.start.click()
    assert other.game is not None and other.error.value == ""
    first = other.game
    other.new_button.click()
    upload(other, data)
    other.form.start.click()
    assert other.game is not first and other.game.to_json("*") == shell.game.to_json("*")


def test_the_seats_are_checked_once_for_every_game():
    shell = Shell(GameParts("notecard"), pause=0)
    shell.form.picker.names[1].value = "  "
    shell.form.start.click()
    assert "Every player needs a name." in shell.error.value and shell.game is None
    shell.form.picker.names[1].value = shell.form.picker.names[0].value
    shell.form.start.click()
    assert "Two players are called" in shell.error.value and shell.game is None


def test_a_player_who_walks_away_leaves_the_gate_over_their_hand():
    shell = notecard([HUMAN, HUMAN])
    seat = shell.human_to_decide()
    assert shell.gate_button.description == f"I am {seat}: show my hand" and f"Pass the screen to {seat}" in shell.gate_text.value
    shell.gate_button.click()
    assert choices(shell)
    shell.hide()
    assert shell.gated() and choices(shell) == [] and shell.shown_seat() is None


def test_the_page_brings_the_lost_connection_cover_and_its_style():
    """The shell's pages answer the bridge's pings, so a lost kernel covers the page with a message
    (widgets/megacorps_app/browser.py); the cover's style comes with the bridge (its anywidget
    CSS), not from a game's stylesheet: the shell's pages had none, and drew it as bare text."""
    import re
    shell = Shell(GameParts("notecard"), pause=0)
    css = shell.bridge._css
    cover = re.search(r"\.mc-overlay \{([^}]*)\}", css)
    assert cover and "position: fixed" in cover.group(1) and "inset: 0" in cover.group(1)
    assert ".mc-overlay-reload" in css and "showOverlay" in shell.bridge._esm
    # and it tells what this page can do: the shell keeps no autosave (the hot-seat app does)
    assert "load your last save file" in shell.bridge.recovery and "Resume" not in shell.bridge.recovery
    kept = Shell(GameParts("notecard"), pause=0, autosave=True)   # a page that autosaves: Resume
    assert "Resume" in kept.bridge.recovery and "save file" not in kept.bridge.recovery


def test_every_games_form_describes_its_bots_weakest_first():
    """MEGAcquire's form named its bots without a word on how each plays; the form now lists every
    level with its description, for every game (the note-card page had its own list)."""
    for name in ("megacquire", "tcg", "notecard"):
        shell = Shell(GameParts(name), pause=0)
        text = shell.form.bots.value
        assert shell.form.bots in shell.form.widget.children
        levels = shell.spec.bot_levels()
        for level, cls in levels.items():
            assert f"<b>{level}</b>: {cls.description[:1].upper()}" in text
        assert [text.index(f"<b>{level}</b>") for level in levels] == sorted(text.index(f"<b>{level}</b>") for level in levels)


def test_a_game_whose_seats_are_chosen_on_the_form_brings_its_own_seats():
    """`GameParts.form_seats`: the form shows the game's own seats (MegaCorps' corp per seat is
    one), checks them with the game's own rule, and fixes a loaded game's seats on them."""
    from megacorps import kit
    from widgets.shell.form import SeatRows

    class TwoOfThree(SeatRows):   # the game's own rule: exactly three seats, two of them bots
        def seats(self):
            chosen = super().seats()
            if sum(kind != HUMAN for kind in chosen.values()) != 2:
                raise ValueError("This table wants exactly two bots.")
            return chosen

    own = TwoOfThree(kit.get("notecard"), [HUMAN, HUMAN, "Odds"], prefix="own")

    class Parts(GameParts):
        def form_seats(self):
            return own

    shell = Shell(Parts("notecard"), pause=0)
    assert shell.form.picker is own and own.widget in shell.form.widget.children
    shell.form.start.click()
    assert "exactly two bots" in shell.error.value and shell.game is None
    own.kinds[1].value = "Odds"
    shell.form.start.click()
    assert shell.error.value == "" and list(shell.players.values()) == [HUMAN, "Odds", "Odds"]
    _, data = shell.save_file()
    shell.new_button.click()
    upload(shell, data, "three.json")
    assert all(name.disabled for name in own.names) and shell.form.start.description == "Resume saved game"
