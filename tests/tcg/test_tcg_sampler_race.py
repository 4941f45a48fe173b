"""The Sampler's race to the bottom of the main deck: who runs out first when both sides only
draw (checked against the engine, played out), and its plain choices leaving a card in its main
deck when taking it would make it run out first."""
import pytest
from tcgtools import scen

from megacorps import tcg
from megacorps.tcg.bots.sampler import RaceHeuristic, race_margin


@pytest.mark.parametrize("active, phase, mine, theirs, margin", [
    ("Ana", "buy", 10, 10, 0),             # Ana has drawn this turn: Nick draws next, and runs out first
    ("Ana", "buy", 9, 10, -1),
    ("Ana", "accounting", 10, 10, -1),     # Ana still draws this turn
    ("Nick", "challenge", 10, 10, -1),     # Nick has drawn: Ana draws next
    ("Nick", "reveal", 10, 10, 0),
    ("Nick", "end", 12, 10, 1),
])
def test_the_race_margin_counts_the_draws_to_come(active, phase, mine, theirs, margin):
    assert race_margin(mine, theirs, active, phase, "Ana") == margin


@pytest.mark.parametrize("ana, nick", [(2, 2), (1, 2), (3, 2), (2, 3)])
def test_the_race_margin_says_who_runs_out_first_when_both_only_draw(ana, nick):
    mains = {"Ana": ["I1"] * ana, "Nick": ["G1"] * nick}
    game = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 30, "Nick": 30}, "mains": mains,
                 "hands": {"Ana": [], "Nick": []}})
    margin = race_margin(ana, nick, "Ana", "buy", "Ana")
    for _ in range(200):
        if game.is_over:
            break
        seat = game.deciders[0]
        legal = game.legal_actions(seat)
        game.apply(tcg.Pass(seat) if tcg.Pass(seat) in legal else legal[0])
    assert "cannot draw" in game.state.end_reason
    assert game.winners() == (["Ana"] if margin >= 0 else ["Nick"])


def dead_drop(ana_main: int, nick_main: int) -> tcg.Game:
    """Ana (Corporation) has bought her Quartermaster (DEAD DROP 5) and deployed it: the DEAD DROP
    offers the Rail Pistol of her main deck, which holds `ana_main` cards; Nick's `nick_main`."""
    game = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 20, "Nick": 20}, "pools": {"Ana": {"QI": 2}},
                 "hands": {"Ana": ["C3"], "Nick": []},
                 "mains": {"Ana": ["C4"] + ["C1"] * (ana_main - 1), "Nick": ["G1"] * nick_main}},
                decks=("corporation", "gnosts"))
    buy = next(a for a in game.legal_actions("Ana") if isinstance(a, tcg.Buy) and a.source == "hand")
    game.apply(buy)
    while game.prompt.kind == "choose" and game.prompt.options[0][0].startswith("slot:"):
        game.apply(tcg.Choose("Ana", game.prompt.options[0][0]))
    assert "DEAD DROP" in game.prompt.text and "none" in [k for k, _ in game.prompt.options]
    return game


def test_the_sampler_leaves_a_card_in_its_main_deck_when_taking_it_loses_the_race():
    behind = dead_drop(3, 3)                 # one card fewer and Ana would run out first
    d = RaceHeuristic(seed=1).decide(behind, "Ana")
    assert d.action == tcg.Choose("Ana", "none") and "main deck would run out" in d.reason
    ahead = dead_drop(5, 3)                  # two cards to spare: she takes the pistol
    d = RaceHeuristic(seed=1).decide(ahead, "Ana")
    assert d.action.key.startswith("card:") and "Rail Pistol" in dict(ahead.prompt.options)[d.action.key]
