"""The any-time card plays the engine lists (picked by masks and remembered between steps,
events._plays) are exactly the plays the readable definition of targets gives
(events.card_targets), at every step of random games."""
import random

from megacorps.actions import PlayCard
from megacorps.events import any_time_plays, card_targets
from megacorps.setup import new_game_state
from megacorps.simulator import Simulator

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
        sim = Simulator(new_game_state(CORPS, seed, quiet=True)[0])
        while not sim.is_over:
            for corp in CORPS:
                assert any_time_plays(sim.state, corp) == _by_definition(sim.state, corp)
                checked += 1
            corp = sim.deciders[0]
            plays = sim.card_plays(corp)
            if plays and rng.random() < 0.2:
                sim.step(plays[int(rng.random() * len(plays))])
            else:
                choices = sim.choices(corp)
                sim.step(choices[int(rng.random() * len(choices))])
    assert checked > 1000
