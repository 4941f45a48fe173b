"""Oracle's search and its playout policy, and the fixed plans it is measured against: the
playout's bonus arithmetic is the rules' (mergers.bonuses), its players take a paying merger
and the bonus race; Oracle decides the same in games that differ only in what its seat cannot
see (tiles and purchases alike); the plans do what their names say."""
from __future__ import annotations

import random

import pytest

from megacorps import megacquire as mq
from megacorps.megacquire.bots import LEVELS, SearchBot, next_move
from megacorps.megacquire.bots.playout import bonus_share, buy_choice, play_on, playout_move
from megacorps.megacquire.bots.plans import PLANS
from megacorps.megacquire.mergers import bonuses
from mqtools import P, P4, check_invariants, random_move, row

from test_megacquire_hidden_info import twin


@pytest.mark.parametrize("seed", range(6))
def test_bonus_share_is_the_rules_share(seed):
    """Against the engine's own bonus rule, over many holdings with ties for first and second."""
    rng = random.Random(seed)
    game = mq.new_game(P4, seed=seed)
    s = game.state
    for _ in range(300):
        c = rng.randrange(len(s.sizes))
        size = rng.randint(2, 40)
        for p in P4:
            s.holdings[p][c] = rng.choice([0, 0, 1, 2, 2, 3, 5])
        extra = rng.choice([0, 1, 2])
        held = {p: s.holdings[p][c] + (extra if p == "P2" else 0) for p in P4}
        expected = bonuses(held, s.options.majority_bonus[c][size], s.options.minority_bonus[c][size]).get("P2", 0)
        assert bonus_share(s, "P2", c, size, extra) == expected


def test_playout_takes_a_paying_merger():
    """P1 holds most Acorn: the playout's P1 merges it into Delta (bonuses paid) over a quiet tile."""
    game = mq.scenario(P, companies={"Delta": row("E", 1, 9), "Acorn": row("G", 1, 5)},
                       hands={"P1": ["M-7", "F-1"]}, holdings={"P1": {"Acorn": 7}, "P2": {"Acorn": 2}})
    assert playout_move(game.state, "P1", random.Random(0)) == mq.PlayTile("P1", "F-1")
    # P3, who holds no Acorn, would rather not pay P1 its bonuses: a quiet tile
    game2 = mq.scenario(P, companies={"Delta": row("E", 1, 9), "Acorn": row("G", 1, 5)},
                        hands={"P1": ["M-7"], "P3": ["M-9", "F-1"]}, holdings={"P1": {"Acorn": 7}, "P2": {"Acorn": 2}},
                        turn="P3")
    assert playout_move(game2.state, "P3", random.Random(0)) == mq.PlayTile("P3", "M-9")


def test_playout_buys_into_the_bonus_race_with_cash_only():
    game = mq.scenario(P, companies={"Delta": row("E", 1, 5), "Acorn": row("G", 1, 5)}, hands={"P1": ["M-7"]},
                       holdings={"P1": {"Delta": 2, "Acorn": 4}, "P2": {"Delta": 3, "Acorn": 1}})
    game.apply(mq.PlayTile("P1", "M-7"))
    s = game.state
    assert buy_choice(s, "P1") == s.options.company_index["Delta"]  # level with P2 for the majority
    s.cash["P1"] = 0
    assert buy_choice(s, "P1") is None


@pytest.mark.parametrize("seed", [3, 8])
def test_playout_plays_legal_moves_to_the_seats_next_turn(seed):
    rng = random.Random(seed)
    game = mq.new_game(P4, seed=seed)
    for _ in range(rng.randint(50, 250)):
        game.apply(random_move(game, rng))
    me = game.state.active
    s = game.state.copy_deep()
    start_round = s.round
    log = []
    from megacorps.megacquire.turns import legal_actions, perform, problem
    moves = 0
    while not s.over and not (s.phase is mq.Phase.PLAY and s.active == me and moves > 0):
        from megacorps.megacquire.bots.playout import decider
        action = playout_move(s, decider(s), rng)
        assert problem(s, action) is None, action
        perform(s, log, action)
        moves += 1
    end = play_on(game.state.copy_deep(), me, random.Random(0))
    assert end.over or (end.active == me and end.phase is mq.Phase.PLAY and end.round == start_round + 1)


@pytest.mark.parametrize("disclosure", [1, 4])
def test_oracle_buys_from_the_view_only(disclosure):
    """Twin games differing only in what the buyer cannot see: the same purchases and reasons."""
    rng = random.Random(40 + disclosure)
    game = mq.new_game(P4, seed=40 + disclosure, options={"disclosure": disclosure})
    checked = 0
    for _ in range(600):
        if game.is_over or checked == 3:
            break
        seat = game.deciders[0]
        if any(isinstance(a, mq.BuyShare) for a in game.legal_actions(seat)) and rng.random() < 0.3:
            other = twin(game, seat, random.Random(checked))
            assert other.state.hands != game.state.hands
            decisions = [SearchBot(seed=5, buy_samples=3).decide(g, seat) for g in (game, other)]
            assert decisions[0] == decisions[1]
            checked += 1
        game.apply(random_move(game, rng))
    assert checked == 3


def test_oracle_search_depends_on_its_seed_not_on_hidden_tiles():
    """Different seeds may sample differently, yet each is reproducible: same seed, same decision."""
    game = mq.new_game(P4, seed=12)
    rng = random.Random(12)
    for _ in range(120):
        game.apply(random_move(game, rng))
    while game.state.phase is not mq.Phase.PLAY:
        game.apply(random_move(game, rng))
    seat = game.deciders[0]
    first = SearchBot(seed=9).decide(game, seat)
    assert SearchBot(seed=9).decide(game, seat) == first
    assert "samples of the hidden tiles" in first.reason or first.reason == "the only legal move"


def _plan_game(plan: str, seed: int):
    """A game of `plan` (seat P1) against three Tycoon, yielding (seat, decision, game before it)."""
    game = mq.new_game(P4, seed=seed)
    bots = {p: (PLANS[plan] if p == "P1" else LEVELS["Tycoon"])(seed=i) for i, p in enumerate(P4)}
    while not game.is_over:
        seat, decision = next_move(game, bots)
        assert decision.action in game.legal_actions(seat) and len(decision.reason) > 8
        yield seat, decision, game
        game.apply(decision.action)
    check_invariants(game)


def test_biggest_buyer_buys_only_the_biggest_company_it_can():
    """Every certificate it buys is of the biggest company whose certificate its cash left pays for."""
    from megacorps.megacquire.stock import cart_cost, price
    bought = 0
    for seat, decision, game in _plan_game("BiggestBuyer", 5):
        if seat == "P1" and isinstance(decision.action, mq.BuyShare):
            s = game.state
            index = s.options.company_index
            cash_left = s.cash["P1"] - cart_cost(s, s.cart)
            affordable = [index[a.company] for a in game.legal_actions("P1")
                          if isinstance(a, mq.BuyShare) and price(s, index[a.company]) <= cash_left]
            assert s.sizes[index[decision.action.company]] == max(s.sizes[c] for c in affordable)
            bought += 1
    assert bought > 10


def test_hoarder_buys_one_company_and_holds_it():
    bought, held = set(), 0
    for seat, decision, game in _plan_game("Hoarder", 6):
        if seat == "P1" and isinstance(decision.action, mq.BuyShare):
            bought.add(decision.action.company)
        if seat == "P1" and isinstance(decision.action, mq.Dispose):
            if decision.action.company in bought:
                assert decision.action.sell == 0
                held += 1
    assert len(bought) == 1


@pytest.mark.parametrize("plan", ["FounderSeller", "NeverBuyer"])
def test_founder_seller_and_never_buyer_never_buy_and_sell_everything(plan):
    founded = chances = 0
    for seat, decision, game in _plan_game(plan, 7):
        if seat != "P1":
            continue
        a = decision.action
        assert not isinstance(a, mq.BuyShare)
        if isinstance(a, mq.Dispose):
            assert a.sell == game.state.holdings["P1"][game.state.options.company_index[a.company]]
        if isinstance(a, mq.PlayTile) and plan == "FounderSeller":
            from megacorps.megacquire.board import FOUNDS
            from megacorps.megacquire.tiles import tile_outcome
            s = game.state
            can_found = [t for t in game.legal_actions("P1") if isinstance(t, mq.PlayTile)
                         and tile_outcome(s, s.options.geometry.index[t.tile]) == FOUNDS]
            if can_found:
                chances += 1
                assert tile_outcome(s, s.options.geometry.index[a.tile]) == FOUNDS
                founded += 1
    if plan == "FounderSeller":
        assert founded == chances and chances > 0


def test_race_settles_a_clear_choice_on_few_deals_and_a_close_one_on_all():
    """Common random numbers: every choice still racing is valued on the same deal; a choice
    behind on every deal leaves the race at the first look, tied ones are played on every deal."""
    from megacorps.megacquire.bots.race import CHECK_EVERY, race

    def play(deal, choice, seed):
        return deal + {"good": 100.0, "bad": 0.0, "same": 100.0}[choice]

    rng = random.Random(1)
    deals = iter(range(1000))
    clear = race(["bad", "good"], play, lambda: next(deals) * 37 % 101, rng, 24)
    assert clear.best == "good" and clear.deals == CHECK_EVERY
    close = race(["good", "same"], play, lambda: next(deals) * 37 % 101, rng, 24)
    assert close.deals == 24 and close.best == "good"  # a tie goes to the earlier choice


def test_race_keeps_a_choice_that_luck_could_explain():
    from megacorps.megacquire.bots.race import behind
    assert behind([10, 11, 12, 13], [0, 1, 2, 3])                # 10 behind on every deal
    assert not behind([10, -30, 50, 13], [0, 1, 2, 3])           # ahead on average, but noisily
    assert not behind([0, 1, 2, 3], [10, 11, 12, 13])            # ahead is not behind


def _safe_solon(cash: int = 12000):
    """Solon, safe at 22 tiles, the only company: every border is settled, so the game ends with
    this turn (final bonuses at 22 tiles). P2 and P3 hold 2 certificates each; P1 has played a
    quiet tile and may buy."""
    game = mq.scenario(P, companies={"Solon": row("A", 1, 13) + row("B", 1, 9)}, hands={"P1": ["P-7"]},
                       holdings={"P2": {"Solon": 2}, "P3": {"Solon": 2}}, cash={"P1": cash})
    game.apply(mq.PlayTile("P1", "P-7"))
    return game


def test_oracle_buys_the_majority_that_one_certificate_at_a_time_misses():
    """By the bonus rule (mergers.bonuses), one certificate of Solon earns P1 nothing (two players
    hold more) and two share the bonuses three ways, while three make it the sole majority
    holder. Tycoon, weighing one certificate at a time, sees nothing worth buying; Oracle weighs
    the purchase as a whole and buys the three, one by one, then ends its turn."""
    game = _safe_solon()
    s = game.state
    solon = s.options.company_index["Solon"]
    size = s.sizes[solon]
    majority, minority = s.options.majority_bonus[solon][size], s.options.minority_bonus[solon][size]
    share = {n: bonuses({"P1": n, "P2": 2, "P3": 2}, majority, minority).get("P1", 0) for n in range(4)}
    price = s.options.prices[solon][size]
    assert share[1] == 0 < share[2] < share[3] == majority and share[3] > 3 * price
    fewest = min(n for n in share if share[n] == majority)

    assert isinstance(LEVELS["Tycoon"](seed=1).decide(game, "P1").action, mq.EndTurn)
    oracle = SearchBot(seed=3)
    bought = 0
    while game.state.phase is mq.Phase.BUY:
        decision = oracle.decide(game, "P1")
        if isinstance(decision.action, mq.BuyShare):
            assert decision.action.company == "Solon" and "3 Solon" in decision.reason
            bought += 1
        game.apply(decision.action)
    assert bought == fewest
    assert game.state.over and game.winners() == ["P1"]  # the majority bonus wins it the game


def test_oracle_buys_nothing_it_cannot_pay_in_cash():
    """With less cash than one certificate, no purchase is weighed: it ends the turn."""
    game = _safe_solon(cash=500)
    decision = SearchBot(seed=3).decide(game, "P1")
    assert isinstance(decision.action, mq.EndTurn) and not decision.action.trade
