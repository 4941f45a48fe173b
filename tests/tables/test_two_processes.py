"""Two service processes on one PostgreSQL database, a seat following its table on each:
every move made through either process is pushed to the seats connected to the other
(PostgreSQL's LISTEN/NOTIFY), within the usual latency; so is the host closing the table."""
from __future__ import annotations

import asyncio
import random
import time

import megacorps as mc

from tables_helpers import pick, raw, running_service

SEATS = {"Mokia": "Human", "Globbo": "Human", "Lenogo": "Greedy"}


def test_each_process_pushes_the_other_process_moves_to_its_seats(postgres_url, tmp_path):
    (tmp_path / "one").mkdir()
    (tmp_path / "two").mkdir()
    with running_service(postgres_url, tmp_path / "one") as one, running_service(postgres_url, tmp_path / "two") as two:
        table = mc.tables.open_table(one.url, SEATS, seed=11)
        asyncio.run(_play_across(one, two, table))


async def _play_across(one, two, table):
    # Mokia's page follows the table on process one, Globbo's on process two; each acts
    # through the other process's door
    on_one = mc.tables.connect(one.url, table.codes["Mokia"])
    on_two = mc.tables.connect(two.url, table.codes["Globbo"])
    watcher = mc.tables.watch(two.url, table.table)
    stop = asyncio.Event()
    tasks = [asyncio.ensure_future(f.follow(stop=stop)) for f in (on_one, on_two, watcher)]
    actors = {"Mokia": mc.tables.connect(two.url, table.codes["Mokia"]),
              "Globbo": mc.tables.connect(one.url, table.codes["Globbo"])}
    rng = random.Random(4)
    latencies = []

    async def until(check, timeout=15.0):
        deadline = time.monotonic() + timeout
        while not check():
            assert time.monotonic() < deadline, "the other process's move was not pushed"
            await asyncio.sleep(0.01)

    moves = 0
    while moves < 12 and not actors["Mokia"].refresh().is_over:
        for corp, actor in actors.items():
            actor.refresh()
            if not actor.is_my_turn():
                continue
            actor.apply(pick(actor, rng))
            moves += 1
            sent, at = time.monotonic(), actor.at
            await until(lambda: min(on_one.at, on_two.at, watcher.at) >= at)
            latencies.append(time.monotonic() - sent)
        if not any(a.is_my_turn() for a in actors.values()):
            await asyncio.to_thread(actors["Mokia"].wait, 2)   # the bot moves (on either process)
    assert moves >= 6
    # what was pushed is what each process answers afresh (once the bots are done)
    for follower, url, code in [(on_one, one.url, table.codes["Mokia"]), (on_two, two.url, table.codes["Globbo"])]:
        fresh = mc.tables.connect(url, code)
        await until(lambda: follower.at == fresh.refresh().at)
        assert follower.view() == fresh.view() and follower.legal_actions() == fresh.legal_actions()
    # the host closes the table on process one: process two's seats hear it
    status, _ = raw(f"{one.url}/api/host/close", "POST", {}, table.host_code)
    assert status == 200
    await until(lambda: on_two.state["status"] == "closed")
    stop.set()
    await asyncio.wait_for(asyncio.gather(*tasks), 10)
    print(f"cross-process push: median {sorted(latencies)[len(latencies) // 2] * 1000:.0f} ms, "
          f"max {max(latencies) * 1000:.0f} ms over {len(latencies)} moves")


def test_an_action_overtaken_by_another_writer_is_made_when_that_changed_nothing_for_its_seat(tmp_path):
    """Another process (here: the test, writing to the database directly, unheard) records
    its answer to a payout window at the position a seat is answering from: the seat's own
    answer, for which that changes nothing, is made after it, as if the other had come first
    here; before, it was refused as stale."""
    from megacorps.tables import TableMoved
    from tableserver.store import Store

    from tables_helpers import sqlite_url
    humans = {"Mokia": "Human", "Globbo": "Human", "Nonintendo": "Human", "Lenogo": "Human"}
    with running_service(None, tmp_path) as service:
        table = mc.tables.open_table(service.url, humans, seed=21)
        seats = {c: table.seat(c) for c in table.codes}
        rng = random.Random(5)

        def sealed(corp):   # answers that change nothing for the others: no card, a secret bid or vote
            return [a for a in seats[corp].refresh().legal_actions() if isinstance(a, (mc.NoCard, mc.Sealed))]

        for _ in range(2000):
            deciders = seats["Mokia"].refresh().view().deciders
            both = [c for c in deciders if sealed(c)]
            if len(both) >= 2:
                break
            corp = deciders[0]
            try:
                seats[corp].refresh().apply(pick(seats[corp], rng))
            except TableMoved:
                pass
        else:
            raise AssertionError("no two seats answering at once came")
        first, other = both[0], both[1]
        at = seats[first].refresh().at
        store = Store(sqlite_url(service))
        try:
            store.append(table.table, at, other, mc.action_to_dict(rng.choice(sealed(other))), "Human")
        finally:
            store.close()
        mine = rng.choice(sealed(first))
        assert seats[first].at == at
        seats[first].apply(mine)   # TableMoved before
        assert seats[first].at >= at + 2
        recorded = mc.tables.watch(service.url, table.table).steps()
        assert [s[1] for s in recorded[at:at + 2]] == [other, first]
