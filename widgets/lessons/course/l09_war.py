"""Lesson 09, war: choosing a target, the winner's intervention, sending and selling mercenaries."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict
from ..opponents import Opponent

CORPS = ["Lenogo", "Globbo", "Nonintendo", "Mokia"]


@add_position("09/attack")
def attack() -> mc.Game:
    return mc.scenario(CORPS, countries={"Great Russia": "Lenogo", "Japan": "Nonintendo", "Mercosur": "Globbo"},
                       companies={"Japan/Electronics": "Nonintendo", "Mercosur/Oil": "Globbo"},
                       mercenaries={"Lenogo": 3, "Globbo": 2, "Nonintendo": 0, "Mokia": 0})


def totals(game: mc.Game, attacker: str, target: str) -> tuple[int, int]:
    """Attack (the Force of every country the attacker controls, plus its mercenaries) and defense (the
    target's Defense, plus its controller's mercenaries), before anyone sends more (rulebook, Launch a War)."""
    board = game.board.country_by_name
    attack = sum(board[c].force for c in game.state.countries_of(attacker)) + game.mercenaries(attacker)
    holder = game.controller(target)
    return attack, board[target].defense + (game.mercenaries(holder) if holder else 0)


def war_told(before: mc.Game, after: mc.Game, moves) -> object:
    war = next((m for m in moves if isinstance(m, mc.LaunchWar)), None)
    if war is None:
        return verdict(False, "", "You launched no war.")
    attack, defense = totals(before, "Lenogo", war.country)
    won = after.controller(war.country) == "Lenogo"
    if won and after.company_status("Japan/Electronics") != "Nonintendo":
        return verdict(True, f"Japan: your {attack} (Force 2 + 3 mercenaries) beat its {defense} (Defense 4, no "
                       "mercenaries). As the winner you intervened against Nonintendo's company there, as Japan's "
                       "government (a Democracy) does.", "")
    holder = before.controller(war.country)
    if won and holder is None:
        return verdict(False, "", f"You took {war.country}, {attack} against {defense}, but nobody controlled it: "
                       "there is no loser, so no company to take (no intervention after a war on an "
                       "uncontrolled country). The goal was a rival's country.")
    if won:
        return verdict(False, "", f"You won {war.country}, {attack} against {defense}, but the loser's company "
                       "is still there: the winner may intervene against one of them.")
    defenders = f"{holder}'s mercenaries" if holder else "nobody's mercenaries"
    return verdict(False, "", f"{war.country}: your {attack} (Force + mercenaries) against its {defense} "
                   f"(Defense + {defenders}): "
                   + ("a tie goes to the defender." if attack == defense else "the defense was stronger.")
                   + " Work out both totals for each target before you launch.")


add_exercise(
    key="09/win-a-war", position=attack, corp="Lenogo", kinds=("war",),
    preview=False,
    goal="win a war against a rival this turn, and take one of the loser's companies away. (The preview is off until you have tried: work it out.)",
    judge=war_told,
    solution=("Lenogo launches a war on Japan", "Lenogo intervenes against Japan/Electronics"),
    miss=("Lenogo launches a war on Mercosur",))


def lenogo_attacks_japan(game: mc.Game, corp: str):
    return mc.LaunchWar(corp, "Japan")


@add_position("09/ally")
def ally() -> mc.Game:
    return mc.scenario(CORPS, countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"},
                       mercenaries={"Lenogo": 3, "Globbo": 2, "Nonintendo": 0, "Mokia": 0})


add_exercise(
    key="09/defend-an-ally", position=ally, corp="Globbo", kinds=("support", "stay-out"),
    opponents=lambda: {"Lenogo": Opponent(turn=lenogo_attacks_japan), "Nonintendo": Opponent(), "Mokia": Opponent()},
    goal="Lenogo attacks Japan, held by Nonintendo, your ally. Make sure Japan stays Nonintendo's, losing as few mercenaries as you can. (The preview is off until you have tried: work it out.)",
    preview=False,
    judge=lambda b, a, m: verdict(
        a.controller("Japan") == "Nonintendo" and a.mercenaries("Globbo") == 1,
        "One mercenary was enough: 5 against 5 is a tie, and a tie goes to the defender. The mercenary you "
        "sent fought (and both sides lost one); the other stays yours.",
        (f"Japan is now {a.controller('Japan')}'s." if a.controller("Japan") != "Nonintendo" else
         f"Japan held, but you have {a.mercenaries('Globbo')} mercenaries left: could fewer have done it?")),
    solution=("Globbo sends 1 mercenary to the defender",), miss=("Globbo stays out of the war",))


@add_example("09/rulebook-wars")
def rulebook_wars() -> None:
    war = mc.scenario(CORPS, countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"},
                      companies={"Japan/Electronics": "Nonintendo"},
                      mercenaries={"Lenogo": 2, "Globbo": 1, "Nonintendo": 0, "Mokia": 0})
    start = len(war.log)
    war.apply(mc.LaunchWar("Lenogo", "Japan"))
    war.apply(mc.SupportWar("Globbo", "attacker", 1))
    war.apply(mc.Intervene("Lenogo", "Japan/Electronics"))
    for entry in war.log[start:]:
        print(entry.text)
    assert war.controller("Japan") == "Lenogo" and war.mercenaries("Lenogo") == 2
    print("\nThree mercenaries against one: Mokia (European Union, Force 3) attacks the Maghreb, Globbo's.")
    losses = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"],
                         countries={"European Union": "Mokia", "Maghreb": "Globbo"},
                         mercenaries={"Mokia": 3, "Globbo": 1, "Nonintendo": 0, "Lenogo": 0})
    start = len(losses.log)
    losses.apply(mc.LaunchWar("Mokia", "Maghreb"))
    for entry in losses.log[start:]:
        print(entry.text)
    assert (losses.mercenaries("Mokia"), losses.mercenaries("Globbo")) == (2, 0)
