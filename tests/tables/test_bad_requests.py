"""Every bad request gets a 4xx answer with a reason, over HTTP and over the WebSocket alike,
and leaves the table and the connection as they were: deep nesting, wrong types, oversized
messages (one limit for both doors). The service's log shows no traceback."""
from __future__ import annotations

import json
import sys

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

import megacorps as mc
from tableserver.messages import MAX_DEPTH, MAX_MESSAGE, TRANSPORT_MAX

from tables_helpers import Service, raw

SEATS = {"Mokia": "Human", "Globbo": "Human", "Lenogo": "Greedy"}
DEEP = "[" * 5000 + "]" * 5000


@pytest.fixture()
def table(service):
    return mc.tables.open_table(service.url, SEATS, seed=1)


@pytest.fixture(autouse=True)
def no_traceback(service):
    log = service.data / "service.log"
    before = log.stat().st_size if log.exists() else 0
    yield
    text = log.read_bytes()[before:].decode(errors="replace")
    assert "Traceback" not in text, text[-3000:]


def _nested(depth: int) -> str:
    return '{"action": ' + "[" * (depth - 1) + "]" * (depth - 1) + ', "at": 0}'


def _bad_http(table):
    host, mokia = table.host_code, table.codes["Mokia"]
    return [
        ("POST", "/api/tables", None, DEEP),
        ("POST", "/api/seat/act", mokia, DEEP),
        ("POST", "/api/host/reissue", host, DEEP),
        ("POST", "/api/seat/act", mokia, _nested(MAX_DEPTH + 1)),
        ("POST", "/api/host/reissue", host, json.dumps({"corp": ["Mokia"]})),
        ("POST", "/api/host/reissue", host, json.dumps({"corp": {"Mokia": 1}})),
        ("POST", "/api/host/reissue", host, json.dumps({})),
        ("POST", "/api/host/player", host, json.dumps({"corp": ["Mokia"], "player": "Greedy"})),
        ("POST", "/api/host/player", host, json.dumps({"corp": "Mokia", "player": ["Greedy"]})),
        ("POST", "/api/seat/act", mokia, json.dumps({"action": {"type": ["pick"]}, "at": 0})),
        ("POST", "/api/seat/act", mokia, json.dumps({"action": "pick", "at": "0"})),
        ("POST", "/api/seat/act", mokia, "[1, 2]"),
        ("POST", "/api/seat/act", mokia, "\xff\xfe not json"),
        ("POST", "/api/tables", None, json.dumps({"seats": "Mokia"})),
        ("GET", "/api/seat?log_from=-1", mokia, None),
        ("GET", "/api/seat?log_from=" + "9" * 5000, mokia, None),
    ]


def test_every_bad_http_request_gets_a_4xx_with_a_reason_and_changes_nothing(service, table):
    before = mc.tables.connect(service.url, table.codes["Mokia"])
    for method, path, code, body in _bad_http(table):
        status, answer = raw(f"{service.url}{path}", method, code=code,
                             data=None if body is None else body.encode("utf-8", "surrogateescape"))
        assert 400 <= status < 500, (status, path, body[:40] if body else None, answer)
        assert answer["ok"] is False and answer["error"] and answer["reason"], answer
    after = mc.tables.connect(service.url, table.codes["Mokia"])
    assert after.at == before.at and after.view() == before.view()
    assert mc.tables.connect(service.url, table.codes["Mokia"]).corp == "Mokia"  # its code still works


def _ws(service):
    return ws_connect(service.url.replace("http", "ws") + "/api/ws", max_size=None, open_timeout=10)


def _next(ws, kind: str) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=10))
        if message["type"] == kind:
            return message


def test_bad_websocket_messages_get_a_reason_and_the_connection_stays(service, table):
    seat = next(s for s in map(table.seat, table.codes) if s.is_my_turn())
    with _ws(service) as ws:
        ws.send(json.dumps({"code": table.codes[seat.corp]}))
        assert _next(ws, "state")["corp"] == seat.corp
        ws.send(DEEP)
        answer = _next(ws, "result")
        assert answer["ok"] is False and answer["error"] == "malformed" and "nest" in answer["reason"]
        ws.send(_nested(MAX_DEPTH + 1).replace('{"action"', '{"type": "act", "id": 7, "action"'))
        assert "nest" in _next(ws, "result")["reason"]
        # still connected, still this seat: a good action goes through
        good = next(a for a in seat.legal_actions() if not isinstance(a, mc.LeaveGame))
        ws.send(json.dumps({"type": "act", "id": 8, "action": mc.action_to_dict(good), "at": seat.at}))
        assert _next(ws, "result") == {"type": "result", "id": 8, "ok": True}


def test_a_deeply_nested_first_message_is_refused_with_a_reason(service):
    with _ws(service) as ws:
        ws.send(DEEP)
        answer = _next(ws, "refused")
        assert answer["error"] == "malformed" and "nest" in answer["reason"]


def test_one_size_limit_for_http_and_websocket(service, table):
    """A message just under the limit is read (and refused for what it says); one just over
    is refused for its size, on both doors."""
    def padded(size: int) -> str:
        head = '{"type": "act", "id": 1, "action": {"type": "pass", "corp": "Mokia"}, "at": 0, "pad": "'
        return head + "x" * (size - len(head) - 2) + '"}'

    under, over = padded(MAX_MESSAGE), padded(MAX_MESSAGE + 1)
    assert len(under.encode()) == MAX_MESSAGE and len(over.encode()) == MAX_MESSAGE + 1
    url = f"{service.url}/api/seat/act"
    status, answer = raw(url, "POST", code=table.codes["Mokia"], data=under.encode())
    assert status != 413 and 400 <= status < 500, answer
    status, answer = raw(url, "POST", code=table.codes["Mokia"], data=over.encode())
    assert status == 413 and "64 KiB" in answer["reason"]
    with _ws(service) as ws:
        ws.send(json.dumps({"code": table.codes["Mokia"]}))
        _next(ws, "state")
        ws.send(under)
        answer = _next(ws, "result")
        assert answer["ok"] is False and answer.get("status") != 413, answer
        ws.send(over)
        answer = _next(ws, "result")
        assert answer["ok"] is False and answer["status"] == 413 and "64 KiB" in answer["reason"]
        ws.send(padded(8 * MAX_MESSAGE))   # far over: refused unread, the connection stays
        assert _next(ws, "result")["status"] == 413
        ws.send(json.dumps({"type": "act", "id": 2, "action": {"type": "teleport"}, "at": 0}))
        assert "teleport" in _next(ws, "result")["reason"]


class FactoryService(Service):
    """The service as `uvicorn tableserver.app:app_from_env --factory` runs it (uvicorn's own
    settings: it receives WebSocket messages up to 16 MiB)."""

    def command(self) -> list[str]:
        return [sys.executable, "-m", "uvicorn", "tableserver.app:app_from_env", "--factory",
                "--host", "127.0.0.1", "--port", str(self.port), "--log-level", "warning"]


@pytest.fixture(scope="module")
def factory_service(tmp_path_factory):
    data = tmp_path_factory.mktemp("factory")
    svc = FactoryService(None, data, env={"MEGACORPS_DATA": str(data), "MEGACORPS_BOT_PAUSE": "0"})
    svc.start()
    yield svc
    svc.stop()


@pytest.mark.parametrize("door", ["serve", "factory"])
def test_a_message_over_the_transport_limit_closes_the_websocket_with_a_reason(request, door):
    """Both ways of running the service share one limit: a WebSocket message over 1 MiB is
    closed with 1009 and a reason (never parsed, never a traceback), an HTTP body that large
    gets a 413, and the service answers the next connection as before."""
    svc = request.getfixturevalue("service" if door == "serve" else "factory_service")
    table = mc.tables.open_table(svc.url, SEATS, seed=2)
    big = '{"type": "act", "pad": "' + "x" * TRANSPORT_MAX + '"}'
    with _ws(svc) as ws:
        ws.send(json.dumps({"code": table.codes["Mokia"]}))
        _next(ws, "state")
        ws.send(big)
        with pytest.raises(ConnectionClosed) as closed:
            _next(ws, "result")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009, closed.value
    assert closed.value.rcvd.reason, "the close gives no reason"
    status, answer = raw(f"{svc.url}/api/seat/act", "POST", code=table.codes["Mokia"], data=big.encode())
    assert status == 413 and "64 KiB" in answer["reason"]
    assert mc.tables.connect(svc.url, table.codes["Mokia"]).corp == "Mokia"
    log = (svc.data / "service.log").read_text(errors="replace")
    assert "Traceback" not in log, log[-3000:]


@pytest.mark.parametrize("door", ["serve", "factory"])
def test_a_first_message_over_the_transport_limit_closes_without_a_traceback(request, door):
    """A hello over 1 MiB is closed with 1009, and the service's goodbye after it is no crash:
    under `serve`, uvicorn closes such a frame itself, and the stream's 4400 then raised through
    the endpoint, a traceback in the log for every such client (test_send_after_server_close.py)."""
    svc = request.getfixturevalue("service" if door == "serve" else "factory_service")
    log = svc.data / "service.log"
    before = log.stat().st_size
    with _ws(svc) as ws:
        ws.send('{"code": "' + "x" * TRANSPORT_MAX + '"}')
        with pytest.raises(ConnectionClosed) as closed:
            _next(ws, "state")
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009, closed.value
    assert mc.tables.connect(svc.url, mc.tables.open_table(svc.url, SEATS, seed=3).codes["Mokia"]).corp == "Mokia"
    text = log.read_bytes()[before:].decode(errors="replace")
    assert "Traceback" not in text, text[-3000:]
