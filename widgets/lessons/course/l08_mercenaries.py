"""Lesson 08, mercenaries: buying them, selling them, Clone Soldiers."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict
from ..opponents import Opponent

SIX = ["Nonintendo", "Lenogo", "The Mouse", "Windoze", "Mokia", "Globbo"]


@add_position("08/rulebook")
def rulebook() -> mc.Game:
    return mc.scenario(SIX, countries={"China": "Lenogo"},
                       companies={"China/Defense": "nationalized", "Caliphate/Defense": "The Mouse",
                                  "Maghreb/Defense": "Windoze", "Great Russia/Defense": "Lenogo"},
                       mercenaries={corp: 0 for corp in mc.CORPS})


def sellers() -> dict:
    return {"Lenogo": Opponent(price=None), "The Mouse": Opponent(price=0), "Windoze": Opponent(price=4),
            "Mokia": Opponent(), "Globbo": Opponent()}


def most_for_three(before, after, moves):
    got = after.mercenaries("Nonintendo")
    spent = before.money("Nonintendo") - after.money("Nonintendo")
    if spent > 3:
        return verdict(False, "", f"You spent {spent} Euros: more than 3.")
    return verdict(got == 3, "3 mercenaries for 2 Euros: two from the unowned and Nationalized Defense "
                   "companies at 1 Euro each, and The Mouse's as a gift. Windoze's, at 4 Euros, was too dear.",
                   f"You have {got} mercenaries. Did you ask the owners of Defense companies to sell?")


add_exercise(
    key="08/three-for-three", position=rulebook, corp="Nonintendo", kinds=("mercenaries",), opponents=sellers,
    goal="get as many mercenaries as you can while spending at most 3 Euros. The other owners answer at once.",
    judge=most_for_three,
    solution=(mc.BuyMercenaries("Nonintendo", from_box=2, ask_owners=True), "Nonintendo accepts the offer",
              "Nonintendo declines the offer"),
    miss=(mc.BuyMercenaries("Nonintendo", from_box=2, ask_owners=False),))


@add_position("08/clones")
def clones() -> mc.Game:
    return mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Mokia": ["Clone Soldiers"]},
                       companies={"NAFTA/Defense": "Mokia", "India/Biotech": "Mokia", "European Union/Biotech": "Mokia"},
                       mercenaries={"Mokia": 0, "Globbo": 0, "Nonintendo": 0})


add_exercise(
    key="08/clone-soldiers", position=clones, corp="Mokia",
    goal="end your turn with 3 mercenaries without spending a Euro.",
    judge=lambda b, a, m: verdict(
        a.mercenaries("Mokia") == 3 and a.money("Mokia") == b.money("Mokia"),
        "With Clone Soldiers played, your two Biotech companies give free mercenaries like your Defense "
        "company: 3, for nothing. Its effect lasts for the rest of the game, for everyone.",
        f"You have {a.mercenaries('Mokia')} mercenaries and spent {b.money('Mokia') - a.money('Mokia')} Euros. "
        "Look at your hand."),
    solution=("Mokia plays Clone Soldiers", mc.BuyMercenaries("Mokia", from_box=0, ask_owners=False)),
    miss=(mc.BuyMercenaries("Mokia", from_box=0, ask_owners=False),))


@add_example("08/rulebook-purchase")
def rulebook_purchase() -> None:
    game = rulebook()
    start = len(game.log)
    game.apply(mc.BuyMercenaries("Nonintendo", from_box=2, ask_owners=True))
    game.apply(mc.OfferMercenaries("Lenogo", 0, 0))
    game.apply(mc.OfferMercenaries("The Mouse", 1, 0))
    game.apply(mc.Accept("Nonintendo"))
    game.apply(mc.OfferMercenaries("Windoze", 1, 4))
    game.apply(mc.Decline("Nonintendo"))
    for entry in game.log[start:]:
        print(entry.text)
    print(f"Nonintendo: {game.money('Nonintendo')} Euros, {game.mercenaries('Nonintendo')} mercenaries")
    assert (game.money("Nonintendo"), game.mercenaries("Nonintendo")) == (38, 3)
