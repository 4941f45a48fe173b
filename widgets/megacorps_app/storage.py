"""Where tables are kept on the server, and the save files players download.

- **Autosave**: after every action a hot-seat table writes `<data>/tables/<table id>.json`
  (the whole game, its seats and the bots' reasons; written by widgets/shell/autosave.py, as the
  shell's games' tables are). The file stays on the server; a page only
  ever learns its table's id (kept in the browser, see widgets/megacorps_app/browser.py) and a public
  summary (corps, seats, round, money), and offers "Resume" when it opens again.
- **Save files** (the Save button): built when a player asks, never kept in a widget. The
  readable part holds only public facts (corps, seats, round, money); the game itself (hands
  and deck order included, which resuming needs) is sealed with this server's key
  (`cryptography`'s Fernet: AES with an authentication code), so the file reveals nothing
  hidden to whoever holds it. Only a server with the same key can open it: the key is
  created in `<data>/save-key` on first use, or given by MEGACORPS_SAVE_KEY (a class that
  spreads over several servers sets the same key on each).
- Plain engine saves (`mc.Game.to_json()`, from code or the lessons) still load.

`<data>` is MEGACORPS_DATA, else ~/.local/share/megacorps.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

import megacorps as mc

from ..sealed_files import MAX_FILE_BYTES, open_file, seal_file
from ..shell.autosave import new_table_id, read_table, write_table  # noqa: F401 - new_table_id: the app's

TABLE_FORMAT = "megacorps-table"
AUTOSAVE_FORMAT = "megacorps-autosave"
MAX_SAVE_BYTES = MAX_FILE_BYTES   # the biggest save file the app reads (a real one is < 100 KB)


# --- what a table file holds ------------------------------------------------------------------

def _summary(session) -> dict:
    state = session.game.state
    return {"corps": list(state.corps), "seats": dict(session.seats), "round": state.round,
            "phase": state.phase, "money": dict(state.money), "actions": len(session.game.actions),
            "position": position_digest(session)}


def position_digest(session) -> str:
    """A short digest of the public table (nothing hidden goes in it): two tables at the same
    position (a save loaded again plays on at a new table) have the same one, and the Resume list
    offers them once; two games that only look alike (the same corps and money at set-up) do not."""
    public = session.public_game().state.model_dump(mode="json")
    return hashlib.sha256(json.dumps(public, sort_keys=True).encode()).hexdigest()[:16]


def _content(session) -> dict:
    return {"game": session.game.to_json(), "seats": dict(session.seats), "seed": session.seed,
            "reasons": [list(r) if r else None for r in session.reasons]}


def autosave(session):
    """Write `session`'s table file (widgets/shell/autosave.py: atomically)."""
    return write_table(session.table_id, AUTOSAVE_FORMAT, _summary(session), _content(session))


def where_saved(over: bool, round_: int) -> str:
    """Where a saved game stands, in the words of the Resume list, the loaded-save review and the
    "saved game is back" line: finished, still setting up (the free picks: round 0), or its round."""
    return "finished" if over else ("setting up" if round_ == 0 else f"round {round_}")


@dataclass(frozen=True)
class SavedTable:
    """A table found on the server: its id, when it was saved and the public summary."""

    table: str
    saved_at: str
    corps: list[str]
    seats: dict[str, str]
    round: int
    phase: str
    money: dict[str, int]
    position: str = ""   # `position_digest` (a table saved before it existed has none)

    def describe(self) -> str:
        humans = [c for c, p in self.seats.items() if p == "Human"]
        bots = [f"{c} ({p})" for c, p in self.seats.items() if p != "Human"]
        where = where_saved(self.phase == "over", self.round)
        who = ", ".join(humans) or "no human"
        return f"{who} against {', '.join(bots) or 'nobody else'}: {where}"


def find_table(table: str) -> SavedTable | None:
    """The public summary of table `table`'s autosave, or None when there is none."""
    try:
        data = read_table(table)
        s = data["summary"]
        return SavedTable(table, data["saved_at"], s["corps"], s["seats"], s["round"], s["phase"], s["money"],
                          str(s.get("position", "")))
    except (ValueError, KeyError, TypeError):
        return None


def load_table(table: str):
    """The Session saved as table `table` (raises mc.BadSaveFile saying why it cannot)."""
    try:
        data = read_table(table)
    except ValueError as err:
        raise mc.BadSaveFile(str(err)) from None
    return _session_from_content(data.get("content"), table)


def _session_from_content(content, table: str | None):
    from .session import Session
    if not isinstance(content, dict) or "game" not in content:
        raise mc.BadSaveFile("save file: entry content: missing")
    game = mc.Game.from_json(content["game"])
    seats = content.get("seats") or {}
    if not isinstance(seats, dict):
        raise mc.BadSaveFile("save file: entry seats: not a mapping of corps to players")
    reasons = content.get("reasons") or []
    try:
        return Session(game, seats, content.get("seed"), [tuple(r) if r else None for r in reasons],
                       table_id=table)
    except ValueError as err:
        raise mc.BadSaveFile(f"save file: entry seats: {err}") from None


# --- downloadable save files ---------------------------------------------------------------

def sealed_save(session) -> tuple[str, bytes]:
    """(file name, content) of a save file for `session`: public summary readable, the game
    sealed with this server's key (widgets/sealed_files.py)."""
    data = seal_file(TABLE_FORMAT, _summary(session), _content(session),
                     "The game itself is sealed with the key of the MegaCorps server that saved it; "
                     "only that server can resume it.")
    state = session.game.state
    when = "over" if state.phase == "over" else f"round-{state.round}"
    return f"megacorps-{when}.json", data


def read_save(raw: bytes, table: str | None = None):
    """A Session from an uploaded file: a save of this app (sealed) or a plain engine save.
    Raises mc.BadSaveFile saying what is wrong."""
    content, text = open_file(raw, TABLE_FORMAT, mc.BadSaveFile, "MegaCorps")
    if content is not None:
        return _session_from_content(content, table)
    from .session import Session
    game = mc.Game.from_json(text)   # a plain engine save: every seat human until chosen
    return Session(game, {c: "Human" for c in game.state.corps}, table_id=table)
