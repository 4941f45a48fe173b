"""Payout Industries, the Paid card, and the Oversupply / Shortages window (megacorps/payouts.py)."""
from __future__ import annotations

import pytest

import megacorps as mc
from enginetools import THREE, assert_illegal, no_cards


def test_the_paid_card():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo"}, deck=["Boom"] * 1 + ["Revolution"])
    assert game.paid_holder is None
    game.apply(mc.PayoutIndustry("Mokia", "Oil"))
    assert game.paid_holder == "Mokia"
    game.apply(mc.Pass("Globbo"))
    game.apply(mc.Pass("Nonintendo"))
    # Round 2 begins with Globbo; Mokia holds Paid and may never choose the action.
    game.apply(mc.PayoutIndustry("Globbo", "Oil"))
    no_cards(game)  # Globbo drew a card, so it is asked about Oversupply / Shortages
    assert game.paid_holder == "Globbo"
    game.apply(mc.Pass("Nonintendo"))
    assert mc.PayoutIndustry("Mokia", "Oil") not in game.legal_actions("Mokia")
    game.apply(mc.Pass("Mokia"))
    # Round 3 (Nonintendo active): Globbo holds Paid, Mokia is free again.
    game.apply(mc.Pass("Nonintendo"))
    assert mc.PayoutIndustry("Mokia", "Oil") in game.legal_actions("Mokia")
    game.apply(mc.Pass("Mokia"))
    assert_illegal(game, mc.PayoutIndustry("Globbo", "Oil"), "Globbo holds the Paid card")


def test_boom_pays_out_without_moving_paid_or_using_the_rounds_payout():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo"}, hands={"Globbo": ["Boom", "Boom"]},
                       paid="Nonintendo")
    game.apply(mc.PlayCard("Globbo", "Boom", "Oil"))
    no_cards(game)
    assert game.money("Globbo") == 43  # Oil: Globbo + 4 unowned = 5 competitors: 3
    assert game.paid_holder == "Nonintendo"
    assert not game.state.payout_taken
    assert mc.PayoutIndustry("Mokia", "Oil") in game.legal_actions("Mokia")
    # The holder of Paid may still trigger payouts with cards.
    game2 = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo"}, hands={"Globbo": ["Boom"]}, paid="Globbo")
    game2.apply(mc.PlayCard("Globbo", "Boom", "Oil"))
    assert game2.money("Globbo") == 43 and game2.paid_holder == "Globbo"


@pytest.mark.parametrize("plays, modifier", [
    ([("Globbo", "Oversupply")], +1),
    ([("Globbo", "Shortages")], -1),
    ([("Globbo", "Oversupply"), ("Mokia", "Shortages")], 0),
    ([("Globbo", "Shortages"), ("Nonintendo", "Oversupply")], 0),
    ([("Globbo", "Shortages"), ("Nonintendo", "Oversupply"), ("Mokia", "Shortages")], -1),
])
def test_oversupply_and_shortages_alternate_and_cancel(plays, modifier):
    # Aerospace with three competitors: Mokia 2, Globbo 1, Nonintendo 2.
    holdings = {"NAFTA/Aerospace": "Mokia", "European Union/Aerospace": "Mokia", "Japan/Aerospace": "Globbo",
                "China/Aerospace": "Nonintendo", "Great Russia/Aerospace": "Nonintendo"}
    game = mc.scenario(THREE, companies=holdings, hands={
        "Mokia": ["Shortages"], "Globbo": ["Oversupply", "Shortages"], "Nonintendo": ["Oversupply"]})
    game.apply(mc.PayoutIndustry("Mokia", "Aerospace"))
    assert sorted(game.deciders) == sorted(THREE)  # every card holder, the caller included
    last = None
    for corp, card in plays:
        if last is not None:  # the card just played cannot be answered by another of its kind
            for other in game.deciders:
                assert mc.PlayCard(other, last) not in game.legal_actions(other)
                if last in game.hand(other):
                    assert_illegal(game, mc.PlayCard(other, last), last)
        game.apply(mc.PlayCard(corp, card))
        assert corp not in game.deciders  # the corp that just played is not asked again
        last = card
    no_cards(game)
    per = {2: 8, 3: 6, 4: 4}[3 + modifier]
    assert game.money("Mokia") == 40 + 2 * per and game.money("Globbo") == 40 + per
    assert game.money("Nonintendo") == 40 + 2 * per


def test_only_oversupply_and_shortages_during_a_payout_and_every_card_holder_is_asked():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Mokia"},
                       hands={"Globbo": ["Boom", "Elections"], "Nonintendo": ["Oversupply"]})
    game.apply(mc.PayoutIndustry("Mokia", "Oil"))
    assert sorted(game.deciders) == ["Globbo", "Nonintendo"]  # Mokia holds no card: not asked
    assert game.legal_actions("Globbo") == [mc.NoCard("Globbo")]
    assert_illegal(game, mc.PlayCard("Globbo", "Boom", "Oil"), "no other card")
    assert_illegal(game, mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=1)), "no trade")
    game.apply(mc.NoCard("Globbo"))
    assert game.deciders == ["Nonintendo"]
    game.apply(mc.NoCard("Nonintendo"))
    assert game.money("Mokia") == 43 and game.paid_holder == "Mokia"


def test_payout_cards_cannot_be_played_outside_a_payout():
    game = mc.scenario(THREE, hands={"Globbo": ["Oversupply"]})
    assert not any(isinstance(a, mc.PlayCard) for a in game.legal_actions("Globbo"))
    assert_illegal(game, mc.PlayCard("Globbo", "Oversupply"), "only be played while an industry pays out")


def test_shortages_reaches_zero_competitors_only_when_one_corp_owns_every_company_of_the_industry():
    """Issue 7, item 4 (the payout table's footnote): Lenogo owns four Finance companies and the
    fifth is nationalized in China, which Lenogo controls: one competitor. Shortages used to take
    that to zero (12 a company); zero needs every existing company owned by one corp, so it
    stays at one (10 a company)."""
    finance = {"NAFTA/Finance": "Lenogo", "European Union/Finance": "Lenogo", "Caliphate/Finance": "Lenogo",
               "Switzerland/Finance": "Lenogo", "China/Finance": "nationalized"}
    game = mc.scenario(["Lenogo", "Globbo", "Mokia"], countries={"China": "Lenogo"}, companies=finance,
                       hands={"Globbo": ["Shortages"]})
    assert mc.competitors(game.state, "Finance") == 1
    assert mc.competitors(game.state, "Finance", -1) == 1
    game.apply(mc.PayoutIndustry("Lenogo", "Finance"))
    game.apply(mc.PlayCard("Globbo", "Shortages"))
    assert game.money("Lenogo") == 40 + 4 * 10
    every = mc.scenario(["Lenogo", "Globbo", "Mokia"], companies={**finance, "China/Finance": "Lenogo"})
    assert mc.competitors(every.state, "Finance", -1) == 0
    assert mc.payout_amounts(every.state, "Finance", -1) == {"Lenogo": 5 * 12}


def test_a_payout_cards_log_line_gives_the_count_of_competitors_it_leaves():
    """Shortages then Oversupply: the second card cancels the first, and its line said
    "competitors +0" while the count went from 2 back to 3."""
    holdings = {"NAFTA/Aerospace": "Mokia", "European Union/Aerospace": "Mokia", "Japan/Aerospace": "Globbo",
                "China/Aerospace": "Nonintendo", "Great Russia/Aerospace": "Nonintendo"}
    game = mc.scenario(THREE, companies=holdings, hands={"Globbo": ["Shortages"], "Nonintendo": ["Oversupply"]})
    game.apply(mc.PayoutIndustry("Mokia", "Aerospace"))
    game.apply(mc.PlayCard("Globbo", "Shortages"))
    game.apply(mc.PlayCard("Nonintendo", "Oversupply"))
    lines = [e.text for e in game.log if " plays " in e.text]
    assert lines == ["Globbo plays Shortages on the Aerospace payout: 2 competitors instead of 3",
                     "Nonintendo plays Oversupply on the Aerospace payout, cancelling Shortages: "
                     "3 competitors instead of 2"]
    # one competitor is one
    lone = mc.scenario(THREE, companies={"NAFTA/Aerospace": "Mokia", "European Union/Aerospace": "Mokia",
                                         "Japan/Aerospace": "Globbo", "China/Aerospace": "Globbo",
                                         "Great Russia/Aerospace": "Globbo"}, hands={"Nonintendo": ["Shortages"]})
    lone.apply(mc.PayoutIndustry("Mokia", "Aerospace"))
    lone.apply(mc.PlayCard("Nonintendo", "Shortages"))
    assert [e.text for e in lone.log if " plays " in e.text] == [
        "Nonintendo plays Shortages on the Aerospace payout: 1 competitor instead of 2"]


def test_whether_a_payout_card_would_change_what_anyone_earns():
    # three competitors (Mokia, Globbo, Nonintendo own all five): either card changes the money
    holdings = {"NAFTA/Aerospace": "Mokia", "European Union/Aerospace": "Mokia", "Japan/Aerospace": "Globbo",
                "China/Aerospace": "Nonintendo", "Great Russia/Aerospace": "Nonintendo"}
    game = mc.scenario(THREE, companies=holdings, hands={"Globbo": ["Oversupply"], "Nonintendo": ["Shortages"]})
    with pytest.raises(ValueError, match="no payout"):
        mc.card_changes_payout(game.state, "Oversupply")
    game.apply(mc.PayoutIndustry("Mokia", "Aerospace"))
    assert mc.card_changes_payout(game.state, "Oversupply") and mc.card_changes_payout(game.state, "Shortages")
    # five competitors (four unowned, one owner): five or more stays five, Oversupply changes nothing
    crowded = mc.scenario(THREE, companies={"NAFTA/Aerospace": "Mokia"}, hands={"Globbo": ["Oversupply"]})
    crowded.apply(mc.PayoutIndustry("Mokia", "Aerospace"))
    assert not mc.card_changes_payout(crowded.state, "Oversupply")
    assert mc.card_changes_payout(crowded.state, "Shortages")
