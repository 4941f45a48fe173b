"""The note-card page's save files, sealed as the MegaCorps app seals its own (widgets/table/storage.py).

- **Save** builds the file when a player asks and hands it to the browser once (never kept in a
  widget). Its readable part holds only public facts (corporations, who plays them, quarter,
  money); the game itself (the seed and so the yield stacks' order, which resuming needs) is
  sealed with this server's key (`cryptography`'s Fernet: AES with an authentication code,
  the same key as the MegaCorps app's: `<data>/save-key` or MEGACORPS_SAVE_KEY). Only a server
  with that key can open it; nobody reads a stack's order out of the file.
- **Load** reads such a file, or a plain engine save (`Game.to_json()`, from code or the
  lessons), refusing anything over `MAX_SAVE_BYTES` before reading it.
"""
from __future__ import annotations

import json

from megacorps import notecard as nc

from ..table.storage import _fernet  # the one server key both pages seal with

FORMAT = "megacorp-notecard-table"
MAX_SAVE_BYTES = 2 * 1024 * 1024   # the biggest file the page reads (a real save is a few KB)


def sealed_save(game: nc.Game, seats: dict[str, str]) -> tuple[str, bytes]:
    """(file name, content) of a save file: the public summary readable, the game sealed. The
    shared screen's save holds no unrevealed note card (ruling N17)."""
    content = {"game": game.to_json(seat=None), "seats": dict(seats)}
    token = _fernet().encrypt(json.dumps(content).encode()).decode()
    state = game.state
    data = {"format": FORMAT, "version": 1, "players": list(state.players), "seats": dict(seats),
            "quarter": state.quarter, "over": state.over, "money": dict(state.money), "sealed": token,
            "note": "The game itself is sealed with the key of the server that saved it; only that "
                    "server can resume it."}
    when = "over" if state.over else f"quarter-{state.quarter}"
    return f"megacorp-{when}.json", json.dumps(data, indent=1).encode()


def read_save(raw: bytes) -> tuple[nc.Game, dict[str, str] | None]:
    """The game in an uploaded file and, for a sealed save, who played each seat. Raises
    BadSaveFile saying what is wrong."""
    if len(raw) > MAX_SAVE_BYTES:
        raise nc.BadSaveFile(f"the file is {len(raw) / 1024 / 1024:.1f} MB; a saved game of Megacorp is "
                             f"at most {MAX_SAVE_BYTES // 1024 // 1024} MB")
    try:
        text = raw.decode("utf-8")
        data = json.loads(text)
    except (UnicodeDecodeError, ValueError):
        raise nc.BadSaveFile("save file: not a JSON text file") from None
    if not (isinstance(data, dict) and data.get("format") == FORMAT):
        return nc.Game.from_json(text), None
    from cryptography.fernet import InvalidToken
    try:
        content = json.loads(_fernet().decrypt(str(data.get("sealed", "")).encode()))
    except InvalidToken:
        raise nc.BadSaveFile("this save was sealed by another server (or changed since): only the "
                             "server that saved it can open it") from None
    if not isinstance(content, dict) or not isinstance(content.get("game"), str):
        raise nc.BadSaveFile("save file: entry sealed: no game in it")
    seats = content.get("seats")
    if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
        raise nc.BadSaveFile("save file: entry seats: not a mapping of corporations to players")
    return nc.Game.from_json(content["game"]), seats
