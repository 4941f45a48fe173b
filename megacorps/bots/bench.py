"""How long each level takes to decide, in CPU time per decision (docs/bots.md).

    python -m megacorps.bots.bench                       # every level, 4 games each
    python -m megacorps.bots.bench --levels Mastermind --games 10

Each level plays one seat of a 4-corp game against three Shrewd bots (the seat rotates with the
game); every call the driver makes for that seat is timed (`decide` and `interrupt`, so the
time a bot spends considering its cards and trade offers is counted too). CPU time, not wall
time: other processes on the machine slow a run down less. Quote the load (`uptime`) with it.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from .. import new_game
from .driver import next_move
from .levels import LEVELS
from .protocol import decide, interrupt

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


class _Timed:
    """Wraps a bot and records the CPU time of each call: decisions and interruptions apart."""

    def __init__(self, bot, decisions: list[float], interruptions: list[float]):
        self.bot = bot
        self.decisions = decisions
        self.interruptions = interruptions

    def decide(self, game, corp):
        start = time.process_time()
        decision = decide(self.bot, game, corp)
        self.decisions.append(time.process_time() - start)
        return decision

    def interrupt(self, game, corp):
        start = time.process_time()
        found = interrupt(self.bot, game, corp)
        self.interruptions.append(time.process_time() - start)
        return found


def time_level(level: str, games: int = 4, seed: int = 0, against: str = "Shrewd") -> tuple[list[float], list[float]]:
    """CPU seconds of every decision and of every look for something to do unasked, of
    `level`'s bot over `games` games."""
    times: list[float] = []
    unasked: list[float] = []
    for g in range(games):
        game = new_game(CORPS, seed=seed + g)
        seat = CORPS[g % len(CORPS)]
        bots = {c: LEVELS[against](seed=100 * g + i) for i, c in enumerate(CORPS)}
        bots[seat] = _Timed(LEVELS[level](seed=g), times, unasked)
        while not game.is_over:
            corp, decision = next_move(game, bots)
            game.apply(decision.action)
    return times, unasked


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--levels", nargs="*", default=list(LEVELS))
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| level | decisions | median | 90th percentile | worst | looks unasked: median, worst |")
    print("|---|---:|---:|---:|---:|---:|")
    for level in args.levels:
        times, unasked = time_level(level, args.games, args.seed)
        times.sort()
        p90 = times[int(0.9 * (len(times) - 1))]
        print(f"| {level} | {len(times)} | {statistics.median(times) * 1e3:.2f} ms | {p90 * 1e3:.1f} ms "
              f"| {times[-1] * 1e3:.1f} ms | {statistics.median(unasked) * 1e3:.2f} ms, "
              f"{max(unasked) * 1e3:.1f} ms |")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
