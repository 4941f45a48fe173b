"""The Sampler imagines the hidden cards from what its seat can see: two games that differ only in
the rival's hand and the order of the decks (hidden-information twins) give it the same imagined
deals and the same decision, for the same seed."""
import random

import pytest

from megacorps.tcg.bots import SamplerBot
from megacorps.tcg.bots.sampler import imagined_spec
from tcgtools import scen

# Ana (Gnosts) can attack in her Challenge phase; Nick (Incarnés) has cards in hand that differ
# between the twins, and every main deck's order differs too.
BASE = {"active": "Ana", "phase": "challenge", "money": {"Ana": 6, "Nick": 5},
        "networks": {"Ana": [{"id": "G2", "at": [0, 1]}, {"id": "G9", "at": [0, -1]}],
                     "Nick": [{"id": "I1", "at": [0, 1]}, {"id": "I6", "at": [0, -1], "engaged": True}]},
        "resources": {"Ana": ["RN1", "RG1"], "Nick": ["RN1", "RI1"]}}
ONE = dict(BASE, hands={"Ana": ["G13"], "Nick": ["I9", "N2"]},
           mains={"Ana": ["G1", "G5", "G2"], "Nick": ["I5", "I10", "I11"]})
TWO = dict(BASE, hands={"Ana": ["G13"], "Nick": ["I10", "I11"]},
           mains={"Ana": ["G5", "G2", "G1"], "Nick": ["I9", "N2", "I5"]})


def twins():
    return (scen(ONE, decks=("gnosts", "incarnes"), seed=3),
            scen(TWO, decks=("gnosts", "incarnes"), seed=4))


def hidden(g, seat):
    p = g.state.players[seat]
    return [g.state.cards[u].card.id for u in p.hand], [g.state.cards[u].card.id for u in p.main]


def test_the_twins_differ_only_in_what_ana_cannot_see():
    one, two = twins()
    assert one.view("Ana") == two.view("Ana")
    assert hidden(one, "Nick") != hidden(two, "Nick") and hidden(one, "Ana")[1] != hidden(two, "Ana")[1]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_imagined_deals_come_from_the_view_alone(seed):
    one, two = twins()
    a = imagined_spec(one, one.view("Ana"), random.Random(seed))
    b = imagined_spec(two, two.view("Ana"), random.Random(seed))
    assert a == b
    # Nick's imagined hand has his true hand's size, drawn from his unseen cards
    assert len(a["hands"]["Nick"]) == 2


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_sampler_decides_the_same_on_twins(seed):
    one, two = twins()
    first, second = SamplerBot(seed=seed).decide(one, "Ana"), SamplerBot(seed=seed).decide(two, "Ana")
    assert "look ahead" in first.reason          # it did imagine games, not just take the plain choice
    assert first == second
