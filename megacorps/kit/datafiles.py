"""Data files every game reads the same way: the numbers a rules text leaves to its components
(a board, a deck, a price chart), shipped in a game's package and replaceable by a player's own
file. Reading one trusts nothing: its size is bounded before it is read, and its JSON is refused
when it is not UTF-8, nested too deeply or repeats a key, with BadDataFile naming the file."""
from __future__ import annotations

from importlib import resources
from pathlib import Path

from ..errors import BadDataFile
from .saves import parse_json


def read_data_file(package: str, default: str, path: str | Path | None, what: str,
                   max_bytes: int) -> tuple[object, str]:
    """(the parsed JSON, the name to cite) of a player's file at `path`, or of `default` shipped
    in `package` when `path` is None. Raises BadDataFile naming the file."""
    if path is None:
        raw = resources.files(package).joinpath(default).read_bytes()
        path = f"{package.replace('.', '/')}/{default}"
    else:
        try:
            with open(path, "rb") as f:
                raw = f.read(max_bytes + 1)
        except OSError as exc:
            raise BadDataFile(f"{what} file {path}: cannot be read ({exc.strerror})") from None
        if len(raw) > max_bytes:
            raise BadDataFile(f"{what} file {path}: too big (more than {max_bytes:,} bytes)")
    return parse_json(raw, f"{what} file {path}", error=BadDataFile), str(path)
