"""Hidden information: a note card handed in stays unseen by every other seat until the reveal:
not in their views, the log they read, the error messages they get, their saves, the bots'
choices; and the yield stacks' order is seen by nobody. Tested the strong way: two games that
differ only in what one corporation wrote must look identical from every other seat."""
from __future__ import annotations

import random

import pytest

from megacorps import notecard as nc
from megacorps.notecard import bots as B

OPTIONS = [{}, {"variable_yield": True}, {"variable_industries": True},
           {"variable_yield": True, "variable_industries": True}]


def what_seat_sees(game: nc.Game, corp: str | None) -> dict:
    """Everything `corp` (None: a spectator or the shared screen) can obtain from the game."""
    seen = {"view": game.view(corp).model_dump(), "decision": game.decision, "repr": repr(game),
            "deciders": game.deciders, "public log": [e.text for e in game.log],
            "shared save": game.to_json(seat=None)}
    if corp is not None:
        seen["seat save"] = game.to_json(seat=corp)
        seen["limits"] = game.limits(corp).model_dump()
        seen["legal"] = game.legal_actions(corp)
        errors = []
        for card in (nc.Allocate(corp, invest={"Industry 1": 10_000}),
                     nc.Allocate(corp, sabotage={(corp, "Industry 1"): 1}),
                     nc.Allocate("Nobody")):
            try:
                game.apply(card)
            except nc.IllegalAction as err:
                errors.append(str(err))
        seen["errors"] = errors
        try:
            game.undo(corp)
        except nc.IllegalAction as err:
            seen["undo"] = str(err)
    return seen


def two_games(options: dict, seed: int):
    """Two games in the same position, where the first seat has handed in two different cards."""
    rng = random.Random(seed)
    players = ["Ada", "Bo", "Cy"][: rng.randint(2, 3)]
    games = [nc.new_game(players, seed=seed, options={**options, "last_quarter": None}) for _ in range(2)]
    bots = {p: B.RandomBot(seed=seed + i) for i, p in enumerate(players)}
    for _ in range(rng.randint(0, 3)):  # a few quarters revealed first, the same in both
        for corp in list(games[0].deciders):
            card = bots[corp].choose(games[0], corp)
            for g in games:
                g.apply(card)
        if games[0].is_over:
            return None
    writer = games[0].deciders[0]
    cards = [B.random_card(games[0].view(writer), random.Random(seed * 7 + k)) for k in range(2)]
    if cards[0] == cards[1]:
        cards[1] = nc.Allocate(writer)
        if cards[0] == cards[1]:
            cards[1] = nc.Allocate(writer, invest={"Industry 1": 1})
    for g, card in zip(games, cards):
        g.apply(card)
    return games, writer, cards


@pytest.mark.parametrize("options", OPTIONS)
def test_a_card_handed_in_is_invisible_to_every_other_seat(options):
    checked = 0
    for seed in range(40):
        made = two_games(options, seed)
        if made is None:
            continue
        (a, b), writer, cards = made
        if a.is_over:
            continue
        for corp in [None, *(c for c in a.players if c != writer)]:
            assert what_seat_sees(a, corp) == what_seat_sees(b, corp), (seed, corp)
        # the writer itself sees its own card
        assert a.view(writer).my_card == cards[0].to_dict() != b.view(writer).my_card
        checked += 1
    assert checked >= 30


def test_bots_decide_without_seeing_other_cards():
    for seed in range(30):
        made = two_games({"variable_yield": True}, seed)
        if made is None:
            continue
        (a, b), writer, _ = made
        for corp in a.deciders:
            for level in B.LEVELS.values():
                assert level(seed=5).decide(a, corp) == level(seed=5).decide(b, corp)


def test_the_card_is_public_once_revealed():
    game = nc.new_game(["Ada", "Bo"], seed=3)
    game.apply(nc.Allocate("Ada", invest={"Industry 2": 7}))
    assert "7" not in " ".join(game.view("Bo").log)
    game.apply(nc.Allocate("Bo"))
    assert "Ada invested $7M in Industry 2" in game.view("Bo").log
    assert game.view("Bo").reports[0].lines[0].invested == 7


def test_the_writer_reads_its_own_card_in_its_log_only():
    game = nc.new_game(["Ada", "Bo"], seed=3)
    game.apply(nc.Allocate("Ada", invest={"Industry 2": 7}))
    assert game.view("Ada").log[-1] == "Ada hands in its note card: $7M in Industry 2"
    assert game.view("Bo").log[-1] == "Ada hands in its note card, face down"
    assert game.view(None).log[-1] == "Ada hands in its note card, face down"


@pytest.mark.parametrize("options", OPTIONS[1::2])
def test_nobody_sees_the_order_of_the_yield_stacks(options):
    game = nc.new_game(["Ada", "Bo"], seed=8, options=options)
    game.apply(nc.Allocate("Ada", invest={"Industry 1": 2}))
    game.apply(nc.Allocate("Bo"))
    twin = nc.Game.from_json(game.to_json())
    for stack in twin.state.stacks.values():  # the same cards left, in another order
        stack.draw.reverse()
    assert twin.state.stacks != game.state.stacks
    for corp in (None, "Ada", "Bo"):
        assert twin.view(corp) == game.view(corp)
    view = game.view("Ada")
    assert "seed" not in view.model_dump() and "draw" not in str(view.model_dump()["stacks"])
    assert view.stacks["Industry 1"].cards_left == 14


def test_a_seat_save_holds_only_that_seats_card():
    from megacorps.notecard.saves import unseal
    game = nc.new_game(["Ada", "Bo", "Cy"], seed=3)
    game.apply(nc.Allocate("Ada", invest={"Industry 2": 7}))
    game.apply(nc.Allocate("Bo", invest={"Industry 3": 5}))
    assert [a["corp"] for a in unseal(game.to_json())["actions"]] == ["Ada", "Bo"]
    assert [a["corp"] for a in unseal(game.to_json(seat="Bo"))["actions"]] == ["Bo"]
    assert unseal(game.to_json(seat=None))["actions"] == []
    loaded = nc.Game.from_json(game.to_json(seat="Bo"))
    assert loaded.deciders == ["Ada", "Cy"] and loaded.view("Bo").my_card == game.view("Bo").my_card
