"""Event Cards: who may play what, on which target, and the effect primitives cards are
built from (a registry of small functions; the cards themselves are data, in deck.json)."""
from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import and_, attrgetter, not_, or_

from .actions import PlayCard
from .board import CardSpec, Government
from .contests import start_auction, start_election
from .interning import table
from .log import Step
from .payouts import start_payout
from .state import without, ABSENT, MARKERS, NATIONALIZED, SYNDICALIZED, UNOWNED, GameState

Effect = Callable[[Step, str, CardSpec, "str | None"], None]
EFFECTS: dict[str, Effect] = {}


def effect(name: str) -> Callable[[Effect], Effect]:
    def register(fn: Effect) -> Effect:
        EFFECTS[name] = fn
        return fn
    return register


# --- Targets ---------------------------------------------------------------------------------

def card_targets(state: GameState, corp: str, card: CardSpec) -> list[str | None]:
    """Every legal target for `corp` playing `card` now ([None] for cards without a target)."""
    spec = card.target
    if spec.kind == "none":
        if card.effect == "bring_into_existence":
            return [None] if state.companies.get(str(card.params["company"])) == ABSENT else []
        if card.effect == "lasting_rule":
            return [] if card.name in state.in_play else [None]
        return [None]
    if spec.kind == "industry":
        return list(state.index.industries)
    if spec.kind == "country":
        out = []
        for country in state.index.playable_countries:
            if spec.governments is not None and state.governments[country] not in spec.governments:
                continue
            if spec.controlled_by == "another corp" and state.controllers[country] in (None, corp):
                continue
            out.append(country)
        return out
    statuses = spec.statuses or ("owned", "nationalized")
    want_owned, want_nationalized = "owned" in statuses, "nationalized" in statuses
    skip = state.index.neutral_companies if spec.in_neutral is False else ()
    out = []
    for company, status in state.companies.items():
        if status == NATIONALIZED:
            if not want_nationalized:
                continue
        elif status in MARKERS or not want_owned:
            continue
        if company not in skip:
            out.append(company)
    return out


def any_time_plays(state: GameState, corp: str) -> list:
    """Cards `corp` may play right now as an interruption, with each legal target.

    The checked door asks this at every step, so the plays are remembered by corp while its
    hand is the same list (the rules replace a hand, never edit it) and what its cards'
    targets are read from is the same (`_reads_of`): a hand of industry cards stays playable
    whatever happens on the board; a country card's targets change only with the governments
    or the controllers, a company card's with the companies' stamp (`companies_version`)."""
    hand = state.hands[corp]
    if not hand:
        return []
    index = state.index
    seen = index.any_time_seen.get(corp)
    if seen is not None and seen[0] is hand:
        reads = seen[1]
        if reads is None or reads(state) == seen[2]:
            return list(seen[3])
    else:
        reads = _reads_of(index, hand)
    any_time = index.any_time_cards
    plays = []
    for name in (sorted(set(hand)) if len(hand) > 1 else hand):
        if name in any_time:
            plays += _plays(state, corp, name)
    index.any_time_seen[corp] = (hand, reads, reads(state) if reads is not None else None, tuple(plays))
    return plays


def _reads_of(index, hand: list[str]):
    """A getter of the state's fields the any-time plays of `hand` depend on (None: none; the
    corp itself, the phase and the frames are checked before: `flow.interruptions`)."""
    names = set()
    for name in hand:
        if name not in index.any_time_cards:
            continue
        kind = index.targeting[name][0]
        if kind == "country":
            names.update(("governments", "controllers"))
        elif kind == "company" or index.brings[name] is not None:
            names.add("companies_version")
        elif kind == "none" and name in index.lasting:
            names.add("in_play")
    return attrgetter(*sorted(names)) if names else None


def _plays(state: GameState, corp: str, name: str) -> list:
    """`PlayCard(corp, card, target)` for every legal target: the same as `card_targets`,
    picked out of per-board action tuples at C speed (the tables they are picked by are
    kept in board order: GameState.attach)."""
    index = state.index
    kind, allowed, another, owned, nationalized, skip_neutral = index.targeting[name]
    if kind == "none":  # as card_targets: a company still absent, a lasting card not yet in play
        company = index.brings[name]
        if company is not None:
            playable = state.companies.get(company) == ABSENT
        else:
            playable = name not in state.in_play or name not in index.lasting
        return [table(PlayCard, corp)[name, None]] if playable else []
    key = (PlayCard, corp, name)
    every = index.actions.get(key)
    if every is None:
        plays_of = table(PlayCard, corp)
        names = {"industry": index.industries, "country": index.playable_countries, "company": index.companies}[kind]
        every = index.actions[key] = tuple(plays_of[name, t] for t in names)
    if kind == "industry":
        return list(every)
    if kind == "country":
        # remembered while the governments and controllers are the same objects (the rules
        # replace them, never edit them)
        seen = index.actions.get(key + ("seen",))
        governments, controllers = state.governments, state.controllers
        if seen is not None and seen[0] is governments and seen[1] is controllers:
            return list(seen[2])
        mask = map(allowed.__contains__, governments.values()) if allowed is not None else None
        if another:  # controlled by a corp other than the player
            others = map(not_, map((None, corp).__contains__, controllers.values()))
            mask = others if mask is None else map(and_, mask, others)
        found = tuple(every) if mask is None else tuple(compress(every, mask))
        index.actions[key + ("seen",)] = (governments, controllers, found)
        return list(found)
    # companies: remembered while the stamp of their statuses is the same
    version = state.companies_version
    seen = index.actions.get(key + ("version",))
    if seen is not None and seen[0] == version:
        return list(seen[1])
    found = tuple(_company_plays(state, corp, every, owned, nationalized, skip_neutral))
    index.actions[key + ("version",)] = (version, found)
    return list(found)


def _company_plays(state: GameState, corp: str, every: tuple, owned: bool, nationalized: bool,
                   skip_neutral: bool):
    index = state.index
    statuses = state.companies.values()
    mask = map(frozenset(state.corps).__contains__, statuses) if owned else None
    if nationalized:
        national = map(NATIONALIZED.__eq__, statuses)
        mask = national if mask is None else map(or_, mask, national)
    if skip_neutral:
        mask = map(and_, mask, index.not_neutral)
    return list(compress(every, mask))


def apply_play(step: Step, action: PlayCard) -> None:
    """Event Cards: the card is revealed and resolves completely before anything else."""
    state = step.state
    card = state.index.card_by_name[action.card]
    state.put("hands", action.corp, without(state.hands[action.corp], action.card))
    if card.effect == "lasting_rule":
        state.in_play = state.in_play + [action.card]
    else:
        state.discard = state.discard + [action.card]
    on = f" on {action.target}" if action.target else ""
    step.log("{} plays {}{}: {}", "Event Cards", action.corp, action.card, on, card.summary)
    EFFECTS[card.effect](step, action.corp, card, action.target)


# --- Effect primitives ----------------------------------------------------------------------

@effect("payout")
def _payout(step: Step, corp: str, card: CardSpec, industry: str | None) -> None:
    """A card-triggered payout: Oversupply/Shortages may answer it; the Paid card stays put."""
    start_payout(step, industry, None, card.name)


@effect("modify_competitors")
def _modify(step: Step, corp: str, card: CardSpec, target: str | None) -> None:
    raise AssertionError("Oversupply/Shortages are played through the payout window")


@effect("lasting_rule")
def _lasting(step: Step, corp: str, card: CardSpec, target: str | None) -> None:
    step.log("{} stays in play for the rest of the game", "Event Cards", card.name)


@effect("auction")
def _auction(step: Step, corp: str, card: CardSpec, country: str | None) -> None:
    start_auction(step, country)


@effect("election")
def _election(step: Step, corp: str, card: CardSpec, country: str | None) -> None:
    start_election(step, country, card.name)


@effect("set_government")
def _set_government(step: Step, corp: str, card: CardSpec, country: str | None) -> None:
    state = step.state
    old = state.governments[country]
    state.put("governments", country, Government(card.params["government"]))
    step.log("{} changes from {} to {}", "Event Cards", country, old, state.governments[country])


@effect("bring_into_existence")
def _exist(step: Step, corp: str, card: CardSpec, target: str | None) -> None:
    company = str(card.params["company"])
    step.state.set_company(company, UNOWNED)
    step.log("{} now exists and can be bought", "Switzerland, Asteroid, L-5 and Open Source Software",
             company)


@effect("syndicalize")
def _syndicalize(step: Step, corp: str, card: CardSpec, company: str | None) -> None:
    state = step.state
    owner = state.companies[company]
    pay = int(card.params.get("compensation", 0))
    state.set_company(company, SYNDICALIZED)
    state.money[owner] += pay
    step.log("{} is Syndicalized; {} gets {} Euros", "Syndicalized Companies", company, owner, pay)


@effect("privatize")
def _privatize(step: Step, corp: str, card: CardSpec, company: str | None) -> None:
    step.state.set_company(company, UNOWNED)
    step.log("{} is no longer Nationalized: it is unowned and can be bought", "Event Cards", company)
