"""The playout policy of Oracle's search: how it imagines every player (itself included) plays
on from a sampled position, Tycoon's priorities made cheap enough to play hundreds of turns a
decision. In game terms a player in a playout:

- plays the tile worth most to it right away: a merger that pays it bonuses (less what it pays
  its best rival), founding a company (a free certificate and, alone in it, both bonuses), growth
  of a company it holds (its certificates rise in price); a quiet tile otherwise;
- names the costliest company it may found (the free certificate is worth most), keeps the
  company it holds more of when two are tied in a merger, and sells all its defunct stock;
- buys, up to the rules' limit a turn (six, L23) and with cash only, the certificate that raises
  its share of a company's bonuses most (the merger bonus race), when it raises it at all (three
  a turn, as it was first, left Oracle imagining rivals who fall behind in the bonus races that
  Tycoon, buying up to six, wins: 39.7% of 200 games against three Tycoon, 51.0% with six);
- never proposes an early end and votes against one.

Reading only the position it is given (a sample built from the searching seat's view), it
never sees the true hidden tiles.
"""
from __future__ import annotations

import random

from ..actions import BuyShare, ChooseDefunct, ChooseSurvivor, Dispose, EndTurn, Found, NoPlay, PlayTile, Vote
from ..board import DEAD_TILE, FOUNDS, GROWS, LONELY, MERGES, touching
from ..mergers import round_up
from ..state import MegacquireState, Phase
from ..turns import perform


def bonus_share(s: MegacquireState, seat: str, company: int, size: int, extra: int = 0) -> int:
    """`seat`'s share of `company`'s majority and minority bonuses at `size` tiles if they were
    paid now, with `extra` more certificates in its hands (the sharing rules of
    mergers.bonuses: ties for first share both, ties for second share the minority)."""
    mine = s.holdings[seat][company] + extra
    if mine <= 0:
        return 0
    o = s.options
    majority, minority = o.majority_bonus[company][size], o.minority_bonus[company][size]
    above = level = 0
    for p in s.order:
        if p != seat:
            n = s.holdings[p][company]
            if n > mine:
                above += 1
            elif n == mine:
                level += 1
    if above == 0:
        if level:
            return round_up(majority + minority, level + 1)
        if not any(s.holdings[p][company] for p in s.order if p != seat):
            return majority + minority
        return majority
    if above > 1:  # two or more hold more: they take both bonuses between them
        return 0
    return round_up(minority, level + 1)  # one holds more: `seat` is second (alone or tied)


def outcome_of(companies: set[int], loose: bool, s: MegacquireState) -> str:
    """board.outcome, from what `touching` found next to the cell."""
    if not companies:
        return FOUNDS if loose else LONELY
    if len(companies) == 1:
        return GROWS
    safe = s.options.safe_size
    return DEAD_TILE if sum(1 for c in companies if s.sizes[c] >= safe) >= 2 else MERGES


def _gain(s: MegacquireState, seat: str, kind: str, companies: set[int]) -> float:
    """What a tile that `kind`s (next to `companies`) is worth to `seat` at once, in dollars
    (see the module's text)."""
    o = s.options
    if kind == FOUNDS:
        free = [c for c, n in enumerate(s.sizes) if not n]
        best = max(free, key=lambda c: o.prices[c][2])
        return o.prices[best][2] + o.majority_bonus[best][2] + o.minority_bonus[best][2]
    if kind == GROWS:
        c = next(iter(companies))
        size = s.sizes[c]
        held = s.holdings[seat][c]
        return held * (o.prices[c][size + 1] - o.prices[c][size]) if held else 0.0
    if kind == MERGES:
        survivor = max(companies, key=lambda c: s.sizes[c])
        gain = 0.0
        for c in companies:
            if c == survivor:
                continue
            rivals = max(bonus_share(s, p, c, s.sizes[c]) for p in s.order if p != seat)
            gain += bonus_share(s, seat, c, s.sizes[c]) - 0.5 * rivals
        return gain
    return 0.0


def tile_choice(s: MegacquireState, seat: str, rng: random.Random) -> int | None:
    """The cell of the playable tile worth most to `seat` (ties broken at random), None when no
    tile of its hand can be played (tiles.play_problem: no dead tile, no founding when every
    company is on the board)."""
    neighbours = s.options.geometry.neighbours
    cells = s.cells
    can_found = 0 in s.sizes
    best = None
    for cell in sorted(s.hands[seat]):
        companies, loose = touching(cells, neighbours[cell])
        kind = outcome_of(companies, loose, s)
        if kind == DEAD_TILE or (kind == FOUNDS and not can_found):
            continue
        scored = (_gain(s, seat, kind, companies), rng.random(), cell)
        if best is None or scored > best:
            best = scored
    return None if best is None else best[2]


def buy_choice(s: MegacquireState, seat: str) -> int | None:
    """The company whose certificate raises `seat`'s share of the bonuses most, paid in cash
    with this turn's purchase; None when no certificate raises it."""
    o = s.options
    prices, safe = o.prices, o.safe_size
    cart = s.cart
    cash = s.cash[seat] - sum(prices[c][s.sizes[c]] for c in cart)
    best, best_gain = None, 0
    for c, size in enumerate(s.sizes):
        if not size or size >= safe:
            continue
        price = prices[c][size]
        if price > cash or s.bank[c] - cart.count(c) <= 0:
            continue
        have = cart.count(c)
        gain = bonus_share(s, seat, c, size, have + 1) - bonus_share(s, seat, c, size, have)
        if gain > best_gain:
            best, best_gain = c, gain
    return best


def playout_move(s: MegacquireState, seat: str, rng: random.Random):
    """The action `seat` takes in a playout (its decision is due now)."""
    o = s.options
    names = o.company_names
    phase = s.phase
    if phase is Phase.PLAY:
        cell = tile_choice(s, seat, rng)
        return NoPlay(seat) if cell is None else PlayTile(seat, o.geometry.names[cell])
    if phase is Phase.BUY:
        if len(s.cart) < o.max_obtained:
            c = buy_choice(s, seat)
            if c is not None:
                return BuyShare(seat, names[c])
        return EndTurn(seat)
    if phase is Phase.DISPOSE:
        c = s.merger.current
        return Dispose(seat, names[c], s.holdings[seat][c])
    if phase is Phase.FOUND:
        free = [c for c, n in enumerate(s.sizes) if not n]
        return Found(seat, names[max(free, key=lambda c: (o.prices[c][2], -c))])
    if phase is Phase.SURVIVOR:
        from ..mergers import survivor_choices
        choices = survivor_choices(s)
        return ChooseSurvivor(seat, names[max(choices, key=lambda c: (s.holdings[seat][c], -c))])
    if phase is Phase.ORDER:
        from ..mergers import defunct_choices
        return ChooseDefunct(seat, names[defunct_choices(s)[0]])
    if phase is Phase.VOTE:
        return Vote(seat, False)
    raise ValueError(f"no playout move in phase {phase}")


def decider(s: MegacquireState) -> str:
    """Who decides now (the holder disposing in a merger, the next voter, or the active player)."""
    if s.phase is Phase.DISPOSE:
        return s.merger.holders[0]
    if s.phase is Phase.VOTE:
        return s.voters[0]
    return s.active


def play_on(s: MegacquireState, me: str, rng: random.Random, turns: int = 1, limit: int = 400) -> MegacquireState:
    """Play on from `s` with the playout policy until `me` has been due to play a tile `turns`
    times more (or the game ends); returns `s`, changed."""
    log: list = []
    due = 0
    waiting = s.phase is Phase.PLAY and s.active == me
    for _ in range(limit):
        if s.over:
            break
        if s.phase is Phase.PLAY and s.active == me:
            if not waiting:
                due += 1
                if due >= turns:
                    break
                waiting = True
        else:
            waiting = False
        seat = decider(s)
        perform(s, log, playout_move(s, seat, rng))
    return s
