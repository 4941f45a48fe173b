"""Tycoon, the heuristic player: it looks one move ahead on a position built from its view
(the hidden tiles sampled) and values what it sees by money: cash, stock at market price and
the majority and minority bonuses it would take if the game ended now (so founding, which
brings a free certificate, and a merger that pays it a bonus are worth their money), plus the
growth it can expect in the companies it holds (more when its own tiles can grow them). It
buys a certificate when that improves its standing (typically to take or keep a majority or
minority: the merger bonus race), sells all its defunct stock, and agrees to an early end when
it is ahead.
"""
from __future__ import annotations

from ..actions import BuyShare, ChooseDefunct, ChooseSurvivor, Dispose, EndTurn, Found, NoPlay, PlayTile, Vote
from ..board import touching
from ..log import money
from ..mergers import bonuses
from ..state import MegacquireState
from ..turns import perform
from .base import Decision, MegacquireBot, sampled_state, standing, worth

BUY_THRESHOLD = 60  # dollars of standing a certificate must add to be worth buying


def growth(s: MegacquireState, seat: str) -> float:
    """The rise in value `seat` can expect from the companies it holds: each should grow by a
    few tiles, more by its own tiles next to it; safe companies grow slowly."""
    o = s.options
    neighbours = o.geometry.neighbours
    near: dict[int, int] = {}
    for cell in s.hands[seat]:
        for c in touching(s.cells, neighbours[cell])[0]:
            near[c] = near.get(c, 0) + 1
    prices, majority = o.prices, o.majority_bonus
    top = len(prices[0]) - 1
    total = 0.0
    for c, held in enumerate(s.holdings[seat]):
        size = s.sizes[c]
        if not held or not size:
            continue
        ahead = min(top, size + 3 + 2 * near.get(c, 0))
        total += held * (prices[c][ahead] - prices[c][size])
        if size < o.safe_size:  # an unsafe company may be merged: its bonuses come early
            maj = majority[c][ahead] - majority[c][size]
            paid = bonuses({p: s.holdings[p][c] for p in s.order}, maj, maj // 2)
            total += paid.get(seat, 0)
    return total


def value(s: MegacquireState, seat: str) -> float:
    return standing(s, seat) + 0.5 * growth(s, seat)


def after(s: MegacquireState, action) -> MegacquireState:
    trial = s.copy_deep()
    perform(trial, [], action)
    return trial


class HeuristicBot(MegacquireBot):
    name = "Tycoon"
    description = "looks one move ahead and values founding, majorities and the merger bonus race in money"

    def plan(self, view, legal, options) -> Decision:
        if len(legal) == 1:
            return Decision(legal[0], "the only legal move")
        s = sampled_state(view, options, self.rng)
        me = view.seat
        first = legal[0]
        if isinstance(first, (PlayTile, NoPlay)):
            return self.play(s, me, [a for a in legal if isinstance(a, (PlayTile, NoPlay))])
        if isinstance(first, (BuyShare, EndTurn)):
            return self.buy(s, me, legal)
        if isinstance(first, Dispose):
            best = legal[-1]
            each = options.prices[options.company_index[best.company]][s.merger.size_of(s.merger.current)]
            return Decision(best, f"sells all {best.sell} {best.company} at {money(each)}: defunct stock is "
                                  f"worth nothing unless the company is founded again")
        if isinstance(first, Vote):
            ahead = worth(s, me) >= max(worth(s, p) for p in s.order if p != me)
            return Decision(Vote(me, ahead), "it is ahead: ending now suits it" if ahead
                            else "it is behind: it needs more time")
        # Found, ChooseSurvivor, ChooseDefunct: the choice worth most
        scored = [(value(after(s, a), me), i, a) for i, a in enumerate(legal)]
        best = max(scored)[2]
        if isinstance(best, Found):
            tier = options.tiers[options.company_index[best.company]]
            return Decision(best, f"founds {best.company}, a {tier} company: its free certificate and bonuses "
                                  f"are worth the most to it")
        if isinstance(best, ChooseSurvivor):
            return Decision(best, f"keeps {best.company}: the bonuses and prices that follow suit it best")
        assert isinstance(best, ChooseDefunct)
        return Decision(best, f"settles {best.company} first")

    def play(self, s: MegacquireState, me: str, legal: list) -> Decision:
        base = value(s, me)
        scored = []
        for i, action in enumerate(legal):
            trial = after(s, action)
            while trial.phase.name in ("FOUND", "SURVIVOR", "ORDER") and trial.active == me:
                options = self._choices(trial, me)
                trial = max(((value(t, me), k, t) for k, t in enumerate(options)), key=lambda x: x[:2])[2]
            scored.append((value(trial, me), -i, action, trial))
        gain, _, action, trial = max(scored, key=lambda x: x[:2])
        if isinstance(action, NoPlay):
            return Decision(action, "no tile can be played")
        return Decision(action, self._why(s, trial, me, action, gain - base))

    def _choices(self, s: MegacquireState, me: str) -> list[MegacquireState]:
        from ..turns import legal_actions
        return [after(s, a) for a in legal_actions(s, me)]

    def _why(self, s: MegacquireState, trial: MegacquireState, me: str, action: PlayTile, gain: float) -> str:
        o = s.options
        names = o.company_names
        cell = o.geometry.index[action.tile]
        near = sorted(touching(s.cells, o.geometry.neighbours[cell])[0])
        if len(near) >= 2:
            paid = trial.cash[me] - s.cash[me]
            return (f"merges {' and '.join(names[c] for c in near)}"
                    + (f", taking {money(paid)} in bonuses" if paid > 0 else "") + f" (worth about {money(int(gain))} to it)")
        if len(near) == 1:
            c = near[0]
            held = s.holdings[me][c]
            return (f"grows {names[c]} to {trial.sizes[c]} tiles" + (f", where it holds {held}" if held else "")
                    + f" (worth about {money(int(gain))} to it)")
        if any(n != s.sizes[k] for k, n in enumerate(trial.sizes)):
            return "founds a company: a free certificate and the first majority"
        return "a quiet tile: nothing better to build"

    def ranked_buys(self, s: MegacquireState, me: str, legal: list) -> list[tuple[float, BuyShare]]:
        """Each certificate it could pay in cash, with what it would add to its standing, best first."""
        paid = s.copy_deep()
        for k in paid.cart:  # this turn's purchase counted as held and paid (it is paid at the end)
            paid.holdings[me][k] += 1
            paid.cash[me] -= s.options.prices[k][s.sizes[k]]
        now = value(paid, me)
        ranked = []
        for i, action in enumerate(a for a in legal if isinstance(a, BuyShare)):
            trial = after(s, action)
            for k in trial.cart:
                trial.holdings[me][k] += 1
                trial.cash[me] -= s.options.prices[k][s.sizes[k]]
            if trial.cash[me] >= 0:  # it buys with cash only, and never trades in
                ranked.append((value(trial, me) - now, -i, action))
        return [(gain, action) for gain, _, action in sorted(ranked, key=lambda x: x[:2], reverse=True)]

    def buy(self, s: MegacquireState, me: str, legal: list) -> Decision:
        ranked = self.ranked_buys(s, me, legal)
        if ranked and ranked[0][0] > BUY_THRESHOLD:
            gain, action = ranked[0]
            return Decision(action, f"buys {action.company}: the bonus race and growth make it worth about "
                                    f"{money(int(gain))} more than its price")
        return self.stop_buying(s, legal)

    def stop_buying(self, s: MegacquireState, legal: list) -> Decision:
        ends = [a for a in legal if isinstance(a, EndTurn)]
        if len(ends) == 1:
            bought = len(s.cart)
            return Decision(ends[0], f"ends the turn having bought {bought} certificate{'s' if bought != 1 else ''}"
                            if bought else "ends the turn: no certificate is worth its price to it now")
        action = ends[0]  # it never buys beyond its cash; this is only for a purchase begun otherwise
        given = ", ".join(f"{n} {c}" for c, n in action.trade)
        return Decision(action, f"short of cash: trades in {given}")
