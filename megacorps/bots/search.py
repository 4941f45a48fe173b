"""Mastermind: search over sampled hidden information (determinized Monte Carlo).

For a turn (or a free pick) whose best move is not obvious, it takes Shrewd's few best
candidates and, many times over, deals the cards it cannot see in a way consistent with what
it has seen (`megacorps.determinize`), plays each candidate, lets every corp take its turns with
Shrewd's judgement (event cards included, from the hands it dealt; vetoes, wars, bids and the
like by Shrewd's rules of thumb), plays its own next turn the same way and lets the others
answer that too, then values the position reached with Shrewd's evaluation. Every candidate is tried on the same deals (common random numbers), so the
comparison between them is sharper than the noise of any one deal. The candidate with the best
average wins. Everything else (bids, votes, vetoes, prices, war gifts, cards) it decides as
Shrewd does.

Its strength and its time grow with `budget` (CPU seconds per searched decision) or a fixed
number of `samples`; a faster simulator makes the same budget stronger.
"""
from __future__ import annotations

import random
import time

from ..simulator import determinize
from ..state import PayoutFrame
from .evaluation import evaluate
from .knowledge import decision_choices, public_sim
from .lookahead import default_answer
from .protocol import Decision
from .shrewd import ShrewdBot, card_to_play, explain

OBVIOUS = 6.0        # Shrewd's best move leads the next by this much: no search needed
CANDIDATES = 4       # Shrewd's best moves that are searched
HORIZON = 80         # steps a rollout may take before it is valued
BUDGET = 0.1         # CPU seconds per searched decision, by default
TURNS = 2            # rollouts run until the end of its next turn and the answers to it


class MastermindBot(ShrewdBot):
    name = "Mastermind"
    description = ("Imagines the hidden cards many ways and plays its best ideas forward against "
                   "everyone's replies before it moves. The strongest.")

    def __init__(self, seed: int | None = None, budget: float = BUDGET, samples: int | None = None,
                 candidates: int = CANDIDATES, turns: int = TURNS, cards: bool = True):
        super().__init__(seed)
        self.budget = budget
        self.samples = samples
        self.candidates = candidates
        self.turns = turns
        self.cards = cards

    def decide(self, game, corp: str) -> Decision:
        choices = decision_choices(game, corp)
        if len(choices) == 1:
            return Decision(choices[0], "its only choice")
        state = game.state
        sim = public_sim(game, corp)
        if state.top_frame is not None:
            return self.decide_on(sim, corp, choices)
        ranked = self.rank(sim, corp, choices)
        if len(ranked) == 1 or ranked[0][0] - ranked[1][0] >= OBVIOUS:
            value, best = ranked[0]
            return Decision(best, explain(sim, corp, best, value, ranked))
        candidates = [a for _, a in ranked[:self.candidates]]
        totals, deals = self.search(game, corp, candidates)
        means = sorted(((totals[i] / deals, -i, a) for i, a in enumerate(candidates)), reverse=True)
        best_mean, _, best = means[0]
        reason = explain(sim, corp, best, ranked[[a for _, a in ranked].index(best)][0], ranked)
        runner = means[1][0] if len(means) > 1 else best_mean
        return Decision(best, f"{reason}; played forward over {deals} deals of the hidden cards, it "
                              f"leads the next idea by {best_mean - runner:.1f}")

    def search(self, game, corp: str, candidates: list) -> tuple[list[float], int]:
        """Play each candidate forward on the same sampled deals; returns the total value of
        each and the number of deals."""
        totals = [0.0] * len(candidates)
        deals = 0
        clock = time.process_time
        start = clock()
        limit = self.samples or 10_000
        while deals < limit:
            world = determinize(game, corp, random.Random(self.rng.getrandbits(64)))
            policy_seed = self.rng.getrandbits(64)
            for i, action in enumerate(candidates):
                trial = world.copy()
                trial.step(action)
                self.rollout(trial, corp, random.Random(policy_seed))
                totals[i] += evaluate(trial.state, corp)
            deals += 1
            if self.samples is None and clock() - start >= self.budget:
                break
        return totals, deals

    def rollout(self, sim, corp: str, rng: random.Random) -> None:
        """Let every corp answer with Shrewd's judgement until `corp`'s next turn (or the end);
        with `turns` above 1, `corp` plays its next turns the same way and the others answer."""
        me_rank = _RolloutShrewd(rng)
        turns = self.turns
        considered = mine = None
        for _ in range(HORIZON * turns):
            state = sim.state
            if state.phase == "over":
                return
            frame = state.top_frame
            if frame is None and state.to_act and state.to_act[0] == corp \
                    and mine != (state.round, len(state.to_act)):
                mine = (state.round, len(state.to_act))
                turns -= 1
                if turns <= 0:
                    return
            decider = sim.deciders[0]
            if self.cards and frame is None and considered != (state.round, len(state.to_act)):
                considered = (state.round, len(state.to_act))
                if state.hands[decider]:
                    found = card_to_play(sim, decider)
                    if found is not None:
                        sim.step(found[1])
                        continue
            choices = sim.choices(decider)
            if len(choices) == 1:
                sim.step(choices[0])
            elif frame is None:
                sim.step(me_rank.rank(sim, decider, choices, quick=True)[0][1])
            elif isinstance(frame, PayoutFrame):
                sim.step(choices[0])  # no card
            else:
                sim.step(default_answer(sim, decider))


class _RolloutShrewd(ShrewdBot):
    """Shrewd's judgement with the rollout's own random tie-breaks."""

    def __init__(self, rng: random.Random):
        self.seed = None
        self.rng = rng
        self._offered = set()
