"""MEGAcquire's pages at a networked table, driven headlessly against a real service process:
the lobby opens a MEGAcquire table with bots and a disclosure method, a seat plays its turns
through its page's buttons (a choice that is not the seat's is refused and changes nothing),
the projector follows; and neither the seat's page nor anything the service sends that seat
holds another seat's tiles, nor cash or stock the disclosure method hides."""
from __future__ import annotations

import json
import re

import ipywidgets as W
import pytest

import megacorps as mc
from megacorps import kit
from megacorps import megacquire as mq
from widgets.megacquire.table_pages import MegacquireSeatPage, MegacquireSpectatorPage
from widgets.networked.pages import Lobby, _pages_for

from tables_helpers import sqlite_url, states_pushed, table_record

SEATS = {"Ada": "Human", "Bo": "Random", "Cy": "Random"}


@pytest.fixture()
def table(service):
    return mc.tables.open_table(service.url, SEATS, seed=11, game="megacquire", name="Room 4",
                                options={"disclosure": 1})


def choices(page) -> list[W.Button]:
    """The decision's buttons on the page (tiles, companies, buys, end of turn, confirm)."""
    found = []

    def walk(widget):
        if isinstance(widget, W.Button) and "shell-choice" in widget._dom_classes:
            found.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)
    walk(page.app.decision)
    return found


def play_turns(page, seat, turns: int) -> int:
    """Click through `turns` decisions of the seat (the first button offered each time: a
    tile, a company, a buy or the end of the turn); returns the actions the seat made."""
    made = 0
    for _ in range(turns):
        assert seat.wait_for_turn(timeout=120), "the seat's turn never came"
        page._on_change(seat)
        buttons = choices(page)
        assert buttons, page.app.decision.children
        at = seat.at
        buttons[0].click()
        assert page.app.error.value == "", page.app.error.value
        assert seat.at > at   # the click made an action at the service
        made += 1
    return made


def game_at(service, table_id: str, at: int) -> mq.Game:
    """The table's game after its first `at` actions, replayed from the database."""
    record = table_record(sqlite_url(service), table_id)
    spec = kit.get("megacquire")
    game = spec.new_game(record.corps, seed=record.seed, options=record.options)
    for row in record.actions[:at]:
        game.apply(spec.action_from_dict(row["action"]))
    return game


def hidden_from(game: mq.Game, seat: str) -> set[str]:
    """The tiles in the other seats' hands now (the supply's are never named anywhere), but for
    those of the opening draw: every player saw them before they went back into the supply
    (Set-up, L15-17), and a later hand may hold one."""
    state = game.state
    names = state.options.geometry.names
    opening = " ".join(e.text for e in game.log if e.rule.startswith("Set-up: who goes first"))
    held = {names[c] for other, hand in state.hands.items() if other != seat for c in hand}
    return {tile for tile in held if not re.search(rf"\b{tile}\b", opening)}


def test_megacquire_has_its_own_table_pages():
    assert _pages_for("megacquire") == (MegacquireSeatPage, MegacquireSpectatorPage)


def test_the_lobby_opens_a_megacquire_table_with_bots_and_a_disclosure_method(service):
    lobby = Lobby(service.url)
    assert lobby.disclosure.layout.display == "none"
    lobby.game.value = "megacquire"
    assert [w.description for w in lobby.seats][:4] == ["Ada", "Bo", "Cy", "Dee"]
    assert "Random" in lobby.seats[2].options and "Mastermind" not in lobby.seats[2].options
    assert lobby.disclosure.layout.display is None and lobby.disclosure.value == 4
    assert "Disclosure <b>1</b>: no disclosure" in lobby.levels_note.value   # each method's sentence
    lobby.disclosure.value = 1
    invitation = lobby.open_table()
    assert list(invitation.players.values())[:2] == ["Human", "Human"]
    seat = invitation.seat("Ada")
    assert seat.game == "megacquire" and seat.view().disclosure == 1


def test_a_seat_plays_its_turns_by_clicks_and_the_projector_follows(service, table):
    seat = table.seat("Ada")
    page = MegacquireSeatPage(seat)
    assert "Room 4" in page.app.tagline.value and "you play Ada" in page.app.tagline.value
    # no hot-seat tools: no gate, no new game, no save, no undo
    classes = {c for w in (page.app.children[1], page.app.children[2]) for c in _classes(w)}
    assert not classes & {"shell-form", "shell-gate", "shell-start", "shell-play-again"}, classes
    made = play_turns(page, seat, 4)
    record = table_record(sqlite_url(service), table.table)
    humans = [row for row in record.actions if row["by"] == "Human"]
    assert len(humans) == made and all(row["action"]["seat"] == "Ada" for row in humans)
    assert any(row["by"] != "Human" for row in record.actions)   # the bots moved on the service
    watch = mc.tables.watch(service.url, table.table)
    projector = MegacquireSpectatorPage(watch)
    assert f"data-step='{watch.at}'" in projector.app.status.value and "projector" in projector.app.tagline.value
    assert choices(projector) == []
    # a choice that is not this seat's now is refused on the page and sends nothing
    seat.refresh()
    at = seat.at
    page.app.guard(page.app.act)(mq.EndTurn("Bo"))   # as a click calls it
    assert "not your decision" in page.app.error.value and seat.refresh().at == at


def test_no_page_and_no_message_to_a_seat_holds_another_seats_tiles(service, table):
    """Every state the service pushes to Ada's seat is checked against the game replayed to that
    position: no tile of Bo's or Cy's hand in it (the board's list of cell names aside), no cash
    or stock of theirs under disclosure 1; and Ada's page draws only Ada's tiles."""
    seat = table.seat("Ada")
    page = MegacquireSeatPage(seat)
    states = states_pushed(service, table.codes["Ada"], lambda: play_turns(page, seat, 3))
    assert len(states) >= 4
    for state in states:
        game = game_at(service, table.table, state["at"])
        assert state["view"]["hand"] == game.view("Ada").hand and state["public"]["hand"] == []
        for part in ("view", "public"):
            state[part].pop("cell_names")
        text = json.dumps(state)
        hidden = hidden_from(game, "Ada")
        assert len(hidden) >= 2 * 12 - 3   # Bo's and Cy's tiles, but for the opening draw's
        leaked = {t for t in hidden if re.search(rf"\b{t}\b", text)}
        assert not leaked, (state["at"], leaked)
        if not state["over"]:
            assert set(state["view"]["cash"]) == {"Ada"} and set(state["view"]["holdings"]) <= {"Ada"}
            assert state["money"] == [[r, {}] for r, _ in state["money"]]
    seat.refresh()
    page._on_change(seat)
    figure = page.app.figure
    tiles = [t for trace in figure.data if trace.name == "play a tile" for t in trace.customdata]
    assert sorted(tiles) == sorted(seat.view().hand)
    assert "hidden" in page.app.players_box.value
    projector = MegacquireSpectatorPage(mc.tables.watch(service.url, table.table))
    assert not [t for t in projector.app.figure.data if t.name in ("play a tile", "your tiles")]


def _classes(widget) -> set[str]:
    out = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        out |= _classes(child)
    return out


@pytest.mark.parametrize("disclosure", [1, 4])
def test_bots_reasons_reach_the_seats_only_with_total_disclosure(service, disclosure):
    """A bot's reason can name what the disclosure method hides (the certificates it holds in
    the company its tile grows, the bonuses a merger paid it): with methods 1 to 3 the seats get
    none while the game goes on; with method 4 every reason."""
    table = mc.tables.open_table(service.url, {"Ada": "Human", "Bo": "Tycoon", "Cy": "Tycoon"}, seed=5,
                                 game="megacquire", options={"disclosure": disclosure})
    seat = table.seat("Ada")
    for _ in range(6):   # Ada plays until both bots have moved
        assert seat.wait_for_turn(timeout=120)
        bots = [info for info in seat.log_info() if info[4]]
        if {info[3] for info in bots} == {"Bo", "Cy"}:
            break
        seat.apply(seat.legal_actions()[0])
    assert all(bool(info[5]) == (disclosure == 4) for info in bots), bots
