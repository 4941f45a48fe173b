"""Game Play: the note card. Each quarter every corporation secretly writes how it splits its
money between investment in industries and sabotage of another corporation's industry.

`Allocate` is the one action of the game: a small, hashable value with a readable `str` and a
JSON form. An allocation is open-ended, so it is checked rather than listed: `problem` says in
game terms what is wrong with a note card, or None when the moderator accepts it.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from .log import joined, money

if TYPE_CHECKING:
    from .state import NotecardState


def _industry_key(name: Any) -> tuple:
    text = str(name)
    number = text.rsplit(" ", 1)[-1]
    return (0, int(number), text) if number.isdigit() else (1, 0, text)


def _pairs(value: Any, what: str) -> tuple:
    items = value.items() if isinstance(value, dict) else value
    try:
        items = [tuple(item) for item in items]
    except TypeError:
        raise ValueError(f"{what} must be a mapping or a list of entries, not {value!r}") from None
    return tuple(items)


@dataclass(frozen=True, slots=True)
class Allocate:
    """A corporation's note card for one quarter.

    `invest`: industry -> millions invested there. `sabotage`: (target corporation, industry)
    -> millions spent sabotaging that corporation's investment in that industry. Either may be
    given as a dict or as a list of entries; zero amounts are dropped, and the card is stored
    in a fixed order, so equal cards compare equal. An empty card keeps all the money.
    """

    corp: str
    invest: tuple[tuple[str, int], ...] = ()
    sabotage: tuple[tuple[str, str, int], ...] = ()

    kind: ClassVar[str] = "allocate"

    def __post_init__(self) -> None:
        invest = _pairs(self.invest, "invest")
        if isinstance(self.sabotage, dict):
            sabotage = tuple((*k, v) if isinstance(k, tuple) else (k, v) for k, v in self.sabotage.items())
        else:
            sabotage = _pairs(self.sabotage, "sabotage")
        for entry in invest:
            if len(entry) != 2:
                raise ValueError(f"an investment is (industry, amount), not {entry!r}")
        for entry in sabotage:
            if len(entry) != 3:
                raise ValueError(f"a sabotage is (target corporation, industry, amount), not {entry!r}")
        invest = tuple(sorted((e for e in invest if not _is_zero(e[1])), key=lambda e: _industry_key(e[0])))
        sabotage = tuple(sorted((e for e in sabotage if not _is_zero(e[2])),
                                key=lambda e: (str(e[0]), _industry_key(e[1]))))
        object.__setattr__(self, "invest", invest)
        object.__setattr__(self, "sabotage", sabotage)

    # --- reading a card ---------------------------------------------------------------------

    def invested(self, industry: str) -> int:
        """Millions this card invests in `industry`."""
        return sum(a for i, a in self.invest if i == industry)

    def sabotage_against(self, target: str, industry: str) -> int:
        """Millions this card spends sabotaging `target`'s investment in `industry`."""
        return sum(a for t, i, a in self.sabotage if t == target and i == industry)

    @property
    def total_invested(self) -> int:
        return sum(a for _, a in self.invest)

    @property
    def total_sabotage(self) -> int:
        return sum(a for _, _, a in self.sabotage)

    @property
    def industries(self) -> list[str]:
        """The industries this card invests in."""
        return [i for i, _ in self.invest]

    def describe(self) -> str:
        """The card's content in words (without the corporation's name)."""
        parts = [f"{money(a)} in {i}" for i, a in self.invest]
        parts += [f"{money(a)} sabotaging {t}'s {i}" for t, i, a in self.sabotage]
        return ", ".join(parts) if parts else "nothing allocated (keeps all its money)"

    def __str__(self) -> str:
        return f"{self.corp}'s note card: {self.describe()}"

    # --- JSON ---------------------------------------------------------------------------------

    def to_dict(self) -> dict:
        return {"kind": self.kind, "corp": self.corp, "invest": dict(self.invest),
                "sabotage": [list(s) for s in self.sabotage]}

    @classmethod
    def from_dict(cls, data: dict) -> "Allocate":
        """The card from its JSON form; raises ValueError naming what is malformed."""
        if not isinstance(data, dict) or data.get("kind") != cls.kind:
            raise ValueError(f"not a note card: {data!r}")
        unknown = set(data) - {"kind", "corp", "invest", "sabotage"}
        if unknown:
            raise ValueError(f"unknown field {sorted(unknown)[0]!r} in a note card")
        corp = data.get("corp")
        if not isinstance(corp, str):
            raise ValueError("a note card names its corporation")
        return cls(corp, data.get("invest", {}), data.get("sabotage", []))


def _is_zero(amount: Any) -> bool:
    return type(amount) is int and amount == 0


def _is_whole(amount: Any) -> bool:
    return type(amount) is int  # bool is an int subclass, and True millions is not money


class Cost(NamedTuple):
    """What a note card takes from its corporation's money."""

    invested: int
    sabotage: int
    entries: tuple[str, ...]   # Variable Industries: industries entered this quarter, $1M each

    @property
    def total(self) -> int:
        return self.invested + self.sabotage + ENTRY_COST * len(self.entries)

    def describe(self) -> str:
        parts = [f"{money(self.invested)} invested"] if self.invested else []
        if self.sabotage:
            parts.append(f"{money(self.sabotage)} on sabotage")
        if self.entries:
            parts.append(f"{money(ENTRY_COST * len(self.entries))} cost of entry to "
                         f"{joined(list(self.entries))}")
        return ", ".join(parts) or "nothing"


ENTRY_COST = 1  # Variable Industries: $1 million to invest in an industry beyond one's current ones


def needs_entry(state: "NotecardState", corp: str, industry: str) -> bool:
    """Variable Industries: whether `corp` must pay the cost of entry to invest in `industry`
    this quarter (it did not invest there last quarter, or never did)."""
    return state.options.variable_industries and industry not in state.entered.get(corp, ())


def cost(state: "NotecardState", card: Allocate) -> Cost:
    """The money `card` takes: investments, sabotage and any costs of entry."""
    entries = tuple(i for i in card.industries if needs_entry(state, card.corp, i))
    return Cost(card.total_invested, card.total_sabotage, entries)



def problem(state: "NotecardState", card: Allocate) -> str | None:
    """Why the moderator refuses `card` now, in game terms; None when it is accepted.

    Only the card itself and public facts are named: never another corporation's note card.
    """
    corp = card.corp
    if state.over:
        return "the game is over"
    if corp not in state.players:
        return (f"{corp!r} is not a corporation in this game (they are {joined(state.players)})")
    if corp in state.bankrupt:
        return f"{corp} went bankrupt in quarter {state.bankrupt[corp]} and is out of the game"
    if corp in state.pending:
        return (f"{corp} has already handed in its note card for quarter {state.quarter} "
                "(take it back first to change it)")
    pool = state.options.industries
    if state.options.variable_industries:
        pool_text = f"industries are named {pool[0]} to {pool[-1]}"
        if state.options.max_industries:
            pool_text += f" (the table's house limit: {state.options.max_industries} industries)"
    else:
        pool_text = f"the industries are {joined(list(pool))} (Variable Industries is not in play)"
    seen: set = set()
    for industry, amount in card.invest:
        if industry not in pool:
            return f"{industry!r} is not an industry of this game: {pool_text}"
        if industry in seen:
            return f"it names {industry} twice"
        seen.add(industry)
        if not _is_whole(amount):
            return f"money is allocated in whole millions: {amount!r} in {industry} is not"
        if amount < 0:
            return f"it cannot invest a negative amount ({money(amount)} in {industry})"
    seen = set()
    for target, industry, amount in card.sabotage:
        if target == corp:
            return f"{corp} cannot sabotage its own investment"
        if target not in state.players:
            return f"{target!r} is not a corporation in this game (they are {joined(state.players)})"
        if target in state.bankrupt:
            return f"{target} is bankrupt and out of the game: there is nothing of it to sabotage"
        if industry not in pool:
            return f"{industry!r} is not an industry of this game: {pool_text}"
        if (target, industry) in seen:
            return f"it names the sabotage of {target}'s {industry} twice"
        seen.add((target, industry))
        if not _is_whole(amount):
            return f"money is allocated in whole millions: {amount!r} against {target}'s {industry} is not"
        if amount < 0:
            return f"it cannot spend a negative amount on sabotage ({money(amount)} against {target}'s {industry})"
    spent = cost(state, card)
    have = state.money[corp]
    if spent.total > have:
        detail = f" ({spent.describe()})" if spent.sabotage or spent.entries else ""
        return f"{corp} allocates {money(spent.total)}{detail} but has only {money(have)}"
    return None
