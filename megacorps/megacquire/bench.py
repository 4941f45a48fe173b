"""Benchmark of the MEGAcquire engine: complete random 4-player games through the checked door.

    python -m megacorps.megacquire.bench                 # 200 games, 3 runs
    python -m megacorps.megacquire.bench --games 500 --repeat 5
    python -m megacorps.megacquire.bench --instructions 3     # and instructions a step (valgrind)

The games are first played at random (each step chosen among the decider's legal actions,
never an early end), then replayed from their seeds through `Game.apply`, which checks every
action before carrying it out; the replays are timed as a whole (no timer call per step).
Reported: the median and range over the replays of the CPU and wall-clock microseconds a
step, the CPU cost of `legal_actions` a step, the Python build and the machine's load average
(other processes slow the wall clock down, much less the CPU time); with `--instructions`, the
instructions a step counted by valgrind (the same on any load; the machine's performance
counters are not available to `perf` here).
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import re
import shutil
import statistics
import subprocess
import sys
import time

from tqdm import tqdm

from . import ProposeEnd, new_game

SEATS = ["Ada", "Bo", "Cy", "Dee"]


def random_games(games: int, first_seed: int = 0, progress: bool = False) -> tuple[list[list], dict]:
    """Play `games` random games; their actions, and the seconds spent in `legal_actions`."""
    listing = 0.0
    steps = 0
    played = []
    for seed in tqdm(range(first_seed, first_seed + games), disable=not progress, unit="game"):
        game = new_game(SEATS, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            t0 = time.process_time()
            actions = game.legal_actions(game.deciders[0])
            listing += time.process_time() - t0
            game.apply(rng.choice([a for a in actions if type(a) is not ProposeEnd]))
            steps += 1
        played.append(game.actions)
    return played, {"listing": listing, "steps": steps}


def replay(played: list[list], first_seed: int = 0) -> dict:
    """Play the games again from their seeds through the checked door (`apply`): CPU and wall seconds."""
    cpu, wall = time.process_time(), time.perf_counter()
    for seed, actions in enumerate(played, first_seed):
        game = new_game(SEATS, seed=seed)
        for action in actions:
            game.apply(action)
        assert game.is_over
    return {"cpu": time.process_time() - cpu, "wall": time.perf_counter() - wall}


def instructions_a_step(games: int) -> float | None:
    """Instructions a step in `apply`, counted by valgrind's callgrind: the same games played
    at random twice, once with and once without a replay through the checked door; the
    difference is the replay's. None when valgrind is not installed."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    counts = []
    for replays in (0, 1):
        done = subprocess.run(
            [valgrind, "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-m", __spec__.name,
             "--games", str(games), "--repeat", str(replays), "--quiet"],
            capture_output=True, text=True, check=True)
        counts.append(int(re.search(r"Collected : (\d+)", done.stderr).group(1)))
        steps = int(re.search(r"steps (\d+)", done.stdout).group(1))
    return (counts[1] - counts[0]) / steps


def python_build() -> str:
    return (f"{platform.python_implementation()} {platform.python_version()} "
            f"({' '.join(platform.python_build())}; {platform.python_compiler()}) on {platform.machine()}")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--instructions", type=int, default=0, metavar="GAMES",
                        help="also count instructions a step with valgrind, over GAMES games (slow)")
    parser.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)  # valgrind's runs
    args = parser.parse_args(argv)
    if args.quiet:
        played, listed = random_games(args.games)
        for _ in range(args.repeat):
            replay(played)
        print(f"steps {listed['steps']}")
        return
    load = os.getloadavg()
    played, listed = random_games(args.games, progress=True)
    runs = [replay(played) for _ in range(args.repeat)]
    load_end = os.getloadavg()
    steps = listed["steps"]
    cpu = sorted(r["cpu"] / steps * 1e6 for r in runs)
    wall = sorted(r["wall"] / steps * 1e6 for r in runs)
    print(f"Python: {python_build()}")
    print(f"{args.games} random games of 4 players ({steps / args.games:.0f} steps a game), replayed "
          f"{args.repeat} times through the checked door on one core (load average {load[0]:.2f} "
          f"{load[1]:.2f} {load[2]:.2f} at start, {load_end[0]:.2f} at end):")
    print(f"  {statistics.median(cpu):8.1f} microseconds of CPU a step in apply, new games included "
          f"(range {cpu[0]:.1f}-{cpu[-1]:.1f})")
    print(f"  {statistics.median(wall):8.1f} microseconds of wall-clock time a step "
          f"(range {wall[0]:.1f}-{wall[-1]:.1f}; more than CPU when other processes share the cores)")
    print(f"  {listed['listing'] / steps * 1e6:8.1f} microseconds of CPU a step in legal_actions "
          f"(what a bot pays to see its choices; not part of the checked door)")
    if args.instructions:
        counted = instructions_a_step(args.instructions)
        print(f"  {counted:8.0f} instructions a step in apply (valgrind callgrind, {args.instructions} games)"
              if counted is not None else "  instructions not counted: valgrind is not installed")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
