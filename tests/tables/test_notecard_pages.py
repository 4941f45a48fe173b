"""The note-card game's pages at a networked table, driven headlessly against a real service
process: the lobby opens a note-card table, a seat writes its card in the form (a refused card
says why and changes nothing), the quarter is revealed with the bots' cards, the projector shows
it; and no page holds a card before its reveal."""
from __future__ import annotations

import html
import time

import pytest

import megacorps as mc
from widgets.notecard.table_pages import NotecardSeatPage, NotecardSpectatorPage
from widgets.networked.pages import Lobby, _pages_for

SEATS = {"Northwind": "Human", "Halcyon": "Odds", "Vantage": "Random"}


def settle(seat, condition, timeout: float = 120) -> None:
    """Wait (for the condition, within a generous limit) while the service's bots move."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the table never got there"
        seat.wait(timeout=5)
        seat.refresh()


@pytest.fixture()
def table(service):
    return mc.tables.open_table(service.url, SEATS, seed=4, game="notecard", name="Room 12",
                                options={"last_quarter": 3})


def test_each_game_has_its_own_pages():
    assert _pages_for("notecard") == (NotecardSeatPage, NotecardSpectatorPage)
    assert _pages_for("megacorps")[0].__name__ == "SeatPage"


def test_the_lobby_opens_a_note_card_table_with_its_own_seats_and_bots(service):
    lobby = Lobby(service.url)
    lobby.game.value = "notecard"
    names = [w.description for w in lobby.seats]
    assert names[:3] == ["Northwind", "Halcyon", "Vantage"]
    assert "Odds" in lobby.seats[2].options and "Mastermind" not in lobby.seats[2].options
    assert "Odds" in lobby.levels_note.value
    invitation = lobby.open_table()
    assert invitation.players == {"Northwind": "Human", "Halcyon": "Human", "Vantage": "Odds", "Quorum": "Odds"}
    assert mc.tables.connect(service.url, invitation.codes["Northwind"]).game == "notecard"
    lobby.game.value = "megacorps"
    assert [w.description for w in lobby.seats][:2] == ["Mokia", "Globbo"]


def test_a_seat_writes_its_card_a_refusal_says_why_and_the_reveal_shows_every_card(table):
    seat = table.seat("Northwind")
    page = NotecardSeatPage(seat)
    assert "Room 12" in page.tagline and page.form.widget.layout.display is None
    assert list(page.form.invest) == ["Industry 1", "Industry 2", "Industry 3"]
    page.form.invest["Industry 1"].value = 999
    page.form.hand_in.click()
    assert "Not allowed" in page.error.value and "refused" in page.error.value
    assert seat.refresh().view().card() is None
    page.form.invest["Industry 1"].value = 4
    page.form.targets[0].value = "Halcyon"
    page.form.target_industries[0].value = "Industry 2"
    page.form.amounts[0].value = 1
    page.form.hand_in.click()
    assert "Your card is in" in page.card_state.value or seat.view().quarter == 2
    settle(seat, lambda: seat.view().quarter == 2)
    page.refresh()
    assert "Quarter 1, revealed" in page.report.value and "Halcyon" in page.report.value
    line = next(l for l in seat.view().reports[0].lines if l.corp == "Halcyon" and l.industry == "Industry 2")
    assert line.sabotage.get("Northwind") == 1  # the sabotage written in the form reached the engine
    assert page.form.invest["Industry 1"].value == 0  # a new, empty card for quarter 2


def test_no_page_holds_a_card_before_its_reveal(service, table):
    seat = table.seat("Northwind")
    settle(seat, lambda: set(seat.view().handed_in) == {"Halcyon", "Vantage"})
    watcher = mc.tables.watch(service.url, table.table)
    pages = [NotecardSeatPage(seat), NotecardSpectatorPage(watcher)]
    for page in pages:
        page.refresh()
        text = " ".join(getattr(w, "value", "") for w in _walk(page) if isinstance(getattr(w, "value", None), str))
        assert "hands in its note card:" not in text
        assert "card in, face down" in text
        # the log, by the shared renderer, with its quarters; a bot's reason names its card's
        # amounts: none is shown before the reveal
        assert "<div class='nc-log-line'" in page.log_box.value and "title='Quarter 1'>Q1</span>" in page.log_box.value
        assert "'s reason:" not in text and "nc-bot-reason" not in page.log_box.value
        assert "Room 12" in page.tagline


def test_the_game_ends_on_the_page_with_its_winner(table):
    seat = table.seat("Northwind")
    page = NotecardSeatPage(seat)
    while seat.wait_for_turn(timeout=120):
        page.refresh()
        page.form.invest["Industry 3"].value = seat.view().money["Northwind"]
        page.form.hand_in.click()
        assert page.error.value == ""
    page.refresh()
    assert "Game over" in page.results.value and page.form.widget.layout.display == "none"
    winners = seat.refresh().winners()
    assert winners and all(w in page.results.value for w in winners)


def _walk(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def test_a_bots_reason_hidden_until_the_reveal_reaches_the_pages_after_it(table):
    """The service sends each log line once, and a bot's reason for a card still face down is left
    out (it names the card's amounts). Once the quarter was revealed the reason was public, yet no
    page ever got it: the service now sends such reasons again (`late_reasons`)."""
    seat = table.seat("Northwind")
    settle(seat, lambda: set(seat.view().handed_in) == {"Halcyon", "Vantage"})
    page = NotecardSeatPage(seat)
    bot_lines = [i for i, info in enumerate(seat.log_info()) if info[4] is not None]
    assert bot_lines and all(seat.log_info()[i][5] == "" for i in bot_lines)   # face down: no reason yet
    page.form.invest["Industry 1"].value = 1
    page.form.hand_in.click()
    assert page.error.value == ""
    settle(seat, lambda: seat.view().quarter == 2)   # the refreshes ask only for the lines after these
    assert all(seat.log_info()[i][5] for i in bot_lines)
    page.refresh()
    shown = html.unescape(page.log_box.value)
    assert "Halcyon's reason:" in shown and "Vantage's reason:" in shown
