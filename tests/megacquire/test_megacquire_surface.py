"""The game's surface (the kit protocol): determinism, saves and their refusals, undo,
previews, public texts, the dict form of actions, the log's rule references."""
from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from megacorps import megacquire as mq
from megacorps.kit.saves import digest as _digest
from mqtools import P, P4, frozen, random_move, row


def played(seed: int, steps: int, players=P4) -> mq.Game:
    game = mq.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(random_move(game, rng))
    return game


def test_game_info_for_the_kit():
    assert mq.GAME_INFO == dict(name="megacquire", title="MEGAcquire", min_seats=3, max_seats=6,
                                default_seats=["Ada", "Bo", "Cy", "Dee"])


@pytest.mark.parametrize("seats,message", [(["A", "B"], "3 to 6 players"), (["A", "B", "a"], "same name"),
                                           (["A", "", "C"], r"seats\[1\]"), ("ABC", "list of player names")])
def test_new_game_names_the_bad_entry(seats, message):
    with pytest.raises(ValueError, match=message):
        mq.new_game(seats, seed=1)


def test_bad_options_are_named():
    with pytest.raises(ValueError, match="option disclosure"):
        mq.new_game(P, seed=1, options={"disclosure": 5})
    with pytest.raises(ValueError, match="option colour"):
        mq.new_game(P, seed=1, options={"colour": "red"})


def test_a_seed_and_the_actions_reproduce_the_game_whatever_else_uses_random():
    first = played(11, 400)
    again = mq.new_game(P4, seed=11)
    for action in first.actions:
        random.random()  # the global generator is not the game's
        again.apply(action)
    assert again.to_json() == first.to_json() and again.state == first.state
    assert [str(e) for e in again.log] == [str(e) for e in first.log]


def test_different_seeds_deal_differently():
    assert mq.new_game(P4, seed=1).state.hands != mq.new_game(P4, seed=2).state.hands


@pytest.mark.parametrize("steps", [0, 150, 10_000])
def test_save_round_trip(steps):
    game = played(3, steps)
    loaded = mq.load_game(game.to_json())
    assert loaded.state == game.state and loaded.actions == game.actions
    assert [str(e) for e in loaded.log] == [str(e) for e in game.log]
    if not game.is_over:  # both go on the same way
        rng1, rng2 = random.Random(9), random.Random(9)
        for _ in range(50):
            if game.is_over:
                break
            game.apply(random_move(game, rng1))
            loaded.apply(random_move(loaded, rng2))
        assert loaded.to_json() == game.to_json()


def test_a_scenario_round_trips_too():
    game = mq.scenario(P, companies={"Delta": row("E", 1, 9)}, hands={"P1": ["K-1"]}, holdings={"P2": {"Delta": 3}})
    game.apply(mq.PlayTile("P1", "K-1"))
    assert mq.load_game(game.to_json()).state == game.state


def resealed(save: str, edit) -> str:
    """The save with its sealed content edited and the digest made to match again."""
    data = json.loads(save)
    content = json.loads(zlib.decompress(base64.b64decode(data["sealed"])))
    edit(content)
    data["sealed"] = base64.b64encode(zlib.compress(json.dumps(content).encode())).decode()
    data["digest"] = _digest(data["sealed"])
    return json.dumps(data)


def edited(save: str, **changes) -> str:
    data = json.loads(save)
    data.update(changes)
    return json.dumps(data)


def bad_saves():
    save = played(4, 120).to_json()
    data = json.loads(save)
    bomb = base64.b64encode(zlib.compress(b" " * 9_000_000)).decode()

    def swap_tiles(c):  # a hand tile and a board cell, both claimed
        c["start"]["hands"][c["start"]["seats"][0]][0] = c["start"]["hands"][c["start"]["seats"][1]][0]

    def bad_action(c):
        c["actions"][5] = {"type": "PlayTile", "seat": "P1", "tile": "Q-99"}

    return [
        (save[: len(save) // 2], "not valid JSON"),
        (edited(save, cash={**data["cash"], "P1": 10**6}), "entry cash"),
        (edited(save, round=data["round"] + 1), "entry round"),
        (edited(save, sealed=data["sealed"][:-8] + "AAAAAAAA"), "digest"),
        (edited(save, format="chess"), "entry format"),
        (edited(save, version=2), "entry version"),
        (edited(save, extra=1), "entry extra"),
        (edited(save, sealed=bomb, digest=_digest(bomb)), "too big once inflated"),
        (resealed(save, swap_tiles), "entry sealed.start.hands"),
        (resealed(save, bad_action), r"entry sealed.actions\[5\]"),
        (resealed(save, lambda c: c["start"]["cash"].update(P1=-5)), "entry sealed.start.cash"),
        (resealed(save, lambda c: c["start"]["options"].update(disclosure=9)), "entry sealed.start.options.disclosure"),
        ("x" * 2_100_000, "too big"),
        ("[" * 50_000 + "]" * 50_000, "nested too deeply"),
        (played(4, 10).to_json("P1"), "one seat's record"),
        (json.dumps([1, 2]), "not a saved game"),
    ]


@pytest.mark.parametrize("index", range(16))
def test_tampered_truncated_oversized_or_nested_saves_are_refused(index):
    text, message = bad_saves()[index]
    with pytest.raises(mq.BadSaveFile, match=message):
        mq.load_game(text)


def test_a_seats_record_holds_only_what_it_may_see():
    game = played(6, 60)
    record = json.loads(game.to_json("P2"))
    s = game.state
    assert record["view"]["hand"] == sorted((s.options.geometry.names[c] for c in s.hands["P2"]),
                                            key=s.options.geometry.index.get)
    text = game.to_json("P2")
    assert '"supply"' not in text and "seed" not in text
    public = json.loads(game.to_json(None))
    assert public["view"]["hand"] == [] and public["seat"] is None


def test_actions_round_trip_through_dicts():
    game = played(8, 300)
    for action in game.actions:
        data = mq.action_to_dict(action)
        assert json.loads(json.dumps(data)) == data
        assert mq.action_from_dict(data) == action


@pytest.mark.parametrize("data,message", [
    ({"type": "Fly", "seat": "Ada"}, "unknown action type"),
    ({"type": "PlayTile", "seat": "Ada"}, "'tile' is missing"),
    ({"type": "PlayTile", "seat": "Ada", "tile": "A-1", "x": 1}, "unknown field 'x'"),
    ({"type": "Dispose", "seat": "Ada", "company": "Regal", "sell": "3"}, "whole number"),
    ({"type": "Vote", "seat": "Ada", "agree": 1}, "true or false"),
    ({"type": "EndTurn", "seat": "Ada", "trade": [["Regal"]]}, "pairs"),
    ([1], "must be a dict"),
])
def test_malformed_action_dicts_are_refused(data, message):
    with pytest.raises(mq.IllegalAction, match=message):
        mq.action_from_dict(data)


def test_undo_takes_back_only_the_last_action_that_revealed_nothing():
    game = mq.scenario(P, loose=["K-1"], hands={"P1": ["K-2"]})
    assert not game.can_undo("P1")
    game.apply(mq.PlayTile("P1", "K-2"))
    assert not game.can_undo("P1")  # the tile was shown
    with pytest.raises(mq.IllegalAction, match="cannot be undone: it showed what was hidden"):
        game.undo("P1")
    before = frozen(game)
    game.apply(mq.Found("P1", "Regal"))
    game.apply(mq.BuyShare("P1", "Regal"))
    assert game.can_undo("P1") and not game.can_undo("P2")
    with pytest.raises(mq.IllegalAction, match="the last action is P1's"):
        game.undo("P2")
    assert game.can_undo(None) and not game.may_act_unasked("P2")
    assert game.undo("P1") == mq.BuyShare("P1", "Regal")
    assert game.undo("P1") == mq.Found("P1", "Regal")
    assert frozen(game) == before
    game.apply(mq.Found("P1", "Delta"))
    game.apply(mq.EndTurn("P1"))
    assert not game.can_undo("P1")  # a tile was drawn


def test_preview_says_what_a_tile_would_do_without_changing_anything():
    game = mq.scenario(P, companies={"Delta": row("E", 1, 10), "Acorn": row("G", 1, 5)}, loose=["K-1"],
                       hands={"P1": ["F-1", "E-11", "K-2", "M-7"]}, holdings={"P2": {"Acorn": 2}})
    before = frozen(game)
    assert game.preview(mq.PlayTile("P1", "M-7")) == "M-7 would stay unincorporated"
    assert "found a company of 2 tiles" in game.preview(mq.PlayTile("P1", "K-2"))
    assert "grow Delta from 10 to 11 tiles (a certificate $700 -> $800)" in game.preview(mq.PlayTile("P1", "E-11"))
    merge = game.preview(mq.PlayTile("P1", "F-1"))
    assert "Delta would survive with 16 tiles" in merge and "majority bonus $5,000" in merge
    assert "paid: P2 $7,500" in merge  # disclosure 4 (the default) shows who holds what
    assert frozen(game) == before
    with pytest.raises(mq.IllegalAction):
        game.preview(mq.PlayTile("P1", "A-1"))


def test_preview_hides_holdings_the_method_hides():
    game = mq.scenario(P, options={"disclosure": 1}, companies={"Delta": row("E", 1, 9), "Acorn": row("G", 1, 5)},
                       hands={"P1": ["F-1"]}, holdings={"P2": {"Acorn": 2}})
    assert "P2" not in game.preview(mq.PlayTile("P1", "F-1"))


def test_preview_of_other_actions_never_draws():
    game = played(12, 3)
    seat = game.deciders[0]
    for action in game.legal_actions(seat):
        before = frozen(game)
        text = game.preview(action)
        assert text and frozen(game) == before


def test_public_text_is_the_action():
    assert mq.Game.public_text(None, mq.PlayTile("Ada", "C-7")) == "Ada plays C-7"


def test_every_log_line_names_a_rule_and_the_draws_are_private():
    game = played(13, 200)
    for entry in game.log:
        assert entry.rule and entry.text
        if entry.secret:
            (seat, private), = entry.secret.items()
            assert entry.for_seat(seat) == private and entry.for_seat(None) == entry.text
            assert private != entry.text


def test_previewing_a_survivor_shows_no_holdings_the_method_hides():
    """Disclosure 1: choosing between two companies of equal size, the merge maker's previews
    must not show who holds the company that would be defunct (only the merger reveals it)."""
    game = mq.scenario(P, options={"disclosure": 1}, companies={"Delta": row("E", 1, 7), "Empire": row("G", 1, 7)},
                       hands={"P1": ["F-1"]}, holdings={"P2": {"Delta": 3}, "P3": {"Empire": 2}})
    game.apply(mq.PlayTile("P1", "F-1"))
    for action in game.legal_actions("P1"):
        text = game.preview(action)
        assert "P2 3" not in text and "P3 2" not in text and "bonuses would be paid" in text


def test_a_purchase_reads_with_the_right_article():
    # the log said "Ada buys a Acorn certificate"
    from megacorps.megacquire.actions import BuyShare
    assert str(BuyShare("Ada", "Acorn")) == "Ada buys an Acorn certificate"
    assert str(BuyShare("Ada", "Solon")) == "Ada buys a Solon certificate"


def test_the_buying_question_says_buying_is_a_choice_and_counts_down_the_limit():
    """The page read "Ada must buy stock" over a single "End the turn" button (no company on the
    board): buying is optional (L53), up to six certificates a turn."""
    rng = random.Random(5)
    game = mq.new_game(P4, seed=5)
    seen = set()
    for _ in range(3000):
        if game.is_over:
            break
        if game.decision_kind() == "buy stock":
            who = game.deciders[0]
            left = game.state.options.max_obtained - len(game.state.cart)
            assert "must buy" not in game.decision
            if left:
                assert game.decision.startswith(f"{who} may buy stock (") and "or end the turn" in game.decision
                assert (f"({left} more certificate{'s' if left > 1 else ''} this turn at most)") in game.decision
            else:
                assert game.decision == f"{who} has obtained the 6 certificates a turn allows and must end the turn"
            seen.add(left)
        game.apply(random_move(game, rng))
    assert {0, 6} <= seen   # both wordings met
