"""The seat door (`game.seat(corp)`): one corp's view, choices and actions, revealing nothing
another corp hides; the `Game` itself is the table, with full information (docs/engine.md)."""
from __future__ import annotations

import json

import pytest

import megacorps as mc
from enginetools import snapshot

THREE = ["Mokia", "Globbo", "Nonintendo"]


def test_a_seat_sees_its_own_view_and_lists_its_own_choices():
    game = mc.scenario(THREE, hands={"Mokia": ["Revolution"], "Globbo": ["Boom"]})
    seat = game.seat("Globbo")
    assert seat.view() == game.view("Globbo")
    assert seat.legal_actions() == game.legal_actions("Globbo")
    assert all(a.corp == "Globbo" for a in seat.legal_actions())
    assert "Revolution" not in json.dumps(seat.view().model_dump())
    assert seat.deciders == ["Mokia"] and seat.decision == game.decision and not seat.is_over
    assert seat.may_offer_trades()
    with pytest.raises(ValueError, match="'Windoze' is not playing"):
        game.seat("Windoze")


def _refusal(game: mc.Game, seat: str, action) -> str:
    before = snapshot(game)
    with pytest.raises(mc.IllegalAction) as info:
        game.seat(seat).apply(action)
    assert snapshot(game) == before
    return str(info.value)


@pytest.mark.parametrize("action", [
    mc.PlayCard("Globbo", "Boom", "Oil"), mc.PlayCard("Globbo", "Boom", "Atlantis"),
    mc.Pass("Globbo"), mc.Pass("Mokia"),
    mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(cards=("Boom",))),
])
def test_an_action_in_another_corps_name_is_refused_without_telling_what_that_corp_holds(action):
    """Issue 7, item 8: a seat sending an action in another corp's name meets the same refusal
    whether that corp holds the card or not (the table used to answer "does not hold")."""
    holds = mc.scenario(THREE, hands={"Globbo": ["Boom"]})
    lacks = mc.scenario(THREE, hands={"Globbo": ["Revolution"]})
    if action.corp == "Mokia":  # the seat's own corp: applied through the seat like the table
        holds.seat("Mokia").apply(action)
        assert holds.deciders == ["Globbo"]
        return
    assert _refusal(holds, "Nonintendo", action) == _refusal(lacks, "Nonintendo", action)
    assert "acts only for Nonintendo" in _refusal(holds, "Nonintendo", action)


def test_a_seat_applies_its_own_actions_and_refuses_what_is_not_an_action():
    game = mc.scenario(THREE, hands={"Globbo": ["Boom"]}, companies={"Mercosur/Oil": "Globbo"})
    game.seat("Globbo").apply(mc.PlayCard("Globbo", "Boom", "Oil"))
    assert game.money("Globbo") == 43
    with pytest.raises(mc.IllegalAction, match="not a MegaCorps action"):
        game.seat("Mokia").apply("Mokia passes")
    with pytest.raises(mc.IllegalAction, match="does not hold Boom"):
        game.seat("Globbo").apply(mc.PlayCard("Globbo", "Boom", "Oil"))  # its own hand: it may know


def test_in_a_payout_window_no_seat_learns_who_holds_oversupply_or_shortages():
    """Every corp holding a card is asked (R7). Each seat lists only its own choices, so the
    seats of corps that hold no payout card see the same whatever the others hold."""
    def window(globbo: list[str]) -> mc.Game:
        game = mc.scenario(THREE, companies={"Mercosur/Oil": "Mokia"},
                           hands={"Globbo": globbo, "Nonintendo": ["Boom"], "Mokia": ["Revolution"]})
        game.apply(mc.PayoutIndustry("Mokia", "Oil"))
        return game

    with_card, without = window(["Oversupply"]), window(["Elections"])
    assert with_card.deciders == without.deciders == THREE
    for corp in ("Mokia", "Nonintendo"):
        assert with_card.seat(corp).legal_actions() == without.seat(corp).legal_actions() == [mc.NoCard(corp)]
        assert with_card.seat(corp).view() == without.seat(corp).view()
    assert mc.PlayCard("Globbo", "Oversupply") in with_card.seat("Globbo").legal_actions()


def test_a_seat_takes_back_only_its_own_last_action():
    game = mc.scenario(THREE)
    game.apply(mc.Pass("Mokia"))
    assert not game.seat("Globbo").can_undo() and game.seat("Mokia").can_undo()
    with pytest.raises(mc.IllegalAction, match="not Globbo's"):
        game.seat("Globbo").undo()
    assert game.seat("Mokia").undo() == mc.Pass("Mokia")
    assert game.deciders == ["Mokia"]
