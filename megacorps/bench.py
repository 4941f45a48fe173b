"""Benchmark: complete random 4-corp games per second on one core, and the cost of one step.

    python -m megacorps.bench                # 1,000 games
    python -m megacorps.bench --games 3000 --repeat 3

Each game is played by `RandomBot`s through the public, checked door: at every step the
deciders and their `legal_actions()` are listed, a bot chooses (now and then an event card),
and `apply` checks and applies it.
The best of `--repeat` runs is reported (other processes on the machine only slow a run down).
"""
from __future__ import annotations

import argparse
import time

from tqdm import tqdm

from . import new_game
from .bots import RandomBot

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


def play_random_games(games: int, first_seed: int = 0, progress: bool = False) -> tuple[float, int, float]:
    """Play `games` random games; returns (seconds in all, steps, seconds in legal_actions+apply)."""
    steps = 0
    stepping = 0.0
    clock = time.perf_counter
    start = clock()
    for seed in tqdm(range(first_seed, first_seed + games), disable=not progress, unit="game"):
        game = new_game(CORPS, seed=seed)
        bots = {corp: RandomBot(seed * 10 + i) for i, corp in enumerate(CORPS)}
        while not game.is_over:
            t0 = clock()
            corp = game.deciders[0]
            game.legal_actions()
            t1 = clock()
            action = bots[corp].choose(game, corp)
            t2 = clock()
            game.apply(action)
            stepping += (t1 - t0) + (clock() - t2)
            steps += 1
    return clock() - start, steps, stepping


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    best = None
    for run in range(args.repeat):
        result = play_random_games(args.games, progress=run == 0)
        if best is None or result[0] < best[0]:
            best = result
    seconds, steps, stepping = best
    print(f"{args.games} random 4-corp games, best of {args.repeat} runs, one core:")
    print(f"  {args.games / seconds:8.0f} games per second")
    print(f"  {steps / args.games:8.1f} steps per game")
    print(f"  {stepping / steps * 1e6:8.1f} microseconds per step (deciders + legal_actions + apply)")
    print(f"  {seconds / steps * 1e6:8.1f} microseconds per step, everything included")


if __name__ == "__main__":
    main()
