"""Saved games: the board, the deck, the starting position and every action since.

A save must hold the hands, the deck order and pending secret bids to be resumable, yet a
hot-seat table opens it on a shared screen. Those parts are therefore *sealed*: compressed and
base64-encoded, so that nobody reads them by accident. This is not encryption.
Loading replays every action through the rules, so a tampered save is caught and named.
"""
from __future__ import annotations

import base64
import binascii
import json
import zlib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from .actions import action_from_dict, action_to_dict
from .board import Board, Deck
from .errors import BadDataFile, BadSaveFile, IllegalAction
from .log import LogEntry
from .state import GameState

FORMAT = "megacorps-save"
VERSION = 1


class SaveSummary(BaseModel):
    """The readable part of a save."""
    model_config = ConfigDict(extra="forbid")

    format: Literal["megacorps-save"]
    version: Literal[1]
    corps: list[str]
    round: int
    phase: str
    money: dict[str, int]
    sealed: str


class SealedGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    board: dict[str, Any]
    deck: dict[str, Any]
    start: dict[str, Any]
    setup_log: list[dict[str, Any]]
    actions: list[dict[str, Any]]


def seal(data: dict) -> str:
    return base64.b64encode(zlib.compress(json.dumps(data).encode())).decode()


def unseal(text: str) -> dict:
    """The full content of a save (hands and deck order included): for tests and tools."""
    summary = json.loads(text)
    return json.loads(zlib.decompress(base64.b64decode(summary["sealed"], validate=True)))


def dump_game(game) -> str:
    state = game.state
    sealed = {
        "board": game._start.board.model_dump(mode="json"),
        "deck": game._start.deck_spec.model_dump(mode="json"),
        "start": game._start.model_dump(mode="json"),
        "setup_log": [{"round": e.round, "text": e.text, "rule": e.rule, "secret": e.secret}
                      for e in game._setup_log],
        "actions": [action_to_dict(d.action) for d in game._history],
    }
    return json.dumps({"format": FORMAT, "version": VERSION, "corps": state.corps, "round": state.round,
                       "phase": state.phase, "money": state.money, "sealed": seal(sealed)}, indent=1)


def _first_error(err: ValidationError, prefix: str) -> str:
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    return f"save file: entry {prefix}{where}: {first['msg']}"


def load_game(text: str):
    from .game import Game

    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, TypeError) as exc:
        raise BadSaveFile(f"save file: not valid JSON ({exc})") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise BadSaveFile("save file: entry format: this is not a MegaCorps saved game")
    try:
        summary = SaveSummary.model_validate(raw)
    except ValidationError as err:
        raise BadSaveFile(_first_error(err, "")) from None
    try:
        content = json.loads(zlib.decompress(base64.b64decode(summary.sealed, validate=True)))
    except (binascii.Error, zlib.error, ValueError):
        raise BadSaveFile("save file: entry sealed: the sealed game data is damaged") from None
    try:
        sealed = SealedGame.model_validate(content)
    except ValidationError as err:
        raise BadSaveFile(_first_error(err, "sealed.")) from None
    try:
        board = Board.model_validate(sealed.board)
        deck = Deck.model_validate(sealed.deck)
    except ValidationError as err:
        raise BadSaveFile(_first_error(err, "sealed.board/deck.")) from None
    except BadDataFile as err:
        raise BadSaveFile(f"save file: {err}") from None
    try:
        start = GameState.model_validate(sealed.start)
    except ValidationError as err:
        raise BadSaveFile(_first_error(err, "sealed.start.")) from None
    start.attach(board, deck)
    problem = _inconsistent(start)
    if problem:
        raise BadSaveFile(f"save file: entry sealed.start: {problem}")
    setup_log = []
    for i, entry in enumerate(sealed.setup_log):
        try:
            setup_log.append(LogEntry(**entry))
        except TypeError as err:
            raise BadSaveFile(f"save file: entry sealed.setup_log[{i}]: {err}") from None
    game = Game(start, setup_log)
    for i, data in enumerate(sealed.actions):
        try:
            action = action_from_dict(data)
            game.apply(action)
        except IllegalAction as err:
            raise BadSaveFile(f"save file: entry actions[{i}]: {err}") from None
        except (ValueError, TypeError, KeyError) as err:
            raise BadSaveFile(f"save file: entry actions[{i}]: {err}") from None
    return game


def _inconsistent(state: GameState) -> str | None:
    board = state.board
    for corp in state.corps:
        if corp not in board.corp_names:
            return f"unknown corp {corp!r}"
        for table in ("money", "mercenaries", "hands"):
            if corp not in getattr(state, table):
                return f"{table} has no entry for {corp}"
    if set(state.companies) != set(board.companies):
        odd = sorted(set(state.companies) ^ set(board.companies))[0]
        return f"companies: {odd!r} does not match the board"
    for company, status in state.companies.items():
        if status not in ("unowned", "nationalized", "syndicalized", "absent") and status not in state.corps:
            return f"companies.{company}: unknown status {status!r}"
    playable = set(board.playable_countries)
    for table in ("controllers", "governments"):
        odd = sorted(set(getattr(state, table)) ^ playable)
        if odd:
            return f"{table}: {odd[0]!r} does not match the board's countries that can be controlled"
    for country, owner in state.controllers.items():
        if owner is not None and owner not in state.corps:
            return f"controllers.{country}: unknown corp {owner!r}"
    for field in ("to_act", "departed"):
        for corp in getattr(state, field):
            if corp not in state.corps:
                return f"{field}: unknown corp {corp!r}"
    if state.active not in state.corps:
        return f"active: unknown corp {state.active!r}"
    if state.paid is not None and state.paid not in state.corps:
        return f"paid: unknown corp {state.paid!r}"
    for name in [*state.deck, *state.discard, *state.set_aside, *state.in_play,
                 *(c for h in state.hands.values() for c in h)]:
        if name not in state.deck_spec.card_by_name:
            return f"unknown card {name!r}"
    for corp in state.money:
        if state.money[corp] < 0 or state.mercenaries.get(corp, 0) < 0:
            return f"money or mercenaries of {corp} is negative"
    return None
