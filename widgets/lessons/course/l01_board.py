"""Lesson 01, the board: reading rows, columns, controllers; the neutral places."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


@add_position("01/start")
def start() -> mc.Game:
    return mc.scenario(CORPS, countries={"European Union": "Mokia", "Mercosur": "Globbo", "Japan": "Nonintendo",
                                         "China": "Lenogo", "ASEAN": "Globbo", "African Federation": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo", "NAFTA/Media": "Mokia",
                                  "China/Finance": "nationalized", "Great Russia/Oil": "Lenogo"})


add_exercise(
    key="01/safe-company", position=start, corp="Mokia", kinds=("buy",),
    goal="buy a Finance company that no government can ever take away from you.",
    judge=lambda b, a, m: verdict(
        a.company_status("Switzerland/Finance") == "Mokia",
        "Switzerland is neutral: nobody controls it, so no government can act against its company.",
        "That company sits in a country a corp can control (now or after a war, an auction or an "
        "election), and its controller could then turn the government against it. Which country "
        "can nobody ever control?"),
    solution=("Mokia buys Switzerland/Finance",), miss=("Mokia buys NAFTA/Finance",))


@add_example("01/rows")
def rows() -> None:
    game = start()
    for country in game.board.countries:
        kind = "neutral" if country.neutral else (
            f"{country.government.value}, Defense {country.defense}, Force {country.force}")
        print(f"{country.name:21} {kind:36} {', '.join(country.companies)}")
    counts = {i: len(boxes) for i, boxes in game.board.companies_of_industry.items()}
    existing = {i: sum(game.company_status(c) != "absent" for c in boxes)
                for i, boxes in game.board.companies_of_industry.items()}
    print("\nBoxes per industry:", counts)
    print("Companies that exist at the start:", {i: n for i, n in existing.items() if n != counts[i]},
          "(the others: all their boxes)")
    assert existing["Metals"] == 4 and existing["Nanotech"] == 4 and counts["Metals"] == 5
