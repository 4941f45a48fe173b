"""Launch a War, Resolving a War and the winner's intervention (megacorps/war.py)."""
from __future__ import annotations

import pytest

import megacorps as mc
from megacorps.state import WarFrame
from enginetools import THREE, assert_illegal


def test_war_needs_a_mercenary_and_a_country_not_controlled_and_never_a_neutral_place():
    game = mc.scenario(THREE, countries={"India": "Mokia"})
    assert not any(isinstance(a, mc.LaunchWar) for a in game.legal_actions("Mokia"))
    assert_illegal(game, mc.LaunchWar("Mokia", "Maghreb"), "no mercenaries")
    armed = mc.scenario(THREE, countries={"India": "Mokia"}, mercenaries={"Mokia": 1})
    targets = {a.country for a in armed.legal_actions("Mokia") if isinstance(a, mc.LaunchWar)}
    assert targets == set(armed.board.playable_countries) - {"India"}
    for neutral in ("Switzerland", "L-5", "Asteroid", "Open Source Software"):
        assert_illegal(armed, mc.LaunchWar("Mokia", neutral), "never be attacked")
    assert_illegal(armed, mc.LaunchWar("Mokia", "India"), "already controls India")


def test_war_ties_go_to_the_defender_and_the_defenders_other_countries_do_not_help():
    # Attacker: NAFTA Force 4 + 1 mercenary = 5. Defender: Maghreb Defense 2 + 3 mercenaries = 5.
    game = mc.scenario(THREE, countries={"NAFTA": "Mokia", "Maghreb": "Globbo", "China": "Globbo"},
                       mercenaries={"Mokia": 1, "Globbo": 3})
    game.apply(mc.LaunchWar("Mokia", "Maghreb"))
    assert game.controller("Maghreb") == "Globbo"
    assert game.mercenaries("Mokia") == 0 and game.mercenaries("Globbo") == 2


def test_war_attacker_adds_the_force_of_every_country_it_controls():
    # NAFTA 4 + India 3 + 1 mercenary = 8 against China's Defense 6 + 1 = 7.
    game = mc.scenario(THREE, countries={"NAFTA": "Mokia", "India": "Mokia", "China": "Globbo"},
                       mercenaries={"Mokia": 1, "Globbo": 1})
    game.apply(mc.LaunchWar("Mokia", "China"))
    assert game.controller("China") == "Mokia"
    assert game.mercenaries("Mokia") == 0 and game.mercenaries("Globbo") == 0  # equal: both removed


@pytest.mark.parametrize("attacking, defending, left_a, left_d", [
    (3, 0, 2, 0),   # only the attacker used mercenaries: it loses one
    (3, 1, 2, 0),   # the rulebook's example
    (1, 3, 0, 2),   # the smaller force is the attacker's
    (2, 2, 0, 0),   # equal forces: both removed
])
def test_war_losses(attacking, defending, left_a, left_d):
    game = mc.scenario(THREE, countries={"Mercosur": "Globbo"},
                       mercenaries={"Mokia": attacking, "Globbo": defending})
    game.apply(mc.LaunchWar("Mokia", "Mercosur"))
    assert game.mercenaries("Mokia") == left_a and game.mercenaries("Globbo") == left_d


def test_war_on_an_uncontrolled_country_lent_mercenaries_are_lost_and_no_intervention():
    game = mc.scenario(THREE, mercenaries={"Mokia": 3, "Nonintendo": 2},
                       companies={"Maghreb/Oil": "Globbo"})
    game.apply(mc.LaunchWar("Mokia", "Maghreb"))
    assert game.deciders == ["Nonintendo"]  # Globbo has no mercenaries and is not asked
    game.apply(mc.SupportWar("Nonintendo", "defender", 2))
    # 3 against Maghreb's 2 + 2 lent = 4: Maghreb holds; the smaller force (2 lent) is lost, the
    # attacker loses 2 as well.
    assert game.controller("Maghreb") is None
    assert game.mercenaries("Mokia") == 1 and game.mercenaries("Nonintendo") == 0
    assert game.deciders == ["Globbo"]  # no intervention step
    won = mc.scenario(THREE, mercenaries={"Mokia": 3}, companies={"Maghreb/Oil": "Globbo"})
    won.apply(mc.LaunchWar("Mokia", "Maghreb"))
    assert won.controller("Maghreb") == "Mokia"
    assert won.company_status("Maghreb/Oil") == "Globbo"  # no intervention after the war
    assert won.deciders == ["Globbo"]


def test_the_defender_who_wins_may_intervene_against_the_attackers_companies_there():
    game = mc.scenario(THREE, countries={"Caliphate": "Globbo"}, mercenaries={"Mokia": 1},
                       companies={"Caliphate/Oil": "Mokia", "Caliphate/Solar": "Nonintendo"})
    game.apply(mc.LaunchWar("Mokia", "Caliphate"))
    assert game.controller("Caliphate") == "Globbo"
    assert game.deciders == ["Globbo"]
    spoils = [a for a in game.legal_actions("Globbo") if isinstance(a, mc.Intervene)]
    assert spoils == [mc.Intervene("Globbo", "Caliphate/Oil")]  # only the loser's companies
    game.apply(mc.Intervene("Globbo", "Caliphate/Oil"))
    assert game.company_status("Caliphate/Oil") == "nationalized"  # a Dictatorship
    assert game.deciders == ["Globbo"]  # Mokia's war was its action; Globbo's turn now


def test_the_winner_may_decline_to_intervene_and_there_is_none_without_the_losers_companies():
    game = mc.scenario(THREE, countries={"Great Russia": "Globbo", "NAFTA": "Mokia"},
                       mercenaries={"Mokia": 2}, companies={"Great Russia/Oil": "Globbo"})
    game.apply(mc.LaunchWar("Mokia", "Great Russia"))
    assert game.controller("Great Russia") == "Mokia"
    game.apply(mc.Pass("Mokia"))
    assert game.company_status("Great Russia/Oil") == "Globbo"
    assert game.deciders == ["Globbo"]
    nothing = mc.scenario(THREE, countries={"Great Russia": "Globbo", "NAFTA": "Mokia"},
                          mercenaries={"Mokia": 2})
    nothing.apply(mc.LaunchWar("Mokia", "Great Russia"))
    assert nothing.deciders == ["Globbo"]


def test_the_winners_intervention_follows_the_government_kleptocracy_theft():
    game = mc.scenario(THREE, countries={"Great Russia": "Globbo", "NAFTA": "Mokia"},
                       mercenaries={"Mokia": 2}, companies={"Great Russia/Oil": "Globbo"})
    game.apply(mc.LaunchWar("Mokia", "Great Russia"))
    game.apply(mc.Intervene("Mokia", "Great Russia/Oil"))
    assert game.company_status("Great Russia/Oil") == "Mokia"


def test_a_war_on_a_country_the_attacker_comes_to_control_during_the_pause_is_not_fought():
    game = mc.scenario(THREE, countries={"ASEAN": "Globbo"}, mercenaries={"Mokia": 2, "Nonintendo": 1},
                       hands={"Nonintendo": ["Greedy Kleptocrats"]})
    game.apply(mc.LaunchWar("Mokia", "ASEAN"))
    game.apply(mc.PlayCard("Nonintendo", "Greedy Kleptocrats", "ASEAN"))  # interrupts the pause
    for corp, bid in (("Mokia", 5), ("Globbo", 1), ("Nonintendo", 0)):
        game.apply(mc.Bid(corp, bid))
    assert game.controller("ASEAN") == "Mokia"
    assert isinstance(game.state.top_frame, WarFrame) and game.deciders == ["Nonintendo"]
    game.apply(mc.StayOut("Nonintendo"))
    assert game.controller("ASEAN") == "Mokia" and game.mercenaries("Mokia") == 2  # no war, no losses
    assert "there is no war" in game.log[-1].text
    assert game.deciders == ["Globbo"]


def test_war_gifts_are_asked_of_every_other_corp_with_mercenaries_at_once():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo", "Windoze"], countries={"Mercosur": "Globbo"},
                       mercenaries={"Mokia": 1, "Globbo": 1, "Nonintendo": 2, "Lenogo": 0, "Windoze": 1})
    game.apply(mc.LaunchWar("Mokia", "Mercosur"))
    assert sorted(game.deciders) == ["Nonintendo", "Windoze"]  # not the two sides, not Lenogo
    game.apply(mc.SupportWar("Windoze", "defender", 1))  # answers come in any order
    assert game.mercenaries("Globbo") == 2
    game.apply(mc.SupportWar("Nonintendo", "attacker", 2))
    # Mokia 0 Force + 3 against Mercosur 3 + 2: Globbo holds; 2 < 3, both lose 2.
    assert game.controller("Mercosur") == "Globbo"
    assert game.mercenaries("Mokia") == 1 and game.mercenaries("Globbo") == 0


def test_attacker_who_gave_away_every_mercenary_during_the_pause_loses_none():
    """Losses: an attacker that traded away all its mercenaries during the war pause used none,
    so it cannot lose one (its count used to go to -1)."""
    game = mc.scenario(["Lenogo", "Nonintendo", "Globbo"],
                       countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"},
                       mercenaries={"Lenogo": 1, "Globbo": 1, "Nonintendo": 0})
    game.apply(mc.LaunchWar("Lenogo", "Japan"))
    game.apply(mc.OfferTrade("Lenogo", to="Globbo", give=mc.Bundle(mercenaries=1)))
    game.apply(mc.Accept("Globbo"))
    game.apply(mc.StayOut("Globbo"))
    assert game.controller("Japan") == "Nonintendo"
    assert game.mercenaries("Lenogo") == 0
    assert game.mercenaries("Globbo") == 2


def test_war_gifts_go_to_the_corps_at_war_as_things_stand_when_the_target_changes_hands():
    """Issue 7, item 2: an election during the war pause gives Japan to Globbo. Giving "to the
    defender" used to go to the former owner, the decision named it, and the new defender was
    asked as a bystander. Now Globbo defends, the former owner is a bystander, and the texts
    say so."""
    corps = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]
    game = mc.scenario(corps, countries={"Japan": "Nonintendo"}, companies={"NAFTA/Media": "Globbo"},
                       mercenaries={"Mokia": 3, "Globbo": 2, "Nonintendo": 1, "Lenogo": 1},
                       hands={"Lenogo": ["Elections"]})
    game.apply(mc.LaunchWar("Mokia", "Japan"))
    assert sorted(game.deciders) == ["Globbo", "Lenogo"]
    game.apply(mc.PlayCard("Lenogo", "Elections", "Japan"))
    game.apply(mc.Vote("Globbo", "Globbo"))
    assert game.controller("Japan") == "Globbo"
    assert isinstance(game.state.top_frame, WarFrame)
    assert sorted(game.deciders) == ["Lenogo", "Nonintendo"]  # the new defender is not a bystander
    assert "to Mokia or to Globbo" in game.decision
    assert_illegal(game, mc.StayOut("Globbo"), "not Globbo's decision")
    game.apply(mc.SupportWar("Lenogo", "defender", 1))
    assert game.mercenaries("Globbo") == 3 and game.mercenaries("Nonintendo") == 1
    assert "Lenogo gives 1 mercenary to Globbo" in game.log[-1].text
    game.apply(mc.StayOut("Nonintendo"))
    # Mokia 3 against Japan 4 + Globbo's 3: Globbo holds; both lose 3.
    assert game.controller("Japan") == "Globbo"
    assert game.mercenaries("Mokia") == 0 and game.mercenaries("Globbo") == 0
    assert "against Globbo 7" in " ".join(e.text for e in game.log[-3:])


def test_mercenaries_lent_to_an_uncontrolled_target_still_defend_it_when_it_gains_an_owner_in_the_pause():
    """Issue 7, item 2: mercenaries given to an uncontrolled country used to vanish without
    defending if the country gained an owner during the pause (here by an auction). They
    defend the country whoever holds it when the war is fought, and are lost after it (R23)."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"],
                       mercenaries={"Mokia": 3, "Nonintendo": 2, "Lenogo": 1},
                       companies={"African Federation/Metals": "Mokia"}, hands={"Lenogo": ["Greedy Kleptocrats"]})
    game.apply(mc.LaunchWar("Mokia", "African Federation"))
    game.apply(mc.SupportWar("Nonintendo", "defender", 2))  # lent to the uncontrolled country
    assert game.state.top_frame.lent_to_defender == 2 and game.deciders == ["Lenogo"]
    game.apply(mc.PlayCard("Lenogo", "Greedy Kleptocrats", "African Federation"))
    for corp, bid in (("Mokia", 0), ("Globbo", 5), ("Nonintendo", 0), ("Lenogo", 0)):
        game.apply(mc.Bid(corp, bid))
    assert game.controller("African Federation") == "Globbo"
    assert "to Mokia or to Globbo" in game.decision
    game.apply(mc.StayOut("Lenogo"))
    # Mokia 3 against Defense 2 + Globbo's 0 + the 2 lent: the defender holds. The smaller
    # force (the 2 lent) is removed and Mokia loses as many.
    assert game.controller("African Federation") == "Globbo"
    assert game.mercenaries("Mokia") == 1 and game.mercenaries("Globbo") == 0
    assert game.deciders == ["Globbo"]  # the defender won: it may intervene against Mokia there
    assert mc.Intervene("Globbo", "African Federation/Metals") in game.legal_actions("Globbo")


def test_mercenaries_given_to_a_war_are_listed_in_steps_and_any_number_held_is_accepted():
    game = mc.scenario(THREE, countries={"Mercosur": "Globbo"}, mercenaries={"Mokia": 1, "Nonintendo": 40})
    game.apply(mc.LaunchWar("Mokia", "Mercosur"))
    gifts = [a for a in game.legal_actions("Nonintendo") if isinstance(a, mc.SupportWar)]
    assert len(gifts) == 2 * 16 and mc.SupportWar("Nonintendo", "defender", 40) in gifts  # 1..10, 12 ... 40
    assert [(r.example.side, r.low, r.high) for r in game.ranges("Nonintendo")] == [
        ("attacker", 1, 40), ("defender", 1, 40)]
    assert_illegal(game, mc.SupportWar("Nonintendo", "attacker", 41), "Nonintendo has only 40 mercenaries")
    game.apply(mc.SupportWar("Nonintendo", "attacker", 13))
    assert game.controller("Mercosur") == "Mokia"


def test_war_outlook_tells_the_defender_what_the_war_gives_as_things_stand():
    # Maghreb: Mokia's NAFTA Force 4 + 3 mercenaries = 7 against Defense 2 + Globbo's 1 = 3;
    # Nonintendo (2 mercenaries) may still give them to either side.
    game = mc.scenario(THREE, countries={"NAFTA": "Mokia", "Maghreb": "Globbo"},
                       mercenaries={"Mokia": 3, "Globbo": 1, "Nonintendo": 2})
    assert mc.war_outlook(game.state) is None
    game.apply(mc.LaunchWar("Mokia", "Maghreb"))
    outlook = mc.war_outlook(game.state)
    assert (outlook.attacker, outlook.country, outlook.defender) == ("Mokia", "Maghreb", "Globbo")
    assert (outlook.attack, outlook.defense, outlook.defending_mercenaries) == (7, 3, 1)
    assert outlook.attacker_wins and (outlook.attacker_losses, outlook.defender_losses) == (1, 1)
    assert outlook.undecided == ("Nonintendo",) and outlook.undecided_mercenaries == 2
    # what the outlook said is what happens when nobody gives more
    game.apply(mc.StayOut("Nonintendo"))
    assert game.controller("Maghreb") == "Mokia"
    assert game.mercenaries("Mokia") == 2 and game.mercenaries("Globbo") == 0


def test_war_outlook_of_an_uncontrolled_country_counts_the_lent_mercenaries():
    game = mc.scenario(THREE, mercenaries={"Mokia": 3, "Nonintendo": 2, "Globbo": 1})
    game.apply(mc.LaunchWar("Mokia", "Maghreb"))
    game.apply(mc.SupportWar("Nonintendo", "defender", 2))
    outlook = mc.war_outlook(game.state)
    assert outlook.defender is None and (outlook.attack, outlook.defense) == (3, 4) and not outlook.attacker_wins
    assert outlook.defender_losses == 0 and outlook.undecided == ("Globbo",)
