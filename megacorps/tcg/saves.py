"""Saved games: the seed, the options (decks included) and every action, sealed by the kit
(`megacorps.kit.saves`: compressed, base64, inflated with a limit) with a SHA-256 digest, and a
readable summary checked against the replay.

A seat's record (`to_json(seat)`) holds that seat's view only: it cannot be resumed (a resumable
save must hold the seed, which would reveal every deck's order)."""
from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..errors import BadSaveFile, IllegalAction
from ..kit.saves import digest, open_save, seal
from .actions import action_from_dict, action_to_dict

FORMAT = "megacorp-tcg-save"
RECORD = "megacorp-tcg-seat-record"
MAX_TEXT = 4_000_000          # characters of a save file
MAX_SEALED = 20_000_000       # bytes once inflated


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


def dump_game(game, seat: str | None = "*") -> str:
    if seat != "*":
        return json.dumps({"format": RECORD, "version": 1,
                           "view": game.view(seat).model_dump(mode="json")}, indent=1)
    s = game.engine.s
    sealed = seal({"seed": game.seed, "options": game.options.model_dump(mode="json"),
                   "scenario": game.scenario, "actions": [action_to_dict(a) for a in game.actions]})
    return json.dumps({"format": FORMAT, "version": 1, "seats": game.seats, "turn": s.turn, "over": s.over,
                       "money": {x: s.players[x].money for x in game.seats},
                       "digest": digest(sealed), "sealed": sealed}, indent=1)


def load_game(text):
    from .game import Game
    summary, sealed = open_save(text, save_format=FORMAT, title="the Megacorp trading card game",
                                summary_model=Summary, sealed_model=Sealed, max_text=MAX_TEXT,
                                max_sealed=MAX_SEALED, record_format=RECORD)
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
