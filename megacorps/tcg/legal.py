"""Every legal action of a seat now: what the engine's current prompt allows, each rule of who
may do what checked here (so `Game.apply` refuses anything not listed, leaving the game as it
was)."""
from __future__ import annotations

from . import board as B
from .actions import Abrupt, Activate, Attack, Bid, Buy, Choose, Pass, PlayEvent, Produce, Sell
from .cards import TRAITS, ZONE_SHAPE
from .combat import zone_defenders


def legal_actions(eng, prompt, seat: str) -> list:
    if prompt is None or seat not in prompt.seats:
        return []
    if prompt.kind == "bid":
        return [Bid(seat, None)] + [Bid(seat, n) for n in range(eng.o.max_bid + 1)]
    if prompt.kind == "choose":
        return [Choose(seat, key) for key, _ in prompt.options]
    return priority_actions(eng, seat, prompt.main)


def priority_actions(eng, seat: str, main: str | None) -> list:
    s = eng.s
    out: list = [Pass(seat)]
    out += produce_actions(eng, seat)
    if main == "reveal":
        u = s.players[seat].revealed
        if u is not None and eng.can_pay(seat, eng.price(seat, "reveal", u), s.cards[u].card.trait_cost):
            out.append(Buy(seat, "reveal", u))
        return out
    out += event_actions(eng, seat, main)
    out += ability_actions(eng, seat, main)
    for u in s.players[seat].hand:
        c = s.cards[u].card
        if c.type != "event" and c.keyword("ABRUPTION") and eng.can_pay(seat, c.value, c.trait_cost):
            out.append(Abrupt(seat, u))
    if main is None or seat != s.active or s.stack:
        return out
    if main == "buy":
        out += buy_actions(eng, seat)
    elif main == "challenge":
        out += attack_actions(eng, seat)
    elif main == "divest" and not s.sold_this_phase:
        nets = s.seats if eng.o.sell_from_rival_network else [seat]
        out += [Sell(seat, u) for net in nets for u in s.networks[net].values() if can_sell(eng, seat, u)]
    return out


def produce_actions(eng, seat: str) -> list:
    s = eng.s
    out = []
    for u in B.in_play_tops(s):
        c = s.cards[u]
        if c.controller != seat or c.engaged:
            continue
        if eng.o.producers == "characters" and c.card.type != "character":
            continue
        now = B.traits(s, u)
        for t in TRAITS:
            if t in now and (now[t] if eng.o.production_amount == "current" else c.card.traits[t]) > 0:
                out.append(Produce(seat, u, t))
    return out


def event_actions(eng, seat: str, main: str | None) -> list:
    s = eng.s
    sources = [(u, "hand") for u in s.players[seat].hand]
    if main == "buy" and seat == s.active and not s.stack:
        sources += [(p.market[-1], "market") for p in s.players.values() if p.market]
    out = []
    for u, where in sources:
        c = s.cards[u].card
        if c.type != "event" or not eng.can_pay(seat, c.value, c.trait_cost):
            continue
        if c.target is None:
            out.append(PlayEvent(seat, u, None, where))
        else:
            out += [PlayEvent(seat, u, key, where) for key, _ in eng.target_options(seat, u, c.target)]
    return out


def ability_actions(eng, seat: str, main: str | None) -> list:
    s = eng.s
    out = []
    for u in B.in_play_tops(s):
        c = s.cards[u]
        if c.controller != seat:
            continue
        for i, ab in enumerate(B.abilities(s, u)):
            cost = ab.cost
            if cost.engage_self and c.engaged:
                continue
            if cost.once_per_turn and i in c.used:
                continue
            if cost.buy_phase_only and not (main == "buy" and seat == s.active and not s.stack):
                continue
            if not eng.can_pay(seat, cost.money, cost.traits):
                continue
            if cost.engage_other is not None and not eng.engage_other_options(seat, u, cost.engage_other):
                continue
            if ab.target is None:
                out.append(Activate(seat, u, i, None))
            else:
                out += [Activate(seat, u, i, key) for key, _ in eng.target_options(seat, u, ab.target)]
        kw = B.keywords(s, u)
        if "REGENERATE" in kw and (c.damage or c.mods):
            out += [Activate(seat, u, -1, None if p == u else f"card:{p}")
                    for p in eng.regeneration_payments(u, kw["REGENERATE"])]
    return out


def buy_actions(eng, seat: str) -> list:
    s = eng.s
    p = s.players[seat]
    out = []

    def affordable(source, u):
        return eng.can_pay(seat, eng.price(seat, source, u), s.cards[u].card.trait_cost)

    out += [Buy(seat, "hand", u) for u in p.hand if s.cards[u].card.type != "event" and affordable("hand", u)]
    for x in s.players.values():
        if x.market and s.cards[x.market[-1]].card.type != "event" and affordable("market", x.market[-1]):
            out.append(Buy(seat, "market", x.market[-1]))
    if p.revealed is not None and affordable("reveal", p.revealed):
        out.append(Buy(seat, "reveal", p.revealed))
    rival = s.other(seat)
    if s.players[rival].turns_done >= 2:               # not before the end of its second turn (L418-419)
        for u in s.networks[rival].values():
            c = s.cards[u]
            if c.controller == rival and c.engaged and not B.has(s, u, "LOYAL") and affordable("network", u):
                out.append(Buy(seat, "network", u))
    return out


def can_sell(eng, seat: str, u: int) -> bool:
    """One card a Divest phase: yours (owner and controller), in your network (A31), disengaged,
    not LOYAL, not the company (L629-640, A30)."""
    s = eng.s
    c = s.cards[u]
    if c.owner != seat or c.controller != seat or c.engaged or c.card.type == "company":
        return False
    if c.card.founder and not eng.o.founder_sellable:
        return False
    return not B.has(s, u, "LOYAL")


def can_attack_with(eng, seat: str, u: int) -> bool:
    s = eng.s
    c = s.cards[u]
    if c.controller != seat or c.card.type != "character" or c.engaged or c.attacked:
        return False
    if B.is_orphan(s, u):
        return False
    if B.has_attack_limit(s, u) and not any(s.cards[x].card.type == "character" for x in c.pile):
        return False
    return True


def can_attack(eng, att: int, tgt: int, trait: str) -> bool:
    """Target rules (L509-523, glossary): a slot's card with the trait, not the attacker, not
    surrounded (PENETRATOR, MELEE), not under a card (PENETRATOR), not hidden (CAMOUFLAGE), an
    ELUSIVE card once a turn, a disengaged flyer only by flyers, MELEE only around itself."""
    s = eng.s
    if tgt == att or trait not in B.traits(s, tgt):
        return False
    katt = B.keywords(s, att)
    t = s.cards[tgt]
    if eng.o.attack_range == "same_network" and s.cards[B.top_of(s, tgt)].net != s.cards[att].net:
        return False
    if t.under is not None and "PENETRATOR" not in katt:
        return False
    if "MELEE" in katt and not B.is_around(s, att, tgt):
        return False
    if B.surrounded(s, tgt) and "PENETRATOR" not in katt and "MELEE" not in katt:
        return False
    if B.camouflaged(s, tgt):
        return False
    ktgt = B.keywords(s, tgt)
    if "ELUSIVE" in ktgt and t.times_attacked:
        return False
    if "FLIGHT" in ktgt and not t.engaged and "FLIGHT" not in katt:    # an engaged flyer loses FLIGHT
        return False
    return True


def attack_actions(eng, seat: str) -> list:
    s = eng.s
    out = []
    attackers = [u for u in B.in_play_tops(s) if can_attack_with(eng, seat, u)]
    if not attackers:
        return out
    targets = B.in_play_all(s)
    for a in attackers:
        mine = B.traits(s, a)
        pen = B.has(s, a, "PENETRATOR")
        for t in targets:
            if s.cards[t].under is not None and not pen:
                continue
            for trait in TRAITS:
                if trait in mine and can_attack(eng, a, t, trait):
                    out.append(Attack(seat, a, t, trait))
        zone = B.keywords(s, a).get("ZONE ATTACK")
        if zone:
            out += zone_attacks(eng, seat, a, zone)
    return out


def zone_attacks(eng, seat: str, a: int, param: str) -> list:
    """A12: the rectangle is placed over the target slot (turned 90° if allowed)."""
    s = eng.s
    trait, w, h = ZONE_SHAPE.match(param).groups()
    w, h = int(w), int(h)
    shapes = {(w, h), (h, w)} if eng.o.zone_attack_rotation else {(w, h)}
    out = []
    if trait not in B.traits(s, a):
        return out
    for t in B.in_play_tops(s):
        c = s.cards[t]
        if t == a or trait not in B.traits(s, t):
            continue
        for ww, hh in sorted(shapes):
            for dx in range(ww):
                for dy in range(hh):
                    zone = (c.pos[0] - dx, c.pos[1] - dy, ww, hh)
                    if zone_defenders(s, a, c.net, zone, trait) and (t in zone_defenders(s, a, c.net, zone, trait)):
                        out.append(Attack(seat, a, t, trait, zone))
    return out
