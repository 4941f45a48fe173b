"""A balance table for the sample pool: every pair of the three sample decks, played by two bots
of one level (each deck in each seat in turn), how each deck fares, and how often the player who
went first won.

    python -m megacorps.tcg.balance --games 10 --bots Heuristic --csv docs/ladder/tcg-balance.csv
    python -m megacorps.tcg.balance --first-turn     # how hard each deck can hit a company on turn 1

The pairs take turns game by game, so a run stopped early still covers every pair evenly; with
`--csv` each game is written as it ends (deck of each seat, who went first, the winner, turns,
how it ended, CPU seconds).
"""
from __future__ import annotations

import argparse
import csv
import itertools
import os
import random
import time

from tqdm import tqdm

from . import new_game
from .bots import LEVELS, play_out
from .cards import DECK_NAMES, TRAITS, sample_deck, sample_pool

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


def first_turn_reach(deck_name: str, trials: int = 3000, money: int = 9, seed: int = 1) -> dict[str, list[int]]:
    """How much damage in each trait a first player could put on the rival company on turn 1,
    over `trials` random opening hands of `deck_name` (five main cards and the revealed resource
    card): the founder's score plus the best set of the hand's characters without a trait cost
    that `money` M pays for (a bid of 1), each attacking once. Blockers are ignored, so this is
    an upper bound. trait -> the sorted values, one a hand."""
    pool, deck = sample_pool(), sample_deck(deck_name)
    rng = random.Random(seed)
    main = [pool[c] for c, n in deck.main.items() for _ in range(n)]
    resource = [pool[c] for c, n in deck.resource.items() for _ in range(n)]
    founder = pool[deck.founder]
    out: dict[str, list[int]] = {t: [] for t in TRAITS}
    for _ in range(trials):
        hand = rng.sample(main, 5) + [rng.choice(resource)]
        fighters = [c for c in hand if c.type == "character" and not c.trait_cost]
        for t in TRAITS:
            best = [0] * (money + 1)          # best[m]: the most of trait t that m M buys
            for c in fighters:
                for m in range(money, c.value - 1, -1):
                    best[m] = max(best[m], best[m - c.value] + c.traits.get(t, 0))
            out[t].append(best[money] + founder.traits.get(t, 0))
    return {t: sorted(v) for t, v in out.items()}


def percentile(values: list[int], q: float) -> int:
    return values[min(len(values) - 1, int(len(values) * q))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games a pair of decks")
    parser.add_argument("--bots", default="Heuristic", choices=list(LEVELS))
    parser.add_argument("--csv", default=None, help="write one row per game here")
    parser.add_argument("--first-turn", action="store_true", help="only the first turn's reach of each deck "
                        "against the sample companies (no games)")
    args = parser.parse_args(argv)
    if args.first_turn:
        companies = {d: sample_pool()[sample_deck(d).company] for d in DECK_NAMES}
        print("| deck | trait | median | 90% | 99% | most | lowest company score in that trait |")
        print("|---|---|---|---|---|---|---|")
        for d in DECK_NAMES:
            for t, v in first_turn_reach(d).items():
                low = min(c.traits[t] for name, c in companies.items() if name != d)
                print(f"| {d} | {t} | {percentile(v, .5)} | {percentile(v, .9)} | {percentile(v, .99)} | {v[-1]} | {low} |")
        return
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
