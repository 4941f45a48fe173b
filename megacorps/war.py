"""Launch a War: Force of every country the attacker controls plus its mercenaries, against
the target's Defense plus the defender's mercenaries; ties go to the defender."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from itertools import compress, repeat
from operator import ne

from .actions import ChoiceRange, Intervene, LaunchWar, Pass, StayOut, SupportWar, sensible_amounts
from .intervention import intervene
from .interning import make, table
from .log import Step
from .state import GameState, SpoilsFrame, WarFrame
from .turns import end_turn


def war_options(state: GameState, corp: str) -> list:
    """Launch a War on any country `corp` does not control, never a neutral place, and only
    while it has at least one mercenary. (`controllers` holds exactly the countries that can be
    controlled: the neutral places are never in it.)"""
    if state.mercenaries[corp] < 1:
        return []
    board = state.index
    wars = board.actions.get((LaunchWar, corp))
    if wars is None:  # in the board's order of countries, as state.controllers (GameState.attach)
        made = table(LaunchWar, corp)
        wars = board.actions[(LaunchWar, corp)] = tuple(made[c] for c in board.playable_countries)
    return list(compress(wars, map(ne, repeat(corp), state.controllers.values())))


def attack_strength(state: GameState, corp: str) -> int:
    """Force of every country the attacker controls, plus all its mercenaries."""
    force = sum(map(state.index.force.__getitem__, state.countries_of(corp)))
    return force + state.mercenaries[corp]


def war_totals(state: GameState, attacker: str, country: str, lent: int = 0) -> tuple[int, int, int]:
    """Resolving a War, as things stand: (attack, defense, defending mercenaries). The defense
    is the country's Defense plus its controller's mercenaries plus the `lent` ones (given to it
    while it was uncontrolled, R23); the attacker wins only with the bigger total."""
    defender = state.controllers[country]
    defending_mercs = (state.mercenaries[defender] if defender else 0) + lent
    return (attack_strength(state, attacker), state.index.defense[country] + defending_mercs,
            defending_mercs)


def war_losses(attacking_mercs: int, defending_mercs: int) -> tuple[int, int]:
    """Mercenaries lost in a war (attacker's, defender's): when only the attacker used any it
    loses one (none if it has none left); otherwise the smaller force is removed and the larger
    loses as many."""
    if defending_mercs == 0:
        return min(1, attacking_mercs), 0
    smaller = min(attacking_mercs, defending_mercs)
    return smaller, smaller


@dataclass(frozen=True)
class WarOutlook:
    """A war in its pause, as things stand: what it would give if nobody sent more mercenaries
    (public: Force, Defense and mercenary counts are all on the table)."""
    attacker: str
    country: str
    defender: str | None            # the target's controller (None: uncontrolled)
    attack: int
    defense: int
    defending_mercenaries: int      # the defender's own, plus any lent to the country
    attacker_wins: bool             # ties go to the defender
    attacker_losses: int
    defender_losses: int            # of the defender's own mercenaries (lent ones are lost anyway)
    undecided: tuple[str, ...]      # corps that may still give mercenaries to either side
    undecided_mercenaries: int      # how many they hold between them


def war_outlook(state: GameState) -> WarOutlook | None:
    """The war under way (the top decision is its pause), as things stand; None if none is."""
    frame = state.top_frame
    if not isinstance(frame, WarFrame):
        return None
    defender = state.controllers[frame.country]
    attack, defense, defending = war_totals(state, frame.attacker, frame.country, frame.lent_to_defender)
    lost_a, lost_d = war_losses(state.mercenaries[frame.attacker], defending)
    return WarOutlook(frame.attacker, frame.country, defender, attack, defense, defending, attack > defense,
                      lost_a, max(0, lost_d - frame.lent_to_defender) if defender else 0,
                      tuple(frame.waiting), sum(state.mercenaries[c] for c in frame.waiting))


def apply_launch(step: Step, action: LaunchWar) -> None:
    state = step.state
    defender = state.controllers[action.country]
    end_turn(state)
    helpers = [c for c in state.playing if c not in (action.corp, defender) and state.mercenaries[c] > 0]
    state.frames.append(WarFrame(action.corp, action.country, defender, helpers))
    against = defender or "no one (it is uncontrolled)"
    step.log("{} launches a war on {}, held by {}", "Launch a War", action.corp, action.country, against)


def reconsider(state: GameState, frame: WarFrame) -> None:
    """Launch a War, judged as things stand: the defender is whoever controls the target now,
    and every other corp with mercenaries that has not answered yet may still give some."""
    defender = frame.defender = state.controllers[frame.country]
    attacker, answered, mercs = frame.attacker, frame.answered, state.mercenaries
    frame.waiting = [c for c in state.playing
                     if c != attacker and c != defender and mercs[c] > 0 and c not in answered]


def support_options(state: GameState, frame: WarFrame) -> dict[str, list]:
    """Stay out, or give some mercenaries (in sensible steps up to all of them; any number
    between is accepted: `support_ranges`) to either side."""
    mercenaries = state.mercenaries
    return {corp: list(_support_choices(corp, mercenaries[corp])) for corp in frame.waiting}


@lru_cache(maxsize=4096)
def _support_choices(corp: str, most: int) -> tuple:
    """Stay out, or 1..`most` mercenaries in sensible steps to either side; built once each."""
    support = table(SupportWar, corp)
    return (table(StayOut, corp)[()], *[support[side, n] for side in SIDES for n in sensible_amounts(1, most)])


SIDES = ("attacker", "defender")


def support_ranges(state: GameState, frame: WarFrame) -> dict[str, list]:
    return {corp: [ChoiceRange(table(SupportWar, corp)[side, 1], "count", 1, state.mercenaries[corp])
                   for side in SIDES] for corp in frame.waiting}


def apply_support(step: Step, action: SupportWar | StayOut) -> None:
    """Other corps may give mercenaries to either side before the war resolves."""
    state = step.state
    frame: WarFrame = state.frames[-1]
    frame.waiting.remove(action.corp)
    frame.answered.append(action.corp)
    if isinstance(action, StayOut):
        step.log("{} sends no mercenaries", "Launch a War", action.corp)
        return
    state.mercenaries[action.corp] -= action.count
    defender = state.controllers[frame.country]
    if action.side == "attacker":
        state.mercenaries[frame.attacker] += action.count
        to = frame.attacker
    elif defender is not None:
        state.mercenaries[defender] += action.count
        to = defender
    else:
        frame.lent_to_defender += action.count
        to = f"{frame.country} (lost after the war)"
    step.log("{} gives {} mercenar{} to {}", "Launch a War",
             action.corp, action.count, "y" if action.count == 1 else "ies", to)


def resolve_war(step: Step, frame: WarFrame) -> None:
    """Resolving a War, then the losses, then the winner's intervention."""
    state = step.state
    state.frames.pop()
    attacker, country = frame.attacker, frame.country
    defender = state.controllers[country]  # a card may have changed hands during the pause
    if defender == attacker:
        step.log("{} already controls {}: there is no war", "Launch a War", attacker, country)
        return
    attack, defense, defending_mercs = war_totals(state, attacker, country, frame.lent_to_defender)
    attacker_wins = attack > defense
    step.log("War for {}: {} {} against {} {} ({} Defense + {} mercenaries): {} wins", "Resolving a War",
             country, attacker, attack, defender or country, defense, defense - defending_mercs, defending_mercs,
             attacker if attacker_wins else defender or country)

    # (when only the attacker used mercenaries and it gave them all away during the pause, it
    # loses none: its count never goes below zero)
    lost_a, lost_d = war_losses(state.mercenaries[attacker], defending_mercs)
    state.mercenaries[attacker] -= lost_a
    lent = frame.lent_to_defender
    if defender is not None:
        # the lent mercenaries are lost after the war anyway: they take the losses first (R23)
        state.mercenaries[defender] -= max(0, lost_d - lent)
    step.log("Losses: {} loses {}, {} loses {}{}", "Resolving a War", attacker, lost_a, defender or country, lost_d,
             "; the mercenaries lent to the country are lost too" if lent else "")

    if attacker_wins:
        state.put("controllers", country, attacker)
        step.log("{} takes control of {}", "Resolving a War", attacker, country)
    if defender is None:
        return  # no intervention after a war against an uncontrolled country
    winner, loser = (attacker, defender) if attacker_wins else (defender, attacker)
    if spoils_targets(state, loser, country):
        state.frames.append(SpoilsFrame(winner, loser, country))


def spoils_targets(state: GameState, loser: str, country: str) -> list[str]:
    return [co for co in state.index.companies_of_country[country] if state.companies[co] == loser]


def spoils_options(state: GameState, frame: SpoilsFrame) -> dict[str, list]:
    return {frame.winner: [make(Intervene, frame.winner, co)
                           for co in spoils_targets(state, frame.loser, frame.country)]
            + [make(Pass, frame.winner)]}


def apply_spoils(step: Step, action: Intervene | Pass) -> None:
    state = step.state
    frame: SpoilsFrame = state.frames.pop()
    if isinstance(action, Pass):
        step.log("{} does not intervene in {}", "When the War is Over", frame.winner, frame.country)
    else:
        intervene(step, frame.winner, action.company, "When the War is Over")
