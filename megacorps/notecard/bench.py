"""Benchmark of the note-card engine: complete games per second on one core, and the cost of
one note card (checked and handed in) and of one quarter's settlement.

    python -m megacorps.notecard.bench                       # 1,000 four-corporation games
    python -m megacorps.notecard.bench --games 2000 --repeat 5 --bots Balanced --modules

Each game (12 quarters at most, the default last quarter) is played by bots through the public,
checked door: every card is read from the corporation's view, checked and handed in; the last
card of a quarter triggers the settlement. The median and the range of `--repeat` runs are
reported, with the machine's load average (other processes slow a run down).
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from tqdm import tqdm

from . import new_game
from .bots import LEVELS

CORPS = ["Northwind", "Halcyon", "Vantage", "Quorum"]


def play_games(games: int, bot: str = "Random", modules: bool = False, progress: bool = False) -> dict:
    """Play `games` games; returns seconds in all, cards, quarters, and the seconds spent in
    `apply` (checking cards, settling quarters) apart from the bots' thinking."""
    clock = time.perf_counter
    cards = quarters = 0
    applying = 0.0
    start = clock()
    # the house rule of 12 quarters keeps the games as long as when docs/notecard.md's figures were
    # measured (the rules' own ending stops most of them sooner)
    options = {"variable_yield": modules, "variable_industries": modules, "last_quarter": 12}
    for seed in tqdm(range(games), disable=not progress, unit="game"):
        game = new_game(CORPS, seed=seed, options=options)
        bots = {c: LEVELS[bot](seed=seed * 10 + i) for i, c in enumerate(CORPS)}
        while not game.is_over:
            corp = game.deciders[0]
            card = bots[corp].choose(game, corp)
            t0 = clock()
            game.apply(card)
            applying += clock() - t0
            cards += 1
        quarters += len(game.reports)
    return {"seconds": clock() - start, "cards": cards, "quarters": quarters, "applying": applying}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--bots", default="Random", choices=list(LEVELS))
    parser.add_argument("--modules", action="store_true", help="Variable Yield and Variable Industries on")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    runs = [play_games(args.games, args.bots, args.modules, progress=i == 0) for i in range(args.repeat)]
    load_end = os.getloadavg()[0]
    rates = sorted(args.games / r["seconds"] for r in runs)
    per_card = sorted(r["seconds"] / r["cards"] * 1e6 for r in runs)
    per_apply = sorted(r["applying"] / r["cards"] * 1e6 for r in runs)
    r = runs[0]
    print(f"{args.games} games of 4 corporations, {args.bots} bots, "
          f"{'both modules' if args.modules else 'core game'}, {args.repeat} runs, one core "
          f"(load average {load:.1f} at start, {load_end:.1f} at end):")
    print(f"  {statistics.median(rates):8.0f} games per second (range {rates[0]:.0f}-{rates[-1]:.0f})")
    print(f"  {r['quarters'] / args.games:8.1f} quarters and {r['cards'] / args.games:.1f} note cards per game")
    print(f"  {statistics.median(per_apply):8.1f} microseconds per note card in apply (check, hand in, and "
          f"the quarter's settlement when it is the last card)")
    print(f"  {statistics.median(per_card):8.1f} microseconds per note card, the bot's thinking included")


if __name__ == "__main__":
    main()
