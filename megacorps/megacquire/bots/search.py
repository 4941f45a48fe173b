"""Oracle, the search player. For each choice of a tile or a certificate it samples the hidden
information from what its seat sees (the other hands and the supply dealt at random from the
tiles it has not seen; hidden holdings estimated: bots/base.sampled_state), tries each promising
choice on every sample, and plays on with the playout policy (bots/playout.py: every player,
itself included, plays the tile worth most to it at once and buys into the bonus race) until
its own turn comes round again; it keeps the choice whose average money value then (Tycoon's:
its worth against its rivals' and the growth it can expect) is best. The same samples serve
every choice, so the choices are compared on the same deals. It never reads the true hidden
state: only its view. Its other decisions (naming a company, the survivor, selling defunct
stock, votes) are Tycoon's.
"""
from __future__ import annotations

import random

from ..actions import BuyShare, Dispose, EndTurn, PlayTile
from ..log import money
from ..state import MegacquireState, Phase
from ..turns import legal_actions, perform
from .base import Decision, sampled_state
from .heuristic import HeuristicBot, after, value
from .playout import play_on


class SearchBot(HeuristicBot):
    name = "Oracle"
    description = "samples the hidden tiles and plays each promising move on until its next turn"

    def __init__(self, seed: int | None = None, samples: int = 16, candidates: int = 5, buy_samples: int = 12,
                 buys: int = 2, turns: int = 1):
        super().__init__(seed)
        self.samples = samples          # samples of the hidden information per tile decision
        self.candidates = candidates    # tiles kept from Tycoon's one-move look-ahead
        self.buy_samples = buy_samples  # samples per purchase decision
        self.buys = buys                # certificates weighed against stopping (Tycoon's best)
        self.turns = turns              # how many of its own turns the playout runs to

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
        totals = {a: 0.0 for _, _, a in ranked}
        for k in range(self.samples):
            sample = sampled_state(view, options, random.Random(self.rng.random()))
            seed = self.rng.random()
            for _, _, action in ranked:
                trial = self._settled(after(sample, action), me)
                play_on(trial, me, random.Random(seed), self.turns)
                totals[action] += value(trial, me)
        best = max(ranked, key=lambda x: (totals[x[2]], x[:2]))[2]
        average = totals[best] / self.samples
        return Decision(best, f"over {self.samples} samples of the hidden tiles, playing {best.tile} leaves it "
                              f"{money(int(average))} of standing when its turn comes back, the best of "
                              f"{len(ranked)} tiles tried")

    def search_buy(self, view, legal, options) -> Decision:
        """Stop buying, or buy one of the certificates Tycoon rates best: each tried on samples
        of the hidden information, the turn ended at once and played on to its next turn."""
        me = view.seat
        s = sampled_state(view, options, self.rng)
        ranked = self.ranked_buys(s, me, legal)[:self.buys]
        end = self.stop_buying(s, legal)
        if not ranked:
            return end
        choices = [end.action] + [a for _, a in ranked]
        totals = {a: 0.0 for a in choices}
        for _ in range(self.buy_samples):
            sample = sampled_state(view, options, random.Random(self.rng.random()))
            seed = self.rng.random()
            for action in choices:
                trial = after(sample, action)
                if trial.phase is Phase.BUY:  # end the turn at once (paying, in cash only)
                    perform(trial, [], next(a for a in legal_actions(trial, me) if isinstance(a, EndTurn)))
                play_on(trial, me, random.Random(seed), self.turns)
                totals[action] += value(trial, me)
        best = max(choices, key=lambda a: totals[a])
        if best == end.action:
            return Decision(best, f"{end.reason} (over {self.buy_samples} samples, buying more does not pay)")
        return Decision(best, f"buys {best.company}: over {self.buy_samples} samples of the hidden tiles it is "
                              f"worth {money(int((totals[best] - totals[end.action]) / self.buy_samples))} more "
                              f"by its next turn than stopping")

    def _settled(self, trial: MegacquireState, me: str) -> MegacquireState:
        """The position once `me` has made the choices its tile calls for (Tycoon's) and, in a
        merger, everyone has sold their defunct stock; before any buying."""
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
