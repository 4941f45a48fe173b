"""Lesson 10, event cards and "any time" play: Oversupply and Shortages."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, money_gained, verdict
from ..opponents import Opponent

SOLAR = ("India/Solar", "Mercosur/Solar", "Caliphate/Solar", "Maghreb/Solar", "African Federation/Solar")


@add_position("10/rival-payout")
def rival_payout() -> mc.Game:
    return mc.scenario(["Globbo", "Mokia", "Nonintendo"], hands={"Mokia": ["Oversupply", "Shortages"]},
                       companies={"NAFTA/Robotics": "Globbo", "European Union/Robotics": "Globbo",
                                  "Japan/Robotics": "Globbo", "India/Robotics": "Globbo", "China/Robotics": "Mokia"})


def globbo_pays_robotics(game: mc.Game, corp: str):
    return mc.PayoutIndustry(corp, "Robotics")


def spoiled(globbo: int):
    """Globbo's 32 Euros (2 competitors, 8 a company) cut, kept, or raised by the learner's cards."""
    if globbo < 32:
        return verdict(True, f"Oversupply counted one more competitor: 3 instead of 2, so 6 Euros per company "
                       f"instead of 8. Globbo earned {globbo} instead of 32 (you lost 2 on your own company: a "
                       "good trade).", "")
    if globbo > 32:
        return verdict(False, "", f"Shortages counts one competitor fewer: 1 instead of 2, 10 Euros a company. "
                       f"Globbo earned {globbo}, more than the 32 it expected.")
    return verdict(False, "", "Globbo earned the full 32 Euros: no card changed the count (or two that cancel "
                   "each other out).")


add_exercise(
    key="10/spoil-a-payout", position=rival_payout, corp="Mokia", kinds=("play", "no-card"),
    opponents=lambda: {"Globbo": Opponent(turn=globbo_pays_robotics), "Nonintendo": Opponent()},
    goal="Globbo calls a payout of Robotics, where it owns four companies and you one. Make Globbo earn less from it. (The preview is off until you have tried: work it out.)",
    preview=False,
    judge=lambda b, a, m: spoiled(money_gained(b, a, "Globbo")),
    solution=("Mokia plays Oversupply",), miss=("Mokia plays Shortages",))


@add_position("10/all-solar")
def all_solar() -> mc.Game:
    return mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Mokia": ["Shortages"]},
                       companies={c: "Mokia" for c in SOLAR})


add_exercise(
    key="10/top-of-the-table", position=all_solar, corp="Mokia", kinds=("payout",),
    goal="earn 60 Euros from one payout. (The preview is off until you have tried: work it out.)",
    preview=False,
    judge=lambda b, a, m: verdict(
        money_gained(b, a, "Mokia") == 60,
        "You own all five Solar companies: one competitor. Shortages took it to zero, the top of the table: "
        "12 Euros per company, 60 in all.",
        f"You earned {money_gained(b, a, 'Mokia')} Euros. Is there a way to count fewer than one competitor?"),
    solution=("Mokia pays out Solar", "Mokia plays Shortages"), miss=("Mokia pays out Solar", "Mokia plays no card"))


@add_example("10/payout-notes")
def payout_notes() -> None:
    solar = all_solar()
    start = len(solar.log)
    solar.apply(mc.PayoutIndustry("Mokia", "Solar"))
    solar.apply(mc.PlayCard("Mokia", "Shortages"))
    for entry in solar.log[start:]:
        print(entry.text)
    assert solar.money("Mokia") == 40 + 5 * 12
    print("\nOversupply at five: five corps own the five Aerospace companies (5 competitors, 3 Euros each).")
    crowded = mc.scenario(["Globbo", "Mokia", "Nonintendo", "Lenogo", "The Mouse", "Windoze"],
                          hands={"Mokia": ["Oversupply"]},
                          companies={"NAFTA/Aerospace": "Globbo", "European Union/Aerospace": "Mokia",
                                     "Japan/Aerospace": "Nonintendo", "China/Aerospace": "Lenogo",
                                     "Great Russia/Aerospace": "The Mouse"})
    start = len(crowded.log)
    crowded.apply(mc.PayoutIndustry("Globbo", "Aerospace"))
    crowded.apply(mc.PlayCard("Mokia", "Oversupply"))
    for corp in ("Lenogo", "The Mouse"):
        crowded.apply(mc.NoCard(corp)) if corp in crowded.deciders else None
    for entry in crowded.log[start:]:
        print(entry.text)
    assert crowded.money("Globbo") == 43
