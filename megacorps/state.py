"""The game state: everything on the table, plus the stack of decisions under way.

`GameState` is checked against a pydantic model (`StateModel`) when it is built or loaded, so
that a position can be validated and saved; the engine never edits a state another holder can
see: `Game.apply` works on `state.clone()`.
"""
from __future__ import annotations

import itertools
from bisect import bisect, bisect_left
from dataclasses import dataclass, field
from enum import Enum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from .board import Board, Deck, Government, rules_index, tuple_getter


class CompanyStatus(str, Enum):
    """The statuses of a company box that are not a corp's control marker."""

    UNOWNED = "unowned"
    NATIONALIZED = "nationalized"
    SYNDICALIZED = "syndicalized"
    ABSENT = "absent"  # L-5 and Asteroid before their cards

    def __str__(self) -> str:
        return self.value


UNOWNED = CompanyStatus.UNOWNED.value
NATIONALIZED = CompanyStatus.NATIONALIZED.value
SYNDICALIZED = CompanyStatus.SYNDICALIZED.value
ABSENT = CompanyStatus.ABSENT.value
MARKERS = frozenset({UNOWNED, NATIONALIZED, SYNDICALIZED, ABSENT})


# --- Decisions under way (the frame stack) ---------------------------------------------------
# The bottom of play is the turn order (`to_act`); anything that needs a decision from a corp
# other than the one taking its action pushes a frame. See docs/engine.md.

@dataclass
class AntitrustFrame:
    """Antitrust: `owner` (of the company's country) may veto `buyer`'s purchase."""
    buyer: str
    company: str
    owner: str


@dataclass
class MercenaryFrame:
    """Buy Mercenaries: the other owners, one at a time clockwise, offer; the buyer accepts or
    declines. Who owns what is read as things stand when each is asked (trades may intervene),
    and each company supplies at most one mercenary per purchase, whoever owns it (R13)."""
    buyer: str
    used: list[str] = field(default_factory=list)    # companies already asked, or that supplied one
    offer: tuple[str, int, int] | None = None        # (seller, count, price) awaiting the buyer
    offered_from: tuple[str, ...] = ()               # the companies the pending offer comes from


@dataclass
class WarFrame:
    """Launch a War: the pause in which other corps may give mercenaries to either side.
    `defender` and `waiting` are judged as things stand (`war.reconsider`, after every step):
    a card or trade in the pause can change who holds the target and who has mercenaries."""
    attacker: str
    country: str
    defender: str | None                     # the target's controller now
    waiting: list[str]                       # bystanders with mercenaries still to answer
    lent_to_defender: int = 0                # given while uncontrolled: defends, lost after the war
    answered: list[str] = field(default_factory=list)   # corps that gave or stayed out


@dataclass
class SpoilsFrame:
    """After a war: the winner may intervene against one of the loser's companies there."""
    winner: str
    loser: str
    country: str


@dataclass
class PayoutFrame:
    """An industry about to pay out: Oversupply / Shortages may still be played."""
    industry: str
    by: str | None                           # corp that chose the Payout Industry action
    card: str | None                         # card that triggered it (Boom), if any
    waiting: list[str]
    modifiers: list[str] = field(default_factory=list)


@dataclass
class AuctionFrame:
    """Greedy Kleptocrats: secret simultaneous bids for a Kleptocracy."""
    country: str
    waiting: list[str]
    bids: dict[str, int] = field(default_factory=dict)


@dataclass
class ElectionFrame:
    """Elections / Vote of No Confidence: Media companies vote for control of a Democracy."""
    country: str
    card: str
    waiting: list[str]
    votes: dict[str, str] = field(default_factory=dict)


@dataclass
class LastCallFrame:
    """The final round is over: before the final payouts, every corp holding a card may still
    play one (Event Cards: any time until the game ends) or pass. After a card is played, or
    when the holders change, everyone holding a card is asked again (`turns.last_call`)."""
    waiting: list[str]
    seen: tuple = ()                         # (cards played, holders) when `waiting` was set


@dataclass
class TradeFrame:
    """A trade offer waiting for its recipient's answer."""
    offer: object  # OfferTrade


Frame = (AntitrustFrame | MercenaryFrame | WarFrame | SpoilsFrame | PayoutFrame
         | AuctionFrame | ElectionFrame | LastCallFrame | TradeFrame)

# Frames during which any-time cards, trades and leaving may interrupt (Event Cards: no card
# while another card resolves; a payout resolves as one step, open only to Oversupply/Shortages;
# the winner of a war intervenes at once, When the War is Over).
OPEN_FRAMES = (AntitrustFrame, MercenaryFrame, WarFrame, LastCallFrame)  # the winner's intervention is immediate (R24)


class StateModel(BaseModel):
    """The saved fields of a `GameState`, with their types and bounds: pydantic validates a
    position against this when it is built, loaded from a save or received from a table."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    corps: list[str] = Field(description="Corps in seating (clockwise) order, departed ones included")
    departed: list[str] = Field(default_factory=list, description="Corps that left the game")
    money: dict[str, Annotated[int, Field(ge=0, le=10**9)]]
    mercenaries: dict[str, Annotated[int, Field(ge=0, le=10**9)]]
    hands: dict[str, list[str]] = Field(description="Secret: each corp's event cards")
    deck: list[str] = Field(description="Secret: the event deck, top card first")
    discard: list[str] = Field(default_factory=list, description="Played and discarded cards (public)")
    set_aside: list[str] = Field(default_factory=list, description="Secret: cards out of this game, unseen")
    companies: dict[str, str] = Field(description="Company -> owner corp or a CompanyStatus value")
    controllers: dict[str, str | None] = Field(description="Country -> controlling corp (None: uncontrolled)")
    governments: dict[str, Government]
    paid: str | None = Field(None, description="Holder of the Paid card")
    active: str = Field(description="Holder of the Active Player card")
    round: int = Field(0, ge=0, le=10_000, description="0 during setup, then 1, 2, ...")
    phase: Literal["setup", "rounds", "over"] = "rounds"
    to_act: list[str] = Field(description="Corps still to act this round (or to pick, in setup); first acts now")
    payout_taken: bool = Field(False, description="A Payout Industry action happened this round")
    must_buy: bool = Field(False, description="After a veto the corp must buy another company or pass")
    vetoed: list[str] = Field(default_factory=list, description="Companies vetoed for the current buyer")
    in_play: list[str] = Field(default_factory=list, description="Lasting cards in effect (Clone Soldiers)")


_SAVED = tuple(StateModel.model_fields)
# Not saved: the decisions under way (saved apart, as frames), the index of unowned companies
# (a cache: None until asked, kept up to date by set_company), the board and deck in use, and
# their RulesIndex (the tables the rules read, on a plain object).
_UNSAVED = ("frames", "unowned_at", "unowned_pick", "companies_version", "companies_shared", "board", "deck_spec",
            "index")
# A stamp of the companies' statuses, unique among all states in this process: set_company and
# clone() draw a new one (so a clone edited directly, as a bot's trial, is never mistaken for
# its original), `fork()` keeps it. Caches of what depends on the statuses are keyed by it.
_VERSIONS = itertools.count(1)


class GameState:
    """Everything on the table at one moment: the fields of `StateModel` (validated when a
    state is built: `GameState(**fields)`, `GameState.model_validate(data)`), plus `frames`
    (the decisions under way), `board` and `deck_spec`.

    A plain object rather than a pydantic model: the rules read its fields many times a
    step, and a plain attribute is read several times faster (the speed of the simulator
    for search bots, issue 7). `model_dump` and `model_validate` work as pydantic's.
    """

    model_fields = StateModel.model_fields

    def __init__(self, **fields) -> None:
        frames = fields.pop("frames", None)
        self.__dict__.update(StateModel(**fields).__dict__)
        self.frames = list(frames) if frames is not None else []
        self.unowned_at = None
        self.unowned_pick = None
        self.companies_version = next(_VERSIONS)
        self.companies_shared = False
        self.board = None
        self.deck_spec = None
        self.index = None

    @classmethod
    def model_validate(cls, data) -> "GameState":
        """A state from its saved fields (a dict); raises pydantic's ValidationError."""
        new = object.__new__(cls)
        new.__dict__.update(StateModel.model_validate(data).__dict__)
        new.frames = []
        new.unowned_at = None
        new.unowned_pick = None
        new.companies_version = next(_VERSIONS)
        new.companies_shared = False
        new.board = None
        new.deck_spec = None
        new.index = None
        return new

    def model_dump(self, **options) -> dict:
        """The saved fields as a dict (pydantic's `model_dump` options apply; frames, the
        board and the deck are not part of it)."""
        d = self.__dict__
        return StateModel.model_construct(**{name: d[name] for name in _SAVED}).model_dump(**options)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GameState):
            return NotImplemented
        a, b = self.__dict__, other.__dict__
        return all(a[name] == b[name] for name in _SAVED) and a["frames"] == b["frames"]

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        d = self.__dict__
        return f"GameState({', '.join(f'{name}={d[name]!r}' for name in (*_SAVED, 'frames'))})"

    def put(self, table: str, key: str, value) -> None:
        """Set one entry of `controllers`, `governments` or `hands`, which clones share: the
        dict is copied first (copy on write)."""
        changed = self.__dict__[table].copy()
        changed[key] = value
        self.__dict__[table] = changed

    def set_company(self, company: str, status: str) -> None:
        """Put a corp's marker or a status in a company box. The rules change companies only
        through this, which keeps the index of unowned companies (`unowned_positions`) up to date."""
        d = self.__dict__
        companies = d["companies"]
        if d["companies_shared"]:  # a fork shares it until one of them changes it (copy on write)
            companies = d["companies"] = companies.copy()
            d["companies_shared"] = False
        old = companies[company]
        companies[company] = status
        d["companies_version"] = next(_VERSIONS)
        at = d["unowned_at"]
        if at is not None and (old == UNOWNED) != (status == UNOWNED):
            i = self.index.position[company]
            if status == UNOWNED:
                k = bisect(at, i)
                d["unowned_at"] = at[:k] + (i,) + at[k:]
            else:
                k = bisect_left(at, i)  # (at.index compares one by one: several times slower)
                d["unowned_at"] = at[:k] + at[k + 1:]
            d["unowned_pick"] = None

    def unowned_positions(self) -> tuple[int, ...]:
        """Board positions (in `board.companies`) of the unowned companies, in board order."""
        at = self.__dict__["unowned_at"]
        if at is None:
            at = self.__dict__["unowned_at"] = tuple(
                i for i, status in enumerate(self.companies.values()) if status == UNOWNED)
        return at

    def unowned_picker(self):
        """A function picking, out of any tuple in board order of companies, the entries of the
        unowned companies (a tuple, in C: the buy and pick choices of every turn). Kept with
        the index of unowned companies."""
        pick = self.__dict__["unowned_pick"]
        if pick is None:
            pick = self.__dict__["unowned_pick"] = tuple_getter(self.unowned_positions())
        return pick

    def attach(self, board: Board, deck: Deck) -> "GameState":
        """Tie this state to the board and deck it is played on (not part of its data)."""
        self.board = board
        self.deck_spec = deck
        self.index = rules_index(board, deck)
        for table, order in (("companies", board.companies), ("controllers", board.playable_countries),
                             ("governments", board.playable_countries)):
            values = self.__dict__[table]
            if values and tuple(values) != order:
                # board order, always: the rules list choices by walking the two side by side
                ordered = {k: values[k] for k in order if k in values}
                ordered.update(values)  # anything unknown stays, for the save checks to name
                self.__dict__[table] = ordered
        self.__dict__["unowned_at"] = None
        self.__dict__["unowned_pick"] = None
        self.__dict__["companies_version"] = next(_VERSIONS)
        return self

    def clone(self) -> "GameState":
        """A copy that shares nothing mutable with this state.

        Lists in a state (the deck, hands, the turn order...) are never changed in place: the
        rules replace them with new lists. Neither are the dicts that change rarely (controllers,
        governments, hands): the rules change them through `put`, which copies first. So a clone
        may share all of those, and copies only money, mercenaries, companies and the frame
        stack (tests/engine/test_engine_integrity.py checks that no old state ever changes).
        """
        new = self.fork()
        d = new.__dict__
        d["companies"] = d["companies"].copy()
        d["companies_shared"] = False
        d["companies_version"] = next(_VERSIONS)
        return new

    def fork(self) -> "GameState":
        """`clone()` for the engine's own steps, which change companies only through
        `set_company`: it keeps the stamp of the companies' statuses (`companies_version`), and
        the two share the companies table until either changes it (`set_company` copies it
        first: two thirds of the steps change no company)."""
        d = self.__dict__  # (each name below read once: the checked door forks at every step)
        d["companies_shared"] = True
        d = d.copy()
        d["money"] = d["money"].copy()
        d["mercenaries"] = d["mercenaries"].copy()
        frames = d["frames"]
        d["frames"] = [_copy_frame(f) for f in frames] if frames else []
        new = _new(GameState)
        new.__dict__ = d
        return new

    # --- small queries used everywhere -----------------------------------------------------

    @property
    def playing(self) -> list[str]:
        """Corps still in the game, in seating order (read-only)."""
        if not self.departed:
            return self.corps
        return [c for c in self.corps if c not in self.departed]

    def corps_from(self, first: str) -> list[str]:
        """Corps still playing, clockwise starting with `first`."""
        corps = self.corps
        i = corps.index(first)
        order = corps[i:] + corps[:i]
        departed = self.departed
        return [c for c in order if c not in departed] if departed else order

    def next_clockwise(self, corp: str) -> str:
        """The next corp still playing to the left of `corp`."""
        i = self.corps.index(corp)
        n = len(self.corps)
        for step in range(1, n + 1):
            c = self.corps[(i + step) % n]
            if c not in self.departed:
                return c
        return corp

    def owned_by(self, corp: str) -> list[str]:
        return [co for co, st in self.companies.items() if st == corp]

    def countries_of(self, corp: str) -> list[str]:
        return [c for c, owner in self.controllers.items() if owner == corp]

    def is_neutral(self, country: str) -> bool:
        return self.board.country_by_name[country].neutral

    @property
    def top_frame(self):
        return self.frames[-1] if self.frames else None


def without(cards: list[str], card: str) -> list[str]:
    """A new list: `cards` less one copy of `card`."""
    out = list(cards)
    out.remove(card)
    return out


def country_of(company: str) -> str:
    return company.split("/", 1)[0]


def industry_of(company: str) -> str:
    return company.split("/", 1)[1]


def _copy_frame(frame):
    """A frame's copy with its own lists and dicts (strings and tuples are shared)."""
    cls = type(frame)
    d = frame.__dict__.copy()
    for name in _MUTABLE_PARTS[cls]:
        d[name] = d[name].copy()
    new = _new(cls)
    new.__dict__ = d
    return new


_new = object.__new__


_MUTABLE_PARTS = {
    AntitrustFrame: (), MercenaryFrame: ("used",), WarFrame: ("waiting", "answered"),
    SpoilsFrame: (), PayoutFrame: ("waiting", "modifiers"), AuctionFrame: ("waiting", "bids"),
    ElectionFrame: ("waiting", "votes"), LastCallFrame: ("waiting",), TradeFrame: (),
}
