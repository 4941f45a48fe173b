"""Lesson 05, payouts and counting competitors."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, money_gained, verdict

SIX = list(mc.CORPS)


@add_position("05/two-industries")
def two_industries() -> mc.Game:
    return mc.scenario(["Globbo", "Lenogo", "Mokia", "Nonintendo"],
                       countries={"Maghreb": "Globbo", "Caliphate": "Globbo", "African Federation": "Globbo"},
                       governments={"African Federation": "Dictatorship"},
                       companies={"NAFTA/Robotics": "Globbo", "Japan/Robotics": "Globbo", "India/Robotics": "Globbo",
                                  "China/Robotics": "Mokia", "European Union/Robotics": "Nonintendo",
                                  "India/Solar": "Globbo", "Mercosur/Solar": "Globbo", "Maghreb/Solar": "nationalized",
                                  "Caliphate/Solar": "nationalized", "African Federation/Solar": "nationalized"})


add_exercise(
    key="05/best-payout", position=two_industries, corp="Globbo", kinds=("payout",), preview=False,
    goal="earn the most Euros you can with one payout (count before you choose: the preview is off).",
    judge=lambda b, a, m: verdict(
        money_gained(b, a, "Globbo") == 20,
        "Solar: the three Nationalized companies are in your countries and do not compete with you, so you are "
        "the only competitor: 10 Euros per company, 20 for your two. Robotics would have paid 6 per company "
        "(three competitors), 18.",
        f"You earned {money_gained(b, a, 'Globbo')} Euros. Count the competitors of each industry you own: "
        "which one has the fewest?"),
    solution=("Globbo pays out Solar",), miss=("Globbo pays out Robotics",))


@add_position("05/oil")
def oil() -> mc.Game:
    return mc.scenario(["Globbo", "Lenogo", "Mokia", "Nonintendo"], countries={"Maghreb": "Lenogo"},
                       companies={"Mercosur/Oil": "Globbo", "Great Russia/Oil": "Globbo",
                                  "Caliphate/Oil": "Lenogo", "Maghreb/Oil": "nationalized"})


def _print_payout(game: mc.Game, industry: str) -> dict[str, int]:
    count = mc.competitors(game.state, industry)
    per = game.board.payout_table[count]
    amounts = mc.payout_amounts(game.state, industry)
    print(f"{industry}: {count} competitor{'s' if count != 1 else ''}, {per} Euros per company: "
          + (", ".join(f"{c} {e}" for c, e in amounts.items()) or "nobody owns a company there"))
    return amounts


@add_example("05/rulebook")
def rulebook_examples() -> None:
    print("Example one: The Mouse owns the four Nanotech companies that exist (L-5's does not yet).")
    nanotech = mc.scenario(SIX, companies={c: "The Mouse" for c in ("European Union/Nanotech", "Japan/Nanotech",
                                                                    "Great Russia/Nanotech", "ASEAN/Nanotech")})
    assert _print_payout(nanotech, "Nanotech") == {"The Mouse": 40}
    print("\nExample two: Mokia owns two Aerospace companies, Nonintendo one, Windoze two.")
    aero = mc.scenario(SIX, companies={"NAFTA/Aerospace": "Mokia", "European Union/Aerospace": "Mokia",
                                       "Japan/Aerospace": "Nonintendo", "China/Aerospace": "Windoze",
                                       "Great Russia/Aerospace": "Windoze"})
    assert _print_payout(aero, "Aerospace") == {"Mokia": 12, "Nonintendo": 6, "Windoze": 12}
    print("\nExample three: Lenogo owns two Finance companies, Globbo one, one is unowned, and China's is")
    print("Nationalized while Lenogo controls China.")
    finance = dict(companies={"NAFTA/Finance": "Lenogo", "European Union/Finance": "Lenogo",
                              "Caliphate/Finance": "Globbo", "China/Finance": "nationalized"})
    assert _print_payout(mc.scenario(SIX, countries={"China": "Lenogo"}, **finance), "Finance") == {"Lenogo": 12, "Globbo": 6}
    print("...and if nobody controlled China, its Nationalized company would count again:")
    assert _print_payout(mc.scenario(SIX, countries={"China": None}, **finance), "Finance") == {"Lenogo": 8, "Globbo": 4}
    print("\nThe self-check's Oil position:")
    assert _print_payout(oil(), "Oil") == {"Globbo": 12, "Lenogo": 6}
