"""Tables kept on the server after every move, and found again from the browser: the autosave
every page may use (MegaCorps' page, `widgets/megacorps_app/storage.py`; a shell game whose parts
say `autosave = True`, `widgets/shell/page.py`).

A table file is `<data>/tables/<table id>.json` (`<data>`: MEGACORPS_DATA, else
~/.local/share/megacorps): the game's format, when it was saved, a public summary (what a
"Resume" line may show to whoever is at the screen) and the content the page resumes from (the
whole game: it never leaves the server). A page only ever learns a table's id, which the browser
keeps in its localStorage (`widgets/megacorps_app/browser.py`, the bridge) and sends when the page
opens again. Files are written atomically: a crash never leaves half a file.
"""
from __future__ import annotations

import datetime
import json
import os
import re
import secrets
from dataclasses import dataclass
from pathlib import Path

from ..sealed_files import data_dir

_TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{8,64}$")


def tables_dir() -> Path:
    path = data_dir() / "tables"
    path.mkdir(parents=True, exist_ok=True)
    return path


def new_table_id() -> str:
    return secrets.token_urlsafe(12)


def is_table_id(text: str) -> bool:
    return bool(_TABLE_ID.match(text or ""))


def write_table(table: str, file_format: str, summary: dict, content: dict) -> Path:
    """Write table `table`'s file (atomically)."""
    path = tables_dir() / f"{table}.json"
    data = {"format": file_format, "version": 1, "table": table,
            "saved_at": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "summary": summary, "content": content}
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data))
    os.replace(tmp, path)
    return path


def read_table(table: str) -> dict:
    """Table `table`'s file as written. Raises ValueError saying, in a player's words, why it
    cannot be read (no such table, gone, damaged)."""
    if not is_table_id(table):
        raise ValueError("no such table")
    try:
        data = json.loads((tables_dir() / f"{table}.json").read_text())
    except OSError:
        raise ValueError("this table's autosave is gone from the server") from None
    except ValueError:
        raise ValueError("this table's autosave is damaged") from None
    if not isinstance(data, dict):
        raise ValueError("this table's autosave is damaged")
    return data


@dataclass(frozen=True)
class FoundTable:
    """A shell game's table found on the server: its id, when it was saved, its public summary."""

    table: str
    saved_at: str
    summary: dict


def find_tables(tables: list[str], file_format: str) -> list[FoundTable]:
    """The tables among `tables` (ids the browser remembered) saved in `file_format` and not over
    (a table of another game, gone or damaged is passed over)."""
    found = []
    for table in tables:
        try:
            data = read_table(table)
        except ValueError:
            continue
        summary = data.get("summary")
        if data.get("format") == file_format and isinstance(summary, dict) and not summary.get("over"):
            found.append(FoundTable(table, str(data.get("saved_at", "")), summary))
    return found
