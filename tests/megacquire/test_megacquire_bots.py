"""The bots: every level plays whole games through the checked door with a reason for each
move; they decide from their seat's view only (twin games differing in what the seat cannot
see get the same decisions); the heuristic values mergers, founding and the bonus race."""
from __future__ import annotations

import random

import pytest

from megacorps import megacquire as mq
from megacorps.megacquire.bots import LEVELS, next_move, play_out
from mqtools import P, P4, check_invariants, random_move, row

from test_megacquire_hidden_info import twin


@pytest.mark.parametrize("level", list(LEVELS))
def test_each_level_plays_a_whole_game_with_reasons(level):
    game = mq.new_game(P4, seed=21)
    bots = {p: LEVELS[level](seed=i) for i, p in enumerate(P4)}
    while not game.is_over:
        seat, decision = next_move(game, bots)
        assert isinstance(decision.reason, str) and len(decision.reason) > 8
        assert decision.action in game.legal_actions(seat)
        game.apply(decision.action)
    check_invariants(game)
    assert game.winners()


def test_levels_are_weakest_first():
    assert list(LEVELS) == ["Random", "Tycoon", "Oracle"]


@pytest.mark.parametrize("level", ["Tycoon", "Oracle"])
@pytest.mark.parametrize("disclosure", [1, 4])
def test_bots_decide_from_the_view_only(level, disclosure):
    """Two games differing only in what the seat cannot see: the same decisions and reasons."""
    rng = random.Random(disclosure)
    game = mq.new_game(P4, seed=disclosure, options={"disclosure": disclosure})
    checked = 0
    for _ in range(400):
        if game.is_over:
            break
        seat = game.deciders[0]
        if game.state.phase is mq.Phase.PLAY and checked < 3:
            other = twin(game, seat, random.Random(checked))
            decisions = [LEVELS[level](seed=5).decide(g, seat) for g in (game, other)]
            assert decisions[0] == decisions[1]
            checked += 1
        game.apply(random_move(game, rng))
    assert checked == 3


def test_tycoon_takes_a_merger_bonus_over_a_quiet_tile():
    game = mq.scenario(P, companies={"Delta": row("E", 1, 9), "Acorn": row("G", 1, 5)},
                       hands={"P1": ["M-7", "F-1"]}, holdings={"P1": {"Acorn": 7}, "P2": {"Acorn": 2}})
    decision = LEVELS["Tycoon"](seed=1).decide(game, "P1")
    assert decision.action == mq.PlayTile("P1", "F-1")
    assert "merges Acorn and Delta, taking $5,000 in bonuses" in decision.reason


def test_tycoon_founds_rather_than_plays_a_quiet_tile():
    game = mq.scenario(P, loose=["K-1"], hands={"P1": ["M-7", "K-2"]})
    decision = LEVELS["Tycoon"](seed=1).decide(game, "P1")
    assert decision.action == mq.PlayTile("P1", "K-2") and "founds a company" in decision.reason


def test_tycoon_buys_to_take_a_majority():
    """The bonus race: P2 holds 3 Delta, P1 2; a certificate puts P1 level for the majority."""
    game = mq.scenario(P, companies={"Delta": row("E", 1, 5)}, hands={"P1": ["M-7"]},
                       holdings={"P1": {"Delta": 2}, "P2": {"Delta": 3}})
    game.apply(mq.PlayTile("P1", "M-7"))
    decision = LEVELS["Tycoon"](seed=1).decide(game, "P1")
    assert decision.action == mq.BuyShare("P1", "Delta") and "bonus race" in decision.reason


def test_tycoon_sells_defunct_stock():
    game = mq.scenario(P, companies={"Delta": row("E", 1, 9), "Acorn": row("G", 1, 5)},
                       hands={"P1": ["F-1"]}, holdings={"P2": {"Acorn": 4}})
    game.apply(mq.PlayTile("P1", "F-1"))
    decision = LEVELS["Tycoon"](seed=1).decide(game, "P2")
    assert decision.action == mq.Dispose("P2", "Acorn", 4) and "sells all 4 Acorn at $500" in decision.reason


def test_play_out_ends_the_game():
    game = play_out(mq.new_game(P, seed=4), {p: LEVELS["Random"](seed=i) for i, p in enumerate(P)})
    assert game.is_over


@pytest.mark.parametrize("plan", ["BiggestBuyer", "Hoarder", "FounderSeller", "NeverBuyer"])
def test_fixed_plans_play_whole_games_and_follow_their_plan(plan):
    from megacorps.megacquire.bots.plans import PLANS
    game = mq.new_game(P4, seed=31)
    bots = {p: (PLANS[plan] if p == "P1" else LEVELS["Random"])(seed=i) for i, p in enumerate(P4)}
    bought = set()
    while not game.is_over:
        seat, decision = next_move(game, bots)
        if seat == "P1" and isinstance(decision.action, mq.BuyShare):
            bought.add(decision.action.company)
        game.apply(decision.action)
    if plan in ("FounderSeller", "NeverBuyer"):
        assert not bought
    if plan == "Hoarder":
        assert len(bought) == 1


def test_the_tournaments_interval():
    from megacorps.megacquire.tournament import wilson
    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    low, high = wilson(0, 60)
    assert low == 0 and 0.05 < high < 0.07
