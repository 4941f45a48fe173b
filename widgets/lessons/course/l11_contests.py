"""Lesson 11, auctions and elections (Greedy Kleptocrats, Elections, Vote of No Confidence)."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, add_position, verdict
from ..opponents import Opponent

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]
MEDIA = {"NAFTA/Media": "Mokia", "European Union/Media": "Mokia", "Japan/Media": "Globbo", "Mercosur/Media": "Nonintendo"}


@add_position("11/auction")
def auction() -> mc.Game:
    return mc.scenario(CORPS, hands={"Mokia": ["Greedy Kleptocrats"]}, countries={"Great Russia": "Lenogo"},
                       money={"Mokia": 30, "Globbo": 25, "Nonintendo": 20, "Lenogo": 35})


def bidders() -> dict:
    return {"Lenogo": Opponent(bid=lambda g, c, country: 12), "Globbo": Opponent(), "Nonintendo": Opponent()}


add_exercise(
    key="11/free-takeover", position=auction, corp="Mokia", kinds=("play",), opponents=bidders,
    until=lambda g: not g.state.frames,
    goal="Lenogo always bids 12 Euros to keep its Great Russia; the others bid nothing. Make Lenogo lose Great Russia without paying a single Euro.",
    judge=lambda b, a, m: verdict(
        a.controller("Great Russia") is None and a.money("Mokia") == b.money("Mokia"),
        "You bid 12 too: a tie for the highest bid leaves the country uncontrolled, and nobody pays.",
        (f"Great Russia is now {a.controller('Great Russia') or 'uncontrolled'}, and you paid "
         f"{b.money('Mokia') - a.money('Mokia')} Euros.")),
    solution=("Mokia plays Greedy Kleptocrats on Great Russia", mc.Bid("Mokia", 12)),
    miss=("Mokia plays Greedy Kleptocrats on Great Russia", mc.Bid("Mokia", 13)))


@add_position("11/election")
def election() -> mc.Game:
    return mc.scenario(CORPS, hands={"Mokia": ["Elections"]}, countries={"Japan": "Nonintendo"}, companies=MEDIA)


def mokia_calls_elections(game: mc.Game, corp: str):
    return mc.PlayCard(corp, "Elections", "Japan") if "Elections" in game.hand(corp) else None


add_exercise(
    key="11/spoil-an-election", position=election, corp="Globbo", kinds=("vote",),
    opponents=lambda: {"Mokia": Opponent(card=mokia_calls_elections), "Nonintendo": Opponent(), "Lenogo": Opponent()},
    until=lambda g: not g.state.frames,
    goal="Mokia calls an election in Japan. Mokia (2 votes) and Nonintendo (1 vote) vote for themselves. With your 1 vote, keep Japan out of Mokia's hands.",
    judge=lambda b, a, m: verdict(
        a.controller("Japan") != "Mokia",
        "Your vote for Nonintendo made it 2 against 2: a tie for the most votes leaves Japan uncontrolled. "
        "Mokia spent its card for nothing.",
        "Mokia won with 2 votes against 1 and 1. Who could your vote tie Mokia with?"),
    solution=(mc.Vote("Globbo", "Nonintendo"),), miss=(mc.Vote("Globbo", "Globbo"),))


@add_position("11/no-confidence")
def no_confidence() -> mc.Game:
    return mc.scenario(CORPS, hands={"Mokia": ["Vote of No Confidence"]}, countries={"European Union": "Globbo"},
                       companies=MEDIA)


add_exercise(
    key="11/no-confidence", position=no_confidence, corp="Mokia",
    until=lambda g: not g.state.frames and ("Vote of No Confidence" not in g.hand("Mokia")
                                            or g.state.to_act[:1] != ["Mokia"]),
    goal="take control of the European Union, which Globbo controls, this turn.",
    judge=lambda b, a, m: verdict(
        a.controller("European Union") == "Mokia",
        "Vote of No Confidence calls an election in a Democracy another corp controls: your 2 Media votes "
        "beat Globbo's and Nonintendo's 1 each.",
        "The European Union is not yours. Look at your hand, and count the Media votes."),
    solution=("Mokia plays Vote of No Confidence on European Union", mc.Vote("Mokia", "Mokia")),
    miss=("Mokia passes",))


@add_example("11/tie-and-vote")
def tie_and_vote() -> None:
    game = mc.scenario(CORPS, hands={"Mokia": ["Greedy Kleptocrats", "Elections"]},
                       countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"}, companies=MEDIA,
                       money={"Mokia": 30, "Globbo": 25, "Nonintendo": 20, "Lenogo": 35})
    start = len(game.log)
    game.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "Great Russia"))
    for corp, amount in [("Mokia", 12), ("Globbo", 7), ("Nonintendo", 0), ("Lenogo", 12)]:
        game.apply(mc.Bid(corp, amount))
    game.apply(mc.PlayCard("Mokia", "Elections", "Japan"))
    for corp in ("Mokia", "Globbo", "Nonintendo"):
        game.apply(mc.Vote(corp, corp))
    for entry in game.log[start:]:
        print(entry.text)
    assert game.controller("Great Russia") is None and game.controller("Japan") == "Mokia"
