"""Lesson 06, the Paid card."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, money_gained, verdict

CORPS = ["Globbo", "Nonintendo", "Lenogo", "Mokia"]


@add_position("06/oil")
def oil() -> mc.Game:
    return mc.scenario(CORPS, paid="Mokia", hands={"Globbo": ["Boom"]},
                       companies={"Mercosur/Oil": "Globbo", "ASEAN/Oil": "Globbo", "Caliphate/Oil": "Globbo",
                                  "NAFTA/Robotics": "Mokia", "European Union/Robotics": "Mokia"},
                       deck=["Elections", "Revolution", "Privatization"])


add_exercise(
    key="06/two-payouts", position=oil, corp="Globbo",
    goal="make your three Oil companies pay out twice before your turn ends.",
    judge=lambda b, a, m: verdict(
        money_gained(b, a, "Globbo") == 36,
        "Boom paid Oil without using the round's Payout Industry action, then your action paid it again: "
        "2 x 18 Euros. You now hold the Paid card (the action took it; the card's payout did not).",
        f"You earned {money_gained(b, a, 'Globbo')} Euros. A card's payout is not the round's payout action: "
        "the order in which you use them matters, since your action ends your turn."),
    solution=("Globbo plays Boom on Oil", "Globbo pays out Oil"), miss=("Globbo pays out Oil",))


@add_example("06/card-changes-hands")
def card_changes_hands() -> None:
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"], paid="Mokia", hands={"Mokia": ["Boom"]},
                       companies={"NAFTA/Robotics": "Mokia", "European Union/Robotics": "Mokia",
                                  "Mercosur/Oil": "Globbo", "ASEAN/Oil": "Globbo", "Caliphate/Oil": "Globbo"},
                       deck=["Elections", "Revolution", "Privatization"])
    start = len(game.log)
    print("Mokia holds the Paid card. May it call a payout?",
          any(a.kind == "payout" for a in game.legal_actions("Mokia")))
    game.apply(mc.PlayCard("Mokia", "Boom", "Robotics"))
    game.apply(mc.Pass("Mokia"))
    game.apply(mc.PayoutIndustry("Globbo", "Oil"))
    for entry in game.log[start:]:
        print(entry.text)
    print("The Paid card is now with", game.paid_holder, "- Mokia may call a payout again.")
    assert game.paid_holder == "Globbo"
