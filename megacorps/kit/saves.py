"""Sealed saves, written once for every game.

A save is a readable JSON summary (who plays, the score so far) with a *sealed* part: the start
and every action since, compressed and base64-encoded so that a save opened on a shared screen
shows nobody a hand or a deck order by accident (this is not encryption: the apps encrypt a
downloadable save with their server's key on top, see widgets/megacorps_app/storage.py).

Loading trusts nothing: the text's size is bounded before it is read, the JSON may not nest
deeply, repeat a key or hold a number too long to convert, the sealed part is inflated with a
limit (a small upload may inflate to gigabytes: it is refused once the limit is passed) and
checked against its SHA-256 digest when the save carries one. Every refusal is a BadSaveFile
whose message names the bad entry, so that a player can be told what is wrong with their file.
"""
from __future__ import annotations

import base64
import binascii
import hashlib
import json
import zlib

from pydantic import BaseModel, ValidationError

from ..errors import BadSaveFile

MAX_TEXT = 20_000_000     # characters of a save file
MAX_SEALED = 20_000_000   # bytes of a sealed part once inflated
MAX_DEPTH = 64            # nesting of JSON objects and lists (a save needs about ten)


def seal(data: object) -> str:
    """`data` as JSON, compressed and base64-encoded."""
    return base64.b64encode(zlib.compress(json.dumps(data).encode())).decode("ascii")


def digest(sealed: str) -> str:
    """The SHA-256 digest of a sealed part (a save carries it to tell damage or editing)."""
    return hashlib.sha256(sealed.encode("ascii")).hexdigest()


def inflate(sealed: str, limit: int = MAX_SEALED) -> bytes:
    """The bytes of a sealed part, never inflating past `limit`. Raises BadSaveFile (entry
    `sealed`) when it is damaged or too big once inflated."""
    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(base64.b64decode(sealed, validate=True), limit + 1)
    except (binascii.Error, zlib.error, ValueError, TypeError):
        raise BadSaveFile("save file: entry sealed: the sealed game data is damaged") from None
    if len(data) > limit or inflater.unconsumed_tail:
        size = f"{limit // 2**20} MB" if limit % 2**20 == 0 else f"{limit:,} bytes"
        raise BadSaveFile(f"save file: entry sealed: too big once inflated (more than {size})")
    if not inflater.eof:
        raise BadSaveFile("save file: entry sealed: the sealed game data is cut short")
    return data


def _no_duplicate_keys(pairs: list) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def depth(value: object) -> int:
    """How deeply JSON objects and lists nest in `value` (a number or a text: 0)."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            items = item.values()
        elif isinstance(item, list):
            items = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > MAX_DEPTH:
            return deepest
        stack.extend((child, level + 1) for child in items)
    return deepest


def parse_json(data: str | bytes, what: str = "save file", max_depth: int = MAX_DEPTH,
               error: type[ValueError] = BadSaveFile) -> object:
    """JSON from a save, a data file or an upload, refused as `error` naming `what` when it is too
    big, not UTF-8, not JSON, nested deeper than `max_depth`, holds a number too long to read, or
    repeats a key in one object."""
    if not isinstance(data, (str, bytes)):
        raise error(f"{what}: a save is text, not {type(data).__name__}")
    if len(data) > MAX_TEXT:
        raise error(f"{what}: too big (more than {MAX_TEXT:,} characters)")
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{what}: not UTF-8 text (byte {exc.start})") from None
    try:
        value = json.loads(data, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise error(f"{what}: not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise error(f"{what}: not valid JSON (nested too deeply)") from None
    except ValueError as exc:  # a number too long to convert, a repeated key
        raise error(f"{what}: not valid JSON ({exc})") from None
    if depth(value) > max_depth:
        raise error(f"{what}: nested too deeply (more than {max_depth} levels)")
    return value


def unseal(sealed: str, limit: int = MAX_SEALED) -> object:
    """The JSON content of a sealed part, inflated with a limit and parsed with the same checks as
    the save around it. Raises BadSaveFile naming entry `sealed`."""
    return parse_json(inflate(sealed, limit), "save file: entry sealed")


def first_error(err: ValidationError, prefix: str = "") -> str:
    """A pydantic validation error as one line naming the first bad entry of a save."""
    first = err.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    return f"save file: entry {prefix}{where}: {first['msg'].removeprefix('Value error, ')}"


def check_digest(sealed: str, expected: str) -> None:
    """Raise BadSaveFile unless `sealed` matches the digest the save carries."""
    if digest(sealed) != expected:
        raise BadSaveFile("save file: entry sealed: the sealed game data was damaged or edited "
                          "(it does not match its digest)")


def megabytes(size: int) -> str:
    """A size limit in a player's words: "2 MB" (binary or decimal megabytes, whichever it is)."""
    return f"{size // 1_048_576} MB" if size % 1_048_576 == 0 else f"{size / 1_000_000:g} MB"


def open_save(text: str | bytes, *, save_format: str, title: str, summary_model: type[BaseModel],
              sealed_model: type[BaseModel], max_text: int = MAX_TEXT, max_sealed: int = MAX_SEALED,
              record_format: str | None = None) -> tuple[BaseModel, BaseModel]:
    """(summary, sealed content) of a game's save file, both validated with the game's models: the
    steps every game's `load_game` begins with, before it replays the actions. Refused, with one
    BadSaveFile naming the first bad entry: a text over `max_text`, bad or deeply nested JSON, one
    seat's record (`record_format`: it leaves out what that seat could not see, so it cannot be
    resumed), another file's format, a summary or sealed part its model rejects, a sealed part
    that does not match its digest or inflates past `max_sealed`."""
    if isinstance(text, (str, bytes)) and len(text) > max_text:
        raise BadSaveFile(f"save file: too big ({len(text) / 1_000_000:.1f} MB; a saved game of {title} "
                          f"is at most {megabytes(max_text)})")
    raw = parse_json(text, "save file")
    if record_format is not None and isinstance(raw, dict) and raw.get("format") == record_format:
        raise BadSaveFile("save file: entry format: this is one seat's record of a game, which cannot be "
                          "resumed (it leaves out what that seat could not see)")
    if not isinstance(raw, dict) or raw.get("format") != save_format:
        raise BadSaveFile(f"save file: entry format: this is not a saved game of {title}")
    try:
        summary = summary_model.model_validate(raw)
    except ValidationError as err:
        raise BadSaveFile(first_error(err)) from None
    check_digest(summary.sealed, summary.digest)
    try:
        sealed = sealed_model.model_validate(unseal(summary.sealed, max_sealed))
    except ValidationError as err:
        raise BadSaveFile(first_error(err, "sealed.")) from None
    return summary, sealed
