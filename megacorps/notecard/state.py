"""The state of a game of Megacorp: the position between two note cards, as a pydantic model.

Everything in it is public except the yield decks' order (`YieldStack.draw`), the seed that
shuffles them, and the note cards not yet revealed (`pending`): `view.py` decides who sees what.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .allocations import Allocate
from .options import Options


class YieldStack(BaseModel):
    """Variable Yield: one industry's stack of multiplier cards and its discard pile."""

    model_config = ConfigDict(extra="forbid")

    draw: list[int] = Field(description="The face-down stack, top card first (hidden)")
    discard: list[int] = Field(default_factory=list, description="Cards drawn so far, face up, oldest first")
    shuffles: int = Field(1, description="How many times this stack has been shuffled")


class NotecardState(BaseModel):
    """Where a game stands: a quarter, everyone's money, and the note cards handed in so far."""

    model_config = ConfigDict(extra="forbid", arbitrary_types_allowed=True)

    players: list[str] = Field(description="The corporations, in seat order (the moderator's order)")
    options: Options
    seed: int = Field(description="Shuffles the yield decks (hidden)")
    quarter: int = 1
    money: dict[str, int]
    bankrupt: dict[str, int] = Field(default_factory=dict, description="Corporation -> the quarter it went bankrupt")
    industries: list[str] = Field(description="The industries open so far, in number order")
    entered: dict[str, list[str]] = Field(description="Variable Industries: where each corporation may "
                                          "invest without paying the cost of entry")
    stacks: dict[str, YieldStack] = Field(default_factory=dict, description="Variable Yield: a stack per open industry")
    pending: dict[str, Allocate] = Field(default_factory=dict, description="Note cards handed in this "
                                         "quarter, in the order they came (hidden until the reveal)")
    over: bool = False
    winners: list[str] = Field(default_factory=list)
    end_reason: str = ""

    def clone(self) -> "NotecardState":
        """A copy whose every list and dict is new (the note cards, being values, are shared):
        far faster than a deep copy (tests/notecard checks that no container is shared)."""
        return self.model_copy(update={
            "players": list(self.players), "money": dict(self.money), "bankrupt": dict(self.bankrupt),
            "industries": list(self.industries),
            "entered": {c: list(v) for c, v in self.entered.items()},
            "stacks": {i: s.model_copy(update={"draw": list(s.draw), "discard": list(s.discard)})
                       for i, s in self.stacks.items()},
            "pending": dict(self.pending), "winners": list(self.winners)})

    @property
    def solvent(self) -> list[str]:
        """The corporations still in the game, in seat order."""
        return [p for p in self.players if p not in self.bankrupt]

    @property
    def waiting(self) -> list[str]:
        """The corporations still to hand in a note card this quarter ([] when the game is over)."""
        if self.over:
            return []
        return [p for p in self.players if p not in self.bankrupt and p not in self.pending]


class IndustryLine(BaseModel):
    """One industry of one corporation, as the moderator settled it (public after the reveal;
    frozen, and shared by every view: treat its dicts as read-only too)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    corp: str
    industry: str
    invested: int
    entry_cost: int = Field(0, description="Variable Industries: the cost of entry paid this quarter")
    sabotage: dict[str, int] = Field(default_factory=dict, description="Saboteur -> money spent against this investment")
    net: int = Field(description="investment - 2 x total sabotage, never below zero (ruling N1)")
    multiplier: int
    earnings: int

    @property
    def total_sabotage(self) -> int:
        return sum(self.sabotage.values())


class QuarterReport(BaseModel):
    """A quarter once revealed: every note card's effect, the multipliers and the money after
    (frozen, and shared by every view: treat its dicts as read-only too)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    quarter: int
    money_before: dict[str, int]
    money_after: dict[str, int]
    multipliers: dict[str, int] = Field(description="Each open industry's multiplier this quarter")
    cards: dict[str, str] = Field(default_factory=dict, description="Variable Yield: the card drawn per industry")
    opened: list[str] = Field(default_factory=list, description="Industries opened this quarter")
    lines: list[IndustryLine]
    kept: dict[str, int] = Field(description="Money each corporation left unallocated")
    lapsed: dict[str, list[str]] = Field(default_factory=dict, description="Variable Industries: entries lost")
    bankrupt: list[str] = Field(default_factory=list)

    def earnings_by_industry(self, corp: str) -> dict[str, int]:
        """What `corp` earned in each industry this quarter."""
        out: dict[str, int] = {}
        for line in self.lines:
            if line.corp == corp:
                out[line.industry] = out.get(line.industry, 0) + line.earnings
        return out
