"""The trading card game at a class's tables in a real browser (`python -m tableserver class`:
the table service + Voila, Debian's Chromium): the teacher's lobby opens a table with a bot, the
player plays at their seat by clicks (the decision's buttons, a card then one of its actions),
the projector follows; and no WebSocket frame either browser receives carries a card of the
rival's hand or of the rival's main deck (by its number or by a name seen nowhere else). The
teacher types a seed in the lobby: the table records it, and the deal and the bot's draws are
the same at every run (with `TCG_LASTING_SEED` the Random bot lasts whatever Ana does:
test_table_seed.py, so the eight decisions are always played)."""
from __future__ import annotations

import re

import pytest

from widgets.testing.shell_clicks import DECISION_SHOWN, click_for_a_move, click_until
from widgets.testing.voila_runner import PATIENCE_MS, settle
from tables_helpers import ROOT, TCG_LASTING_SEED, replay, table_record
from test_browser_megacquire_tables import lobby_for, message_content, open_and_follow
from test_browser_pages import class_in_browser

ARTIFACTS = ROOT / "test-artifacts"
HOST_KEY = "teacher-key-tcg"
DECISIONS = 8
# a decision's controls: a bid, an option, a pass, or a "deploy here" slot in a network (where to
# deploy a card just bought is chosen on the grid alone: the run that bought first waited forever)
DECISION = ".tcg-bid, .tcg-option, .tcg-pass, .tcg-slot-choice"
STEP = "() => Number(document.querySelector('.shell-status')?.dataset.step ?? -1)"
UID = "(b) => [...b.classList].find(c => c.startsWith('tcg-uid-')).slice(8)"
ACTIONS_SHOWN = "() => !!document.querySelector('.tcg-actions .tcg-panel-title')"


@pytest.fixture(scope="module")
def klass(tmp_path_factory):
    with class_in_browser(tmp_path_factory.mktemp("class"), "tables-tcg.log", {"MEGACORPS_CREATE_KEY": HOST_KEY}) as cls:
        yield cls


def select_card_with_action(page) -> bool:
    """Click the cards that can act (green edge) one by one until one lists an action that
    needs no target (a buy, an ability, engaging for traits); False when none does (each card
    clicked again to unselect it)."""
    for i in range(page.locator(".tcg-can-act").count()):
        card = f".tcg-uid-{page.locator('.tcg-can-act').nth(i).evaluate(UID)}"
        # choosing a card is no move: the click counted when the card's actions are drawn
        click_until(page, page.locator(card).first, ACTIONS_SHOWN)
        if page.locator(".tcg-actions .tcg-action").count():
            return True
        page.locator(card).first.click(timeout=PATIENCE_MS)
        page.wait_for_function("() => !document.querySelector('.tcg-actions .tcg-panel-title')", timeout=PATIENCE_MS)
    return False


def public_record(store_url: str, table_id: str) -> str:
    """Everything the public view (the projector's) showed at some step of the game, as text: a
    card in the rival's hand now may have been public once (bought from the market, or shown by
    a rule), and naming it then was no leak."""
    shown: list[str] = []
    replay(store_url, table_id, each_step=lambda game: shown.append(game.view(None).model_dump_json()))
    return "\n".join(shown)


def secrets(game, rival: str, public: str) -> tuple[set[int], set[str]]:
    """The rival's cards in hand and in the main deck that the public view never showed: their
    numbers, and the names of those no card anywhere else on the table bears and no public line
    ever named."""
    players = game.state.players
    hidden = {u for u in set(players[rival].hand) | set(players[rival].main)
              if not re.search(rf'"uid":{u}\b', public)}
    cards = game.state.cards
    elsewhere = {cards[u].card.name for u in cards if u not in hidden}
    # a rule may name cards of a hand to everyone (UNIQUE shows the hand: the public log lists them)
    named = {cards[u].card.name for u in hidden} - elsewhere
    return hidden, {name for name in named if name not in public}


def leaks(content, uids: set[int], names: set[str]) -> list[str]:
    text = str(content)
    found = [f"card {u}" for u in uids if re.search(rf"tcg-uid-{u}\b", text)]
    return found + [name for name in names if name in text]


def test_a_tcg_table_is_played_at_a_seat_by_clicks_and_shown_on_the_projector(klass):
    teacher = lobby_for(klass, HOST_KEY, "Megacorp, the trading card game", "Ana")
    teacher.locator(".mc-seat-choice select").nth(1).select_option(label="Random")
    teacher.fill(".mc-seed input", str(TCG_LASTING_SEED))
    seat, watch, table_id = open_and_follow(klass, teacher, "Room 11", "Ana")
    database = f"sqlite:///{klass.tmp / 'tables.sqlite3'}"
    assert table_record(database, table_id).seed == TCG_LASTING_SEED
    tagline = seat.inner_text(".tcg-tagline")
    assert "Room 11" in tagline and "you play Ana" in tagline
    assert seat.locator(".shell-start, .shell-gate-button").count() == 0   # no hot-seat form, no gate
    by_card = 0
    for _ in range(DECISIONS):
        seat.wait_for_function(DECISION_SHOWN, arg=DECISION, timeout=PATIENCE_MS)
        if not by_card and select_card_with_action(seat):
            by_card += 1
            click_for_a_move(seat, seat.locator(".tcg-actions .tcg-action").first)
        else:
            click_for_a_move(seat, seat.locator(DECISION).first)
        assert seat.locator(".shell-error").inner_text().strip() == ""
    assert by_card == 1
    at = seat.evaluate(STEP)
    watch.wait_for_function(f"() => ({STEP})() >= {at}", timeout=PATIENCE_MS)
    assert "projector" in watch.inner_text(".tcg-tagline")
    assert watch.locator(DECISION).count() == 0 and watch.locator(".tcg-hand").count() == 0
    assert watch.locator(".tcg-hidden-hand").count() == 2
    seat.screenshot(path=str(ARTIFACTS / "tcg-table-seat.png"))
    watch.screenshot(path=str(ARTIFACTS / "tcg-table-projector.png"))

    # Ana to decide (the table waits for her)
    seat.wait_for_function(DECISION_SHOWN, arg=DECISION, timeout=PATIENCE_MS)
    game = replay(database, table_id)
    assert seat.evaluate(STEP) == len(game.actions) and not game.is_over
    assert sum(a.seat == "Ana" for a in game.actions) >= DECISIONS
    assert any(a.seat == "Ana" and type(a).__name__ not in ("Bid", "Choose", "Pass") for a in game.actions)
    uids, names = secrets(game, "Nick", public_record(database, table_id))
    assert len(uids) > 20 and names
    for page in (seat, watch):
        assert len(page.frames_in) > 10
        found = [leak for frame in page.frames_in for leak in leaks(message_content(frame), uids, names)]
        assert found == [], found[:5]
        assert page.js_errors == []
    # the seat's hand is Ana's own cards, and all of them (the page may still be drawing the last
    # moves the service sent: wait for it, then compare what is drawn)
    hand = "() => [...document.querySelectorAll('.tcg-hand .tcg-card')].flatMap(b => " \
           "[...b.classList].filter(c => c.startsWith('tcg-uid-'))).sort()"
    want = sorted(f"tcg-uid-{u}" for u in game.state.players["Ana"].hand)
    settle(seat, f"(want) => JSON.stringify(({hand})()) === JSON.stringify(want)", want, timeout=60_000)
    assert seat.evaluate(hand) == want
    for page in (seat, watch):
        page.context.close()
