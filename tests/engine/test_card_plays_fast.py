"""The any-time card plays the engine lists (picked by masks and remembered between steps,
events._plays) are exactly the plays the readable definition of targets gives
(events.card_targets), at every step of random games."""
import random

from megacorps.actions import PlayCard
from megacorps.events import any_time_plays, card_targets

from enginetools import simulated_positions

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


def _by_definition(state, corp):
    spec = state.deck_spec
    plays = []
    for name in sorted(set(state.hands[corp])):
        card = spec.card_by_name[name]
        if card.timing == "any_time":
            plays += [PlayCard(corp, name, t) for t in card_targets(state, corp, card)]
    return plays


def test_listed_card_plays_match_the_definition_of_targets():
    checked = 0
    for seed in range(12):
        rng = random.Random(seed)
        for state in simulated_positions(rng, CORPS, seed):
            for corp in CORPS:
                assert any_time_plays(state, corp) == _by_definition(state, corp)
                checked += 1
    assert checked > 1000
