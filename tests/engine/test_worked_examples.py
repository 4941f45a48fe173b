"""The rulebook's worked examples, one named test each, set up with `mc.scenario` on the
default board and played through `game.apply` wherever the example involves a decision."""
from __future__ import annotations

import pytest

import megacorps as mc

NANOTECH_ON_EARTH = ["European Union/Nanotech", "Japan/Nanotech", "Great Russia/Nanotech",
                     "ASEAN/Nanotech"]


# --- Payout Industries: competitors and payments -------------------------------------------

def test_example_one_nanotech_one_owner_with_l5_absent_is_one_competitor_paying_40():
    game = mc.scenario(["Mokia", "Globbo", "The Mouse"],
                       companies={co: "The Mouse" for co in NANOTECH_ON_EARTH})
    assert game.company_status("L-5/Nanotech") == "absent"
    assert mc.competitors(game.state, "Nanotech") == 1
    assert mc.payout_amounts(game.state, "Nanotech") == {"The Mouse": 40}
    game.apply(mc.PayoutIndustry("Mokia", "Nanotech"))
    assert game.money("The Mouse") == 80
    assert game.money("Mokia") == 40 and game.money("Globbo") == 40
    assert game.paid_holder == "Mokia"


def test_example_one_changes_once_l5_exists_unowned():
    """The same holdings after the L-5 card: the unowned L-5 company is a second competitor."""
    game = mc.scenario(["Mokia", "Globbo", "The Mouse"], in_play=["L-5"],
                       companies={co: "The Mouse" for co in NANOTECH_ON_EARTH})
    assert mc.competitors(game.state, "Nanotech") == 2
    assert mc.payout_amounts(game.state, "Nanotech") == {"The Mouse": 4 * 8}


def test_example_two_aerospace_three_owners_is_three_competitors_paying_12_6_12():
    game = mc.scenario(["Mokia", "Nonintendo", "Windoze"], companies={
        "NAFTA/Aerospace": "Mokia", "European Union/Aerospace": "Mokia",
        "Japan/Aerospace": "Nonintendo",
        "China/Aerospace": "Windoze", "Great Russia/Aerospace": "Windoze"})
    assert mc.competitors(game.state, "Aerospace") == 3
    assert mc.payout_amounts(game.state, "Aerospace") == {"Mokia": 12, "Nonintendo": 6, "Windoze": 12}
    game.apply(mc.PayoutIndustry("Mokia", "Aerospace"))
    assert game.scores() == {"Mokia": 52, "Nonintendo": 46, "Windoze": 52}


@pytest.mark.parametrize("china", ["Lenogo", None, "Globbo"])
def test_example_three_finance_nationalized_company_and_the_controller_of_china(china):
    """Lenogo 2, Globbo 1, Switzerland unowned, China's company Nationalized. With Lenogo
    controlling China the nationalized company does not compete (3 competitors: 12 / 6); with
    China uncontrolled it does (4 competitors). With China held by Globbo, which also owns a
    Finance company, it does not compete either."""
    game = mc.scenario(["Lenogo", "Globbo", "Mokia"], countries={"China": china}, companies={
        "NAFTA/Finance": "Lenogo", "European Union/Finance": "Lenogo",
        "Caliphate/Finance": "Globbo", "China/Finance": "nationalized"})
    assert game.company_status("Switzerland/Finance") == "unowned"
    expected = 4 if china is None else 3
    assert mc.competitors(game.state, "Finance") == expected
    per = {3: 6, 4: 4}[expected]
    assert mc.payout_amounts(game.state, "Finance") == {"Lenogo": 2 * per, "Globbo": per}
    game.apply(mc.PayoutIndustry("Lenogo", "Finance"))
    assert game.money("Lenogo") == 40 + 2 * per and game.money("Globbo") == 40 + per
    assert game.money("Mokia") == 40


def test_example_three_nationalized_company_competes_if_chinas_controller_owns_no_finance():
    game = mc.scenario(["Lenogo", "Globbo", "Mokia"], countries={"China": "Mokia"}, companies={
        "NAFTA/Finance": "Lenogo", "European Union/Finance": "Lenogo",
        "Caliphate/Finance": "Globbo", "China/Finance": "nationalized"})
    assert mc.competitors(game.state, "Finance") == 4


# --- The footnotes of the payout table: Shortages and Oversupply --------------------------

def test_shortages_takes_a_one_owner_industry_to_zero_competitors_paying_12_each():
    game = mc.scenario(["Mokia", "Globbo", "The Mouse"], hands={"The Mouse": ["Shortages"]},
                       companies={co: "The Mouse" for co in NANOTECH_ON_EARTH})
    game.apply(mc.PayoutIndustry("Mokia", "Nanotech"))
    assert game.deciders == ["The Mouse"]  # the only corp holding a card is asked
    assert mc.PlayCard("The Mouse", "Shortages") in game.legal_actions("The Mouse")
    game.apply(mc.PlayCard("The Mouse", "Shortages"))
    assert game.money("The Mouse") == 40 + 4 * 12
    assert "Shortages" in game.state.discard and game.hand("The Mouse") == []
    assert mc.payout_amounts(game.state, "Nanotech", -1) == {"The Mouse": 48}


def test_oversupply_at_five_competitors_stays_five():
    game = mc.scenario(["Mokia", "Globbo", "Windoze"], hands={"Globbo": ["Oversupply"]},
                       companies={"NAFTA/Aerospace": "Mokia"})
    assert mc.competitors(game.state, "Aerospace") == 5
    assert mc.competitors(game.state, "Aerospace", +1) == 5
    game.apply(mc.PayoutIndustry("Mokia", "Aerospace"))
    game.apply(mc.PlayCard("Globbo", "Oversupply"))
    assert game.money("Mokia") == 40 + 3  # 5+ competitors pay 3
    assert any("5 competitors" in e.text for e in game.log)


# --- Antitrust ------------------------------------------------------------------------------

def antitrust_game() -> mc.Game:
    return mc.scenario(["Nonintendo", "Mokia", "Globbo"],
                       countries={"European Union": "Mokia", "Japan": "Nonintendo"},
                       companies={"Japan/Aerospace": "Nonintendo"})


def test_antitrust_example_mokia_may_veto_nonintendos_purchase_of_eu_aerospace():
    game = antitrust_game()
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    assert game.deciders == ["Mokia"]
    assert set(game.legal_actions("Mokia")) >= {mc.Permit("Mokia"), mc.Veto("Mokia")}
    assert game.money("Nonintendo") == 40  # nothing paid before the answer
    game.apply(mc.Veto("Mokia"))
    assert game.company_status("European Union/Aerospace") == "unowned"
    assert game.money("Nonintendo") == 40
    # Still Nonintendo's turn, committed to buying: another company or Pass, nothing else.
    assert game.deciders == ["Nonintendo"]
    choices = [a for a in game.legal_actions("Nonintendo") if not isinstance(a, (mc.PlayCard, mc.LeaveGame))]
    assert mc.Pass("Nonintendo") in choices
    assert mc.BuyCompany("Nonintendo", "European Union/Aerospace") not in choices
    assert {type(a) for a in choices} == {mc.BuyCompany, mc.Pass}
    with pytest.raises(mc.IllegalAction, match="vetoed"):
        game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    game.apply(mc.BuyCompany("Nonintendo", "Japan/Media"))
    assert game.company_status("Japan/Media") == "Nonintendo"
    assert game.money("Nonintendo") == 36
    assert game.deciders == ["Mokia"]  # Nonintendo's turn is over


def test_antitrust_example_mokia_permits_the_purchase():
    game = antitrust_game()
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    game.apply(mc.Permit("Mokia"))
    assert game.company_status("European Union/Aerospace") == "Nonintendo"
    assert game.money("Nonintendo") == 36
    assert game.deciders == ["Mokia"]


# --- Buying Mercenaries -------------------------------------------------------------------

def test_mercenary_purchase_example_nonintendo_spends_2_and_gains_3():
    """Defense: NAFTA unowned, China nationalized, Caliphate The Mouse, Maghreb Windoze, Great
    Russia Lenogo. Nonintendo buys two from the box, Lenogo refuses, Windoze asks 4 and is
    declined, The Mouse gives one for nothing."""
    game = mc.scenario(["Nonintendo", "Lenogo", "Windoze", "The Mouse"], companies={
        "China/Defense": "nationalized", "Caliphate/Defense": "The Mouse",
        "Maghreb/Defense": "Windoze", "Great Russia/Defense": "Lenogo"})
    assert game.company_status("NAFTA/Defense") == "unowned"
    assert mc.BuyMercenaries("Nonintendo", 3, True) not in game.legal_actions("Nonintendo")
    game.apply(mc.BuyMercenaries("Nonintendo", from_box=2, ask_owners=True))
    assert game.money("Nonintendo") == 38 and game.mercenaries("Nonintendo") == 2
    assert game.deciders == ["Lenogo"]
    game.apply(mc.OfferMercenaries("Lenogo", 0, 0))
    assert game.deciders == ["Windoze"]
    game.apply(mc.OfferMercenaries("Windoze", 1, 4))
    assert game.deciders == ["Nonintendo"]
    game.apply(mc.Decline("Nonintendo"))
    assert game.deciders == ["The Mouse"]
    game.apply(mc.OfferMercenaries("The Mouse", 1, 0))
    game.apply(mc.Accept("Nonintendo"))
    assert game.money("Nonintendo") == 40 - 2
    assert game.mercenaries("Nonintendo") == 3
    assert {c: game.money(c) for c in ("Lenogo", "Windoze", "The Mouse")} == {
        "Lenogo": 40, "Windoze": 40, "The Mouse": 40}
    assert game.deciders == ["Lenogo"]  # the deal is done and the turn passes on


# --- Launch a War -----------------------------------------------------------------------------

def test_war_example_lenogo_takes_japan_with_globbos_gift_and_loses_one_mercenary():
    game = mc.scenario(["Lenogo", "Nonintendo", "Globbo"],
                       countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"},
                       companies={"Japan/Media": "Nonintendo", "Japan/Robotics": "Nonintendo"},
                       mercenaries={"Lenogo": 2, "Globbo": 1, "Nonintendo": 0})
    assert game.board.country_by_name["Great Russia"].force == 2
    assert game.board.country_by_name["Japan"].defense == 4
    game.apply(mc.LaunchWar("Lenogo", "Japan"))
    assert game.deciders == ["Globbo"]  # the pause: only a corp with mercenaries is asked
    game.apply(mc.SupportWar("Globbo", "attacker", 1))
    assert any("Lenogo 5 against Nonintendo 4" in e.text for e in game.log)
    assert game.controller("Japan") == "Lenogo"
    assert game.mercenaries("Lenogo") == 3 - 1  # the attacker always loses one
    assert game.mercenaries("Globbo") == 0
    # Lenogo may now make Nonintendo divest one company it owns in Japan (a Democracy).
    assert game.deciders == ["Lenogo"]
    assert set(game.legal_actions("Lenogo")) >= {
        mc.Intervene("Lenogo", "Japan/Media"), mc.Intervene("Lenogo", "Japan/Robotics"), mc.Pass("Lenogo")}
    game.apply(mc.Intervene("Lenogo", "Japan/Media"))
    assert game.company_status("Japan/Media") == "unowned"
    assert game.company_status("Japan/Robotics") == "Nonintendo"
    assert game.money("Nonintendo") == 44
    assert game.deciders == ["Nonintendo"]  # the war was Lenogo's action; Nonintendo is next


def test_three_against_one_mercenaries_both_sides_lose_one():
    """Losses: A used 3 mercenaries, B used 1: B loses its 1 and A loses 1 too, whatever the
    Force and Defense values and whoever wins."""
    for attacker_force_country, attacker_wins in ((None, False), ("NAFTA", True)):
        countries = {"Mercosur": "Globbo"}
        if attacker_force_country:
            countries[attacker_force_country] = "Mokia"
        game = mc.scenario(["Mokia", "Globbo", "Windoze"], countries=countries,
                           mercenaries={"Mokia": 3, "Globbo": 1})
        game.apply(mc.LaunchWar("Mokia", "Mercosur"))
        assert game.controller("Mercosur") == ("Mokia" if attacker_wins else "Globbo")
        assert game.mercenaries("Mokia") == 2
        assert game.mercenaries("Globbo") == 0
