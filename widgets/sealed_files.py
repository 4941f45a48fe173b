"""Save files that players download, written once for every game's page.

A file has a readable part (public facts only: who plays, the round, the money) and a sealed
part: the game itself, hands, seeds and deck orders included (resuming needs them), encrypted
with this server's key (`cryptography`'s Fernet: AES with an authentication code), so the file
shows nothing hidden to whoever holds it. Only a server with the same key can open it: the key
is created in `<data>/save-key` on first use, or given by MEGACORPS_SAVE_KEY (a class spread
over several servers sets the same key on each). See widgets/megacorps_app/storage.py (MegaCorps) and
widgets/shell/page.py (every game on the page shell: the note-card game, MEGAcquire, the card game).
"""
from __future__ import annotations

import json
import os
from pathlib import Path

MAX_FILE_BYTES = 2 * 1024 * 1024   # the biggest save file a page reads (a real one is < 100 KB)


def data_dir() -> Path:
    """MEGACORPS_DATA, else ~/.local/share/megacorps: where a server keeps tables and its key."""
    root = os.environ.get("MEGACORPS_DATA")
    return Path(root) if root else Path.home() / ".local" / "share" / "megacorps"


def _key() -> bytes:
    env = os.environ.get("MEGACORPS_SAVE_KEY")
    if env:
        return env.encode()
    from cryptography.fernet import Fernet
    path = data_dir() / "save-key"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "wb") as f:
            f.write(Fernet.generate_key())
    return path.read_bytes().strip()


def fernet():
    """This server's sealing key (the same for every game's page)."""
    from cryptography.fernet import Fernet
    return Fernet(_key())


def seal_file(file_format: str, summary: dict, content: dict, note: str) -> bytes:
    """A save file: `summary` readable, `content` sealed with this server's key."""
    token = fernet().encrypt(json.dumps(content).encode()).decode()
    data = {"format": file_format, "version": 1, **summary, "sealed": token, "note": note}
    return json.dumps(data, indent=1).encode()


def open_file(raw: bytes, file_format: str, error: type[ValueError], what: str,
              max_bytes: int = MAX_FILE_BYTES) -> tuple[dict | None, str]:
    """Read an uploaded file: (the sealed content, the text) for a file of `file_format` sealed by
    this server, or (None, the text) for any other JSON text (a plain engine save, say). Raises
    `error` saying what is wrong: too big (checked before reading it), not JSON text, sealed by
    another server or changed since."""
    if len(raw) > max_bytes:
        raise error(f"the file is {len(raw) / 1024 / 1024:.1f} MB; a saved game of {what} is "
                    f"at most {max_bytes // 1024 // 1024} MB")
    try:
        text = raw.decode("utf-8")
        data = json.loads(text)
    except (UnicodeDecodeError, ValueError):
        raise error("save file: not a JSON text file") from None
    if not (isinstance(data, dict) and data.get("format") == file_format):
        return None, text
    from cryptography.fernet import InvalidToken
    try:
        content = json.loads(fernet().decrypt(str(data.get("sealed", "")).encode()))
    except InvalidToken:
        raise error(f"this save was sealed by another {what} server (or changed since): only the "
                    "server that saved it can open its hidden parts") from None
    if not isinstance(content, dict):
        raise error("save file: entry sealed: no game in it")
    return content, text
