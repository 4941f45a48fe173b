"""What a client sends, read the same way at both doors (an HTTP body, a WebSocket message):
at most `MAX_MESSAGE` bytes, JSON, an object, nested at most `MAX_DEPTH` deep, then checked
against a pydantic model. Anything else is refused with a 4xx and a reason, never parsed
further (a deeply nested body used to crash the parser with a RecursionError)."""
from __future__ import annotations

import json

from pydantic import BaseModel, ValidationError

from .live import Refused

MAX_MESSAGE = 64 * 1024   # bytes; no request of this protocol is anywhere near this
MAX_DEPTH = 32            # the deepest action of any game is a handful of levels
TRANSPORT_MAX = 16 * MAX_MESSAGE   # a WebSocket message larger than this closes the connection (1 MiB)


def too_large() -> Refused:
    return Refused("malformed", f"the message is larger than {MAX_MESSAGE // 1024} KiB", 413)


def _depth_ok(raw: str) -> bool:
    """Whether brackets nest at most MAX_DEPTH deep (strings skipped), before parsing."""
    depth, in_string, escaped = 0, False, False
    for ch in raw:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return False
        elif ch in "]}":
            depth -= 1
    return True


def parse(raw: bytes | str | None) -> dict:
    """A client's message as a JSON object, or Refused saying what is wrong with it."""
    if raw is None or raw == b"" or raw == "":
        return {}
    if len(raw if isinstance(raw, bytes) else raw.encode()) > MAX_MESSAGE:
        raise too_large()
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise Refused("malformed", "the message is not UTF-8 text", 400) from None
    if not _depth_ok(raw):
        raise Refused("malformed", f"the message is nested more than {MAX_DEPTH} levels deep", 400)
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, RecursionError):
        raise Refused("malformed", "the message is not valid JSON", 400) from None
    if not isinstance(data, dict):
        raise Refused("malformed", "the message must be a JSON object", 400)
    return data


def validated(model: type[BaseModel], data: dict) -> BaseModel:
    """`data` checked against `model`; Refused naming the first wrong field."""
    try:
        return model.model_validate(data)
    except ValidationError as err:
        first = err.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the message"
        raise Refused("malformed", f"{where}: {first['msg']}", 400) from None


async def read_body(request) -> dict:
    """An HTTP request's body, read only up to the limit (a larger one is refused unread)."""
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_MESSAGE:
            raise too_large()
        chunks.append(chunk)
    return parse(b"".join(chunks))


async def receive(websocket) -> dict:
    """The next WebSocket message, read like an HTTP body (raises WebSocketDisconnect when the
    client has gone)."""
    from starlette.websockets import WebSocketDisconnect
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    return parse(text if text is not None else message.get("bytes"))


class FrameLimit:
    """ASGI middleware: a WebSocket message over TRANSPORT_MAX closes the connection with 1009
    and a reason, whatever server runs the app (`python -m tableserver serve` also tells uvicorn
    not to receive one; `uvicorn tableserver.app:app_from_env --factory` receives up to 16 MiB
    unless given `--ws-max-size`). Between MAX_MESSAGE and this, a message is refused with a
    413 answer and the connection stays (`parse`).

    Once the connection is closed, what the app sends is no crash: its goodbye (a close) is
    dropped, and a message raises OSError, which is how a server says a client has gone
    (Starlette turns it into WebSocketDisconnect, as for a page that left). Closed: by us, by the
    client, or by the server itself: uvicorn refuses a frame over its own `ws_max_size` (`serve`'s
    limit) by closing with 1009 at once, and tells the app through `receive`; a push sent in
    between (a bot's move landing then) used to meet uvicorn's RuntimeError ("after sending
    'websocket.close'"), and the service logged a traceback for a client that sent too much."""

    REASON = f"message too big: the limit is {TRANSPORT_MAX // 2**20} MiB"

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        closed = False

        async def limited_receive():
            nonlocal closed
            message = await receive()
            if message["type"] == "websocket.disconnect":
                closed = True
            elif message["type"] == "websocket.receive":
                data = message.get("text")
                size = len(data.encode()) if data is not None else len(message.get("bytes") or b"")
                if size > TRANSPORT_MAX:
                    closed = True
                    await send({"type": "websocket.close", "code": 1009, "reason": self.REASON})
                    return {"type": "websocket.disconnect", "code": 1009}
            return message

        async def guarded_send(message):
            nonlocal closed
            if not closed:
                try:
                    return await send(message)
                except RuntimeError:   # the server closed it before the app could read so
                    if message["type"] not in ("websocket.send", "websocket.close"):
                        raise
                    closed = True
            if message["type"] == "websocket.send":
                raise OSError("the WebSocket connection is closed")

        await self.app(scope, limited_receive, guarded_send)
