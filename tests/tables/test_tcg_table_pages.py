"""The trading card game's pages at a networked table, driven headlessly against a real service
process: the lobby offers the game and opens a table, a seat plays by clicks on its page (the
decision's buttons, a card then one of its actions; a choice that is not the seat's is refused
and changes nothing), the projector follows; and no message the service sends the seat holds a
card of the rival's hand or of any deck (the order of a deck never), nor does its page."""
from __future__ import annotations

import json

import ipywidgets as W
import pytest

import megacorps as mc
from megacorps import kit, tcg
from widgets.networked.pages import Lobby, _pages_for
from widgets.tcg.table_pages import TcgSeatPage, TcgSpectatorPage

from tables_helpers import sqlite_url, states_pushed, table_record

SEATS = {"Ana": "Human", "Nick": "Random"}
DECISION = ("tcg-bid", "tcg-option", "tcg-pass")   # the decision panel's buttons
CARD_KEYS = ("uid", "card", "attacker", "target", "defenders")   # where a message names a card by number


@pytest.fixture()
def table(service):
    return mc.tables.open_table(service.url, SEATS, seed=3, game="tcg", name="Room 7")


def with_class(widget, cls: str) -> list[W.Widget]:
    found = [widget] if cls in getattr(widget, "_dom_classes", ()) else []
    for child in getattr(widget, "children", ()):
        found += with_class(child, cls)
    return found


def card_action(page) -> bool:
    """Click a card that can act (green edge), then the first of its actions that needs no
    target (a buy, an event, an ability); False when no card offers one."""
    app = page.app
    for card in with_class(app.board.widget, "tcg-can-act"):
        card.click()
        assert app.error.value == "", app.error.value
        actions = with_class(app.board.actions_box, "tcg-action")
        if actions:
            actions[0].click()
            return True
        card.click()   # selected again: unselected
    return False


def play(page, seat, decisions: int, by_card: bool = True) -> int:
    """Make `decisions` of the seat's decisions by clicks: a card's action once one is offered
    (with `by_card`), else the decision's first button (a bid, an option, Pass). Returns how many
    were made with a card."""
    with_card = 0
    for _ in range(decisions):
        assert seat.wait_for_turn(timeout=120), "the seat's turn never came"
        page._on_change(seat)
        at = seat.at
        if by_card and not with_card and card_action(page):
            with_card += 1
        else:
            buttons = [b for cls in DECISION for b in with_class(page.app.decision, cls)]
            assert buttons, page.app.decision.children
            buttons[0].click()
        assert page.app.error.value == "", page.app.error.value
        assert seat.at > at   # the click made an action at the service
    return with_card


def record_of(service, table_id: str):
    return table_record(sqlite_url(service), table_id)


def game_at(service, table_id: str, at: int) -> tcg.Game:
    """The table's game after its first `at` actions, replayed from the database."""
    record = record_of(service, table_id)
    spec = kit.get("tcg")
    game = spec.new_game(record.corps, seed=record.seed, options=record.options)
    for row in record.actions[:at]:
        game.apply(spec.action_from_dict(row["action"]))
    return game


def secret_cards(game: tcg.Game, seat: str) -> set[int]:
    """The cards `seat` may not see now: the rival's hand, and every deck (main and resource)."""
    players = game.state.players
    out = {u for x in game.seats for u in (*players[x].main, *players[x].resource)}
    return out | {u for x in game.seats if x != seat for u in players[x].hand}


def named_cards(data) -> set[int]:
    """Every card number a message names (a card's uid, an action's card or target, a challenge's)."""
    out: set[int] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key in CARD_KEYS:
                out |= {v for v in (value if isinstance(value, list) else [value]) if type(v) is int}
            out |= named_cards(value)
    elif isinstance(data, list):
        for value in data:
            out |= named_cards(value)
    return out


def test_the_lobby_offers_the_trading_card_game_and_opens_its_table(service):
    assert _pages_for("tcg") == (TcgSeatPage, TcgSpectatorPage)
    lobby = Lobby(service.url)
    assert "tcg" in [value for _label, value in lobby.game.options]
    lobby.game.value = "tcg"
    assert [w.description for w in lobby.seats] == ["Ana", "Nick"]
    assert "Random" in lobby.seats[1].options
    lobby.seats[1].value = "Random"
    invitation = lobby.open_table()
    assert invitation.players == {"Ana": "Human", "Nick": "Random"}
    seat = invitation.seat("Ana")
    assert seat.game == "tcg" and seat.view().seat == "Ana"


def test_a_seat_plays_by_clicks_and_the_projector_follows(service, table):
    seat = table.seat("Ana")
    page = TcgSeatPage(seat)
    assert "Room 7" in page.app.tagline.value and "you play Ana" in page.app.tagline.value
    classes = _classes(page.app)
    assert not classes & {"shell-form", "shell-gate", "shell-gate-button"}, classes
    assert page.app.undo_button not in page.app.children[1].children
    with_card = play(page, seat, 14)
    assert with_card == 1   # a card clicked, then its action
    record = record_of(service, table.table)
    humans = [row for row in record.actions if row["by"] == "Human"]
    assert len(humans) == 14 and all(row["action"]["seat"] == "Ana" for row in humans)
    assert any(row["action"]["type"] not in ("Bid", "Choose", "Pass") for row in humans)
    assert any(row["by"] == "Random" for row in record.actions)   # Nick's bot moved on the service
    # each action's public record tells it as the engine does at the decision it answers
    spec, told = kit.get("tcg"), []
    game = spec.new_game(record.corps, seed=record.seed, options=record.options)
    for row in record.actions:
        action = spec.action_from_dict(row["action"])
        told.append(game.public_text(action))
        game.apply(action)
    seat.refresh()
    # the service's bot may have moved since the record was read: the two agree as far as both go
    steps = [step[3] for step in seat.steps()]
    assert len(steps) >= len(humans) and steps[:len(told)] == told[:len(steps)] and "Ana: keep the hand" in told
    watch = mc.tables.watch(service.url, table.table)
    projector = TcgSpectatorPage(watch)
    assert f"data-step='{watch.at}'" in projector.app.status.value
    assert "projector" in projector.app.tagline.value
    assert not [b for cls in DECISION for b in with_class(projector.app.decision, cls)]
    assert with_class(projector.app.board.hand_box, "tcg-hand") == []
    assert sum("cards in hand, hidden" in w.value for w in projector.app.board.hand_box.children) == 2
    # a choice that is not Ana's is refused on the page and sends nothing
    sent = [row for row in record_of(service, table.table).actions if row["by"] == "Human"]
    page.app.guard(page.app.act)(tcg.Pass("Nick"))   # as a click calls it
    # refused on the page; nothing of the page's reached the service (Nick's bot may move meanwhile)
    assert "not your decision" in page.app.error.value
    assert [row for row in record_of(service, table.table).actions if row["by"] == "Human"] == sent


def test_no_message_to_a_seat_and_no_page_holds_the_rivals_hand_or_a_deck(service, table):
    """Every state the service pushes to Ana's seat is checked against the game replayed to that
    position: it names no card of Nick's hand or of a deck, its hands are Ana's own, and the
    names of Nick's cards in hand seen nowhere else are not in it; Ana's page draws her own hand
    only, Nick's as a count."""
    seat = table.seat("Ana")
    page = TcgSeatPage(seat)
    states = states_pushed(service, table.codes["Ana"], lambda: play(page, seat, 10, by_card=False))
    assert len(states) >= 5
    for state in states:
        game = game_at(service, table.table, state["at"])
        hidden = secret_cards(game, "Ana")
        leaked = named_cards(state) & hidden
        assert not leaked, (state["at"], leaked)
        own = game.view("Ana").players["Ana"].hand
        assert state["view"]["players"]["Ana"]["hand"] == [c.model_dump(mode="json") for c in own]
        assert state["view"]["players"]["Nick"]["hand"] is None
        assert all(p["hand"] is None for p in state["public"]["players"].values())
        cards = game.state.cards
        shown = {cards[u].card.name for u in cards if u not in hidden}
        secret_names = {cards[u].card.name for u in game.state.players["Nick"].hand} - shown
        text = json.dumps({k: state[k] for k in ("view", "public", "choices", "labels", "previews")})
        assert not {n for n in secret_names if n in text}, state["at"]
    seat.refresh()
    page._on_change(seat)
    drawn = {int(c[8:]) for w in with_class(page.app.board.hand_box, "tcg-hand") for b in w.children
             for c in b._dom_classes if c.startswith("tcg-uid-")}
    assert drawn == {c.uid for c in seat.view().players["Ana"].hand} and drawn
    assert "Nick: " in page.app.board.hand_box.children[-1].value and "hidden" in page.app.board.hand_box.children[-1].value


def _classes(widget) -> set[str]:
    out = set(getattr(widget, "_dom_classes", ()))
    for child in getattr(widget, "children", ()):
        out |= _classes(child)
    return out
