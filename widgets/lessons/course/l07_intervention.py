"""Lesson 07, government intervention in the three governments."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict


@add_position("07/three-countries")
def three_countries() -> mc.Game:
    return mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"],
                       countries={"Mercosur": "Mokia", "Great Russia": "Mokia", "China": "Mokia"},
                       companies={"African Federation/Metals": "Mokia", "Mercosur/Metals": "Nonintendo",
                                  "Great Russia/Metals": "Lenogo", "China/Metals": "Globbo"})


def mokia_metals(game: mc.Game) -> int:
    """What Mokia would earn if Metals paid out now."""
    return mc.payout_amounts(game.state, "Metals").get("Mokia", 0)


def better_metals(before: mc.Game, after: mc.Game, moves) -> object:
    """Each government's outcome, and why the two that lose do (rulebook, Government Intervention)."""
    now, then = mokia_metals(after), mokia_metals(before)
    if after.company_status("Great Russia/Metals") == "Mokia":
        return verdict(True, f"Great Russia is a Kleptocracy: Lenogo's company is now yours. Lenogo no longer "
                       f"competes and you own two companies: 3 competitors, 6 Euros each, {now} for you "
                       f"instead of {then}.", "")
    if after.company_status("China/Metals") == "nationalized":
        return verdict(False, "", f"China is a Dictatorship: Globbo's company is Nationalized, and since you "
                       f"control China and own Metals it no longer competes with you: {now} Euros instead of "
                       f"{then}. Better, but one of your other countries would also have given you a company.")
    if after.company_status("Mercosur/Metals") == "unowned":
        return verdict(False, "", f"Mercosur is a Democracy: the forced sale leaves an unowned box, and an unowned "
                       f"box competes just as Nonintendo did. Still 4 competitors: {now} Euros, and Nonintendo "
                       "was paid 4.")
    return verdict(False, "", f"Metals still pays you {now} Euros.")


add_exercise(
    key="07/better-metals", position=three_countries, corp="Mokia", kinds=("intervene",),
    goal="make your Metals companies earn as much as you can at the next Metals payout (you would earn 4 Euros now).",
    judge=better_metals,
    solution=("Mokia intervenes against Great Russia/Metals",),
    miss=("Mokia intervenes against China/Metals",))


@add_example("07/three-governments")
def three_governments() -> None:
    earned = {}
    for company in ["Mercosur/Metals", "Great Russia/Metals", "China/Metals"]:
        game = three_countries()
        start = len(game.log)
        game.apply(mc.Intervene("Mokia", company))
        for entry in game.log[start:]:
            print(entry.text)
        earned[company] = mokia_metals(game)
        print(f"   {company} is now: {game.company_status(company)}; {mc.competitors(game.state, 'Metals')} "
              f"Metals competitors for Mokia, who would earn {earned[company]} Euros\n")
    assert earned == {"Mercosur/Metals": 4, "Great Russia/Metals": 12, "China/Metals": 6}
