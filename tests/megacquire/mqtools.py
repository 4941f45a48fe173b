"""Helpers for the MEGAcquire tests: cell names by row, positions, random play, invariants, and the
page started from its form."""
from __future__ import annotations

import random

from megacorps import megacquire as mq
from megacorps.megacquire.board import DEAD, LOOSE
from megacorps.megacquire.tiles import is_dead
from widgets.testing.widget_tree import choices, flat  # noqa: F401 - the page tests' helpers


def row(letter: str, first: int, last: int) -> list[str]:
    """Cells `letter`-first .. `letter`-last."""
    return [f"{letter}-{c}" for c in range(first, last + 1)]


def rows(letters: str, first: int = 1, last: int = 13) -> list[str]:
    return [cell for letter in letters for cell in row(letter, first, last)]


P = ["P1", "P2", "P3"]
P4 = ["P1", "P2", "P3", "P4"]


def frozen(game: mq.Game) -> tuple[str, str, list[str]]:
    """Everything about a game that a refused action must leave alone, as text."""
    return game.state.model_dump_json(), game.to_json(), [str(e) for e in game.log]


def random_move(game: mq.Game, rng: random.Random, propose: bool = False):
    seat = game.deciders[0]
    actions = [a for a in game.legal_actions(seat) if propose or not isinstance(a, mq.ProposeEnd)]
    return rng.choice(actions)


def play_random(game: mq.Game, rng: random.Random, steps: int = 100_000, check=None) -> mq.Game:
    for _ in range(steps):
        if game.is_over:
            return game
        game.apply(random_move(game, rng))
        if check:
            check(game)
    raise AssertionError("the game did not end")


def check_invariants(game: mq.Game) -> None:
    """What random play must never break (notes, section 4: property tests)."""
    s = game.state
    o = s.options
    n = len(o.company_names)
    for c in range(n):  # certificates conserved
        assert s.bank[c] + sum(s.holdings[p][c] for p in s.seats) == o.certificates
        assert s.bank[c] >= 0 and all(s.holdings[p][c] >= 0 for p in s.seats)
    assert all(v >= 0 for v in s.cash.values())  # cash never negative
    tiles = [t for h in s.hands.values() for t in h] + s.supply
    on_board = [i for i, v in enumerate(s.cells) if v != -1]
    assert sorted(tiles + on_board) == list(range(len(s.cells)))  # one tile a cell
    for c in range(n):
        assert s.sizes[c] == s.cells.count(c)
        assert s.sizes[c] != 1  # no company below 2 tiles
    g = o.geometry
    for i, v in enumerate(s.cells):
        near = {s.cells[j] for j in g.neighbours[i]}
        if v >= 0 and s.merger is None:
            assert not {x for x in near if x >= 0} - {v}, "two companies touch"
        if v == LOOSE and s.merger is None and s.pending < 0:
            assert not {x for x in near if x >= 0 or x == LOOSE}, "a loose tile touches a tile"
        if v == DEAD:
            assert i not in tiles
    assert all(len(h) <= o.hand_size for h in s.hands.values())
    assert not any(is_dead(s, t) for h in s.hands.values() for t in h), "a dead tile stayed in a hand"
    if s.merger is not None and s.merger.survivor >= 0:  # no safe company ever defunct
        for c in s.merger.companies:
            if c != s.merger.survivor:
                assert s.merger.size_of(c) < o.safe_size


def started(kinds: list[str], seed: int, **options):
    """The MEGAcquire page (bots without a pause) started from its form: `kinds` per seat, a seed,
    and the form's options (`disclosure`, `last_round`)."""
    from widgets.megacquire.app import App

    app = App(pause=0)
    for i, kind in enumerate(kinds):
        app.form.picker.kinds[i].value = kind
    app.form.seed.value = str(seed)
    if "disclosure" in options:
        app.form.options.disclosure.value = options["disclosure"]
    if "last_round" in options:
        app.form.options.last_round.value = options["last_round"]
    app.form.start.click()
    assert app.error.value == ""
    return app


def step(app) -> None:
    """On the page: pass the gate, or click the first choice (and no error is shown)."""
    if app.gated():
        app.gate_button.click()
    else:
        choices(app)[0].click()
    assert app.error.value == "", app.error.value
