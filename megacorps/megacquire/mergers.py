"""Mergers (L78-107): sizes counted without the merging tile, the larger company survives (the
merge maker chooses between equals), several defunct companies settled one at a time from the
smallest up, majority and minority bonuses with their ties, then each holder, from the largest
holding down, sells or holds the defunct stock. There is no exchange into the survivor.
"""
from __future__ import annotations

from .board import absorb
from .log import BONUS, DISPOSE, MERGE, LogEntry, joined, money
from .state import Merger, MegacquireState, Phase


def round_up(amount: int, parts: int) -> int:
    """`amount` shared in `parts`, each share rounded up to the next $100 (L97; ruling A4)."""
    return -(-amount // (100 * parts)) * 100


def bonuses(holdings: dict[str, int], majority: int, minority: int) -> dict[str, int]:
    """Who gets what of a company's bonuses, given each player's certificates (L93-99):
    the most certificates takes the majority bonus, the next most the minority bonus; a sole
    holder takes both; players tied for the most share both (rounded up to $100, whatever their
    number: ruling A5) and nobody else is paid; players tied for second share the minority
    bonus (rounded up likewise: ruling A4). Nobody holding: nobody is paid."""
    held = {p: n for p, n in holdings.items() if n > 0}
    if not held:
        return {}
    top = max(held.values())
    first = [p for p, n in held.items() if n == top]
    if len(first) > 1:
        share = round_up(majority + minority, len(first))
        return {p: share for p in first}
    if len(held) == 1:
        return {first[0]: majority + minority}
    second_most = max(n for n in held.values() if n < top)
    second = [p for p, n in held.items() if n == second_most]
    paid = {first[0]: majority}
    share = round_up(minority, len(second))
    for p in second:
        paid[p] = share
    return paid


def pay_bonuses(s: MegacquireState, log: list[LogEntry], company: int, size: int, why: str) -> None:
    """Pay `company`'s majority and minority bonuses at `size` tiles (in a merger or at the end)."""
    holdings = {p: s.holdings[p][company] for p in s.order}
    paid = bonuses(holdings, s.options.majority_bonus[company][size], s.options.minority_bonus[company][size])
    name = s.options.company_names[company]
    shown = joined([f"{p} {n}" for p, n in holdings.items() if n]) if paid else "nobody holds any"
    if not paid:
        log.append(LogEntry(s.round, BONUS, f"{why}{name} ({size} tiles): {shown}; no bonus is paid"))
        return
    for p, amount in paid.items():
        s.cash[p] += amount
    log.append(LogEntry(s.round, BONUS, f"{why}{name} ({size} tiles) holdings: {shown}. Bonuses: "
                        f"{joined([f'{p} {money(a)}' for p, a in paid.items()])}", money=tuple(paid.items())))


def start_merger(s: MegacquireState, log: list[LogEntry], seat: str, cell: int) -> None:
    """The tile on `cell` touches two or more companies: freeze their sizes and find the
    survivor, or ask the merge maker to choose between the largest, tied (L80-84)."""
    from .board import touching

    companies = sorted(touching(s.cells, s.options.geometry.neighbours[cell])[0])
    sizes = [s.sizes[c] for c in companies]
    s.merger = Merger(tile=cell, companies=companies, sizes=sizes)
    names = s.options.company_names
    log.append(LogEntry(s.round, MERGE, "Merging: " + joined([f"{names[c]} ({n} tiles)"
                                                              for c, n in zip(companies, sizes)])))
    largest = [c for c, n in zip(companies, sizes) if n == max(sizes)]
    if len(largest) > 1:
        s.phase = Phase.SURVIVOR
    else:
        choose_survivor(s, log, seat, largest[0])


def survivor_choices(s: MegacquireState) -> list[int]:
    m = s.merger
    return [c for c, n in zip(m.companies, m.sizes) if n == max(m.sizes)]


def choose_survivor(s: MegacquireState, log: list[LogEntry], seat: str, company: int) -> None:
    m = s.merger
    m.survivor = company
    m.defunct = sorted((c for c in m.companies if c != company), key=m.size_of)
    names = s.options.company_names
    tied = len(survivor_choices(s)) > 1
    log.append(LogEntry(s.round, MERGE, f"{names[company]} survives"
                        f"{f' (chosen by {seat}, the merge maker, between companies of equal size)' if tied else ''}"
                        f"; defunct, from the smallest: {joined([names[c] for c in m.defunct])}"))
    next_defunct(s, log, seat)


def defunct_choices(s: MegacquireState) -> list[int]:
    """The defunct companies that may be settled next: the smallest left (ruling A7)."""
    m = s.merger
    smallest = min(m.size_of(c) for c in m.defunct)
    return [c for c in m.defunct if m.size_of(c) == smallest]


def next_defunct(s: MegacquireState, log: list[LogEntry], seat: str) -> None:
    """Settle the next defunct company, the smallest (L86); the merge maker chooses between
    defunct companies of equal size (ruling A7); when none is left, finish the merger."""
    m = s.merger
    if not m.defunct:
        finish_merger(s, log, seat)
        return
    choices = defunct_choices(s)
    if len(choices) > 1:
        s.phase = Phase.ORDER
        return
    settle_defunct(s, log, seat, choices[0])


def settle_defunct(s: MegacquireState, log: list[LogEntry], seat: str, company: int) -> None:
    """The defunct company's marker goes back (L89), holdings are revealed (L91), bonuses paid at
    its size before the merger (L93-99), then the holders decide, the largest holding first;
    equal holdings in playing order from the merge maker (L101, ruling A6)."""
    m = s.merger
    m.defunct.remove(company)
    m.current = company
    size = m.size_of(company)
    pay_bonuses(s, log, company, size, "Defunct ")
    n = len(s.order)
    start = s.order.index(seat)
    ring = [s.order[(start + k) % n] for k in range(n)]
    m.revealed = {p: s.holdings[p][company] for p in ring}
    m.holders = sorted((p for p in ring if s.holdings[p][company]), key=lambda p: -s.holdings[p][company])
    advance_disposal(s, log, seat)


def advance_disposal(s: MegacquireState, log: list[LogEntry], seat: str) -> None:
    if s.merger.holders:
        s.phase = Phase.DISPOSE
    else:
        s.merger.current = -1
        s.merger.revealed = {}
        next_defunct(s, log, seat)


def dispose_problem(s: MegacquireState, seat: str, company: int, sell: int) -> str | None:
    m = s.merger
    if company != m.current:
        return f"the defunct company being settled is {s.options.company_names[m.current]}"
    held = s.holdings[seat][company]
    if not 0 <= sell <= held:
        return f"{seat} holds {held} {s.options.company_names[company]}: sell 0 to {held}"
    return None


def dispose(s: MegacquireState, log: list[LogEntry], seat: str, company: int, sell: int, merge_maker: str) -> None:
    """`seat` sells `sell` certificates at the price before the merger and holds the rest (L103-107)."""
    m = s.merger
    held = s.holdings[seat][company]
    each = s.options.prices[company][m.size_of(company)]
    name = s.options.company_names[company]
    s.holdings[seat][company] -= sell
    s.bank[company] += sell
    s.cash[seat] += sell * each
    parts = []
    if sell:
        parts.append(f"sells {sell} {name} at {money(each)} ({money(sell * each)})")
    if held - sell:
        parts.append(f"holds {held - sell}")
    log.append(LogEntry(s.round, DISPOSE, f"{seat} {' and '.join(parts)}",
                        money=((seat, sell * each),) if sell else ()))
    m.holders.pop(0)
    advance_disposal(s, log, merge_maker)


def finish_merger(s: MegacquireState, log: list[LogEntry], seat: str) -> None:
    """Every defunct company is settled: the survivor takes in their tiles, the merging tile
    and the unincorporated tiles joined to it; the merge maker's stock step follows (L107)."""
    from .tiles import new_dead_tiles, note_safe

    m = s.merger
    before = s.sizes[m.survivor]
    defunct = frozenset(c for c in m.companies if c != m.survivor)
    changed = absorb(s.cells, s.options.geometry, m.tile, m.survivor, defunct)
    s.sizes[m.survivor] += len(changed)
    for c in defunct:
        s.sizes[c] = 0
    names = s.options.company_names
    log.append(LogEntry(s.round, MERGE, f"{names[m.survivor]} now has {s.sizes[m.survivor]} tiles "
                        f"(a certificate {money(s.options.prices[m.survivor][s.sizes[m.survivor]])}); "
                        f"{joined([names[c] for c in sorted(defunct)])} can be founded again"))
    note_safe(s, log, m.survivor, before)
    s.merger = None
    s.phase = Phase.BUY
    new_dead_tiles(s, log, m.survivor, before, changed)
