"""A seat's push stream that fails on the service's side (an exception while building the update
it pushes) closes the connection, and the page reconnects by itself; the failure must be in the
service's log: before, it ended the stream without a word, and a page that waited in vain for an
update left nothing to explain it."""
from __future__ import annotations

import logging
import warnings

import pytest

from tableserver.app import make_app
from tableserver.live import LiveTable
from tableserver.store import Store


def test_a_push_that_fails_is_logged(tmp_path, caplog, monkeypatch):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # starlette's note on httpx: the test client works as is
        from starlette.testclient import TestClient
    store = Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    table_id, _host, codes = store.create_table(32, ["Ana", "Nick"], {"Ana": "Human", "Nick": "Random"}, "", "tcg", {})

    def broken(self, listener):
        raise RuntimeError("the update could not be built")

    monkeypatch.setattr(LiveTable, "payload_for", broken)
    with caplog.at_level(logging.ERROR, logger="tableserver.app"), TestClient(make_app(store)) as client:
        with client.websocket_connect("/api/ws") as ws:
            ws.send_json({"code": codes["Ana"]})
            with pytest.raises(Exception):   # closed by the service: no update comes
                ws.receive_json()
    ended = [r for r in caplog.records if f"table {table_id}: the push stream to Ana ended" in r.getMessage()]
    assert ended and "could not be built" in str(ended[0].exc_info[1])
