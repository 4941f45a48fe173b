"""How Oracle shares its samples of the hidden information among its choices: every choice still
in the race is played on the same deal (common random numbers: the same hidden tiles, the same
playout seed), and every few deals a choice whose deficit to the leader, deal by deal, is clearly
more than luck (its mean more than `z` standard errors behind) leaves the race. A clear choice
is thus settled on a few deals; the close ones get them all.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

CHECK_EVERY = 4  # deals between two looks at the race
Z = 2.0          # how many standard errors behind a choice must be to leave the race


@dataclass
class Race:
    scores: dict = field(default_factory=dict)  # choice -> its value on each deal it was played
    deals: int = 0
    best: object = None

    def mean(self, choice) -> float:
        values = self.scores[choice]
        return sum(values) / len(values)


def behind(leader: list[float], other: list[float], z: float = Z) -> bool:
    """Is `other` clearly behind `leader` on the deals both were played (the first len(other))?"""
    diffs = [a - b for a, b in zip(leader, other)]
    n = len(diffs)
    if n < 2:
        return False
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean > z * math.sqrt(var / n) and mean > 0


def race(choices: Sequence, play: Callable[[object, object, float], float], deal: Callable[[], object],
         rng: random.Random, most: int, z: float = Z) -> Race:
    """Play `choices` on up to `most` deals (`deal()` makes one; `play(deal, choice, seed)` values
    a choice on it, `seed` the playout's), dropping the clearly worse ones; the best is the one
    with the highest mean among those left (ties: the earlier in `choices`)."""
    result = Race(scores={c: [] for c in choices})
    alive = list(choices)
    for k in range(most):
        sample, seed = deal(), rng.random()
        for choice in alive:
            result.scores[choice].append(play(sample, choice, seed))
        result.deals = k + 1
        if len(alive) > 1 and (k + 1) % CHECK_EVERY == 0:
            leader = max(alive, key=lambda c: (result.mean(c), -alive.index(c)))
            alive = [c for c in alive if c == leader or not behind(result.scores[leader], result.scores[c], z)]
        if len(alive) == 1:
            break
    result.best = max(alive, key=lambda c: (result.mean(c), -alive.index(c)))
    return result
