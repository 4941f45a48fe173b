"""The table service serves every game of the kit's registry with no game-specific code: the
note-card game played at a networked table through a real service process (seats, bots, the
projector, refusals, a replay from the database), and databases from before the game column."""
from __future__ import annotations

import json
import sqlite3
import time

import pytest

import megacorps as mc
from megacorps import notecard as nc
from megacorps.notecard import bots as notecard_bots
from megacorps.tables import TableError
from tableserver.store import Store

from tables_helpers import raw, replay, sqlite_url

SEATS = {"Northwind": "Human", "Halcyon": "Odds", "Vantage": "Random"}
OPTIONS = {"last_quarter": 4}


def bots_have_written(seat, timeout: float = 120) -> None:
    """Wait (for the condition, within a generous limit) until both bots' cards are in."""
    deadline = time.monotonic() + timeout
    while set(seat.refresh().view().handed_in) != {"Halcyon", "Vantage"}:
        assert time.monotonic() < deadline, "the bots never handed in their cards"
        seat.wait(timeout=5)


@pytest.fixture()
def table(service):
    return mc.tables.open_table(service.url, SEATS, seed=11, game="notecard", options=OPTIONS)


def test_the_service_names_every_game_and_its_bots(service):
    status, health = raw(f"{service.url}/api/health")
    assert status == 200 and set(health["games"]) >= {"megacorps", "notecard"}
    assert health["games"]["notecard"] == list(notecard_bots.LEVELS)


def test_a_note_card_table_gives_its_seat_the_games_own_view_and_choices(table):
    assert table.players == SEATS and set(table.codes) == {"Northwind"}
    seat = table.seat("Northwind")
    assert seat.game == "notecard"
    view = seat.view()
    assert isinstance(view, nc.SeatView) and view.corp == "Northwind" and view.quarter == 1
    assert seat.legal_actions() == [nc.Allocate("Northwind")]
    assert seat.is_my_turn()


def test_the_bots_cards_stay_face_down_for_the_seat_and_the_projector(service, table):
    seat = table.seat("Northwind")
    bots_have_written(seat)
    status, body = raw(f"{service.url}/api/seat", code=table.codes["Northwind"])
    status_p, public = raw(f"{service.url}/api/tables/{table.table}")
    for payload in (body, public):
        text = json.dumps(payload)
        assert "hands in its note card:" not in text, "a bot's unrevealed card was sent"
        assert payload["view"]["my_card"] is None
    assert public["view"]["corp"] is None and public["game"] == "notecard"


def test_a_refused_card_says_why_and_changes_nothing(service, table):
    seat = table.seat("Northwind")
    bots_have_written(seat)
    at = seat.at
    with pytest.raises(mc.IllegalAction, match="Northwind's note card is refused"):
        seat.apply(nc.Allocate("Northwind", invest={"Industry 1": 500}))
    status, body = raw(f"{service.url}/api/seat/act", "POST",
                       {"action": nc.Allocate("Halcyon").to_dict(), "at": at}, code=table.codes["Northwind"])
    assert status == 403 and body["error"] == "not-your-corp"
    status, body = raw(f"{service.url}/api/seat/act", "POST",
                       {"action": {"kind": "bid", "corp": "Northwind", "amount": 3}, "at": at},
                       code=table.codes["Northwind"])
    assert status == 400 and "Megacorp (the note-card game)" in body["reason"]
    assert seat.refresh().at == at and seat.view().my_card is None


def test_a_whole_note_card_game_at_a_table_replays_from_the_database(service, table):
    seat = table.seat("Northwind")
    quarters = 0
    while seat.wait_for_turn(timeout=120):
        money = seat.view().money["Northwind"]
        seat.apply(nc.Allocate("Northwind", invest={"Industry 1": money // 2, "Industry 2": money - money // 2}))
        quarters += 1
    seat.refresh()
    assert seat.is_over and 1 <= quarters <= OPTIONS["last_quarter"]
    game = replay(sqlite_url(service), table.table)
    assert isinstance(game, nc.Game) and game.is_over
    assert seat.scores() == game.scores() and seat.winners() == game.winners()
    watcher = mc.tables.watch(service.url, table.table)
    assert watcher.is_over and watcher.view().corp is None and watcher.winners() == game.winners()


def test_an_unknown_game_or_bot_is_refused_with_the_choices(service):
    with pytest.raises(TableError, match="no game called 'chess'"):
        mc.tables.open_table(service.url, SEATS, game="chess")
    with pytest.raises(TableError, match="unknown player 'Greedy'.*Odds"):
        mc.tables.open_table(service.url, {**SEATS, "Vantage": "Greedy"}, game="notecard")
    with pytest.raises(TableError, match="seats: .* 2 to 6 seats, not 1"):
        mc.tables.open_table(service.url, {"Northwind": "Human"}, game="notecard")


def test_a_database_from_before_the_game_column_opens_its_megacorps_tables(tmp_path):
    """Tables stored before the game column (board and deck in their own columns) still play."""
    path = tmp_path / "old.sqlite3"
    game = mc.new_game(["Mokia", "Globbo", "Lenogo"], seed=3)
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE tables (id VARCHAR(32) PRIMARY KEY, name VARCHAR(200) NOT NULL, seed BIGINT NOT NULL,
            corps TEXT NOT NULL, board TEXT NOT NULL, deck TEXT NOT NULL, status VARCHAR(16) NOT NULL,
            created FLOAT NOT NULL);
    """)
    db.execute("INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
               ("old", "before", 3, json.dumps(game.corps), game.board.model_dump_json(),
                game.state.deck_spec.model_dump_json(), "open", 0.0))
    db.commit()
    db.close()
    store = Store(f"sqlite:///{path}")
    try:
        record = store.load_table("old")
    finally:
        store.close()
    assert record.game == "megacorps" and set(record.options) == {"board", "deck"}
    again = mc.kit.get("megacorps").new_game(record.corps, seed=record.seed, options=record.options)
    assert again.to_json() == game.to_json()


@pytest.mark.parametrize("name", mc.kit.names())
def test_every_registered_game_opens_at_a_table_and_plays_through_the_python_door(service, name):
    """Each game of the registry, with nothing game-specific in the service: a human seat and the
    game's weakest bots; the seat sees its game's own view, makes its moves, and the database
    replays to the same position."""
    spec = mc.kit.get(name)
    seats = spec.seats_for(spec.min_seats)
    weakest = next(iter(spec.bot_levels()))
    table = mc.tables.open_table(service.url, {seats[0]: "Human", **{s: weakest for s in seats[1:]}},
                                 seed=3, game=name)
    seat = table.seat(seats[0])
    view_model = spec.view_model()
    assert seat.game == name and isinstance(seat.view(), view_model)
    made = []
    for _ in range(3):
        if not seat.wait_for_turn(timeout=120):
            break
        action = seat.legal_actions()[0]
        seat.apply(action)
        made.append(spec.action_to_dict(action))
    seen = seat.refresh().at
    game = replay(sqlite_url(service), table.table)   # read after the seat: it holds at least as much
    assert game.seats == seats and len(game.actions) >= seen >= len(made) >= 1
    recorded = [spec.action_to_dict(a) for a in game.actions]
    assert all(a in recorded for a in made)
