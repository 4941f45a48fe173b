"""What one seat may see (Game.view): the board, the companies, its own hand and holdings, and
of the others what the stock-disclosure method shows (L35-43, ruling A11):

1. nothing of other players' holdings, their cash or the bank's certificates;
2. the bank's certificates left;
3. every player's holdings;
4. everything: holdings, the bank's certificates, cash.

A merger reveals everyone's holdings in the defunct company being settled (L91), whatever the
method. Never shown: another seat's hand, the supply's order, the seed. At the end, everything.
"""
from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .board import DEAD, EMPTY, LOOSE
from .state import MegacquireState, Phase
from .turns import deciders, describe_decision


class CompanyView(BaseModel):
    model_config = ConfigDict(frozen=True)

    name: str
    tier: str
    size: int = Field(description="Tiles (0: not on the board, free to be founded)")
    price: int = Field(description="A certificate's price now (0 when not on the board)")
    safe: bool
    bank: int | None = Field(description="Certificates left in the bank, when the method shows them")


class MergerView(BaseModel):
    model_config = ConfigDict(frozen=True)

    tile: str
    companies: dict[str, int] = Field(description="The merging companies and their sizes before it")
    survivor: str | None
    defunct_left: list[str]
    current: str | None = Field(description="The defunct company being settled")
    revealed: dict[str, int] = Field(description="Everyone's holdings in it, revealed (L91)")
    holders_left: list[str]


class SeatView(BaseModel):
    """A seat's view of the table (seat None: a spectator's)."""

    model_config = ConfigDict(frozen=True)

    seat: str | None
    seats: list[str]
    order: list[str]
    disclosure: int
    reconstructed: list[str] = Field(description="Data files that are reconstructions, to be labelled")
    round: int
    active: str
    phase: str
    decision: str
    deciders: list[str]
    board: list[str] = Field(description="Per cell in reading order: '' empty, '*' an unincorporated tile, "
                             "'#' a turnover tile, else the company's name")
    cell_names: list[str]
    companies: list[CompanyView]
    hand: list[str] = Field(description="The seat's own tiles (empty for a spectator)")
    hand_sizes: dict[str, int]
    supply_left: int
    cash: dict[str, int] = Field(description="The cash the seat may see (its own; all with method 4)")
    holdings: dict[str, dict[str, int]] = Field(description="Holdings the seat may see, company -> count")
    merger: MergerView | None
    founding: str | None = Field(description="The tile waiting for its company's name")
    cart: list[str] = Field(description="Certificates bought so far this turn, not yet paid")
    played: bool = Field(description="The player on turn has played a tile (and will draw one)")
    proposed: bool = Field(description="An early end was put to the vote this turn")
    voters: list[str] = Field(description="Players still to vote on the early end, in order")
    end_agreed: bool
    over: bool
    winners: list[str]
    end_reason: str
    log: list[str] | None


def build_view(s: MegacquireState, seat: str | None, log=None) -> SeatView:
    """The view of `seat` (None: a spectator). Raises ValueError for an unknown seat."""
    if seat is not None and seat not in s.hands:
        raise ValueError(f"{seat!r} is not playing in this game")
    o = s.options
    names = o.company_names
    geometry = o.geometry
    method = 4 if s.over else o.disclosure
    show_bank = method in (2, 4)
    show_holdings = method in (3, 4)
    companies = [CompanyView(name=names[c], tier=o.tiers[c], size=s.sizes[c],
                             price=o.prices[c][s.sizes[c]], safe=s.sizes[c] >= o.safe_size,
                             bank=s.bank[c] if show_bank else None) for c in range(len(names))]
    symbol = {EMPTY: "", LOOSE: "*", DEAD: "#"}
    board = [symbol[v] if v < 0 else names[v] for v in s.cells]
    visible = [p for p in s.seats if p == seat or show_holdings]
    holdings = {p: {names[c]: n for c, n in enumerate(s.holdings[p]) if n} for p in visible}
    cash_seen = [p for p in s.seats if p == seat or method == 4]
    merger = None
    if s.merger is not None:
        m = s.merger
        merger = MergerView(
            tile=geometry.names[m.tile], companies={names[c]: n for c, n in zip(m.companies, m.sizes)},
            survivor=names[m.survivor] if m.survivor >= 0 else None,
            defunct_left=[names[c] for c in m.defunct],
            current=names[m.current] if m.current >= 0 else None,
            revealed=dict(m.revealed), holders_left=list(m.holders))
    return SeatView(
        seat=seat, seats=list(s.seats), order=list(s.order), disclosure=o.disclosure,
        reconstructed=o.reconstructed, round=s.round, active=s.active, phase=s.phase.value,
        decision=describe_decision(s), deciders=deciders(s), board=board, cell_names=list(geometry.names),
        companies=companies, hand=sorted((geometry.names[c] for c in s.hands[seat]), key=geometry.index.get)
        if seat is not None else [],
        hand_sizes={p: len(s.hands[p]) for p in s.seats}, supply_left=len(s.supply),
        cash={p: s.cash[p] for p in cash_seen}, holdings=holdings, merger=merger,
        founding=geometry.names[s.pending] if s.phase is Phase.FOUND else None,
        cart=[names[c] for c in s.cart], played=s.played, proposed=s.proposed, voters=list(s.voters),
        end_agreed=s.end_agreed, over=s.over, winners=list(s.winners),
        end_reason=s.end_reason, log=[e.for_seat(seat) for e in log] if log is not None else None)
