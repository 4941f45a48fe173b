"""Lesson 07, government intervention in the three governments."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict


@add_position("07/three-countries")
def three_countries() -> mc.Game:
    return mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"],
                       countries={"European Union": "Mokia", "Great Russia": "Mokia", "China": "Mokia"},
                       companies={"European Union/Media": "Globbo", "Great Russia/Oil": "Globbo",
                                  "China/Metals": "Globbo", "Mercosur/Metals": "Mokia"})


def metals_per_company(game: mc.Game) -> int:
    return game.board.payout_table[mc.competitors(game.state, "Metals")]


add_exercise(
    key="07/better-metals", position=three_countries, corp="Mokia", kinds=("intervene",),
    goal="make each of your Metals companies earn more at the next Metals payout, for good.",
    judge=lambda b, a, m: verdict(
        metals_per_company(a) > metals_per_company(b) and a.company_status("China/Metals") == "nationalized",
        f"China is a Dictatorship: Globbo's Metals company there is Nationalized, and since you control China "
        f"and own Metals, it no longer competes with you: {metals_per_company(b)} Euros per company became "
        f"{metals_per_company(a)}.",
        f"Metals still pays {metals_per_company(a)} Euros per company. Which government can remove a Metals "
        "competitor for good, without leaving a box for someone to buy?"),
    solution=("Mokia intervenes against China/Metals",),
    miss=("Mokia intervenes against European Union/Media",))


@add_example("07/three-governments")
def three_governments() -> None:
    for company in ["European Union/Media", "Great Russia/Oil", "China/Metals"]:
        game = three_countries()
        start = len(game.log)
        game.apply(mc.Intervene("Mokia", company))
        for entry in game.log[start:]:
            print(entry.text)
        print(f"   {company} is now: {game.company_status(company)}; Globbo has {game.money('Globbo')} Euros\n")
    assert game.company_status("China/Metals") == "nationalized"
