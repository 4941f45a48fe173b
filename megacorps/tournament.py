"""The strategy lab: bots play many games against each other, seats rotated, and the results
come back as win rates with 95% confidence intervals, openskill ratings, final money and what
each bot did.

    python -m megacorps.tournament Shrewd Greedy Greedy Greedy --games 200 --seed 1
    python -m megacorps.tournament mybots:MyBot Greedy Greedy --games 40 --csv out.csv
    python -m megacorps.tournament notecard Odds Balanced Balanced Balanced --option variable_yield=true

The first word may name any game of the kit's registry (`megacorps.kit.names()`); without it the
game is MegaCorps. Level names are then that game's (`--option key=value` sets its options).

From Python, `run(["Shrewd", "Greedy", "Greedy", "Greedy"], games=200)`. Each entrant is a
level name, a bot class, `"module:Class"`, or an `Entrant(label, factory)`; `Level[key=value]`
passes keywords to the class (`"Mastermind[budget=0.05]"`). Games run on all cores by default,
or on any `concurrent.futures` executor (a Dask or Ray cluster's executor runs it unchanged).

The runner knows nothing of MegaCorps but what a `GameKind` tells it (make a game, play it with
bots, read the scores and the per-seat statistics), so another game's bots run through it too.
"""
from __future__ import annotations

import argparse
import csv
import importlib
import math
import os
import statistics
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

from tqdm.auto import tqdm


# --- What is played -------------------------------------------------------------------------------

@dataclass(frozen=True)
class GameKind:
    """How the runner plays one game: `new(seats, seed)` makes it; `play(game, bots)` plays it to
    the end (bots: seat -> bot); `scores(game)` is seat -> final score (highest wins); `stats(game)`
    is seat -> {statistic: number} (the game-specific part); `seats(n)` names the seats of an
    n-player game."""

    name: str
    seats: Callable[[int], list[str]]
    new: Callable[[list[str], int], object]
    play: Callable[[object, dict], object]
    scores: Callable[[object], dict[str, float]]
    stats: Callable[[object], dict[str, dict[str, float]]] = lambda game: {}
    series: Callable[[object], dict[str, list[float]]] = lambda game: {}


def _megacorps_seats(n: int) -> list[str]:
    from . import CORPS
    if not 3 <= n <= len(CORPS):
        raise ValueError(f"MegaCorps is for 3 to {len(CORPS)} corps, not {n}")
    return list(CORPS[:n])


def _megacorps_new(seats: list[str], seed: int):
    from . import new_game
    return new_game(seats, seed=seed)


def _megacorps_play(game, bots: dict):
    from .bots import play_out
    return play_out(game, bots)


def _megacorps_scores(game) -> dict[str, float]:
    return dict(game.scores())


def megacorps_stats(game) -> dict[str, dict[str, float]]:
    """What each corp did in a finished game: payouts it called (by industry), event cards it
    played, companies bought, interventions, wars won and lost, mercenaries bought, trades made."""
    from .actions import (Accept, BuyCompany, BuyMercenaries, Intervene, LaunchWar, PayoutIndustry,
                          PlayCard)
    from .state import TradeFrame, WarFrame

    corps = game.state.corps
    out: dict[str, dict[str, float]] = {c: {"payouts called": 0, "cards played": 0, "companies bought": 0,
                                            "interventions": 0, "wars won": 0, "wars lost": 0,
                                            "mercenaries bought": 0, "trades accepted": 0} for c in corps}
    states = game.states()
    for i, action in enumerate(game.actions):
        before, after = states[i], states[i + 1]
        mine = out[action.corp]
        if isinstance(action, PayoutIndustry):
            mine["payouts called"] += 1
            key = f"payouts of {action.industry}"
            mine[key] = mine.get(key, 0) + 1
        elif isinstance(action, PlayCard):
            mine["cards played"] += 1
        elif isinstance(action, BuyCompany) and after.companies[action.company] == action.corp:
            mine["companies bought"] += 1
        elif isinstance(action, Intervene):
            mine["interventions"] += 1
        elif isinstance(action, BuyMercenaries):
            mine["mercenaries bought"] += max(0, after.mercenaries[action.corp] - before.mercenaries[action.corp])
        elif isinstance(action, Accept) and isinstance(before.top_frame, TradeFrame):
            offer = before.top_frame.offer
            out[offer.corp]["trades accepted"] += 1
            mine["trades accepted"] += 1
        wars = [f for f in before.frames if isinstance(f, WarFrame)]
        if isinstance(action, LaunchWar):
            wars.append(WarFrame(action.corp, action.country, before.controllers[action.country], []))
        for war in wars:
            if not any(isinstance(f, WarFrame) and f.country == war.country for f in after.frames):
                won = after.controllers[war.country] == war.attacker != before.controllers[war.country]
                out[war.attacker]["wars won" if won else "wars lost"] += 1
                if war.defender is not None and war.defender in out:
                    out[war.defender]["wars lost" if won else "wars won"] += 1
    return out


def megacorps_money_series(game) -> dict[str, list[float]]:
    """Each corp's money at the end of every round, then after the final payouts."""
    by_round: dict[int, dict[str, int]] = {}
    for state in game.states():
        by_round[state.round] = dict(state.money)
    rounds = sorted(by_round)
    final = game.state.money
    return {c: [by_round[r][c] for r in rounds[:-1]] + [by_round[rounds[-1]][c], final[c]]
            for c in game.state.corps}


MEGACORPS = GameKind("MegaCorps", _megacorps_seats, _megacorps_new, _megacorps_play, _megacorps_scores,
                     megacorps_stats, megacorps_money_series)


@dataclass(frozen=True)
class _KitGame:
    """Makes, plays and scores a game of the kit's registry by name (picklable, for workers)."""

    name: str
    options: tuple = ()

    def seats(self, n: int) -> list[str]:
        from .kit import get
        return get(self.name).seats_for(n)

    def new(self, seats: list[str], seed: int):
        from .kit import get
        return get(self.name).new_game(seats, seed=seed, options=dict(self.options) or None)

    def play(self, game, bots: dict):
        from .kit.bots import play_out
        return play_out(game, bots)

    def scores(self, game) -> dict[str, float]:
        return {seat: float(score) for seat, score in game.scores().items()}

    def nothing(self, game) -> dict:
        """No per-seat statistics or series beyond the scores (the protocol has none)."""
        return {}


def kit_kind(name: str, options: dict | None = None) -> GameKind:
    """The runner's GameKind for any game of the kit's registry, from the protocol alone (a game
    whose spec gives its own `tournament_kind` adds statistics and money series)."""
    from .kit import get
    spec = get(name)
    if spec.tournament_kind is not None:
        return spec.tournament_kind(options)
    if options and spec.options is not None:
        spec.options(options)  # a clear error for a bad option, before anything runs
    game = _KitGame(name, tuple(sorted((options or {}).items())))
    return GameKind(spec.title, game.seats, game.new, game.play, game.scores, game.nothing, game.nothing)


# --- Who plays ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Entrant:
    """One bot in the tournament: a label for the results and a factory `factory(seed) -> bot`."""

    label: str
    factory: Callable[[int], object]


def _load_class(spec: str, levels: dict | None = None):
    if levels is None:
        from .bots import LEVELS as levels
    LEVELS = levels
    name, _, args = spec.partition("[")
    kwargs = {}
    if args:
        for part in args.rstrip("]").split(","):
            key, _, value = part.partition("=")
            kwargs[key.strip()] = _number(value.strip())
    if name in LEVELS:
        cls = LEVELS[name]
    elif ":" in name:
        module, _, attr = name.partition(":")
        cls = getattr(importlib.import_module(module), attr)
    else:
        raise ValueError(f"unknown bot {spec!r}: use a level ({', '.join(LEVELS)}) or module:Class")
    return cls, kwargs


def _number(text: str):
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


@dataclass(frozen=True)
class _ClassFactory:
    """A picklable factory: the class and keywords, built as `cls(seed=seed, **kwargs)`."""

    cls: type
    kwargs: tuple = ()

    def __call__(self, seed: int):
        return self.cls(seed=seed, **dict(self.kwargs))


def entrant(spec, levels: dict | None = None) -> Entrant:
    """An Entrant from a level name (of `levels`; default MegaCorps' ladder), `"module:Class"`,
    `"Name[key=value,...]"`, a class, or an Entrant (returned as it is)."""
    if isinstance(spec, Entrant):
        return spec
    if isinstance(spec, str):
        cls, kwargs = _load_class(spec, levels)
        label = getattr(cls, "name", cls.__name__)
        if kwargs:
            label += "[" + ",".join(f"{k}={v}" for k, v in kwargs.items()) + "]"
        return Entrant(label, _ClassFactory(cls, tuple(sorted(kwargs.items()))))
    if isinstance(spec, type):
        return Entrant(getattr(spec, "name", spec.__name__), _ClassFactory(spec))
    raise TypeError(f"a tournament entrant is a level name, 'module:Class', a class or an Entrant, "
                    f"not {spec!r}")


# --- Playing the games ----------------------------------------------------------------------------

@dataclass
class GameResult:
    """One finished game: for each entrant (in the order given) its seat, score, win share (1 for
    a win, 1/k for a k-way draw, else 0) and statistics."""

    index: int
    seed: int
    rotation: int
    labels: list[str]
    seats: list[str]
    scores: list[float]
    wins: list[float]
    stats: list[dict[str, float]]
    series: list[list[float]] = field(default_factory=list)
    seconds: float = 0.0


def play_game(kind: GameKind, entrants: Sequence[Entrant], index: int, seed: int, rotation: int) -> GameResult:
    """Play one game: entrant i sits in seat (i + rotation) mod n; bot seeds follow the game's."""
    import time
    n = len(entrants)
    seats = kind.seats(n)
    where = [seats[(i + rotation) % n] for i in range(n)]
    bots = {where[i]: e.factory(seed * 100 + i) for i, e in enumerate(entrants)}
    game = kind.new(seats, seed)
    start = time.process_time()
    kind.play(game, bots)
    seconds = time.process_time() - start
    scores = kind.scores(game)
    best = max(scores.values())
    top = [s for s, v in scores.items() if v == best]
    stats = kind.stats(game)
    series = kind.series(game)
    return GameResult(index, seed, rotation, [e.label for e in entrants], where,
                      [scores.get(s, 0) for s in where],
                      [1 / len(top) if s in top else 0.0 for s in where],
                      [stats.get(s, {}) for s in where], [series.get(s, []) for s in where], seconds)


def _play_many(kind, entrants, tasks):
    return [play_game(kind, entrants, *t) for t in tasks]


def run(bots: Sequence, games: int = 100, seed: int = 0, executor: Executor | None = None,
        workers: int | None = None, kind: GameKind = MEGACORPS, progress: bool = True,
        chunk: int = 1, on_result: Callable[[GameResult], None] | None = None,
        levels: dict | None = None) -> "Results":
    """Play `games` games between `bots` (one entrant per seat; repeat a level to seat it several
    times) and return the Results.

    Seats rotate: game g is deal `seed + g // n` with rotation `g % n`, so every deal is played
    from every seat. Games run on `executor` if given (any `concurrent.futures.Executor`, such as
    a Dask client's `get_executor()`), else on `workers` processes (default: all cores; 1 plays
    them here, one after the other). `on_result(game_result)` is called as each game finishes.
    `levels` names the bots of `kind`'s game (default: MegaCorps' ladder).
    """
    entrants = [entrant(b, levels) for b in bots]
    n = len(entrants)
    kind.seats(n)  # a clear error for a bad number of players, before anything runs
    tasks = [(g, seed + g // n, g % n) for g in range(games)]
    batches = [tasks[i:i + chunk] for i in range(0, len(tasks), chunk)]
    results: list[GameResult] = []
    bar = tqdm(total=games, disable=not progress, unit="game", desc=" vs ".join(e.label for e in entrants)[:60])
    own = None
    if executor is None and (workers or os.cpu_count() or 1) > 1:
        executor = own = ProcessPoolExecutor(max_workers=workers or os.cpu_count())
    try:
        if executor is None:
            for batch in batches:
                done = _play_many(kind, entrants, batch)
                results += done
                for r in done if on_result else ():
                    on_result(r)
                bar.update(len(batch))
        else:
            futures = [executor.submit(_play_many, kind, entrants, batch) for batch in batches]
            for future in as_completed(futures):
                done = future.result()
                results += done
                for r in done if on_result else ():
                    on_result(r)
                bar.update(len(done))
    finally:
        bar.close()
        if own is not None:
            own.shutdown()
    results.sort(key=lambda r: r.index)
    return Results(kind.name, [e.label for e in entrants], results, seed)


# --- The results ----------------------------------------------------------------------------------

def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval for a proportion of `wins` in `n` trials."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low = 0.0 if wins <= 0 else max(0.0, centre - half)
    high = 1.0 if wins >= n else min(1.0, centre + half)
    return low, high


@dataclass
class Results:
    """Every game played, and the summaries drawn from them."""

    game: str
    labels: list[str]
    games: list[GameResult]
    seed: int = 0

    def distinct(self) -> list[str]:
        return list(dict.fromkeys(self.labels))

    def summary(self) -> list[dict]:
        """One row per distinct bot: seats played, win rate per seat with its 95% confidence
        interval, mean and quartiles of the final money, openskill rating, mean time per game."""
        ratings = self.ratings()
        rows = []
        for label in self.distinct():
            wins, scores, seats = 0.0, [], 0
            for g in self.games:
                for i, lab in enumerate(g.labels):
                    if lab == label:
                        seats += 1
                        wins += g.wins[i]
                        scores.append(g.scores[i])
            low, high = wilson(wins, seats)
            q = statistics.quantiles(scores, n=4) if len(scores) > 1 else [scores[0]] * 3 if scores else [0] * 3
            rows.append({"bot": label, "seats": seats, "wins": wins, "win rate": wins / seats if seats else 0,
                         "ci low": low, "ci high": high, "mean money": statistics.fmean(scores) if scores else 0,
                         "money q1": q[0], "median money": q[1], "money q3": q[2],
                         "rating": ratings.get(label, (0, 0))[0], "rating sigma": ratings.get(label, (0, 0))[1]})
        return rows

    def ratings(self) -> dict[str, tuple[float, float]]:
        """openskill (Plackett-Luce) rating of each distinct bot: (mu, sigma). A bot seated several
        times in a game plays as several teams sharing one rating (their updates are averaged)."""
        try:
            from openskill.models import PlackettLuce
        except ImportError:  # pragma: no cover - openskill is a dependency
            return {}
        model = PlackettLuce()
        current = {label: model.rating(name=label) for label in self.distinct()}
        for g in self.games:
            teams = [[model.rating(mu=current[lab].mu, sigma=current[lab].sigma)] for lab in g.labels]
            new = model.rate(teams, scores=list(g.scores))
            merged: dict[str, list] = {}
            for lab, team in zip(g.labels, new):
                merged.setdefault(lab, []).append(team[0])
            for lab, rs in merged.items():
                current[lab] = model.rating(mu=statistics.fmean(r.mu for r in rs),
                                            sigma=min(r.sigma for r in rs))
        return {lab: (r.mu, r.sigma) for lab, r in current.items()}

    def per_bot_stats(self) -> dict[str, dict[str, float]]:
        """Each statistic's mean per seat played, per distinct bot."""
        out: dict[str, dict[str, float]] = {}
        seats: dict[str, int] = {}
        for g in self.games:
            for lab, st in zip(g.labels, g.stats):
                seats[lab] = seats.get(lab, 0) + 1
                row = out.setdefault(lab, {})
                for k, v in st.items():
                    row[k] = row.get(k, 0) + v
        return {lab: {k: v / seats[lab] for k, v in sorted(row.items())} for lab, row in out.items()}

    def rows(self) -> list[dict]:
        """One row per game and seat (the CSV export)."""
        keys = sorted({k for g in self.games for st in g.stats for k in st})
        return [row for g in self.games for row in game_rows(g, keys)]

    @classmethod
    def from_csv(cls, path, game: str = "MegaCorps") -> "Results":
        """The results written by `to_csv` (or by the command line's `--csv`, game by game)."""
        fixed = {"game", "seed", "rotation", "entrant", "bot", "seat", "score", "win", "seconds"}
        by_game: dict[int, list[dict]] = {}
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                by_game.setdefault(int(row["game"]), []).append(row)
        games = []
        for index in sorted(by_game):
            rows = sorted(by_game[index], key=lambda r: int(r["entrant"]))
            games.append(GameResult(index, int(rows[0]["seed"]), int(rows[0]["rotation"]),
                                    [r["bot"] for r in rows], [r["seat"] for r in rows],
                                    [float(r["score"]) for r in rows], [float(r["win"]) for r in rows],
                                    [{k: float(v) for k, v in r.items() if k not in fixed and v != ""} for r in rows],
                                    [], sum(float(r["seconds"]) for r in rows) / len(rows)))
        labels = games[0].labels if games else []
        return cls(game, labels, games, games[0].seed if games else 0)

    def to_csv(self, path) -> None:
        """Write `rows()` as CSV."""
        rows = self.rows()
        with open(path, "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]) if rows else ["game"])
            writer.writeheader()
            writer.writerows(rows)

    def table(self) -> str:
        """The summary as a Markdown table."""
        lines = ["| bot | seats | win rate | 95% CI | mean money | median money | rating |",
                 "|---|---:|---:|---|---:|---:|---:|"]
        for r in self.summary():
            lines.append(f"| {r['bot']} | {r['seats']} | {r['win rate']:.1%} | {r['ci low']:.1%}–{r['ci high']:.1%} "
                         f"| {r['mean money']:.1f} | {r['median money']:.0f} | {r['rating']:.1f} |")
        return "\n".join(lines)


def game_rows(g: GameResult, keys: Sequence[str] | None = None) -> list[dict]:
    """The CSV rows of one game, one per seat."""
    keys = keys if keys is not None else sorted({k for st in g.stats for k in st})
    out = []
    for i, lab in enumerate(g.labels):
        row = {"game": g.index, "seed": g.seed, "rotation": g.rotation, "entrant": i, "bot": lab,
               "seat": g.seats[i], "score": g.scores[i], "win": g.wins[i], "seconds": round(g.seconds, 3)}
        row.update({k: g.stats[i].get(k, 0) for k in keys})
        out.append(row)
    return out


class _CsvAsYouGo:
    """Appends each finished game's rows to a CSV file at once, so a long run interrupted keeps
    every game it finished (`--summary FILE` reads it back)."""

    def __init__(self, path, overwrite: bool = False, keys: Sequence[str] | None = None):
        self.path = path
        self.writer = None
        self.keys = keys   # the statistics' columns (None: the first game's own)
        if os.path.exists(path) and not overwrite:
            raise FileExistsError(f"{path} exists: it may hold results worth keeping; name a new file "
                                  f"(or pass --overwrite)")
        self.file = open(path, "w", newline="")

    def __call__(self, g: GameResult) -> None:
        if self.keys is None:
            self.keys = sorted({k for st in g.stats for k in st})
        rows = game_rows(g, self.keys)
        if self.writer is None:
            self.writer = csv.DictWriter(self.file, fieldnames=list(rows[0]), extrasaction="ignore")
            self.writer.writeheader()
        self.writer.writerows(rows)
        self.file.flush()

    def close(self) -> None:
        self.file.close()


# MegaCorps' statistics (a game may lack some of them, so the columns are fixed); another game's
# columns are its first game's statistics (a MEGAcquire or card game CSV held MegaCorps' names, all 0)
_STAT_KEYS = ["payouts called", "cards played", "companies bought", "interventions", "wars won", "wars lost",
              "mercenaries bought", "trades accepted"]


def report(results: Results, title: str) -> None:
    print(title)
    print(results.table())
    for label, row in results.per_bot_stats().items():
        shown = ", ".join(f"{k} {v:.2f}" for k, v in row.items() if not k.startswith("payouts of"))
        if shown:
            print(f"{label}: {shown}")
    seconds = [g.seconds for g in results.games]
    if seconds:
        print(f"CPU time per game: median {statistics.median(seconds):.2f} s, max {max(seconds):.2f} s")


def main(argv: list[str] | None = None) -> Results:
    parser = argparse.ArgumentParser(prog="python -m megacorps.tournament",
                                     description="Bots play many seat-rotated games; win rates and more.")
    parser.add_argument("bots", nargs="*", help="[game] then one per seat: a level name, module:Class, "
                        "Name[key=value] (game: a name from megacorps.kit.names(), default megacorps)")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="an option of the game (repeatable), e.g. variable_yield=true")
    parser.add_argument("--summary", default=None, help="print the results kept in this CSV file (no games)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="first deal's seed")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--csv", default=None, help="write one row per game and seat here (a new file)")
    parser.add_argument("--overwrite", action="store_true", help="let --csv replace an existing file")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)
    if args.summary:
        results = Results.from_csv(args.summary)
        seeds = sorted({g.seed for g in results.games})
        report(results, f"{len(results.games)} games from {args.summary}, seats rotated, deals "
                        f"{seeds[0] if seeds else '-'} to {seeds[-1] if seeds else '-'}: " + " vs ".join(results.labels))
        return results
    from . import kit
    kind, levels, bots = MEGACORPS, None, list(args.bots)
    if bots and bots[0] in kit.names():
        spec = kit.get(bots.pop(0))
        try:
            options = _options(args.option) or None
            kind, levels = kit_kind(spec.name, options), spec.bot_levels()
        except ValueError as err:
            parser.error(str(err))
    elif args.option:
        parser.error("--option needs a game name first (MegaCorps has no options)")
    if not bots:
        parser.error("name the bots, one per seat (or --summary FILE)")
    try:
        for bot in bots:
            entrant(bot, levels)
        kind.seats(len(bots))
    except (ValueError, TypeError, AttributeError, ImportError) as err:
        parser.error(str(err))
    try:
        writer = (_CsvAsYouGo(args.csv, args.overwrite, _STAT_KEYS if kind is MEGACORPS else None)
                  if args.csv else None)
    except FileExistsError as e:
        parser.error(str(e))
    try:
        results = run(bots, games=args.games, seed=args.seed, workers=args.workers, progress=not args.quiet,
                      on_result=writer, kind=kind, levels=levels)
    finally:
        if writer is not None:
            writer.close()
    report(results, f"{kind.name}: {args.games} games, seats rotated, first seed {args.seed}: " + " vs ".join(bots))
    if args.csv:
        print(f"wrote {args.csv}")
    return results


def _options(pairs: list[str]) -> dict:
    """Options from KEY=VALUE words (true/false, numbers, 'none' read as such)."""
    out: dict = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise ValueError(f"--option {pair!r}: write it as key=value")
        low = value.lower()
        out[key] = {"true": True, "false": False, "none": None}.get(low, _number(value))
    return out


if __name__ == "__main__":
    main()
