"""The database is the truth: a service killed without warning comes back with every table
where it was (bots included), on SQLite and PostgreSQL. Connected seats and spectators get
every change pushed, and a lost connection rejoins where it was."""
from __future__ import annotations

import asyncio
import random
import time

import megacorps as mc
from tableserver.store import database_url

from tables_helpers import running_service, replay, step_humans

from widgets.testing.voila_runner import PATIENCE_S

SEATS = {"Mokia": "Human", "Globbo": "Greedy", "Nonintendo": "Human", "Lenogo": "Random"}


def test_a_killed_service_restarts_with_every_table_where_it_was(backend, tmp_path):
    with running_service(backend, tmp_path) as service:
        first = mc.tables.open_table(service.url, SEATS, seed=5)
        second = mc.tables.open_table(service.url, {"Mokia": "Human", "Globbo": "Human", "Lenogo": "Greedy"}, seed=2)
        seats = {c: first.seat(c) for c in first.codes}
        rng = random.Random(3)
        while seats["Mokia"].refresh().at < 40 or not set(seats["Mokia"].view().deciders) <= set(seats):
            if not step_humans(seats, rng):  # (until only humans must decide: the bots are done)
                seats["Mokia"].wait(timeout=2)
        def seen(seat):
            return seat.at, seat.view(), seat.legal_actions(), seat.players, seat.money_by_round()

        before = {c: seen(s.refresh()) for c, s in seats.items()}
        other = second.seat("Mokia")   # its bot may still have a move to make: wait until only humans decide
        deadline = time.monotonic() + PATIENCE_S
        while not set(other.refresh().view().deciders) <= {"Mokia", "Globbo"}:
            assert time.monotonic() < deadline, "the second table's bot never finished its move"
            other.wait(timeout=2)
        other_before = seen(other.refresh())

        service.restart()  # SIGKILL: no clean shutdown

        for corp, seat in seats.items():
            again = mc.tables.connect(service.url, first.codes[corp])
            assert seen(again) == before[corp]
        assert seen(second.seat("Mokia")) == other_before
        while not seats["Mokia"].refresh().is_over:
            if not step_humans(seats, rng):
                seats["Mokia"].wait(timeout=2)
        game = replay(database_url(backend, service.data), first.table)
        assert game.is_over and game.scores() == seats["Mokia"].scores()


def test_bots_that_had_not_answered_move_after_a_restart(tmp_path):
    """The service dies between a human's move and the bots' replies (here: slow bots)."""
    with running_service(None, tmp_path, bot_pause=30) as service:
        table = mc.tables.open_table(service.url, {"Mokia": "Human", "Globbo": "Greedy", "Nonintendo": "Greedy",
                                                   "Lenogo": "Greedy"}, seed=5)
        mokia = table.seat("Mokia")
        mokia.apply(mokia.legal_actions()[0])
        deadline = time.monotonic() + PATIENCE_S
        while mokia.refresh().at < 2 and time.monotonic() < deadline:   # one bot moves, then the pause
            time.sleep(0.1)
        assert mokia.at == 2
        service.bot_pause = 0
        service.restart()
        mokia = mc.tables.connect(service.url, table.codes["Mokia"])
        assert mokia.wait_for_turn(timeout=PATIENCE_S) and mokia.at == 4


def test_seats_and_spectators_get_each_change_pushed_and_rejoin_after_a_lost_connection(tmp_path):
    with running_service(None, tmp_path) as service:
        table = mc.tables.open_table(service.url, {"Mokia": "Human", "Globbo": "Human", "Lenogo": "Greedy"}, seed=1)
        asyncio.run(_follow_and_play(service, table))


async def _follow_and_play(service, table):
    watcher = mc.tables.watch(service.url, table.table)
    follower = mc.tables.connect(service.url, table.codes["Globbo"])
    seen: list[int] = []
    statuses: list[str] = []
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(watcher.follow(lambda w: seen.append(w.at), stop=stop)),
             asyncio.ensure_future(follower.follow(on_status=lambda word, detail=None: statuses.append(word),
                                                   stop=stop))]
    players = {c: table.seat(c) for c in table.codes}
    rng = random.Random(1)

    async def until(check, timeout=PATIENCE_S):
        deadline = time.monotonic() + timeout
        while not check():
            assert time.monotonic() < deadline, "no update arrived"
            await asyncio.sleep(0.02)

    await until(lambda: seen)
    def caught_up():
        target = players["Mokia"].refresh().at  # (the bots may still be moving: read again)
        return watcher.at == follower.at == target

    for _ in range(12):
        await asyncio.to_thread(step_humans, players, rng)
        await until(caught_up)
    # what was pushed is what a fresh request gives, compared at one position (a bot may still
    # move between the two reads: then read again once the pushes have caught up)
    def fresh_reads():
        return (mc.tables.connect(service.url, table.codes["Globbo"]),
                mc.tables.watch(service.url, table.table))

    async def settled():
        fresh, fresh_watch = fresh_reads()
        deadline = time.monotonic() + PATIENCE_S
        while not (fresh.at == fresh_watch.at == follower.at == watcher.at):
            assert time.monotonic() < deadline, "the pushed pages never settled on the service's position"
            await asyncio.sleep(0.2)
            fresh, fresh_watch = fresh_reads()
        return fresh, fresh_watch

    fresh, fresh_watch = await settled()
    assert follower.view() == fresh.view() and follower.legal_actions() == fresh.legal_actions()
    assert watcher.log == fresh_watch.log
    assert watcher.state["view"]["hand"] == [] and watcher.state["choices"] == []

    service.restart()  # every connection is lost; the followers reconnect by themselves
    await until(lambda: statuses.count("connected") >= 2)
    await asyncio.to_thread(step_humans, players, rng)
    await until(caught_up)
    fresh, _ = await settled()   # (Lenogo, a bot, may move after the catch-up: compare at one position)
    assert follower.log == fresh.log
    assert "lost" in statuses
    stop.set()
    await asyncio.wait_for(asyncio.gather(*tasks), 10)
