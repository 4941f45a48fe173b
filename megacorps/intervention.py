"""Government Intervention: what a controlled country's government does to a company in it."""
from __future__ import annotations

from itertools import compress, repeat
from operator import eq

from .actions import Intervene
from .board import Government
from .interning import table
from .log import Step
from .state import MARKERS, NATIONALIZED, SYNDICALIZED, UNOWNED, GameState, country_of
from .turns import end_turn


def intervention_targets(state: GameState, corp: str) -> list[str]:
    """Companies `corp` may intervene against: in a country it controls, owned by another corp.

    (Ruling R5: every outcome of an intervention is described by what happens to the former
    owner, so the target must be a company another corp owns.)
    """
    targets = []
    companies = state.companies
    board = state.index
    by_country = board.companies_of_country
    # state.controllers is in the board's order of countries (GameState.attach)
    for country in compress(board.playable_countries, map(eq, repeat(corp), state.controllers.values())):
        for company in by_country[country]:
            owner = companies[company]
            if owner != corp and owner not in MARKERS:
                targets.append(company)
    return targets


def intervene_options(state: GameState, corp: str) -> list:
    """Intervene against each target (`intervention_targets`). (Every turn lists these through
    `flow.turn_options`, which reads the same rule in C-level steps.)"""
    choices = table(Intervene, corp)
    return [choices[co] for co in intervention_targets(state, corp)]


def intervention_effect(government: Government, owner: str, by: str, pay: int) -> str:
    """Government Intervention in words: what happens to a company of `owner` when `by`, the
    country's controller, has its `government` intervene (`pay`: the board's compensation).
    The one description every preview and warning uses (`megacorps.previews`)."""
    if government is Government.DEMOCRACY:
        return f"the company is sold back to the board, with {pay} Euros paid to {owner}"
    if government is Government.KLEPTOCRACY:
        return f"the company passes from {owner} to {by}"
    if government is Government.DICTATORSHIP:
        return f"the company is nationalized, with nothing paid to {owner}"
    return f"the company is syndicalized, with {pay} Euros paid to {owner}"


def intervene(step: Step, by: str, company: str, rule: str) -> None:
    """Apply the government's intervention to `company` on behalf of `by`."""
    state = step.state
    country = country_of(company)
    government = state.governments[country]
    owner = state.companies[company]
    pay = state.index.divestment_compensation
    if government is Government.DEMOCRACY:
        state.set_company(company, UNOWNED)
        state.money[owner] += pay
        # the line names who intervened: the government acts for its controller, who chose to
        step.log("{} has {} (Democracy) force {} to divest {}; {} gets {} Euros", f"{rule}: Democracies",
                 by, country, owner, company, owner, pay)
    elif government is Government.KLEPTOCRACY:
        state.set_company(company, by)
        step.log("{} (Kleptocracy) hands {} from {} to {}", f"{rule}: Kleptocracies",
                 country, company, owner, by)
    elif government is Government.DICTATORSHIP:
        state.set_company(company, NATIONALIZED)
        step.log("{} has {} (Dictatorship) nationalize {}, taking it from {}", f"{rule}: Dictatorships",
                 by, country, company, owner)
    else:
        state.set_company(company, SYNDICALIZED)
        state.money[owner] += pay
        step.log("{} has {} (Wikisyndicalism) syndicalize {}; {} gets {} Euros", f"{rule}: Wikisyndicalisms",
                 by, country, company, owner, pay)


def apply_intervene(step: Step, action: Intervene) -> None:
    intervene(step, action.corp, action.company, "Government Intervention")
    end_turn(step.state)
