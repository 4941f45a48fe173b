"""Positions set up by hand, for the worked examples, tests and lessons: any cards in hands,
networks, decks and markets, any money, at the start of any phase of any turn.

A scenario is plain data (a dict), kept with the game: saves hold it, and undo replays from it.

    spec = {"active": "Ana", "phase": "buy", "money": {"Ana": 5},
            "hands": {"Ana": ["X7"]},
            "networks": {"Nick": [{"id": "X3", "at": [0, 1], "engaged": True}]}}
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from .state import CardInst


class Placed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    id: str
    at: tuple[int, int]
    engaged: bool = False
    controller: str | None = None
    owner: str | None = None                  # default: the controller
    damage: dict[str, int] = {}
    tokens: int = 0
    pile: list[str] = []


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    active: str
    phase: Literal["accounting", "buy", "challenge", "divest", "end"] = "buy"
    turn: int = 5
    money: dict[str, int] = {}
    pools: dict[str, dict[str, int]] = {}
    turns_done: dict[str, int] = {}
    hands: dict[str, list[str]] = {}
    mains: dict[str, list[str]] = {}          # top card last
    resources: dict[str, list[str]] = {}      # top card last
    markets: dict[str, list[str]] = {}        # top card last
    companies: dict[str, str] = {}
    founders: dict[str, str | None] = {}
    networks: dict[str, list[Placed]] = {}


def apply_scenario(eng, spec: dict) -> str:
    """Set the engine's state to the scenario; returns the phase the game starts in."""
    sc = Scenario.model_validate(spec)
    s = eng.s
    for key in ("money", "pools", "turns_done", "hands", "mains", "resources", "markets", "companies",
                "founders", "networks"):
        for seat in getattr(sc, key):
            if seat not in s.seats:
                raise ValueError(f"scenario {key}: {seat!r} is not a player")
    if sc.active not in s.seats:
        raise ValueError(f"scenario active: {sc.active!r} is not a player")
    next_uid = max(s.cards) + 1

    def new(cid: str, owner: str, zone: str) -> int:
        nonlocal next_uid
        if cid not in eng.pool:
            raise ValueError(f"scenario: no card {cid!r} in the pool")
        inst = CardInst(next_uid, eng.pool[cid], owner, owner, zone=zone)
        s.cards[next_uid] = inst
        next_uid += 1
        return inst.uid

    s.turn, s.active, s.first = sc.turn, sc.active, sc.active
    for seat in s.seats:
        p = s.players[seat]
        p.money = sc.money.get(seat, 10)
        p.pool.update(sc.pools.get(seat, {}))
        p.turns_done = sc.turns_done.get(seat, sc.turn // 2)
        for part, ids in (("hand", sc.hands.get(seat)), ("main", sc.mains.get(seat)),
                          ("resource", sc.resources.get(seat)), ("market", sc.markets.get(seat))):
            if ids is None:
                continue
            for u in getattr(p, part):
                s.cards[u].zone = "unused"
            setattr(p, part, [new(cid, seat, part) for cid in ids])
        if seat in sc.companies:
            s.cards[p.company].zone = "unused"
            p.company = new(sc.companies[seat], seat, "company")
        eng.place(p.company, seat, (0, 0), seat)
        founder = sc.founders.get(seat, "keep")
        if founder == "keep":
            eng.place(p.founder, seat, (1, 0), seat)
        elif founder is None:
            s.cards[p.founder].zone = "unused"
        else:
            s.cards[p.founder].zone = "unused"
            p.founder = new(founder, seat, "founder")
            eng.place(p.founder, seat, (1, 0), seat)
    for net, placed in sc.networks.items():
        for item in placed:
            controller = item.controller or net
            owner = item.owner or controller
            u = new(item.id, owner, "network")
            pos = tuple(item.at)
            if pos in s.networks[net]:
                raise ValueError(f"scenario networks.{net}: slot {pos} is taken twice")
            eng.place(u, net, pos, controller)
            c = s.cards[u]
            c.engaged, c.damage, c.tokens = item.engaged, dict(item.damage), item.tokens
            for cid in item.pile:
                b = new(cid, owner, "network")
                s.cards[b].under, s.cards[b].controller = u, controller
                c.pile.append(b)
    # cards the scenario replaced are out of the game altogether
    for u in [u for u, c in s.cards.items() if c.zone == "unused"]:
        del s.cards[u]
    return sc.phase
