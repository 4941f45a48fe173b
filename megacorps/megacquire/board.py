"""The hexagonal board: cell names ("A-1"), each cell's neighbours, and what a tile played on a
cell would do (Game Play: the four outcomes of a tile).

Cells are numbered in reading order (A-1, A-2, ..., A-13, B-1, ...), which is also the order
of "closeness to A-1" used by the opening draw (L15). What lies on a cell is kept in the
state's `cells` list: EMPTY, LOOSE (an unincorporated tile), DEAD (a turnover tile, face down),
or the index of the company it belongs to.
"""
from __future__ import annotations

from .datafiles import ROW_LETTERS, BoardData

EMPTY, LOOSE, DEAD = -1, -2, -3

# what a tile would do (the four outcomes of Game Play, plus the two ways a tile cannot be played)
LONELY, FOUNDS, GROWS, MERGES, DEAD_TILE = "unincorporated", "founds", "grows", "merges", "dead"


class Geometry:
    """The cells of one board and their neighbours (six in the middle of the board, fewer at
    its edges: hexes touch "in every direction", L61)."""

    def __init__(self, board: BoardData):
        holes = set(board.holes)
        grid = {}
        self.names: list[str] = []
        for r in range(board.rows):
            for c in range(1, board.columns + 1):
                name = f"{ROW_LETTERS[r]}-{c}"
                if name not in holes:
                    grid[r, c] = len(self.names)
                    self.names.append(name)
        self.index: dict[str, int] = {name: i for i, name in enumerate(self.names)}
        self.coords: list[tuple[int, int]] = [None] * len(self.names)  # type: ignore[list-item]
        shifted = 1 if board.offset == "odd-r" else 0
        neighbours = []
        for (r, c), i in grid.items():
            self.coords[i] = (r, c)
            # a shifted row's neighbours above and below sit at c and c+1, an unshifted row's at c-1 and c
            d = 0 if r % 2 == shifted else -1
            around = [(r, c - 1), (r, c + 1), (r - 1, c + d), (r - 1, c + d + 1),
                      (r + 1, c + d), (r + 1, c + d + 1)]
            neighbours.append(tuple(grid[x] for x in around if x in grid))
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(neighbours)
        self.shifted_rows = shifted

    def __len__(self) -> int:
        return len(self.names)

    def cell(self, name: str) -> int:
        """The cell called `name`; raises KeyError for a name not on this board."""
        return self.index[name]


def touching(cells: list[int], neighbours: tuple[int, ...]) -> tuple[set[int], bool]:
    """The companies next to a cell, and whether an unincorporated tile is next to it."""
    companies = set()
    loose = False
    for n in neighbours:
        v = cells[n]
        if v >= 0:
            companies.add(v)
        elif v == LOOSE:
            loose = True
    return companies, loose


def outcome(cells: list[int], sizes: list[int], safe_size: int, neighbours: tuple[int, ...]) -> str:
    """What a tile on a cell with these neighbours would do: stay unincorporated, found a
    company, grow one, merge several, or be dead (it would merge two safe companies, L75; so
    also when it touches a third, unsafe company: ruling A3)."""
    companies, loose = touching(cells, neighbours)
    if not companies:
        return FOUNDS if loose else LONELY
    if len(companies) == 1:
        return GROWS
    if sum(1 for c in companies if sizes[c] >= safe_size) >= 2:
        return DEAD_TILE
    return MERGES


def absorb(cells: list[int], geometry: Geometry, start: int, company: int,
           defunct: frozenset[int] = frozenset()) -> list[int]:
    """Give the tile on `start` to `company`, with every unincorporated tile (and every tile of
    the `defunct` companies) connected to it (ruling A12: growth takes in loose tiles).
    Returns the cells that changed hands."""
    neighbours = geometry.neighbours
    cells[start] = company
    changed = [start]
    for x in changed:  # grows while it is read: a breadth-first fill
        for y in neighbours[x]:
            v = cells[y]
            if v == LOOSE or v in defunct:
                cells[y] = company
                changed.append(y)
    return changed


def regions(cells: list[int], geometry: Geometry) -> list[tuple[list[int], set[int]]]:
    """The connected regions of empty cells and unincorporated tiles (turnover tiles and
    companies divide them), each with the companies it touches (for the end of the game, A1)."""
    neighbours = geometry.neighbours
    seen = [False] * len(cells)
    found = []
    for start, v in enumerate(cells):
        if seen[start] or v not in (EMPTY, LOOSE):
            continue
        seen[start] = True
        stack, region, companies = [start], [start], set()
        while stack:
            x = stack.pop()
            for y in neighbours[x]:
                w = cells[y]
                if w >= 0:
                    companies.add(w)
                elif (w == EMPTY or w == LOOSE) and not seen[y]:
                    seen[y] = True
                    stack.append(y)
                    region.append(y)
        found.append((region, companies))
    return found
