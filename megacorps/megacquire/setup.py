"""Setting up (L13-17): $12,000 each, the opening draw for the first turn (the tile closest to
A-1 in reading order; the tiles go back and the board starts empty), twelve tiles each, play to
the left of the first player. `scenario_state` builds any position, for lessons and tests.
"""
from __future__ import annotations

import random
import secrets

from .board import DEAD, EMPTY, LOOSE, touching
from .log import OPENING, SETUP, LogEntry, joined
from .options import Options, check_seats, parse_options
from .state import MegacquireState


def new_state(seats: list[str], seed: int | None = None,
              options: Options | dict | None = None) -> tuple[MegacquireState, list[LogEntry]]:
    """A new game, after the opening draw and the deal, with the set-up's log. Raises
    ValueError naming a bad seat list or option (BadDataFile for a bad data file)."""
    options = parse_options(options)
    seats = check_seats(seats, options)
    if seed is None:
        seed = secrets.randbits(48)
    if type(seed) is not int or not 0 <= seed < 2**63:
        raise ValueError(f"seed: a whole number from 0 to 2**63 - 1, not {seed!r}")
    rng = random.Random(seed)
    geometry = options.geometry
    bag = list(range(len(geometry)))
    rng.shuffle(bag)
    opening = {p: bag[i] for i, p in enumerate(seats)}
    first, order = first_player(seats, opening)
    rng.shuffle(bag)  # the opening tiles go back into the bag (L17)
    hands = {p: [bag.pop() for _ in range(options.hand_size)] for p in order}
    n = len(options.company_names)
    state = MegacquireState(
        seats=seats, order=order, options=options, seed=seed, opening=opening,
        cells=[EMPTY] * len(geometry), hands=hands, supply=bag,
        cash={p: options.starting_cash for p in seats}, holdings={p: [0] * n for p in seats},
        bank=[options.certificates] * n, sizes=[0] * n)
    names = geometry.names
    log = [LogEntry(0, SETUP, f"A new game for {joined(seats)}: {options.describe()}"),
           LogEntry(0, OPENING, f"Opening draw: {joined([f'{p} {names[opening[p]]}' for p in seats])}. "
                    f"{first}'s tile is closest to A-1: {first} goes first, then "
                    f"{joined(order[1:])}. The tiles go back, everyone draws {options.hand_size}")]
    return state, log


def first_player(seats: list[str], opening: dict[str, int]) -> tuple[str, list[str]]:
    """The player whose opening tile is closest to A-1, counting row by row (cells are numbered
    in that order: A-13 comes before B-1, L15), and the playing order from them to the left."""
    first = min(seats, key=lambda p: opening[p])
    start = seats.index(first)
    return first, seats[start:] + seats[:start]


def scenario_state(seats: list[str], options: Options | dict | None = None, seed: int = 0, *,
                   companies: dict[str, list[str]] | None = None, loose: list[str] = (),
                   dead: list[str] = (), hands: dict[str, list[str]] | None = None,
                   holdings: dict[str, dict[str, int]] | None = None, cash: dict[str, int] | None = None,
                   order: list[str] | None = None, turn: str | None = None,
                   supply: list[str] | None = None) -> MegacquireState:
    """Any position at the start of a turn: `companies` (name -> its cells), unincorporated
    and turnover (`dead`) tiles, hands (name -> cells; a seat not given is dealt from the rest),
    holdings, cash, the playing order and whose turn it is. `supply`: the face-down tiles, the
    next drawn last (default: every other tile, shuffled by `seed`). Raises ValueError naming a
    bad entry."""
    options = parse_options(options)
    seats = check_seats(seats, options)
    geometry = options.geometry
    index = geometry.index
    cells = [EMPTY] * len(geometry)
    n = len(options.company_names)
    sizes = [0] * n

    def cell_of(where: str, name: str) -> int:
        if name not in index:
            raise ValueError(f"{where}: {name!r} is not a space of this board")
        if cells[index[name]] != EMPTY:
            raise ValueError(f"{where}: {name} is used twice")
        return index[name]

    for company, names in (companies or {}).items():
        if company not in options.company_index:
            raise ValueError(f"companies.{company}: not a company of this game")
        c = options.company_index[company]
        if len(names) < 2:
            raise ValueError(f"companies.{company}: a company has at least 2 tiles")
        for name in names:
            cells[cell_of(f"companies.{company}", name)] = c
        sizes[c] = len(names)
    for name in loose:
        cells[cell_of("loose", name)] = LOOSE
    for name in dead:
        cells[cell_of("dead", name)] = DEAD
    _check_board(cells, sizes, geometry, options)
    used = {i for i, v in enumerate(cells) if v != EMPTY}
    hand_cells: dict[str, list[int]] = {}
    for seat, names in (hands or {}).items():
        if seat not in seats:
            raise ValueError(f"hands.{seat}: not a player of this game")
        hand_cells[seat] = []
        for name in names:
            if name not in index or index[name] in used:
                raise ValueError(f"hands.{seat}: {name!r} is not a free space of this board")
            used.add(index[name])
            hand_cells[seat].append(index[name])
    top = []  # the supply's given tiles, drawn first
    for name in supply or ():
        if name not in index or index[name] in used:
            raise ValueError(f"supply: {name!r} is not a free space of this board")
        used.add(index[name])
        top.append(index[name])
    rest = [i for i in range(len(cells)) if i not in used]
    random.Random(seed).shuffle(rest)
    order = list(order or seats)
    if sorted(order) != sorted(seats):
        raise ValueError("order: it must list every player once")
    for seat in order:  # the hands not given are dealt from the other tiles
        if seat not in hand_cells:
            hand_cells[seat] = [rest.pop() for _ in range(min(options.hand_size, len(rest)))]
    rest += top
    held = {p: [0] * n for p in seats}
    for seat, counts in (holdings or {}).items():
        if seat not in seats:
            raise ValueError(f"holdings.{seat}: not a player of this game")
        for company, count in counts.items():
            if company not in options.company_index or not isinstance(count, int) or count < 0:
                raise ValueError(f"holdings.{seat}.{company}: a company of this game and a count from 0")
            held[seat][options.company_index[company]] = count
    bank = [options.certificates - sum(held[p][c] for p in seats) for c in range(n)]
    for c, left in enumerate(bank):
        if left < 0:
            raise ValueError(f"holdings: more than {options.certificates} {options.company_names[c]} certificates")
    money = {p: options.starting_cash for p in seats}
    for seat, amount in (cash or {}).items():
        if seat not in seats or not isinstance(amount, int) or amount < 0:
            raise ValueError(f"cash.{seat}: a player of this game and an amount from 0")
        money[seat] = amount
    return MegacquireState(seats=seats, order=order, options=options, seed=seed, opening={},
                           cells=cells, hands=hand_cells, supply=rest, cash=money, holdings=held,
                           bank=bank, sizes=sizes, turn=order.index(turn) if turn else 0)


def _check_board(cells: list[int], sizes: list[int], geometry, options: Options) -> None:
    """Raise ValueError unless the board could arise in play: each company in one piece, no two
    companies touching, no unincorporated tile touching a company or another such tile."""
    names = options.company_names
    for i, v in enumerate(cells):
        if v == LOOSE:
            companies, loose = touching(cells, geometry.neighbours[i])
            if companies or loose:
                raise ValueError(f"loose: {geometry.names[i]} touches a tile: it would be part of a company")
        elif v >= 0:
            others = touching(cells, geometry.neighbours[i])[0] - {v}
            if others:
                raise ValueError(f"companies.{names[v]}: touches {names[min(others)]} (they would have merged)")
    for c, size in enumerate(sizes):
        if not size:
            continue
        start = cells.index(c)
        seen, stack = {start}, [start]
        while stack:
            for y in geometry.neighbours[stack.pop()]:
                if cells[y] == c and y not in seen:
                    seen.add(y)
                    stack.append(y)
        if len(seen) != size:
            raise ValueError(f"companies.{names[c]}: its tiles are not all connected")
