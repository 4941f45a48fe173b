"""The state of a game in progress: every card instance and where it is, the players' money and
trait pools, the turn and phase, the rules stack and the combat under way.

Plain mutable dataclasses: the engine (flow.py) changes them step by step; saves hold the seed
and the actions, never this state, and replay them (saves.py)."""
from __future__ import annotations

from dataclasses import dataclass, field

from .cards import Card

Pos = tuple[int, int]


@dataclass
class Mod:
    """A change until the end of the turn (notes §1.11 step 6)."""
    traits: dict[str, int] = field(default_factory=dict)
    keywords: tuple = ()


@dataclass
class CardInst:
    uid: int
    card: Card
    owner: str
    controller: str
    zone: str = "main"               # main, resource, hand, network, market, annihilated
    net: str | None = None           # whose network it is in
    pos: Pos | None = None
    under: int | None = None         # the top card of the pile it is bonded under
    pile: list[int] = field(default_factory=list)   # on a top card: the cards bonded under it
    engaged: bool = False
    damage: dict[str, int] = field(default_factory=dict)
    tokens: int = 0
    mods: list[Mod] = field(default_factory=list)
    attacked: bool = False           # attacked this turn (each character attacks once, L1063-1064)
    times_attacked: int = 0          # as a target this turn (ELUSIVE)
    retaliations: int = 0            # this turn (REFLEXES lifts the limit)
    regenerated: bool = False        # in the combat under way (L1103-1105)
    epoch: int = 0                   # +1 each time it leaves play: its abilities on the stack fizzle
    used: set = field(default_factory=set)         # once-a-turn abilities used
    doomed: str | None = None        # a pending destruction outside damage (DEMOLISHER)
    hit_by: int | None = None        # the last card to damage it in combat (ASSASSIN)

    @property
    def name(self) -> str:
        return self.card.name


@dataclass
class Player:
    name: str
    money: int = 10
    pool: dict[str, int] = field(default_factory=lambda: {"QI": 0, "QE": 0, "QM": 0, "QC": 0})
    main: list[int] = field(default_factory=list)       # top = last
    resource: list[int] = field(default_factory=list)   # top = last
    hand: list[int] = field(default_factory=list)
    market: list[int] = field(default_factory=list)     # top = last
    turns_done: int = 0
    bid: int | None = None
    revealed: int | None = None      # the resource card revealed this Accounting phase
    company: int = -1
    founder: int = -1


@dataclass
class StackItem:
    sid: int
    kind: str                        # "event" or "ability"
    source: int
    epoch: int
    controller: str
    effects: list
    target: object = None            # ("card", uid, net, pos) | ("stack", sid) | ("seat", name) | ("slot", net, pos)
    label: str = ""
    engaged_other: int | None = None
    spec: object = None              # the card's Target, checked again on resolution


@dataclass
class Combat:
    attacker: int
    trait: str
    target_net: str
    target_pos: Pos | None
    target_uid: int                  # the card declared (a bonded card for PENETRATOR)
    zone: tuple | None = None        # (x0, y0, w, h) for a ZONE ATTACK
    defenders: list[int] = field(default_factory=list)
    blocked: bool = False


@dataclass
class State:
    seats: list[str]
    players: dict[str, Player]
    cards: dict[int, CardInst]
    networks: dict[str, dict[Pos, int]]
    annihilated: list[int] = field(default_factory=list)
    stack: list[StackItem] = field(default_factory=list)
    next_sid: int = 1
    phase: str = "setup"
    active: str = ""
    first: str = ""
    turn: int = 0                    # turns started in all
    combat: Combat | None = None
    losers: set = field(default_factory=set)
    winners_by_effect: set = field(default_factory=set)
    over: bool = False
    end_reason: str = ""
    sold_this_phase: bool = False
    arrivals: int = 0
    cache: dict | None = None

    def other(self, seat: str) -> str:
        return next(s for s in self.seats if s != seat)
