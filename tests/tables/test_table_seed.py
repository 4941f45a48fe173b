"""A table opened with a seed, through a real service process: the same seed, game and seats
deal the same game at every table (what a class needs to give every group the same deal), a
table of bots with a seed plays the same game every time, and the seed (it tells the deck
order) never reaches a seat, the projector, a seat's page or the lobby's links: only the host
who opened the table is told it."""
from __future__ import annotations

import json
import random
import time

import pytest
from ipywidgets.widgets.widget import _instances

import megacorps as mc
from megacorps import kit
from megacorps.kit.bots import next_move, play_out
from tableserver.live import bot_seed
from tableserver.store import Store
from widgets.networked.pages import Lobby, _pages_for
from widgets.networked.shell_pages import NO_SAVE_FILE
from widgets.testing.voila_runner import PATIENCE_S

from tables_helpers import TCG_LASTING_SEED, raw, running_service, sqlite_url, states_pushed, table_record

SEED = 8_106_374_925_163   # digits that appear nowhere else: any copy of the seed is found by them
DEALT_AT_THE_START = ["megacorps", "tcg", "megacquire"]   # the note-card game deals nothing before quarter 1's draw


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    """This module's service: it opens some thirty tables within a minute, over the default limit
    of 20 (a refusal `too-many` made the lobby's test, the last to open tables, fail now and then)."""
    with running_service(None, tmp_path_factory.mktemp("seeds"), args=("--tables-per-minute", "600")) as svc:
        yield svc


def humans(game: str) -> dict[str, str]:
    spec = kit.get(game)
    return {seat: "Human" for seat in spec.seats_for(spec.min_seats)}


def seat_state(service, code: str) -> dict:
    """What a seat is sent, less the table's own id (the one thing two tables never share)."""
    status, answer = raw(f"{service.url}/api/seat", code=code)
    assert status == 200, answer
    return {k: v for k, v in answer.items() if k != "table"}


def public_state(service, table_id: str) -> dict:
    status, answer = raw(f"{service.url}/api/tables/{table_id}")
    assert status == 200, answer
    return {k: v for k, v in answer.items() if k != "table"}


def first_choice_of_whoever_decides(table: mc.tables.Invitation) -> None:
    """The seat that must decide makes its first legal choice."""
    for corp in table.codes:
        seat = table.seat(corp)
        if seat.is_my_turn():
            seat.apply(seat.legal_actions()[0])
            return
    raise AssertionError("no human seat must decide")


def record(service, table_id: str):
    return table_record(sqlite_url(service), table_id)


@pytest.mark.parametrize("game", DEALT_AT_THE_START)
def test_one_seed_deals_every_table_the_same_game(service, game):
    seats = humans(game)
    first, second = (mc.tables.open_table(service.url, seats, seed=SEED, game=game) for _ in range(2))
    fresh = mc.tables.open_table(service.url, seats, game=game)
    assert first.seed == second.seed == SEED and fresh.seed != SEED   # the host is told the seed
    assert first.table != second.table
    for _ in range(4):   # the deal, then the same choices: the same game at both tables
        for corp in seats:
            one, two = seat_state(service, first.codes[corp]), seat_state(service, second.codes[corp])
            assert one == two, corp
        assert public_state(service, first.table) == public_state(service, second.table)
        first_choice_of_whoever_decides(first)
        first_choice_of_whoever_decides(second)
    # a table without a seed is dealt afresh: some seat's hand (or tiles) differs
    assert any(seat_state(service, fresh.codes[c])["view"] != seat_state(service, first.codes[c])["view"]
               for c in seats)


# every game's bots, bar MegaCorps' Mastermind, which thinks for a time and not a number of draws
BOT_TABLES = {"megacorps": ["Greedy", "Random", "Shrewd"], "tcg": ["Heuristic", "Random"],
              "megacquire": ["Tycoon", "Random", "Tycoon"], "notecard": ["Odds", "Saboteur", "Random"]}


def played_out(service, table_id: str):
    """The table's record once its bots have played it to the end (watching it loads it, which
    starts its bots)."""
    watcher = mc.tables.watch(service.url, table_id)
    deadline = time.monotonic() + PATIENCE_S * 3
    while not watcher.is_over:
        assert time.monotonic() < deadline, f"the bots did not finish table {table_id}"
        watcher.wait(timeout=10)
    return record(service, table_id)


@pytest.mark.parametrize("game", sorted(BOT_TABLES))
def test_a_table_of_bots_with_a_seed_plays_the_same_game_every_time(service, game):
    spec = kit.get(game)
    corps = spec.seats_for(len(BOT_TABLES[game]))
    players = dict(zip(corps, BOT_TABLES[game]))
    tables = [mc.tables.open_table(service.url, players, seed=SEED, game=game).table for _ in range(2)]
    one, two = (played_out(service, t) for t in tables)
    assert one.actions == two.actions   # every action, who made it and why
    # and it is the game the kit's own driver plays with the bots seeded from the table's seed
    levels = spec.bot_levels()
    local = spec.new_game(corps, seed=SEED, options=None)
    reasons = []
    play_out(local, {c: levels[p](seed=bot_seed(SEED, i)) for i, (c, p) in enumerate(players.items())},
             on_move=lambda _seat, decision: reasons.append(decision.reason))
    assert [row["action"] for row in one.actions] == [spec.action_to_dict(a) for a in local.actions]
    assert [row["reason"] for row in one.actions] == reasons
    assert [row["by"] for row in one.actions] == [players[spec.table_parts.seat_of(a)] for a in local.actions]


def test_a_table_without_a_seed_is_dealt_from_a_fresh_one(service):
    seats = humans("megacorps")
    tables = [mc.tables.open_table(service.url, seats) for _ in range(3)]
    assert len({t.seed for t in tables}) == 3
    assert [record(service, t.table).seed for t in tables] == [t.seed for t in tables]


@pytest.mark.parametrize("seed", [-1, 2**53 + 1, 1.5, "12", True])
def test_a_seed_that_is_not_a_whole_number_from_0_to_2_53_is_refused(service, seed):
    store = Store(sqlite_url(service))
    before = len(store.table_ids())
    status, answer = raw(f"{service.url}/api/tables", "POST",
                         {"seats": [{"corp": c} for c in humans("megacorps")], "seed": seed})
    assert status == 400 and answer["error"] == "malformed" and answer["reason"].startswith("seed:")
    assert len(store.table_ids()) == before   # nothing was opened
    store.close()


def texts_without_the_seed(texts: list[str]) -> list[str]:
    """The texts among `texts` that hold the seed (or a bot's seed made from it)."""
    return [text[max(0, text.find(str(SEED)) - 80):text.find(str(SEED)) + 80]
            for text in texts if str(SEED) in text]


@pytest.mark.parametrize("game", sorted(BOT_TABLES))
def test_the_seed_reaches_no_seat_and_no_projector(service, game):
    spec = kit.get(game)
    corps = spec.seats_for(max(spec.min_seats, 2))
    players = {corps[0]: "Human", **{c: "Random" for c in corps[1:]}}
    table = mc.tables.open_table(service.url, players, seed=SEED, game=game, name="Group B")
    assert table.seed == SEED and record(service, table.table).seed == SEED   # the host's, the database's
    seat = table.seat(corps[0])
    watched: list[dict] = []

    def play():
        made = 0
        while made < 4 and seat.wait_for_turn(timeout=PATIENCE_S):
            try:
                seat.apply(seat.legal_actions()[0])
                made += 1
            except mc.tables.TableMoved:   # a bot moved first, changing this seat's choices: again
                pass

    pushed = states_pushed(service, table.codes[corps[0]],
                           lambda: watched.extend(states_pushed(service, None, play, hello={"watch": table.table})))
    assert len(pushed) > 2 and len(watched) > 2 and seat.refresh().at >= 4
    answers = [raw(f"{service.url}/api/seat", code=table.codes[corps[0]])[1],
               raw(f"{service.url}/api/tables/{table.table}")[1],
               raw(f"{service.url}/api/tables/{table.table}/setup")[1]]
    texts = [json.dumps(payload) for payload in (*pushed, *watched, *answers)]
    assert texts_without_the_seed(texts) == []


def widgets_built_by(make) -> tuple[object, list, str]:
    """(what `make()` returns, the widgets it built, their state as text: what the page's
    kernel sends the browser)."""
    before = set(_instances)
    made = make()
    built = [w for key, w in list(_instances.items()) if key not in before]
    return made, built, json.dumps([w.get_state() for w in built], default=str)


@pytest.mark.parametrize("game", sorted(BOT_TABLES))
def test_a_seats_page_and_the_projector_never_hold_the_seed_nor_save_it(service, game):
    spec = kit.get(game)
    corps = spec.seats_for(max(spec.min_seats, 2))
    table = mc.tables.open_table(service.url, {corps[0]: "Human", **{c: "Random" for c in corps[1:]}},
                                 seed=SEED, game=game)
    seat_page, projector = _pages_for(game)
    page, built, sent = widgets_built_by(lambda: seat_page(mc.tables.connect(service.url, table.codes[corps[0]])))
    watching, _, shown = widgets_built_by(lambda: projector(mc.tables.watch(service.url, table.table)))
    assert len(sent) > 1000 and len(shown) > 1000
    assert texts_without_the_seed([sent, shown]) == []
    # a seat's page offers no save (a save file holds the whole game, seed included), and the
    # page's own save refuses: the app's table source, the game shell of MEGAcquire and the TCG
    assert not [w for w in built if "save" in str(getattr(w, "description", "")).lower()]
    savers = {"megacorps": lambda: page.app, "megacquire": lambda: page.app, "tcg": lambda: page.app}
    if game in savers:
        with pytest.raises(ValueError, match=NO_SAVE_FILE[:40]):
            savers[game]().save_file()
    else:   # the note-card game's page is built of its own panels: it has no save at all
        assert not any(hasattr(x, "save_file") for x in (page, *vars(page).values()))
    for made in (page, watching):
        made.close()


def test_the_lobby_opens_tables_with_the_seed_typed_and_refuses_a_wrong_one(service):
    store = Store(sqlite_url(service))
    lobby = Lobby(service.url)
    lobby.game.value = "tcg"
    assert [w.value for w in lobby.seats] == ["Human", "Human"]   # no bot: nothing moves while the seats are read
    for wrong in ("twelve", "-3", "1.5", "1e6", str(2**53 + 1), "\u00b2"):
        before = len(store.table_ids())
        lobby.seed.value = wrong
        lobby.open_button.click()
        assert "The seed must be a whole number from 0 to 9,007,199,254,740,992" in lobby.error.value
        assert "No table was opened" in lobby.error.value
        assert len(store.table_ids()) == before and lobby.links.value == ""
        assert not lobby.open_button.disabled   # the form stays usable, to correct it
    lobby.seed.value = f" {SEED} "
    first = lobby.open_table()
    assert lobby.error.value == "" and first.seed == SEED
    # "Open another table" keeps the form as it was: the next group gets the same deal
    lobby.another_button.click()
    assert lobby.seed.value.strip() == str(SEED)
    second = lobby.open_table()
    assert record(service, first.table).seed == record(service, second.table).seed == SEED
    for corp in ("Ana", "Nick"):
        assert seat_state(service, first.codes[corp]) == seat_state(service, second.codes[corp])
    assert "mc-seat-link" in lobby.links.value and texts_without_the_seed([lobby.links.value]) == []
    # empty: a fresh deal
    lobby.another_button.click()
    lobby.seed.value = ""
    third = lobby.open_table()
    assert third.seed != SEED and record(service, third.table).seed == third.seed
    store.close()


def test_the_largest_seed_is_kept_exactly_on_sqlite_and_postgresql(backend, tmp_path):
    with running_service(backend, tmp_path) as service:
        seats = humans("tcg")
        tables = [mc.tables.open_table(service.url, seats, seed=mc.tables.MAX_SEED, game="tcg") for _ in range(2)]
        store = backend or sqlite_url(service)
        assert [table_record(store, t.table).seed for t in tables] == [2**53, 2**53]
        for corp in seats:
            assert seat_state(service, tables[0].codes[corp]) == seat_state(service, tables[1].codes[corp])


def anas_moves_before_the_end(policy: int, most: int = 30) -> int:
    """How many moves Ana makes before the TCG game of `TCG_LASTING_SEED` ends, she choosing at
    random (`policy` seeds her choices; 0: always her first choice) and Nick the Random bot with
    the seed the service gives it; `most` when it has not ended by then."""
    spec = kit.get("tcg")
    game = spec.new_game(["Ana", "Nick"], seed=TCG_LASTING_SEED)
    nick = {"Nick": spec.bot_levels()["Random"](seed=bot_seed(TCG_LASTING_SEED, 1))}
    rng, made = random.Random(policy), 0
    while made < most and not game.is_over:
        move = next_move(game, nick)
        if move is not None:
            game.apply(move[1].action)
            continue
        choices = game.legal_actions("Ana")
        game.apply(choices[0] if policy == 0 else rng.choice(choices))
        made += 1
    return made


def test_the_tcg_browser_tests_seed_deals_a_game_the_random_bot_does_not_lose_early():
    """test_browser_tcg_tables.py plays eight of Ana's decisions (some clicks make two moves: a
    card, then its action; the page passes for her when she can do nothing): with its seed the
    game lasts far longer whatever she chooses."""
    assert min(anas_moves_before_the_end(policy) for policy in range(60)) >= 20


def test_handing_a_seat_to_a_bot_leaves_the_other_bots_draws_as_they_were(tmp_path):
    """The host hands an absent player's seat to a bot: that seat gets a new bot seeded from the
    table's seed, and the bots already playing go on with their own draws (they were all made
    again from their seeds, so a table that went through a hand-over replayed differently)."""
    import asyncio

    from tableserver.live import LiveTable
    store = Store(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    players = {"Mokia": "Human", "Globbo": "Random", "Nonintendo": "Greedy"}
    table_id, _host, _codes = store.create_table(SEED, list(players), players)
    table = LiveTable(store.load_table(table_id), store)
    globbo, nonintendo = table.bots["Globbo"], table.bots["Nonintendo"]
    same_seed = random.Random(bot_seed(SEED, 1))
    assert globbo.rng.random() == same_seed.random()   # its first draw made

    async def hand_over(corp: str, player: str):
        await table.set_player(corp, player)
        await table.stop()   # its bots' moves are not this test's

    asyncio.run(hand_over("Mokia", "Shrewd"))
    assert table.bots["Globbo"] is globbo and table.bots["Nonintendo"] is nonintendo
    assert table.bots["Mokia"].seed == bot_seed(SEED, 0) and type(table.bots["Mokia"]).__name__ == "ShrewdBot"
    assert globbo.rng.random() == same_seed.random()   # its second draw: not its first again
    asyncio.run(hand_over("Globbo", "Greedy"))   # a new level: a new bot, from the seat's seed
    assert table.bots["Globbo"] is not globbo and table.bots["Globbo"].seed == bot_seed(SEED, 1)
    assert table.bots["Nonintendo"] is nonintendo
    store.close()
