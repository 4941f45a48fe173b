"""Saved games: the board, the deck, the starting position and every action since.

A save must hold the hands, the deck order and pending secret bids to be resumable, yet a
hot-seat table opens it on a shared screen. Those parts are therefore *sealed*: compressed and
base64-encoded, so that nobody reads them by accident. This is not encryption.

Loading trusts nothing (issue 7, items 8 and 9): sizes are bounded before anything is read,
the JSON may not repeat a key, nest deeply or hold numbers too long to convert, the starting
position must keep every invariant of a game (`invariants.py`, card conservation included),
every action is replayed through the rules, and the readable summary must match the game that
results. Anything else is refused with BadSaveFile naming the entry.
"""
from __future__ import annotations

import dataclasses
import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .actions import OfferTrade, action_from_dict, action_to_dict
from .board import Board, Deck, check_pair, load_board, load_deck
from .errors import BadDataFile, BadSaveFile, IllegalAction
from .kit.saves import first_error as _first_error, inflate, parse_json, seal
from .invariants import MAX_AMOUNT, MAX_ROUND, position_problem
from .log import LogEntry
from .state import (AntitrustFrame, AuctionFrame, ElectionFrame, GameState, LastCallFrame,
                    MercenaryFrame, PayoutFrame, SpoilsFrame, TradeFrame, WarFrame)

FORMAT = "megacorps-save"
VERSION = 1
MAX_ACTIONS = 200_000        # actions in one game (a long game has a few hundred)

Amount = Annotated[int, Field(ge=0, le=MAX_AMOUNT)]


class SaveSummary(BaseModel):
    """The readable part of a save."""
    model_config = ConfigDict(extra="forbid")

    format: Literal["megacorps-save"]
    version: Literal[1]
    corps: list[Annotated[str, Field(max_length=100)]] = Field(min_length=3, max_length=6)
    round: int = Field(ge=0, le=MAX_ROUND)
    phase: Literal["setup", "rounds", "over"]
    money: dict[str, Amount]
    sealed: str


class SealedGame(BaseModel):
    model_config = ConfigDict(extra="forbid")

    board: dict[str, Any]
    deck: dict[str, Any]
    start: dict[str, Any]
    frames: list[dict[str, Any]] = Field(default_factory=list, max_length=50)
    setup_log: list[dict[str, Any]] = Field(max_length=1_000)
    actions: list[dict[str, Any]] = Field(max_length=MAX_ACTIONS)


# --- The decisions under way in a starting position -----------------------------------------------

FRAME_TYPES: dict[str, type] = {
    "antitrust": AntitrustFrame, "mercenaries": MercenaryFrame, "war": WarFrame, "spoils": SpoilsFrame,
    "payout": PayoutFrame, "auction": AuctionFrame, "election": ElectionFrame, "last-call": LastCallFrame,
    "trade": TradeFrame,
}
_FRAME_KIND = {cls: kind for kind, cls in FRAME_TYPES.items()}


def frame_to_dict(frame) -> dict:
    """The JSON form of a frame (a decision under way)."""
    out: dict = {"type": _FRAME_KIND[type(frame)]}
    for f in dataclasses.fields(frame):
        value = getattr(frame, f.name)
        if isinstance(value, OfferTrade):
            value = action_to_dict(value)
        elif isinstance(value, tuple):
            value = [list(v) if isinstance(v, tuple) else v for v in value]
        elif isinstance(value, (list, dict)):
            value = value.copy()
        out[f.name] = value
    return out


def frame_from_dict(data: dict):
    """Rebuild a frame from its JSON form; raises ValueError naming the problem."""
    kind = data.get("type")
    if kind not in FRAME_TYPES:
        raise ValueError(f"unknown frame type {kind!r}")
    cls = FRAME_TYPES[kind]
    names = {f.name for f in dataclasses.fields(cls)}
    body = {k: v for k, v in data.items() if k != "type"}
    if set(body) - names:
        raise ValueError(f"{kind}: unexpected field(s) {', '.join(sorted(set(body) - names))}")
    if cls is TradeFrame:
        offer = action_from_dict(body.get("offer"))
        if not isinstance(offer, OfferTrade):
            raise ValueError("trade: the offer is not a trade offer")
        return TradeFrame(offer)
    if cls is LastCallFrame and "seen" in body:
        seen = body["seen"]
        if not (isinstance(seen, list) and len(seen) == 2 and isinstance(seen[1], list)):
            raise ValueError("last-call: seen must be [cards played, [corps]]")
        body["seen"] = (seen[0], tuple(seen[1]))
    try:
        frame = _FRAME_ADAPTERS[cls].validate_python(body, strict=False)
    except ValidationError as err:
        first = err.errors()[0]
        raise ValueError(f"{kind}: {'.'.join(str(p) for p in first['loc'])}: {first['msg']}") from None
    if cls is MercenaryFrame and frame.offer is not None:
        frame.offer = tuple(frame.offer)
    if cls is LastCallFrame:
        frame.seen = (frame.seen[0], tuple(frame.seen[1])) if frame.seen else ()
    return frame


def _frame_adapters() -> dict:
    from pydantic import TypeAdapter
    return {cls: TypeAdapter(cls) for cls in FRAME_TYPES.values() if cls is not TradeFrame}


_FRAME_ADAPTERS = _frame_adapters()


# --- Writing and reading ------------------------------------------------------------------------

def unseal(text: str) -> dict:
    """The full content of a save (hands and deck order included): for tests and tools."""
    return json.loads(inflate(json.loads(text)["sealed"]))


def dump_game(game) -> str:
    start = game._start
    state = game.state
    sealed = {
        "board": start.board.model_dump(mode="json"),
        "deck": start.deck_spec.model_dump(mode="json"),
        "start": start.model_dump(mode="json"),
        "frames": [frame_to_dict(f) for f in start.frames],
        "setup_log": [{"round": e.round, "text": e.text, "rule": e.rule, "secret": e.secret}
                      for e in game._setup_log],
        "actions": [action_to_dict(a) for a in game._actions],
    }
    return json.dumps({"format": FORMAT, "version": VERSION, "corps": state.corps, "round": state.round,
                       "phase": state.phase, "money": state.money, "sealed": seal(sealed)}, indent=1)


def dump_view(game, corp: str | None) -> str:
    """What `corp` (None: a spectator) may keep of `game`: its view (its reading of the log included).
    Never another corp's hand, a secret bid or the deck's order; it cannot be resumed."""
    if corp is not None and corp not in game.state.corps:
        raise ValueError(f"{corp!r} is not a corp of this game")
    view = game.view(corp)
    return json.dumps({"format": "megacorps-seat-save", "version": VERSION, "seat": corp,
                       "view": view.model_dump(mode="json")}, indent=1)


def _same_as_default(board: Board, deck: Deck) -> tuple[Board, Deck]:
    """The default board and deck objects when the save's are equal to them: loading the same
    board again and again then keeps nothing new (caches live on the board)."""
    default_board, default_deck = load_board(), load_deck()
    if board == default_board:
        board = default_board
    if deck == default_deck:
        deck = default_deck
    return board, deck


def load_game(text: str | bytes):
    from .game import Game

    raw = parse_json(text, "save file")
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise BadSaveFile("save file: entry format: this is not a MegaCorps saved game")
    try:
        summary = SaveSummary.model_validate(raw)
    except ValidationError as err:
        raise BadSaveFile(_first_error(err, "")) from None
    if len(set(summary.corps)) != len(summary.corps):
        raise BadSaveFile(f"save file: entry corps: a corp is listed twice ({summary.corps})")
    try:
        sealed = SealedGame.model_validate(parse_json(inflate(summary.sealed), "save file: entry sealed"))
    except ValidationError as err:
        raise BadSaveFile(_first_error(err, "sealed.")) from None
    try:
        board = Board.model_validate(sealed.board)
        deck = Deck.model_validate(sealed.deck)
    except ValidationError as err:
        raise BadSaveFile(_first_error(err, "sealed.board/deck.")) from None
    board, deck = _same_as_default(board, deck)
    try:
        check_pair(board, deck)
    except BadDataFile as err:
        raise BadSaveFile(f"save file: entry sealed.board/deck: {err}") from None
    try:
        start = GameState.model_validate(sealed.start)
    except ValidationError as err:
        raise BadSaveFile(_first_error(err, "sealed.start.")) from None
    start.attach(board, deck)
    for i, data in enumerate(sealed.frames):
        try:
            start.frames.append(frame_from_dict(data))
        except (ValueError, TypeError) as err:
            raise BadSaveFile(f"save file: entry sealed.frames[{i}]: {err}") from None
    problem = position_problem(start)
    if problem:
        raise BadSaveFile(f"save file: entry sealed.start: {problem}")
    setup_log = []
    for i, entry in enumerate(sealed.setup_log):
        try:
            setup_log.append(_log_entry(entry))
        except (TypeError, ValueError) as err:
            raise BadSaveFile(f"save file: entry sealed.setup_log[{i}]: {err}") from None
    game = Game(start, setup_log)
    try:  # a sound position must also be one the rules can go on from
        game.deciders, game.decision, game.legal_actions()
    except Exception as err:  # noqa: BLE001 - any failure here is the save's fault
        raise BadSaveFile(f"save file: entry sealed.start: the position cannot be played ({err!r})") from None
    for i, data in enumerate(sealed.actions):
        try:
            game.apply(action_from_dict(data))
        except (IllegalAction, ValueError, TypeError, KeyError) as err:
            raise BadSaveFile(f"save file: entry actions[{i}]: {err}") from None
    _check_summary(summary, game.state)
    return game


def _log_entry(entry: dict) -> LogEntry:
    log = LogEntry(**entry)
    secret = log.secret
    if (type(log.round) is not int or type(log.text) is not str or type(log.rule) is not str
            or not (secret is None or (isinstance(secret, dict)
                                       and all(type(k) is str and type(v) is str for k, v in secret.items())))):
        raise ValueError("round, text, rule and secret are a number, two texts and texts by corp")
    return log


def _check_summary(summary: SaveSummary, state: GameState) -> None:
    """The readable part must describe the game the sealed part plays to."""
    for entry, shown, real in (("corps", summary.corps, state.corps), ("round", summary.round, state.round),
                               ("phase", summary.phase, state.phase), ("money", summary.money, state.money)):
        if shown != real:
            raise BadSaveFile(f"save file: entry {entry}: does not match the game ({shown!r} shown, "
                              f"{real!r} in the sealed game)")
