"""The public table as data (megacorps/tables/public.py): nothing hidden in it, and it comes
back as the same position, decisions under way included."""
from __future__ import annotations

import json
import random

import megacorps as mc
from megacorps.tables.public import HIDDEN_CARD, public_state, state_from_json, state_to_json


def test_the_public_state_round_trips_and_hides_hands_deck_and_sealed_bids():
    rng = random.Random(2)
    kinds = set()
    for seed in range(4):
        game = mc.new_game(["Mokia", "Globbo", "Nonintendo", "Lenogo"], seed=seed)
        while not game.is_over:
            state = game.state
            data = json.loads(json.dumps(state_to_json(public_state(state))))
            again = state_from_json(data, game.board, state.deck_spec)
            assert state_to_json(again) == data
            assert mc.Game(again).deciders == game.deciders and mc.Game(again).decision == game.decision
            assert all(set(h) <= {HIDDEN_CARD} and len(h) == len(state.hands[c]) for c, h in again.hands.items())
            assert again.deck == [HIDDEN_CARD] * len(state.deck)
            for frame in again.frames:
                kinds.add(type(frame).__name__)
                assert set(getattr(frame, "bids", {}).values()) <= {0}
                assert set(getattr(frame, "votes", {}).values()) <= {""}
            assert state.hands != again.hands or not any(state.hands.values())  # the original is untouched
            game.apply(rng.choice(game.legal_actions(game.deciders[0])))
    assert {"PayoutFrame", "AuctionFrame", "WarFrame", "AntitrustFrame"} <= kinds


def test_a_pending_trade_names_no_card_in_public():
    game = mc.scenario(["Mokia", "Globbo", "Lenogo"], hands={"Mokia": ["Revolution"], "Globbo": ["Privatization"]})
    game.apply(mc.OfferTrade("Mokia", "Globbo", give=mc.Bundle(cards=("Revolution",)),
                             take=mc.Bundle(money=5, cards=("Privatization",))))
    text = json.dumps(state_to_json(public_state(game.state)))
    assert "Revolution" not in text and "Privatization" not in text and '"money": 5' in text
