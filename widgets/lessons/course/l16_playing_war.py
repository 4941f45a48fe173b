"""Lesson 16, playing well: war arithmetic, mercenaries, deals and threats."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict
from ..opponents import Opponent

CORPS = ["Lenogo", "Globbo", "Nonintendo", "Mokia"]
DECK = ["Boom", "Elections", "Revolution", "L-5", "Asteroid", "Privatization"]


@add_position("16/campaign")
def campaign() -> mc.Game:
    return mc.scenario(CORPS, countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"},
                       companies={"Great Russia/Defense": "Lenogo", "Japan/Electronics": "Nonintendo"},
                       mercenaries={"Lenogo": 2, "Globbo": 2, "Nonintendo": 1, "Mokia": 0}, deck=DECK)


add_exercise(
    key="16/plan-a-war", position=campaign, corp="Lenogo",
    opponents=lambda: {"Globbo": Opponent(support="defender"), "Nonintendo": Opponent(), "Mokia": Opponent()},
    until=lambda g: not g.state.frames and (g.controller("Japan") == "Lenogo" or g.round == 3
                                            or g.mercenaries("Lenogo") == 0),
    goal="take Japan from Nonintendo within two of your turns. Globbo always sends all its mercenaries to the defender.",
    judge=lambda b, a, m: verdict(
        a.controller("Japan") == "Lenogo",
        "You counted the defense as it would really be: Japan's 4, Nonintendo's 1 and Globbo's 2 = 7. Buying "
        "first (1 free from your Defense company, 3 at 1 Euro) gave you 2 + 6 = 8.",
        "Japan is not yours. Count Japan's real defense: its Defense, Nonintendo's mercenaries, and what Globbo "
        "will send. Then count what you can reach."),
    solution=(mc.BuyMercenaries("Lenogo", from_box=3, ask_owners=False), "Lenogo launches a war on Japan",
              "Lenogo intervenes against Japan/Electronics"),
    miss=("Lenogo launches a war on Japan",))


@add_position("16/others-war")
def others_war() -> mc.Game:
    return mc.scenario(["Lenogo", "Mokia", "Nonintendo"], countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"},
                       mercenaries={"Lenogo": 3, "Mokia": 2, "Nonintendo": 2}, deck=DECK)


add_exercise(
    key="16/let-them-fight", position=others_war, corp="Mokia", kinds=("support", "stay-out"),
    opponents=lambda: {"Lenogo": Opponent(turn=lambda g, c: mc.LaunchWar(c, "Japan")), "Nonintendo": Opponent()},
    goal="your two rivals go to war. Come out of it with more mercenaries than either of them.",
    judge=lambda b, a, m: verdict(
        a.mercenaries("Mokia") > max(a.mercenaries("Lenogo"), a.mercenaries("Nonintendo")),
        f"You stayed out: Nonintendo's 2 were wiped out and Lenogo lost as many, keeping "
        f"{a.mercenaries('Lenogo')}. Your 2 are now the biggest force on the board.",
        f"You have {a.mercenaries('Mokia')} mercenaries, Lenogo {a.mercenaries('Lenogo')}, Nonintendo "
        f"{a.mercenaries('Nonintendo')}. Mercenaries sent into a war fight, and die, like the others."),
    solution=("Mokia stays out of the war",), miss=("Mokia sends 2 mercenaries to the defender",))


@add_position("16/threat")
def threat() -> mc.Game:
    return mc.scenario(["Nonintendo", "Lenogo", "Mokia"], countries={"Japan": "Nonintendo", "Great Russia": "Lenogo"},
                       companies={"Japan/Media": "Nonintendo"},
                       mercenaries={"Nonintendo": 0, "Lenogo": 3, "Mokia": 0}, deck=DECK)


add_exercise(
    key="16/call-the-bluff", position=threat, corp="Nonintendo", kinds=("mercenaries", "pass", "buy"),
    opponents=lambda: {"Lenogo": Opponent(turn=lambda g, c: mc.LaunchWar(c, "Japan")), "Mokia": Opponent()},
    until=lambda g: g.round == 2,
    goal="Lenogo (Great Russia, 3 mercenaries) says it will attack Japan unless you pay it 6 Euros, and promises are never binding. Keep Japan, spending as little as you can.",
    judge=lambda b, a, m: verdict(
        a.controller("Japan") == "Nonintendo" and b.money("Nonintendo") - a.money("Nonintendo") <= 1,
        "One mercenary at 1 Euro made Japan's defense 4 + 1 = 5 against Lenogo's 2 + 3 = 5: a tie, and ties go "
        "to the defender. Cheaper than 6 Euros, and it does not depend on Lenogo keeping its word.",
        ("Japan is Lenogo's now: its 5 beat your 4." if a.controller("Japan") != "Nonintendo" else
         f"Japan held, but it cost you {b.money('Nonintendo') - a.money('Nonintendo')} Euros.")),
    solution=(mc.BuyMercenaries("Nonintendo", from_box=1, ask_owners=False),), miss=("Nonintendo passes",))


@add_position("16/war-pause")
def war_pause() -> mc.Game:
    game = mc.scenario(["Lenogo", "Globbo", "Nonintendo", "Mokia"], countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"},
                       mercenaries={"Lenogo": 3, "Globbo": 2, "Nonintendo": 0, "Mokia": 0})
    game.apply(mc.LaunchWar("Lenogo", "Japan"))
    return game


def lenogo_buys(game: mc.Game, offer: mc.OfferTrade):
    fair = offer.give.mercenaries > 0 and offer.take.money <= 3 * offer.give.mercenaries and not offer.take.companies
    return fair, ("3 Euros a mercenary is its limit" if not fair else "the mercenaries are worth it to win Japan")


add_exercise(
    key="16/sell-in-a-war", position=war_pause, corp="Globbo", trade_answer=lenogo_buys,
    goal="Lenogo has just attacked Japan. Sell Lenogo your 2 mercenaries for as much as it will pay (it pays at most 3 Euros for one).",
    judge=lambda b, a, m: verdict(
        a.money("Globbo") - b.money("Globbo") == 6,
        "6 Euros for 2 mercenaries: during the pause before a war, anyone may give or sell mercenaries to "
        "either side. (Now Lenogo attacks with 7 against Japan's 4.)",
        f"You earned {a.money('Globbo') - b.money('Globbo')} Euros."),
    solution=(mc.OfferTrade("Globbo", "Lenogo", give=mc.Bundle(mercenaries=2), take=mc.Bundle(money=6)),),
    miss=(mc.OfferTrade("Globbo", "Lenogo", give=mc.Bundle(mercenaries=2), take=mc.Bundle(money=8)),))


@add_position("16/seller")
def seller() -> mc.Game:
    return mc.scenario(["Nonintendo", "Windoze", "Mokia"], companies={"Caliphate/Defense": "Windoze"},
                       money={"Nonintendo": 30})


def buyer_turn(game: mc.Game, corp: str):
    return mc.BuyMercenaries(corp, from_box=0, ask_owners=True)


add_exercise(
    key="16/sell-dear", position=seller, corp="Windoze", kinds=("offer-mercenaries",),
    opponents=lambda: {"Nonintendo": Opponent(turn=buyer_turn, pays=3), "Mokia": Opponent()},
    goal="Nonintendo wants a mercenary from your Defense company, and never pays more than 3 Euros for one. Earn as much as you can from the sale.",
    judge=lambda b, a, m: verdict(
        a.money("Windoze") - b.money("Windoze") == 3,
        "3 Euros: the most Nonintendo would pay, and the money goes to you, not to the bank.",
        f"You earned {a.money('Windoze') - b.money('Windoze')} Euros. Too low leaves money on the table; too "
        "high and the buyer declines."),
    solution=("Windoze offers 1 mercenary for 3 Euros",), miss=("Windoze offers 1 mercenary for 4 Euros",))


@add_example("16/war-arithmetic")
def war_arithmetic() -> None:
    game = campaign()
    attack, defense, mercs = mc.war_totals(game.state, "Lenogo", "Japan")
    print(f"Lenogo attacking Japan now: {attack} against {defense} ({mercs} of them Nonintendo's mercenaries),")
    print("plus the 2 Globbo will send to the defender:", defense + 2)
    game.apply(mc.BuyMercenaries("Lenogo", from_box=3))
    attack, defense, _ = mc.war_totals(game.state, "Lenogo", "Japan")
    print(f"After buying 4 more mercenaries: {attack} against {defense} + 2 = {defense + 2}")
    assert attack == 8 and defense + 2 == 7
