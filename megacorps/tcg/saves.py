"""Saved games: the seed, the options (decks included) and every action, sealed (compressed,
base64) with a SHA-256 digest, and a readable summary checked against the replay.

A seat's record (`to_json(seat)`) holds that seat's view only: it cannot be resumed (a resumable
save must hold the seed, which would reveal every deck's order)."""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, ValidationError

from ..errors import BadSaveFile, IllegalAction
from .actions import action_from_dict, action_to_dict

FORMAT = "megacorp-tcg-save"
MAX_TEXT = 4_000_000          # characters of a save file
MAX_SEALED = 20_000_000       # bytes once inflated
MAX_DEPTH = 40


class Summary(BaseModel):
    model_config = ConfigDict(extra="forbid")
    format: Literal["megacorp-tcg-save"]
    version: Literal[1]
    seats: list[str]
    turn: int
    over: bool
    money: dict[str, int]
    digest: str
    sealed: str


class Sealed(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seed: int
    options: dict[str, Any]
    scenario: dict[str, Any] | None = None
    actions: list[dict[str, Any]]


def seal(data: dict) -> str:
    return base64.b64encode(zlib.compress(json.dumps(data).encode())).decode("ascii")


def unseal(text: str) -> dict:
    raw = base64.b64decode(text, validate=True)
    inflater = zlib.decompressobj()
    out = inflater.decompress(raw, MAX_SEALED)
    if inflater.unconsumed_tail:
        raise BadSaveFile("save file: entry sealed: the sealed data is too large")
    if not inflater.eof:
        raise BadSaveFile("save file: entry sealed: the sealed data is truncated")
    return json.loads(out)


def dump_game(game, seat: str | None = "*") -> str:
    if seat != "*":
        return json.dumps({"format": "megacorp-tcg-seat-record", "version": 1,
                           "view": game.view(seat).model_dump(mode="json")}, indent=1)
    s = game.engine.s
    sealed = seal({"seed": game.seed, "options": game.options.model_dump(mode="json"),
                   "scenario": game.scenario, "actions": [action_to_dict(a) for a in game.actions]})
    return json.dumps({"format": FORMAT, "version": 1, "seats": game.seats, "turn": s.turn, "over": s.over,
                       "money": {x: s.players[x].money for x in game.seats},
                       "digest": hashlib.sha256(sealed.encode()).hexdigest(), "sealed": sealed}, indent=1)


def _depth(x, d=0) -> int:
    if d > MAX_DEPTH:
        return d
    if isinstance(x, dict):
        return max([_depth(v, d + 1) for v in x.values()] or [d])
    if isinstance(x, list):
        return max([_depth(v, d + 1) for v in x] or [d])
    return d


def _first(err: ValidationError, prefix: str) -> str:
    e = err.errors()[0]
    return f"save file: entry {prefix}{'.'.join(str(p) for p in e['loc'])}: {e['msg']}"


def load_game(text):
    from .game import Game
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_TEXT:
            raise BadSaveFile("save file: too large to be a save")
        try:
            text = text.decode()
        except UnicodeDecodeError:
            raise BadSaveFile("save file: not UTF-8 text") from None
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise BadSaveFile("save file: not text, or too large to be a save")
    try:
        raw = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as exc:
        raise BadSaveFile(f"save file: not valid JSON ({str(exc)[:80]})") from None
    if _depth(raw) > MAX_DEPTH:
        raise BadSaveFile("save file: nested too deeply to be a save")
    if isinstance(raw, dict) and raw.get("format") == "megacorp-tcg-seat-record":
        raise BadSaveFile("save file: entry format: this is one seat's record of a game; it cannot be resumed")
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise BadSaveFile("save file: entry format: not a saved game of the Megacorp trading card game")
    try:
        summary = Summary.model_validate(raw)
    except ValidationError as err:
        raise BadSaveFile(_first(err, "")) from None
    if hashlib.sha256(summary.sealed.encode()).hexdigest() != summary.digest:
        raise BadSaveFile("save file: entry sealed: damaged or edited (it does not match its digest)")
    try:
        content = unseal(summary.sealed)
    except (binascii.Error, zlib.error, ValueError) as exc:
        if isinstance(exc, BadSaveFile):
            raise
        raise BadSaveFile("save file: entry sealed: the sealed data is damaged") from None
    if _depth(content) > MAX_DEPTH:
        raise BadSaveFile("save file: entry sealed: nested too deeply")
    try:
        sealed = Sealed.model_validate(content)
    except ValidationError as err:
        raise BadSaveFile(_first(err, "sealed.")) from None
    try:
        game = Game(summary.seats, sealed.seed, sealed.options, scenario=sealed.scenario)
    except ValueError as err:
        raise BadSaveFile(f"save file: entry sealed.options: {err}") from None
    for i, data in enumerate(sealed.actions):
        try:
            game.apply(action_from_dict(data))
        except (IllegalAction, ValueError, TypeError) as err:
            raise BadSaveFile(f"save file: entry sealed.actions[{i}]: {err}") from None
    s = game.engine.s
    if summary.turn != s.turn or summary.over != s.over:
        raise BadSaveFile("save file: entry turn/over: the summary does not match the replayed game (edited)")
    for x in game.seats:
        if summary.money.get(x) != s.players[x].money:
            raise BadSaveFile(f"save file: entry money.{x}: the summary says {summary.money.get(x)} but the game "
                              f"gives {s.players[x].money} (edited)")
    if set(summary.money) != set(game.seats):
        raise BadSaveFile("save file: entry money: not exactly the players of the game")
    return game
