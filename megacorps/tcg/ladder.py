"""Two bot levels head to head: seats and the three sample decks in turn.

    python -m megacorps.tcg.ladder --games 8 --a Sampler --b Heuristic
"""
from __future__ import annotations

import argparse
import os

from tqdm import tqdm

from . import new_game
from .bots import LEVELS, play_out
from .cards import DECK_NAMES


def head_to_head(games: int, a: str, b: str, progress: bool = False) -> dict:
    """Wins of level `a`, of level `b`, ties, and the turns each game lasted."""
    out = {a: 0, b: 0, "ties": 0, "turns": []}
    for seed in tqdm(range(games), disable=not progress, unit="game"):
        decks = [DECK_NAMES[seed % 3], DECK_NAMES[(seed // 3 + 1) % 3]]
        game = new_game(["Ana", "Nick"], seed=seed, options={"decks": decks})
        a_seat = game.seats[seed % 2]
        play_out(game, {x: LEVELS[a if x == a_seat else b](seed=seed) for x in game.seats})
        won = game.winners()
        out["ties" if len(won) != 1 else (a if won == [a_seat] else b)] += 1
        out["turns"].append(game.state.turn)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--a", default="Sampler", choices=list(LEVELS))
    parser.add_argument("--b", default="Heuristic", choices=list(LEVELS))
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    r = head_to_head(args.games, args.a, args.b, progress=True)
    print(f"{args.games} games, {args.a} against {args.b} (load average {load:.1f} at start): "
          f"{args.a} {r[args.a]}, {args.b} {r[args.b]}, ties {r['ties']}; turns {r['turns']}")


if __name__ == "__main__":
    main()
