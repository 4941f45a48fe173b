"""The actions of the trading card game: small frozen values naming the seat that acts.

Cards are named by their instance number in this game (`card`), targets by a key:
"card:<n>" (the slot holding card n), "stack:<n>" (an item on the rules stack), "seat:<name>"
(a player), "slot:<seat>:<x>:<y>" (an empty slot). Every decision in the middle of a rule (a
slot to deploy into, blockers, a damage split, a search result...) is a `Choose` among the keys
the game offers (`Game.legal_actions`)."""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Bid:
    seat: str
    amount: int | None            # None: declines to bid (L344-346)

    def __str__(self):
        return f"{self.seat} declines to bid" if self.amount is None else f"{self.seat} bids {self.amount}"


@dataclass(frozen=True, slots=True)
class Choose:
    seat: str
    key: str

    def __str__(self):
        return f"{self.seat} chooses {self.key}"


@dataclass(frozen=True, slots=True)
class Pass:
    seat: str

    def __str__(self):
        return f"{self.seat} passes"


@dataclass(frozen=True, slots=True)
class Produce:
    seat: str
    card: int
    trait: str

    def __str__(self):
        return f"{self.seat} engages card {self.card} for {self.trait}"


@dataclass(frozen=True, slots=True)
class Buy:
    seat: str
    source: str                   # hand, market, network, reveal
    card: int

    def __str__(self):
        return f"{self.seat} buys card {self.card} from {self.source}"


@dataclass(frozen=True, slots=True)
class PlayEvent:
    seat: str
    card: int
    target: str | None = None
    source: str = "hand"          # hand, or market (a market top, in one's own Buy phase)

    def __str__(self):
        return f"{self.seat} plays event {self.card}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True, slots=True)
class Activate:
    seat: str
    card: int
    ability: int                  # index in the card's abilities; -1: REGENERATE
    target: str | None = None

    def __str__(self):
        return f"{self.seat} activates ability {self.ability} of card {self.card}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True, slots=True)
class Abrupt:
    seat: str
    card: int

    def __str__(self):
        return f"{self.seat} deploys card {self.card} at once (ABRUPTION)"


@dataclass(frozen=True, slots=True)
class Attack:
    seat: str
    attacker: int
    target: int
    trait: str
    zone: tuple | None = None     # (x0, y0, width, height) for a ZONE ATTACK

    def __str__(self):
        return f"{self.seat} attacks card {self.target} with card {self.attacker} in {self.trait}" + (
            " (zone attack)" if self.zone else "")


@dataclass(frozen=True, slots=True)
class Sell:
    seat: str
    card: int

    def __str__(self):
        return f"{self.seat} sells card {self.card}"


ACTIONS = {cls.__name__: cls for cls in (Bid, Choose, Pass, Produce, Buy, PlayEvent, Activate, Abrupt, Attack, Sell)}
Action = Bid | Choose | Pass | Produce | Buy | PlayEvent | Activate | Abrupt | Attack | Sell


def action_to_dict(action) -> dict:
    if type(action).__name__ not in ACTIONS:
        raise ValueError(f"{action!r} is not an action of the trading card game")
    data = asdict(action)
    if isinstance(data.get("zone"), tuple):
        data["zone"] = list(data["zone"])
    return {"type": type(action).__name__, **data}


_TYPES = {"seat": str, "key": str, "card": int, "source": str, "trait": str, "attacker": int, "target": (int, str),
          "ability": int, "amount": int}


def action_from_dict(data: dict):
    """The action a dict describes; IllegalAction (a ValueError) saying what is wrong."""
    if not isinstance(data, dict):
        raise IllegalAction(f"an action is a dict, not {type(data).__name__}")
    kind = data.get("type")
    if kind not in ACTIONS:
        raise IllegalAction(f"unknown action type {kind!r} (the types are {', '.join(ACTIONS)})")
    cls = ACTIONS[kind]
    names = [f.name for f in fields(cls)]
    extra = set(data) - set(names) - {"type"}
    if extra:
        raise IllegalAction(f"{kind}: unknown field {sorted(extra)[0]!r}")
    values = {}
    for f in fields(cls):
        if f.name not in data:
            if f.default is not f.default_factory and f.default.__class__.__name__ != "_MISSING_TYPE":
                continue
            raise IllegalAction(f"{kind}: missing field {f.name!r}")
        v = data[f.name]
        if f.name == "zone":
            if v is not None:
                if not (isinstance(v, list | tuple) and len(v) == 4 and all(type(x) is int for x in v)):
                    raise IllegalAction(f"{kind}: zone must be four whole numbers (x, y, width, height)")
                v = tuple(v)
        elif v is None and f.name in ("amount", "target"):
            pass
        else:
            want = _TYPES.get(f.name, str)
            if isinstance(v, bool) or not isinstance(v, want):
                raise IllegalAction(f"{kind}: field {f.name!r} has the wrong type ({type(v).__name__})")
            if isinstance(v, str) and len(v) > 200:
                raise IllegalAction(f"{kind}: field {f.name!r} is too long")
        values[f.name] = v
    if kind == "PlayEvent" or kind == "Activate":
        if values.get("target") is not None and not isinstance(values["target"], str):
            raise IllegalAction(f"{kind}: target is a key such as 'card:12'")
    if kind == "Attack" and not isinstance(values["target"], int):
        raise IllegalAction("Attack: target is a card number")
    return cls(**values)
