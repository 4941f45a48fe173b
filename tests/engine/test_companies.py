"""Buying Companies and Antitrust (megacorps/companies.py)."""
from __future__ import annotations

import pytest

import megacorps as mc
from enginetools import THREE, assert_illegal, turn_choices


def test_buy_company_costs_4_and_only_unowned_existing_companies_are_for_sale():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo", "China/Metals": "nationalized"})
    buys = {a.company for a in game.legal_actions("Mokia") if isinstance(a, mc.BuyCompany)}
    assert "Mercosur/Oil" not in buys and "China/Metals" not in buys
    assert "Open Source Software/Software" not in buys
    assert "L-5/Nanotech" not in buys and "Asteroid/Metals" not in buys
    assert "Switzerland/Finance" in buys and "Maghreb/Oil" in buys
    assert_illegal(game, mc.BuyCompany("Mokia", "Mercosur/Oil"), "already belongs to Globbo")
    assert_illegal(game, mc.BuyCompany("Mokia", "China/Metals"), "Nationalized")
    assert_illegal(game, mc.BuyCompany("Mokia", "Open Source Software/Software"), "Syndicalized")
    assert_illegal(game, mc.BuyCompany("Mokia", "L-5/Nanotech"), "does not exist")
    assert_illegal(game, mc.BuyCompany("Mokia", "Atlantis/Oil"), "no company")
    game.apply(mc.BuyCompany("Mokia", "Maghreb/Oil"))
    assert game.company_status("Maghreb/Oil") == "Mokia" and game.money("Mokia") == 36
    assert game.deciders == ["Globbo"]


def test_buy_company_needs_4_euros():
    game = mc.scenario(THREE, money={"Mokia": 3})
    assert not any(isinstance(a, mc.BuyCompany) for a in game.legal_actions("Mokia"))
    assert_illegal(game, mc.BuyCompany("Mokia", "Maghreb/Oil"), "3 Euros")


@pytest.mark.parametrize("company, owned, controller, asks", [
    ("European Union/Aerospace", "Japan/Aerospace", "Mokia", "Mokia"),      # the rulebook case
    ("European Union/Aerospace", "Japan/Media", "Mokia", None),             # no other Aerospace
    ("European Union/Aerospace", "Japan/Aerospace", None, None),            # nobody controls the EU
    ("European Union/Aerospace", "Japan/Aerospace", "Nonintendo", None),    # the buyer controls it
    ("Switzerland/Finance", "NAFTA/Finance", None, None),                   # neutral: never protected
])
def test_antitrust_permission(company, owned, controller, asks):
    countries = {"Japan": "Mokia"}
    if controller is not None:
        countries["European Union"] = controller
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], companies={owned: "Nonintendo"}, countries=countries)
    game.apply(mc.BuyCompany("Nonintendo", company))
    if asks:
        assert game.deciders == [asks]
        assert game.company_status(company) == "unowned"
    else:
        assert game.company_status(company) == "Nonintendo"
        assert game.deciders == ["Mokia"]


def test_after_a_veto_the_buyer_may_only_buy_another_company_or_pass():
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo", "NAFTA/Biotech": "Nonintendo"},
                       mercenaries={"Nonintendo": 2})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    game.apply(mc.Veto("Mokia"))
    assert_illegal(game, mc.PayoutIndustry("Nonintendo", "Oil"), "must buy a different company or pass")
    # the question names who vetoed what (a newcomer saw only "its purchase was vetoed")
    assert game.decision == ("Nonintendo must buy a different company or pass: Mokia, who controls European "
                             "Union, vetoed its purchase of European Union/Aerospace.")
    assert_illegal(game, mc.LaunchWar("Nonintendo", "Maghreb"), "must buy")
    assert_illegal(game, mc.BuyMercenaries("Nonintendo", 0, False), "must buy")
    # A second vetoed purchase in the same turn: both stay excluded.
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Biotech"))
    game.apply(mc.Veto("Mokia"))
    buys = {a.company for a in turn_choices(game, "Nonintendo") if isinstance(a, mc.BuyCompany)}
    assert not {"European Union/Aerospace", "European Union/Biotech"} & buys

    game.apply(mc.Pass("Nonintendo"))
    assert game.deciders == ["Mokia"] and game.money("Nonintendo") == 40
    assert not game.state.must_buy and game.state.vetoed == []


def test_after_the_vetoer_leaves_the_question_still_says_the_purchase_was_vetoed():
    """The vetoer may leave the game while the buyer must buy again: the question said the purchase
    "could no longer go ahead", as if the company had gone; it is still barred this turn because it
    was vetoed (no one controls the country any more, so no one is named)."""
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo", "Lenogo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo", "NAFTA/Biotech": "Nonintendo"})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    game.apply(mc.Veto("Mokia"))
    game.apply(mc.LeaveGame("Mokia"))
    assert game.decision == ("Nonintendo must buy a different company or pass: its purchase of "
                             "European Union/Aerospace was vetoed.")
    buys = {a.company for a in turn_choices(game, "Nonintendo") if isinstance(a, mc.BuyCompany)}
    assert "European Union/Aerospace" not in buys and "European Union/Biotech" in buys


def test_a_permitted_purchase_that_became_impossible_meanwhile_commits_the_buyer_as_a_veto_does():
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo"}, money={"Nonintendo": 5})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    # While Mokia decides, Nonintendo gives money away (trades may come at any time).
    game.apply(mc.OfferTrade("Nonintendo", to="Globbo", give=mc.Bundle(money=2)))
    game.apply(mc.Accept("Globbo"))
    assert game.deciders == ["Mokia"]
    game.apply(mc.Permit("Mokia"))
    assert game.company_status("European Union/Aerospace") == "unowned" and game.money("Nonintendo") == 3
    assert turn_choices(game, "Nonintendo") == [mc.Pass("Nonintendo")]
    # permitted, so nobody vetoed it: the question says why the purchase did not happen
    assert game.decision == ("Nonintendo must buy a different company or pass: its purchase of "
                             "European Union/Aerospace could no longer go ahead.")


@pytest.mark.parametrize("winner, decider", [("Globbo", "Globbo"), ("Nonintendo", None)])
def test_a_veto_pending_when_the_country_changes_hands_is_decided_by_the_new_controller(winner, decider):
    """Antitrust is judged as things stand: if an election during the pending veto gives the
    country to another corp, that corp decides; if it gives it to the buyer, nobody does (the
    old controller used to keep the veto)."""
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo", "Japan/Media": "Nonintendo"},
                       hands={"Globbo": ["Elections"]})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    assert game.deciders == ["Mokia"]
    game.apply(mc.PlayCard("Globbo", "Elections", "European Union"))
    game.apply(mc.Vote("Nonintendo", winner))
    assert game.controller("European Union") == winner
    if decider:
        assert game.deciders == [decider]
        assert "Globbo controls European Union" in game.decision
        assert_illegal(game, mc.Veto("Mokia"), "not Mokia's decision")
        game.apply(mc.Veto("Globbo"))
        assert game.company_status("European Union/Aerospace") == "unowned"
    else:
        assert game.company_status("European Union/Aerospace") == "Nonintendo"
        assert game.money("Nonintendo") == 36 and game.deciders == ["Mokia"]


def test_a_veto_pending_when_permission_is_no_longer_needed_lets_the_purchase_through():
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo"})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    game.apply(mc.OfferTrade("Nonintendo", to="Globbo", give=mc.Bundle(companies=("Japan/Aerospace",))))
    game.apply(mc.Accept("Globbo"))  # Nonintendo owns no other Aerospace company now
    assert game.company_status("European Union/Aerospace") == "Nonintendo"
    assert game.deciders == ["Mokia"] and game.state.frames == []
