"""Saved games: the starting position and every note card handed in since.

A save is made to be resumed, yet may be opened on a shared screen: the starting position
(with the seed and the yield decks' order) and the note cards are *sealed* (compressed and base64-encoded, so that
nobody reads them by accident; this is not encryption). A seat's save leaves out every other
seat's unrevealed note card altogether.

Loading checks everything: the readable summary against its schema, a SHA-256 digest of the
sealed part (damage or editing), every note card through the rules (replayed one by one), and
the summary against the replay's result (someone edited the money). Each error names its entry.
"""
from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import BadSaveFile, IllegalAction
from ..kit.saves import digest as _digest, first_error as _first_error, open_save, seal, unseal as _unseal
from .allocations import Allocate
from .options import check_players, parse_options
from .state import NotecardState
from .variable_yield import DECK

FORMAT = "megacorp-notecard-save"
VERSION = 1
MAX_SAVE_CHARS = 2 * 1024 * 1024     # a save text this engine reads (a real one is a few KB)
MAX_SEALED_BYTES = 8 * 1024 * 1024   # what its sealed part may inflate to: never more is unpacked


class SaveSummary(BaseModel):
    """The readable part of a save."""

    model_config = ConfigDict(extra="forbid")

    format: Literal["megacorp-notecard-save"]
    version: Literal[1]
    seat: str | None = None
    players: list[str]
    options: dict[str, Any]
    quarter: int
    over: bool
    money: dict[str, int]
    digest: str
    sealed: str


class SealedGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    start: dict[str, Any]
    actions: list[dict[str, Any]]


def unseal(text: str) -> dict:
    """The sealed content of a save (seed and note cards): for tests and tools."""
    return _unseal(json.loads(text)["sealed"], MAX_SEALED_BYTES)


def dump_game(game, seat: str | None = "*") -> str:
    """The JSON text of `game`'s save (see Game.to_json for `seat`)."""
    state = game.state
    if seat not in ("*", None) and seat not in state.players:
        raise ValueError(f"{seat!r} is not a seat of this game")
    actions = game.actions
    if seat != "*":
        pending = set(state.pending) - {seat}
        # the unrevealed cards are the last ones handed in; drop those of the other seats
        cut = len(actions) - len(state.pending)
        actions = actions[:cut] + [a for a in actions[cut:] if a.corp not in pending]
    start = game.start.model_dump(mode="json", exclude={"pending"})
    sealed = seal({"start": start, "actions": [a.to_dict() for a in actions]})
    summary = {"format": FORMAT, "version": VERSION, "seat": None if seat == "*" else seat,
               "players": state.players, "options": state.options.model_dump(mode="json"),
               "quarter": state.quarter, "over": state.over, "money": state.money,
               "digest": _digest(sealed), "sealed": sealed}
    if seat == "*":
        del summary["seat"]
    return json.dumps(summary, indent=1)


def load_game(text: str | bytes):
    """The game a save holds, replayed through the rules. Raises BadSaveFile naming the bad entry."""
    from .game import Game

    summary, sealed = open_save(text, save_format=FORMAT, title="Megacorp, the note-card game",
                                summary_model=SaveSummary, sealed_model=SealedGame, max_text=MAX_SAVE_CHARS,
                                max_sealed=MAX_SEALED_BYTES)
    try:
        start = NotecardState.model_validate(sealed.start)
    except ValidationError as err:
        raise BadSaveFile(_first_error(err, "sealed.start.")) from None
    problem = _inconsistent(start)
    if problem:
        raise BadSaveFile(f"save file: entry sealed.start.{problem}")
    try:
        said = parse_options(summary.options)   # (a save from before an option existed has its default)
    except ValueError as err:
        raise BadSaveFile(f"save file: entry options: {err}") from None
    if start.players != summary.players or said != start.options:
        raise BadSaveFile("save file: entry players/options: they do not match the sealed game")
    game = Game(start)
    for i, data in enumerate(sealed.actions):
        try:
            game.apply(Allocate.from_dict(data))
        except IllegalAction as err:
            raise BadSaveFile(f"save file: entry sealed.actions[{i}]: {err}") from None
        except (ValueError, TypeError) as err:
            raise BadSaveFile(f"save file: entry sealed.actions[{i}]: {err}") from None
    state = game.state
    for field, said, real in (("quarter", summary.quarter, state.quarter), ("over", summary.over, state.over)):
        if said != real:
            raise BadSaveFile(f"save file: entry {field}: the save says {said} but its note cards give "
                              f"{real} (the file was edited)")
    for corp, real in state.money.items():
        said = summary.money.get(corp)
        if said != real:
            raise BadSaveFile(f"save file: entry money.{corp}: the save says {said} but its note cards "
                              f"give {real} (the file was edited)")
    if set(summary.money) != set(state.money):
        odd = sorted(set(summary.money) ^ set(state.money))[0]
        raise BadSaveFile(f"save file: entry money.{odd}: not a corporation of this game")
    return game


def _inconsistent(state: NotecardState) -> str | None:
    """What is wrong with a saved starting position (the entry first), or None."""
    try:
        check_players(state.players)
    except ValueError as err:
        return f"players: {err}"
    if state.pending:
        return "pending: a starting position holds no note card"
    pool = state.options.industries
    for table in ("money", "entered"):
        if set(getattr(state, table)) != set(state.players):
            return f"{table}: it does not list exactly the corporations of the game"
    for corp, amount in state.money.items():
        if amount < 0:
            return f"money.{corp}: money is never negative"
    for corp in state.bankrupt:
        if corp not in state.players:
            return f"bankrupt.{corp}: not a corporation of this game"
    if any(i not in pool for i in state.industries) or len(set(state.industries)) != len(state.industries):
        return "industries: not industries of this game"
    for corp, where in state.entered.items():
        if any(i not in pool for i in where):
            return f"entered.{corp}: not industries of this game"
    wanted = set(state.industries) if state.options.variable_yield else set()
    if set(state.stacks) != wanted:
        return "stacks: there must be one yield stack per open industry with Variable Yield, none without"
    for industry, stack in state.stacks.items():
        if sorted(stack.draw + stack.discard) != sorted(DECK):
            return f"stacks.{industry}: a yield stack holds exactly the module's fifteen cards"
    return None
