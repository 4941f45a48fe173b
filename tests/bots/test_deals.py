"""Bots judge a deal against the whole table (issue 27): not only whether it raises their own
standing, but what it gives the corp that proposes it, and whether that corp leads."""
from __future__ import annotations

import pytest

import megacorps as mc
from megacorps.bots import LEVELS, next_move
from megacorps.bots.evaluation import evaluate, outlook

FOUR = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]

# Globbo owns two Media companies and wants Mokia's third; Nonintendo, far richer, is Mokia's
# best rival, so Mokia's standing barely minds what Globbo gains.
MEDIA_GRAB = dict(companies={"Japan/Media": "Mokia", "NAFTA/Media": "Globbo", "ASEAN/Media": "Globbo",
                             "Mercosur/Metals": "Nonintendo", "China/Metals": "Nonintendo",
                             "India/Solar": "Lenogo"},
                  money={"Mokia": 30, "Globbo": 60, "Nonintendo": 160, "Lenogo": 30})
GRAB = mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=36), take=mc.Bundle(companies=("Japan/Media",)))


def make(level: str, seed: int = 5):
    cls = LEVELS[level]
    return cls(seed=seed, samples=2) if level == "Mastermind" else cls(seed=seed)


def _gains(position: dict, offer: mc.OfferTrade, judge: str) -> dict[str, float]:
    """What each corp's expected final money (as `judge` sees it) and the two sides' standings gain if
    the offer is accepted."""
    before = mc.scenario(FOUR, **position)
    after = mc.scenario(FOUR, **position)
    after.apply(offer)
    after.apply(mc.Accept(offer.to))
    w0, w1 = outlook(before.state, judge).worth, outlook(after.state, judge).worth
    gains = {c: w1[c] - w0[c] for c in FOUR}
    gains["standing of " + offer.to] = evaluate(after.state, offer.to) - evaluate(before.state, offer.to)
    gains["standing of " + offer.corp] = evaluate(after.state, offer.corp) - evaluate(before.state, offer.corp)
    return gains


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_refuses_an_offer_that_raises_the_offerers_standing_over_its_own_by_a_clear_margin(level):
    """The issue's exploit: Mokia's own standing rises a little (so the bots used to accept), while
    Globbo's rises by several times as much: Mokia refuses and says why in game terms."""
    gains = _gains(MEDIA_GRAB, GRAB, "Mokia")
    assert gains["standing of Mokia"] >= 1  # the old rule (standing up by 1 Euro) accepted it
    assert gains["standing of Globbo"] > 10 * gains["standing of Mokia"]  # a clear margin
    game = mc.scenario(FOUR, **MEDIA_GRAB)
    game.apply(GRAB)
    corp, answer = next_move(game, {"Mokia": make(level)})
    assert corp == "Mokia" and answer.action == mc.Decline("Mokia"), answer
    assert "Globbo would gain" in answer.reason and "Euros" in answer.reason


@pytest.mark.parametrize("level", ["Shrewd", "Mastermind"])
def test_a_bot_still_accepts_a_deal_that_helps_it_more_than_the_offerer(level):
    """The same company sold at a price that leaves Mokia better off than Globbo: accepted."""
    fair = mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=56), take=mc.Bundle(companies=("Japan/Media",)))
    gains = _gains(MEDIA_GRAB, fair, "Mokia")
    assert gains["Mokia"] >= gains["Globbo"]
    game = mc.scenario(FOUR, **MEDIA_GRAB)
    game.apply(fair)
    corp, answer = next_move(game, {"Mokia": make(level)})
    assert answer.action == mc.Accept("Mokia"), answer
