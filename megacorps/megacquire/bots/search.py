"""Oracle, the search player: for the choice of a tile it samples the hidden information from
what its seat sees (the other hands and the supply dealt at random from the unseen tiles;
hidden holdings estimated), plays each promising tile on every sample, lets the other players
take their turns (a quick policy: random tiles, no buying), and keeps the tile whose average
standing when its turn comes round again is best. It weighs its purchases the same way
(stopping, or one of the two certificates Tycoon rates best). It never reads the true hidden
state: only its view. Its other decisions are Tycoon's.
"""
from __future__ import annotations

import random

from ..actions import BuyShare, Dispose, EndTurn, PlayTile, ProposeEnd
from ..log import money
from ..state import MegacquireState, Phase
from ..turns import legal_actions, perform
from .base import Decision, sampled_state
from .heuristic import HeuristicBot, after, value

CANDIDATES = 5   # tiles kept from the one-move look-ahead
SAMPLES = 8      # samples of the hidden information per tile
BUY_SAMPLES = 6  # samples per purchase weighed


def quick_move(s: MegacquireState, seat: str, rng: random.Random):
    """The rollout policy: a random playable tile, any company, sell all defunct stock, no stock bought."""
    legal = legal_actions(s, seat)
    phase = s.phase
    if phase is Phase.BUY:
        return next(a for a in legal if isinstance(a, EndTurn))
    if phase is Phase.DISPOSE:
        return legal[-1]
    if phase is Phase.PLAY:
        legal = [a for a in legal if not isinstance(a, ProposeEnd)]
    return rng.choice(legal)


def roll_out(s: MegacquireState, me: str, rng: random.Random, limit: int = 200) -> MegacquireState:
    """Play on from `s` until `me` is to play a tile again (or the game ends)."""
    log: list = []
    for _ in range(limit):
        if s.over or (s.phase is Phase.PLAY and s.active == me):
            break
        seat = s.merger.holders[0] if s.phase is Phase.DISPOSE else s.voters[0] if s.phase is Phase.VOTE else s.active
        if seat == me and s.phase is Phase.BUY:
            perform(s, log, next(a for a in legal_actions(s, me) if isinstance(a, EndTurn)))
            continue
        perform(s, log, quick_move(s, seat, rng))
    return s


class SearchBot(HeuristicBot):
    name = "Oracle"
    description = "samples the hidden tiles and plays each promising tile a round ahead"

    def plan(self, view, legal, options) -> Decision:
        tiles = [a for a in legal if isinstance(a, PlayTile)]
        if any(isinstance(a, BuyShare) for a in legal):
            return self.search_buy(view, legal, options)
        if len(tiles) < 2:
            return super().plan(view, legal, options)
        me = view.seat
        s = sampled_state(view, options, self.rng)
        ranked = sorted(((value(self._settled(after(s, a), me), me), -i, a) for i, a in enumerate(tiles)),
                        key=lambda x: x[:2], reverse=True)[:CANDIDATES]
        totals = {a: 0.0 for _, _, a in ranked}
        for k in range(SAMPLES):
            sample = sampled_state(view, options, random.Random(self.rng.random()))
            for _, _, action in ranked:
                trial = self._settled(after(sample, action), me)
                roll_out(trial, me, random.Random(k))
                totals[action] += value(trial, me)
        best = max(ranked, key=lambda x: (totals[x[2]], x[:2]))[2]
        average = totals[best] / SAMPLES
        return Decision(best, f"over {SAMPLES} samples of the hidden tiles, playing {best.tile} leaves it "
                              f"{money(int(average))} of standing when its turn comes back, the best of "
                              f"{len(ranked)} tiles tried")

    def search_buy(self, view, legal, options) -> Decision:
        """Stop buying, or buy one of the two certificates Tycoon rates best: each tried on
        samples of the hidden information, the turn ended at once and a round played on."""
        me = view.seat
        s = sampled_state(view, options, self.rng)
        ranked = self.ranked_buys(s, me, legal)[:2]
        if not ranked:
            return self.stop_buying(s, legal)
        end = self.stop_buying(s, legal)
        choices = [end.action] + [a for _, a in ranked]
        totals = {a: 0.0 for a in choices}
        for k in range(BUY_SAMPLES):
            sample = sampled_state(view, options, random.Random(self.rng.random()))
            for action in choices:
                trial = after(sample, action)
                if trial.phase is Phase.BUY:  # end the turn at once (paying, in cash only)
                    perform(trial, [], next(a for a in legal_actions(trial, me) if isinstance(a, EndTurn)))
                roll_out(trial, me, random.Random(k))
                totals[action] += value(trial, me)
        best = max(choices, key=lambda a: totals[a])
        if best == end.action:
            return Decision(best, f"{end.reason} (over {BUY_SAMPLES} samples, buying more does not pay)")
        return Decision(best, f"buys {best.company}: over {BUY_SAMPLES} samples of the hidden tiles it is worth "
                              f"{money(int((totals[best] - totals[end.action]) / BUY_SAMPLES))} more a round on "
                              f"than stopping")

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

