"""Hidden information stays hidden: another seat's hand, the supply's order and the seed are
never in a seat's view, its legal actions, its previews, its log, its record or its refusals;
and holdings, the bank's counts and cash are shown only as the disclosure method says.
Tested the strong way: two games differing only in what one seat cannot see look identical
through that seat's door, before and after its own moves."""
from __future__ import annotations

import random

import pytest

from megacorps import megacquire as mq
from mqtools import P4, random_move


def seen_by(game: mq.Game, seat: str) -> dict:
    """Everything `seat` can obtain from the game through its door."""
    legal = game.legal_actions(seat)
    seen = {"view": game.view(seat).model_dump(), "legal": legal, "deciders": game.deciders,
            "decision": game.decision, "log": [e.for_seat(seat) for e in game.log],
            "record": game.to_json(seat).split('"actions"')[0],
            "previews": [game.preview(a) for a in legal]}
    errors = []
    for action in (mq.PlayTile(seat, "A-1"), mq.BuyShare(seat, "Regal"), mq.NoPlay(seat), mq.EndTurn(seat)):
        try:
            game.check(action)
        except mq.IllegalAction as err:
            errors.append(str(err))
    seen["errors"] = errors
    return seen


def twin(game: mq.Game, seat: str, rng: random.Random, keep_top: int = 3) -> mq.Game:
    """The same game, but the tiles `seat` cannot see (other hands, the supply below its next
    `keep_top` tiles) dealt differently. (The twin starts at this position: it has no history
    of actions, so what depends on the history alone, like undo, is not compared.)"""
    s = game.state
    others = [p for p in s.order if p != seat]
    bottom = s.supply[:-keep_top] if keep_top else list(s.supply)
    top = s.supply[-keep_top:] if keep_top else []
    pool = [t for p in others for t in s.hands[p]] + bottom
    rng.shuffle(pool)
    for p in others:
        n = len(s.hands[p])
        s.hands[p], pool = pool[:n], pool[n:]
    s.supply = pool + top
    return mq.Game(s, game.log)


@pytest.mark.parametrize("disclosure", [1, 2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_twins_look_the_same_to_the_seat(seed, disclosure):
    rng = random.Random(seed)
    game = mq.new_game(P4, seed=seed, options={"disclosure": disclosure})
    for _ in range(rng.randint(30, 400)):
        if game.is_over:
            return
        game.apply(random_move(game, rng))
    seat = game.deciders[0] if game.state.phase is mq.Phase.PLAY else game.state.active
    other = twin(game, seat, random.Random(seed + 100))
    assert other.state.hands != game.state.hands  # they do differ
    assert seen_by(other, seat) == seen_by(game, seat)
    # the seat plays on in both: its own moves, the same draws (the supply's top is shared)
    moves = random.Random(seed + 7)
    while game.deciders == [seat] and not game.is_over:
        action = random_move(game, moves)
        game.apply(action)
        other.apply(action)
        if game.deciders == [seat]:
            assert seen_by(other, seat) == seen_by(game, seat)
    assert game.view(seat).model_dump() == other.view(seat).model_dump()


def test_a_view_never_holds_another_hand_or_the_supply():
    game = mq.new_game(P4, seed=5)
    s = game.state
    names = s.options.geometry.names
    view = game.view("P2")
    text = view.model_dump_json()
    assert "supply\"" not in text and "seed" not in text
    assert view.hand == sorted((names[c] for c in s.hands["P2"]), key=s.options.geometry.index.get)
    assert view.hand_sizes == {p: 12 for p in P4} and view.supply_left == 221 - 48
    assert game.view(None).hand == []


def test_a_drawn_tile_is_told_only_to_its_drawer():
    game = mq.new_game(P4, seed=9)
    rng = random.Random(9)
    while not any(e.secret for e in game.log):
        game.apply(random_move(game, rng))
    entry = next(e for e in game.log if e.secret)
    (drawer, private), = entry.secret.items()
    tile = private.split()[-1]
    for seat in P4:
        text = game.view(seat).log[game.log.index(entry)]
        assert (tile in text) is (seat == drawer)
