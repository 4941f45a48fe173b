"""Mastermind: search over sampled hidden information (determinized Monte Carlo).

For every turn (or free pick) with more than one sensible move, it takes Shrewd's few best
candidates and, many times over, deals the cards it cannot see in a way consistent with what
it has seen (`megacorps.determinize`), plays each candidate, lets every corp take its turns with
Shrewd's judgement (event cards included, from the hands it dealt) and answer vetoes, wars,
bids, votes and the like exactly as Shrewd would, plays its own next turn the same way and lets
the others answer that too, then values the position reached with Shrewd's evaluation, less
what the countries a rival could now conquer by war put at stake. Every candidate is tried on
the same deals (common random numbers), so the comparison between them is sharper than the
noise of any one deal. The candidate with the best average wins. Near the end of the game it
plays its ideas out to the final payouts instead. Everything else (bids, votes, vetoes, prices,
war gifts) it decides as Shrewd does.

Its strength and its time grow with `budget` (CPU seconds per searched decision) or a fixed
number of `samples`; a faster simulator makes the same budget stronger.
"""
from __future__ import annotations

import random
import time

from ..simulator import determinize
from ..state import AuctionFrame, ElectionFrame, MercenaryFrame, PayoutFrame, TradeFrame
from ..war import attack_strength
from .evaluation import evaluate
from .knowledge import decision_choices, public_sim
from .lookahead import after
from .protocol import Decision
from .shrewd import ShrewdBot, card_to_play, explain, explain_card

# decisions it answers by Shrewd's rules even near the end: bids, votes, mercenary prices (many
# choices, each judged by its own rule of thumb), and trade offers (judged against the whole
# table, `deals`: a playout's model of the others knows nothing of the offerer's plans)
_RULED_BY_THUMB = (AuctionFrame, ElectionFrame, MercenaryFrame, TradeFrame)

OBVIOUS = float("inf")  # Shrewd's best move leads the next by this much: no search needed (never:
                       # Shrewd's margins mislead it too often; every turn with a choice is searched)
THREATS = 0.5        # at a rollout's end, a country a rival's attack could win counts this much as lost
CANDIDATES = 4       # Shrewd's best moves that are searched
HORIZON = 80         # steps a rollout may take before it is valued (per turn it runs through)
BUDGET = 0.1         # CPU seconds per searched decision, by default
TURNS = 2            # rollouts run until the end of its next turn and the answers to it
ENDGAME = 4          # from this many cards left in the deck, it plays every idea to the end of the game
END_CANDIDATES = 5   # Shrewd's best moves that are played to the end
END_BUDGET = 0.5     # CPU seconds per decision played to the end, by default
MIN_DEALS = 3        # deals played before a trailing idea may be dropped
MARGIN_WEIGHT = 0.01  # at the end: a win counts 1, each Euro ahead of (or behind) the best rival this much


class MastermindBot(ShrewdBot):
    name = "Mastermind"
    description = ("Imagines the hidden cards many ways and plays its ideas forward against every "
                   "reply; near the end, out to the last payout. The strongest.")

    def __init__(self, seed: int | None = None, budget: float = BUDGET, samples: int | None = None,
                 candidates: int = CANDIDATES, turns: int = TURNS, cards: bool = True,
                 endgame: int = ENDGAME, end_budget: float = END_BUDGET, end_candidates: int = END_CANDIDATES,
                 obvious: float = OBVIOUS, threats: float = THREATS):
        super().__init__(seed)
        self.obvious = obvious
        self.threats = threats
        self.budget = budget
        self.samples = samples
        self.candidates = candidates
        self.turns = turns
        self.cards = cards
        self.endgame = endgame
        self.end_budget = end_budget
        self.end_candidates = end_candidates
        self._searched_cards: set = set()

    def near_the_end(self, state) -> bool:
        """Whether the game is close enough to its end to be played out to the last payout."""
        return state.phase == "rounds" and len(state.deck) <= self.endgame

    def decide(self, game, corp: str) -> Decision:
        choices = decision_choices(game, corp)
        if len(choices) == 1:
            return Decision(choices[0], "its only choice")
        state = game.state
        sim = public_sim(game, corp)
        frame = state.top_frame
        if self.near_the_end(state) and not isinstance(frame, _RULED_BY_THUMB):
            ranked = self.rank(sim, corp, choices)
            if len(ranked) > 1:
                return self._to_the_end(game, sim, corp, ranked)
        if frame is not None:
            return self.decide_on(sim, corp, choices)
        ranked = self.rank(sim, corp, choices)
        if len(ranked) == 1 or ranked[0][0] - ranked[1][0] >= self.obvious:
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

    # --- the end of the game: every idea played out to the final payouts ---------------------------

    def _to_the_end(self, game, sim, corp: str, ranked: list) -> Decision:
        if sim.state.top_frame is not None:  # an answer: none the table forbids (`deals`)
            choices = [a for _, a in ranked]
            allowed = [(v, a) for v, a in ranked if self.objection(sim, corp, a, choices) is None]
            if len(allowed) <= 1:
                return self.answer(sim, corp, choices, ranked)
            ranked = allowed
        candidates = [a for _, a in ranked[:self.end_candidates]]
        results, deals = self.play_to_the_end(game, corp, candidates)
        order = sorted(range(len(candidates)), key=lambda i: (results[i].alive, results[i].mean, -i), reverse=True)
        best = candidates[order[0]]
        value = ranked[[a for _, a in ranked].index(best)][0]
        reason = explain(sim, corp, best, value, ranked)
        runner = f"; the next idea {results[order[1]].share:.0%}" if len(order) > 1 else ""
        return Decision(best, f"{reason}; played to the end over {deals} deals of the hidden cards, it "
                              f"finishes first in {results[order[0]].share:.0%}{runner}")

    def play_to_the_end(self, game, corp: str, candidates: list) -> tuple[list["Playout"], int]:
        """Play each candidate to the end of the game on the same sampled deals, everyone
        answering with Shrewd's judgement (a candidate None: `corp` plays no card now). A
        playout is worth 1 for a win (1/k for a k-way tie) plus MARGIN_WEIGHT per Euro ahead of
        the best rival (less when behind). After a few deals, a candidate that trails the leader
        clearly (by more than twice the standard error of their paired differences) is dropped,
        so the budget goes to the close calls, and the search stops when one is left. Returns a
        Playout per candidate and the number of deals."""
        results = [Playout() for _ in candidates]
        deals = 0
        for world, policy_seed in self._deals(game, corp, self.end_budget):
            for action, result in zip(candidates, results):
                if not result.alive:
                    continue
                trial = world.copy()
                if action is not None:
                    trial.step(action)
                self.rollout(trial, corp, random.Random(policy_seed), turns=None, hold_cards=action is None)
                win, margin = final_standing(trial.state, corp)
                result.add(win, win + MARGIN_WEIGHT * margin)
            deals += 1
            if self.samples is None and deals >= MIN_DEALS and _drop_the_trailing(results) <= 1:
                break
        return results, deals

    def interrupt(self, game, corp: str):
        """Near the end, at the start of its turn, whether to play an event card (and which) is
        played out to the end too; otherwise as Shrewd."""
        state = game.state
        if not (self.near_the_end(state) and state.top_frame is None and state.to_act
                and state.to_act[0] == corp and state.hands.get(corp)) or self._counter is not None:
            return super().interrupt(game, corp)
        key = (state.round, len(state.to_act), tuple(state.hands[corp]))
        if key in self._searched_cards:
            return super()._trade_offer(game, corp)
        self._searched_cards.add(key)
        sim = public_sim(game, corp)
        plays = sim.card_plays(corp)
        if not plays:
            return super()._trade_offer(game, corp)
        now = evaluate(sim.state, corp)
        gains = sorted(((evaluate(after(sim, p, corp).state, corp) - now, i, p) for i, p in enumerate(plays)),
                       reverse=True)
        candidates = [None] + [p for _, _, p in gains[:self.end_candidates - 1]]
        results, deals = self.play_to_the_end(game, corp, candidates)
        best = max(range(len(candidates)), key=lambda i: (results[i].alive, results[i].mean, -i))
        if best == 0:
            return super()._trade_offer(game, corp)
        play = candidates[best]
        return Decision(play, f"{explain_card(state, corp, play, gains[best - 1][0])}; played to the end over "
                              f"{deals} deals, it finishes first in {results[best].share:.0%} "
                              f"(keeping its cards: {results[0].share:.0%})")

    # --- the middle of the game: a few turns ahead, then Shrewd's judgement ------------------------

    def search(self, game, corp: str, candidates: list) -> tuple[list[float], int]:
        """Play each candidate forward on the same sampled deals; returns the total value of
        each and the number of deals."""
        totals = [0.0] * len(candidates)
        deals = 0
        for world, policy_seed in self._deals(game, corp, self.budget):
            for i, action in enumerate(candidates):
                trial = world.copy()
                trial.step(action)
                self.rollout(trial, corp, random.Random(policy_seed))
                totals[i] += self.leaf(trial.state, corp)
            deals += 1
        return totals, deals

    def _deals(self, game, corp: str, budget: float):
        """Fresh deals of the hidden cards (a determinized copy and a seed for the rollouts'
        tie-breaks), `samples` of them, or as many as `budget` CPU seconds allow (the deal under
        way is always finished)."""
        start = time.process_time()
        for _ in range(self.samples or 10_000):
            yield determinize(game, corp, random.Random(self.rng.getrandbits(64))), self.rng.getrandbits(64)
            if self.samples is None and time.process_time() - start >= budget:
                return

    def rollout(self, sim, corp: str, rng: random.Random, turns: int | None = -1, hold_cards: bool = False) -> None:
        """Let every corp play with Shrewd's judgement (its turns from a shortlist, to go fast; its
        answers to a veto, a war, a bid... exactly as Shrewd answers) until `corp`'s next turn (or the end);
        with `turns` above 1, `corp` plays its next turns the same way and the others answer;
        `turns=None` plays to the end of the game. `hold_cards`: `corp` plays no card before its
        next decision."""
        me_rank = _RolloutShrewd(rng)
        turns = self.turns if turns == -1 else turns
        considered = mine = None
        if hold_cards:
            state = sim.state
            considered = (state.round, len(state.to_act))
        steps = HORIZON * (turns or 40)
        for _ in range(steps):
            state = sim.state
            if state.phase == "over":
                return
            frame = state.top_frame
            if turns is not None and frame is None and state.to_act and state.to_act[0] == corp \
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
            else:  # a veto, a war, a bid, a vote...: as Shrewd answers it, not by rule of thumb
                sim.step(me_rank.decide_on(sim, decider, choices).action)

    def leaf(self, state, corp: str) -> float:
        """The value of a rollout's last position: Shrewd's standing, and (with `threats`) the
        countries a rival could win by war on its next turn counted as lost with that weight."""
        value = evaluate(state, corp)
        if not self.threats or state.phase == "over" or not state.deck:
            return value
        return value + self.threats * threat_shift(state, corp, value)


def threat_shift(state, corp: str, value: float) -> float:
    """How `corp`'s standing would change if every country a rival could win by war now (its
    attack beats the country's defense) changed hands, each counted on its own and summed."""
    shift = 0.0
    strength = {c: attack_strength(state, c) for c in state.playing if state.mercenaries[c] > 0}
    for country, holder in state.controllers.items():
        defense = state.board.country_by_name[country].defense + (state.mercenaries[holder] if holder else 0)
        attackers = [c for c, s in strength.items() if c != holder and s > defense]
        if not attackers:
            continue
        taker = max(attackers, key=lambda c: strength[c])
        trial = state.clone()
        trial.put("controllers", country, taker)
        shift += evaluate(trial, corp) - value
    return shift


class Playout:
    """One candidate's playouts to the end: the value of each, and how many it won."""

    __slots__ = ("values", "wins", "alive")

    def __init__(self):
        self.values: list[float] = []
        self.wins = 0.0
        self.alive = True

    def add(self, win: float, value: float) -> None:
        self.values.append(value)
        self.wins += win

    @property
    def mean(self) -> float:
        return sum(self.values) / len(self.values) if self.values else float("-inf")

    @property
    def share(self) -> float:
        """The share of its playouts it finished first in."""
        return self.wins / len(self.values) if self.values else 0.0


def _drop_the_trailing(results: list[Playout]) -> int:
    """Drop every candidate still in the race that trails the leader clearly (its paired
    differences with the leader, on the deals both played, average more than twice their
    standard error; or are all zero: it is no better); returns how many are left."""
    alive = [r for r in results if r.alive]
    leader = max(alive, key=lambda r: r.mean)
    for r in alive:
        if r is leader:
            continue
        diffs = [a - b for a, b in zip(leader.values, r.values)]
        n = len(diffs)
        mean = sum(diffs) / n
        spread = (sum((d - mean) ** 2 for d in diffs) / (n - 1)) ** 0.5 if n > 1 else 0.0
        if (spread == 0 and mean >= 0) or mean > 2 * spread / n ** 0.5:
            r.alive = False
    return sum(1 for r in results if r.alive)


def final_standing(state, me: str) -> tuple[float, float]:
    """At the end of a played-out game (or wherever it stopped): `me`'s share of the win (1, 1/k
    for a k-way tie, 0) and its money less the best rival's."""
    money = state.money
    mine = money[me]
    rivals = [money[c] for c in state.playing if c != me]
    best = max(rivals) if rivals else mine
    if mine < best:
        return 0.0, mine - best
    tied = 1 + sum(1 for m in rivals if m == mine)
    return 1.0 / tied, mine - best


class _RolloutShrewd(ShrewdBot):
    """Shrewd's judgement with the rollout's own random tie-breaks."""

    def __init__(self, rng: random.Random):
        self.seed = None
        self.rng = rng
        self._offered = set()
