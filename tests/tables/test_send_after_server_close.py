"""What the app sends after the server itself closed a WebSocket (tableserver/messages.py's
`FrameLimit`). uvicorn refuses a frame over its `ws_max_size` (`python -m tableserver serve`
sets it to the transport limit) by closing with 1009 at once and queueing the disconnect for
the app; until the app has read it, a send raises uvicorn's RuntimeError. A push racing that
close (a bot's move landing as an oversized message arrived) ended the seat's push stream
with a logged traceback, and `test_bad_requests.py`'s `[serve]` transport-limit case failed
now and then under load. Through FrameLimit the app sees what it sees for a page that left."""
from __future__ import annotations

import asyncio

import pytest
from starlette.websockets import WebSocket, WebSocketDisconnect

from tableserver.messages import FrameLimit, receive as read_message


class ClosingServer:
    """The server's side of one WebSocket, as uvicorn's (websockets-sansio) behaves when it
    refuses a frame itself: `refuse_a_frame` closes the connection and queues the disconnect;
    a send after that raises RuntimeError until the transport is gone."""

    def __init__(self):
        self.inbox: asyncio.Queue = asyncio.Queue()
        self.inbox.put_nowait({"type": "websocket.connect"})
        self.sent: list[dict] = []
        self.closed = False

    async def receive(self) -> dict:
        return await self.inbox.get()

    async def send(self, message: dict) -> None:
        if self.closed:
            raise RuntimeError(f"Unexpected ASGI message '{message['type']}', after sending 'websocket.close'.")
        self.sent.append(message)

    def refuse_a_frame(self) -> None:
        self.closed = True
        self.inbox.put_nowait({"type": "websocket.disconnect", "code": 1009})



def test_a_push_racing_the_servers_own_close_is_a_page_that_left():
    said: list[str] = []

    async def app(scope, receive, send):
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        await ws.send_json({"type": "state", "at": 0})
        server.refuse_a_frame()   # a frame over uvicorn's limit: closed, the disconnect not yet read
        with pytest.raises(WebSocketDisconnect) as gone:   # the push: what the stream counts as a page that left
            await ws.send_json({"type": "state", "at": 1})
        said.append(f"push: {gone.value.code}")
        with pytest.raises(WebSocketDisconnect) as read:
            await read_message(ws)   # the stream's own read: the server's close, said
        said.append(f"read: {read.value.code}")

    server = ClosingServer()
    asyncio.run(FrameLimit(app)({"type": "websocket", "path": "/api/ws", "headers": []}, server.receive, server.send))
    assert said == ["push: 1006", "read: 1009"]
    assert [m["type"] for m in server.sent] == ["websocket.accept", "websocket.send"]   # nothing after the close


def test_a_goodbye_after_the_client_or_server_closed_is_nothing():
    """The stream's 4400 after a hello that never came (the connection closed) is dropped: it
    used to raise through the endpoint, a traceback per oversized first message under `serve`."""
    async def app(scope, receive, send):
        ws = WebSocket(scope, receive, send)
        await ws.accept()
        server.refuse_a_frame()
        with pytest.raises(WebSocketDisconnect):
            await read_message(ws)
        await ws.close(code=4400)

    server = ClosingServer()
    asyncio.run(FrameLimit(app)({"type": "websocket", "path": "/api/ws", "headers": []}, server.receive, server.send))
    assert [m["type"] for m in server.sent] == ["websocket.accept"]
