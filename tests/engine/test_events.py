"""Event Cards: targets, effects, and playing a card at any time (megacorps/events.py, flow.py)."""
from __future__ import annotations

import pytest

import megacorps as mc
from megacorps.state import WarFrame
from enginetools import THREE, card_targets


def test_every_card_of_the_default_deck_is_tested_here():
    tested = {"Oversupply", "Shortages", "Clone Soldiers", "Greedy Kleptocrats", "Elections",
              "Vote of No Confidence", "Wikisyndicalism", "L-5", "Asteroid", "Boom", "Military Coup",
              "Revolution", "Corruption Scandal", "General Strike", "Privatization"}
    assert set(mc.load_deck().card_by_name) == tested


@pytest.mark.parametrize("card, allowed, changed, government", [
    ("Wikisyndicalism", "Democracy", "India", "Wikisyndicalism"),
    ("Military Coup", "not Dictatorship", "India", "Dictatorship"),
    ("Revolution", "Dictatorship Kleptocracy", "China", "Democracy"),
    ("Corruption Scandal", "Democracy", "Japan", "Kleptocracy"),
])
def test_government_changing_cards(card, allowed, changed, government):
    game = mc.scenario(THREE, hands={"Globbo": [card]})
    govs = game.state.governments
    if allowed == "not Dictatorship":
        expected = {c for c, g in govs.items() if g.value != "Dictatorship"}
    else:
        expected = {c for c, g in govs.items() if g.value in allowed.split()}
    assert card_targets(game, "Globbo", card) == expected
    game.apply(mc.PlayCard("Globbo", card, changed))
    assert game.government(changed) == government
    assert card in game.state.discard and game.hand("Globbo") == []
    assert game.deciders == ["Mokia"]  # played out of turn; Mokia still to act


def test_a_change_of_government_leaves_the_markers_already_placed():
    game = mc.scenario(THREE, hands={"Globbo": ["Revolution"]}, countries={"China": "Mokia"},
                       companies={"China/Finance": "nationalized", "China/Metals": "Nonintendo"})
    game.apply(mc.PlayCard("Globbo", "Revolution", "China"))
    assert game.government("China") == "Democracy" and game.controller("China") == "Mokia"
    assert game.company_status("China/Finance") == "nationalized"
    assert game.company_status("China/Metals") == "Nonintendo"
    # Only later interventions follow the new government: now a forced sale, not nationalization.
    game.apply(mc.Intervene("Mokia", "China/Metals"))
    assert game.company_status("China/Metals") == "unowned" and game.money("Nonintendo") == 44


def test_military_coup_on_a_wikisyndicalism_and_revolution_leaves_wikisyndicalism_alone():
    game = mc.scenario(THREE, governments={"India": "Wikisyndicalism"},
                       hands={"Globbo": ["Military Coup", "Revolution"]})
    assert "India" not in card_targets(game, "Globbo", "Revolution")
    game.apply(mc.PlayCard("Globbo", "Military Coup", "India"))
    assert game.government("India") == "Dictatorship"


def test_l5_and_asteroid_bring_their_companies_into_existence():
    game = mc.scenario(THREE, hands={"Globbo": ["L-5", "Asteroid"]},
                       companies={"European Union/Nanotech": "Mokia"})
    assert mc.competitors(game.state, "Nanotech") == 4
    game.apply(mc.PlayCard("Globbo", "L-5"))
    assert game.company_status("L-5/Nanotech") == "unowned"
    assert mc.competitors(game.state, "Nanotech") == 5
    game.apply(mc.PlayCard("Globbo", "Asteroid"))
    assert game.company_status("Asteroid/Metals") == "unowned"
    game.apply(mc.BuyCompany("Mokia", "L-5/Nanotech"))  # no antitrust in a neutral place
    assert game.company_status("L-5/Nanotech") == "Mokia"


def test_general_strike_syndicalizes_an_owned_company_outside_the_neutral_places():
    game = mc.scenario(THREE, hands={"Nonintendo": ["General Strike"]},
                       companies={"India/Solar": "Globbo", "Switzerland/Finance": "Globbo",
                                  "Caliphate/Oil": "nationalized", "Mercosur/Oil": "Nonintendo"})
    assert card_targets(game, "Nonintendo", "General Strike") == {"India/Solar", "Mercosur/Oil"}
    game.apply(mc.PlayCard("Nonintendo", "General Strike", "India/Solar"))
    assert game.company_status("India/Solar") == "syndicalized"
    assert game.money("Globbo") == 44
    # A syndicalized company counts as a competitor even for the country's controller.
    assert mc.competitors(game.state, "Solar") == 5


def test_privatization_makes_a_nationalized_company_unowned():
    game = mc.scenario(THREE, hands={"Nonintendo": ["Privatization"]},
                       companies={"Caliphate/Oil": "nationalized", "Maghreb/Oil": "nationalized",
                                  "Mercosur/Oil": "Globbo"})
    assert card_targets(game, "Nonintendo", "Privatization") == {"Caliphate/Oil", "Maghreb/Oil"}
    game.apply(mc.PlayCard("Nonintendo", "Privatization", "Caliphate/Oil"))
    assert game.company_status("Caliphate/Oil") == "unowned"
    game.apply(mc.BuyCompany("Mokia", "Caliphate/Oil"))
    assert game.company_status("Caliphate/Oil") == "Mokia"


def test_boom_any_industry_pays_out_at_once():
    game = mc.scenario(THREE, hands={"Nonintendo": ["Boom"]},
                       companies={"Mercosur/Oil": "Globbo", "Caliphate/Oil": "Globbo", "Maghreb/Oil": "Mokia"})
    assert card_targets(game, "Nonintendo", "Boom") == set(game.board.industries)
    game.apply(mc.PlayCard("Nonintendo", "Boom", "Oil"))
    # Oil: Globbo, Mokia + Great Russia and ASEAN unowned = 4 competitors: 4 per company
    assert game.money("Globbo") == 48 and game.money("Mokia") == 44
    assert game.paid_holder is None


def test_a_card_interrupts_another_corps_turn_and_play_returns_to_it():
    game = mc.scenario(THREE, hands={"Nonintendo": ["Elections"]},
                       companies={"Japan/Media": "Nonintendo"}, countries={"Japan": "Mokia"})
    assert game.deciders == ["Mokia"]
    assert mc.PlayCard("Nonintendo", "Elections", "Japan") in game.legal_actions("Nonintendo")
    game.apply(mc.PlayCard("Nonintendo", "Elections", "Japan"))
    assert game.deciders == ["Nonintendo"]
    game.apply(mc.Vote("Nonintendo", "Nonintendo"))
    assert game.controller("Japan") == "Nonintendo"
    assert game.deciders == ["Mokia"] and game.state.to_act == THREE


def test_cards_may_interrupt_a_veto_and_the_war_pause():
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo"}, hands={"Globbo": ["Revolution"]})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    assert mc.PlayCard("Globbo", "Revolution", "China") in game.legal_actions("Globbo")
    game.apply(mc.PlayCard("Globbo", "Revolution", "China"))
    assert game.deciders == ["Mokia"] and game.government("China") == "Democracy"
    war = mc.scenario(THREE, mercenaries={"Mokia": 1, "Globbo": 1}, hands={"Nonintendo": ["Military Coup"]})
    war.apply(mc.LaunchWar("Mokia", "India"))
    assert isinstance(war.state.top_frame, WarFrame)
    war.apply(mc.PlayCard("Nonintendo", "Military Coup", "India"))
    assert isinstance(war.state.top_frame, WarFrame) and war.deciders == ["Globbo"]
