"""MegaCorps' save files and tables on the server: what the page shell keeps (widgets/shell/page.py
`save_file`, widgets/shell/resume.py `TableKeeper`) with MegaCorps' public summary, and the files
of MegaCorps' own page from before it was on the shell, which still load.

- **Save files** and **autosaves** are the shell's: the readable part holds only public facts
  (corps, seats, round, money, a digest of the public position), the game itself (hands and deck
  order included, which resuming needs) is sealed with this server's key (widgets/sealed_files.py),
  so the file reveals nothing hidden to whoever holds it.
- **Older files** (`megacorps-table` save files, `megacorps-autosave` tables written before the
  shell kept them: the game, its seats, the bots' reasons action by action) are read here into
  what the shell starts a game from.
- Plain engine saves (`mc.Game.to_json()`, from code or the lessons) load too (the shell reads them).
"""
from __future__ import annotations

import hashlib
import json

import megacorps as mc
from megacorps.tables.public import public_state

from ..sealed_files import open_file
from .source import HUMAN

OLD_SAVE_FORMAT = "megacorps-table"


def where_saved(over: bool, round_: int) -> str:
    """Where a saved game stands, in the words of the Resume list, the loaded-save review and the
    "saved game is back" line: finished, still setting up (the free picks: round 0), or its round."""
    return "finished" if over else ("setting up" if round_ == 0 else f"round {round_}")


def position_digest(game: mc.Game) -> str:
    """A short digest of the public table (nothing hidden goes in it): two tables at the same
    position (a save loaded again plays on at a new table) have the same one, and the Resume list
    offers them once; two games that only look alike (the same corps and money at set-up) do not."""
    public = public_state(game.state).model_dump(mode="json")
    return hashlib.sha256(json.dumps(public, sort_keys=True).encode()).hexdigest()[:16]


def summary(game: mc.Game) -> dict:
    """The readable part of a save file and of a table on the server (public facts only; the
    shell adds who plays each seat)."""
    state = game.state
    return {"corps": list(state.corps), "round": state.round, "phase": state.phase, "money": dict(state.money),
            "actions": len(game.actions), "over": game.is_over,
            "position": position_digest(game)}


def resume_line(summary: dict) -> tuple[str, str, str]:
    """A table's line in the Resume list: (who plays against whom and where the game stands, the
    money, its position digest)."""
    seats = summary.get("players") or summary.get("seats") or {}
    seats = seats if isinstance(seats, dict) else {}
    humans = [c for c, p in seats.items() if p == HUMAN]
    bots = [f"{c} ({p})" for c, p in seats.items() if p != HUMAN]
    where = where_saved(summary.get("phase") == "over", int(summary.get("round") or 0))
    money = summary.get("money") if isinstance(summary.get("money"), dict) else {}
    what = f"{', '.join(humans) or 'no human'} against {', '.join(bots) or 'nobody else'}: {where}"
    return what, ", ".join(f"{c} {m}" for c, m in money.items()), str(summary.get("position") or what)


def old_table(content) -> tuple | None:
    """(game, players, seen, reasons) of a table's content as MegaCorps' own page wrote it (None:
    not one). Raises mc.BadSaveFile naming the bad entry."""
    if not isinstance(content, dict) or "save" in content or "game" not in content:
        return None
    game = mc.Game.from_json(content["game"])   # raises mc.BadSaveFile naming what is wrong
    seats = content.get("seats") or {}
    if not isinstance(seats, dict) or set(seats) - set(game.state.corps):
        raise mc.BadSaveFile("save file: entry seats: not a mapping of the game's corps to players")
    players = {corp: seats.get(corp, HUMAN) for corp in game.state.corps}
    rows = content.get("reasons") or []
    if not isinstance(rows, list):
        raise mc.BadSaveFile("save file: entry reasons: not a list")
    starts = [done.log_start for done in game.applied()]
    reasons = []
    for step, row in enumerate(rows[:len(starts)]):
        if row:   # [bot level, reason] for a bot's action
            if not (isinstance(row, list) and len(row) == 2 and all(isinstance(x, str) for x in row)):
                raise mc.BadSaveFile(f"save file: entry reasons[{step}]: not a bot's level and reason")
            reasons.append((starts[step], row[1], step))
    return game, players, {}, reasons


def read_old_save(raw: bytes) -> tuple | None:
    """(game, players, seen, reasons) of a save file of MegaCorps' own page (None: not one).
    Raises mc.BadSaveFile saying what is wrong."""
    content, _text = open_file(raw, OLD_SAVE_FORMAT, mc.BadSaveFile, "MegaCorps")
    if content is None:
        return None
    table = old_table(content)
    if table is None:
        raise mc.BadSaveFile("save file: entry content: no game in it")
    return table
