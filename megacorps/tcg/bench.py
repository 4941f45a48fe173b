"""Benchmark of the trading card game's engine: complete games per second on one core, and the
cost of one step through the checked door (`Game.apply`: the legality check, then the rules).

    python -m megacorps.tcg.bench                     # 100 Random-vs-Random games, 3 runs
    python -m megacorps.tcg.bench --games 20 --bots Heuristic

Each game is played by bots through the public door: each step lists the seat's legal actions,
the bot picks one, `apply` checks it and plays it. The median and the range of the runs are
reported with the machine's load average. Times are this process's CPU time, so a busy
machine slows the run without inflating the figures (a loaded core still runs slower: shared caches).
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from tqdm import tqdm

from . import new_game
from .bots import LEVELS
from .cards import DECK_NAMES


def play_games(games: int, bot: str = "Random", progress: bool = False) -> dict:
    clock = time.process_time                # CPU time: other processes on a shared machine do not count
    steps = 0
    applying = 0.0
    start = clock()
    for seed in tqdm(range(games), disable=not progress, unit="game"):
        decks = [DECK_NAMES[seed % 3], DECK_NAMES[(seed // 3) % 3]]
        game = new_game(["Ana", "Nick"], seed=seed, options={"decks": decks})
        bots = {x: LEVELS[bot](seed=seed * 10 + i) for i, x in enumerate(game.seats)}
        while not game.is_over:
            seat = game.deciders[0]
            action = bots[seat].decide(game, seat).action
            t0 = clock()
            game.apply(action)
            applying += clock() - t0
            steps += 1
    return {"seconds": clock() - start, "steps": steps, "applying": applying}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bots", default="Random", choices=list(LEVELS))
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    runs = [play_games(args.games, args.bots, progress=i == 0) for i in range(args.repeat)]
    load_end = os.getloadavg()[0]
    rates = sorted(args.games / r["seconds"] for r in runs)
    per_step = sorted(r["applying"] / r["steps"] * 1e6 for r in runs)
    whole = sorted(r["seconds"] / r["steps"] * 1e6 for r in runs)
    print(f"{args.games} games, {args.bots} bots, the three sample decks in turn, {args.repeat} runs, one core "
          f"(load average {load:.1f} at start, {load_end:.1f} at end):")
    print(f"  {statistics.median(rates):8.1f} games per second (range {rates[0]:.1f}-{rates[-1]:.1f})")
    print(f"  {runs[0]['steps'] / args.games:8.1f} steps per game")
    print(f"  {statistics.median(per_step):8.1f} microseconds per step in apply (checked against the legal "
          f"actions, then played)")
    print(f"  {statistics.median(whole):8.1f} microseconds per step, listing the legal actions and the bot included")


if __name__ == "__main__":
    main()
