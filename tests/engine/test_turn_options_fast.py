"""The turn choices the engine lists (flow.turn_options: per-corp tuples of actions picked in
C-level steps, parts remembered while the controllers are unchanged) are exactly those the
readable definitions of each action give, in the same order, at every turn of random games."""
import random

import megacorps as mc
from megacorps import flow
from megacorps.companies import buy_options
from megacorps.intervention import intervene_options
from megacorps.mercenaries import buy_mercenaries_options
from megacorps.war import war_options

from enginetools import simulated_positions


def _by_definition(state, corp):
    payouts = ([mc.PayoutIndustry(corp, i) for i in state.index.industries]
               if not state.payout_taken and state.paid != corp else [])
    return (buy_options(state, corp) + payouts + intervene_options(state, corp)
            + buy_mercenaries_options(state, corp) + war_options(state, corp) + [mc.Pass(corp)])


def test_listed_turn_choices_match_the_definitions_of_the_actions():
    checked = 0
    for seed in range(10):
        rng = random.Random(seed)
        corps = rng.sample(mc.CORPS, rng.randint(3, 6))
        for state in simulated_positions(rng, corps, seed):
            if state.phase == "rounds" and not state.frames and state.to_act and not state.must_buy:
                for corp in state.playing:  # every corp, as if it were its turn
                    assert flow.turn_options(state, corp) == _by_definition(state, corp)
                    checked += 1
    assert checked > 2000
