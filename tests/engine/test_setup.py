"""Setting Up, and positions built with `mc.scenario` (megacorps/setup.py)."""
from __future__ import annotations

import itertools
import re
from collections import Counter

import pytest

import megacorps as mc
from enginetools import THREE, assert_illegal

FIXED_START = {"Mokia": "European Union", "Globbo": "Mercosur", "Nonintendo": "Japan", "Lenogo": "China"}
DECK_SIZE = {3: 18, 4: 16, 5: 15, 6: 12}
SEATINGS = [list(c) for n in range(3, 7) for c in itertools.combinations(mc.CORPS, n)]


@pytest.mark.parametrize("corps", [["Mokia", "Globbo"], list(mc.CORPS) + ["Mokia"], ["Mokia", "Mokia", "Globbo"],
                                   ["Mokia", "Globbo", "Apple"]])
def test_setup_refuses_a_bad_list_of_corps(corps):
    with pytest.raises(ValueError):
        mc.new_game(corps, seed=1)


@pytest.mark.parametrize("corps", SEATINGS, ids=lambda c: "+".join(x[:3] for x in c))
def test_setup_for_every_seating(corps):
    """Fixed starting countries (uncontrolled without their corp), ASEAN and the African
    Federation to two different corps, cards by countries held, deck size by players, 40 Euros
    and one mercenary each, every one of the 21 cards somewhere."""
    seen_random_owners = set()
    for seed in range(12):
        game = mc.new_game(corps, seed=seed)
        state = game.state
        for corp, country in FIXED_START.items():
            assert game.controller(country) == (corp if corp in corps else None)
        asean, africa = game.controller("ASEAN"), game.controller("African Federation")
        assert asean in corps and africa in corps and asean != africa
        seen_random_owners |= {asean, africa}
        for country in ("NAFTA", "India", "Caliphate", "Maghreb", "Great Russia"):
            assert game.controller(country) is None
        for corp in corps:
            held = len(state.countries_of(corp))
            assert len(game.hand(corp)) == {0: 2, 1: 1}.get(held, 0)
            assert game.money(corp) == 40 and game.mercenaries(corp) == 1
            assert game.companies_of(corp) == []
        assert game.deck_size == DECK_SIZE[len(corps)]
        all_cards = state.deck + state.set_aside + [c for h in state.hands.values() for c in h]
        assert Counter(all_cards) == Counter(state.deck_spec.all_cards)
        assert state.phase == "setup" and game.active_corp in corps
        assert state.paid is None and state.discard == [] and state.in_play == []
    assert len(seen_random_owners) >= 3


@pytest.mark.parametrize("corps", SEATINGS, ids=lambda c: "+".join(x[:3] for x in c))
def test_the_21_cards_always_suffice(corps):
    """Whoever the cup gives ASEAN and the African Federation to, the starting hands plus the
    deck never need more than the 21 event cards."""
    board = mc.load_board()
    need_most = 0
    for asean, africa in itertools.permutations(corps, 2):
        held = Counter(FIXED_START[c] and c for c in corps if c in FIXED_START)
        held.update([asean, africa])
        hands = sum(board.starting_cards_by_countries[min(held[c], 2)] for c in corps)
        need_most = max(need_most, hands + board.deck_size_by_players[len(corps)])
    assert need_most <= len(mc.load_deck().all_cards) == 21


def test_setup_picks_two_rounds_clockwise_from_the_active_corp_free_and_without_antitrust():
    game = mc.new_game(["Mokia", "Globbo", "Nonintendo", "Lenogo"], seed=5)
    state = game.state
    order = state.corps_from(game.active_corp)
    assert order[0] == game.active_corp
    assert state.to_act == order + order
    first = order[0]
    # The first picker takes NAFTA's Aerospace, then, in the second round, the Aerospace company
    # of a country another corp controls: a purchase that would need permission, but not here.
    protected = next(f"{c}/Aerospace" for c in ("European Union", "Japan", "China")
                     if game.controller(c) not in (None, first))
    wanted = iter(["NAFTA/Aerospace", "NAFTA/Media", "European Union/Media", "Japan/Media",
                   protected, "India/Biotech", "Mercosur/Biotech", "ASEAN/Biotech"])
    for expected in order + order:
        assert game.deciders == [expected]
        assert all(isinstance(a, mc.PickCompany) for a in game.legal_actions(expected))
        for card in set(game.hand(expected)):  # no event cards during the picks
            assert_illegal(game, mc.PlayCard(expected, card), card)
        assert_illegal(game, mc.Pass(expected), "not one of the choices")
        assert_illegal(game, mc.BuyCompany(expected, "Maghreb/Oil"), "not one of the choices")
        game.apply(mc.PickCompany(expected, next(wanted)))
        assert game.state.frames == []
    assert game.company_status("NAFTA/Aerospace") == first and game.company_status(protected) == first
    assert game.state.phase == "rounds" and game.round == 1
    assert all(game.money(c) == 40 for c in order)
    assert all(len(game.companies_of(c)) == 2 for c in order)
    # The first round begins: the active corp drew a card and acts first.
    assert game.deciders == [game.active_corp]
    assert game.deck_size == 15


@pytest.mark.parametrize("position, fragment", [
    (dict(companies={"Atlantis/Oil": "Mokia"}), "unknown company 'Atlantis/Oil'"),
    (dict(companies={"Japan/Media": "Zed"}), "status 'Zed'"),
    (dict(companies={"Japan/Media": "absent"}), "status 'absent'"),
    (dict(countries={"Switzerland": "Mokia"}), "neutral places cannot be controlled"),
    (dict(countries={"Japan": "Zed"}), "unknown corp 'Zed'"),
    (dict(governments={"Japan": "Monarchy"}), "Monarchy"),
    (dict(governments={"Atlantis": "Democracy"}), "unknown country 'Atlantis'"),
    (dict(money={"Mokia": -1}), "cannot be negative"),
    (dict(mercenaries={"Zed": 1}), "unknown corp 'Zed'"),
    (dict(hands={"Mokia": ["Joker"]}), "unknown card 'Joker'"),
    (dict(paid="Zed"), "unknown corp 'Zed'"),
    (dict(deck=["Joker"]), "unknown card 'Joker'"),
    (dict(in_play=["Joker"]), "unknown card 'Joker'"),
])
def test_a_scenario_naming_something_unknown_is_refused(position, fragment):
    with pytest.raises(ValueError, match=re.escape(fragment)):
        mc.scenario(THREE, **position)


def test_scenario_accepts_cards_already_in_play():
    """`scenario(in_play=...)`: lasting cards stay in play, others are discarded, and neither is
    left in the deck (this used to crash with UnboundLocalError)."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], in_play=["Clone Soldiers", "L-5"])
    state = game.state
    assert state.in_play == ["Clone Soldiers"]
    assert state.discard == ["L-5"]
    assert "Clone Soldiers" not in state.deck and "L-5" not in state.deck
    assert len(state.deck) == 21 - 2
    assert game.company_status("L-5/Nanotech") == "unowned"


def test_scenario_defaults_are_as_documented():
    """`mc.scenario`: unspecified means unowned, uncontrolled, the board's governments, 40 Euros,
    0 mercenaries (it used to give the 1 mercenary of a new game), empty hands."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"])
    state = game.state
    assert state.mercenaries == {"Mokia": 0, "Globbo": 0, "Nonintendo": 0}
    assert state.money == {"Mokia": 40, "Globbo": 40, "Nonintendo": 40}
    assert all(h == [] for h in state.hands.values())
    assert set(state.controllers.values()) == {None}
    assert game.government("China") == "Dictatorship"
    assert game.company_status("L-5/Nanotech") == "absent"
    assert game.company_status("Open Source Software/Software") == "syndicalized"
    assert len(state.deck) == 21 and state.to_act == ["Mokia", "Globbo", "Nonintendo"]
