"""The kit's own promises: the registry, the tournament by game name, the engines free of UI."""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from megacorps import kit
from megacorps.kit.bots import Decision, next_move, play_out
from megacorps.kit.protocol import Game

ROOT = Path(__file__).resolve().parents[2]


def test_the_registry_names_the_games_and_makes_them():
    assert kit.names()[:2] == ["megacorps", "notecard"]
    for name in kit.names():
        spec = kit.get(name)
        game = kit.make(name, seed=4)
        assert isinstance(game, Game), f"{name} does not offer the game protocol"
        assert game.seats == list(spec.default_seats)
        assert kit.make(name, spec.min_seats, seed=1).seats == spec.seats_for(spec.min_seats)
        with pytest.raises(ValueError, match="seats"):
            spec.seats_for(spec.max_seats + 1)


def test_an_unknown_game_is_named_with_the_known_ones():
    with pytest.raises(ValueError, match="no game called 'chess'.*megacorps, notecard"):
        kit.get("chess")


def test_a_name_cannot_be_registered_twice():
    with pytest.raises(ValueError, match="already registered"):
        kit.register(kit.get("notecard").__class__(**{**kit.get("notecard").__dict__}))


@pytest.mark.parametrize("name", ["megacorps", "notecard"])
def test_one_driver_plays_every_game_with_its_own_bots(name):
    spec = kit.get(name)
    strongest_first = list(spec.bot_levels().values())[::-1]
    game = kit.make(name, seed=9)
    # a level at each seat, the strongest first: the driver meets every kind of bot the game has
    # (four of the strongest made this one test take two minutes on a busy machine)
    bots = {seat: strongest_first[i % len(strongest_first)](seed=i) for i, seat in enumerate(game.seats)}
    seen = []
    play_out(game, bots, on_move=lambda seat, d: seen.append((seat, d)))
    assert game.is_over and game.winners()
    assert all(isinstance(d, Decision) for _, d in seen)
    assert next_move(game, bots) is None


def test_the_tournament_command_plays_any_registered_game():
    out = subprocess.run([sys.executable, "-m", "megacorps.tournament", "notecard", "Odds", "Random",
                          "--games", "4", "--workers", "1", "--quiet"],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert "Megacorp (note cards)" in out.stdout and "| Odds | 4 |" in out.stdout and "| Random | 4 |" in out.stdout


def test_the_tournament_command_names_a_bot_the_game_does_not_have():
    out = subprocess.run([sys.executable, "-m", "megacorps.tournament", "notecard", "Mastermind", "Odds",
                          "--games", "2"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 2 and "unknown bot 'Mastermind'" in out.stderr
    assert "Traceback" not in out.stderr


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_no_engine_module_imports_the_ui():
    ui = {"widgets", "ipywidgets", "plotly", "anywidget", "voila", "IPython"}
    offenders = {str(p.relative_to(ROOT)): sorted(_imports(p) & ui)
                 for p in (ROOT / "megacorps").rglob("*.py") if _imports(p) & ui}
    assert not offenders, f"engine modules import the UI: {offenders}"


def test_the_engines_import_without_any_ui_package():
    code = ("import sys\n"
            "for m in ('ipywidgets', 'plotly', 'anywidget', 'widgets'): sys.modules[m] = None\n"
            "import megacorps as mc\nfrom megacorps import kit, notecard\n"
            "g = mc.new_game(['Mokia', 'Globbo', 'Lenogo'], seed=2)\n"
            "b = g._repr_mimebundle_()\nassert list(b) == ['text/plain'], b\n"
            "assert kit.make('notecard', seed=1).deciders\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr


def test_a_game_shows_its_board_once_the_ui_is_installed():
    import megacorps as mc
    game = mc.new_game(["Mokia", "Globbo", "Lenogo"], seed=2)
    bundle = game._repr_mimebundle_()
    assert "NAFTA" in str(bundle["application/vnd.plotly.v1+json"])


def test_every_kind_of_megacorps_decision_has_a_word_and_random_play_meets_many():
    import random
    import typing

    import megacorps as mc
    from megacorps.explain import DECISION_KINDS
    from megacorps.state import Frame
    assert set(DECISION_KINDS) == set(typing.get_args(Frame))
    seen = set()
    for seed in range(6):
        game, rng = mc.new_game(["Mokia", "Globbo", "Lenogo"], seed=seed), random.Random(seed)
        while not game.is_over:
            seen.add(game.decision_kind())
            corp = game.deciders[0]
            game.apply(rng.choice(game.legal_actions(corp)))
        seen.add(game.decision_kind())
    assert {"setup pick", "turn", "payout", "over"} <= seen and len(seen) >= 6, seen


def test_no_two_test_modules_share_a_name():
    """pytest imports test modules by their file name (rootdir mode, which the tests' helper
    imports need): two files of one name in two folders stop the whole suite at collection."""
    names = [p.name for p in (ROOT / "tests").rglob("test_*.py")]
    assert len(names) == len(set(names)), sorted(n for n in set(names) if names.count(n) > 1)


def test_the_tournament_command_plays_a_game_that_gives_only_the_protocol():
    """A game whose spec has no tournament statistics is measured from the protocol alone, in
    worker processes too (everything handed to them pickles)."""
    out = subprocess.run([sys.executable, "-m", "megacorps.tournament", "megacquire", "Tycoon", "Random", "Random",
                          "--games", "3", "--workers", "2", "--quiet"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("MEGAcquire: 3 games") and "| Tycoon | 3 |" in out.stdout


@pytest.mark.parametrize("name", ["megacquire", "tcg", "notecard"])
def test_every_game_opens_its_saves_with_the_kit_in_the_same_words(name):
    """The three games that seal their saves with a digest open them with one kit function
    (`kit.saves.open_save`); their copies had drifted (a size given in bytes, characters or MB;
    a seat's record refused in two wordings; the MegaCorps-only checks stay in its engine)."""
    from megacorps.errors import BadSaveFile
    from megacorps.kit.saves import megabytes
    spec = kit.get(name)
    game = spec.new_game(list(spec.default_seats), seed=3)
    with pytest.raises(BadSaveFile, match=rf"^save file: too big \(.* MB; a saved game of .* is at most \d+ MB\)$"):
        spec.load_game("x" * 30_000_000)
    with pytest.raises(BadSaveFile, match=r"^save file: entry format: this is not a saved game of "):
        spec.load_game("[1, 2]")
    if name != "notecard":   # the note-card game's seat save is a save of its own (hidden cards left out)
        with pytest.raises(BadSaveFile, match="one seat's record of a game, which cannot be resumed"):
            spec.load_game(game.to_json(game.seats[0]))
    assert spec.load_game(game.to_json("*")).to_json("*") == game.to_json("*")
    assert megabytes(2 * 1024 * 1024) == megabytes(2_000_000) == "2 MB" and megabytes(4_000_000) == "4 MB"


def test_every_module_that_opens_chromium_is_marked_browser():
    """`-m "not browser"` must leave out every test that starts Chromium: the modules that open a
    shell game's page or a lesson through widgets/testing/voila_runner.py were not marked (their
    screenshots appeared in a run without browsers). The names are split here so that this module
    does not read as one that opens Chromium (tests/conftest.py reads the modules' text)."""
    import importlib.util
    import re
    spec = importlib.util.spec_from_file_location("suite_markers", ROOT / "tests" / "conftest.py")
    markers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(markers)
    _BROWSER_WORDS = markers._BROWSER_WORDS
    opens = re.compile(r"\b(" + "|".join(("sync_" + "playwright", "shell_" + "page", "notebook_" + "page")) + r")\(")
    for path in (ROOT / "tests").rglob("test_*.py"):
        text = path.read_text()
        if opens.search(text) or "sync_" + "playwright" in text:
            assert any(word in text for word in _BROWSER_WORDS), f"{path.relative_to(ROOT)} opens Chromium unmarked"
