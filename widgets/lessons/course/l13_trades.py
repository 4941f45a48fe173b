"""Lesson 13, trades (anything, cards included) and leaving a game."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, verdict
from ..opponents import Opponent

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


def deal() -> mc.Game:
    return mc.scenario(CORPS, companies={"Japan/Media": "Mokia", "NAFTA/Media": "Globbo", "China/Metals": "Lenogo"},
                       hands={"Globbo": ["Elections", "Boom"]})


def mokia_answers(game: mc.Game, offer: mc.OfferTrade):
    if "Elections" in offer.give.cards:
        return True, "an Elections card is worth more to it than one Media company"
    if offer.give.money >= 15:
        return True, "15 Euros is its price"
    return False, "it wants 15 Euros, or an Elections card"


def card_for_company(before: mc.Game, after: mc.Game):
    """Judged from the exercise's start: the company is Globbo's and Globbo has as much money."""
    spent = before.money("Globbo") - after.money("Globbo")
    if after.company_status("Japan/Media") != "Globbo":
        return verdict(False, "", "Japan/Media is not yours yet.")
    return verdict(spent <= 0,
                   "A card for a company: anything may be traded, and only things handed over count. (Mokia now "
                   "knows one card that was in your hand.)",
                   f"Japan/Media is yours, but it cost you {spent} Euros since the start.")


add_exercise(
    key="13/card-for-company", position=deal, corp="Globbo", trade_answer=mokia_answers,
    goal="get Mokia's Media company in Japan without spending any money. Mokia sells it for 15 Euros, or for an Elections card.",
    judge=lambda b, a, m: card_for_company(b, a),
    solution=(mc.OfferTrade("Globbo", "Mokia", give=mc.Bundle(cards=("Elections",)),
                            take=mc.Bundle(companies=("Japan/Media",))),),
    miss=(mc.OfferTrade("Globbo", "Mokia", give=mc.Bundle(money=10), take=mc.Bundle(companies=("Japan/Media",))),))


def gift_to_a_friend(game: mc.Game) -> list[mc.Action]:
    return [mc.OfferTrade("Lenogo", "Nonintendo", give=mc.Bundle(money=game.money("Lenogo")))]


def left_as_the_rules_allow(before: mc.Game, after: mc.Game, moves) -> object:
    gave = any(isinstance(m, mc.OfferTrade) for m in moves)
    if "Lenogo" in after.corps:
        return verdict(False, "", "You are still in the game, and real life is still calling.")
    if gave:
        return verdict(False, "", "The rulebook forbids exactly this: handing your things to a friend, then leaving. "
                       "The table cannot tell such a gift from an honest deal, so it let it through; keeping "
                       "to the rule is up to the players.")
    return verdict(True, "You left as the rules allow: your two companies are unowned and China is uncontrolled, "
                   "your card was discarded unseen, and your 50 Euros are gone. The others play on.", "")


add_exercise(
    key="13/leave",
    position=lambda: mc.scenario(["Lenogo", "Mokia", "Globbo", "Nonintendo"], countries={"China": "Lenogo"},
                                 companies={"China/Metals": "Lenogo", "Caliphate/Oil": "Lenogo"},
                                 hands={"Lenogo": ["Boom"]}, money={"Lenogo": 50}),
    corp="Lenogo", kinds=("leave", "pass"), extra=gift_to_a_friend,
    opponents=lambda: {"Nonintendo": Opponent(accept_trades=True)},
    goal="you play Lenogo, and real life calls: leave the game now, the way the rules allow. Nonintendo, your "
         "friend, would love your 50 Euros.",
    judge=left_as_the_rules_allow,
    solution=("Lenogo leaves the game",),
    miss=("Lenogo offers Nonintendo a gift: 50 Euros", "Lenogo leaves the game"))


@add_example("13/deal-promise-departure")
def deal_promise_departure() -> None:
    game = mc.scenario(CORPS, countries={"China": "Lenogo", "Japan": "Nonintendo"},
                       companies={"Japan/Media": "Mokia", "China/Metals": "Lenogo", "Caliphate/Oil": "Lenogo"},
                       hands={"Lenogo": ["Boom"]})
    start = len(game.log)
    game.apply(mc.OfferTrade("Globbo", "Mokia", give=mc.Bundle(money=10), take=mc.Bundle(companies=("Japan/Media",))))
    game.apply(mc.Accept("Mokia"))
    print("Nonintendo pays Lenogo 5 Euros for a promise never to attack Japan...")
    game.apply(mc.OfferTrade("Nonintendo", "Lenogo", give=mc.Bundle(money=5)))
    game.apply(mc.Accept("Lenogo"))
    game.apply(mc.LeaveGame("Lenogo"))
    for entry in game.log[start:]:
        print(entry.text)
    for corp in game.corps:
        print(f"{corp}: {game.money(corp)} Euros")
    assert game.company_status("Japan/Media") == "Globbo" and game.controller("China") is None
