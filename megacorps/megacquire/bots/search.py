"""Oracle, the search player. For each choice of a tile, and once a turn for the whole of its
purchase, it samples the hidden information from what its seat sees (the other hands and the
supply dealt at random from the tiles it has not seen; hidden holdings estimated:
bots/base.sampled_state), tries each promising choice on every sample, and plays on with the
playout policy (bots/playout.py: every player, itself included, plays the tile worth most to it
at once and buys into the bonus race) until its own turn comes round again; it keeps the choice
whose average money value then (Tycoon's: its worth against its rivals' and the growth it can
expect) is best. The same samples serve every choice, so the choices are compared on the same
deals, and a choice clearly behind on the deals tried so far is dropped (bots/race.py): the
deals go to the close choices. It never reads the true hidden state: only its view.

Its purchase is weighed as a whole: buying nothing, Tycoon's own purchase, and one, two or
three certificates of each of the companies worth most to it, so that a majority that takes
several certificates to win (the merger bonus race) is seen, which one certificate at a time
would miss. The purchase chosen is then bought certificate by certificate. Its other decisions
(naming a company, the survivor, selling defunct stock, votes) are Tycoon's.
"""
from __future__ import annotations

import random
from collections import Counter

from ..actions import BuyShare, EndTurn, PlayTile
from ..log import money
from ..state import MegacquireState, Phase
from ..stock import cart_cost
from ..turns import legal_actions, perform
from .base import Decision, sampled_state
from .heuristic import BUY_THRESHOLD, HeuristicBot, after, value
from .playout import play_on
from .race import race

EACH = 3  # the most certificates of one company a purchase plan weighs


class SearchBot(HeuristicBot):
    name = "Oracle"
    description = "samples the hidden tiles and plays each promising move on until its next turn"

    def __init__(self, seed: int | None = None, samples: int = 24, candidates: int = 6, buy_samples: int = 16,
                 buys: int = 4, turns: int = 1):
        super().__init__(seed)
        self.samples = samples          # the most samples of the hidden information per tile decision
        self.candidates = candidates    # tiles kept from Tycoon's one-move look-ahead
        self.buy_samples = buy_samples  # the most samples per purchase decision
        self.buys = buys                # companies whose certificates a purchase plan may hold
        self.turns = turns              # how many of its own turns the playout runs to
        self._purchase: tuple | None = None  # (the turn, the cart when chosen, the plan) of this turn
        self._bought_why = ""                # the reason for this turn's purchase

    def plan(self, view, legal, options) -> Decision:
        tiles = [a for a in legal if isinstance(a, PlayTile)]
        if any(isinstance(a, BuyShare) for a in legal):
            return self.search_buy(view, legal, options)
        if len(tiles) < 2:
            return super().plan(view, legal, options)
        me = view.seat
        s = sampled_state(view, options, self.rng)
        ranked = sorted(((value(self._settled(after(s, a), me), me), -i, a) for i, a in enumerate(tiles)),
                        key=lambda x: x[:2], reverse=True)[:self.candidates]
        order = [a for _, _, a in ranked]

        def play(sample, action, seed):
            trial = self._settled(after(sample, action), me)
            play_on(trial, me, random.Random(seed), self.turns)
            return value(trial, me)

        result = race(order, play, lambda: sampled_state(view, options, random.Random(self.rng.random())),
                      self.rng, self.samples)
        best = result.best
        return Decision(best, f"over {result.deals} samples of the hidden tiles, playing {best.tile} leaves it "
                              f"{money(int(result.mean(best)))} of standing when its turn comes back, the best of "
                              f"{len(order)} tiles tried")

    def search_buy(self, view, legal, options) -> Decision:
        """Its purchase this turn, chosen once as a whole (see the module's text) and bought one
        certificate at a time; stopping when the plan is bought."""
        me = view.seat
        turn = (view.round, view.active, tuple(view.board))
        cart = list(view.cart)
        if self._purchase is not None and self._purchase[0] == turn:
            _, start, plan = self._purchase
            bought = cart[len(start):]
            if cart[:len(start)] == start and list(plan[:len(bought)]) == bought:
                return self._next(view, legal, plan, len(bought))
        s = sampled_state(view, options, self.rng)
        plans = self.purchase_plans(s, me, legal)
        if len(plans) == 1:
            return self.stop_buying(s, legal)

        def play(sample, plan, seed):
            trial = sample.copy_deep()
            for c in plan:
                perform(trial, [], BuyShare(me, options.company_names[c]))
            # end the turn at once, paying in cash only
            perform(trial, [], next(a for a in legal_actions(trial, me) if isinstance(a, EndTurn) and not a.trade))
            play_on(trial, me, random.Random(seed), self.turns)
            return value(trial, me)

        result = race(plans, play, lambda: sampled_state(view, options, random.Random(self.rng.random())),
                      self.rng, self.buy_samples)
        best = result.best
        named = tuple(options.company_names[c] for c in best)
        self._purchase = (turn, cart, named)
        if best:
            gain = result.mean(best) - result.mean(())
            what = ", ".join(f"{n} {c}" for c, n in Counter(named).items())
            self._bought_why = (f"buys {what} this turn: over {result.deals} samples of the hidden tiles that leaves it "
                         f"{money(int(gain))} better off by its next turn than buying nothing, the best of "
                         f"{len(plans)} purchases tried")
        return self._next(view, legal, named, 0)

    def _next(self, view, legal, plan: tuple, done: int) -> Decision:
        """The certificate of the plan due now, or the end of the turn once it is bought."""
        if done < len(plan):
            action = BuyShare(view.seat, plan[done])
            if action in legal:
                return Decision(action, self._bought_why + (f" ({done + 1} of {len(plan)})" if len(plan) > 1 else ""))
        ends = [a for a in legal if isinstance(a, EndTurn) and not a.trade]
        bought = len(view.cart)
        return Decision(ends[0], f"ends the turn having bought {bought} certificate{'s' if bought != 1 else ''}, "
                                 f"as it planned" if bought else
                                 "ends the turn: over samples of the hidden tiles, no purchase pays more than "
                                 "keeping its cash")

    def purchase_plans(self, s: MegacquireState, me: str, legal: list) -> list[tuple[int, ...]]:
        """The purchases weighed (companies by index, in buying order): nothing; what Tycoon would
        buy; and one to three certificates of each of the `buys` companies Tycoon rates best, all
        paid in cash (it never trades in)."""
        o = s.options
        index = o.company_index
        room = o.max_obtained - len(s.cart)
        cash = s.cash[me] - cart_cost(s, s.cart)
        plans: list[tuple[int, ...]] = [()]
        ranked = [index[a.company] for _, a in self.ranked_buys(s, me, legal)][:self.buys]
        for c in ranked:
            price = o.prices[c][s.sizes[c]]
            most = min(EACH, room, s.bank[c] - s.cart.count(c), cash // price if price else 0)
            plans += [(c,) * n for n in range(1, most + 1)]
        greedy = self._tycoon_purchase(s, me)
        if greedy and greedy not in plans:
            plans.append(greedy)
        return plans

    def _tycoon_purchase(self, s: MegacquireState, me: str) -> tuple[int, ...]:
        """What Tycoon would buy this turn from `s`, certificate by certificate."""
        trial = s.copy_deep()
        plan: list[int] = []
        index = s.options.company_index
        for _ in range(s.options.max_obtained - len(s.cart)):
            ranked = self.ranked_buys(trial, me, legal_actions(trial, me))
            if not ranked or ranked[0][0] <= BUY_THRESHOLD:
                break
            c = index[ranked[0][1].company]
            plan.append(c)
            perform(trial, [], ranked[0][1])
        return tuple(plan)

    def _settled(self, trial: MegacquireState, me: str) -> MegacquireState:
        """The position once `me` has made the choices its tile calls for (Tycoon's) and, in a
        merger, everyone has sold their defunct stock; before any buying."""
        from ..actions import Dispose
        log: list = []
        for _ in range(50):
            if trial.over or trial.phase in (Phase.BUY, Phase.PLAY):
                return trial
            if trial.phase is Phase.DISPOSE:
                seat = trial.merger.holders[0]
                perform(trial, log, Dispose(seat, trial.options.company_names[trial.merger.current],
                                            trial.holdings[seat][trial.merger.current]))
                continue
            options = [after(trial, a) for a in legal_actions(trial, me)]
            trial = max(((value(t, me), -i, t) for i, t in enumerate(options)), key=lambda x: x[:2])[2]
        return trial
