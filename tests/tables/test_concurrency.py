"""Actions made at the same moment (secret bids, payout cards, war gifts, a double click) are
never lost or doubled, on SQLite and on PostgreSQL: appends are transactional and checked
against the position each action was chosen in."""
from __future__ import annotations

import random
import threading
from concurrent.futures import ThreadPoolExecutor

import megacorps as mc
from tableserver.store import Conflict, Store, database_url

from tables_helpers import running_service, pick, raw, replay

HUMANS = {"Mokia": "Human", "Globbo": "Human", "Nonintendo": "Human", "Lenogo": "Human"}


def store_url(backend, service) -> str:
    return database_url(backend, service.data)


def test_two_writers_at_the_same_index_one_wins_and_nothing_is_doubled(backend, tmp_path):
    store = Store(database_url(backend, tmp_path))
    table_id, _, _ = store.create_table(1, ["Mokia", "Globbo", "Lenogo"],
                                        {"Mokia": "Human", "Globbo": "Human", "Lenogo": "Human"})
    barrier = threading.Barrier(8)

    def write(i):
        barrier.wait()
        try:
            store.append(table_id, 0, "Mokia", {"type": "pass", "corp": "Mokia", "n": i}, "Human")
            return "won"
        except Conflict:
            return "conflict"

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(write, range(8)))
    assert results.count("won") == 1 and results.count("conflict") == 7
    assert store.count_actions(table_id) == 1
    store.close()


def test_seats_answering_at_once_are_all_recorded_once(backend, tmp_path):
    """Four human seats; whenever several must decide at once, all answer in parallel threads
    from the same position, and a seat sometimes sends its answer twice at once."""
    with running_service(backend, tmp_path) as service:
        table = mc.tables.open_table(service.url, HUMANS, seed=21)
        seats = {c: table.seat(c) for c in table.codes}
        rng = random.Random(21)
        parallel_rounds = accepted = doubles = together = 0
        with ThreadPoolExecutor(8) as pool:
            for _ in range(400):
                any_seat = seats["Mokia"].refresh()
                if any_seat.is_over:
                    break
                deciders = [c for c in any_seat.view().deciders]
                at = any_seat.at
                sends = []
                for corp in deciders:
                    seat = seats[corp].refresh()
                    body = {"action": mc.action_to_dict(pick(seat, rng)), "at": at}
                    sends.append((corp, body))
                    if rng.random() < 0.2:
                        sends.append((corp, body))  # the same answer sent twice at once (a double click)
                        doubles += 1
                barrier = threading.Barrier(len(sends))

                def send(item):
                    corp, body = item
                    barrier.wait()
                    return corp, body, raw(f"{service.url}/api/seat/act", "POST", body, table.codes[corp])

                results = list(pool.map(send, sends))
                parallel_rounds += len(deciders) > 1
                for corp, body, (status, answer) in results:
                    assert status in (200, 409, 422), answer
                    if status == 200:
                        accepted += 1
                    # a refusal is explicit: stale (the position changed for that seat) or the engine's reason
                    assert status == 200 or answer["error"] in ("stale", "illegal")
                ok_per_corp = {}
                for corp, body, (status, answer) in results:
                    ok_per_corp[corp] = ok_per_corp.get(corp, 0) + (status == 200)
                assert all(n <= 1 for n in ok_per_corp.values()), "an answer was applied twice"
                if len(deciders) > 1 and all(isinstance(a, (mc.NoCard, mc.Bid, mc.Vote, mc.StayOut,
                                                             mc.SupportWar))
                                             for a in (mc.action_from_dict(b["action"]) for _, b in sends)):
                    # simultaneous answers to one question: each seat's answer counts (a card
                    # played in a payout window is different: the others are asked again)
                    assert all(ok_per_corp.get(c) == 1 for c in deciders), results
                    together += 1
        assert seats["Mokia"].refresh().is_over
        assert parallel_rounds >= 10 and doubles >= 5 and together >= 5, (parallel_rounds, doubles, together)
        game = replay(store_url(backend, service), table.table)
        assert len(game.actions) == accepted == seats["Mokia"].at
        assert game.scores() == seats["Mokia"].scores()


def test_an_answer_chosen_before_another_seat_changed_its_choices_is_refused(service):
    """During the free picks, a seat that chose at position 0 but sends after the seat before
    it picked (the company it wanted may be gone) is told the table moved on."""
    table = mc.tables.open_table(service.url, {"Mokia": "Human", "Globbo": "Human", "Lenogo": "Human"}, seed=0)
    order = mc.new_game(["Mokia", "Globbo", "Lenogo"], seed=0).state.to_act
    first, second = table.seat(order[0]), table.seat(order[1])
    stale_at = second.at
    first.apply(first.legal_actions()[0])
    second.refresh()
    status, answer = raw(f"{service.url}/api/seat/act", "POST",
                         {"action": mc.action_to_dict(second.legal_actions()[0]), "at": stale_at},
                         table.codes[order[1]])
    assert status == 409 and answer["error"] == "stale" and "picks" in answer["reason"]
    assert second.refresh().at == 1
