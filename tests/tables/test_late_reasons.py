"""A bot's reason held back when its log line was sent (a note card face down names its amounts)
is sent once it is public: to a connection once, to a stateless refresh every time."""
from __future__ import annotations

from megacorps.kit.bots import next_move
from tableserver.live import Listener, LiveTable
from tableserver.store import Store


def test_a_held_back_reason_is_sent_once_public_and_once_to_a_connection(tmp_path):
    store = Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    players = {"Northwind": "Human", "Halcyon": "Odds", "Vantage": "Random"}
    table_id, _host, _codes = store.create_table(4, list(players), players, "", "notecard", {"last_quarter": 3})
    table = LiveTable(store.load_table(table_id), store)
    listener = Listener("Northwind")
    table.payload_for(listener)
    while (move := next_move(table.game, table.bots)) is not None:   # the bots hand in their cards
        seat, decision = move
        table._commit(decision.action, players[seat], decision.reason)
    body = table.payload_for(listener)
    hidden = [i for i, info in enumerate(body["log_info"], start=body["log_from"]) if info[4] is not None]
    assert hidden and all(info[5] == "" for info in body["log_info"] if info[4] is not None)
    assert body["late_reasons"] == []                    # face down: nothing yet
    table._commit(table.game.legal_actions("Northwind")[0], "Human")   # the last card: the reveal
    body = table.payload_for(listener)
    late = dict(body["late_reasons"])
    assert set(hidden) <= set(late) and all(late[i] for i in hidden)
    assert table.payload_for(listener)["late_reasons"] == []          # sent once to this connection
    assert dict(table.seat_payload("Northwind", body["log_from"])["late_reasons"]) == late   # a refresh: all
