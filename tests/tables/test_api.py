"""The table service's API through a real service process: opening a table, seats and their
codes, the refusals (each leaving the table as it was), bots, and a whole game replayed by
the engine from the database."""
from __future__ import annotations

import random
import sqlite3

import pytest

import megacorps as mc
from megacorps.tables import TableError

from tables_helpers import raw, replay, sqlite_url, step_humans

from widgets.testing.voila_runner import PATIENCE_S

FOUR = {"Mokia": "Human", "Globbo": "Greedy", "Nonintendo": "Human", "Lenogo": "Random"}


@pytest.fixture()
def table(service):
    return mc.tables.open_table(service.url, FOUR, seed=5)


def test_opening_a_table_gives_one_code_per_human_seat_stored_only_hashed(service, table):
    assert set(table.codes) == {"Mokia", "Nonintendo"} and table.players == FOUR
    codes = [table.host_code, *table.codes.values()]
    assert len(set(codes)) == 3 and all(len(c) == 23 for c in codes)
    db = sqlite3.connect(service.data / "tables.sqlite3")
    dump = "\n".join(db.iterdump())
    db.close()
    assert table.table in dump
    for code in codes:
        assert code not in dump and code.replace("-", "") not in dump


def test_a_seat_sees_its_own_corp_and_its_choices(table):
    mokia = table.seat("Mokia")
    assert mokia.corp == "Mokia" and mokia.at == 0 and mokia.players == FOUR
    view = mokia.view()
    assert view.corp == "Mokia" and view.deciders == ["Mokia"]
    assert mokia.is_my_turn() and not table.seat("Nonintendo").is_my_turn()
    assert all(isinstance(a, mc.PickCompany) and a.corp == "Mokia" for a in mokia.legal_actions()
               if not isinstance(a, mc.LeaveGame))
    assert table.seat("Nonintendo").legal_actions() == []  # no cards during the free picks


def test_a_code_typed_with_other_case_and_spaces_still_opens_the_seat(service, table):
    code = table.codes["Mokia"].upper().replace("-", " ")
    assert mc.tables.connect(service.url, code).corp == "Mokia"
    link = f"http://voila.example/voila/render/table.ipynb?code={table.codes['Nonintendo']}"
    assert mc.tables.connect(link, service=service.url).corp == "Nonintendo"


def test_a_link_naming_a_foreign_service_never_sends_it_the_code(service, table, foreign, monkeypatch):
    """A seat link is the pages' address with `?code=`; one that names another host as its
    `service=` is refused before anything is sent (a shared link must not steal a seat), unless
    the caller names that service itself. Without `service=`, the code goes to the service the
    caller names, else the one configured on this machine (as the pages do), else the link's host."""
    code = table.codes["Nonintendo"]
    monkeypatch.delenv("MEGACORPS_TABLES_URL", raising=False)
    with pytest.raises(mc.tables.TableError, match="another host") as refused:
        mc.tables.connect(f"http://voila.example/table.ipynb?code={code}&service={foreign.url}")
    assert refused.value.kind == "foreign-service" and f'service="{foreign.url}"' in str(refused.value)
    with pytest.raises(mc.tables.TableError, match="another host"):
        mc.tables.connect(f"{service.url}/table.ipynb?code={code}&service={foreign.url}/api")
    assert foreign.requests == []
    # the caller's own choice of service wins over the link's
    assert mc.tables.connect(f"http://x.example/t?code={code}&service={foreign.url}", service=service.url).corp == "Nonintendo"
    monkeypatch.setenv("MEGACORPS_TABLES_URL", service.url)
    assert mc.tables.connect(f"http://voila.example/table.ipynb?code={code}").corp == "Nonintendo"
    with pytest.raises(mc.tables.TableError, match="another host"):
        mc.tables.connect(f"http://voila.example/table.ipynb?code={code}&service={foreign.url}")
    assert foreign.requests == []
    # a link naming the very service it is served from needs nothing more
    assert mc.tables.connect(f"{service.url}/?code={code}&service={service.url}").corp == "Nonintendo"
    with pytest.raises(mc.tables.TableError, match="bad-code|foreign host"):
        mc.tables.connect(f"http://x.example/t?code={code}", service=foreign.url)   # named by the caller: sent
    assert len(foreign.requests) == 1


@pytest.mark.parametrize("code", ["", "abcde-fghjk-mnpqr-stuvw", "x" * 500])
def test_a_wrong_code_is_refused(service, code):
    status, answer = raw(f"{service.url}/api/seat", code=code)
    assert status == 401 and answer["error"] == "bad-code" and "view" not in answer


def test_a_replaced_code_is_refused_and_the_new_one_works(service, table):
    old = table.codes["Mokia"]
    status, answer = raw(f"{service.url}/api/host/reissue", "POST", {"corp": "Mokia"}, table.host_code)
    assert status == 200
    new = answer["code"]
    with pytest.raises(TableError, match="replaced"):
        mc.tables.connect(service.url, old)
    assert mc.tables.connect(service.url, new).corp == "Mokia"
    # a seat's code is not the host's, and the host's is not a seat's
    assert raw(f"{service.url}/api/host/reissue", "POST", {"corp": "Mokia"}, new)[0] == 403
    assert raw(f"{service.url}/api/seat", code=table.host_code)[0] == 403


def test_a_seat_acts_only_for_its_corp(service, table):
    status, answer = raw(f"{service.url}/api/seat/act", "POST",
                         {"action": mc.action_to_dict(mc.PickCompany("Globbo", "Japan/Aerospace")), "at": 0},
                         table.codes["Mokia"])
    assert status == 403 and answer["error"] == "not-your-corp" and "Globbo" in answer["reason"]
    assert mc.tables.connect(service.url, table.codes["Mokia"]).at == 0


@pytest.mark.parametrize("body, reason", [
    ({"action": {"type": "teleport", "corp": "Mokia"}, "at": 0}, "unknown action type"),
    ({"action": {"type": "pick", "corp": "Mokia"}, "at": 0}, "company"),
    ({"action": {"type": "pick", "corp": "Mokia", "company": "Japan/Aerospace", "x": 1}, "at": 0}, "unexpected"),
    ({"action": "Mokia picks Japan", "at": 0}, "must be an object"),
    ({"action": {"type": "pick", "corp": "Mokia", "company": "Japan/Aerospace"}}, "'at'"),
    ({"action": {"type": "pick", "corp": "Mokia", "company": "Japan/Aerospace"}, "at": "0"}, "'at'"),
    ({"action": {"type": "pick", "corp": "Mokia", "company": "Japan/Aerospace"}, "at": 7}, "not been reached"),
])
def test_a_malformed_action_is_refused_with_its_reason_and_nothing_changes(service, table, body, reason):
    status, answer = raw(f"{service.url}/api/seat/act", "POST", body, table.codes["Mokia"])
    assert status == 400 and answer["error"] == "malformed" and reason in answer["reason"]
    assert mc.tables.connect(service.url, table.codes["Mokia"]).at == 0


def test_a_body_that_is_not_json_is_refused(service, table):
    status, answer = raw(f"{service.url}/api/seat/act", "POST", code=table.codes["Mokia"], data=b"{not json")
    assert status == 400 and answer["error"] == "malformed"


def test_an_illegal_action_gets_the_engines_reason_and_nothing_changes(service, table):
    mokia = table.seat("Mokia")
    local = mc.new_game(list(FOUR), seed=5)
    wrong = mc.PickCompany("Mokia", "Atlantis/Aerospace")
    with pytest.raises(mc.IllegalAction) as refused:
        mokia.apply(wrong)
    with pytest.raises(mc.IllegalAction) as engine:
        local.apply(wrong)
    assert str(refused.value) == str(engine.value)
    assert mokia.refresh().at == 0
    assert replay(sqlite_url(service), table.table).actions == []


def test_a_human_action_is_answered_by_the_bots_and_recorded(service, table):
    mokia, nonintendo = table.seat("Mokia"), table.seat("Nonintendo")
    mokia.apply(mokia.legal_actions()[0])
    assert mokia.at == 1 and not nonintendo.is_my_turn()  # the bots answer after the reply
    assert nonintendo.wait_for_turn(timeout=PATIENCE_S) and nonintendo.at == 2  # then Greedy Globbo picks
    game = replay(sqlite_url(service), table.table)
    assert [a.corp for a in game.actions] == ["Mokia", "Globbo"]


def test_a_whole_game_replays_from_the_database_to_the_same_game(service):
    table = mc.tables.open_table(service.url, {"Mokia": "Human", "Globbo": "Greedy", "Nonintendo": "Human"}, seed=5)
    seats = {c: table.seat(c) for c in table.codes}
    rng = random.Random(5)
    for _ in range(2000):
        if seats["Mokia"].refresh().is_over:
            break
        step_humans(seats, rng)
    mokia = seats["Mokia"]
    assert mokia.is_over
    game = replay(sqlite_url(service), table.table)
    assert game.is_over and game.scores() == mokia.scores() and game.winners() == mokia.winners()
    assert game.view("Mokia").log == mokia.view().log
    again = replay(sqlite_url(service), table.table)
    assert again == game  # same seed, same actions: the same game
    # over: no more actions, but the seat still sees the result
    status, answer = raw(f"{service.url}/api/seat/act", "POST",
                         {"action": mc.action_to_dict(mc.Pass("Mokia")), "at": mokia.at}, table.codes["Mokia"])
    assert status == 422 and "over" in answer["reason"]


def test_a_table_with_unknown_players_or_corps_is_refused(service):
    with pytest.raises(TableError, match="unknown player 'Genius'"):
        mc.tables.open_table(service.url, {"Mokia": "Human", "Globbo": "Genius", "Lenogo": "Human"})
    with pytest.raises(TableError, match="seats"):
        mc.tables.open_table(service.url, {"Mokia": "Human", "Globbo": "Human"})
    with pytest.raises(TableError):
        mc.tables.open_table(service.url, {"Mokia": "Human", "Mokia ": "Human", "Zorg": "Human"})


def test_the_host_hands_an_absent_players_seat_to_a_bot(service, table):
    nonintendo = table.seat("Nonintendo")
    status, answer = raw(f"{service.url}/api/host/player", "POST", {"corp": "Nonintendo", "player": "Greedy"},
                         table.host_code)
    assert status == 200 and answer["players"]["Nonintendo"] == "Greedy"
    with pytest.raises(TableError, match="bot"):
        nonintendo.refresh()
    mokia = table.seat("Mokia")
    mokia.apply(mokia.legal_actions()[0])
    # Globbo, Nonintendo (now a bot) and Lenogo pick; the second round of picks returns to Mokia
    assert mokia.wait_for_turn(timeout=PATIENCE_S) and mokia.at == 4
