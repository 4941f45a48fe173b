"""Lesson 12, governments, strikes and new places: Syndicalized companies, Wikisyndicalism,
Military Coup, Revolution, Corruption Scandal, General Strike, Privatization, L-5 and Asteroid."""
from __future__ import annotations

import megacorps as mc

from . import add_example, add_exercise, verdict

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]
SOLAR = {"India/Solar": "Globbo", "Mercosur/Solar": "Mokia", "Caliphate/Solar": "Mokia",
         "Maghreb/Solar": "Mokia", "African Federation/Solar": "Mokia"}


def solar_per_company(game: mc.Game) -> int:
    return game.board.payout_table[mc.competitors(game.state, "Solar")]


add_exercise(
    key="12/military-coup",
    position=lambda: mc.scenario(CORPS, countries={"India": "Mokia"}, companies=SOLAR,
                                 hands={"Mokia": ["Wikisyndicalism", "Military Coup"]}),
    corp="Mokia",
    goal="you own four Solar companies and control India, where Globbo owns the fifth. Make each of your Solar companies earn as much as possible at the next Solar payout.",
    judge=lambda b, a, m: verdict(
        solar_per_company(a) == 10,
        "Military Coup made India a Dictatorship, and its intervention nationalized Globbo's company: a "
        "Nationalized company does not compete with the country's controller, so you are Solar's only "
        "competitor: 10 Euros per company.",
        f"Solar now pays {solar_per_company(a)} Euros per company. Which kind of removed company still counts "
        "as a competitor, and which does not?"),
    solution=("Mokia plays Military Coup on India", "Mokia intervenes against India/Solar"),
    miss=("Mokia plays Wikisyndicalism on India", "Mokia intervenes against India/Solar"))

add_exercise(
    key="12/wikisyndicalism",
    position=lambda: mc.scenario(CORPS, countries={"India": "Mokia"}, hands={"Mokia": ["Wikisyndicalism"]},
                                 companies={"India/Software": "Globbo", "NAFTA/Software": "Globbo"}),
    corp="Mokia",
    goal="take Globbo's Software company in India away so that nobody, Globbo included, can ever buy it again.",
    judge=lambda b, a, m: verdict(
        a.company_status("India/Software") == "syndicalized",
        "Wikisyndicalism turned India's Democracy into a Wikisyndicalism, whose intervention syndicalizes the "
        "company: nobody can ever own it again (Globbo got 4 Euros).",
        f"India/Software is now {a.company_status('India/Software')}: anyone may buy it back."),
    solution=("Mokia plays Wikisyndicalism on India", "Mokia intervenes against India/Software"),
    miss=("Mokia intervenes against India/Software",))

add_exercise(
    key="12/revolution",
    position=lambda: mc.scenario(CORPS, countries={"China": "Globbo"}, hands={"Mokia": ["Revolution", "Elections"]},
                                 companies={"NAFTA/Media": "Mokia", "European Union/Media": "Mokia",
                                            "Japan/Media": "Globbo"}),
    corp="Mokia",
    until=lambda g: not g.state.frames and (g.controller("China") == "Mokia" or g.state.to_act[:1] != ["Mokia"]),
    goal="take China, Globbo's Dictatorship, without a war. You hold two cards and two Media companies.",
    judge=lambda b, a, m: verdict(
        a.controller("China") == "Mokia",
        "Revolution made China a Democracy, and Democracies change hands by election: your 2 Media votes beat "
        "Globbo's 1.",
        "China is not yours. Elections only work on Democracies: what could make China one?"),
    solution=("Mokia plays Revolution on China", "Mokia plays Elections on China", mc.Vote("Mokia", "Mokia")),
    miss=("Mokia passes",))

add_exercise(
    key="12/corruption-scandal",
    position=lambda: mc.scenario(CORPS, countries={"India": "Mokia"}, hands={"Mokia": ["Corruption Scandal"]},
                                 companies={"India/Solar": "Globbo"}),
    corp="Mokia",
    goal="own India's Solar company, now Globbo's, by the end of your turn, without paying anything.",
    judge=lambda b, a, m: verdict(
        a.company_status("India/Solar") == "Mokia" and a.money("Mokia") == b.money("Mokia"),
        "Corruption Scandal made India a Kleptocracy, whose intervention simply hands the company to you.",
        f"India/Solar is now {a.company_status('India/Solar')}. A Democracy only forces a sale; which "
        "government hands companies to its controller?"),
    solution=("Mokia plays Corruption Scandal on India", "Mokia intervenes against India/Solar"),
    miss=("Mokia intervenes against India/Solar",))

@add_example("12/syndicalized-vs-nationalized")
def syndicalized_vs_nationalized() -> None:
    def payout_line(game):
        count = mc.competitors(game.state, "Solar")
        return f"Solar: {count} competitors, Mokia earns {mc.payout_amounts(game.state, 'Solar')['Mokia']}"
    wiki = mc.scenario(CORPS, countries={"India": "Mokia"}, companies=SOLAR, hands={"Mokia": ["Wikisyndicalism"]})
    start = len(wiki.log)
    wiki.apply(mc.PlayCard("Mokia", "Wikisyndicalism", "India"))
    wiki.apply(mc.Intervene("Mokia", "India/Solar"))
    for entry in wiki.log[start:]:
        print(entry.text)
    print(payout_line(wiki))
    coup = mc.scenario(CORPS, countries={"India": "Mokia"}, companies=SOLAR, governments={"India": "Dictatorship"})
    coup.apply(mc.Intervene("Mokia", "India/Solar"))
    print("\nThe same with India a Dictatorship:", coup.log[-1].text)
    print(payout_line(coup))
    assert mc.payout_amounts(wiki.state, "Solar") == {"Mokia": 32}
    assert mc.payout_amounts(coup.state, "Solar") == {"Mokia": 40}
