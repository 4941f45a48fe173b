"""Lesson 02, setting up: the free picks against three computer corps."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, verdict

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


def fresh() -> mc.Game:
    return mc.new_game(CORPS, seed=3)


def greedy_rivals() -> dict:
    return {c: mc.bots.GreedyBot(seed=i) for i, c in enumerate(CORPS[1:])}


def good_start(before, after, moves):
    mine = after.companies_of("Mokia")
    industries = {c.split("/")[1] for c in mine}
    exposed = [c for c in mine if (after.controller(c.split("/")[0]) or "Mokia") != "Mokia"]
    if len(industries) != 1:
        return verdict(False, "", f"Your companies are in {len(industries)} industries: each payout pays only one of them.")
    if exposed:
        return verdict(False, "", f"Same industry, good; but {exposed[0]} is in a country a rival controls: "
                       "its government could take it from you (lesson 07).")
    return verdict(True, "Two companies in one industry, and no rival controls their countries: each payout "
                   "of that industry pays you twice, and no rival government can take them.", "")


add_exercise(
    key="02/free-picks", position=fresh, corp="Mokia", kinds=("pick",), opponents=greedy_rivals,
    until=lambda g: g.state.phase == "rounds",
    goal="start with two companies of the same industry, neither of them in a country a rival controls.",
    judge=good_start,
    solution=("Mokia picks India/Robotics", "Mokia picks European Union/Robotics"),
    miss=("Mokia picks India/Robotics", "Mokia picks Japan/Robotics"))


@add_example("02/setup-log")
def setup_log() -> None:
    game = fresh()
    for entry in game.log:
        print(entry.text)
    print()
    for corp in game.corps:
        print(f"{corp:11} controls {', '.join(game.state.countries_of(corp)):30} "
              f"{len(game.hand(corp))} card(s), {game.money(corp)} Euros, {game.mercenaries(corp)} mercenary")
    for players, size in sorted(game.board.deck_size_by_players.items()):
        print(f"{players} players: a deck of {size} cards, so {size} rounds")
    assert game.deck_size == 16 and [len(game.hand(c)) for c in CORPS] == [1, 0, 1, 0]
