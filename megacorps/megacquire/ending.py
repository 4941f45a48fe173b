"""Ending the game (L109-119): when every disputed border is settled the remaining tiles are
placed at once (ruling A1); an early end by agreement (or the agreed time limit) finishes the
round (L113); then bonuses are paid for every company on the board, their stock is sold at
market price, and the most cash wins (ties share the victory).
"""
from __future__ import annotations

from .board import EMPTY, LOOSE, regions
from .log import EARLY_END, END, END_ALL_PLAYED, END_SETTLED, END_STUCK, FINAL, TIME_LIMIT, LogEntry, joined, money
from .mergers import pay_bonuses
from .state import MegacquireState, Phase


def borders_settled(s: MegacquireState) -> list | None:
    """The board's regions of empty cells and unincorporated tiles when every disputed border
    is settled (ruling A1: at least one company on the board, all of them safe, and no region
    touching two companies), else None."""
    safe = s.options.safe_size
    on_board = [n for n in s.sizes if n]
    if not on_board or any(n < safe for n in on_board):
        return None
    found = regions(s.cells, s.options.geometry)
    if any(len(companies) > 1 for _, companies in found):
        return None
    return found


def place_remaining(s: MegacquireState, log: list[LogEntry], found: list) -> None:
    """Put every remaining tile on its space: a region touching one company joins it, one
    touching none stays unincorporated (L111, ruling A1)."""
    names = s.options.company_names
    grown: dict[int, int] = {}
    for region, companies in found:
        if companies:
            company = next(iter(companies))
            for cell in region:
                s.cells[cell] = company
            s.sizes[company] += len(region)
            grown[company] = grown.get(company, 0) + len(region)
        else:
            for cell in region:
                if s.cells[cell] == EMPTY:
                    s.cells[cell] = LOOSE
    for hand in s.hands.values():
        hand.clear()
    s.supply.clear()
    log.append(LogEntry(s.round, END, "Every disputed border is settled: the remaining tiles are placed"
                        + (f" ({', '.join(f'{names[c]} +{n}' for c, n in sorted(grown.items()))})"
                           if grown else "")))


def game_should_end(s: MegacquireState, log: list[LogEntry], seat: str) -> tuple[str, str] | None:
    """(why the game ends after `seat`'s turn, the rule that ends it), or None (placing the
    remaining tiles if the borders are settled)."""
    last_of_round = s.turn == len(s.order) - 1
    if s.end_agreed and last_of_round:
        return "ended early by agreement, at the end of the round", EARLY_END
    if s.options.last_round and last_of_round and s.round >= s.options.last_round:
        return f"the agreed time limit: round {s.options.last_round} is over", TIME_LIMIT
    found = borders_settled(s)
    if found is not None:
        place_remaining(s, log, found)
        return "every disputed border is settled", END_SETTLED
    if not s.supply and not any(s.hands.values()):
        return "every tile has been played", END_ALL_PLAYED
    if s.passes >= len(s.order):
        return "nobody could play a tile for a whole round", END_STUCK
    return None


def finish(s: MegacquireState, log: list[LogEntry], reason: str, rule: str) -> None:
    """Final bonuses and sale for every company on the board, smallest first; held stock of
    defunct companies is worth nothing; the most cash wins, shared on a tie (L111-119)."""
    log.append(LogEntry(s.round, rule, f"The game ends: {reason}"))
    names = s.options.company_names
    active = sorted((c for c, n in enumerate(s.sizes) if n), key=lambda c: (s.sizes[c], c))
    for c in active:
        pay_bonuses(s, log, c, s.sizes[c], "Final bonuses for ")
    for c in active:
        each = s.options.prices[c][s.sizes[c]]
        sold = []
        paid = []
        for p in s.order:
            n = s.holdings[p][c]
            if n:
                s.cash[p] += n * each
                s.holdings[p][c] = 0
                s.bank[c] += n
                sold.append(f"{p} {n}")
                paid.append((p, n * each))
        if sold:
            log.append(LogEntry(s.round, FINAL, f"{names[c]} stock sold back at {money(each)}: {joined(sold)}",
                                money=tuple(paid)))
    best = max(s.cash.values())
    s.winners = [p for p in s.order if s.cash[p] == best]
    log.append(LogEntry(s.round, FINAL, f"Final cash: {joined([f'{p} {money(s.cash[p])}' for p in s.order])}. "
                        f"{'Winner' if len(s.winners) == 1 else 'Shared victory'}: {joined(s.winners)}"))
    s.over = True
    s.end_reason = reason
    s.phase = Phase.OVER
