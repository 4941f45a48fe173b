"""What one corp may see: the whole public table, its own hand and its own secret choices;
never another corp's hand, another corp's secret bid or vote, or the order of the deck."""
from __future__ import annotations

from pydantic import BaseModel, Field

from .explain import describe_decision
from .log import LogEntry
from .state import AuctionFrame, ElectionFrame, GameState, TradeFrame


class CorpView(BaseModel):
    """The table as seen by `corp` (None: a spectator, who sees no hand at all)."""

    corp: str | None
    corps: list[str]
    departed: list[str]
    phase: str
    round: int
    active: str
    paid: str | None
    deciders: list[str]
    decision: str = Field(description="Who must decide what, in words")
    money: dict[str, int]
    mercenaries: dict[str, int]
    hand: list[str] = Field(description="This corp's own cards")
    hand_sizes: dict[str, int]
    deck_size: int
    discard: list[str]
    in_play: list[str]
    companies: dict[str, str]
    controllers: dict[str, str | None]
    governments: dict[str, str]
    payout_taken: bool
    has_decided: list[str] = Field(default_factory=list, description="Corps whose secret bid or vote is in")
    my_secret: int | str | None = Field(None, description="This corp's own bid or vote, if cast")
    trade_offer: str | None = Field(None, description="The pending trade, cards shown only to its parties")
    log: list[str]


def build_view(state: GameState, corp: str | None, log: list[LogEntry], deciders: list[str]) -> CorpView:
    """The view of `corp` (None: a spectator). Raises ValueError for a corp not in this game."""
    if corp is not None and corp not in state.hands:
        raise ValueError(f"{corp!r} is not playing in this game (the corps are {', '.join(state.corps)})")
    frame = state.top_frame
    has_decided: list[str] = []
    my_secret = None
    trade = None
    if isinstance(frame, AuctionFrame):
        has_decided = [c for c in frame.bids if c in state.playing]
        my_secret = frame.bids.get(corp) if corp else None
    elif isinstance(frame, ElectionFrame):
        has_decided = list(frame.votes)
        my_secret = frame.votes.get(corp) if corp else None
    elif isinstance(frame, TradeFrame):
        offer = frame.offer
        trade = offer.describe(show_cards=corp in (offer.corp, offer.to))
    return CorpView(
        corp=corp, corps=list(state.corps), departed=list(state.departed), phase=state.phase,
        round=state.round, active=state.active, paid=state.paid, deciders=list(deciders),
        decision=describe_decision(state), money=dict(state.money),
        mercenaries=dict(state.mercenaries),
        hand=list(state.hands[corp]) if corp else [],
        hand_sizes={c: len(h) for c, h in state.hands.items()}, deck_size=len(state.deck),
        discard=list(state.discard), in_play=list(state.in_play), companies=dict(state.companies),
        controllers=dict(state.controllers),
        governments={c: g.value for c, g in state.governments.items()},
        payout_taken=state.payout_taken, has_decided=has_decided, my_secret=my_secret,
        trade_offer=trade, log=[e.for_corp(corp) for e in log])
