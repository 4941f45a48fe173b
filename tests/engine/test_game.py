"""The checked door: illegal actions say why, undo, and the rulings' citations (megacorps/game.py, explain.py)."""
from __future__ import annotations

import pytest

import megacorps as mc
from enginetools import THREE, assert_illegal, snapshot


def test_illegal_actions_say_why_and_change_nothing():
    game = mc.scenario(THREE, paid="Mokia", money={"Mokia": 3}, countries={"India": "Globbo"},
                       hands={"Globbo": ["Boom"]}, companies={"India/Solar": "Mokia"})
    assert_illegal(game, mc.Pass("Globbo"), "not Globbo's decision", "Mokia chooses an action")
    assert_illegal(game, mc.PayoutIndustry("Mokia", "Oil"), "Paid card")
    assert_illegal(game, mc.PayoutIndustry("Globbo", "Oil"), "not Globbo's decision")
    assert_illegal(game, mc.BuyCompany("Mokia", "Maghreb/Oil"), "3 Euros", "a company costs 4")
    assert_illegal(game, mc.LaunchWar("Mokia", "India"), "no mercenaries")
    assert_illegal(game, mc.Intervene("Mokia", "India/Solar"), "does not control India")
    assert_illegal(game, mc.PlayCard("Mokia", "Boom", "Oil"), "Mokia does not hold Boom")
    assert_illegal(game, mc.PlayCard("Globbo", "Boom", "Atlantis"), "not a target")
    assert_illegal(game, mc.Pass("Windoze"), "not playing")
    assert_illegal(game, mc.Permit("Globbo"), "not Globbo's decision")
    assert_illegal(game, mc.Vote("Mokia", "Mokia"), "not one of the choices")
    assert_illegal(game, mc.BuyMercenaries("Mokia", -1), "negative")
    with pytest.raises(mc.IllegalAction, match="not a MegaCorps action"):
        game.apply("Mokia passes")
    assert isinstance(mc.IllegalAction("x"), ValueError)


def test_illegal_answers_in_a_decision_say_why():
    """Messages for choices out of range name the limit, not just "not one of the choices"."""
    game = mc.scenario(THREE, countries={"Mercosur": "Globbo"}, mercenaries={"Mokia": 1, "Nonintendo": 1},
                       companies={"China/Defense": "Globbo"}, money={"Mokia": 3})
    assert_illegal(game, mc.BuyMercenaries("Mokia", 4), "Mokia has 3 Euros; 4 from the box cost 4")
    rich = mc.scenario(THREE, money={"Mokia": 30})
    assert_illegal(rich, mc.BuyMercenaries("Mokia", 6), "the box sells only 5")
    assert_illegal(rich, mc.BuyMercenaries("Mokia", 1, True), "no other corp owns a company that could sell")
    game.apply(mc.LaunchWar("Mokia", "Mercosur"))
    assert_illegal(game, mc.SupportWar("Nonintendo", "attacker", 2), "Nonintendo has only 1 mercenaries")
    assert_illegal(game, mc.SupportWar("Nonintendo", "referee", 1), "attacker or to the defender")
    assert_illegal(game, mc.LeaveGame("Nonintendo"), "only between steps")
    auction = mc.scenario(THREE, hands={"Mokia": ["Greedy Kleptocrats"]}, money={"Globbo": 5})
    auction.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "ASEAN"))
    assert_illegal(auction, mc.Bid("Globbo", 6), "Globbo has only 5 Euros to bid")
    assert_illegal(auction, mc.Bid("Globbo", -1), "negative")
    deal = mc.scenario(THREE, companies={"China/Defense": "Globbo"}, money={"Mokia": 5})
    deal.apply(mc.BuyMercenaries("Mokia", 0, True))
    assert_illegal(deal, mc.OfferMercenaries("Globbo", 2, 1), "Globbo may sell at most 1")
    assert_illegal(deal, mc.OfferMercenaries("Globbo", 1, 6), "Mokia has only 5 Euros")
    deal.apply(mc.OfferMercenaries("Globbo", 1, 5))
    deal.apply(mc.OfferTrade("Mokia", to="Nonintendo", give=mc.Bundle(money=1)))
    deal.apply(mc.Accept("Nonintendo"))
    assert_illegal(deal, mc.Accept("Mokia"), "Mokia has 4 Euros and cannot pay 5")
    vote = mc.scenario(THREE, hands={"Mokia": ["Elections"]}, companies={"NAFTA/Media": "Globbo"})
    vote.apply(mc.PlayCard("Mokia", "Elections", "Japan"))
    assert_illegal(vote, mc.Vote("Globbo", "Windoze"), "not a corp still in the game")
    setup = mc.new_game(THREE, seed=1)
    for corp in THREE:
        assert_illegal(setup, mc.LeaveGame(corp), "only once the rounds have begun")
    two_left = mc.scenario(THREE)
    two_left.apply(mc.LeaveGame("Globbo"))
    assert_illegal(two_left, mc.LeaveGame("Nonintendo"), "only two corps are left")


def test_undo_takes_back_one_action_at_a_time():
    game = mc.scenario(THREE, deck=["Boom", "Boom"])
    with pytest.raises(mc.IllegalAction, match="nothing to undo"):
        game.undo()
    start = snapshot(game)
    game.apply(mc.BuyCompany("Mokia", "Mercosur/Oil"))
    middle = snapshot(game)
    game.apply(mc.Pass("Globbo"))
    assert game.undo() == mc.Pass("Globbo")
    assert snapshot(game) == middle
    assert game.undo() == mc.BuyCompany("Mokia", "Mercosur/Oil")
    assert snapshot(game) == start


def test_undo_refuses_to_take_back_a_card_draw():
    game = mc.scenario(THREE, deck=["Boom", "Revolution"])
    game.apply(mc.Pass("Mokia"))
    game.apply(mc.Pass("Globbo"))
    game.apply(mc.Pass("Nonintendo"))  # ends the round: Globbo draws Boom
    assert game.hand("Globbo") == ["Boom"]
    before = snapshot(game)
    assert not game.can_undo()
    with pytest.raises(mc.IllegalAction, match="revealed hidden information"):
        game.undo()
    assert snapshot(game) == before
    game.apply(mc.Pass("Globbo"))
    game.undo()  # actions after the draw can still be taken back
    assert snapshot(game) == before


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


def test_legal_actions_of_a_corp_not_in_the_game_is_empty():
    """`legal_actions(corp)` for a corp that is not playing: no choices (it used to raise
    KeyError from the hands table)."""
    game = mc.scenario(THREE, hands={"Mokia": ["Boom"]})
    assert game.legal_actions("Windoze") == []
    assert game.legal_actions("Nobody") == []
    assert_illegal(game, mc.PlayCard("Windoze", "Boom", "Oil"), "not playing")


def test_every_test_named_in_the_rulings_exists():
    """docs/rulings.md cites, for each ruling, the tests that check it: they must exist."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    text = (root / "docs" / "rulings.md").read_text()
    cited = re.findall(r"`((?:\w+/)?test_\w+\.py)::(test_\w+)", text)
    assert len(cited) > 40
    for filename, function in cited:
        source = (root / "tests" / filename).read_text()
        assert f"def {function}(" in source, f"docs/rulings.md cites {filename}::{function}, which does not exist"
    numbers = re.findall(r"^### R(\d+)\.", text, flags=re.M)
    assert len(numbers) == len(set(numbers)) and "5" in numbers


def _auction_game() -> mc.Game:
    game = mc.scenario(THREE, hands={"Mokia": ["Greedy Kleptocrats", "Boom"]}, mercenaries={"Mokia": 2},
                       countries={"India": "Mokia"}, companies={"India/Solar": "Globbo"})
    return game


@pytest.mark.parametrize("action, field", [
    (mc.Intervene("Mokia", None), "company"),
    (mc.Intervene("Mokia", ["India/Solar"]), "company"),
    (mc.BuyMercenaries("Mokia", "1"), "from_box"),
    (mc.BuyMercenaries("Mokia", None), "from_box"),
    (mc.BuyMercenaries("Mokia", 1.0), "from_box"),
    (mc.BuyMercenaries("Mokia", 0, "yes"), "ask_owners"),
    (mc.BuyMercenaries("Mokia", True), "from_box"),
    (mc.BuyCompany("Mokia", 7), "company"),
    (mc.PayoutIndustry("Mokia", None), "industry"),
    (mc.LaunchWar("Mokia", b"Japan"), "country"),
    (mc.PlayCard("Mokia", "Boom", 3), "target"),
    (mc.PlayCard("Mokia", None), "card"),
    (mc.Pass(None), "corp"),
    (mc.Pass(["Mokia"]), "corp"),
    (mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money="5")), "give.money"),
    (mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money=2.5)), "give.money"),
    (mc.OfferTrade("Mokia", to="Globbo", give=None), "give"),
    (mc.OfferTrade("Mokia", to=None, give=mc.Bundle(money=1)), "to"),
    (mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(companies="India/Solar")), "give.companies"),
    (mc.OfferTrade("Mokia", to="Globbo", take=mc.Bundle(cards=["Boom"])), "take.cards"),
    (mc.OfferTrade("Mokia", to="Globbo", take=mc.Bundle(mercenaries=True)), "take.mercenaries"),
])
def test_malformed_actions_are_refused_with_a_reason_and_change_nothing(action, field):
    """Issue 7, item 5: malformed values used to crash inside the legality check (TypeError,
    AttributeError) or be accepted (`Bid(corp, True)` was logged as "True")."""
    message = assert_illegal(_auction_game(), action, field)
    assert "must be" in message


@pytest.mark.parametrize("action, field", [
    (mc.Bid("Globbo", True), "amount"), (mc.Bid("Globbo", 2.0), "amount"), (mc.Bid("Globbo", "3"), "amount"),
    (mc.Bid("Globbo", None), "amount"),
])
def test_malformed_bids_are_refused_too(action, field):
    game = _auction_game()
    game.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "ASEAN"))
    assert_illegal(game, action, field, "must be")
    game.apply(mc.Bid("Globbo", 1))
    assert game.state.top_frame.bids["Globbo"] == 1 and type(game.state.top_frame.bids["Globbo"]) is int


def test_applied_ties_each_action_to_its_log_lines_and_reveals():
    """`game.applied()`: the table's record of applied actions (widgets/megacorps_app/hot_seat.py reads it)."""
    import random
    game = mc.new_game(THREE, seed=3)
    rng = random.Random(3)
    while len(game.actions) < 40 and not game.is_over:
        corp = game.deciders[0]
        game.apply(rng.choice(game.legal_actions(corp)))
    record = game.applied()
    assert [r.action for r in record] == game.actions
    starts = [r.log_start for r in record]
    assert starts == sorted(starts) and starts[-1] <= len(game.log)
    assert any(r.reveals for r in record)          # 40 steps in, some card has been drawn
    assert game.can_undo() == (not record[-1].reveals)
