"""Rounds, the Paid card passing, the last card and Game End (megacorps/turns.py)."""
from __future__ import annotations


import megacorps as mc
from enginetools import THREE, assert_illegal, pass_all


def test_round_draw_order_and_the_active_card_passing_left():
    game = mc.scenario(["Globbo", "Lenogo", "Mokia"], deck=["Boom", "Revolution", "Elections"])
    assert game.deciders == ["Globbo"]
    game.apply(mc.Pass("Globbo"))
    assert game.deciders == ["Lenogo"]
    game.apply(mc.Pass("Lenogo"))
    assert game.deciders == ["Mokia"]
    game.apply(mc.Pass("Mokia"))
    # Round 2: the card passed left to Lenogo, who drew the top card and acts first.
    assert game.round == 2 and game.active_corp == "Lenogo"
    assert game.hand("Lenogo") == ["Boom"] and game.deck_size == 2
    assert game.hand("Globbo") == [] and game.hand("Mokia") == []
    assert game.state.to_act == ["Lenogo", "Mokia", "Globbo"]
    pass_all(game)
    assert game.active_corp == "Mokia" and game.hand("Mokia") == ["Revolution"]
    pass_all(game)
    assert game.active_corp == "Globbo" and game.hand("Globbo") == ["Elections"] and game.deck_size == 0
    pass_all(game)  # the final round was played: the deck is empty at the next round's start
    assert game.is_over and game.deciders == []


def test_only_one_payout_industry_action_per_round():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo"})
    game.apply(mc.PayoutIndustry("Mokia", "Oil"))
    assert not any(isinstance(a, mc.PayoutIndustry) for a in game.legal_actions("Globbo"))
    assert_illegal(game, mc.PayoutIndustry("Globbo", "Solar"), "already")
    pass_all(game)
    # A new round: Globbo (not holding Paid) may choose it again.
    assert mc.PayoutIndustry("Globbo", "Solar") in game.legal_actions("Globbo")


def test_no_cards_during_the_final_payouts():
    game = mc.scenario(THREE, deck=[], companies={"Mercosur/Oil": "Mokia", "Maghreb/Oil": "Mokia"},
                       hands={"Globbo": ["Shortages", "Boom"]})
    pass_all(game)
    assert game.is_over
    assert game.legal_actions("Globbo") == [] and game.deciders == []
    # Oil pays out once with 4 competitors (Mokia + 3 unowned) and nobody was asked.
    assert game.money("Mokia") == 40 + 2 * 4
    assert game.hand("Globbo") == ["Shortages", "Boom"]
    assert_illegal(game, mc.PlayCard("Globbo", "Boom", "Oil"), "game is over")
    assert_illegal(game, mc.Pass("Mokia"), "game is over")
    assert_illegal(game, mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=1)), "game is over")


def test_a_departed_active_corp_keeps_the_card_until_the_round_ends():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"], deck=["Boom", "Boom"])
    game.apply(mc.LeaveGame("Mokia"))
    assert game.active_corp == "Mokia" and game.deciders == ["Globbo"]
    pass_all(game)
    assert game.active_corp == "Globbo" and game.hand("Globbo") == ["Boom"]
    game.apply(mc.LeaveGame("Nonintendo"))
    # Only two corps remain: nobody else may leave.
    assert not any(isinstance(a, mc.LeaveGame) for c in game.corps for a in game.legal_actions(c))
    assert_illegal(game, mc.LeaveGame("Lenogo"), "Lenogo leaves the game", "only two corps are left")


def test_game_end_final_payouts_and_a_single_winner():
    game = mc.scenario(THREE, deck=[], money={"Mokia": 10, "Globbo": 20, "Nonintendo": 30},
                       companies={"Mercosur/Oil": "Mokia", "China/Metals": "nationalized", "India/Solar": "Globbo"})
    pass_all(game)
    assert game.is_over
    # Oil 5+: Mokia 3; Solar: Globbo + 4 unowned = 5+: 3.
    assert game.scores() == {"Mokia": 13, "Globbo": 23, "Nonintendo": 30}
    assert game.winners() == ["Nonintendo"]
    assert any("Nonintendo wins" in e.text for e in game.log)


def test_game_end_shared_win():
    game = mc.scenario(THREE, deck=[], money={"Mokia": 30, "Globbo": 30, "Nonintendo": 29})
    pass_all(game)
    assert game.winners() == ["Mokia", "Globbo"]
    assert "draw" in game.log[-1].text


def test_the_last_card_starts_the_final_round():
    game = mc.scenario(THREE, deck=["Boom"])
    pass_all(game)
    assert game.round == 2 and not game.is_over and game.deck_size == 0
    assert "final round" in game.view("Globbo").log[-1]
    pass_all(game)
    assert game.is_over and game.round == 2


def test_the_active_player_card_stays_when_the_final_round_ends():
    """Rounds / Game End: after the final round no round follows, so the log does not pass the
    Active Player card on (a newcomer read 'The Active Player card passes to ...' after the game
    had ended): the final payouts follow the last pass directly."""
    game = mc.scenario(THREE, deck=["Boom"])
    pass_all(game)
    active = game.active_corp
    pass_all(game)
    assert game.is_over and game.active_corp == active
    texts = [e.text for e in game.log]
    final_round = next(i for i, t in enumerate(texts) if "final round" in t)
    assert "passes to" in texts[final_round - 1]  # the card passed into the final round...
    assert not any("passes to" in t for t in texts[final_round:])  # ...and not out of it
    assert any("game ends" in t for t in texts[final_round:])


def test_cards_may_be_played_after_the_last_action_of_the_game_until_it_ends():
    """Issue 7, item 3: after the final corp's last action the engine went straight to the final
    payouts, so the last seat could never act and then Boom its industry, and nobody could
    answer the last action with a card. Now every corp holding a card may still play one (or
    pass); only the final payouts are closed to cards (R30, R31)."""
    game = mc.scenario(THREE, deck=[], companies={"Mercosur/Oil": "Nonintendo"},
                       hands={"Nonintendo": ["Boom"], "Globbo": ["Revolution", "Oversupply"]})
    game.apply(mc.Pass("Mokia"))
    game.apply(mc.Pass("Globbo"))
    game.apply(mc.BuyCompany("Nonintendo", "Maghreb/Oil"))  # the last action of the game
    assert not game.is_over
    assert sorted(game.deciders) == ["Globbo", "Nonintendo"]  # every corp holding a card
    assert "final round is over" in game.decision
    assert mc.PlayCard("Nonintendo", "Boom", "Oil") in game.legal_actions("Nonintendo")
    assert mc.PlayCard("Globbo", "Revolution", "China") in game.legal_actions("Globbo")
    assert game.legal_actions("Mokia") == []  # no card, nothing to ask
    game.apply(mc.PlayCard("Nonintendo", "Boom", "Oil"))
    game.apply(mc.NoCard("Globbo"))  # the Boom's payout window: Oil has 4 competitors
    assert game.money("Nonintendo") == 36 + 2 * 4
    assert sorted(game.deciders) == ["Globbo"]  # a card was played: those holding cards are asked again
    game.apply(mc.PlayCard("Globbo", "Revolution", "China"))
    assert_illegal(game, mc.PlayCard("Globbo", "Oversupply"), "only be played while an industry pays out")
    game.apply(mc.Pass("Globbo"))
    assert game.is_over and game.government("China") == "Democracy"
    assert game.money("Nonintendo") == 44 + 2 * 4  # the final payout of Oil
    assert game.hand("Globbo") == ["Oversupply"]
    assert_illegal(game, mc.PlayCard("Globbo", "Oversupply"), "game is over")
