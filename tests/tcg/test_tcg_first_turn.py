"""The sample pool's companies stand up to a first turn: in 99 opening hands of 100, no deck can
put as much damage in one trait on a rival company as that company's score (blockers ignored)."""
from megacorps.tcg.balance import first_turn_reach, percentile
from megacorps.tcg.cards import DECK_NAMES, sample_deck, sample_pool


def test_no_first_turn_kill_in_99_hands_of_100():
    pool = sample_pool()
    for deck in DECK_NAMES:
        rivals = [pool[sample_deck(d).company] for d in DECK_NAMES if d != deck]
        for trait, reach in first_turn_reach(deck, trials=1000).items():
            assert percentile(reach, 0.99) < min(c.traits[trait] for c in rivals), (deck, trait)


def test_the_reach_counts_the_founder_and_what_the_money_buys():
    reach = first_turn_reach("gnosts", trials=200)
    founder = sample_pool()[sample_deck("gnosts").founder]
    assert min(reach["QM"]) >= founder.traits["QM"]          # the founder always attacks
    assert max(reach["QM"]) > founder.traits["QM"]           # and some hands add characters
    assert first_turn_reach("gnosts", trials=200, money=0)["QM"] == [founder.traits["QM"]] * 200
