"""The board and the event deck, loaded from data files and checked by pydantic.

The rulebook prints neither the board nor the card texts, so both ship as data
(`megacorps/data/board.json`, `megacorps/data/deck.json`, a reconstruction described in
`docs/board-and-deck.md`). A player who owns the physical game can load corrected files
with `load_board(path)` / `load_deck(path)` without touching Python.
"""
from __future__ import annotations

import itertools
from enum import Enum
from functools import cached_property, lru_cache
from operator import itemgetter
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .errors import BadDataFile

# Bounds on every number a board or deck file may hold (issue 7, items 8 and 9): values the
# rules cannot work with are refused, and no number is so big that listing or playing hangs.
MAX_FILE_BYTES = 2_000_000
MAX_MONEY = 1_000_000            # starting money, and any amount of Euros a file names
MAX_PRICE = 10_000               # company and mercenary prices, compensation, payouts
MAX_STRENGTH = 1_000             # Defense, Force, starting mercenaries
MAX_COPIES = 50                  # copies of one card
MAX_CARDS = 500                  # cards in a deck
Name = Annotated[str, Field(min_length=1, max_length=100)]
Note = Annotated[str, Field(max_length=5_000)]
Price = Annotated[int, Field(ge=0, le=MAX_PRICE)]


class Government(str, Enum):
    """The government types (Government Intervention; Wikisyndicalism only through its card)."""

    DEMOCRACY = "Democracy"
    DICTATORSHIP = "Dictatorship"
    KLEPTOCRACY = "Kleptocracy"
    WIKISYNDICALISM = "Wikisyndicalism"

    def __str__(self) -> str:
        return self.value


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Country(_Strict):
    """A row of the board."""

    name: Name = Field(description="Country name as printed on the board")
    government: Government | None = Field(None, description="Starting government (None: neutral)")
    defense: int = Field(0, ge=0, le=MAX_STRENGTH, description="Defense value (first number under the name)")
    force: int = Field(0, ge=0, le=MAX_STRENGTH, description="Force value (second number under the name)")
    companies: list[Name] = Field(max_length=50, description="Industries that have a company in this country")
    neutral: bool = Field(False, description="Never controlled, attacked or intervened in")
    absent_until_card: Name | None = Field(None, description="Its companies exist only after this card")
    starts_syndicalized: bool = Field(False, description="Its companies start Syndicalized")

    @model_validator(mode="after")
    def _neutral_has_no_government(self) -> "Country":
        if self.neutral and self.government is not None:
            raise ValueError("a neutral country has no government")
        if not self.neutral and self.government is None:
            raise ValueError("a country that is not neutral needs a government")
        return self


class CorpSpec(_Strict):
    name: Name
    starts_with: Name | None = Field(None, description="Country this corp controls at the start")


class Board(_Strict):
    """The whole board: industries, countries and the numbers the rules use."""

    name: Annotated[str, Field(max_length=200)]
    reconstruction_note: Note = ""
    industries: list[Name] = Field(max_length=50)
    corps: list[CorpSpec] = Field(min_length=3, max_length=6)
    random_start_countries: list[Name]
    countries: list[Country] = Field(max_length=100)
    payout_table: list[Price] = Field(min_length=6, max_length=6, description="Euros per company for 0..5+ competitors")
    deck_size_by_players: dict[Annotated[int, Field(ge=3, le=6)], Annotated[int, Field(ge=0, le=MAX_CARDS)]]
    starting_cards_by_countries: list[Annotated[int, Field(ge=0, le=MAX_COPIES)]] = Field(
        max_length=10, description="Cards for 0, 1, 2+ countries held")
    starting_money: int = Field(40, ge=0, le=MAX_MONEY)
    starting_mercenaries: int = Field(1, ge=0, le=MAX_STRENGTH)
    company_price: Price = 4
    divestment_compensation: Price = 4
    mercenary_price: int = Field(1, ge=1, le=MAX_PRICE, description="Euros per mercenary from the box (at least 1)")

    @model_validator(mode="after")
    def _consistent(self) -> "Board":
        names = [c.name for c in self.countries]
        for dup in {n for n in names if names.count(n) > 1}:
            raise ValueError(f"country {dup!r} appears twice")
        for c in self.countries:
            for industry in c.companies:
                if industry not in self.industries:
                    raise ValueError(f"countries.{c.name}: unknown industry {industry!r}")
        neutral = {c.name for c in self.countries if c.neutral}
        for corp in self.corps:
            if corp.starts_with is not None and corp.starts_with not in names:
                raise ValueError(f"corps.{corp.name}: unknown country {corp.starts_with!r}")
            if corp.starts_with in neutral:
                raise ValueError(f"corps.{corp.name}: {corp.starts_with} is neutral and can never be controlled")
        for name in self.random_start_countries:
            if name not in names:
                raise ValueError(f"random_start_countries: unknown country {name!r}")
            if name in neutral:
                raise ValueError(f"random_start_countries: {name} is neutral and can never be controlled")
        if len(self.random_start_countries) > 3:  # each goes to a different corp; a game may have 3
            raise ValueError("random_start_countries: at most 3 (each goes to a different corp)")
        for players in range(3, len(self.corps) + 1):  # Setting Up, step 5
            if players not in self.deck_size_by_players:
                raise ValueError(f"deck_size_by_players: no deck size for {players} players")
        if not self.starting_cards_by_countries:  # Setting Up, step 4
            raise ValueError("starting_cards_by_countries: needs at least one number")
        for needed in ("Defense", "Media"):  # Buying Mercenaries and Elections name them
            if needed not in self.industries:
                raise ValueError(f"industries: the rules need a {needed} industry")
        return self

    @cached_property
    def country_by_name(self) -> dict[str, Country]:
        return {c.name: c for c in self.countries}

    @cached_property
    def companies(self) -> tuple[str, ...]:
        """Every company box, as "Country/Industry", in board order."""
        return tuple(f"{c.name}/{i}" for c in self.countries for i in c.companies)

    @cached_property
    def position(self) -> dict[str, int]:
        """Company -> its position in `companies`."""
        return {co: i for i, co in enumerate(self.companies)}

    @cached_property
    def country_and_industry(self) -> dict[str, tuple[str, str]]:
        """Company -> (its country, its industry)."""
        return {co: tuple(co.split("/", 1)) for co in self.companies}

    @cached_property
    def companies_of_industry(self) -> dict[str, tuple[str, ...]]:
        return {i: tuple(co for co in self.companies if co.split("/", 1)[1] == i) for i in self.industries}

    @cached_property
    def companies_of_country(self) -> dict[str, tuple[str, ...]]:
        return {c.name: tuple(f"{c.name}/{i}" for i in c.companies) for c in self.countries}

    @cached_property
    def playable_countries(self) -> tuple[str, ...]:
        """Countries that can be controlled and attacked (not neutral)."""
        return tuple(c.name for c in self.countries if not c.neutral)

    @cached_property
    def neutral_companies(self) -> frozenset[str]:
        """Companies in the neutral places (never intervened in, never protected by antitrust)."""
        return frozenset(co for c in self.countries if c.neutral for co in self.companies_of_country[c.name])

    @cached_property
    def corp_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.corps)

    def cards_needed(self, players: int) -> int:
        """The most cards a game of `players` may need: the starting hands of the seating that
        draws most (Setting Up, step 4) plus the event deck (step 5)."""
        names = self.corp_names
        table = self.starting_cards_by_countries
        fixed = {c.name: c.starts_with for c in self.corps}
        most = 0
        for seated in itertools.combinations(names, players):
            for drawn in itertools.permutations(seated, len(self.random_start_countries)):
                owner = {country: corp for corp, country in fixed.items() if corp in seated and country}
                owner.update(zip(self.random_start_countries, drawn))
                held = {corp: 0 for corp in seated}
                for corp in owner.values():
                    held[corp] += 1
                most = max(most, sum(table[min(n, len(table) - 1)] for n in held.values()))
        return most + self.deck_size_by_players[players]

    @cached_property
    def _pairs(self) -> dict:
        """Decks already checked against this board (`check_pair`)."""
        return {}

    @cached_property
    def _indexes(self) -> dict:
        """RulesIndex by deck (`rules_index`)."""
        return {}

    @cached_property
    def actions(self) -> dict:
        """Action tuples the rules build once per board (a cache that lives and dies with it)."""
        return {}

    def __hash__(self) -> int:  # boards are used as cache keys
        return id(self)


class TargetSpec(_Strict):
    """What the player of a card must pick, and which picks are allowed."""

    kind: Literal["none", "industry", "country", "company"]
    governments: list[Government] | None = Field(None, description="country: allowed governments")
    controlled_by: Literal["another corp"] | None = Field(None, description="country: who must control it")
    statuses: list[Literal["owned", "nationalized"]] | None = Field(None, description="company: allowed statuses")
    in_neutral: bool | None = Field(None, description="company: False excludes the neutral places")


EFFECTS = ("modify_competitors", "lasting_rule", "auction", "election", "set_government",
           "bring_into_existence", "payout", "syndicalize", "privatize")


# What each effect needs: its target kind, its timing, and its parameters with their checks.
_EFFECT_NEEDS: dict[str, tuple[str, str, dict[str, tuple[bool, object, str]]]] = {
    # effect: (target kind, timing, {param: (required, check, what it must be)})
    "modify_competitors": ("none", "payout", {"by": (True, lambda v: type(v) is int and v != 0 and -5 <= v <= 5,
                                                     "a whole number from -5 to 5, not 0")}),
    "lasting_rule": ("none", "any_time", {"mercenary_industry": (False, lambda v: type(v) is str,
                                                                 "an industry's name")}),
    "auction": ("country", "any_time", {}),
    "election": ("country", "any_time", {}),
    "set_government": ("country", "any_time", {"government": (True, lambda v: v in {g.value for g in Government},
                                                              "a government type")}),
    "bring_into_existence": ("none", "any_time", {"company": (True, lambda v: type(v) is str,
                                                              "a company on the board")}),
    "payout": ("industry", "any_time", {}),
    "syndicalize": ("company", "any_time", {"compensation": (False, lambda v: type(v) is int and 0 <= v <= MAX_PRICE,
                                                             f"a whole number from 0 to {MAX_PRICE}")}),
    "privatize": ("company", "any_time", {}),
}


class CardSpec(_Strict):
    """One event card: when it may be played, what it targets, and its effect primitive."""

    name: Name
    copies: int = Field(1, ge=1, le=MAX_COPIES)
    timing: Literal["any_time", "payout"] = Field(description="any_time: between any two steps; payout: during a payout")
    target: TargetSpec
    effect: str = Field(description="Name of an effect primitive in megacorps.events.EFFECTS")
    params: dict[Name, int | Name] = Field(default_factory=dict, max_length=10)
    summary: Note = Field(description="The card text, in our own words")

    @model_validator(mode="after")
    def _known_effect(self) -> "CardSpec":
        if self.effect not in EFFECTS:
            raise ValueError(f"unknown effect {self.effect!r} (known: {', '.join(EFFECTS)})")
        return self

    def problem(self) -> str | None:
        """Why this card's target, timing or parameters do not fit its effect (None: they do)."""
        kind, timing, needs = _EFFECT_NEEDS[self.effect]
        if self.target.kind != kind:
            return f"target: a {self.effect} card needs a target of kind {kind!r}, not {self.target.kind!r}"
        if self.timing != timing:
            return f"timing: a {self.effect} card is played {timing!r}, not {self.timing!r}"
        for name in self.params:
            if name not in needs:
                return f"params.{name}: a {self.effect} card takes no such parameter"
        for name, (required, check, what) in needs.items():
            if name not in self.params:
                if required:
                    return f"params.{name}: missing ({what})"
            elif not check(self.params[name]):
                return f"params.{name}: must be {what}, not {self.params[name]!r}"
        return None


class Deck(_Strict):
    name: Annotated[str, Field(max_length=200)]
    reconstruction_note: Note = ""
    cards: list[CardSpec] = Field(max_length=100)

    @model_validator(mode="after")
    def _playable_cards(self) -> "Deck":
        names = [c.name for c in self.cards]
        for dup in sorted({n for n in names if names.count(n) > 1}):
            raise ValueError(f"card {dup!r} appears twice")
        for card in self.cards:
            problem = card.problem()
            if problem:
                raise ValueError(f"cards.{card.name}: {problem}")
        if sum(c.copies for c in self.cards) > MAX_CARDS:
            raise ValueError(f"cards: more than {MAX_CARDS} cards in all")
        return self

    @cached_property
    def card_by_name(self) -> dict[str, CardSpec]:
        return {c.name: c for c in self.cards}

    @cached_property
    def payout_cards(self) -> frozenset[str]:
        """Cards played only while an industry pays out (Oversupply, Shortages)."""
        return frozenset(c.name for c in self.cards if c.timing == "payout")

    @cached_property
    def all_cards(self) -> tuple[str, ...]:
        """Every physical card, copies included, in file order."""
        return tuple(c.name for c in self.cards for _ in range(c.copies))

    def __hash__(self) -> int:
        return id(self)


class RulesIndex:
    """The board's and deck's tables the rules read many times a step, on a plain object
    (reading a pydantic model's attribute costs several times more). One per board and deck
    (`rules_index`); it holds only values derived from them, never game state."""

    def __init__(self, board: Board, deck: Deck):
        self.board = board
        self.deck = deck
        self.companies = board.companies
        self.position = board.position
        self.country_and_industry = board.country_and_industry
        self.companies_of_industry = board.companies_of_industry
        self.companies_of_country = board.companies_of_country
        self.playable_countries = board.playable_countries
        self.neutral_companies = board.neutral_companies
        self.industries = tuple(board.industries)
        self.company_price = board.company_price
        self.mercenary_price = board.mercenary_price
        self.divestment_compensation = board.divestment_compensation
        self.payout_table = tuple(board.payout_table)
        self.force = {c.name: c.force for c in board.countries}
        self.defense = {c.name: c.defense for c in board.countries}
        self.actions = board.actions
        self.any_time_seen: dict[str, tuple] = {}  # events.any_time_plays: the last plays, by corp
        self.card_by_name = deck.card_by_name
        self.payout_cards = deck.payout_cards
        self.any_time_cards = frozenset(c.name for c in deck.cards if c.timing == "any_time")
        self.modifier = {c.name: int(c.params.get("by", 0)) for c in deck.cards}
        self.mercenary_industry = {c.name: str(c.params["mercenary_industry"]) for c in deck.cards
                                   if "mercenary_industry" in c.params}
        self.mercenary_sources: dict[tuple, tuple[str, ...]] = {}  # by the lasting cards in play
        self.source_statuses = {(): tuple_getter(self.companies_of_industry["Defense"])}  # the same, read in C
        # the statuses of each industry's companies, read in C (payouts count competitors by them)
        self.industry_statuses = {i: tuple_getter(self.companies_of_industry[i]) for i in self.industries}
        self.not_neutral = tuple(co not in self.neutral_companies for co in self.companies)
        self.targeting = {c.name: _targeting(c) for c in deck.cards}
        self.brings = {c.name: str(c.params["company"]) if c.effect == "bring_into_existence" else None
                       for c in deck.cards}
        self.lasting = frozenset(c.name for c in deck.cards if c.effect == "lasting_rule")


def tuple_getter(keys: tuple):
    """`operator.itemgetter(*keys)`, always giving a tuple (also for zero or one key)."""
    if len(keys) > 1:
        return itemgetter(*keys)
    if keys:
        key = keys[0]
        return lambda items: (items[key],)
    return lambda items: ()


def _targeting(card: CardSpec) -> tuple:
    """What the targets of `card` are picked by: (kind, allowed governments or None, controlled
    by another corp, owned companies, nationalized companies, not in the neutral places)."""
    spec = card.target
    statuses = spec.statuses or ("owned", "nationalized")
    return (spec.kind, frozenset(spec.governments) if spec.governments is not None else None,
            spec.controlled_by == "another corp", "owned" in statuses, "nationalized" in statuses,
            spec.in_neutral is False)


def rules_index(board: Board, deck: Deck) -> RulesIndex:
    """The `RulesIndex` of `board` and `deck` (built once, kept on the board)."""
    found = board._indexes.get(id(deck))
    if found is None or found.deck is not deck:
        found = board._indexes[id(deck)] = RulesIndex(board, deck)
    return found


def _describe(err: ValidationError, what: str, path: str) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "(top level)"
    return f"{what} file {path}: entry {where}: {first['msg']}"


def parse_json(data: bytes | str, what: str) -> object:
    """JSON from a data file, refused with BadDataFile-style text (raised as ValueError) when it
    is not UTF-8, not JSON, nested too deeply, holds a number too long to read, or repeats a key
    in one object (the kit's reader, shared with the saves)."""
    from .kit.saves import parse_json as parse
    return parse(data, what, error=ValueError)


def _load(model: type[BaseModel], what: str, path: str | Path | None, default: str) -> BaseModel:
    from .kit.datafiles import read_data_file
    data, path = read_data_file("megacorps.data", default, path, what, MAX_FILE_BYTES)
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise BadDataFile(_describe(err, what, path)) from None


def check_pair(board: Board, deck: Deck, path: str = "deck") -> None:
    """Raise BadDataFile unless `deck` can be played on `board`: the companies and industries
    its cards name exist, every card a neutral place waits for is in it, and the starting hands
    plus the event deck never need more cards than it holds, whoever plays (Setting Up)."""
    checked = board._pairs
    if checked.get(id(deck)) is deck:
        return
    for card in deck.cards:
        company = card.params.get("company")
        if company is not None and company not in board.companies:
            raise BadDataFile(f"deck file {path}: entry cards.{card.name}: unknown company {company!r}")
        industry = card.params.get("mercenary_industry")
        if industry is not None and industry not in board.industries:
            raise BadDataFile(f"deck file {path}: entry cards.{card.name}: unknown industry {industry!r}")
    for country in board.countries:
        if country.absent_until_card and country.absent_until_card not in deck.card_by_name:
            raise BadDataFile(f"board: country {country.name} waits for card {country.absent_until_card!r}, "
                              "which is not in the deck")
    total = len(deck.all_cards)
    for players in range(3, len(board.corps) + 1):
        need = board.cards_needed(players)
        if need > total:
            raise BadDataFile(f"board: starting_cards_by_countries and deck_size_by_players: a game of "
                              f"{players} needs up to {need} cards; the deck has {total}")
    checked[id(deck)] = deck


@lru_cache(maxsize=None)
def _default_board() -> Board:
    return _load(Board, "board", None, "board.json")  # type: ignore[return-value]


@lru_cache(maxsize=None)
def _default_deck() -> Deck:
    deck = _load(Deck, "deck", None, "deck.json")
    check_pair(_default_board(), deck, "megacorps/data/deck.json")  # type: ignore[arg-type]
    return deck  # type: ignore[return-value]


def load_board(path: str | Path | None = None) -> Board:
    """Load and validate a board file (the default board when `path` is None).

    Raises BadDataFile naming the bad entry.
    """
    return _default_board() if path is None else _load(Board, "board", path, "board.json")  # type: ignore[return-value]


def load_deck(path: str | Path | None = None, board: Board | None = None) -> Deck:
    """Load and validate an event-deck file (the default deck when `path` is None).

    Raises BadDataFile naming the bad entry.
    """
    if path is None:
        return _default_deck()
    deck = _load(Deck, "deck", path, "deck.json")
    check_pair(board or load_board(), deck, str(path))  # type: ignore[arg-type]
    return deck  # type: ignore[return-value]
