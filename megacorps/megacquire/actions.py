"""The actions of MEGAcquire: small frozen values naming the seat that acts, with a readable
`str()` and a dict form for saves and the table service (`to_dict`/`action_from_dict`).

A turn (Turn Summary): play a tile (`PlayTile`, or `NoPlay` when no tile in hand can be played),
then the choices the tile calls for (`Found`, `ChooseSurvivor`, `ChooseDefunct`, and every
holder's `Dispose` in a merger), then the stock step: `BuyShare` one certificate at a time
(at most six), and `EndTurn`, which pays, trading certificates in when short of cash, and draws.
`ProposeEnd` and `Vote` end the game early by agreement.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields

from ..errors import IllegalAction


@dataclass(frozen=True, slots=True)
class PlayTile:
    """Play `tile` (its name, "C-7") from hand onto its space."""

    seat: str
    tile: str

    def __str__(self) -> str:
        return f"{self.seat} plays {self.tile}"


@dataclass(frozen=True, slots=True)
class NoPlay:
    """Play no tile: every tile in hand would found a company and none is left to found (or the
    hand is empty). No tile is drawn; the stock step follows."""

    seat: str

    def __str__(self) -> str:
        return f"{self.seat} has no tile that can be played"


@dataclass(frozen=True, slots=True)
class Found:
    """Name the company the tile just played founds (any company not on the board)."""

    seat: str
    company: str

    def __str__(self) -> str:
        return f"{self.seat} founds {self.company}"


@dataclass(frozen=True, slots=True)
class ChooseSurvivor:
    """The merge maker picks the surviving company among the largest ones, tied in size."""

    seat: str
    company: str

    def __str__(self) -> str:
        return f"{self.seat} keeps {self.company} as the surviving company"


@dataclass(frozen=True, slots=True)
class ChooseDefunct:
    """The merge maker picks which of the defunct companies tied in size is settled next."""

    seat: str
    company: str

    def __str__(self) -> str:
        return f"{self.seat} settles {self.company} next"


@dataclass(frozen=True, slots=True)
class Dispose:
    """A holder of a defunct company's stock sells `sell` certificates to the bank and holds the rest."""

    seat: str
    company: str
    sell: int

    def __str__(self) -> str:
        return f"{self.seat} sells {self.sell} {self.company} and holds the rest"


@dataclass(frozen=True, slots=True)
class BuyShare:
    """Add one certificate of an active company to this turn's purchase (paid at EndTurn)."""

    seat: str
    company: str

    def __str__(self) -> str:
        article = "an" if self.company[:1].lower() in "aeiou" else "a"   # "an Acorn", "a Solon"
        return f"{self.seat} buys {article} {self.company} certificate"


@dataclass(frozen=True, slots=True)
class EndTurn:
    """Pay for the purchase, trading in `trade` certificates ((company, count) pairs, sorted)
    when cash alone cannot pay; then draw a tile and pass the turn."""

    seat: str
    trade: tuple[tuple[str, int], ...] = ()

    def __str__(self) -> str:
        if not self.trade:
            return f"{self.seat} ends the turn"
        given = ", ".join(f"{n} {c}" for c, n in self.trade)
        return f"{self.seat} trades in {given} and ends the turn"


@dataclass(frozen=True, slots=True)
class ProposeEnd:
    """Propose to end the game early, by agreement: the round is then finished (L113)."""

    seat: str

    def __str__(self) -> str:
        return f"{self.seat} proposes to end the game after this round"


@dataclass(frozen=True, slots=True)
class Vote:
    """Agree or not to end the game early."""

    seat: str
    agree: bool

    def __str__(self) -> str:
        return f"{self.seat} {'agrees' if self.agree else 'refuses'} to end the game early"


Action = PlayTile | NoPlay | Found | ChooseSurvivor | ChooseDefunct | Dispose | BuyShare | EndTurn | ProposeEnd | Vote
ACTION_TYPES: dict[str, type] = {cls.__name__: cls for cls in
                                 (PlayTile, NoPlay, Found, ChooseSurvivor, ChooseDefunct, Dispose,
                                  BuyShare, EndTurn, ProposeEnd, Vote)}


def action_to_dict(action: Action) -> dict:
    """The dict form of `action` ({"type": "PlayTile", "seat": ..., "tile": ...})."""
    data = asdict(action)
    if isinstance(action, EndTurn):
        data["trade"] = [list(pair) for pair in action.trade]
    return {"type": type(action).__name__, **data}


def action_from_dict(data: dict) -> Action:
    """The action a dict describes; raises IllegalAction saying what is malformed."""
    if not isinstance(data, dict):
        raise IllegalAction(f"an action must be a dict, not {type(data).__name__}")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise IllegalAction(f"unknown action type {kind!r} (the types are {', '.join(ACTION_TYPES)})")
    names = [f.name for f in fields(cls)]
    extra = set(data) - set(names) - {"type"}
    if extra:
        raise IllegalAction(f"{kind}: unknown field {sorted(extra)[0]!r}")
    values = {}
    for f in fields(cls):
        if f.name not in data:
            if f.name == "trade":
                continue
            raise IllegalAction(f"{kind}: the field {f.name!r} is missing")
        value = data[f.name]
        if f.name == "trade":
            value = _trade(kind, value)
        elif f.name == "sell":
            if type(value) is not int:
                raise IllegalAction(f"{kind}: sell must be a whole number")
        elif f.name == "agree":
            if type(value) is not bool:
                raise IllegalAction(f"{kind}: agree must be true or false")
        elif not isinstance(value, str) or len(value) > 40:
            raise IllegalAction(f"{kind}: {f.name} must be a short text")
        values[f.name] = value
    return cls(**values)


def _trade(kind: str, value) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, (list, tuple)) or len(value) > 40:
        raise IllegalAction(f"{kind}: trade must be a list of [company, count] pairs")
    pairs = []
    for pair in value:
        if (not isinstance(pair, (list, tuple)) or len(pair) != 2 or not isinstance(pair[0], str)
                or type(pair[1]) is not int or len(pair[0]) > 40):
            raise IllegalAction(f"{kind}: trade must be a list of [company, count] pairs")
        pairs.append((pair[0], pair[1]))
    return tuple(pairs)
