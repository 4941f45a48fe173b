"""The kit's benchmark: complete random games of any registered game through the checked door
(`legal_actions` or the game's random action, then `apply`), on one core.

    python -m megacorps.kit.bench                       # every registered game, 200 games each
    python -m megacorps.kit.bench notecard --games 1000 --repeat 3

It measures what every game pays for the protocol's door, the same way for all: games per
second and microseconds per step (the best of `--repeat` runs: other processes only ever slow a
run down), with the Python build and the machine's load, which the figures depend on. A game's
own bench (`python -m megacorps.bench` for MegaCorps) goes further: its search path, and
instruction counts that do not depend on the load.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import time

from . import registry
from ..bench import python_build


def play(name: str, seed: int) -> int:
    """One random game of `name` from `seed` through the checked door; returns its steps."""
    spec = registry.get(name)
    rng = random.Random(seed)
    game = spec.new_game(list(spec.default_seats), seed=seed)
    steps = 0
    while not game.is_over:
        deciders = game.deciders
        seat = deciders[0] if len(deciders) == 1 else rng.choice(deciders)
        game.apply(spec.pick_random_action(game, seat, rng))
        steps += 1
    return steps


def run(name: str, games: int, first_seed: int = 0) -> tuple[float, int]:
    """CPU seconds and steps for `games` random games of `name`."""
    start = time.process_time()
    steps = sum(play(name, first_seed + g) for g in range(games))
    return time.process_time() - start, steps


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_", nargs="*", metavar="GAME", help="games to time (default: every registered game)")
    parser.add_argument("--games", type=int, default=200, help="random games a run")
    parser.add_argument("--repeat", type=int, default=3, help="runs a game (the best is reported)")
    args = parser.parse_args(argv)
    names = args.games_ or registry.names()
    for name in names:
        try:
            registry.get(name)
        except ValueError as err:
            parser.error(str(err))
    print(f"{args.games} random games a run with each game's default seats, {args.repeat} runs, one core; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"  {python_build()}")
    for name in names:
        rates, per_step = [], []
        for _ in range(args.repeat):
            seconds, steps = run(name, args.games)
            rates.append(args.games / seconds)
            per_step.append(seconds / steps * 1e6)
        spread = f"{min(rates):.0f}-{max(rates):.0f}" if len(rates) > 1 else f"{rates[0]:.0f}"
        print(f"  {name:12} {max(rates):8.0f} games/s (runs {spread}, median {statistics.median(rates):.0f})  "
              f"{steps / args.games:7.1f} steps/game  {min(per_step):6.1f} µs/step", flush=True)
    print(f"  load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
