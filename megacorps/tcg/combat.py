"""A challenge, step by step (L487-625, glossary L898-1147, rulings A5-A12, A38).

Declare (attacker, target slot, trait) → responses → the attacker engages (not with OVERWATCH)
→ blockers replace the target (not against PRECISION; only flyers against FLIGHT) → SUPPRESSOR
→ responses → damage split → retaliation → damage in two sub-steps (INITIATIVE first), each
followed by the state checks that destroy cards → the combat ends.
"""
from __future__ import annotations

from itertools import combinations

from . import board as B
from .log import rule
from .state import Combat


def zone_cells(zone) -> list:
    x0, y0, w, h = zone
    return [(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)]


def zone_defenders(s, att: int, net: str, zone, trait: str) -> list[int]:
    """Every card in the rectangle with the trait (A12): not the attacker, not CAMOUFLAGE-hidden,
    not an ELUSIVE card already attacked; cards under others only for a PENETRATOR."""
    pen = B.has(s, att, "PENETRATOR")
    out = []
    for p in zone_cells(zone):
        u = s.networks[net].get(p)
        if u is None:
            continue
        for v in ([u, *s.cards[u].pile] if pen else [u]):
            if v == att or trait not in B.traits(s, v) or B.camouflaged(s, v):
                continue
            if B.has(s, v, "ELUSIVE") and s.cards[v].times_attacked:
                continue
            out.append(v)
    return out


def flies_in_attack(s, att: int, keeps_flight: bool) -> bool:
    """An attacking flyer: engaged by its attack, it keeps FLIGHT unless the literal reading
    (option `flight_while_attacking`, ruling A29) takes it away."""
    return B.has(s, att, "FLIGHT") and (keeps_flight or not s.cards[att].engaged)


def blocker_candidates(s, att: int, target: int, trait: str, flyer: bool) -> list[int]:
    """Disengaged cards next to the target, of its controller, with the trait (L531-542); only
    flyers against a flying attacker."""
    who = s.cards[target].controller
    return [u for u in B.adjacent_tops(s, target)
            if u != att and s.cards[u].controller == who and not s.cards[u].engaged
            and trait in B.traits(s, u) and (not flyer or B.has(s, u, "FLIGHT"))]


def can_retaliate(eng, d: int, att: int, trait: str) -> bool:
    s = eng.s
    c = s.cards[d]
    if c.zone != "network" or c.card.type != "character" or c.regenerated or trait not in B.traits(s, d):
        return False
    if c.engaged and not eng.o.engaged_defender_retaliates:
        return False
    if c.retaliations and not B.has(s, d, "REFLEXES"):
        return False
    if flies_in_attack(s, att, eng.o.flight_while_attacking) and not B.has(s, d, "FLIGHT"):
        return False
    if B.has(s, d, "MELEE") and not B.is_around(s, d, att):
        return False
    return True


def splits(n: int, k: int):
    """Every way to split n points over k defenders (A10)."""
    for cuts in combinations(range(n + k - 1), k - 1):
        parts, last = [], -1
        for c in cuts:
            parts.append(c - last - 1)
            last = c
        parts.append(n + k - 1 - last - 1)
        yield parts


def run_combat(eng, a):
    s = eng.s
    att = s.cards[a.attacker]
    tgt = s.cards[a.target]
    top = B.top_of(s, a.target)
    net = s.cards[top].net
    pos = s.cards[top].pos if tgt.under is None else None
    s.combat = combat = Combat(a.attacker, a.trait, net, pos, a.target, zone=a.zone)
    att.attacked = True
    if a.zone:
        hit = zone_defenders(s, a.attacker, net, a.zone, a.trait)
        for u in hit:
            s.cards[u].times_attacked += 1
        eng.log(rule("ZONE ATTACK"), f"{a.seat}'s {att.name} makes a zone attack in {a.trait} on {net}'s network "
                f"({a.zone[2]}x{a.zone[3]} from {a.zone[:2]})")
    else:
        tgt.times_attacked += 1
        eng.log(rule("attack"), f"{a.seat}'s {att.name} attacks {tgt.name} in {a.trait}")
    defender_seat = tgt.controller
    try:
        yield from eng.window(defender_seat if defender_seat != a.seat else s.other(a.seat))
        # the attack begins only if the attacker is still anchored (L525-526)
        if att.zone != "network" or att.controller != a.seat or B.is_orphan(s, att.uid):
            eng.log(rule("attack"), f"The attack of {att.name} does not happen: it is no longer anchored in play")
            return
        if not B.has(s, att.uid, "OVERWATCH"):
            att.engaged = True
        if a.zone:
            defenders = zone_defenders(s, att.uid, net, a.zone, a.trait)
            if not defenders:
                eng.log(rule("ZONE ATTACK"), "No card with that trait is left in the zone")
                return
        else:
            if pos is not None:
                now = s.networks[net].get(pos)
                if now is None:   # L528-530
                    eng.log(rule("attack cancelled"), f"The target slot is empty: the attack is cancelled, "
                            f"{att.name} stays engaged")
                    return
                if now != a.target:   # L1113-1117
                    eng.log(rule("SWAP"), f"{s.cards[now].name} now stands in the target slot: the attack goes on "
                            "against it")
                target = now
            else:
                target = a.target
                if s.cards[target].zone != "network":
                    eng.log(rule("attack cancelled"), "The target left play: the attack is cancelled")
                    return
            defenders = [target]
            if pos is not None and not B.has(s, att.uid, "PRECISION"):
                blockers = yield from declare_blockers(eng, att.uid, target, a.trait)
                if blockers:
                    defenders = blockers
                    combat.blocked = True
            if B.has(s, att.uid, "SUPPRESSOR"):
                if len(defenders) == 1:
                    chosen = defenders[0]
                else:
                    key = yield from eng.choose(a.seat, "SUPPRESSOR: which blocker is engaged?",
                                                [(f"card:{u}", s.cards[u].name) for u in defenders])
                    chosen = int(key.split(":")[1])
                s.cards[chosen].engaged = True
                eng.log(rule("SUPPRESSOR"), f"SUPPRESSOR: {s.cards[chosen].name} is engaged")
            combat.defenders = defenders
            yield from eng.window(s.active)
            if att.zone != "network":
                eng.log(rule("attack"), f"{att.name} left play: the attack ends")
                return
            defenders = [d for d in defenders if s.cards[d].zone == "network"]
            if not defenders:
                eng.log(rule("attack"), "No defender is left: the attack ends")
                return
        combat.defenders = defenders
        score = max(0, B.traits(s, att.uid).get(a.trait, 0))
        if a.zone or len(defenders) == 1:
            assigned = {d: score for d in defenders}
        else:
            opts = []
            for parts in splits(score, len(defenders)):
                key = "split:" + ",".join(f"{d}={n}" for d, n in zip(defenders, parts))
                opts.append((key, ", ".join(f"{n} to {s.cards[d].name}" for d, n in zip(defenders, parts))))
            key = yield from eng.choose(a.seat, f"Split {score} {a.trait} among the blockers", opts)
            assigned = {int(p.split("=")[0]): int(p.split("=")[1]) for p in key[6:].split(",")}
        eligible = [d for d in defenders if can_retaliate(eng, d, att.uid, a.trait)]
        retaliators: list[int] = []
        if eligible:
            who = s.cards[eligible[0]].controller
            opts = []
            for k in range(len(eligible), -1, -1):
                for group in combinations(eligible, k):
                    opts.append(("ret:" + ",".join(map(str, group)),
                                 ("retaliate with " + ", ".join(s.cards[d].name for d in group)) if group
                                 else "no retaliation"))
            key = yield from eng.choose(who, f"Which defenders retaliate against {att.name}?", opts)
            retaliators = [int(x) for x in key[4:].split(",") if x]
        yield from deal_damage(eng, att.uid, a.trait, assigned, retaliators)
    finally:
        if s.combat is combat:
            for c in s.cards.values():
                c.regenerated = False
            if eng.o.damage_lasts == "end_of_combat":
                for u in [combat.attacker, *combat.defenders]:
                    s.cards[u].damage.clear()
            s.combat = None


def declare_blockers(eng, att: int, target: int, trait: str):
    s = eng.s
    blockers: list[int] = []
    who = s.cards[target].controller
    while True:
        flyer = flies_in_attack(s, att, eng.o.flight_while_attacking)
        cands = [u for u in blocker_candidates(s, att, target, trait, flyer) if u not in blockers]
        if not cands:
            break
        opts = [(f"block:{u}", f"block with {s.cards[u].name}") for u in cands] + [("done", "no more blockers")]
        key = yield from eng.choose(who, f"Declare blockers against {s.cards[att].name}", opts)
        if key == "done":
            break
        u = int(key.split(":")[1])
        blockers.append(u)
        eng.log(rule("block"), f"{s.cards[u].name} blocks")
    return blockers


def deal_damage(eng, att: int, trait: str, assigned: dict, retaliators: list[int]):
    """Two sub-steps (L549-552, A8): INITIATIVE first; a card destroyed before it strikes deals
    nothing; removal after each sub-step, so a zone attacker strikes every card (A38)."""
    s = eng.s
    sym = eng.o.initiative_for_defenders
    blows = [(att, d, n) for d, n in assigned.items()] + [(r, att, None) for r in retaliators]

    def first(src):
        return B.has(s, src, "INITIATIVE") and (src == att or sym)

    for step in (True, False):
        for src, dst, n in blows:
            if first(src) != step:
                continue
            c = s.cards[src]
            if c.zone != "network" or s.cards[dst].zone != "network":
                continue
            if src != att and c.regenerated:
                continue
            amount = n if n is not None else max(0, B.traits(s, src).get(trait, 0))
            hit(eng, src, dst, trait, amount)
            if src != att:
                c.retaliations += 1
        yield from eng.state_checks()


def hit(eng, src: int, dst: int, trait: str, n: int):
    s = eng.s
    d = s.cards[dst]
    if trait not in B.traits(s, dst):
        return
    d.damage[trait] = d.damage.get(trait, 0) + n
    d.hit_by = src
    eng.log(rule("damage"), f"{s.cards[src].name} deals {n} {trait} to {d.name}")
    kw = B.keywords(s, src)
    tag = kw.get("DEMOLISHER")
    if tag and n > 0 and tag.lower() in {t.lower() for t in d.card.tags}:
        d.doomed = f"DEMOLISHER {tag}"
    if "DISRUPTOR" in kw and d.card.type == "company" and n > 0:
        eng.set_money(d.controller, s.players[d.controller].money - n)
        eng.log(rule("DISRUPTOR"), f"DISRUPTOR: {d.controller} loses {n}M")
