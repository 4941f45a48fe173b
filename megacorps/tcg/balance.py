"""A balance table for the sample pool: every pair of the three sample decks, played by two bots
of one level (each deck in each seat in turn), how each deck fares, and how often the player who
went first won.

    python -m megacorps.tcg.balance --games 10 --bots Heuristic --csv docs/ladder/tcg-balance.csv
    python -m megacorps.tcg.balance --first-turn     # how hard each deck can hit a company on turn 1
    python -m megacorps.tcg.balance --summary a.csv b.csv   # the table of the games in these files

The pairs take turns game by game, so a run stopped early still covers every pair evenly; with
`--csv` each game is written as it ends (deck of each seat, who went first, the winner, turns,
how it ended, CPU seconds). `--start` runs seeds from there, so that several processes can share
a run (`--summary` reads their files together, a game counted once).
"""
from __future__ import annotations

import argparse
import csv
import itertools
import os
import random
import statistics
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


def balance(games: int, bot: str, progress: bool = False, on_row=None, start: int = 0) -> dict:
    """(deck A, deck B) -> [A wins, B wins, ties, first player's wins] over `games` games a pair
    (seeds `start` on), seats alternating (in a mirror, A is the seat Ana). `on_row(row)` sees
    each game's row."""
    table = {p: [0, 0, 0, 0] for p in PAIRS}
    with tqdm(total=games * len(PAIRS), disable=not progress, unit="game") as bar:
        for i in range(start, start + games):
            for a, b in PAIRS:
                row = play_pair(a, b, i, bot)
                count(table[(a, b)], row)
                if on_row is not None:
                    on_row(row)
                bar.update()
    return table


def count(score: list[int], row: dict) -> None:
    """Add one game's row to its pair's [A wins, B wins, ties, first player's wins]."""
    a, b = row["deck A"], row["deck B"]
    if not row["winner"]:
        score[2] += 1
        return
    mirror_a = a == b and row["winner"] == "Ana"
    score[0 if (a != b and row["winner deck"] == a) or mirror_a else 1] += 1
    score[3] += row["winner"] == row["first"]


ENDINGS = {"cannot draw": "deck out", "company was destroyed": "company destroyed", "no money": "no money",
           "no card next to it": "orphaned company"}


def ending(text: str) -> str:
    """How a game ended, without the seat: "deck out", "no money", ... (else the engine's words)."""
    return next((short for words, short in ENDINGS.items() if words in text), text)


def summary(paths: list[str]) -> str:
    """The balance table (markdown) of the games in these CSV files, each (pair, seed) once."""
    from ..tournament import wilson
    rows: dict[tuple, dict] = {}
    for path in paths:
        with open(path, newline="") as f:
            for row in csv.DictReader(f):
                rows.setdefault((row["deck A"], row["deck B"], int(row["seed"])), row)
    lines = ["| deck A | deck B | games (seeds) | A wins | B wins | ties | A's win rate (95% CI) | "
             "won by the first player | median turns | CPU s a game (median, max) |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    decks, first, ends, n_all = {d: [0, 0] for d in DECK_NAMES}, [0, 0], {}, 0
    for a, b in PAIRS:
        mine = [r for (x, y, _), r in sorted(rows.items()) if (x, y) == (a, b)]
        if not mine:
            continue
        score = [0, 0, 0, 0]
        for r in mine:
            count(score, r)
            ends[ending(r["end"])] = ends.get(ending(r["end"]), 0) + 1
            if a != b and r["winner deck"]:
                for d in (a, b):
                    decks[d][1] += 1
                decks[r["winner deck"]][0] += 1
        n, decided = len(mine), score[0] + score[1]
        lo, hi = wilson(score[0], decided) if decided else (0.0, 0.0)
        seeds = sorted(int(r["seed"]) for r in mine)
        cpu = [float(r["cpu seconds"]) for r in mine]
        note = " (mirror: A = the seat Ana)" if a == b else ""
        lines.append(f"| {a}{note} | {b} | {n} ({seeds[0]}–{seeds[-1]}) | {score[0]} | {score[1]} | {score[2]} | "
                     f"{score[0] / max(decided, 1):.0%} ({lo:.0%}–{hi:.0%}) | {score[3]} of {decided} | "
                     f"{statistics.median(int(r['turns']) for r in mine):.0f} | "
                     f"{statistics.median(cpu):.2f}, {max(cpu):.2f} |")
        first[0] += score[3]
        first[1] += decided
        n_all += n
    lo, hi = wilson(first[0], first[1]) if first[1] else (0.0, 0.0)
    lines.append("")
    lines.append(f"All pairs: {n_all} games; the first player won {first[0]} of {first[1]} decided games "
                 f"({first[0] / max(first[1], 1):.0%}, {lo:.0%}–{hi:.0%}).")
    lines.append("Against the other decks: " + ", ".join(
        f"{d} {w} of {n} ({w / max(n, 1):.0%}, {wilson(w, n)[0]:.0%}–{wilson(w, n)[1]:.0%})"
        for d, (w, n) in decks.items() if n))
    lines.append("How the games ended: " + ", ".join(f"{k}: {v}" for k, v in sorted(ends.items(), key=lambda kv: -kv[1])))
    return "\n".join(lines)


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
    parser.add_argument("--start", type=int, default=0, help="the first seed")
    parser.add_argument("--csv", default=None, help="write one row per game here")
    parser.add_argument("--summary", nargs="+", default=None, metavar="CSV",
                        help="print the table of the games in these files (no games)")
    parser.add_argument("--first-turn", action="store_true", help="only the first turn's reach of each deck "
                        "against the sample companies (no games)")
    args = parser.parse_args(argv)
    if args.summary:
        print(summary(args.summary))
        return
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
        table = balance(args.games, args.bots, progress=True, on_row=write, start=args.start)
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
