"""The one answer to "what does Undo take back, or why not" (widgets/shell/takeback.py), asked of
MegaCorps' engine and of the card game's: a sealed bid stops the table's undo with MegaCorps' own
words, its owner may still take it back once it agrees, a reveal is named, the bots are waited
for, and a game that says no more gets the generic words."""
from __future__ import annotations

import pytest

import megacorps as mc
from megacorps import kit
from widgets.shell.takeback import (GAME_OVER, HIDDEN_SHOWN, NOTHING, WAIT, same_question, take_back,
                                    undo_offer)

HUMANS = {"Mokia", "Nonintendo"}   # Globbo is a bot


def _auction() -> mc.Game:
    """Mokia (human) opened an auction with its card and Globbo (a bot) has bid in secret."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Mokia": ["Greedy Kleptocrats"]})
    game.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "Great Russia"))
    game.apply(mc.Bid("Globbo", 2))
    return game


def test_a_bots_sealed_bid_stops_the_table_undo_and_megacorps_says_why():
    game = _auction()
    offer = undo_offer(game, HUMANS, "Nonintendo", bots_to_move=False)
    assert not offer.possible and offer.owner is None
    assert offer.reason.startswith("Cannot take back \u201cMokia plays Greedy Kleptocrats")
    assert "still sealed" in offer.reason and "only its own corp" in offer.reason
    assert "2" not in offer.reason.split("\u201d")[1]          # the bid's amount stays sealed
    before = game.to_json()
    with pytest.raises(mc.IllegalAction, match="still sealed"):
        take_back(game, offer)
    assert game.to_json() == before


def test_a_humans_own_sealed_bid_goes_back_once_it_agrees_in_public_words():
    game = _auction()
    before = game.to_json()
    game.apply(mc.Bid("Nonintendo", 3))
    offer = undo_offer(game, HUMANS, "Mokia", bots_to_move=False)   # Mokia is at the screen now
    assert offer.possible and offer.owner == offer.needs == "Nonintendo" and offer.by_seat
    assert offer.takes_back == (game.public_text(game.actions[-1]),) and "3" not in offer.takes_back[0]
    taken = take_back(game, offer)
    assert [(a.corp, a.amount) for a in taken] == [("Nonintendo", 3)] and game.to_json() == before
    # alone at the screen, the same bid is its own: nobody else is asked
    game.apply(mc.Bid("Nonintendo", 3))
    mine = undo_offer(game, HUMANS, "Nonintendo", bots_to_move=False)
    assert mine.possible and mine.needs is None and mine.owner == "Nonintendo"


def test_once_the_bids_are_opened_the_reveal_is_named():
    game = _auction()
    game.apply(mc.Bid("Nonintendo", 3))
    game.apply(mc.Bid("Mokia", 1))                             # the last bid opens them all
    assert game.applied()[-1].reveals
    offer = undo_offer(game, HUMANS, game.deciders[0] if game.deciders else None, bots_to_move=False)
    assert not offer.possible and "hidden information was revealed" in offer.reason
    assert offer.reason.startswith(f"Cannot take back \u201c{game.public_text(game.actions[-1])}\u201d")


def test_nothing_yet_the_bots_still_moving_and_the_game_over_say_so():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Mokia": ["Greedy Kleptocrats"]})
    assert undo_offer(game, HUMANS, "Mokia", False).reason == NOTHING
    game.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "Great Russia"))
    # Mokia's own card is still its own to take back, bots or not; Nonintendo must wait for the bots
    assert undo_offer(game, HUMANS, "Mokia", bots_to_move=True).possible
    assert undo_offer(game, HUMANS, "Nonintendo", bots_to_move=True).reason == WAIT
    spec = kit.get("tcg")
    over = kit.bots.play_out(spec.new_game(["Ana", "Bo"], seed=1),
                             {s: spec.bot_levels()["Random"](seed=2) for s in ("Ana", "Bo")})
    assert over.is_over and undo_offer(over, {"Ana"}, "Ana", False) == undo_offer(over, {"Ana"}, None, False)
    assert undo_offer(over, {"Ana"}, "Ana", False).reason == GAME_OVER


def test_the_card_game_says_no_more_than_the_generic_words_and_an_answer_goes_stale():
    spec = kit.get("tcg")
    game = spec.new_game(["Ana", "Bo"], seed=3)
    bots = {"Bo": spec.bot_levels()["Random"](seed=5)}
    for _ in range(400):                        # Ana (a human) against a bot, until Undo cannot take Ana's move back
        move = kit.bots.next_move(game, bots)
        game.apply(move[1].action if move else game.legal_actions("Ana")[0])
        offer = undo_offer(game, {"Ana"}, "Ana", kit.bots.next_move(game, bots) is not None)
        if offer.reason.startswith("Cannot take back"):
            break
    else:
        raise AssertionError("no hidden card shown after Ana's move in 400 moves")
    assert not hasattr(game, "takeback_refusal") and offer.reason.endswith(HIDDEN_SHOWN)
    # an answer about one position does not apply to the next (a question asked then lapses)
    game = spec.new_game(["Ana", "Bo"], seed=3)
    game.apply(game.legal_actions(game.deciders[0])[0])
    first = undo_offer(game, {"Ana", "Bo"}, None, False)
    assert first.possible and same_question(first, undo_offer(game, {"Ana", "Bo"}, None, False))
    take_back(game, first)
    assert not same_question(first, undo_offer(game, {"Ana", "Bo"}, None, False))
