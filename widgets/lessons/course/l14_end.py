"""Lesson 14, the end of the game: the final round and the final payouts."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict


@add_position("14/last-round")
def last_round() -> mc.Game:
    return mc.scenario(["Mokia", "Globbo", "Nonintendo"], deck=[], round=18,
                       companies={"NAFTA/Media": "Mokia", "European Union/Media": "Mokia",
                                  "Great Russia/Oil": "Globbo", "ASEAN/Oil": "Globbo", "Mercosur/Oil": "Globbo",
                                  "Japan/Robotics": "Nonintendo"},
                       money={"Mokia": 60, "Globbo": 52, "Nonintendo": 66})


add_exercise(
    key="14/last-action", position=last_round, corp="Nonintendo", until=lambda g: g.is_over, preview=False,
    goal="the deck is empty: this is the final round. Mokia and Globbo pass. Win the game with your last action.",
    judge=lambda b, a, m: verdict(
        a.winners() == ["Nonintendo"],
        f"You won with {a.money('Nonintendo')} Euros. Before acting, add up what the final payouts will give "
        "everyone: a last purchase or payout changes both your money and the count of competitors.",
        f"{' and '.join(a.winners())} won: {a.scores()}. Work out the final payouts first."),
    solution=("Nonintendo pays out Robotics",), miss=("Nonintendo passes",))


@add_example("14/draw-and-wasted-card")
def draw_and_wasted_card() -> None:
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], deck=[], hands={"Nonintendo": ["Shortages"]},
                       companies={"Mercosur/Oil": "Globbo"}, money={"Mokia": 50, "Globbo": 47, "Nonintendo": 30})
    start = len(game.log)
    while not game.is_over:  # the last action, then a last call for any-time cards: all pass
        game.apply(mc.Pass(game.deciders[0]))
    for entry in game.log[start:]:
        print(entry.text)
    print("Nonintendo's Shortages was never played: it only works on a payout, and no card may be played")
    print("during the final payouts.")
    assert game.is_over and game.winners() == ["Mokia", "Globbo"]
    print("\nAnd the final round above, if everybody passes:")
    everyone_passes = last_round()
    while not everyone_passes.is_over:
        everyone_passes.apply(mc.Pass(everyone_passes.deciders[0]))
    print(everyone_passes.scores(), "winner:", everyone_passes.winners())
    assert everyone_passes.winners() == ["Globbo"]
