"""A balance table for the sample pool: every pair of the three sample decks, played by two bots
of one level (each deck in each seat in turn), how each deck fares, and how often the player who
went first won.

    python -m megacorps.tcg.balance --games 10 --bots Heuristic --csv docs/ladder/tcg-balance.csv

The pairs take turns game by game, so a run stopped early still covers every pair evenly; with
`--csv` each game is written as it ends (deck of each seat, who went first, the winner, turns,
how it ended, CPU seconds).
"""
from __future__ import annotations

import argparse
import csv
import itertools
import os
import time

from tqdm import tqdm

from . import new_game
from .bots import LEVELS, play_out
from .cards import DECK_NAMES

PAIRS = list(itertools.combinations_with_replacement(DECK_NAMES, 2))


def play_pair(a: str, b: str, i: int, bot: str) -> dict:
    """Game `i` of the pair (a, b): seed i, deck a in the seat Ana on even games, Nick on odd ones."""
    decks = [a, b] if i % 2 == 0 else [b, a]
    game = new_game(["Ana", "Nick"], seed=i, options={"decks": decks})
    start = time.process_time()
    play_out(game, {x: LEVELS[bot](seed=i * 2 + k) for k, x in enumerate(game.seats)})
    won = game.winners()
    winner = won[0] if len(won) == 1 else ""
    return {"deck A": a, "deck B": b, "seed": i, "Ana": decks[0], "Nick": decks[1], "first": game.state.first,
            "winner": winner, "winner deck": decks[game.seats.index(winner)] if winner else "",
            "turns": game.state.turn, "end": game.state.end_reason, "cpu seconds": round(time.process_time() - start, 3)}


def balance(games: int, bot: str, progress: bool = False, on_row=None) -> dict:
    """(deck A, deck B) -> [A wins, B wins, ties, first player's wins] over `games` games a pair,
    seats alternating (in a mirror, A is the seat Ana). `on_row(row)` sees each game's row."""
    table = {p: [0, 0, 0, 0] for p in PAIRS}
    with tqdm(total=games * len(PAIRS), disable=not progress, unit="game") as bar:
        for i in range(games):
            for a, b in PAIRS:
                row = play_pair(a, b, i, bot)
                score = table[(a, b)]
                if not row["winner"]:
                    score[2] += 1
                else:
                    mirror_a = a == b and row["winner"] == "Ana"
                    score[0 if (a != b and row["winner deck"] == a) or mirror_a else 1] += 1
                    score[3] += row["winner"] == row["first"]
                if on_row is not None:
                    on_row(row)
                bar.update()
    return table


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games a pair of decks")
    parser.add_argument("--bots", default="Heuristic", choices=list(LEVELS))
    parser.add_argument("--csv", default=None, help="write one row per game here")
    args = parser.parse_args(argv)
    load = os.getloadavg()[0]
    out = open(args.csv, "w", newline="") if args.csv else None
    writer = None

    def write(row):
        nonlocal writer
        if out is None:
            return
        if writer is None:
            writer = csv.DictWriter(out, fieldnames=list(row))
            writer.writeheader()
        writer.writerow(row)
        out.flush()

    try:
        table = balance(args.games, args.bots, progress=True, on_row=write)
    finally:
        if out is not None:
            out.close()
    print(f"{args.games} games a pair, {args.bots} against {args.bots}, seats alternating "
          f"(load average {load:.1f} at start, {os.getloadavg()[0]:.1f} at end):")
    print("| deck A | deck B | A wins | B wins | ties | won by the first player |")
    print("|---|---|---|---|---|---|")
    for (a, b), (wa, wb, t, first) in table.items():
        note = " (mirror: A = the seat Ana)" if a == b else ""
        print(f"| {a}{note} | {b} | {wa} | {wb} | {t} | {first} |")


if __name__ == "__main__":
    main()
