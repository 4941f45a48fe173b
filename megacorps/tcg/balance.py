"""A balance table for the sample pool: every pair of the three sample decks, played by two bots
of one level (each deck in each seat in turn), and how each deck fares.

    python -m megacorps.tcg.balance --games 10 --bots Heuristic
"""
from __future__ import annotations

import argparse
import itertools
import os

from tqdm import tqdm

from . import new_game
from .bots import LEVELS, play_out
from .cards import DECK_NAMES


def balance(games: int, bot: str, progress: bool = False) -> dict:
    """(deck A, deck B) -> [A wins, B wins, ties] over `games` games, seats alternating."""
    table = {}
    pairs = list(itertools.combinations_with_replacement(DECK_NAMES, 2))
    for a, b in tqdm(pairs, disable=not progress, unit="pair"):
        score = [0, 0, 0]
        for i in range(games):
            decks = [a, b] if i % 2 == 0 else [b, a]
            game = new_game(["Ana", "Nick"], seed=i, options={"decks": decks})
            play_out(game, {x: LEVELS[bot](seed=i * 2 + k) for k, x in enumerate(game.seats)})
            won = game.winners()
            if len(won) != 1:
                score[2] += 1
            else:
                deck = decks[game.seats.index(won[0])]
                score[0 if deck == a and (a != b or won[0] == "Ana") else 1] += 1
        table[(a, b)] = score
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--bots", default="Heuristic", choices=list(LEVELS))
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    table = balance(args.games, args.bots, progress=True)
    print(f"{args.games} games a pair, {args.bots} against {args.bots}, seats alternating "
          f"(load average {load:.1f} at start):")
    print("| deck A | deck B | A wins | B wins | ties |")
    print("|---|---|---|---|---|")
    for (a, b), (wa, wb, t) in table.items():
        note = " (mirror: A = the seat Ana)" if a == b else ""
        print(f"| {a}{note} | {b} | {wa} | {wb} | {t} |")


if __name__ == "__main__":
    main()
