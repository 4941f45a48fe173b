"""Why an action is refused, in game terms: the first rule it breaks (for IllegalAction
messages). `legal.py` decides; this only explains."""
from __future__ import annotations

from . import board as B
from .actions import Abrupt, Activate, Attack, Buy, PlayEvent, Produce, Sell
from .legal import can_attack_with, can_sell


def _card(eng, uid):
    return eng.s.cards.get(uid) if isinstance(uid, int) else None


def _cost(eng, seat, money, traits) -> str | None:
    p = eng.s.players[seat]
    if p.money < money:
        return f"it costs {money}M and {seat} has {p.money}M"
    for t, n in traits.items():
        if p.pool[t] < n:
            return f"it needs {n} {t} in the trait pool and {seat} has {p.pool[t]} (engage a character for {t} first)"
    return None


def why_not(eng, prompt, action) -> str:
    s = eng.s
    seat = action.seat
    main = prompt.main if prompt.kind == "priority" else None
    phase_open = main is not None and seat == s.active and not s.stack
    c = _card(eng, getattr(action, "card", None))
    if isinstance(action, Produce):
        if c is None or c.zone != "network" or c.under is not None:
            return "only a card in play, on top of its slot, can be engaged for traits"
        if c.controller != seat:
            return f"{c.name} is not {seat}'s card"
        if c.engaged:
            return f"{c.name} is already engaged"
        if action.trait not in B.traits(s, c.uid):
            return f"{c.name} has no {action.trait}"
        return f"{c.name} cannot produce traits (only characters do, ruling A4)"
    if isinstance(action, Buy):
        if not ((main == "buy" and phase_open) or main == "reveal"):
            return f"cards are bought in one's own Buy phase with the stack empty (it is the {s.phase} phase)"
        if c is None:
            return "there is no such card"
        if action.source == "hand" and action.card not in s.players[seat].hand:
            return f"{c.name} is not in {seat}'s hand"
        if action.source == "hand" and c.card.type == "event":
            return f"{c.name} is an event: it is played, not bought"
        if action.source == "market" and not any(p.market and p.market[-1] == action.card for p in s.players.values()):
            return f"{c.name} is not the top card of a market pile"
        if action.source == "reveal" and s.players[seat].revealed != action.card:
            return f"{c.name} is not the card {seat} revealed this turn"
        if action.source == "network":
            rival = s.other(seat)
            if c.zone != "network" or c.net != rival or c.controller != rival or c.under is not None:
                return f"{c.name} is not a card {rival} controls in {rival}'s network"
            if s.players[rival].turns_done < 2:   # L418-419
                return f"{rival}'s cards cannot be bought before the end of {rival}'s second turn"
            if not c.engaged:   # L450-451
                return f"{c.name} is not engaged: only engaged cards can be bought from a network"
            if B.has(s, c.uid, "LOYAL"):
                return f"{c.name} is LOYAL: it cannot be bought while in play"
        return _cost(eng, seat, eng.price(seat, action.source, action.card), c.card.trait_cost) or \
            "that purchase is not open now"
    if isinstance(action, PlayEvent):
        if c is None or c.card.type != "event":
            return "only an event can be played"
        if action.source == "hand" and action.card not in s.players[seat].hand:
            return f"{c.name} is not in {seat}'s hand"
        if action.source == "market" and not (main == "buy" and phase_open):
            return "an event is played from a market pile only in one's own Buy phase"
        cost = _cost(eng, seat, c.card.value, c.card.trait_cost)
        if cost:
            return cost
        if (c.card.target is None) != (action.target is None):
            return f"{c.name} " + ("needs a target" if c.card.target is not None else "takes no target")
        return f"{action.target} is not a legal target for {c.name} (targets must fit the card; CAMOUFLAGE hides)"
    if isinstance(action, Abrupt):
        if c is None or action.card not in s.players[seat].hand:
            return "the card is not in hand"
        if not c.card.keyword("ABRUPTION"):
            return f"{c.name} has no ABRUPTION: it is deployed in the Buy phase"
        return _cost(eng, seat, c.card.value, c.card.trait_cost) or "not now"
    if isinstance(action, Activate):
        if c is None or c.zone != "network" or c.controller != seat:
            return f"{seat} controls no such card in play"
        if action.ability == -1:
            return f"{c.name} has no REGENERATE to use now (it needs damage or changes, and its cost)"
        if not 0 <= action.ability < len(B.abilities(s, c.uid)):
            return f"{c.name} has no ability number {action.ability}"
        cost = B.abilities(s, c.uid)[action.ability].cost
        if cost.engage_self and c.engaged:
            return f"{c.name} is engaged"
        if cost.once_per_turn and action.ability in c.used:
            return f"{c.name}'s ability is used once a turn"
        if cost.buy_phase_only and not (main == "buy" and phase_open):
            return f"{c.name}'s ability is used in its controller's Buy phase only"
        return _cost(eng, seat, cost.money, cost.traits) or "its cost cannot be paid or that target is not legal"
    if isinstance(action, Attack):
        if not (main == "challenge" and phase_open):
            return f"attacks are made in one's own Challenge phase with the stack empty (it is the {s.phase} phase)"
        a, t = _card(eng, action.attacker), _card(eng, action.target)
        if a is None or t is None or a.zone != "network" or t.zone != "network":
            return "both the attacker and the target must be in play"
        if not can_attack_with(eng, seat, a.uid):
            if a.controller != seat or a.card.type != "character":
                return f"{a.name} is not one of {seat}'s characters"
            if a.engaged or a.attacked:
                return f"{a.name} is engaged or has attacked this turn"
            if a.under is not None:
                return f"{a.name} is under another card"
            return f"{a.name} cannot attack now (orphaned, or it needs a character bonded under it)"
        if action.trait not in B.traits(s, a.uid):
            return f"{a.name} has no {action.trait}"
        if action.trait not in B.traits(s, t.uid):
            return f"{t.name} has no {action.trait} ('–'): it cannot be attacked in that trait"
        if B.surrounded(s, t.uid):
            return f"{t.name} is surrounded: only PENETRATOR or MELEE reach it"
        if B.camouflaged(s, t.uid):
            return f"{t.name} is hidden by CAMOUFLAGE"
        if B.has(s, t.uid, "ELUSIVE") and t.times_attacked:
            return f"{t.name} is ELUSIVE and was attacked this turn"
        if B.has(s, t.uid, "FLIGHT") and not t.engaged and not B.has(s, a.uid, "FLIGHT"):
            return f"{t.name} flies: only a flyer attacks it while it is disengaged"
        return "that attack breaks a targeting rule (MELEE range, a card under another, or the zone placed)"
    if isinstance(action, Sell):
        if not (main == "divest" and phase_open):
            return f"cards are sold in one's own Divest phase (it is the {s.phase} phase)"
        if s.sold_this_phase:
            return "one card a Divest phase, and one was sold already"
        if c is None or c.zone != "network":
            return "the card is not in play"
        if not can_sell(eng, seat, c.uid):
            return (f"{c.name} cannot be sold: only a disengaged card {seat} owns and controls, in {seat}'s "
                    "network, not LOYAL, not the company")
        return "not now"
    return prompt.text
