"""The note-card page's save files, sealed as the MegaCorps app seals its own (widgets/megacorps_app/storage.py).

- **Save** builds the file when a player asks and hands it to the browser once (never kept in a
  widget). Its readable part holds only public facts (corporations, who plays them, quarter,
  money); the game itself (the seed and so the yield stacks' order, which resuming needs) is
  sealed with this server's key (`cryptography`'s Fernet: AES with an authentication code,
  the same key as the MegaCorps app's: `<data>/save-key` or MEGACORPS_SAVE_KEY). Only a server
  with that key can open it; nobody reads a stack's order out of the file.
- **Load** reads such a file, or a plain engine save (`Game.to_json()`, from code or the
  lessons), refusing anything over `widgets.sealed_files.MAX_FILE_BYTES` before reading it.
"""
from __future__ import annotations


from megacorps import notecard as nc

from ..sealed_files import open_file, seal_file  # one server key for every game's page

FORMAT = "megacorp-notecard-table"


def sealed_save(game: nc.Game, seats: dict[str, str]) -> tuple[str, bytes]:
    """(file name, content) of a save file: the public summary readable, the game sealed. The
    shared screen's save holds no unrevealed note card (ruling N17)."""
    state = game.state
    data = seal_file(FORMAT, {"players": list(state.players), "seats": dict(seats), "quarter": state.quarter,
                              "over": state.over, "money": dict(state.money)},
                     {"game": game.to_json(seat=None), "seats": dict(seats)},
                     "The game itself is sealed with the key of the server that saved it; only that "
                     "server can resume it.")
    when = "over" if state.over else f"quarter-{state.quarter}"
    return f"megacorp-{when}.json", data


def read_save(raw: bytes) -> tuple[nc.Game, dict[str, str] | None]:
    """The game in an uploaded file and, for a sealed save, who played each seat. Raises
    BadSaveFile saying what is wrong."""
    content, text = open_file(raw, FORMAT, nc.BadSaveFile, "Megacorp")
    if content is None:
        return nc.Game.from_json(text), None
    if not isinstance(content.get("game"), str):
        raise nc.BadSaveFile("save file: entry sealed: no game in it")
    seats = content.get("seats")
    if not isinstance(seats, dict) or not all(isinstance(v, str) for v in seats.values()):
        raise nc.BadSaveFile("save file: entry seats: not a mapping of corporations to players")
    return nc.Game.from_json(content["game"]), seats
