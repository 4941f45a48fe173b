"""Cards and decks as data files: the format, the construction rules (notes §1.1, T1) and the
errors naming the bad entry."""
import json

import pytest

from megacorps.errors import BadDataFile
from megacorps.tcg.cards import (DATA, DECK_NAMES, VERBS, DeckFile, check_deck, parse_cards, parse_deck,
                                 sample_deck, sample_pool)


def test_every_shipped_card_is_marked_a_sample_and_labelled_so():
    pool = sample_pool()
    assert len(pool.cards) >= 80
    for card in pool.cards.values():
        assert card.sample
        assert "sample card, not official" in card.label()


def test_the_three_sample_decks_are_legal_and_cover_the_pool():
    pool = sample_pool()
    used = set()
    for name in DECK_NAMES:
        deck = sample_deck(name)
        assert sum(deck.resource.values()) == 20 and sum(deck.main.values()) == 40
        used |= set(deck.resource) | set(deck.main) | {deck.company, deck.founder}
    sample_ids = {c for c in pool.cards if not c.startswith("X")}
    assert sample_ids <= used


def test_every_glossary_keyword_appears_on_some_sample_card():
    from megacorps.tcg.cards import KEYWORDS
    found = {k.kw for c in sample_pool().cards.values() for k in c.keywords}
    found |= {k.kw for c in sample_pool().cards.values() for s in c.statics for k in s.keywords}
    found |= {k.kw for c in sample_pool().cards.values() for e in c.effects if e.verb == "modify" for k in e.keywords}
    assert KEYWORDS <= found, KEYWORDS - found


def _deck(resource, main):
    return DeckFile(format="megacorp-tcg-deck", version=1, name="t", company="CI", founder="FI",
                    resource=resource, main=main)


def test_T1_deck_construction_limits():
    pool = sample_pool()
    check_deck(_deck({"X1": 14, "X2": 6}, {c: 4 for c in ["I1", "I2", "I3", "I4", "I5", "I6", "I7", "I9", "I10", "I11"]}), pool)
    five = {c: 4 for c in ["I1", "I2", "I3", "I4", "I5", "I6", "I7", "I9", "I10"]} | {"I11": 5 - 1, "I12": 1}
    five["I1"] = 5
    five["I11"] = 2
    assert sum(five.values()) == 40
    with pytest.raises(BadDataFile, match=r"main\.I1: 5 copies"):
        check_deck(_deck({"X1": 14, "X2": 6}, five), pool)
    short = {c: 4 for c in ["I1", "I2", "I3", "I4", "I5", "I6", "I7", "I9", "I10"]} | {"I11": 3}
    assert sum(short.values()) == 39
    with pytest.raises(BadDataFile, match=r"entry main: 39 cards"):
        check_deck(_deck({"X1": 14, "X2": 6}, short), pool)
    with pytest.raises(BadDataFile, match=r"entry resource: 19 cards"):
        check_deck(_deck({"X1": 13, "X2": 6}, {c: 4 for c in ["I1", "I2", "I3", "I4", "I5", "I6", "I7", "I9", "I10", "I11"]}), pool)


def test_a_resource_card_in_the_main_deck_is_named():
    text = json.loads((DATA / "decks" / "incarnes.json").read_text())
    text["main"]["RN1"] = 1
    with pytest.raises(BadDataFile, match=r"main\.RN1: Bargain Hunters belongs to the resource deck"):
        parse_deck(json.dumps(text), sample_pool())


def test_an_unknown_card_in_a_deck_is_named():
    text = json.loads((DATA / "decks" / "gnosts.json").read_text())
    text["founder"] = "NOPE"
    with pytest.raises(BadDataFile, match=r"entry founder: no card 'NOPE'"):
        parse_deck(json.dumps(text), sample_pool())


def _one_card_file(**changes):
    data = json.loads((DATA / "sample_pool.json").read_text())
    data["cards"] = data["cards"][:5]
    data["cards"][3].update(changes)
    return json.dumps(data)


def test_a_bad_card_names_its_entry():
    with pytest.raises(BadDataFile, match=r"cards\[3\] \(id 'FI'\)\.keywords\[2\]"):
        parse_cards(_one_card_file(keywords=[{"kw": "UNIQUE"}, {"kw": "OVERWATCH"}, {"kw": "FLYING"}]))
    with pytest.raises(BadDataFile, match=r"cards\[3\] \(id 'FI'\)\.abilities\[0\]\.effects\[0\]"):
        parse_cards(_one_card_file(abilities=[{"effects": [{"verb": "teleport"}]}]))
    with pytest.raises(BadDataFile, match=r"cards\[3\].*ZONE ATTACK takes a trait and a size"):
        parse_cards(_one_card_file(keywords=[{"kw": "ZONE ATTACK", "param": "QC big"}]))
    with pytest.raises(BadDataFile, match=r"same tag twice"):
        parse_cards(_one_card_file(tags=["Cyborg", "cyborg"]))
    with pytest.raises(BadDataFile, match=r"not valid JSON"):
        parse_cards("{oops")


def test_duplicate_ids_are_named():
    data = json.loads((DATA / "sample_pool.json").read_text())
    data["cards"] = data["cards"][:3] + [data["cards"][1]]
    with pytest.raises(BadDataFile, match=r"entry 'CC': two cards have this id"):
        parse_cards(json.dumps(data))


def test_the_effect_verbs_cover_the_issue_list():
    for verb in ("deal_damage", "gain_money", "lose_money", "engage", "draw", "search", "bond",
                 "unbond_redeploy", "cancel", "annihilate", "destroy", "modify"):
        assert verb in VERBS


def test_an_effect_without_the_target_it_needs_is_named():
    with pytest.raises(BadDataFile, match=r"cards\[3\] \(id 'FI'\)\.abilities\[0\].*move\) acts on a target of kind empty_slot"):
        parse_cards(_one_card_file(abilities=[{"target": {"kind": "card"}, "effects": [{"verb": "move"}]}]))
    with pytest.raises(BadDataFile, match=r"deal_damage\) acts on a target of kind card; the card's target is missing"):
        parse_cards(_one_card_file(abilities=[{"effects": [{"verb": "deal_damage", "trait": "QI", "amount": 1}]}]))
    with pytest.raises(BadDataFile, match=r"cannot take a target"):
        parse_cards(_one_card_file(triggers=[{"when": "start_of_turn", "effects": [{"verb": "destroy"}]}]))


def test_a_players_own_card_and_deck_play_without_python():
    from megacorps import tcg
    mine = {"id": "MY1", "name": "Night Courier", "deck": "main", "type": "character", "value": 2,
            "traits": {"QI": 1, "QC": 2}, "keywords": [{"kw": "FLIGHT"}],
            "abilities": [{"cost": {"engage_self": True}, "target": {"kind": "card"},
                           "effects": [{"verb": "deal_damage", "trait": "QC", "amount": 1}]}]}
    deck = json.loads((DATA / "decks" / "incarnes.json").read_text())
    deck["main"] = {"MY1": 4, **{k: v for k, v in deck["main"].items() if k != "I1"}}
    g = tcg.new_game(["Ana", "Nick"], seed=3, options={"decks": [deck, "gnosts"], "extra_cards": [mine]})
    assert sum(g.state.cards[u].card.id == "MY1" for u in g.state.players["Ana"].main + g.state.players["Ana"].hand) == 4
    with pytest.raises(ValueError, match=r"option decks\[0\].*main\.MY1: 5 copies"):
        tcg.new_game(["Ana", "Nick"], options={"decks": [dict(deck, main={**deck["main"], "MY1": 5}), "gnosts"],
                                               "extra_cards": [mine]})


def test_a_game_with_own_cards_and_deck_saves_and_loads():
    from megacorps import tcg
    from megacorps.tcg import Pass
    mine = {"id": "MY1", "name": "Night Courier", "deck": "main", "type": "character", "value": 2,
            "traits": {"QI": 1, "QC": 2}}
    deck = json.loads((DATA / "decks" / "incarnes.json").read_text())
    deck["main"] = {"MY1": 4, **{k: v for k, v in deck["main"].items() if k != "I1"}}
    g = tcg.new_game(["Ana", "Nick"], seed=3, options={"decks": [deck, "gnosts"], "extra_cards": [mine]})
    for _ in range(40):
        acts = g.legal_actions(g.deciders[0])
        g.apply(next((a for a in acts if not isinstance(a, Pass)), acts[0]))
    again = tcg.Game.from_json(g.to_json())
    assert again.to_json() == g.to_json() and again.view("Ana") == g.view("Ana")
