"""Head to head: one bot level against three of another, in 4-player games.

    python -m megacorps.megacquire.tournament Tycoon Random --games 100
    python -m megacorps.megacquire.tournament Oracle Tycoon --games 100
    python -m megacorps.megacquire.tournament Hoarder Tycoon --games 100      # a fixed plan (bots/plans.py)

The challenger sits in each seat in turn (seat 1 in game 1, seat 2 in game 2, ...), every game
from its own seed. A shared victory counts as a fraction of a win. Reported: the challenger's
win share (chance is 25%) with a 95% Wilson interval, its mean final cash against the others',
and the seconds per decision of each level (median and the slowest, in CPU time and on the wall clock).
"""
from __future__ import annotations

import argparse
import math
import os
import statistics
import time

from tqdm import tqdm

from . import new_game
from .bots import LEVELS
from .bots.plans import PLANS

PLAYERS = {**LEVELS, **PLANS}  # the levels, and the fixed plans that test them

SEATS = ["Ada", "Bo", "Cy", "Dee"]


def match(challenger: str, field: str, games: int, first_seed: int = 0, progress: bool = False) -> dict:
    wins = 0.0
    cash_challenger: list[int] = []
    cash_field: list[int] = []
    thinking: dict[str, list[float]] = {challenger: [], field: []}
    waiting: dict[str, list[float]] = {challenger: [], field: []}
    for k in tqdm(range(games), disable=not progress, unit="game"):
        seed = first_seed + k
        seat = SEATS[k % 4]
        game = new_game(SEATS, seed=seed)
        bots = {p: PLAYERS[challenger if p == seat else field](seed=seed * 10 + i) for i, p in enumerate(SEATS)}
        while not game.is_over:
            who = game.deciders[0]
            t0, w0 = time.process_time(), time.perf_counter()
            decision = bots[who].decide(game, who)
            level = challenger if who == seat else field
            thinking[level].append(time.process_time() - t0)
            waiting[level].append(time.perf_counter() - w0)
            game.apply(decision.action)
        if seat in game.winners():
            wins += 1 / len(game.winners())
        scores = game.scores()
        cash_challenger.append(scores[seat])
        cash_field.extend(v for p, v in scores.items() if p != seat)
    return {"wins": wins, "games": games, "cash": statistics.mean(cash_challenger),
            "field_cash": statistics.mean(cash_field), "thinking": thinking,
            "waiting": waiting}


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("challenger", choices=list(PLAYERS))
    parser.add_argument("field", choices=list(PLAYERS))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    start = time.process_time()
    r = match(args.challenger, args.field, args.games, args.seed, progress=True)
    low, high = wilson(r["wins"], r["games"])
    print(f"{args.challenger} against three {args.field}, {args.games} games of 4 players "
          f"(load average {load:.2f} at start, {os.getloadavg()[0]:.2f} at end; "
          f"{time.process_time() - start:.0f} s of CPU):")
    print(f"  wins {r['wins'] / r['games']:.0%} (95% interval {low:.0%}-{high:.0%}; chance is 25%)")
    print(f"  mean final cash ${r['cash']:,.0f} against ${r['field_cash']:,.0f} for the others")
    for level, times in r["thinking"].items():
        wall = r["waiting"][level]
        print(f"  {level}: {len(times)} decisions, {statistics.median(times) * 1000:.1f} ms of CPU a decision (median), "
              f"slowest {max(times) * 1000:.0f} ms; wall clock {statistics.median(wall) * 1000:.1f} ms (median), "
              f"slowest {max(wall) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
