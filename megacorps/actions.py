"""Actions: small, hashable, typed values, one class per kind of decision.

Every action names the corp that takes it. `str(action)` reads as a sentence;
`action_to_dict` / `action_from_dict` give the JSON form used by saved games.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from typing import ClassVar

from pydantic import TypeAdapter, ValidationError


@dataclass(frozen=True, slots=True)
class Action:
    corp: str

    kind: ClassVar[str] = "action"

    def __str__(self) -> str:  # pragma: no cover - every subclass overrides
        return f"{self.corp}: {self.kind}"


# --- Setting up ----------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class PickCompany(Action):
    """Setup step 8: take a company for free."""
    company: str
    kind: ClassVar[str] = "pick"

    def __str__(self) -> str:
        return f"{self.corp} picks {self.company}"


# --- The six actions of a turn ------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class BuyCompany(Action):
    company: str
    kind: ClassVar[str] = "buy"

    def __str__(self) -> str:
        return f"{self.corp} buys {self.company}"


@dataclass(frozen=True, slots=True)
class PayoutIndustry(Action):
    industry: str
    kind: ClassVar[str] = "payout"

    def __str__(self) -> str:
        return f"{self.corp} pays out {self.industry}"


@dataclass(frozen=True, slots=True)
class Intervene(Action):
    """Government Intervention on a company (also the winner's intervention after a war)."""
    company: str
    kind: ClassVar[str] = "intervene"

    def __str__(self) -> str:
        return f"{self.corp} intervenes against {self.company}"


@dataclass(frozen=True, slots=True)
class BuyMercenaries(Action):
    """Free mercenaries from own companies, `from_box` at 1 Euro each, and optionally ask the
    other owners to sell."""
    from_box: int = 0
    ask_owners: bool = False
    kind: ClassVar[str] = "mercenaries"

    def __str__(self) -> str:
        ask = ", asking the other owners" if self.ask_owners else ""
        return f"{self.corp} buys mercenaries ({self.from_box} from the box{ask})"


@dataclass(frozen=True, slots=True)
class LaunchWar(Action):
    country: str
    kind: ClassVar[str] = "war"

    def __str__(self) -> str:
        return f"{self.corp} launches a war on {self.country}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Take no action (also: decline the winner's intervention after a war)."""
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return f"{self.corp} passes"


# --- Decisions by other corps -------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Permit(Action):
    """Antitrust: the country's owner lets the purchase go ahead."""
    kind: ClassVar[str] = "permit"

    def __str__(self) -> str:
        return f"{self.corp} permits the purchase"


@dataclass(frozen=True, slots=True)
class Veto(Action):
    """Antitrust: the country's owner forbids the purchase."""
    kind: ClassVar[str] = "veto"

    def __str__(self) -> str:
        return f"{self.corp} vetoes the purchase"


@dataclass(frozen=True, slots=True)
class OfferMercenaries(Action):
    """A Defense owner's answer to a buyer: sell `count` mercenaries for `price` Euros in all
    (count 0: refuse to sell)."""
    count: int = 0
    price: int = 0
    kind: ClassVar[str] = "offer-mercenaries"

    def __str__(self) -> str:
        if self.count == 0:
            return f"{self.corp} refuses to sell mercenaries"
        noun = "mercenary" if self.count == 1 else "mercenaries"
        return f"{self.corp} offers {self.count} {noun} for {self.price} Euros"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Accept the offer made to this corp (mercenaries or a trade)."""
    kind: ClassVar[str] = "accept"

    def __str__(self) -> str:
        return f"{self.corp} accepts the offer"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Decline the offer made to this corp (mercenaries or a trade)."""
    kind: ClassVar[str] = "decline"

    def __str__(self) -> str:
        return f"{self.corp} declines the offer"


@dataclass(frozen=True, slots=True)
class SupportWar(Action):
    """Give mercenaries to one side of the war being fought."""
    side: str = "attacker"
    count: int = 1
    kind: ClassVar[str] = "support"

    def __str__(self) -> str:
        noun = "mercenary" if self.count == 1 else "mercenaries"
        return f"{self.corp} sends {self.count} {noun} to the {self.side}"


@dataclass(frozen=True, slots=True)
class StayOut(Action):
    """Give no mercenaries to the war being fought."""
    kind: ClassVar[str] = "stay-out"

    def __str__(self) -> str:
        return f"{self.corp} stays out of the war"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A secret bid in an auction (Greedy Kleptocrats)."""
    amount: int = 0
    kind: ClassVar[str] = "bid"

    def __str__(self) -> str:
        return f"{self.corp} bids {self.amount} Euros"


@dataclass(frozen=True, slots=True)
class Vote(Action):
    """All of a corp's votes in an election, for one corp."""
    candidate: str = ""
    kind: ClassVar[str] = "vote"

    def __str__(self) -> str:
        return f"{self.corp} votes for {self.candidate}"


# --- Any time: cards, trades, leaving ----------------------------------------------------

@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    card: str
    target: str | None = None
    kind: ClassVar[str] = "play"

    def __str__(self) -> str:
        on = f" on {self.target}" if self.target else ""
        return f"{self.corp} plays {self.card}{on}"


@dataclass(frozen=True, slots=True)
class NoCard(Action):
    """Play no card on the payout being resolved."""
    kind: ClassVar[str] = "no-card"

    def __str__(self) -> str:
        return f"{self.corp} plays no card"


@dataclass(frozen=True, slots=True)
class Bundle:
    """Things one corp hands to another in a trade."""
    money: int = 0
    mercenaries: int = 0
    companies: tuple[str, ...] = ()
    countries: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    def is_empty(self) -> bool:
        return not (self.money or self.mercenaries or self.companies or self.countries or self.cards)

    def describe(self, show_cards: bool = True) -> str:
        parts = []
        if self.money:
            parts.append(f"{self.money} Euros")
        if self.mercenaries:
            parts.append(f"{self.mercenaries} mercenar{'y' if self.mercenaries == 1 else 'ies'}")
        parts += list(self.companies) + list(self.countries)
        if self.cards:
            if show_cards:
                parts += [f"card {c}" for c in self.cards]
            else:
                parts.append(f"{len(self.cards)} card{'s' if len(self.cards) > 1 else ''}")
        return ", ".join(parts) or "nothing"


@dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    """Offer `give` to corp `to` in exchange for `take` (either may be empty: a gift or a demand)."""
    to: str = ""
    give: Bundle = field(default_factory=Bundle)
    take: Bundle = field(default_factory=Bundle)
    kind: ClassVar[str] = "trade"

    def __str__(self) -> str:
        return self.describe(show_cards=True)

    def describe(self, show_cards: bool) -> str:
        if self.take.is_empty():
            return f"{self.corp} offers {self.to} a gift: {self.give.describe(show_cards)}"
        return (f"{self.corp} offers {self.to} {self.give.describe(show_cards)} "
                f"for {self.take.describe(show_cards)}")


@dataclass(frozen=True, slots=True)
class LeaveGame(Action):
    """The corp leaves the game: its markers are removed, its cards discarded, its money gone."""
    kind: ClassVar[str] = "leave"

    def __str__(self) -> str:
        return f"{self.corp} leaves the game"


@dataclass(frozen=True, slots=True)
class Sealed(Action):
    """In `Game.actions`: a secret bid or vote in a contest still under way (who, not what).
    It stands for the real choice until every choice is in; it cannot be applied."""
    what: str = "bid"
    kind: ClassVar[str] = "sealed"

    def __str__(self) -> str:
        return f"{self.corp} has cast a secret {self.what}"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.kind: cls for cls in (
        PickCompany, BuyCompany, PayoutIndustry, Intervene, BuyMercenaries, LaunchWar, Pass,
        Permit, Veto, OfferMercenaries, Accept, Decline, SupportWar, StayOut, Bid, Vote,
        PlayCard, NoCard, OfferTrade, LeaveGame)
}
_ADAPTERS = {kind: TypeAdapter(cls) for kind, cls in ACTION_TYPES.items()}


# --- Amounts: listed in sensible steps, any amount in range accepted -------------------------------

@dataclass(frozen=True, slots=True)
class ChoiceRange:
    """Every action equal to `example` except that `field` is a whole number from `low` to
    `high` (both included) is a legal choice now. `legal_actions` lists only some of those
    amounts (`sensible_amounts`); `Game.ranges(corp)` gives the whole range, so that a form
    or a bot may offer any amount, and the checked door accepts any of them."""
    example: Action
    field: str
    low: int
    high: int

    def __contains__(self, action: object) -> bool:
        if type(action) is not type(self.example):
            return False
        value = getattr(action, self.field)
        return (type(value) is int and self.low <= value <= self.high
                and replace(action, **{self.field: self.low}) == replace(self.example, **{self.field: self.low}))

    def with_value(self, value: int) -> Action:
        """The action with `field` set to `value` (not checked against the range)."""
        return replace(self.example, **{self.field: value})


_STEPS = (12, 15, 20, 25, 30, 40, 50, 60, 80)


def sensible_amounts(low: int, high: int) -> tuple[int, ...]:
    """The amounts listed for a range: every one up to 10, then 12, 15, 20, 25, 30, 40, 50, 60,
    80, 100, 120, ... and always `high` itself (at most about ten a power of ten)."""
    found = _AMOUNTS.get((low, high))
    if found is None:
        amounts = set(range(low, min(high, 10) + 1))
        scale = 1
        while scale * 12 <= high:
            amounts.update(a * scale for a in _STEPS if low <= a * scale <= high)
            amounts.add(100 * scale) if 100 * scale <= high else None
            scale *= 10
        if high >= low:
            amounts.add(high)
        found = tuple(sorted(amounts))
        if len(_AMOUNTS) < 10_000:
            _AMOUNTS[(low, high)] = found
    return found


_AMOUNTS: dict[tuple[int, int], tuple[int, ...]] = {}


# --- Field types: a malformed action is refused before any rule looks at it (issue 7, item 5) ---

def _is_str(v) -> bool:
    return type(v) is str


def _is_int(v) -> bool:
    return type(v) is int  # never a bool, a float or a numeric string


def _is_bool(v) -> bool:
    return type(v) is bool


def _is_names(v) -> bool:
    return type(v) is tuple and all(type(x) is str for x in v)


_CHECKS = {
    "str": (_is_str, "a name (a string)"),
    "int": (_is_int, "a whole number"),
    "bool": (_is_bool, "True or False"),
    "str | None": (lambda v: v is None or type(v) is str, "a name (a string) or None"),
    "tuple[str, ...]": (_is_names, "a tuple of names"),
}
_FIELDS: dict[type, tuple] = {}


def _fields_of(cls: type) -> tuple:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = tuple((f.name, f.type) for f in fields(cls))
    return found


def malformed(action) -> str | None:
    """Why `action` is not well formed (a field of the wrong type), or None. Checked by the
    game before any rule, so that a bad value is refused with a reason, never half-used."""
    return _malformed_fields(action, "")


def _malformed_fields(value, prefix: str) -> str | None:
    for name, kind in _fields_of(type(value)):
        v = getattr(value, name)
        if kind == "Bundle":
            if type(v) is not Bundle:
                return f"{prefix}{name} must be a Bundle, not {v!r}"
            problem = _malformed_fields(v, f"{prefix}{name}.")
            if problem:
                return problem
            continue
        check, what = _CHECKS[kind]
        if not check(v):
            return f"{prefix}{name} must be {what}, not {v!r}"
    return None


def action_to_dict(action: Action) -> dict:
    """The JSON form of an action: {"type": kind, ...fields}."""
    out: dict = {"type": action.kind}
    out.update(_ADAPTERS[action.kind].dump_python(action, mode="json"))
    return out


def action_from_dict(data: dict) -> Action:
    """Rebuild an action from its JSON form; raises ValueError naming the problem."""
    if not isinstance(data, dict):
        raise ValueError(f"an action must be an object, not {type(data).__name__}")
    kind = data.get("type")
    if kind not in ACTION_TYPES:
        raise ValueError(f"unknown action type {kind!r}")
    body = {k: v for k, v in data.items() if k != "type"}
    allowed = {f.name for f in fields(ACTION_TYPES[kind])}
    extra = set(body) - allowed
    if extra:
        raise ValueError(f"{kind}: unexpected field(s) {', '.join(sorted(extra))}")
    try:
        return _ADAPTERS[kind].validate_python(body, strict=False)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise ValueError(f"{kind}: {where}: {first['msg']}") from None
