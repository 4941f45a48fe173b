"""Lesson 03, a round: one action each, one payout action per round."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, money_gained, verdict
from ..opponents import Opponent

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


@add_position("03/race")
def race() -> mc.Game:
    return mc.scenario(CORPS, companies={"Mercosur/Oil": "Mokia", "Caliphate/Oil": "Mokia",
                                         "NAFTA/Robotics": "Globbo", "Japan/Robotics": "Globbo",
                                         "India/Robotics": "Globbo", "China/Metals": "Lenogo"},
                       deck=["Boom", "Elections", "Revolution"])


def globbo_pays_robotics(game: mc.Game, corp: str):
    return mc.PayoutIndustry(corp, "Robotics")


def rivals() -> dict:
    return {"Globbo": Opponent(turn=globbo_pays_robotics), "Nonintendo": Opponent(), "Lenogo": Opponent()}


def blocked(before: mc.Game, after: mc.Game, moves) -> object:
    earned = money_gained(before, after, "Globbo")
    if earned == 0:
        return verdict(True, "Only one Payout Industry action may be taken per round: by calling one first, you "
                       "closed the door on Globbo until next round.", "")
    if mc.PayoutIndustry("Mokia", "Robotics") in moves:
        return verdict(False, "", f"You called the Robotics payout yourself, and Globbo's three companies earned "
                       f"it {earned} Euros all the same. Which payout would have closed the door without paying "
                       "Globbo?")
    return verdict(False, "", f"Globbo paid out Robotics and earned {earned} Euros. What could you do, as the "
                   "first to act, that leaves Globbo unable to call a payout this round?")


add_exercise(
    key="03/block-the-payout", position=race, corp="Mokia", opponents=rivals,
    until=lambda g: g.round == 2,
    goal="Globbo, who acts right after you, is about to cash in its three Robotics companies. Stop it from doing so this round.",
    judge=blocked,
    solution=("Mokia pays out Oil",), miss=("Mokia buys India/Software",))


@add_example("03/one-round")
def one_round() -> None:
    game = race()
    start = len(game.log)
    game.apply(mc.BuyCompany("Mokia", "India/Software"))
    game.apply(mc.PayoutIndustry("Globbo", "Robotics"))
    try:
        game.apply(mc.PayoutIndustry("Nonintendo", "Oil"))
    except mc.IllegalAction as refusal:
        print("Refused:", str(refusal).split(": ", 1)[1])
    game.apply(mc.Pass("Nonintendo"))
    game.apply(mc.Pass("Lenogo"))
    for entry in game.log[start:]:
        print(entry.text)
    assert game.active_corp == "Globbo" and game.round == 2 and game.money("Globbo") == 40 + 3 * 6
