"""The state of a game of MEGAcquire, as a pydantic model.

Public: the board, the companies' sizes, the certificates (who holds how many, the bank's
count: how much of it a seat's view shows depends on the disclosure method), cash (likewise),
whose turn it is and what must be decided. Hidden: each hand of tiles (its owner only), the
supply's order, the seed. `view.py` decides who sees what.

The engine changes a state in place, after checking that the action is legal (so a refused
action never touches it); `Game.state` hands out copies.
"""
from __future__ import annotations

from enum import Enum

from pydantic import BaseModel, ConfigDict, Field

from .options import Options


class Phase(str, Enum):
    PLAY = "play a tile"
    FOUND = "name the new company"
    SURVIVOR = "choose the surviving company"
    ORDER = "choose which defunct company is settled next"
    DISPOSE = "sell or hold defunct stock"
    BUY = "buy stock"
    VOTE = "vote on ending the game early"
    OVER = "game over"


class Merger(BaseModel):
    """A merger being settled (L78-107): sizes are frozen before it, without the merging tile."""

    model_config = ConfigDict(extra="forbid")

    tile: int = Field(description="The merging tile's cell")
    companies: list[int] = Field(description="Every company the tile touches")
    sizes: list[int] = Field(description="Their sizes before the merger, in the same order")
    survivor: int = Field(-1, description="The surviving company (-1 until chosen)")
    defunct: list[int] = Field(default_factory=list, description="Defunct companies not yet settled")
    current: int = Field(-1, description="The defunct company being settled now (-1: none yet)")
    holders: list[str] = Field(default_factory=list, description="Holders still to sell or hold, in order")
    revealed: dict[str, int] = Field(default_factory=dict, description="Holdings in the current defunct "
                                     "company, revealed to all (L91)")

    def size_of(self, company: int) -> int:
        return self.sizes[self.companies.index(company)]


class MegacquireState(BaseModel):
    """Where a game stands."""

    model_config = ConfigDict(extra="forbid")

    seats: list[str] = Field(description="The players in seating order")
    order: list[str] = Field(description="The playing order: the first player, then to the left (L17)")
    options: Options
    seed: int = Field(description="Shuffles the tiles (hidden)")
    opening: dict[str, int] = Field(description="The tile each player drew for the first turn (L15)")
    cells: list[int] = Field(description="What lies on each cell: -1 empty, -2 an unincorporated tile, "
                             "-3 a turnover tile, else the company's index")
    hands: dict[str, list[int]] = Field(description="Each player's tiles (hidden from the others)")
    supply: list[int] = Field(description="The face-down tiles, drawn from the end (hidden)")
    cash: dict[str, int]
    holdings: dict[str, list[int]] = Field(description="Certificates each player holds, per company")
    bank: list[int] = Field(description="Certificates left in the bank, per company")
    sizes: list[int] = Field(description="Each company's tiles (0: not on the board)")
    turn: int = Field(0, description="Index in `order` of the player whose turn it is")
    round: int = 1
    phase: Phase = Phase.PLAY
    pending: int = Field(-1, description="The founding tile waiting for its company's name")
    merger: Merger | None = None
    cart: list[int] = Field(default_factory=list, description="Certificates bought this turn, not yet paid")
    played: bool = Field(False, description="The player on turn has played a tile (and will draw)")
    passes: int = Field(0, description="Turns in a row without a tile played")
    proposed: bool = Field(False, description="An early end was proposed this turn")
    voters: list[str] = Field(default_factory=list, description="Players still to vote on the early end")
    end_agreed: bool = Field(False, description="All agreed to end the game at the end of this round")
    over: bool = False
    winners: list[str] = Field(default_factory=list)
    end_reason: str = ""

    @property
    def active(self) -> str:
        """The player whose turn it is."""
        return self.order[self.turn]

    def copy_deep(self) -> "MegacquireState":
        """A copy that shares no list or dict with this state (the options, frozen, are shared)."""
        return self.model_copy(update={
            "seats": list(self.seats), "order": list(self.order), "opening": dict(self.opening),
            "cells": list(self.cells), "hands": {p: list(h) for p, h in self.hands.items()},
            "supply": list(self.supply), "cash": dict(self.cash),
            "holdings": {p: list(h) for p, h in self.holdings.items()}, "bank": list(self.bank),
            "sizes": list(self.sizes), "merger": self.merger.model_copy(deep=True) if self.merger else None,
            "cart": list(self.cart), "voters": list(self.voters), "winners": list(self.winners)})
