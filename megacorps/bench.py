"""Benchmark: complete random 4-corp games on one core, through both doors of the engine.

    python -m megacorps.bench                    # 1,000 games a path, best of 3, and callgrind
    python -m megacorps.bench --games 3000 --repeat 5 --no-valgrind

* **checked**: the public door, as the app and the table service use it. At every step the
  deciders and the decider's `legal_actions` are listed, a random player chooses (now and then
  an any-time card), and `Game.apply` checks, copies and applies it, with its log and undo.
* **simulator**: the search path (`game.simulator()`): `deciders`, `choices`, now and then
  `card_plays`, and `step` in place, unchecked, without a log.

Both play the same kind of game: a uniformly random choice among the pending decision's
choices, and with probability 0.1 an any-time card if the decider holds a playable one. (The
simulator answers No Card itself for corps that cannot play a payout card, where the checked door
asks every card holder, so the same seed gives different games on the two paths.) Each run reports the best
of `--repeat` runs (other processes only ever slow a run down) and the spread of all runs.
It also times `determinize` (a corp's sampled view of a round-5 position) per call.
When valgrind is installed, `--valgrind` (the default) also counts the instructions per game
with callgrind: (instructions for N+K games - for K games) / N, which does not depend on the
machine's load.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]
CARD_RATE = 0.1


def checked_game(seed: int) -> int:
    """One random game through the checked door; returns its number of steps."""
    from . import new_game
    from .actions import PlayCard

    rng = random.Random(seed)
    game = new_game(CORPS, seed=seed)
    steps = 0
    while not game.is_over:
        corp = game.deciders[0]
        options = game.legal_actions(corp)
        extra = game.interruptions(corp)
        action = None
        if rng.random() < CARD_RATE:
            plays = [a for a in extra if type(a) is PlayCard]
            if plays:
                action = plays[int(rng.random() * len(plays))]
        if action is None:
            action = options[int(rng.random() * (len(options) - len(extra)))]
        game.apply(action)
        steps += 1
    return steps


def simulator_game(seed: int) -> int:
    """One random game on the simulator; returns its number of steps."""
    from .setup import new_game_state
    from .simulator import Simulator

    rng = random.Random(seed)
    sim = Simulator(new_game_state(CORPS, seed, quiet=True)[0])
    steps = 0
    while not sim.is_over:
        corp = sim.deciders[0]
        action = None
        if rng.random() < CARD_RATE:
            plays = sim.card_plays(corp)
            if plays:
                action = plays[int(rng.random() * len(plays))]
        if action is None:
            choices = sim.choices(corp)
            action = choices[int(rng.random() * len(choices))]
        sim.step(action)
        steps += 1
    return steps


PATHS = {"checked": checked_game, "simulator": simulator_game}


def determinize_position():
    """A game in round 5 (random play, seed 3), for timing `determinize` (issue 7: at most
    15 µs a call)."""
    from . import new_game
    rng = random.Random(3)
    game = new_game(CORPS, seed=3)
    while game.state.round < 5:
        corp = game.deciders[0]
        options = game.legal_actions(corp)
        game.apply(options[int(rng.random() * len(options))])
    return game


def determinize_calls(calls: int) -> float:
    """Seconds for `calls` calls of determinize(game, "Mokia", rng) on `determinize_position()`."""
    from .simulator import determinize
    game = determinize_position()
    rng = random.Random(0)
    determinize(game, CORPS[0], rng)
    start = time.perf_counter()
    for _ in range(calls):
        determinize(game, CORPS[0], rng)
    return time.perf_counter() - start


def run(path: str, games: int, first_seed: int = 0) -> tuple[float, int]:
    """Play `games` games on `path`; returns (seconds, wall-clock, steps)."""
    play = PATHS[path]
    steps = 0
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        steps += play(seed)
    return time.perf_counter() - start, steps


def instructions_per_game(path: str, games: int = 20, warmup: int = 5) -> float | None:
    """Instructions per game under callgrind: (I(warmup + games) - I(warmup)) / games.

    Both runs first play one game and collect the garbage of the imports (`gc.collect()`):
    otherwise the collector's first full pass over the ~33 k objects the imports leave, which
    falls inside the longer run only, counted as the games' (about 0.8 M a game on the checked
    door over 20 games). The collections the games themselves cause are counted."""
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        return None
    counts = []
    for n in (warmup, warmup + games):
        with tempfile.TemporaryDirectory() as tmp:
            out = os.path.join(tmp, "callgrind.out")
            code = ("import gc; from megacorps.bench import determinize_calls, run; "
                    + (f"determinize_calls(10); gc.collect(); determinize_calls({n * 10})" if path == "determinize"
                       else f"run({path!r}, 1, first_seed=999); gc.collect(); run({path!r}, {n}, first_seed=1000)"))
            subprocess.run([valgrind, "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, "-c", code],
                           check=True, capture_output=True)
            with open(out) as f:
                text = f.read()
            counts.append(int(re.search(r"^(?:summary|totals): (\d+)", text, re.M).group(1)))
    return (counts[1] - counts[0]) / games


def determinize_line(repeat: int, valgrind: bool) -> str:
    """µs per determinize call (best of `repeat` runs of 2,000 calls) and, with valgrind,
    instructions per call."""
    runs = [determinize_calls(2000) / 2000 * 1e6 for _ in range(repeat)]
    line = f"  determinize  {min(runs):5.1f} µs a call (runs {min(runs):.1f}-{max(runs):.1f})"
    if valgrind:
        count = instructions_per_game("determinize")
        if count is not None:
            line += f"  {count / 10 / 1e3:5.1f} k instructions/call"
    return line


def python_build() -> str:
    """Which Python runs the benchmark, and how it was built: figures are comparable only on
    the same build (a Python built with PGO and LTO, or linked statically as Debian's, runs this
    engine about 20% faster than a plain `./configure` build such as pyenv's default)."""
    import platform
    import sysconfig
    config = sysconfig.get_config_var("CONFIG_ARGS") or ""
    flags = " ".join(sysconfig.get_config_var(name) or "" for name in ("PY_CFLAGS_NODIST", "PY_LDFLAGS_NODIST", "CFLAGS"))
    pgo = "--enable-optimizations" in config or "-fprofile-use" in flags
    lto = "--with-lto" in config or "-flto" in flags
    shared = _links_libpython()
    notes = [f"PGO {'yes' if pgo else 'no (or not recorded)'}", f"LTO {'yes' if lto else 'no (or not recorded)'}",
             "libpython shared (slower calls)" if shared else "libpython linked in"]
    return f"Python {platform.python_version()} at {sys.executable} ({', '.join(notes)})"


def _links_libpython() -> bool:
    """Whether the interpreter calls into a shared libpython (an extra indirection per call)."""
    try:
        with open(f"/proc/{os.getpid()}/maps") as f:
            return "libpython" in f.read()
    except OSError:
        return False


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games a run, on each path")
    parser.add_argument("--repeat", type=int, default=3, help="runs on each path (the best is reported)")
    parser.add_argument("--paths", nargs="+", default=list(PATHS), choices=list(PATHS))
    parser.add_argument("--valgrind", action=argparse.BooleanOptionalAction, default=True,
                        help="also count instructions per game with callgrind (when installed)")
    args = parser.parse_args(argv)
    print(f"{args.games} random 4-corp games a run, {args.repeat} runs a path, one core; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"  {python_build()}")
    for path in args.paths:
        rates = []
        steps = 0
        for _ in range(args.repeat):
            seconds, steps = run(path, args.games)
            rates.append(args.games / seconds)
        best = max(rates)
        spread = f"{min(rates):.0f}-{best:.0f}" if len(rates) > 1 else f"{best:.0f}"
        per_step = 1e6 / best / (steps / args.games)
        line = (f"  {path:9}  {best:6.0f} games/s (runs {spread}, median {statistics.median(rates):.0f})  "
                f"{steps / args.games:5.1f} steps/game  {per_step:5.1f} µs/step")
        if args.valgrind:
            count = instructions_per_game(path)
            if count is not None:
                line += f"  {count / 1e6:5.2f} M instructions/game"
        print(line, flush=True)
    print(determinize_line(args.repeat, args.valgrind), flush=True)
    print(f"  load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
