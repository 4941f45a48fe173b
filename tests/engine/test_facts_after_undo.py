"""What a corp knows of the hidden cards (`knowledge.facts_of`, which `determinize` draws from)
is remembered by the game and extended lazily as actions are applied; after an undo and a
different action it must be exactly what a fresh game of the same actions knows."""
import random

import megacorps as mc
from megacorps.knowledge import facts_of

from enginetools import random_move

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


def _replayed(game: mc.Game, seed: int) -> mc.Game:
    fresh = mc.new_game(CORPS, seed=seed)
    for action in game._actions:  # the actions as applied (a sealed bid is still the bid)
        fresh.apply(action)
    return fresh


def test_facts_after_undo_and_another_action_match_a_fresh_game():
    changed = 0
    for seed in (11, 12, 13):
        rng = random.Random(seed)
        game = mc.new_game(CORPS, seed=seed)
        for _ in range(120):
            if game.is_over:
                break
            game.apply(random_move(rng, game, trades=0.2, cards=0.15))
            remembered = {corp: list(facts_of(game, corp).items) for corp in CORPS}
            if game.can_undo() and rng.random() < 0.4:
                game.undo()
                game.apply(random_move(rng, game, trades=0.2, cards=0.15))
            fresh = _replayed(game, seed)
            for corp in CORPS:
                now = facts_of(game, corp).items
                assert now == facts_of(fresh, corp).items
                changed += now != remembered[corp]
    assert changed > 5  # some undos changed what a corp knows: the cache was really tested
