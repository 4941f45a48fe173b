"""What one corporation may see: the whole public table (everyone's money, the quarters already
revealed, the yield cards drawn, who has handed in a note card) and its own note card; never
another corporation's unrevealed note card, the yield stacks' order or the seed."""
from __future__ import annotations

from pydantic import BaseModel, Field

from .allocations import Allocate
from .log import LogEntry
from .options import Options
from .state import NotecardState, QuarterReport
from .variable_industries import offered


class StackView(BaseModel):
    """A yield stack as everyone sees it: its size and its face-up discard pile."""

    cards_left: int
    discard: list[int] = Field(description="Cards drawn since the last shuffle, oldest first")


class SeatView(BaseModel):
    """The table as seen by `corp` (None: a spectator, who sees no unrevealed card at all)."""

    corp: str | None
    players: list[str]
    options: Options
    quarter: int
    over: bool
    winners: list[str]
    end_reason: str
    money: dict[str, int]
    bankrupt: dict[str, int] = Field(description="Corporation -> the quarter it went bankrupt")
    solvent: list[str]
    industries: list[str] = Field(description="The industries open so far")
    pool: list[str] = Field(description="The open industries and, with Variable Industries, the next "
                            "ones a card may open (ruling N6: any card may open more)")
    entered: dict[str, list[str]] = Field(description="Variable Industries: where each corporation "
                                          "may invest without a cost of entry")
    handed_in: list[str] = Field(description="Corporations whose note card is in (contents hidden)")
    waiting: list[str] = Field(description="Corporations still to write their note card")
    my_card: dict | None = Field(None, description="This corporation's own note card, if handed in")
    stacks: dict[str, StackView] = Field(default_factory=dict)
    reports: list[QuarterReport] = Field(description="Every quarter revealed so far")
    decision: str
    log: list[str]

    def card(self) -> Allocate | None:
        """This corporation's own note card as an action value."""
        return Allocate.from_dict(self.my_card) if self.my_card else None


def describe_decision(state: NotecardState) -> str:
    """Who must do what now, in words (naming who is in, never what they wrote)."""
    if state.over:
        return f"The game is over: {state.end_reason}"
    waiting = state.waiting
    inn = [p for p in state.players if p in state.pending]
    text = (f"Quarter {state.quarter}: {', '.join(waiting)} must write "
            f"{'its' if len(waiting) == 1 else 'their'} note card{'' if len(waiting) == 1 else 's'}")
    if inn:
        text += f" ({', '.join(inn)} {'has' if len(inn) == 1 else 'have'} handed in)"
    return text


def build_view(state: NotecardState, corp: str | None, log: list[LogEntry] | None,
               reports: list[QuarterReport]) -> SeatView:
    """The view of `corp` (None: a spectator); `log` None leaves the log out (bots, which read the
    reports instead). Raises ValueError for a corporation not in the game."""
    if corp is not None and corp not in state.players:
        raise ValueError(f"{corp!r} is not playing in this game (the corporations are "
                         f"{', '.join(state.players)})")
    mine = state.pending.get(corp) if corp is not None else None
    return SeatView(
        corp=corp, players=list(state.players), options=state.options, quarter=state.quarter,
        over=state.over, winners=list(state.winners), end_reason=state.end_reason,
        money=dict(state.money), bankrupt=dict(state.bankrupt), solvent=state.solvent,
        industries=list(state.industries), pool=offered(state),
        entered={c: list(v) for c, v in state.entered.items()},
        handed_in=[p for p in state.players if p in state.pending], waiting=state.waiting,
        my_card=mine.to_dict() if mine else None,
        stacks={i: StackView(cards_left=len(s.draw), discard=list(s.discard)) for i, s in state.stacks.items()},
        reports=list(reports), decision=describe_decision(state),
        log=[e.for_corp(corp) for e in log] if log is not None else [])
