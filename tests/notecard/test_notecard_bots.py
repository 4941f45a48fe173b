"""The note-card bots: the shared bot protocol, legal cards with reasons in every kind of game,
and each personality doing what its description says."""
from __future__ import annotations

import random

import pytest

from megacorps import notecard as nc
from megacorps.notecard import bots as B

CORE = ("Industry 1", "Industry 2", "Industry 3")
OPTIONS = [{}, {"variable_yield": True}, {"variable_industries": True},
           {"variable_yield": True, "variable_industries": True}]


def test_levels_follow_the_bot_protocol():
    assert list(B.LEVELS) == ["Random", "Saboteur", "Cautious", "Balanced", "Odds"]
    for name, cls in B.LEVELS.items():
        assert cls.name == name and cls.description and len(cls.description) < 110
        bot = cls(seed=3)
        game = nc.new_game(["A", "B", "C"], seed=1)
        decision = bot.decide(game, "A")
        assert isinstance(decision, B.Decision) and isinstance(decision.action, nc.Allocate)
        assert decision.reason and decision.action.corp == "A"
        assert cls(seed=3).choose(game, "A") == decision.action


@pytest.mark.parametrize("options", OPTIONS)
def test_every_bot_writes_legal_cards_with_reasons(options):
    for seed in range(12):
        rng = random.Random(seed)
        players = [f"P{i}" for i in range(rng.randint(2, 5))]
        game = nc.new_game(players, seed=seed, options=options)
        kinds = [*B.LEVELS.values(), *B.PLANS.values()]
        bots = {p: rng.choice(kinds)(seed=seed + i) for i, p in enumerate(players)}
        while not game.is_over:
            corp = game.deciders[0]
            decision = B.decide(bots[corp], game, corp)
            assert decision.reason
            game.apply(decision.action)  # raises if the card were refused


def test_a_bot_with_only_choose_is_driven_too():
    class Lazy:
        def choose(self, game, corp):
            return nc.Allocate(corp, invest={"Industry 1": 1})
    game = nc.new_game(["A", "B"], seed=1, last_quarter=3)
    B.play_out(game, {"A": Lazy(), "B": B.CautiousBot(seed=1)})
    assert game.is_over and B.decide(Lazy(), nc.new_game(["A", "B"]), "A").reason == ""


def test_the_cautious_investor_never_sabotages_and_never_goes_bankrupt():
    for seed in range(20):
        game = nc.new_game(["Careful", "S1", "S2"], seed=seed, variable_yield=seed % 2 == 0)
        bots = {"Careful": B.CautiousBot(seed=seed), "S1": B.SaboteurBot(seed=seed), "S2": B.SaboteurBot(seed=seed + 1)}
        while not game.is_over:
            corp = game.deciders[0]
            card = bots[corp].choose(game, corp)
            if corp == "Careful":
                assert card.sabotage == () and game.cost(card).total < game.money(corp)
            game.apply(card)
        assert not game.is_bankrupt("Careful")


def test_the_saboteur_hits_the_richest_rival_where_it_invested_last():
    game = nc.new_game(["Sab", "Rich", "Poor"], seed=1)
    game.apply(nc.Allocate("Sab", invest={"Industry 1": 1}))
    game.apply(nc.Allocate("Rich", invest={"Industry 2": 8, "Industry 3": 2}))
    game.apply(nc.Allocate("Poor"))
    decision = B.SaboteurBot(seed=1).decide(game, "Sab")
    card = decision.action
    # Rich has 30 now and put 80% into Industry 2: it is expected to put 24 there
    assert card.sabotage[0][:2] == ("Rich", "Industry 2")
    assert card.total_sabotage <= 0.4 * game.money("Sab")
    assert "Rich" in decision.reason and "richest" in decision.reason


def test_the_balanced_bot_knocks_out_a_rival_that_kept_nothing_back():
    game = nc.new_game(["Bal", "Weak"], seed=1)
    game.apply(nc.Allocate("Bal", invest={"Industry 1": 6}))
    game.apply(nc.Allocate("Weak", invest={"Industry 1": 1}, sabotage={("Bal", "Industry 1"): 9}))
    assert game.money("Weak") == 3 and game.reports[-1].kept["Weak"] == 0
    decision = B.BalancedBot(seed=1).decide(game, "Bal")
    assert decision.action.sabotage_against("Weak", "Industry 1") >= 2
    assert "knocked out" in decision.reason
    game.apply(decision.action)
    game.apply(nc.Allocate("Weak", invest={"Industry 1": 3}))
    assert game.winners() == ["Bal"]


def test_the_odds_player_invests_where_the_next_card_is_likely_high():
    # Industry 1's stack has shown its 1 and every 2: what is left averages far above three
    game = nc.scenario(["Odds", "Other"], {"variable_yield": True, "last_quarter": None},
                       top_cards={"Industry 1": [1, 2, 2, 2, 2], "Industry 2": [5, 5, 4, 4, 4],
                                  "Industry 3": [3, 3, 3, 3, 3]})
    for _ in range(5):
        game.apply(nc.Allocate("Odds"))
        game.apply(nc.Allocate("Other"))
    decision = B.OddsBot(seed=1).decide(game, "Odds")
    card = decision.action
    assert card.invested("Industry 1") > card.invested("Industry 3") + card.invested("Industry 2")
    assert card.invested("Industry 3") >= card.invested("Industry 2")
    assert "Industry 1 \u00d73.70" in decision.reason  # (3x5 + 4x3 + 5x2) / 10


def played(cards: list[dict[str, nc.Allocate]], players: list[str], **options) -> nc.Game:
    """A game after the given quarters (one dict of cards per quarter)."""
    game = nc.new_game(players, seed=1, **options)
    for quarter in cards:
        for corp in players:
            game.apply(quarter.get(corp, nc.Allocate(corp)))
    return game


def test_the_odds_player_reads_a_fixed_habit_and_sabotages_a_leader_where_its_money_goes():
    """Issue 26: a rival who pulls ahead with a fixed pattern is answered where its money goes.
    Lead puts 80% into Industry 2 every quarter and keeps a fifth back (it cannot be knocked out)."""
    players = ["Odds", "Lead", "C"]
    game = played([{"Odds": nc.Allocate("Odds", {"Industry 1": 4}),
                     "Lead": nc.Allocate("Lead", {"Industry 2": 8, "Industry 3": 2}),
                     "C": nc.Allocate("C", {"Industry 1": 5})},
                    {"Odds": nc.Allocate("Odds", {"Industry 1": 10}),
                     "Lead": nc.Allocate("Lead", {"Industry 2": 16, "Industry 3": 4}),
                     "C": nc.Allocate("C", {"Industry 1": 10})}], players)
    assert game.money("Lead") > game.money("Odds")
    from megacorps.notecard.bots.forecast import forecast
    seen = forecast(game.view("Odds", log=False), "Lead", list(CORE))
    assert seen.habit == "repeat" and seen.confidence == 1.0 and not seen.keeps_nothing
    decision = B.OddsBot(seed=1).decide(game, "Odds")
    card = decision.action
    assert card.sabotage and {t for t, _i, _a in card.sabotage} == {"Lead"}
    assert card.sabotage_against("Lead", "Industry 2") == max(a for _t, _i, a in card.sabotage)
    assert "Lead leads" in decision.reason and "habit (repeat)" in decision.reason


def test_the_odds_player_knocks_out_a_rival_that_keeps_nothing_back():
    """Issue 26: an all-in player is knocked out: cancelling all it invests leaves it nothing."""
    players = ["Odds", "AllIn", "C", "D"]
    game = played([{"AllIn": nc.Allocate("AllIn", {"Industry 3": 10}),
                    "Odds": nc.Allocate("Odds", {"Industry 1": 9}), "C": nc.Allocate("C", {"Industry 1": 9}),
                    "D": nc.Allocate("D", {"Industry 2": 9})}], players)
    assert game.money("AllIn") == 30 and game.money("Odds") == 28  # it leads, and kept nothing
    decision = B.OddsBot(seed=1).decide(game, "Odds")
    assert decision.action.sabotage_against("AllIn", "Industry 3") == 15
    assert "knocks it out" in decision.reason
    game.apply(decision.action)
    for corp in ("C", "D"):
        game.apply(nc.Allocate(corp, {"Industry 1": 1}))
    game.apply(nc.Allocate("AllIn", {"Industry 3": 30}))
    assert game.is_bankrupt("AllIn")


def test_the_odds_player_moves_its_bulk_away_from_where_saboteurs_aim():
    game = played([{"Odds": nc.Allocate("Odds", {"Industry 1": 9}), "B": nc.Allocate("B", {"Industry 2": 9})}],
                  ["Odds", "B", "C"])
    card = B.OddsBot(seed=1).decide(game, "Odds").action
    assert card.invested("Industry 1") < max(card.invested(i) for i in ("Industry 2", "Industry 3"))
    assert card.total_invested == game.money("Odds") - 1  # and keeps $1M back


@pytest.mark.parametrize("plan", ["AllInOne", "AllInSpread", "ThirdOnLeader", "FifthBack"])
def test_no_plain_plan_beats_three_odds_players(plan):
    """Issue 26 (the full measure, 200 games a line, is in docs/notecard.md): a plain plan wins
    at most its share against three of the top level, here over 16 seat-rotated games."""
    from megacorps.notecard.tournament import run
    for options in ({}, {"variable_yield": True}):
        results = run([plan, "Odds", "Odds", "Odds"], games=16, seed=5, options=options, workers=1, progress=False)
        row = next(r for r in results.summary() if r["bot"] == B.PLANS[plan].name)
        assert row["win rate"] <= 0.25, (plan, options, row["win rate"])


def test_the_plain_plans_do_what_they_say():
    game = nc.new_game(["One", "Spread", "Third", "Fifth"], seed=2)
    plans = {"One": B.AllInOnePlan(seed=1), "Spread": B.AllInSpreadPlan(seed=1),
             "Third": B.ThirdOnLeaderPlan(seed=1), "Fifth": B.FifthBackPlan(seed=1)}
    places = []
    for _ in range(3):
        cards = {c: plans[c].choose(game, c) for c in game.deciders}
        for corp, card in cards.items():
            money = game.money(corp)
            if corp == "One":
                assert len(card.invest) == 1 and card.total_invested == money and not card.sabotage
                places.append(card.invest[0][0])
            elif corp == "Spread":
                assert card.total_invested == money and len(card.invest) == 3 and not card.sabotage
            elif corp == "Third":
                assert 0 < card.total_sabotage <= money // 3 and card.total_invested + card.total_sabotage == money
            else:
                assert not card.sabotage and money - card.total_invested == max(1, round(money / 5))
            game.apply(card)
    assert len(set(places)) == 1  # the same industry every quarter


def test_the_odds_player_opens_an_industry_with_better_odds():
    game = nc.scenario(["Odds", "Other"], {"variable_yield": True, "variable_industries": True,
                                           "last_quarter": None},
                       top_cards={i: [5, 5, 4, 4, 4] for i in ("Industry 1", "Industry 2", "Industry 3")})
    for _ in range(5):
        game.apply(nc.Allocate("Odds", invest={i: 1 for i in ("Industry 1", "Industry 2", "Industry 3")}))
        game.apply(nc.Allocate("Other"))
    decision = B.OddsBot(seed=1).decide(game, "Odds")
    assert decision.action.invested("Industry 4") > 0 and "paying to enter Industry 4" in decision.reason
    game.apply(decision.action)


def test_next_move_leaves_humans_alone():
    game = nc.new_game(["Human", "Bot"], seed=1)
    corp, decision = B.next_move(game, {"Bot": B.CautiousBot(seed=1)})
    assert corp == "Bot"
    game.apply(decision.action)
    assert B.next_move(game, {"Bot": B.CautiousBot(seed=1)}) is None


def test_the_projects_tournament_runner_plays_the_note_card_game():
    import pickle

    from megacorps.notecard.tournament import notecard_kind, run
    kind = notecard_kind({"variable_yield": True})
    assert pickle.loads(pickle.dumps(kind)).name == kind.name == "Megacorp (note cards, Variable Yield)"
    results = run(["Odds", "Cautious", "Saboteur"], games=6, seed=3, options={"variable_yield": True},
                  workers=1, progress=False)
    assert len(results.games) == 6 and {g.rotation for g in results.games} == {0, 1, 2}
    for g in results.games:
        replay = kind.new(kind.seats(3), g.seed)
        bots = {seat: B.LEVELS[label](seed=g.seed * 100 + i) for i, (label, seat) in enumerate(zip(g.labels, g.seats))}
        B.play_out(replay, bots)
        assert [replay.scores()[s] for s in g.seats] == g.scores
        assert [1 / len(replay.winners()) if s in replay.winners() else 0 for s in g.seats] == g.wins
        assert g.series[0][0] == 10 and len(g.series[0]) == len(replay.reports) + 1
    with pytest.raises(ValueError, match="unknown note-card bot"):
        run(["Greedy", "Odds"], games=1, workers=1, progress=False)


@pytest.mark.parametrize("lower", ["Random", "Saboteur", "Cautious", "Balanced"])
def test_the_top_level_beats_each_lower_level_head_to_head(lower):
    """Issue 26 (200 games a line in docs/notecard.md): here 16 seat-rotated games, core game."""
    from megacorps.notecard.tournament import run
    results = run(["Odds", lower], games=16, seed=5, workers=1, progress=False)
    row = next(r for r in results.summary() if r["bot"] == "Odds")
    assert row["win rate"] >= 0.6, (lower, row["win rate"])
