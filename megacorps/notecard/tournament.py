"""The note-card game in the project's tournament runner (`megacorps.tournament`, which is
game-agnostic): how to make, play and score a game, and a command line that knows this game's
bot levels and options.

    python -m megacorps.notecard.tournament Odds Balanced Balanced Balanced --games 200 --variable-yield
    python -m megacorps.notecard.tournament Saboteur Cautious --games 200 --last-quarter 8

From Python: `megacorps.tournament.run(["Odds", ...], kind=notecard_kind(options))` with entrants
given as classes or `Entrant`s (level names there are MegaCorps'), or `run(...)` below.
"""
from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass

from ..tournament import Entrant, GameKind, Results
from ..tournament import run as run_tournament
from .bots import LEVELS, play_out
from .bots.plans import PLANS
from .options import DEFAULT_CORPS, MAX_PLAYERS, MIN_PLAYERS, Options, parse_options


def _seats(n: int) -> list[str]:
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise ValueError(f"the note-card game is for {MIN_PLAYERS} to {MAX_PLAYERS} corporations, not {n}")
    return list(DEFAULT_CORPS[:n])


@dataclass(frozen=True)
class _NewGame:
    """Makes a game with fixed options (picklable, for worker processes)."""

    options: Options

    def __call__(self, seats: list[str], seed: int):
        from . import new_game
        return new_game(seats, seed=seed, options=self.options)


def _play(game, bots: dict):
    return play_out(game, bots)


def _scores(game) -> dict[str, float]:
    """Money at the end (a bankrupt corporation has 0); the highest wins, as `winners()` says."""
    return {c: float(m) for c, m in game.scores().items()}


def notecard_stats(game) -> dict[str, dict[str, float]]:
    """What each corporation did: quarters played, money invested and spent on sabotage, the
    sabotage it suffered, costs of entry, industries opened, whether it went bankrupt."""
    out = {c: {"quarters played": 0.0, "invested": 0.0, "sabotage spent": 0.0, "sabotage suffered": 0.0,
               "entry costs": 0.0, "bankrupt": float(c in game.state.bankrupt)} for c in game.players}
    for report in game.reports:
        for corp in report.kept:
            out[corp]["quarters played"] += 1
        for line in report.lines:
            out[line.corp]["invested"] += line.invested
            out[line.corp]["entry costs"] += line.entry_cost
            out[line.corp]["sabotage suffered"] += line.total_sabotage
            for saboteur, amount in line.sabotage.items():
                out[saboteur]["sabotage spent"] += amount
    return out


def notecard_money_series(game) -> dict[str, list[float]]:
    """Each corporation's money at the start and after every quarter."""
    by_quarter = game.money_by_quarter()
    return {c: [float(m[c]) for m in by_quarter] for c in game.players}


def notecard_kind(options: Options | dict | None = None) -> GameKind:
    """The note-card game with these options, for `megacorps.tournament.run(kind=...)`."""
    opts = parse_options(options)
    modules = [n for on, n in ((opts.variable_yield, "Variable Yield"), (opts.variable_industries,
                                                                        "Variable Industries")) if on]
    name = "Megacorp (note cards" + (", " + " + ".join(modules) if modules else "") + ")"
    return GameKind(name, _seats, _NewGame(opts), _play, _scores, notecard_stats, notecard_money_series)


NOTECARD = notecard_kind()


def entrant(spec) -> Entrant:
    """An Entrant from one of this game's level names, or a bot class."""
    if isinstance(spec, Entrant):
        return spec
    if isinstance(spec, str):
        players = {**LEVELS, **PLANS}
        if spec not in players:
            raise ValueError(f"unknown note-card bot {spec!r}: the levels are {', '.join(LEVELS)}, the "
                             f"plain plans {', '.join(PLANS)}")
        spec = players[spec]
    from ..tournament import entrant as generic
    return generic(spec)


def run(bots, games: int = 100, seed: int = 0, options: Options | dict | None = None, **kw) -> Results:
    """Play `games` seat-rotated games between `bots` (level names or classes) through the
    project's runner (keywords as `megacorps.tournament.run`)."""
    return run_tournament([entrant(b) for b in bots], games=games, seed=seed, kind=notecard_kind(options), **kw)


def main(argv: list[str] | None = None) -> Results:
    parser = argparse.ArgumentParser(prog="python -m megacorps.notecard.tournament",
                                     description="Note-card bots play many seat-rotated games.")
    parser.add_argument("bots", nargs="+", help=f"one per seat: a level ({', '.join(LEVELS)}) or a plain "
                        f"plan ({', '.join(PLANS)})")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--variable-yield", action="store_true")
    parser.add_argument("--variable-industries", action="store_true")
    parser.add_argument("--last-quarter", type=int, default=0,
                        help="the house rule of an agreed last quarter (default 0: the rules' ending)")
    parser.add_argument("--csv", default=None)
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    options = {"variable_yield": args.variable_yield, "variable_industries": args.variable_industries,
               "last_quarter": args.last_quarter or None}
    results = run(args.bots, games=args.games, seed=args.seed, options=options, workers=args.workers,
                  progress=not args.quiet)
    print(f"{results.game}: {args.games} games, seats rotated, first seed {args.seed}: " + " vs ".join(args.bots))
    print(results.table())
    for label, row in results.per_bot_stats().items():
        print(f"{label}: " + ", ".join(f"{k} {v:,.1f}" for k, v in row.items()))
    quarters = [len(g.series[0]) - 1 for g in results.games]
    print(f"Quarters a game lasted: median {statistics.median(quarters):g}, longest {max(quarters)}")
    seconds = [g.seconds for g in results.games]
    print(f"CPU time per game: median {statistics.median(seconds) * 1000:.1f} ms, max {max(seconds) * 1000:.1f} ms")
    if args.csv:
        results.to_csv(args.csv)
    return results


if __name__ == "__main__":
    main()
