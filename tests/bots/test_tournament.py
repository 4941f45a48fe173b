"""The strategy lab's runner: seat rotation, results, CSV, any executor (a Dask cluster too)."""
from __future__ import annotations

import csv
from concurrent.futures import ThreadPoolExecutor

import pytest

from megacorps import tournament
from megacorps.tournament import Entrant, GameKind, entrant, run, wilson


class PassBot:
    """A user's bot, given as module:Class: always the first choice (often a company pick)."""

    name = "First"

    def __init__(self, seed=None):
        self.seed = seed

    def choose(self, game, corp):
        import megacorps as mc
        return mc.bots.decision_choices(game, corp)[0]


def test_seats_rotate_every_deal_is_played_from_every_seat_and_the_results_add_up():
    results = run(["Greedy", "Random", "Random"], games=6, seed=40, workers=1, progress=False)
    assert [(g.seed, g.rotation) for g in results.games] == [(40, 0), (40, 1), (40, 2), (41, 0), (41, 1), (41, 2)]
    assert [g.seats[0] for g in results.games[:3]] == ["Mokia", "Globbo", "Nonintendo"]
    for g in results.games:
        assert sum(g.wins) == pytest.approx(1.0)
        assert max(g.scores) == g.scores[g.wins.index(max(g.wins))]
    rows = {r["bot"]: r for r in results.summary()}
    assert rows["Greedy"]["seats"] == 6 and rows["Random"]["seats"] == 12
    assert rows["Greedy"]["wins"] + rows["Random"]["wins"] == pytest.approx(6)
    assert rows["Greedy"]["ci low"] <= rows["Greedy"]["win rate"] <= rows["Greedy"]["ci high"]
    assert rows["Greedy"]["rating"] > rows["Random"]["rating"]  # Greedy beats Random almost always
    stats = results.per_bot_stats()
    assert set(stats) == {"Greedy", "Random"} and "payouts called" in stats["Greedy"]
    assert len(results.games[0].series[0]) >= 16  # money at every round's end, then the final


def test_a_users_class_by_module_path_and_keywords_for_a_level(tmp_path):
    e = entrant("tests.bots.test_tournament:PassBot")
    assert e.label == "First" and e.factory(3).seed == 3
    tuned = entrant("Mastermind[budget=0.01,candidates=2]")
    assert tuned.label == "Mastermind[budget=0.01,candidates=2]"
    bot = tuned.factory(1)
    assert bot.budget == 0.01 and bot.candidates == 2
    with pytest.raises(ValueError, match="unknown bot 'Nobody'"):
        entrant("Nobody")
    with pytest.raises(ValueError, match="3 to 6 corps"):
        run(["Greedy", "Greedy"], games=1, workers=1, progress=False)


def test_csv_export_has_one_row_per_game_and_seat_with_the_statistics(tmp_path):
    results = run(["tests.bots.test_tournament:PassBot", "Greedy", "Greedy"], games=3, workers=1, progress=False)
    path = tmp_path / "out.csv"
    results.to_csv(path)
    rows = list(csv.DictReader(path.open()))
    assert len(rows) == 9
    assert {"game", "seed", "bot", "seat", "score", "win", "wars won", "cards played"} <= set(rows[0])
    assert sum(float(r["win"]) for r in rows) == pytest.approx(3)
    assert "| First |" in results.table()


def test_any_executor_and_any_game_kind():
    """A game kind that is not MegaCorps (the runner is game-agnostic), run on a thread pool."""
    class Dice:
        def __init__(self, seats, seed):
            self.seats, self.seed = seats, seed

    def play(game, bots):
        game.rolls = {s: bots[s].roll(game.seed) for s in game.seats}

    class Roller:
        name = "Roller"

        def __init__(self, seed=None, bias=0):
            self.bias = bias

        def roll(self, seed):
            return (seed * 7919) % 6 + self.bias

    kind = GameKind("Dice", lambda n: [f"seat{i}" for i in range(n)], Dice, play, lambda g: g.rolls)
    with ThreadPoolExecutor(2) as pool:
        results = run([Entrant("loaded", lambda s: Roller(s, bias=1)), Roller], games=8, executor=pool,
                      kind=kind, progress=False)
    rows = {r["bot"]: r for r in results.summary()}
    assert rows["loaded"]["win rate"] == 1.0 and rows["Roller"]["win rate"] == 0.0


def test_a_dask_local_cluster_runs_the_tournament_unchanged():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        results = run(["Greedy", "Random", "Random"], games=3, executor=client.get_executor(), progress=False)
    local = run(["Greedy", "Random", "Random"], games=3, workers=1, progress=False)
    assert [g.scores for g in results.games] == [g.scores for g in local.games]  # the same games


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.404, abs=0.001) and high == pytest.approx(0.596, abs=0.001)
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == 1.0


def test_the_command_line_prints_the_table_and_writes_csv(tmp_path, capsys):
    tournament.main(["Greedy", "Random", "Random", "--games", "3", "--workers", "1", "--quiet",
                     "--csv", str(tmp_path / "t.csv")])
    out = capsys.readouterr().out
    assert "| Greedy | 3 |" in out and "CPU time per game" in out and (tmp_path / "t.csv").exists()
    again = tournament.main(["--summary", str(tmp_path / "t.csv")])  # written game by game, read back
    assert "| Greedy | 3 |" in capsys.readouterr().out and len(again.games) == 3
    kept = (tmp_path / "t.csv").read_text()
    with pytest.raises(SystemExit):  # a second run never writes over results already kept
        tournament.main(["Greedy", "Random", "Random", "--games", "1", "--workers", "1", "--quiet",
                         "--csv", str(tmp_path / "t.csv")])
    assert "exists" in capsys.readouterr().err and (tmp_path / "t.csv").read_text() == kept


def test_another_games_csv_holds_its_own_statistics_not_megacorps(tmp_path, capsys):
    # a MEGAcquire CSV had MegaCorps' columns ("wars won", "cards played"...), all 0
    path = tmp_path / "mq.csv"
    tournament.main(["megacquire", "Tycoon", "Random", "Random", "--games", "1", "--workers", "1", "--quiet",
                     "--csv", str(path)])
    header = path.read_text().splitlines()[0].split(",")
    assert "wars won" not in header and "cards played" not in header
    assert header[:9] == ["game", "seed", "rotation", "entrant", "bot", "seat", "score", "win", "seconds"]
    capsys.readouterr()
    assert "wars won" not in "".join(
        str(tournament.main(["--summary", str(path)]).per_bot_stats()))
