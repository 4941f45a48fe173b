"""What every MEGAcquire bot shares: the project's bot protocol (a Decision is an action and a
reason in game terms), reading only what the seat may see (`game.view(seat)`, its legal
actions and the public options: board, companies, chart), a position built from that view
with the hidden parts *sampled* (other hands and the supply dealt at random from the tiles the
seat has not seen; other players' holdings and cash, when the disclosure method hides them,
estimated), and the worth of a player in a position.
"""
from __future__ import annotations

import random

from ...bots.protocol import BaseBot, Decision
from ..board import DEAD, EMPTY, LOOSE
from ..mergers import Merger, bonuses
from ..options import Options
from ..state import MegacquireState, Phase
from ..view import SeatView

__all__ = ["Decision", "MegacquireBot", "sampled_state", "worth"]

PHASES = {p.value: p for p in Phase}


class MegacquireBot(BaseBot):
    """A bot reads the seat's view and its legal actions, and asks `plan` for a Decision."""

    def decide(self, game, seat: str) -> Decision:
        return self.plan(game.view(seat, log=False), game.legal_actions(seat), game.options)

    def plan(self, view: SeatView, legal: list, options: Options) -> Decision:  # pragma: no cover
        raise NotImplementedError


def sampled_state(view: SeatView, options: Options, rng: random.Random) -> MegacquireState:
    """A full position consistent with what `view`'s seat sees: the board, the companies, its
    own hand, holdings and cash as shown; the tiles it has not seen dealt at random to the other
    hands (their sizes are public) and the supply; holdings and cash the disclosure method hides
    estimated (the certificates not accounted for shared evenly among the players who could hold
    them; unknown cash taken to be the seat's own)."""
    me = view.seat
    g = options.geometry
    names = options.company_names
    index = options.company_index
    code = {"": EMPTY, "*": LOOSE, "#": DEAD}
    cells = [code[v] if v in code else index[v] for v in view.board]
    mine = [g.index[t] for t in view.hand]
    unseen = [i for i, v in enumerate(cells) if v == EMPTY and i not in set(mine)]
    if view.founding is not None:
        cells[g.index[view.founding]] = LOOSE
    if view.merger is not None:
        cells[g.index[view.merger.tile]] = LOOSE
    unseen = [i for i in unseen if cells[i] == EMPTY]
    rng.shuffle(unseen)
    hands = {}
    for p in view.order:
        if p == me:
            hands[p] = list(mine)
        else:
            n = view.hand_sizes[p]
            hands[p], unseen = unseen[:n], unseen[n:]
    n_companies = len(names)
    holdings = {p: [0] * n_companies for p in view.seats}
    for p, held in view.holdings.items():
        for name, count in held.items():
            holdings[p][index[name]] = count
    hidden = [p for p in view.seats if p not in view.holdings]
    bank = [0] * n_companies
    for c, company in enumerate(view.companies):
        known = sum(holdings[p][c] for p in view.holdings)
        if view.merger is not None and view.merger.current == company.name:
            for p, count in view.merger.revealed.items():  # revealed in the merger (L91)
                holdings[p][c] = count
            known = sum(holdings[p][c] for p in view.seats)
            hidden_here = []
        else:
            hidden_here = hidden
        left = options.certificates - known
        if company.bank is not None:
            bank[c] = company.bank
            spread = left - company.bank
        else:  # the bank's count is hidden too: guess a third of the rest is out with players
            spread = left // 3 if hidden_here else 0
            bank[c] = left - spread
        if hidden_here and spread > 0:
            share, extra = divmod(spread, len(hidden_here))
            for k, p in enumerate(hidden_here):
                holdings[p][c] = share + (1 if k < extra else 0)
        elif spread > 0:
            bank[c] += spread
    own_cash = view.cash.get(me, options.starting_cash) if me else options.starting_cash
    cash = {p: view.cash.get(p, own_cash) for p in view.seats}
    merger = None
    if view.merger is not None:
        m = view.merger
        merger = Merger(tile=g.index[m.tile], companies=[index[c] for c in m.companies],
                        sizes=list(m.companies.values()),
                        survivor=index[m.survivor] if m.survivor else -1,
                        defunct=[index[c] for c in m.defunct_left],
                        current=index[m.current] if m.current else -1, holders=list(m.holders_left),
                        revealed=dict(m.revealed))
    return MegacquireState(
        seats=list(view.seats), order=list(view.order), options=options, seed=0, opening={}, cells=cells,
        hands=hands, supply=unseen, cash=cash, holdings=holdings, bank=bank,
        sizes=[c.size for c in view.companies], turn=view.order.index(view.active), round=view.round,
        phase=PHASES[view.phase], pending=g.index[view.founding] if view.founding else -1, merger=merger,
        cart=[index[c] for c in view.cart], played=view.played, proposed=view.proposed,
        voters=list(view.voters), end_agreed=view.end_agreed)


def worths(s: MegacquireState) -> dict[str, int]:
    """What each player would end with if the game ended now: cash, stock at market price and
    their share of every active company's bonuses (L115-117); defunct stock held counts
    nothing. During a merger, the defunct companies still to settle count at their sale price
    (with their bonuses, unless paid already)."""
    o = s.options
    total = dict(s.cash)
    order = s.order
    settling = set()
    m = s.merger
    if m is not None and m.survivor >= 0:
        settling = {c for c in m.companies if c != m.survivor}
    prices, majority, minority = o.prices, o.majority_bonus, o.minority_bonus
    holdings = [s.holdings[p] for p in order]
    for c, size in enumerate(s.sizes):
        pay_bonus = True
        if c in settling:
            if c != m.current and c not in m.defunct:
                continue  # settled already: its stock is held, worth nothing now
            size = m.size_of(c)
            pay_bonus = c != m.current  # the current one's bonuses are paid already
        elif not size:
            continue
        counts = [h[c] for h in holdings]
        if not any(counts):
            continue
        price = prices[c][size]
        for p, n in zip(order, counts):
            total[p] += n * price
        if pay_bonus:
            for p, amount in bonuses(dict(zip(order, counts)), majority[c][size], minority[c][size]).items():
                total[p] += amount
    return total


def worth(s: MegacquireState, seat: str) -> int:
    """What `seat` would end with if the game ended now (see `worths`)."""
    return worths(s)[seat]


def standing(s: MegacquireState, seat: str) -> float:
    """`seat`'s worth against its rivals': ahead of the best of them counts most (one wins)."""
    every = worths(s)
    others = [v for p, v in every.items() if p != seat]
    return every[seat] - 0.6 * max(others) - 0.4 * sum(others) / len(others)
