"""The conformance suite: what every registered game must pass (OpenSpiel's `random_sim_test`,
Pgx's `api_test`). `tests/kit/test_conformance.py` runs every check on every game in the
registry, so a new game gets all of them by registering.

Each check takes a game's name and a seed, plays through the `Game` protocol only, and raises
AssertionError saying what broke:

- `random_play`: random legal play to the end, with the protocol's invariants after every step;
- `check_determinism`: the seed and the actions give the same game again (the global `random`
  stirred between steps changes nothing);
- `check_save_round_trip`: a save loads to the same game, mid-game and at the end;
- `check_bad_saves`: tampered, truncated, oversized, deeply nested and inflating saves are each
  refused with one BadSaveFile naming the entry;
- `check_illegal_actions_atomic`: illegal and malformed actions are refused with IllegalAction
  and the game is byte-for-byte as before (its full save and every seat's view);
- `check_hidden_twins`: two games that differ only in what a seat cannot see look the same to
  it through its view, legal actions, log, refusals and seat save;
- `check_undo_policy`: an undo allowed returns the game to exactly where it was; one refused
  changes nothing.
"""
from __future__ import annotations

import base64
import json
import random
import zlib

from ..errors import BadSaveFile, IllegalAction
from . import saves
from .protocol import Game, GameSpec
from .registry import get


def _spec(game: str | GameSpec) -> GameSpec:
    return game if isinstance(game, GameSpec) else get(game)


def _mover(game: Game, rng: random.Random) -> str:
    deciders = game.deciders
    return deciders[0] if len(deciders) == 1 else rng.choice(deciders)


def _check_invariants(spec: GameSpec, game: Game, step: int) -> None:
    where = f"{spec.name}, after step {step}"
    seats = game.seats
    deciders = game.deciders
    assert set(deciders) <= set(seats), f"{where}: deciders {deciders} are not all seats {seats}"
    assert game.is_over == (not deciders), f"{where}: is_over is {game.is_over} but deciders are {deciders}"
    assert isinstance(game.decision, str) and game.decision, f"{where}: no decision text"
    for seat in deciders:
        assert game.legal_actions(seat), f"{where}: {seat} must decide but has no legal action"
        assert game.has_decision(seat), f"{where}: {seat} must decide but has_decision says no"
    kind = game.decision_kind()
    assert isinstance(kind, str) and kind and (kind == "over") == game.is_over, \
        f"{where}: decision kind {kind!r} while is_over is {game.is_over}"
    scores = game.scores()
    assert set(scores) <= set(seats), f"{where}: scores name non-seats {set(scores) - set(seats)}"
    for seat in [*seats, None]:
        game.view(seat)  # every seat's view and the spectator's can be built
    if game.is_over:
        winners = game.winners()
        assert winners and set(winners) <= set(scores), f"{where}: winners {winners} at the end"
        best = max(scores.values())
        assert all(scores[w] == best for w in winners), f"{where}: a winner {winners} without the best score"


def random_play(game: str | GameSpec, seed: int, max_steps: int = 20_000, check_every: int = 1):
    """Play a game of `game` by random legal actions to the end, checking the protocol's
    invariants every `check_every` steps. Returns (the game, the actions applied, in order)."""
    spec = _spec(game)
    rng = random.Random(seed)
    played = spec.new_game(list(spec.default_seats), seed=seed)
    actions = []
    _check_invariants(spec, played, 0)
    for step in range(1, max_steps + 1):
        if played.is_over:
            return played, actions
        seat = _mover(played, rng)
        action = spec.pick_random_action(played, seat, rng)
        data = spec.action_to_dict(action)
        again = spec.action_from_dict(json.loads(json.dumps(data)))
        assert again == action, f"{spec.name}: {action} does not survive its JSON form ({data})"
        played.apply(action)
        actions.append(action)
        if step % check_every == 0 or played.is_over:
            _check_invariants(spec, played, step)
    raise AssertionError(f"{spec.name}: the game did not end within {max_steps} random steps")


def replay(game: str | GameSpec, seed: int, actions: list) -> Game:
    """A new game of `game` with `seed` and the default seats, with `actions` applied in order."""
    spec = _spec(game)
    played = spec.new_game(list(spec.default_seats), seed=seed)
    for action in actions:
        played.apply(action)
    return played


def check_determinism(game: str | GameSpec, seed: int) -> None:
    spec = _spec(game)
    first, actions = random_play(spec, seed, check_every=50)
    random.seed(seed + 1)
    stirred = spec.new_game(list(spec.default_seats), seed=seed)
    for action in actions:
        random.random()  # the global generator must play no part in the rules
        stirred.apply(action)
    assert stirred.to_json() == first.to_json(), f"{spec.name}: the same seed and actions gave another game"
    assert [e.for_seat(None) for e in stirred.log] == [e.for_seat(None) for e in first.log]
    assert stirred.scores() == first.scores()


def check_save_round_trip(game: str | GameSpec, seed: int) -> None:
    spec = _spec(game)
    finished, actions = random_play(spec, seed, check_every=50)
    half = replay(spec, seed, actions[: len(actions) // 2])
    for played in (half, finished):
        text = played.to_json()
        loaded = spec.load_game(text)
        assert loaded.to_json() == text, f"{spec.name}: a save does not load to the same game"
        assert loaded.deciders == played.deciders and loaded.scores() == played.scores()
        for seat in played.seats:
            assert loaded.view(seat) == played.view(seat), f"{spec.name}: {seat}'s view changed by a save"
    again = spec.load_game(half.to_json())
    for action in actions[len(actions) // 2:]:
        again.apply(action)
    assert again.to_json() == finished.to_json(), f"{spec.name}: a loaded game goes on differently"


def _refused(spec: GameSpec, text, what: str) -> str:
    try:
        spec.load_game(text)
    except BadSaveFile as err:
        message = str(err)
        assert message.startswith("save file"), f"{spec.name}: {what}: the error names no save entry: {message}"
        return message
    raise AssertionError(f"{spec.name}: {what} was loaded")


def check_bad_saves(game: str | GameSpec, seed: int) -> None:
    spec = _spec(game)
    played, actions = random_play(spec, seed, check_every=50)
    played = replay(spec, seed, actions[: max(1, len(actions) // 3)])
    text = played.to_json()
    raw = json.loads(text)
    assert "sealed" in raw, f"{spec.name}: a save has no sealed part"
    _refused(spec, text[: len(text) // 2], "a truncated save")
    _refused(spec, "[" * 100_000 + "]" * 100_000, "a deeply nested save")
    _refused(spec, json.dumps({**raw, "extra": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}),
             "a save with a deeply nested extra entry")
    _refused(spec, " " * (saves.MAX_TEXT + 1), "an oversized save")
    _refused(spec, b"\xff\xfe not utf-8", "a save that is not text")
    bomb = base64.b64encode(zlib.compress(b"0" * (saves.MAX_SEALED + 10))).decode()
    message = _refused(spec, json.dumps({**raw, "sealed": bomb}), "a save whose sealed part inflates past the limit")
    assert "sealed" in message, f"{spec.name}: the inflating save's error does not name the sealed entry: {message}"
    sealed = raw["sealed"]
    flipped = sealed[:20] + ("A" if sealed[20] != "A" else "B") + sealed[21:]
    _refused(spec, json.dumps({**raw, "sealed": flipped}), "a save whose sealed part was edited")
    readable = [k for k, v in raw.items() if isinstance(v, int) and not isinstance(v, bool) and k != "version"]
    for key in readable:
        _refused(spec, json.dumps({**raw, key: raw[key] + 1}), f"a save whose {key!r} was edited")
    _refused(spec, json.dumps({**raw, "format": "something-else"}), "a save of another format")


def _fingerprint(game: Game) -> tuple:
    return (game.to_json(), tuple(game.view(s).model_dump_json() for s in [*game.seats, None]),
            tuple(e.for_seat(None) for e in game.log))


def _illegal_candidates(spec: GameSpec, game: Game, history: list) -> list:
    """Actions and non-actions to try against `game`: junk, and earlier actions out of their time."""
    out: list = [None, "pass", 42, {"kind": "nonsense"}]
    out += list(reversed(history[-6:]))
    for seat in game.seats:
        if seat not in game.deciders:
            out += [a for a in history if getattr(a, "corp", getattr(a, "seat", None)) == seat][-2:]
    return out


def check_illegal_actions_atomic(game: str | GameSpec, seed: int, probes: int = 8) -> int:
    """Try illegal and malformed actions at `probes` points of a random game; returns how many
    refusals were checked (at least one per point)."""
    spec = _spec(game)
    finished, actions = random_play(spec, seed, check_every=50)
    checked = 0
    for point in sorted({len(actions) * k // probes for k in range(probes)}):
        played = replay(spec, seed, actions[:point])
        before = _fingerprint(played)
        for candidate in _illegal_candidates(spec, played, actions[:point]):
            trial = spec.load_game(played.to_json())
            try:
                trial.apply(candidate)
            except IllegalAction:
                pass
            else:
                continue  # legal here: not a probe
            try:
                played.apply(candidate)
            except IllegalAction as err:
                assert str(err), f"{spec.name}: an IllegalAction without a reason for {candidate!r}"
            else:
                raise AssertionError(f"{spec.name}: {candidate!r} was refused on a copy but applied")
            assert _fingerprint(played) == before, f"{spec.name}: refusing {candidate!r} changed the game"
            checked += 1
    for junk in ({}, {"kind": 3}, [1, 2], "x", {"kind": "nonsense", "corp": "Nobody"}):
        try:
            spec.action_from_dict(junk)
        except (ValueError, TypeError):
            continue
        raise AssertionError(f"{spec.name}: action_from_dict accepted {junk!r}")
    assert checked >= probes, f"{spec.name}: only {checked} refusals were tried"
    return checked


def check_hidden_twins(game: str | GameSpec, seed: int) -> None:
    spec = _spec(game)
    assert spec.hidden_twins is not None, f"{spec.name} gives no hidden-information twins"
    first, second, seat = spec.hidden_twins(seed)
    assert first.to_json() != second.to_json(), f"{spec.name}: the twins are the same game"
    assert first.view(seat) == second.view(seat), f"{spec.name}: {seat}'s view tells the twins apart"
    assert first.legal_actions(seat) == second.legal_actions(seat), f"{spec.name}: {seat}'s choices differ"
    assert ([e.for_seat(seat) for e in first.log] == [e.for_seat(seat) for e in second.log]), \
        f"{spec.name}: {seat}'s log tells the twins apart"
    assert first.to_json(seat) == second.to_json(seat), f"{spec.name}: {seat}'s seat save tells the twins apart"
    assert first.view(None) == second.view(None), f"{spec.name}: the spectator's view tells the twins apart"
    # what the seat itself may submit: junk, its own choices, and the other twin's choices for it
    probes = [None, "junk", *first.legal_actions(seat)[:5], *second.legal_actions(seat)[-5:]]
    for probe in probes:
        answers = []
        for twin in (first, second):
            try:
                twin.check(probe)
                answers.append("legal")
            except IllegalAction as err:
                answers.append(str(err))
        assert answers[0] == answers[1], f"{spec.name}: a refusal tells the twins apart: {answers}"


def check_undo_policy(game: str | GameSpec, seed: int, max_steps: int = 400) -> int:
    """At each step of a random game, try the mover's undo: allowed, it returns exactly the
    previous game; refused, it changes nothing. A game with the optional `takeback_depth` is also
    taken back that many actions by the table, every few steps, on a copy: each undo returns
    exactly to the game before that action, and one more is refused. Returns how many undos were
    taken."""
    spec = _spec(game)
    rng = random.Random(seed)
    played = spec.new_game(list(spec.default_seats), seed=seed)
    taken = 0
    history: list[str] = []   # the game before each action
    for step in range(max_steps):
        if played.is_over:
            break
        seat = _mover(played, rng)
        action = spec.pick_random_action(played, seat, rng)
        before = played.to_json()
        history.append(before)
        played.apply(action)
        after = played.to_json()
        if hasattr(played, "takeback_depth") and step % 7 == 0:
            taken += _check_takeback(spec, played, history)
        if played.can_undo(seat):
            back = played.undo(seat)
            assert back == action, f"{spec.name}: undo gave back {back}, not {action}"
            assert played.to_json() == before, f"{spec.name}: undo did not return to the game before {action}"
            taken += 1
            played.apply(action)
        else:
            try:
                played.undo(seat)
            except IllegalAction:
                pass
            else:
                raise AssertionError(f"{spec.name}: can_undo said no but undo took {action} back")
            assert played.to_json() == after, f"{spec.name}: a refused undo changed the game"
    return taken


def _check_takeback(spec: GameSpec, played, history: list[str]) -> int:
    """Take back `played.takeback_depth()` actions by the table, on a copy of `played`: each undo
    returns exactly to the game in `history` before that action; then the next one is refused
    (unless nothing is left), and the game is left as it was."""
    copy = spec.load_game(played.to_json())
    depth = copy.takeback_depth()
    assert 0 <= depth <= len(history), f"{spec.name}: takeback_depth {depth} with {len(history)} actions"
    for back in range(1, depth + 1):
        assert copy.can_undo(None), f"{spec.name}: takeback_depth said {depth}, the table's undo {back} refused"
        copy.undo(None)
        assert copy.to_json() == history[-back], f"{spec.name}: a table undo did not return to the game before"
    if depth < len(history):
        assert not copy.can_undo(None), f"{spec.name}: the table may take back more than takeback_depth says"
    return depth


CHECKS = (check_determinism, check_save_round_trip, check_bad_saves, check_illegal_actions_atomic,
          check_hidden_twins, check_undo_policy)
