"""The rules' worked examples, as tests: the core game's first quarter (Maraya 12, Jeff 21) and
the Variable Yield Industries example (Maraya 13, Jeff 23)."""
from __future__ import annotations

from notecardtools import CORE, example_game, jeff_card, maraya_card  # noqa: F401 (a fixture)

from megacorps import notecard as nc


def play_example(game: nc.Game) -> nc.Game:
    game.apply(maraya_card())
    game.apply(jeff_card())
    return game


def test_core_example_of_play(example_game):
    game = play_example(example_game)
    # Maraya's net investment is 2, 1 and 1: 12 poker chips for the second quarter
    assert game.money("Maraya") == 12
    # Jeff invested 3, 2 and 2 unsabotaged: 21
    assert game.money("Jeff") == 21
    assert game.quarter == 2 and not game.is_over
    report = game.reports[-1]
    nets = {(line.corp, line.industry): line.net for line in report.lines}
    assert nets == {("Maraya", "Industry 1"): 2, ("Maraya", "Industry 2"): 1, ("Maraya", "Industry 3"): 1,
                    ("Jeff", "Industry 1"): 3, ("Jeff", "Industry 2"): 2, ("Jeff", "Industry 3"): 2}
    assert report.earnings_by_industry("Maraya") == {"Industry 1": 6, "Industry 2": 3, "Industry 3": 3}
    assert report.kept == {"Maraya": 0, "Jeff": 0}


def test_core_example_is_moderated_in_the_rules_order(example_game):
    """For each corporation and industry: investment, the sabotage against it, then the earnings."""
    game = play_example(example_game)
    lines = [e for e in game.log if e.quarter == 1 and e.rule.startswith("Moderator")]
    rules = [e.rule.split(":")[0] for e in lines]
    assert rules[:3] == ["Moderator steps 1-2", "Moderator steps 3-4", "Moderator step 5"]
    assert lines[0].text == "Maraya invested $4M in Industry 1"
    assert lines[1].text == "Jeff spent $1M sabotaging Maraya's Industry 1"
    assert lines[2].text == "Maraya's net investment in Industry 1 is 4 - 2\u00d71 = 2: it earns 2 \u00d7 3 = $6M"
    # Maraya's three industries come first (seat order), then Jeff's, which nobody sabotaged
    corps = [e.text.split()[0].rstrip("'s") for e in lines if e.rule.startswith("Moderator steps 1-2")]
    assert corps == ["Maraya"] * 3 + ["Jeff"] * 3
    assert sum(1 for e in lines if e.rule.startswith("Moderator steps 3-4")) == 3


def test_variable_yield_example():
    """Jeff draws a 3 for Industry 1, a 2 for Industry 2 and a 5 for Industry 3."""
    game = nc.scenario(["Maraya", "Jeff"], {"variable_yield": True},
                       top_cards={"Industry 1": [3], "Industry 2": [2], "Industry 3": [5]})
    play_example(game)
    report = game.reports[-1]
    assert report.multipliers == {"Industry 1": 3, "Industry 2": 2, "Industry 3": 5}
    assert report.earnings_by_industry("Maraya") == {"Industry 1": 6, "Industry 2": 2, "Industry 3": 5}
    assert report.earnings_by_industry("Jeff") == {"Industry 1": 9, "Industry 2": 4, "Industry 3": 10}
    assert game.money("Maraya") == 13
    assert game.money("Jeff") == 23
    yields = [e.text for e in game.log if e.rule == "Variable Yield Industries"]
    assert len(yields) == 3 and "Industry 3 draws" in yields[2] and "\u00d75" in yields[2]
    # the cards are drawn before any announcement
    rules = [e.rule for e in game.log]
    assert rules.index("Variable Yield Industries") < rules.index("Moderator steps 1-2: investment")


def test_example_without_sabotage_would_have_paid_maraya_30(example_game):
    """A check of the arithmetic the example rests on: 10 invested unsabotaged returns 30."""
    example_game.apply(maraya_card())
    example_game.apply(nc.Allocate("Jeff", invest={i: 3 for i in CORE}))
    assert example_game.money("Maraya") == 30 and example_game.money("Jeff") == 1 + 27
