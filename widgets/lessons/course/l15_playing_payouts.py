"""Lesson 15, playing well: payouts, timing and reading rivals. Every claim in the lesson is
worked out by the engine in an exercise or a worked example, never just asserted."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict
from ..opponents import Opponent

CORPS = ["Mokia", "Globbo", "Nonintendo"]
OIL = {"Mercosur/Oil": "Globbo", "Caliphate/Oil": "Globbo", "Maghreb/Oil": "Globbo"}


@add_position("15/spoil")
def spoil() -> mc.Game:
    return mc.scenario(CORPS, countries={"Mercosur": "Mokia"}, companies=OIL,
                       deck=["Boom", "Elections", "Revolution", "L-5"])


def my_turn_is_over(game: mc.Game) -> bool:
    return not game.state.frames and game.state.to_act[:1] != ["Mokia"]


def globbo_oil(game: mc.Game) -> int:
    return mc.payout_amounts(game.state, "Oil").get("Globbo", 0)


add_exercise(
    key="15/hurt-a-rival", position=spoil, corp="Mokia", kinds=("buy", "intervene"), preview=False,
    goal="Globbo's three Oil companies earn 18 Euros at each Oil payout. Cut that as much as you can this turn. (The preview is off until you have tried: work it out.)",
    judge=lambda b, a, m: verdict(
        globbo_oil(a) < globbo_oil(b),
        f"Your government forced Globbo to sell: its two remaining companies now face 4 competitors (Globbo and "
        f"three unowned boxes) and earn {globbo_oil(a)} per payout instead of 18.",
        f"Globbo still earns {globbo_oil(a)} per Oil payout. Buying an unowned box only swaps one competitor "
        "(the box) for another (you): the count does not change."),
    solution=("Mokia intervenes against Mercosur/Oil",), miss=("Mokia buys ASEAN/Oil",))


@add_position("15/last-turn")
def last_turn() -> mc.Game:
    game = mc.scenario(["Globbo", "Nonintendo", "Mokia"], deck=[], round=18,
                       companies={"NAFTA/Media": "Globbo", "Japan/Robotics": "Nonintendo",
                                  "China/Aerospace": "Globbo", "India/Biotech": "Nonintendo"})
    return game


add_exercise(
    key="15/last-purchase", position=last_turn, corp="Mokia", kinds=("buy", "pass"), until=lambda g: g.is_over,
    opponents=lambda: {"Globbo": Opponent(turn=lambda g, c: mc.PayoutIndustry(c, "Media")), "Nonintendo": Opponent()},
    goal="this is the game's last round and you act last: Globbo has called this round's payout. Do not lose money with your last action. (The preview is off until you have tried: work it out.)",
    preview=False,
    judge=lambda b, a, m: verdict(
        a.money("Mokia") >= b.money("Mokia"),
        "A company bought now earns one payout, the final one. With five competitors that is 3 Euros, less than "
        "the 4 it costs; passing (or a purchase that earns exactly 4 back) keeps every Euro.",
        f"You ended with {a.money('Mokia')} Euros instead of {b.money('Mokia')}: that company's final payout "
        "returned less than its price."),
    solution=("Mokia passes",), miss=("Mokia buys NAFTA/Defense",))


add_exercise(
    key="15/general-strike",
    position=lambda: mc.scenario(CORPS, hands={"Mokia": ["General Strike"]},
                                 companies={"NAFTA/Robotics": "Globbo", "European Union/Robotics": "Globbo",
                                            "Japan/Robotics": "Globbo", "India/Robotics": "Globbo",
                                            "Mercosur/Oil": "Nonintendo"}),
    corp="Mokia", kinds=("play",),
    until=lambda g: not g.state.frames and ("General Strike" not in g.hand("Mokia") or my_turn_is_over(g)),
    goal="Globbo's four Robotics companies earn 8 Euros each per payout. Cut that for every payout to come.",
    judge=lambda b, a, m: verdict(
        mc.payout_amounts(a.state, "Robotics").get("Globbo", 0) < 32,
        f"The strike syndicalized one of Globbo's companies (Globbo got 4 Euros for it). A Syndicalized company "
        f"always counts as a competitor, so Globbo's three now earn "
        f"{mc.payout_amounts(a.state, 'Robotics').get('Globbo', 0)} per payout instead of 32.",
        "Globbo's Robotics payouts are untouched."),
    solution=("Mokia plays General Strike on NAFTA/Robotics",),
    miss=("Mokia plays General Strike on Mercosur/Oil",))

add_exercise(
    key="15/privatization",
    position=lambda: mc.scenario(CORPS, hands={"Mokia": ["Privatization"]},
                                 companies={"Mercosur/Oil": "Mokia", "Great Russia/Oil": "Mokia",
                                            "Caliphate/Oil": "Globbo", "ASEAN/Oil": "Globbo",
                                            "Maghreb/Oil": "nationalized"}),
    corp="Mokia",
    goal="own three Oil companies by the end of your turn.",
    judge=lambda b, a, m: verdict(
        sum(c.endswith("/Oil") for c in a.companies_of("Mokia")) == 3,
        "Privatization sold the Nationalized Maghreb company off: unowned again, so you could buy it.",
        "Every Oil company is owned or Nationalized. Look at your hand."),
    solution=("Mokia plays Privatization on Maghreb/Oil", "Mokia buys Maghreb/Oil"), miss=("Mokia passes",))

add_exercise(
    key="15/asteroid",
    position=lambda: mc.scenario(CORPS, hands={"Mokia": ["Asteroid", "L-5"]},
                                 companies={"Mercosur/Metals": "Mokia", "China/Metals": "Mokia",
                                            "Great Russia/Metals": "Mokia", "African Federation/Metals": "Mokia"}),
    corp="Mokia",
    goal="own every Metals company in the game, including one no government can ever touch.",
    judge=lambda b, a, m: verdict(
        a.company_status("Asteroid/Metals") == "Mokia",
        "The Asteroid card brought its Metals company into existence, and you bought it: all five are yours.",
        "One Metals box is missing: it does not exist yet."),
    solution=("Mokia plays Asteroid", "Mokia buys Asteroid/Metals"),
    miss=("Mokia plays L-5", "Mokia buys L-5/Nanotech"))


add_exercise(
    key="15/l-5",
    position=lambda: mc.scenario(CORPS, hands={"Mokia": ["L-5"]}, countries={"European Union": "Globbo"},
                                 companies={"Japan/Nanotech": "Mokia"}),
    corp="Mokia",
    goal="buy a second Nanotech company, one that no government can ever take from you.",
    judge=lambda b, a, m: verdict(
        a.company_status("L-5/Nanotech") == "Mokia",
        "L-5 opened its space habitat: its Nanotech company now exists, and it is neutral ground.",
        "That company is in a country a corp can control. Which Nanotech company sits in a neutral place?"),
    solution=("Mokia plays L-5", "Mokia buys L-5/Nanotech"), miss=("Mokia buys Great Russia/Nanotech",))


@add_position("15/permit")
def permit_position() -> mc.Game:
    return mc.scenario(["Globbo", "Mokia", "Nonintendo"], countries={"European Union": "Mokia"},
                       companies={"China/Robotics": "Mokia", "NAFTA/Robotics": "Globbo"},
                       hands={"Mokia": ["General Strike"]})


def globbo_wants_robotics(game: mc.Game, corp: str):
    return mc.Pass(corp) if game.state.must_buy else mc.BuyCompany(corp, "European Union/Robotics")


def mokia_robotics(game: mc.Game) -> int:
    return mc.payout_amounts(game.state, "Robotics").get("Mokia", 0)


def permit_judged(before: mc.Game, after: mc.Game, moves) -> object:
    now, then = mokia_robotics(after), mokia_robotics(before)
    if now > then:
        return verdict(True, f"Permitted. An unowned box counts as a competitor; Globbo already did. Its purchase "
                       f"removed one competitor: your company now earns {now} per payout instead of {then}.", "")
    if any(isinstance(m, mc.PlayCard) for m in moves):
        return verdict(False, "", f"The strike made a company a Syndicalized box, and a Syndicalized box always "
                       f"counts as a competitor, just as its owner did; and Globbo, no longer in Robotics, needed nobody's "
                       f"permission to buy. Your company earns {now} per payout. Hurting Globbo is not the same as "
                       "helping yourself.")
    return verdict(False, "", f"Your company still earns {now} per payout. Count the competitors before and "
                   "after Globbo's purchase: does it add one?")


add_exercise(
    key="15/permit-a-rival", position=permit_position, corp="Mokia", kinds=("permit", "veto", "play"),
    opponents=lambda: {"Globbo": Opponent(turn=globbo_wants_robotics), "Nonintendo": Opponent()},
    goal="Globbo, who owns a Robotics company like you, asks to buy the Robotics company of your country (if refused, it will pass). You hold General Strike. Make your own Robotics company earn more at each payout.",
    judge=permit_judged,
    solution=("Mokia permits the purchase",), miss=("Mokia plays General Strike on NAFTA/Robotics",))


@add_example("15/buying-in-does-not-spoil")
def buying_in_does_not_spoil() -> None:
    def oil_line(game, label):
        count = mc.competitors(game.state, "Oil")
        print(f"{label:34} Oil: {count} competitors, Globbo earns {globbo_oil(game)}")
    before = spoil()
    oil_line(before, "Now")
    bought = spoil()
    bought.apply(mc.BuyCompany("Mokia", "ASEAN/Oil"))
    oil_line(bought, "After Mokia buys ASEAN/Oil")
    forced = spoil()
    forced.apply(mc.Intervene("Mokia", "Mercosur/Oil"))
    oil_line(forced, "After Mokia's intervention")
    oversupply = mc.payout_amounts(before.state, "Oil", 1).get("Globbo", 0)
    print(f"{'With Oversupply on its payout':34} Globbo earns {oversupply}")
    assert globbo_oil(bought) == globbo_oil(before) == 18 and globbo_oil(forced) == 8 and oversupply == 12
