"""The bot protocol and the one driver step (`next_move`) that play_out, the app, the table
service and the tournament share."""
from __future__ import annotations

import pytest

import megacorps as mc
from megacorps.bots import Decision, next_move, play_out

FOUR = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


class FirstChoice:
    """A user's bot: only `choose`."""

    def choose(self, game, corp):
        return mc.bots.decision_choices(game, corp)[0]


class Boomer(mc.bots.BaseBot):
    """Plays Boom on Media unasked as soon as it may; otherwise passes whatever it is asked."""

    name = "Boomer"

    def decide(self, game, corp):
        choices = mc.bots.decision_choices(game, corp)
        passes = [a for a in choices if isinstance(a, (mc.Pass, mc.NoCard, mc.StayOut))]
        return Decision((passes or choices)[0], "waits")

    def interrupt(self, game, corp):
        for play in mc.bots.card_plays(game, corp):
            if play.card == "Boom" and play.target == "Media":
                return Decision(play, "booms its Media")
        return None


def test_a_bot_with_only_choose_plays_through_the_driver_with_an_empty_reason():
    game = mc.new_game(FOUR, seed=3)
    corp = game.deciders[0]
    move = next_move(game, {corp: FirstChoice()})
    assert move == (corp, Decision(game.legal_actions(corp)[0], ""))
    assert mc.bots.decide(FirstChoice(), game, corp).reason == ""
    assert mc.bots.interrupt(FirstChoice(), game, corp) is None


def test_next_move_is_none_when_a_human_must_act_and_play_out_names_the_missing_bot():
    game = mc.new_game(FOUR, seed=3)
    human = game.deciders[0]
    bots = {c: FirstChoice() for c in FOUR if c != human}
    assert next_move(game, bots) is None
    with pytest.raises(ValueError, match=f"no bot plays {human}"):
        play_out(game, bots)
    assert not game.actions  # nothing was played


def test_bots_interrupt_another_corps_turn_through_the_driver():
    # Globbo holds Boom; it is Mokia's turn (a human's): Globbo's bot plays it unasked.
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies={"Japan/Media": "Globbo"},
                       hands={"Globbo": ["Boom"]})
    corp, decision = next_move(game, {"Globbo": Boomer(seed=0)})
    assert corp == "Globbo" and decision.action == mc.PlayCard("Globbo", "Boom", "Media")
    game.apply(decision.action)
    # the payout window asks card holders only; Globbo played its only card, so Media pays out
    assert game.money("Globbo") == 40 + 3 and game.deciders == ["Mokia"]
    assert next_move(game, {"Globbo": Boomer(seed=0)}) is None  # the human's turn again


def test_play_out_reports_every_move_and_ends_the_game():
    game = mc.new_game(FOUR, seed=5)
    seen = []
    bots = {c: mc.bots.GreedyBot(seed=i) for i, c in enumerate(FOUR)}
    play_out(game, bots, on_move=lambda corp, d: seen.append((corp, d)))
    assert game.is_over and len(seen) == len(game.actions)
    assert all(d.reason for _, d in seen)
    assert [d.action for _, d in seen] == game.actions
