"""The choices made before play: the stock-disclosure method (L35-43), a time limit (L113),
the readings of the rules that can go two ways (docs/rulings-megacquire.md), and the data
files (board, companies, chart: reconstructions a player may replace with their own).
"""
from __future__ import annotations

from functools import cached_property, lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from ..errors import BadDataFile
from .board import Geometry
from .datafiles import BoardData, ChartData, CompaniesData, check_together, load_board, load_chart, load_companies

MIN_PLAYERS, MAX_PLAYERS = 3, 6  # not in the rules text; the GOLD edition says 3 to 6
DEFAULT_SEATS = ("Ada", "Bo", "Cy", "Dee", "Eli", "Fay")

DISCLOSURES = {
    1: "no disclosure: players keep track of stock by memory",
    2: "the bank discloses the certificates it has left",
    3: "players disclose the certificates they hold",
    4: "total disclosure: holdings, the bank's certificates and cash are public",
}
DISCLOSURE_NAMES = {1: "none", 2: "the bank's count", 3: "players' holdings", 4: "total"}
"""Each method in a few words, for a choice list too narrow for `DISCLOSURES`' sentences."""


def disclosure_choices() -> list[tuple[str, int]]:
    """(label, method) for a form's choice list: "4: total"; the form says the whole sentence of
    the method chosen beside it."""
    return [(f"{n}: {name}", n) for n, name in DISCLOSURE_NAMES.items()]


@lru_cache(maxsize=1)
def _default_board() -> BoardData:
    return load_board()


@lru_cache(maxsize=1)
def _default_companies() -> CompaniesData:
    return load_companies()


@lru_cache(maxsize=1)
def _default_chart() -> ChartData:
    return load_chart()


_SHARED: dict = {}


def _shared(key: tuple, make):
    """What `make` builds from data files, built once per set of files (keyed by the files'
    identity: they are frozen; the key keeps them alive). Saves new games the rebuild."""
    ident = tuple(id(k) if isinstance(k, BaseModel) else k for k in key)
    if ident not in _SHARED:
        if len(_SHARED) > 64:
            _SHARED.clear()
        _SHARED[ident] = (key, make())
    return _SHARED[ident][1]


class Options(BaseModel):
    """The set-up of one game; fixed once play starts."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    disclosure: Literal[1, 2, 3, 4] = Field(4, description="The stock-disclosure method chosen before "
                                             "play (L35-43): what each seat's view shows of others' "
                                             "holdings, the bank's certificates and cash (ruling A11)")
    starting_cash: int = Field(12_000, ge=0, le=10_000_000, description="Each player's money at the start (L15)")
    hand_size: int = Field(12, ge=1, le=30, description="Tiles in hand (L17, L55)")
    max_obtained: int = Field(6, ge=1, le=30, description="Certificates bought or traded for in one turn (L23, L53)")
    safe_size: int = Field(21, ge=2, le=1000, description="A company this big is safe (L71)")
    certificates: int = Field(25, ge=1, le=1000, description="Certificates of each company (L33)")
    change_rule: Literal["strict", "literal"] = Field("strict", description="Trading in when short: "
                                                      "'strict' (ruling A9: the change must be less than "
                                                      "the cheapest certificate traded in) or 'literal' "
                                                      "(the change may equal it)")
    last_round: int | None = Field(None, ge=1, le=1000, description="A time limit agreed before play "
                                   "(L113): the game ends after this round; None: no limit")
    board: BoardData = Field(default_factory=_default_board)
    companies: CompaniesData = Field(default_factory=_default_companies)
    chart: ChartData = Field(default_factory=_default_chart)

    @model_validator(mode="after")
    def _companies_on_chart(self) -> "Options":
        check_together(self.companies, self.chart)
        return self

    @cached_property
    def geometry(self) -> Geometry:
        return _shared(("geometry", self.board), lambda: Geometry(self.board))

    @cached_property
    def company_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.companies.companies)

    @cached_property
    def company_index(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.company_names)}

    @cached_property
    def tiers(self) -> tuple[str, ...]:
        return tuple(c.tier for c in self.companies.companies)

    @cached_property
    def _table(self) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
        return _shared(("table", self.chart, self.tiers, len(self.geometry)), self._make_table)

    def _make_table(self) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
        """Price, majority and minority bonus of every company at every size the board allows."""
        top = len(self.geometry) + 1
        rows = {}
        for tier in set(self.tiers):
            rows[tier] = [None, None] + [self.chart.row_for(tier, n) for n in range(2, top + 1)]
        price, majority, minority = [], [], []
        for tier in self.tiers:
            price.append([0, 0] + [r.price for r in rows[tier][2:]])
            majority.append([0, 0] + [r.majority for r in rows[tier][2:]])
            minority.append([0, 0] + [r.minority for r in rows[tier][2:]])
        return price, majority, minority

    @property
    def prices(self) -> list[list[int]]:
        """prices[company][size]: a certificate's price (0 below 2 tiles: not on the board)."""
        return self._table[0]

    @property
    def majority_bonus(self) -> list[list[int]]:
        return self._table[1]

    @property
    def minority_bonus(self) -> list[list[int]]:
        return self._table[2]

    @property
    def reconstructed(self) -> list[str]:
        """Which data files are reconstructions, to be labelled as such for players."""
        return [name for name, data in (("board", self.board), ("companies", self.companies),
                                        ("price and bonus chart", self.chart)) if data.reconstructed]

    def describe(self) -> str:
        """The set-up in words, for the log and the page."""
        limit = f"; the game ends after round {self.last_round}" if self.last_round else ""
        made_up = (f"; reconstructed (not from the physical game): {', '.join(self.reconstructed)}"
                   if self.reconstructed else "")
        return (f"{len(self.geometry)} cells, {len(self.company_names)} companies, "
                f"${self.starting_cash:,} each; disclosure {self.disclosure} "
                f"({DISCLOSURES[self.disclosure]}){limit}{made_up}")


@lru_cache(maxsize=1)
def _default_options() -> "Options":
    return Options()


def parse_options(options: "Options | dict | None") -> Options:
    """`options` as an Options value; raises ValueError naming a bad or unknown option (and
    BadDataFile naming the bad entry of a board, companies or chart given as a dict)."""
    if options is None:
        return _default_options()
    if isinstance(options, Options):
        return options
    if not isinstance(options, dict):
        raise ValueError(f"options must be a dict or Options, not {type(options).__name__}")
    try:
        return Options.model_validate(options)
    except BadDataFile:
        raise
    except ValidationError as err:
        first = err.errors()[0]
        original = first.get("ctx", {}).get("error")
        if isinstance(original, BadDataFile):  # the companies do not fit the chart
            raise original from None
        where = ".".join(str(p) for p in first["loc"])
        message = first["msg"].removeprefix("Value error, ")
        if first["loc"] and first["loc"][0] in ("board", "companies", "chart"):
            raise BadDataFile(f"{first['loc'][0]} data: entry {where}: {message}") from None
        raise ValueError(f"option {where}: {message} (the options are {', '.join(Options.model_fields)})") from None


def check_seats(seats: list[str], options: Options) -> list[str]:
    """The list of player names, checked; raises ValueError saying what is wrong."""
    if isinstance(seats, str) or not isinstance(seats, (list, tuple)) or not all(isinstance(p, str) for p in seats):
        raise ValueError("seats must be a list of player names")
    seats = [p.strip() for p in seats]
    if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
        raise ValueError(f"MEGAcquire is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, not {len(seats)}")
    for i, p in enumerate(seats):
        if not p or len(p) > 24:
            raise ValueError(f"seats[{i}]: a player's name has 1 to 24 characters")
    if len({p.casefold() for p in seats}) != len(seats):
        raise ValueError("seats: two players have the same name")
    if len(seats) * options.hand_size + 1 > len(options.geometry):
        raise ValueError(f"seats: {len(seats)} hands of {options.hand_size} tiles do not fit a board "
                         f"of {len(options.geometry)} cells")
    return seats
