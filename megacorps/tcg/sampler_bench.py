"""What one of the Sampler's decisions costs, version against version, on the same positions:
the positions of games between Heuristic bots where the Sampler would look ahead (its own Buy and
Challenge phases, nothing on the stack), each decided by every version asked for, in CPU time.

    python -m megacorps.tcg.sampler_bench --games 3 --versions "race=0,shared=0,fast=0" ""

A version is the Sampler's keywords (`SamplerBot(race=..., shared=..., fast=..., candidates=...)`;
"" is today's defaults). Games are deals 1..n of incarnes, corporation and gnosts in turn against
gnosts; the positions are the same for every version, so the costs compare one for one.
"""
from __future__ import annotations

import argparse
import os
import statistics
import time

from . import new_game
from .bots import HeuristicBot, SamplerBot
from .cards import DECK_NAMES


def keywords(text: str) -> dict:
    """"race=0,fast=1" -> {"race": 0, "fast": 1}."""
    return {k: int(v) for k, v in (part.split("=") for part in text.split(",") if part)}


def positions(games: int, every: int = 4):
    """Every `every`th position of `games` Heuristic games where the active seat may buy or attack
    in its own Buy or Challenge phase with nothing on the stack: (game, seat), each a live game."""
    for seed in range(1, games + 1):
        game = new_game(["Ana", "Nick"], seed=seed, options={"decks": [DECK_NAMES[seed % 3], "gnosts"]})
        bots = {x: HeuristicBot(seed + i) for i, x in enumerate(game.seats)}
        n = 0
        while not game.is_over:
            seat = game.deciders[0]
            s, prompt = game.state, game.prompt
            if (s.active == seat and s.phase in ("buy", "challenge") and not s.stack and s.combat is None
                    and prompt.kind == "priority" and len(game.legal_actions(seat)) > 1):
                n += 1
                if n % every == 0:
                    yield game, seat
            game.apply(bots[seat].decide(game, seat).action)


def compare(games: int, versions: list[str]) -> dict[str, list[float]]:
    """Version -> the CPU seconds of each of its decisions, on the same positions."""
    out: dict[str, list[float]] = {v: [] for v in versions}
    for i, (game, seat) in enumerate(positions(games)):
        for v in versions:
            bot = SamplerBot(seed=i, **keywords(v))
            start = time.process_time()
            bot.decide(game, seat)
            out[v].append(time.process_time() - start)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--versions", nargs="+", default=["race=0,shared=0,fast=0", ""])
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    costs = compare(args.games, args.versions)
    print(f"{len(costs[args.versions[0]])} positions from {args.games} Heuristic games "
          f"(load average {load:.1f} at start, {os.getloadavg()[0]:.1f} at end); CPU ms a decision:")
    for v, c in costs.items():
        print(f"  Sampler({v or 'today'}): median {1000 * statistics.median(c):.0f}, "
              f"mean {1000 * statistics.mean(c):.0f}, 90% {1000 * sorted(c)[int(len(c) * .9)]:.0f}")


if __name__ == "__main__":
    main()
