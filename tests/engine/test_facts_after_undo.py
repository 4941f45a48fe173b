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


def test_an_accepted_offer_teaches_the_same_from_a_game_started_while_it_was_on_the_table():
    """The answer to a trade comes right after the offer; a game made from a position with the
    offer still waiting (a bot's trial copy) must read the offer from that position."""
    game = mc.scenario(CORPS[:3], hands={"Globbo": ["Boom"]})
    game.apply(mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money=1), take=mc.Bundle(cards=("Boom",))))
    copy = mc.Game(game.state)
    for g in (game, copy):
        g.apply(mc.Accept("Globbo"))
    assert facts_of(copy, "Globbo").items == facts_of(game, "Globbo").items == [("Boom", ("Mokia",))]
