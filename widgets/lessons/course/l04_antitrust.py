"""Lesson 04, buying companies and antitrust: a rival's veto, and the learner's own."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict
from ..opponents import Opponent

CORPS = ["Nonintendo", "Mokia", "Globbo", "Lenogo"]


@add_position("04/aerospace")
def aerospace() -> mc.Game:
    return mc.scenario(CORPS, companies={"Japan/Aerospace": "Nonintendo"},
                       countries={"European Union": "Mokia", "Japan": "Nonintendo"})


def count(game: mc.Game, corp: str, industry: str) -> int:
    return sum(c.endswith("/" + industry) for c in game.companies_of(corp))


add_exercise(
    key="04/second-aerospace", position=aerospace, corp="Nonintendo", kinds=("buy",),
    opponents=lambda: {"Mokia": Opponent(veto=True)},
    goal="end your turn with two Aerospace companies. Mokia vetoes every purchase it can.",
    judge=lambda b, a, m: verdict(
        count(a, "Nonintendo", "Aerospace") == 2,
        "A second Aerospace company, bought where Mokia has no say: a country no rival controls.",
        "You end the turn with one Aerospace company. Where could Mokia not stop you?"),
    solution=("Nonintendo buys European Union/Aerospace", "Nonintendo buys NAFTA/Aerospace"),
    miss=("Nonintendo buys European Union/Aerospace", "Nonintendo passes"))


@add_position("04/guard")
def guard() -> mc.Game:
    return mc.scenario(["Globbo", "Mokia", "Nonintendo"], countries={"European Union": "Mokia"},
                       companies={"NAFTA/Media": "Globbo", "Japan/Media": "Mokia", "Mercosur/Media": "Mokia"})


def globbo_wants_media(game: mc.Game, corp: str):
    if game.state.must_buy:
        return mc.Pass(corp)
    return mc.BuyCompany(corp, "European Union/Media")


add_exercise(
    key="04/guard-your-country", position=guard, corp="Mokia", kinds=("permit", "veto"),
    opponents=lambda: {"Globbo": Opponent(turn=globbo_wants_media), "Nonintendo": Opponent()},
    goal="Globbo, your rival in Media, wants the Media company of your country. Keep it from getting a second Media company this turn.",
    judge=lambda b, a, m: verdict(
        count(a, "Globbo", "Media") == 1,
        "You vetoed it: Globbo already owned a Media company and the European Union is yours, so the "
        "choice was yours. Globbo then had to buy something else or pass.",
        "Globbo now owns two Media companies. You had a say: the European Union is yours and Globbo "
        "already owned a Media company."),
    solution=("Mokia vetoes the purchase",), miss=("Mokia permits the purchase",))


@add_example("04/rulebook-veto")
def rulebook_veto() -> None:
    game = aerospace()
    start = len(game.log)
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    game.apply(mc.Veto("Mokia"))
    game.apply(mc.BuyCompany("Nonintendo", "NAFTA/Aerospace"))
    for entry in game.log[start:]:
        print(entry.text)
    print("Nonintendo has", game.money("Nonintendo"), "Euros")
    assert game.company_status("NAFTA/Aerospace") == "Nonintendo" and game.money("Nonintendo") == 36
