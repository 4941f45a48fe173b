"""An auction a bot calls is one it bids in (issue 27): the look-ahead that decides whether to
play Greedy Kleptocrats and the bid the bot then makes rest on one valuation of the country."""
from __future__ import annotations

import megacorps as mc
from megacorps.bots import LEVELS, next_move
from megacorps.bots.evaluation import evaluate
from megacorps.bots.knowledge import public_sim
from megacorps.bots.lookahead import after, control_worth, default_answer, guess_bid, planned_bid

SEATS = ["Lenogo", "Mokia", "Globbo", "Nonintendo"]
# Globbo holds African Federation (a Kleptocracy) and its Metals company; Lenogo, to act, holds
# Greedy Kleptocrats.
POSITION = dict(
    countries={"European Union": "Mokia", "Japan": "Nonintendo", "Mercosur": "Globbo", "China": "Lenogo",
               "ASEAN": "Mokia", "African Federation": "Globbo"},
    companies={"NAFTA/Biotech": "Mokia", "NAFTA/Software": "Nonintendo", "European Union/Nanotech": "Lenogo",
               "Japan/Nanotech": "Nonintendo", "Mercosur/Metals": "Nonintendo", "Great Russia/Aerospace": "Lenogo",
               "Great Russia/Metals": "Globbo", "Great Russia/Nanotech": "Globbo", "ASEAN/Nanotech": "Mokia",
               "African Federation/Metals": "Globbo"},
    money={"Mokia": 40, "Globbo": 36, "Nonintendo": 36, "Lenogo": 40},
    mercenaries={"Mokia": 1, "Globbo": 1, "Nonintendo": 1, "Lenogo": 0},
    hands={"Globbo": ["Vote of No Confidence"], "Nonintendo": ["Elections"], "Lenogo": ["Greedy Kleptocrats"]})
CALL = mc.PlayCard("Lenogo", "Greedy Kleptocrats", "African Federation")


def _auction() -> mc.Game:
    game = mc.scenario(SEATS, **POSITION)
    game.apply(CALL)
    assert type(game.state.top_frame).__name__ == "AuctionFrame"
    return game


def test_the_look_ahead_foresees_the_bid_the_bot_then_makes():
    """The caller's look-ahead answers its own bid with the bid rule it will use (the middle of
    its small random margin), and the bot's real bid is that give or take a Euro."""
    game = _auction()
    sim = public_sim(game, "Lenogo")
    foreseen = default_answer(sim, "Lenogo", me="Lenogo")
    assert foreseen.amount == planned_bid(sim.state, "Lenogo", "African Federation")[0] > 0
    for seed in range(6):
        real = LEVELS["Shrewd"](seed=seed).decide(game, "Lenogo").action
        assert isinstance(real, mc.Bid) and abs(real.amount - foreseen.amount) <= 1


def test_the_holder_of_a_country_is_expected_to_bid_to_keep_it():
    """A country's holder stands to lose what it takes there: the look-ahead expects it to bid
    (it used to expect 0 from the holder, so a card seemed to win a country its holder kept)."""
    state = mc.scenario(SEATS, **POSITION).state
    assert control_worth(state, "Globbo", "African Federation") > 2
    assert guess_bid(state, "Globbo", "African Federation") > 0


def test_the_gain_a_bot_expects_from_calling_an_auction_is_what_it_gets_against_bots_that_bid_as_it_does():
    game = mc.scenario(SEATS, **POSITION)
    bots = {c: LEVELS["Shrewd"](seed=i) for i, c in enumerate(SEATS)}
    before = evaluate(game.state, "Lenogo")
    expected = evaluate(after(public_sim(game, "Lenogo"), CALL, "Lenogo").state, "Lenogo") - before
    corp, play = next_move(game, bots)
    assert corp == "Lenogo" and play.action == CALL, play
    game.apply(play.action)
    while type(game.state.top_frame).__name__ == "AuctionFrame":
        corp, bid = next_move(game, bots)
        game.apply(bid.action)
    assert game.state.controllers["African Federation"] == "Lenogo"
    assert abs(evaluate(game.state, "Lenogo") - before - expected) < 3
