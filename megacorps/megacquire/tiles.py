"""Playing tiles (Game Play, L59-75): the four outcomes of a tile, founding a company, growth,
safe companies, dead tiles turned over at once (even out of turn), a hand with no tile that can
be played, and drawing.
"""
from __future__ import annotations

from . import board
from .board import DEAD, DEAD_TILE, EMPTY, FOUNDS, GROWS, LONELY, LOOSE, MERGES, absorb, outcome
from .log import DEAD as DEAD_RULE
from .log import DRAW, FOUND, GROW, NO_PLAY, PLAY, SAFE, LogEntry, Refusal, money
from .state import MegacquireState, Phase


def tile_outcome(s: MegacquireState, cell: int) -> str:
    """What the tile of `cell` would do if played now (board.LONELY, FOUNDS, GROWS, MERGES or DEAD_TILE)."""
    return outcome(s.cells, s.sizes, s.options.safe_size, s.options.geometry.neighbours[cell])


def company_available(s: MegacquireState) -> bool:
    """Whether a company is left to found (one not on the board)."""
    return 0 in s.sizes


def play_problem(s: MegacquireState, cell: int) -> str | None:
    """Why the tile of `cell` cannot be played now, or None."""
    kind = tile_outcome(s, cell)
    if kind == DEAD_TILE:
        return Refusal("it would merge two safe companies", "L75")
    if kind == FOUNDS and not company_available(s):
        return Refusal("it would found a company, and every company is already on the board", "L63")
    return None


def playable_tiles(s: MegacquireState, seat: str) -> list[int]:
    """The tiles of `seat`'s hand that can be played now, in reading order."""
    return sorted(cell for cell in s.hands[seat] if play_problem(s, cell) is None)


def play_tile(s: MegacquireState, log: list[LogEntry], seat: str, cell: int) -> None:
    """Put the tile of `cell` on the board and start what it does (checked beforehand)."""
    from .mergers import start_merger

    name = s.options.geometry.names[cell]
    kind = tile_outcome(s, cell)
    s.hands[seat].remove(cell)
    s.played = True
    s.passes = 0
    if kind == LONELY:
        s.cells[cell] = LOOSE
        log.append(LogEntry(s.round, PLAY, f"{seat} plays {name}: an unincorporated tile"))
        s.phase = Phase.BUY
    elif kind == FOUNDS:
        s.cells[cell] = LOOSE
        s.pending = cell
        log.append(LogEntry(s.round, PLAY, f"{seat} plays {name}, which founds a company"))
        s.phase = Phase.FOUND
    elif kind == GROWS:
        company = next(c for c in board.touching(s.cells, s.options.geometry.neighbours[cell])[0])
        before = s.sizes[company]
        changed = absorb(s.cells, s.options.geometry, cell, company)
        s.sizes[company] += len(changed)
        log.append(LogEntry(s.round, GROW, f"{seat} plays {name}: {describe_growth(s, company, before)}"))
        note_safe(s, log, company, before)
        s.phase = Phase.BUY
        new_dead_tiles(s, log, company, before, changed)
    else:  # MERGES
        s.cells[cell] = LOOSE
        log.append(LogEntry(s.round, PLAY, f"{seat} plays {name}, which merges companies"))
        start_merger(s, log, seat, cell)


def describe_growth(s: MegacquireState, company: int, before: int) -> str:
    name = s.options.company_names[company]
    prices = s.options.prices[company]
    return (f"{name} grows from {before} to {s.sizes[company]} tiles "
            f"(a certificate now {money(prices[s.sizes[company]])})")


def note_safe(s: MegacquireState, log: list[LogEntry], company: int, before: int) -> None:
    """Log a company becoming safe (L71)."""
    if before < s.options.safe_size <= s.sizes[company]:
        log.append(LogEntry(s.round, SAFE, f"{s.options.company_names[company]} has {s.sizes[company]} tiles: "
                            f"it is safe and can never be absorbed"))


def found_problem(s: MegacquireState, company: int) -> str | None:
    if s.sizes[company]:
        return f"{s.options.company_names[company]} is already on the board"
    return None


def found(s: MegacquireState, log: list[LogEntry], seat: str, company: int) -> None:
    """Found `company` on the pending tile's group: the founder's free certificate, or its value
    in cash when the bank has none left (L65-67, ruling A14)."""
    name = s.options.company_names[company]
    cell = s.pending
    changed = absorb(s.cells, s.options.geometry, cell, company)
    s.sizes[company] = len(changed)
    s.pending = -1
    size = s.sizes[company]
    value = 0
    if s.bank[company]:
        s.bank[company] -= 1
        s.holdings[seat][company] += 1
        gift = "and takes the founder's free certificate"
    else:
        value = s.options.prices[company][size]
        s.cash[seat] += value
        gift = (f"and, the players holding every {name} certificate, takes its value in cash instead: "
                f"{money(value)}")
    log.append(LogEntry(s.round, FOUND, f"{seat} founds {name} ({s.options.tiers[company]}) with {size} "
                        f"tiles, {gift}", money=((seat, value),) if value else ()))
    note_safe(s, log, company, 0)
    s.phase = Phase.BUY
    new_dead_tiles(s, log, company, 0, changed)


def no_play(s: MegacquireState, log: list[LogEntry], seat: str) -> None:
    """No tile can be played: none placed, none drawn; the stock step follows (L63)."""
    hand = s.hands[seat]
    why = ("every tile in hand would found a company and none is left to found" if hand
           else "no tile is left in hand")
    log.append(LogEntry(s.round, NO_PLAY, f"{seat} plays no tile: {why}"))
    s.passes += 1
    s.phase = Phase.BUY


def draw(s: MegacquireState, log: list[LogEntry], seat: str) -> None:
    """`seat` draws a tile from the supply, if any is left (L55); only `seat` learns which. A
    dead tile drawn is turned over at once and replaced (L75, ruling A2)."""
    while True:
        if not s.supply:
            log.append(LogEntry(s.round, DRAW, f"{seat} cannot draw: no tile is left"))
            return
        cell = s.supply.pop()
        s.hands[seat].append(cell)
        log.append(LogEntry(s.round, DRAW, f"{seat} draws a tile",
                            {seat: f"{seat} draws {s.options.geometry.names[cell]}"}))
        if not is_dead(s, cell):
            return
        turn_over(s, log, seat, cell)


def is_dead(s: MegacquireState, cell: int) -> bool:
    """Whether the tile of `cell` would merge two safe companies (L75; ruling A3)."""
    safe = s.options.safe_size
    cells, sizes = s.cells, s.sizes
    found = -1
    for n in s.options.geometry.neighbours[cell]:
        c = cells[n]
        if c >= 0 and sizes[c] >= safe and c != found:
            if found >= 0:
                return True
            found = c
    return False


def turn_over(s: MegacquireState, log: list[LogEntry], seat: str, cell: int) -> None:
    """Turn the dead tile of `cell` face down on its space (a turnover tile, part of no company)."""
    s.hands[seat].remove(cell)
    s.cells[cell] = DEAD
    log.append(LogEntry(s.round, DEAD_RULE, f"{seat} turns {s.options.geometry.names[cell]} face down on "
                        f"its space: it would merge two safe companies"))


def turn_over_dead_tiles(s: MegacquireState, log: list[LogEntry], candidates: set[int] | None = None) -> None:
    """Turn over every dead tile in every hand (or, given `candidates`, every dead tile among
    them), at once and out of turn, each replaced by a draw (L75, ruling A2); hands taken in
    playing order from the player on turn."""
    count = len(s.order)
    for k in range(count):
        seat = s.order[(s.turn + k) % count]
        hand = s.hands[seat]
        dead = sorted(c for c in hand if (candidates is None or c in candidates) and is_dead(s, c))
        for cell in dead:
            turn_over(s, log, seat, cell)
            draw(s, log, seat)


def new_dead_tiles(s: MegacquireState, log: list[LogEntry], company: int, before: int, changed: list[int]) -> None:
    """After `company` grew from `before` tiles by the `changed` cells: a tile can only have
    become dead next to it, and only if it is safe now; next to its new cells, or anywhere
    along it if it has just become safe."""
    safe = s.options.safe_size
    if s.sizes[company] < safe or sum(1 for n in s.sizes if n >= safe) < 2:
        return
    if before < safe:
        changed = [i for i, v in enumerate(s.cells) if v == company]
    neighbours = s.options.geometry.neighbours
    cells = s.cells
    candidates = {n for x in changed for n in neighbours[x] if cells[n] == EMPTY}
    if candidates:
        turn_over_dead_tiles(s, log, candidates)


__all__ = ["DEAD_TILE", "FOUNDS", "GROWS", "LONELY", "MERGES", "company_available", "draw", "found",
           "found_problem", "is_dead", "new_dead_tiles", "no_play", "play_problem", "play_tile", "playable_tiles",
           "tile_outcome", "turn_over_dead_tiles"]
