"""The numbers the rules leave out, as validated data: the board, the companies, the price and
bonus chart (`data/*.json`). All three are reconstructions (see the `note` of each file and
docs/rulings-megacquire.md); a player who owns the physical game replaces any of them with
their own file. A bad file raises BadDataFile naming the bad entry.

    from megacorps import megacquire as mq
    board = mq.load_board("my-board.json")            # BadDataFile names what is wrong
    game = mq.new_game(["Ada", "Bo", "Cy"], seed=1, options={"board": board})
"""
from __future__ import annotations

import string
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..kit.datafiles import read_data_file
from ..errors import BadDataFile

MAX_FILE_BYTES = 200_000
ROW_LETTERS = string.ascii_uppercase


class _Data(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    reconstructed: bool = Field(True, description="True when the numbers are our reconstruction, "
                                "not read off the physical game (shown to players as such)")
    note: str = Field("", max_length=2000, description="Where the numbers come from")


class BoardData(_Data):
    """The board: rows lettered from A, columns numbered from 1 (the rules name tiles "A-1"),
    hexagonal cells with rows alternately shifted by half a hex."""

    rows: int = Field(ge=1, le=26, description="Number of rows, lettered A, B, ...")
    columns: int = Field(ge=1, le=99, description="Cells per row, numbered from 1")
    offset: Literal["odd-r", "even-r"] = Field(description="Which rows are shifted half a hex to the "
                                               "right: the odd ones (B, D, ...) or the even ones (A, C, ...)")
    holes: tuple[str, ...] = Field((), description="Cells missing from the board, by name (\"A-1\")")

    @model_validator(mode="after")
    def _holes_on_board(self) -> "BoardData":
        names = set(self.all_names)
        for i, hole in enumerate(self.holes):
            if hole not in names:
                raise ValueError(f"holes[{i}]: {hole!r} is not a cell of a {self.rows}-row, "
                                 f"{self.columns}-column board")
        if len(set(self.holes)) != len(self.holes):
            raise ValueError("holes: a cell is listed twice")
        if len(names) - len(self.holes) < 4:
            raise ValueError("holes: the board needs at least 4 cells")
        return self

    @property
    def all_names(self) -> list[str]:
        return [f"{ROW_LETTERS[r]}-{c}" for r in range(self.rows) for c in range(1, self.columns + 1)]


class CompanyData(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str = Field(min_length=1, max_length=20)
    tier: str = Field(description="The company's type on the chart (the rules: small, medium, large)")
    named_by_rules: bool = Field(False, description="True for the names the rules text itself uses")


class CompaniesData(_Data):
    companies: tuple[CompanyData, ...] = Field(min_length=1, max_length=40)

    @field_validator("companies")
    @classmethod
    def _unique(cls, companies: tuple[CompanyData, ...]) -> tuple[CompanyData, ...]:
        seen: set[str] = set()
        for i, company in enumerate(companies):
            if company.name.casefold() in seen:
                raise ValueError(f"companies[{i}]: the name {company.name!r} is used twice")
            seen.add(company.name.casefold())
        return companies


class ChartRow(BaseModel):
    """One line of the information card: a share price, the company sizes that have it for each
    company type ([first, last]; last null for "and more"), and the two merger bonuses."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    price: int = Field(gt=0, le=1_000_000)
    sizes: dict[str, tuple[int, int | None]]
    majority: int = Field(ge=0, le=10_000_000)
    minority: int = Field(ge=0, le=10_000_000)


class ChartData(_Data):
    """The price and bonus chart; every company type's size ranges must cover 2 tiles and up,
    without a gap or an overlap, the last one open-ended."""

    tiers: tuple[str, ...] = Field(min_length=1, max_length=10)
    rows: tuple[ChartRow, ...] = Field(min_length=1, max_length=200)

    @model_validator(mode="after")
    def _covers_every_size(self) -> "ChartData":
        for t, tier in enumerate(self.tiers):
            ranges = []
            for i, row in enumerate(self.rows):
                for name in row.sizes:
                    if name not in self.tiers:
                        raise ValueError(f"rows[{i}].sizes.{name}: not a company type of this chart "
                                         f"(the types are {', '.join(self.tiers)})")
                if tier in row.sizes:
                    first, last = row.sizes[tier]
                    if first < 2 or (last is not None and last < first):
                        raise ValueError(f"rows[{i}].sizes.{tier}: [{first}, {last}] is not a range of "
                                         f"sizes from 2 tiles up")
                    ranges.append((first, last, i))
            ranges.sort(key=lambda x: x[0])
            expected = 2
            for first, last, i in ranges:
                if expected is None or first != expected:
                    raise ValueError(f"rows[{i}].sizes.{tier}: starts at {first} tiles, but the "
                                     f"{tier} ranges should go on from {expected} "
                                     f"(a gap or an overlap)")
                expected = None if last is None else last + 1
            if expected is not None:
                raise ValueError(f"tiers[{t}]: the {tier} sizes stop at {expected - 1} tiles; the "
                                 f"last range must be open-ended (null)")
        return self

    def row_for(self, tier: str, size: int) -> ChartRow:
        """The chart line of a company of `tier` with `size` tiles (size >= 2)."""
        for row in self.rows:
            span = row.sizes.get(tier)
            if span and span[0] <= size and (span[1] is None or size <= span[1]):
                return row
        raise ValueError(f"the chart has no line for a {tier} company of {size} tiles")


def _describe(err: ValidationError, what: str, path: str) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    message = first["msg"].removeprefix("Value error, ")
    if where:
        return f"{what} file {path}: entry {where}: {message}"
    return f"{what} file {path}: {message}"


def _validate(model: type[BaseModel], data: object, what: str, path: str):
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise BadDataFile(_describe(err, what, path)) from None


def _read(model: type[BaseModel], what: str, path: str | Path | None, default: str):
    data, path = read_data_file("megacorps.megacquire", f"data/{default}", path, what, MAX_FILE_BYTES)
    return _validate(model, data, what, path)


def load_board(path: str | Path | None = None) -> BoardData:
    """The board file at `path` (None: the reconstructed default). Raises BadDataFile."""
    return _read(BoardData, "board", path, "board.json")


def load_companies(path: str | Path | None = None) -> CompaniesData:
    """The companies file at `path` (None: the reconstructed default). Raises BadDataFile."""
    return _read(CompaniesData, "companies", path, "companies.json")


def load_chart(path: str | Path | None = None) -> ChartData:
    """The price and bonus chart at `path` (None: the reconstructed default). Raises BadDataFile."""
    return _read(ChartData, "chart", path, "chart.json")


def check_together(companies: CompaniesData, chart: ChartData) -> None:
    """Raise BadDataFile unless every company's type is a column of the chart."""
    for i, company in enumerate(companies.companies):
        if company.tier not in chart.tiers:
            raise BadDataFile(f"companies file: entry companies[{i}].tier: {company.name}'s type "
                              f"{company.tier!r} is not a column of the chart "
                              f"({', '.join(chart.tiers)})")
