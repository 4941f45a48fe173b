"""One test (or a small table of tests) per rule of the rulebook, driven through `mc.Game`."""
from __future__ import annotations

import megacorps as mc


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


def test_undo_of_an_action_that_opens_a_decision_restores_the_empty_stack():
    """Undo: a state's clone must not share the (empty) frame stack with the original, or the
    frame pushed by an action survives its undo (the speed-up of GameState.clone did this)."""
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo"})
    before = (game.state.model_dump(), list(game.state.frames))
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    assert game.deciders == ["Mokia"]
    game.undo()
    assert (game.state.model_dump(), list(game.state.frames)) == before
    assert game.deciders == ["Nonintendo"]
    assert game._start.frames == []
