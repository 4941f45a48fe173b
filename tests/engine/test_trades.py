"""Trades and leaving a game (megacorps/trades.py)."""
from __future__ import annotations

import json

import pytest

import megacorps as mc
from megacorps.state import WarFrame
from enginetools import THREE, assert_illegal


def trade_game():
    return mc.scenario(THREE, companies={"Mercosur/Oil": "Mokia", "India/Solar": "Globbo"},
                       countries={"Japan": "Mokia", "India": "Globbo"}, mercenaries={"Mokia": 2, "Globbo": 1},
                       hands={"Mokia": ["Boom", "Revolution"], "Globbo": ["Elections"]})


def test_a_trade_of_every_kind_of_item_is_handed_over_when_accepted():
    game = trade_game()
    offer = mc.OfferTrade("Mokia", to="Globbo",
                          give=mc.Bundle(money=5, mercenaries=2, companies=("Mercosur/Oil",), countries=("Japan",),
                                         cards=("Boom",)),
                          take=mc.Bundle(money=1, mercenaries=1, companies=("India/Solar",), countries=("India",),
                                         cards=("Elections",)))
    assert game.may_offer_trades("Mokia")
    game.apply(offer)
    assert game.deciders == ["Globbo"]
    assert set(game.legal_actions("Globbo")) == {mc.Accept("Globbo"), mc.Decline("Globbo")}
    assert_illegal(game, mc.Pass("Mokia"), "not Mokia's decision")
    game.apply(mc.Accept("Globbo"))
    assert game.money("Mokia") == 36 and game.money("Globbo") == 44
    assert game.mercenaries("Mokia") == 1 and game.mercenaries("Globbo") == 2
    assert game.company_status("Mercosur/Oil") == "Globbo" and game.company_status("India/Solar") == "Mokia"
    assert game.controller("Japan") == "Globbo" and game.controller("India") == "Mokia"
    assert sorted(game.hand("Mokia")) == ["Elections", "Revolution"] and game.hand("Globbo") == ["Boom"]
    assert game.deciders == ["Mokia"]  # a trade is not an action: Mokia's turn goes on


def test_a_declined_trade_changes_nothing_but_the_log():
    game = trade_game()
    before = game.state.model_dump()
    game.apply(mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money=5)))
    game.apply(mc.Decline("Globbo"))
    assert game.state.model_dump() == before
    assert "declines" in game.log[-1].text


@pytest.mark.parametrize("give, take, reason", [
    (mc.Bundle(money=41), mc.Bundle(), "Mokia has only 40 Euros"),
    (mc.Bundle(money=-1), mc.Bundle(), "negative"),
    (mc.Bundle(mercenaries=3), mc.Bundle(), "only 2 mercenaries"),
    (mc.Bundle(companies=("India/Solar",)), mc.Bundle(), "Mokia does not own India/Solar"),
    (mc.Bundle(countries=("India",)), mc.Bundle(), "Mokia does not control India"),
    (mc.Bundle(cards=("Elections",)), mc.Bundle(), "Mokia does not hold"),
    (mc.Bundle(cards=("Boom", "Boom")), mc.Bundle(), "Mokia does not hold"),
    (mc.Bundle(), mc.Bundle(money=99), "Globbo has only 40 Euros"),
    (mc.Bundle(), mc.Bundle(companies=("Mercosur/Oil",)), "Globbo does not own Mercosur/Oil"),
    (mc.Bundle(), mc.Bundle(countries=("Japan",)), "Globbo does not control Japan"),
    (mc.Bundle(), mc.Bundle(), "empty"),
    (mc.Bundle(companies=("Mercosur/Oil", "Mercosur/Oil")), mc.Bundle(), "twice"),
])
def test_invalid_trade_offers_are_refused_with_a_reason(give, take, reason):
    game = trade_game()
    assert_illegal(game, mc.OfferTrade("Mokia", to="Globbo", give=give, take=take), reason)


def test_trades_with_oneself_or_an_absent_corp_are_refused():
    game = trade_game()
    assert_illegal(game, mc.OfferTrade("Mokia", to="Mokia", give=mc.Bundle(money=1)), "itself")
    assert_illegal(game, mc.OfferTrade("Mokia", to="Windoze", give=mc.Bundle(money=1)), "still in the game")


def test_during_the_war_pause_selling_mercenaries_is_a_trade_offer():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"], countries={"Mercosur": "Globbo"},
                       mercenaries={"Mokia": 1, "Nonintendo": 2, "Lenogo": 1})
    game.apply(mc.LaunchWar("Mokia", "Mercosur"))
    assert game.may_offer_trades("Nonintendo")
    game.apply(mc.OfferTrade("Nonintendo", to="Mokia", give=mc.Bundle(mercenaries=2), take=mc.Bundle(money=6)))
    game.apply(mc.Accept("Mokia"))
    assert game.mercenaries("Mokia") == 3 and game.money("Nonintendo") == 46
    # Nonintendo has nothing left to give: as things stand it is no longer asked (R17).
    assert isinstance(game.state.top_frame, WarFrame) and game.deciders == ["Lenogo"]
    game.apply(mc.StayOut("Lenogo"))
    # 3 mercenaries against Mercosur's Defense 3: a tie, the defender keeps it.
    assert game.controller("Mercosur") == "Globbo" and game.mercenaries("Mokia") == 2


def test_a_corp_that_leaves_loses_everything_and_its_cards_are_discarded_unseen():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"], paid="Globbo",
                       companies={"Mercosur/Oil": "Globbo"}, countries={"India": "Globbo"},
                       mercenaries={"Globbo": 3}, hands={"Globbo": ["Boom", "Elections"]})
    assert mc.LeaveGame("Globbo") in game.legal_actions("Globbo")
    game.apply(mc.LeaveGame("Globbo"))
    assert game.corps == ["Mokia", "Nonintendo", "Lenogo"]
    assert game.company_status("Mercosur/Oil") == "unowned" and game.controller("India") is None
    assert game.hand("Globbo") == [] and game.state.discard == []
    assert sorted(game.state.set_aside[-2:]) == ["Boom", "Elections"]
    assert game.paid_holder is None and game.mercenaries("Globbo") == 0
    assert "Globbo" not in game.scores()
    view = game.view("Mokia").model_dump()
    assert "Boom" not in json.dumps(view) and "Elections" not in json.dumps(view)
    game.apply(mc.Pass("Mokia"))
    assert game.deciders == ["Nonintendo"]  # Globbo's turn is skipped
    assert_illegal(game, mc.Pass("Globbo"), "left the game")
    assert_illegal(game, mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money=1)), "still in the game")


def test_a_trade_offer_cannot_be_used_to_probe_another_hand():
    """Trades / hidden hands: asking for a card the recipient does not hold is a legal offer
    (it used to be refused with "does not hold that card", telling the offerer what the other
    hand lacks); the recipient can then only decline."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Globbo": ["Boom"]})
    for card, holds in (("Boom", True), ("Revolution", False)):
        offer = mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money=5), take=mc.Bundle(cards=(card,)))
        game.apply(offer)
        assert game.deciders == ["Globbo"]
        assert (mc.Accept("Globbo") in game.legal_actions("Globbo")) is holds
        assert mc.Decline("Globbo") in game.legal_actions("Globbo")
        game.undo()
    bad = mc.OfferTrade("Mokia", to="Globbo", take=mc.Bundle(cards=("No Such Card",)))
    try:
        game.apply(bad)
    except mc.IllegalAction as err:
        assert "No Such Card" in str(err)
    else:
        raise AssertionError("an unknown card name must be refused")


def test_no_trades_during_the_setup_picks_so_every_corp_ends_with_two_companies():
    """Issue 7, item 7: a company traded away during the free picks used to leave one corp with
    one company and another with three, because picks were counted, not holdings. Trades, like
    cards (R14), wait for the first round (R28)."""
    game = mc.new_game(THREE, seed=2)
    first = game.deciders[0]
    game.apply(mc.PickCompany(first, "NAFTA/Media"))
    for corp in THREE:
        assert not game.may_offer_trades(corp) and not game.seat(corp).may_offer_trades()
    other = next(c for c in THREE if c != first)
    assert_illegal(game, mc.OfferTrade(first, to=other, give=mc.Bundle(companies=("NAFTA/Media",))),
                   "setup picks")
    assert_illegal(game, mc.OfferTrade(first, to=other, give=mc.Bundle(money=5)), "setup picks")
    while game.state.phase == "setup":
        corp = game.deciders[0]
        game.apply(game.legal_actions(corp)[0])
    assert all(len(game.companies_of(c)) == 2 for c in THREE)
    assert game.may_offer_trades(game.deciders[0])
