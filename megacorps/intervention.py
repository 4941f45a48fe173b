"""Government Intervention: what a controlled country's government does to a company in it."""
from __future__ import annotations

from itertools import compress, repeat
from operator import eq, itemgetter

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
    """Intervene against each target (`intervention_targets`). The hot path of every turn, so
    the answer is remembered by the statuses of the companies in the countries `corp`
    controls, read in one C call (the countries are kept while the controllers are unchanged)."""
    controllers = state.controllers
    if corp not in controllers.values():
        return []
    actions = state.index.actions
    mine = actions.get(("intervene", corp))
    if mine is None or mine[0] is not controllers:
        mine = actions[("intervene", corp)] = _in_countries_of(state, corp)
    key = (corp, mine[1], mine[2](state.companies))
    found = _OPTIONS.get(key)
    if found is None:
        if len(_OPTIONS) > 100_000:
            _OPTIONS.clear()
        choices = table(Intervene, corp)
        found = _OPTIONS[key] = tuple(choices[co] for co in intervention_targets(state, corp))
    return list(found)


_OPTIONS: dict[tuple, tuple] = {}


def _in_countries_of(state: GameState, corp: str) -> tuple:
    """(the controllers table, the companies in the countries `corp` controls there, a
    function reading their statuses at C speed)."""
    index = state.index
    controlled = compress(index.playable_countries, map(eq, repeat(corp), state.controllers.values()))
    companies = tuple(co for country in controlled for co in index.companies_of_country[country])
    return state.controllers, companies, itemgetter(*companies) if companies else _nothing


def _nothing(_companies) -> tuple:
    return ()


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
