"""Buying Mercenaries and Clone Soldiers (megacorps/mercenaries.py)."""
from __future__ import annotations


import megacorps as mc
from enginetools import THREE, assert_illegal


def test_mercenaries_free_from_own_defense_companies_and_one_euro_each_from_the_box():
    game = mc.scenario(THREE, companies={"NAFTA/Defense": "Mokia", "China/Defense": "Mokia",
                                         "Caliphate/Defense": "nationalized", "Maghreb/Defense": "Globbo"},
                       money={"Mokia": 1})
    box = {a.from_box for a in game.legal_actions("Mokia") if isinstance(a, mc.BuyMercenaries)}
    assert box == {0, 1}  # two in the box (Caliphate, Great Russia) but only 1 Euro
    assert_illegal(game, mc.BuyMercenaries("Mokia", 2), "Mokia buys mercenaries")
    game.apply(mc.BuyMercenaries("Mokia", 1))
    assert game.mercenaries("Mokia") == 2 + 1 and game.money("Mokia") == 0
    assert game.money("Globbo") == 40  # the box is paid, not a corp
    assert game.deciders == ["Globbo"]  # not asked to sell: Mokia did not ask the owners


def test_mercenary_sellers_are_asked_clockwise_and_may_not_ask_more_than_the_buyer_has():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"],
                       companies={"NAFTA/Defense": "Lenogo", "China/Defense": "Globbo", "Maghreb/Defense": "Globbo"},
                       money={"Mokia": 3})
    game.apply(mc.BuyMercenaries("Mokia", 2, True))
    assert game.money("Mokia") == 1
    assert game.deciders == ["Globbo"]
    offers = [a for a in game.legal_actions("Globbo") if isinstance(a, mc.OfferMercenaries)]
    assert max(a.count for a in offers) == 2 and max(a.price for a in offers) == 1
    assert_illegal(game, mc.OfferMercenaries("Globbo", 3, 0), "Globbo may sell at most 2")
    game.apply(mc.OfferMercenaries("Globbo", 2, 1))
    game.apply(mc.Accept("Mokia"))
    assert game.money("Globbo") == 41 and game.mercenaries("Mokia") == 4
    assert game.deciders == ["Lenogo"]
    game.apply(mc.OfferMercenaries("Lenogo", 1, 0))
    game.apply(mc.Accept("Mokia"))
    assert game.mercenaries("Mokia") == 5 and game.deciders == ["Globbo"]


def test_a_mercenary_price_the_buyer_cannot_pay_can_only_be_declined():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies={"China/Defense": "Globbo"},
                       money={"Mokia": 5})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    game.apply(mc.OfferMercenaries("Globbo", 1, 5))
    game.apply(mc.OfferTrade("Mokia", to="Nonintendo", give=mc.Bundle(money=1)))
    game.apply(mc.Accept("Nonintendo"))
    assert game.money("Mokia") == 4
    assert mc.Accept("Mokia") not in game.legal_actions("Mokia")
    assert mc.Decline("Mokia") in game.legal_actions("Mokia")
    assert_illegal(game, mc.Accept("Mokia"), "cannot pay 5")


def test_a_seller_who_trades_its_defense_companies_away_meanwhile_sells_fewer():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"],
                       companies={"China/Defense": "Nonintendo", "Maghreb/Defense": "Nonintendo",
                                  "NAFTA/Defense": "Globbo"})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    assert game.deciders == ["Globbo"]
    # Before being asked, Nonintendo hands one of its two Defense companies to Globbo.
    game.apply(mc.OfferTrade("Nonintendo", to="Globbo", give=mc.Bundle(companies=("Maghreb/Defense",))))
    game.apply(mc.Accept("Globbo"))
    game.apply(mc.OfferMercenaries("Globbo", 0, 0))
    assert game.deciders == ["Nonintendo"]
    assert max(a.count for a in game.legal_actions("Nonintendo") if isinstance(a, mc.OfferMercenaries)) == 1
    assert_illegal(game, mc.OfferMercenaries("Nonintendo", 2, 0), "Nonintendo may sell at most 1")


def test_clone_soldiers_adds_biotech_to_buy_mercenaries():
    before = mc.scenario(THREE, companies={"NAFTA/Biotech": "Mokia", "India/Biotech": "Globbo"})
    most = max(a.from_box for a in before.legal_actions("Mokia") if isinstance(a, mc.BuyMercenaries))
    assert most == 5  # the five Defense companies
    game = mc.scenario(THREE, hands={"Mokia": ["Clone Soldiers"]},
                       companies={"NAFTA/Biotech": "Mokia", "India/Biotech": "Globbo"})
    game.apply(mc.PlayCard("Mokia", "Clone Soldiers"))
    assert game.state.in_play == ["Clone Soldiers"]
    assert not any(isinstance(a, mc.PlayCard) for a in game.legal_actions("Mokia"))
    most = max(a.from_box for a in game.legal_actions("Mokia") if isinstance(a, mc.BuyMercenaries))
    assert most == 5 + 3  # plus EU, Mercosur and ASEAN Biotech, still unowned
    game.apply(mc.BuyMercenaries("Mokia", 2, True))
    assert game.mercenaries("Mokia") == 1 + 2  # one free from NAFTA/Biotech
    assert game.deciders == ["Globbo"]  # Globbo's Biotech company may sell one
    offers = [a for a in game.legal_actions("Globbo") if isinstance(a, mc.OfferMercenaries)]
    assert max(a.count for a in offers) == 1


def test_mercenaries_are_not_limited_by_the_21_counters():
    game = mc.scenario(THREE, mercenaries={"Mokia": 20, "Globbo": 5},
                       companies={"NAFTA/Defense": "Mokia", "China/Defense": "Mokia"})
    game.apply(mc.BuyMercenaries("Mokia", 3))
    assert sum(game.state.mercenaries.values()) == 20 + 5 + 2 + 3


def test_an_owner_who_gains_a_defense_company_during_a_mercenary_deal_is_asked_too():
    """Buying Mercenaries: the owners are read as things stand when each is asked, so a corp
    that received a Defense company by a trade during the deal may sell from it."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"],
                       companies={"NAFTA/Defense": "Globbo", "China/Defense": "Globbo"})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    assert game.deciders == ["Globbo"]
    game.apply(mc.OfferTrade("Globbo", to="Lenogo", give=mc.Bundle(companies=("China/Defense",))))
    game.apply(mc.Accept("Lenogo"))
    assert max(a.count for a in game.legal_actions("Globbo") if isinstance(a, mc.OfferMercenaries)) == 1
    game.apply(mc.OfferMercenaries("Globbo", 0, 0))
    assert game.deciders == ["Lenogo"] and "Lenogo may sell mercenaries to Mokia" in game.decision
    game.apply(mc.OfferMercenaries("Lenogo", 1, 2))
    game.apply(mc.Accept("Mokia"))
    assert game.mercenaries("Mokia") == 1 and game.money("Lenogo") == 42
    assert game.deciders == ["Globbo"]  # the deal is over: Globbo's turn


def test_each_company_supplies_at_most_one_mercenary_per_purchase_whoever_owns_it_during_the_deal():
    """Issue 7, item 1: a Defense company that changes hands during a purchase used to supply a
    second mercenary (the old owner's offer was honoured and the new owner was asked too; the
    buyer's own company, which gave a free mercenary, could be sold from again)."""
    corps = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]
    # The buyer's own company gave a free mercenary: traded away during the deal, it sells nothing.
    game = mc.scenario(corps, companies={"NAFTA/Defense": "Mokia", "China/Defense": "Globbo"})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    assert game.mercenaries("Mokia") == 1 and game.deciders == ["Globbo"]
    game.apply(mc.OfferTrade("Mokia", to="Nonintendo", give=mc.Bundle(companies=("NAFTA/Defense",))))
    game.apply(mc.Accept("Nonintendo"))
    game.apply(mc.OfferMercenaries("Globbo", 0, 0))
    assert game.deciders == ["Globbo"] and game.state.frames == []  # Nonintendo is not asked
    # A seller's pending offer: its company goes to another corp before the buyer answers. The
    # offer cannot be delivered any more, and the new owner is not asked about that company.
    game = mc.scenario(corps, companies={"China/Defense": "Globbo"})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    game.apply(mc.OfferMercenaries("Globbo", 1, 3))
    game.apply(mc.OfferTrade("Globbo", to="Lenogo", give=mc.Bundle(companies=("China/Defense",))))
    game.apply(mc.Accept("Lenogo"))
    assert mc.Accept("Mokia") not in game.legal_actions("Mokia")
    assert_illegal(game, mc.Accept("Mokia"), "Globbo no longer owns")
    game.apply(mc.Decline("Mokia"))
    assert game.state.frames == [] and game.deciders == ["Globbo"] and game.mercenaries("Mokia") == 0
    # A company whose owner already sold from it supplies nothing more after it changes hands.
    game = mc.scenario(corps, companies={"China/Defense": "Globbo", "Maghreb/Defense": "Lenogo"})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    game.apply(mc.OfferMercenaries("Globbo", 1, 0))
    game.apply(mc.Accept("Mokia"))
    game.apply(mc.OfferTrade("Globbo", to="Lenogo", give=mc.Bundle(companies=("China/Defense",))))
    game.apply(mc.Accept("Lenogo"))
    assert game.deciders == ["Lenogo"]
    assert max(a.count for a in game.legal_actions("Lenogo") if isinstance(a, mc.OfferMercenaries)) == 1
    assert_illegal(game, mc.OfferMercenaries("Lenogo", 2, 0), "Lenogo may sell at most 1")
    game.apply(mc.OfferMercenaries("Lenogo", 1, 0))
    game.apply(mc.Accept("Mokia"))
    assert game.mercenaries("Mokia") == 2  # one from each of the two companies, not three


def test_mercenary_prices_are_listed_in_steps_and_any_price_the_buyer_can_pay_is_accepted():
    """Issue 7, item 9: every count times every price was listed (up to 856 choices)."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], money={"Mokia": 45},
                       companies={"China/Defense": "Globbo", "Maghreb/Defense": "Globbo"})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    offers = game.legal_actions("Globbo")
    assert len(offers) == 1 + 2 * 18 and mc.OfferMercenaries("Globbo", 2, 45) in offers
    assert [(r.example.count, r.low, r.high) for r in game.ranges("Globbo")] == [(1, 0, 45), (2, 0, 45)]
    assert_illegal(game, mc.OfferMercenaries("Globbo", 2, 46), "Mokia has only 45 Euros")
    game.apply(mc.OfferMercenaries("Globbo", 2, 33))
    game.apply(mc.Accept("Mokia"))
    assert game.money("Mokia") == 12 and game.mercenaries("Mokia") == 2


def test_the_industries_that_supply_mercenaries_because_of_a_card_name_the_card():
    from megacorps.mercenaries import source_cards
    assert source_cards(mc.scenario(THREE).state) == {}
    assert source_cards(mc.scenario(THREE, in_play=["Clone Soldiers"]).state) == {"Biotech": "Clone Soldiers"}
