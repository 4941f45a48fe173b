"""The board and the event deck, loaded from data files and checked by pydantic.

The rulebook prints neither the board nor the card texts, so both ship as data
(`megacorps/data/board.json`, `megacorps/data/deck.json`, a reconstruction described in
`docs/board-and-deck.md`). A player who owns the physical game can load corrected files
with `load_board(path)` / `load_deck(path)` without touching Python.
"""
from __future__ import annotations

import json
from enum import Enum
from functools import cached_property, lru_cache
from importlib import resources
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .errors import BadDataFile


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

    name: str = Field(description="Country name as printed on the board")
    government: Government | None = Field(None, description="Starting government (None: neutral)")
    defense: int = Field(0, ge=0, description="Defense value (first number under the name)")
    force: int = Field(0, ge=0, description="Force value (second number under the name)")
    companies: list[str] = Field(description="Industries that have a company in this country")
    neutral: bool = Field(False, description="Never controlled, attacked or intervened in")
    absent_until_card: str | None = Field(None, description="Its companies exist only after this card")
    starts_syndicalized: bool = Field(False, description="Its companies start Syndicalized")

    @model_validator(mode="after")
    def _neutral_has_no_government(self) -> "Country":
        if self.neutral and self.government is not None:
            raise ValueError("a neutral country has no government")
        if not self.neutral and self.government is None:
            raise ValueError("a country that is not neutral needs a government")
        return self


class CorpSpec(_Strict):
    name: str
    starts_with: str | None = Field(None, description="Country this corp controls at the start")


class Board(_Strict):
    """The whole board: industries, countries and the numbers the rules use."""

    name: str
    reconstruction_note: str = ""
    industries: list[str]
    corps: list[CorpSpec] = Field(min_length=3, max_length=6)
    random_start_countries: list[str]
    countries: list[Country]
    payout_table: list[int] = Field(min_length=6, max_length=6, description="Euros per company for 0..5+ competitors")
    deck_size_by_players: dict[int, int]
    starting_cards_by_countries: list[int] = Field(description="Cards for 0, 1, 2+ countries held")
    starting_money: int = 40
    starting_mercenaries: int = 1
    company_price: int = 4
    divestment_compensation: int = 4
    mercenary_price: int = 1

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


class CardSpec(_Strict):
    """One event card: when it may be played, what it targets, and its effect primitive."""

    name: str
    copies: int = Field(1, ge=1)
    timing: Literal["any_time", "payout"] = Field(description="any_time: between any two steps; payout: during a payout")
    target: TargetSpec
    effect: str = Field(description="Name of an effect primitive in megacorps.events.EFFECTS")
    params: dict[str, int | str] = Field(default_factory=dict)
    summary: str = Field(description="The card text, in our own words")

    @model_validator(mode="after")
    def _known_effect(self) -> "CardSpec":
        if self.effect not in EFFECTS:
            raise ValueError(f"unknown effect {self.effect!r} (known: {', '.join(EFFECTS)})")
        return self


class Deck(_Strict):
    name: str
    reconstruction_note: str = ""
    cards: list[CardSpec]

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


def _describe(err: ValidationError, what: str, path: str) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "(top level)"
    return f"{what} file {path}: entry {where}: {first['msg']}"


def _load(model: type[BaseModel], what: str, path: str | Path | None, default: str) -> BaseModel:
    if path is None:
        text = resources.files("megacorps.data").joinpath(default).read_text()
        path = f"megacorps/data/{default}"
    else:
        try:
            text = Path(path).read_text()
        except OSError as exc:
            raise BadDataFile(f"{what} file {path}: cannot be read ({exc.strerror})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BadDataFile(f"{what} file {path}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise BadDataFile(_describe(err, what, str(path))) from None


def _check_against_board(deck: Deck, board: Board, path: str) -> None:
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


@lru_cache(maxsize=None)
def _default_board() -> Board:
    return _load(Board, "board", None, "board.json")  # type: ignore[return-value]


@lru_cache(maxsize=None)
def _default_deck() -> Deck:
    deck = _load(Deck, "deck", None, "deck.json")
    _check_against_board(deck, _default_board(), "megacorps/data/deck.json")  # type: ignore[arg-type]
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
    _check_against_board(deck, board or load_board(), str(path))  # type: ignore[arg-type]
    return deck  # type: ignore[return-value]
