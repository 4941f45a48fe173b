"""Saved games. A full save holds the starting position (hidden tiles and seed included) and
every action since, *sealed* by the kit (`megacorps.kit.saves`: compressed and base64-encoded so
that nobody reads the tiles by accident, not encryption) under a SHA-256 digest, next to a
readable summary. Loading checks
the size, the JSON, the summary's schema, the digest, the inflated size, the starting position
and every action through the rules (replayed one by one), and the summary against the
replay's result. Each error names its entry.

A seat's record (`to_json(seat)`) holds only what that seat may see: its view and the actions,
all of which are public. It cannot be resumed (it holds no other hand, no supply).
"""
from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import BadDataFile, BadSaveFile, IllegalAction
from ..kit.saves import digest, first_error, open_save, seal
from .actions import action_from_dict, action_to_dict
from .board import DEAD, EMPTY, LOOSE
from .options import check_seats
from .setup import _check_board
from .state import MegacquireState, Phase

FORMAT = "megacquire-save"
RECORD = "megacquire-seat-record"
VERSION = 1
MAX_SAVE_BYTES = 2_000_000
MAX_SEALED_BYTES = 8_000_000
MAX_ACTIONS = 20_000


class SaveSummary(BaseModel):
    """The readable part of a save."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["megacquire-save"]
    version: Literal[1]
    seats: list[str]
    round: int
    over: bool
    cash: dict[str, int]
    digest: str
    sealed: str


class SealedGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    start: dict[str, Any]
    log: list[list[Any]]
    actions: list[dict[str, Any]]


def dump_game(game, seat: str | None = "*") -> str:
    """The JSON text of `game`'s save ("*") or of a seat's record (see Game.to_json)."""
    state = game._state
    if seat != "*":
        if seat is not None and seat not in state.hands:
            raise ValueError(f"{seat!r} is not a player of this game")
        return json.dumps({"format": RECORD, "version": VERSION, "seat": seat,
                           "view": game.view(seat).model_dump(mode="json"),
                           "actions": [action_to_dict(a) for a in game.actions]}, indent=1)
    sealed = seal({"start": game._start.model_dump(mode="json"),
                   # a start's log is set-up only: no money moved (the `money` field stays out)
                   "log": [list(e[:4]) for e in game._start_log],
                   "actions": [action_to_dict(a) for a in game.actions]})
    return json.dumps({"format": FORMAT, "version": VERSION, "seats": state.seats, "round": state.round,
                       "over": state.over, "cash": state.cash, "digest": digest(sealed), "sealed": sealed},
                      indent=1)


def load_game(text: str | bytes):
    """The game a full save holds, replayed through the rules. Raises BadSaveFile naming the
    bad entry."""
    from .game import Game
    from .log import LogEntry

    summary, sealed = open_save(text, save_format=FORMAT, title="MEGAcquire", summary_model=SaveSummary,
                                sealed_model=SealedGame, max_text=MAX_SAVE_BYTES, max_sealed=MAX_SEALED_BYTES,
                                record_format=RECORD)
    if len(sealed.actions) > MAX_ACTIONS:
        raise BadSaveFile(f"save file: entry sealed.actions: more than {MAX_ACTIONS:,} actions")
    try:
        start = MegacquireState.model_validate(sealed.start)
    except BadDataFile as err:
        raise BadSaveFile(f"save file: entry sealed.start.options: {err}") from None
    except ValidationError as err:
        raise BadSaveFile(first_error(err, "sealed.start.")) from None
    problem = _inconsistent(start)
    if problem:
        raise BadSaveFile(f"save file: entry sealed.start.{problem}")
    try:
        log = [LogEntry(*e) for e in sealed.log]
    except TypeError:
        raise BadSaveFile("save file: entry sealed.log: not a log") from None
    game = Game(start, log)
    for i, data in enumerate(sealed.actions):
        try:
            game.apply(action_from_dict(data))
        except (IllegalAction, ValueError, TypeError) as err:
            raise BadSaveFile(f"save file: entry sealed.actions[{i}]: {err}") from None
    state = game._state
    for field, said, real in (("seats", summary.seats, state.seats), ("round", summary.round, state.round),
                              ("over", summary.over, state.over), ("cash", summary.cash, state.cash)):
        if said != real:
            raise BadSaveFile(f"save file: entry {field}: the save says {said} but its actions give {real} "
                              f"(the file was edited)")
    return game


def _inconsistent(s: MegacquireState) -> str | None:
    """What is wrong with a saved starting position (the entry first), or None."""
    o = s.options
    try:
        check_seats(s.seats, o)
    except ValueError as err:
        return f"seats: {err}"
    n_cells, n_companies = len(o.geometry), len(o.company_names)
    if sorted(s.order) != sorted(s.seats):
        return "order: it must list every player once"
    for table in ("hands", "cash", "holdings"):
        if set(getattr(s, table)) != set(s.seats):
            return f"{table}: it must list exactly the players of the game"
    if len(s.cells) != n_cells or any(v not in (EMPTY, LOOSE, DEAD) and not 0 <= v < n_companies for v in s.cells):
        return "cells: one entry per cell of the board, each empty, loose, dead or a company"
    tiles = [c for h in s.hands.values() for c in h] + list(s.supply)
    on_board = [i for i, v in enumerate(s.cells) if v != EMPTY]
    if sorted(tiles + on_board) != list(range(n_cells)):
        return "hands: every tile must be on the board, in a hand or in the supply, once"
    if any(len(h) > o.hand_size for h in s.hands.values()):
        return f"hands: at most {o.hand_size} tiles in a hand"
    if len(s.sizes) != n_companies or any(s.sizes[c] != s.cells.count(c) for c in range(n_companies)):
        return "sizes: they must match the companies' tiles on the board"
    if any(n == 1 for n in s.sizes):
        return "sizes: a company has at least 2 tiles"
    try:
        _check_board(s.cells, s.sizes, o.geometry, o)
    except ValueError as err:
        return f"cells: {err}"
    if len(s.bank) != n_companies or any(len(h) != n_companies for h in s.holdings.values()):
        return "bank: one count per company"
    for c in range(n_companies):
        counts = [s.bank[c]] + [s.holdings[p][c] for p in s.seats]
        if min(counts) < 0 or sum(counts) != o.certificates:
            return f"bank: the {o.company_names[c]} certificates must add up to {o.certificates}"
    if any(v < 0 for v in s.cash.values()):
        return "cash: never negative"
    if (s.phase is not Phase.PLAY or s.merger is not None or s.cart or s.over or s.voters
            or not 0 <= s.turn < len(s.order) or s.pending != -1):
        return "phase: a saved game starts at the beginning of a turn"
    return None
