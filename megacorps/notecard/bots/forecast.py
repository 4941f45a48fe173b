"""Reading a rival's habits from the revealed quarters: where it will put its money this quarter.

Every revealed card is public once the moderator has announced it, so a bot may fit a rival's
habit to what it did. A few habits are tried, each predicting the rival's split of its
investment over the industries:

- repeat: the same split as last quarter (the all-in players, most people);
- even: an even spread over the industries it is in;
- dodge: an even spread, lowered where it was sabotaged last quarter (the Balanced bot's habit);
- rotate: away from where it put most last quarter (the Odds bot's own habit);
- alternate: the split of two quarters ago.

The habit that would have predicted the rival's last quarter best (from the quarters before it)
is the forecast, with a confidence: 1 when it predicted that quarter exactly, 0 when it shared
nothing with it. With one quarter revealed, `repeat` is all there is to go on (confidence 0.5).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..view import SeatView

HABITS = ("repeat", "even", "dodge", "rotate", "alternate")


@dataclass(frozen=True)
class Forecast:
    """Where a rival is expected to invest this quarter, in millions per industry."""

    rival: str
    habit: str
    confidence: float
    invest: dict[str, float]       # industry -> expected investment
    keeps_nothing: bool            # it kept no money back last quarter (it can be knocked out)

    @property
    def total(self) -> float:
        return sum(self.invest.values())


def _invested(view: SeatView, k: int, corp: str) -> dict[str, int]:
    """What `corp` invested per industry in revealed quarter index `k`."""
    return {l.industry: l.invested for l in view.reports[k].lines if l.corp == corp and l.invested}


def _suffered(view: SeatView, k: int, corp: str) -> dict[str, int]:
    return {l.industry: l.total_sabotage for l in view.reports[k].lines if l.corp == corp and l.total_sabotage}


def _shares(amounts: dict[str, float]) -> dict[str, float]:
    total = sum(amounts.values())
    return {i: a / total for i, a in amounts.items() if a > 0} if total > 0 else {}


def rotate_weights(last: dict[str, float], industries: list[str], power: float = 2.0) -> dict[str, float]:
    """The rotating habit: each industry weighted by how little of the money went there last
    quarter (to `power`), so the bulk moves away from where a saboteur would aim."""
    shares = _shares(last)
    return {i: (1.0 - shares.get(i, 0.0)) ** power + 1e-3 for i in industries}


def _habit(view: SeatView, habit: str, k: int, corp: str, industries: list[str]) -> dict[str, float] | None:
    """The split `habit` predicts for quarter index k + 1, from the quarters up to index k."""
    if k < 0:
        return None
    last = _invested(view, k, corp)
    if habit == "repeat":
        return _shares(last) or None
    if habit == "even":
        return {i: 1 / len(industries) for i in industries}
    if habit == "dodge":
        hurt = _suffered(view, k, corp)
        return _shares({i: 1.0 / (1.0 + hurt.get(i, 0)) for i in industries})
    if habit == "rotate":
        return _shares(rotate_weights(last, list(dict.fromkeys([*last, *industries]))))
    if habit == "alternate":
        if k < 1:
            return None
        return _shares(_invested(view, k - 1, corp)) or None
    raise ValueError(habit)


def _distance(a: dict[str, float], b: dict[str, float]) -> float:
    """Half the L1 distance between two splits: 0 the same, 1 nothing in common."""
    return sum(abs(a.get(i, 0.0) - b.get(i, 0.0)) for i in set(a) | set(b)) / 2


def forecast(view: SeatView, rival: str, industries: list[str]) -> Forecast:
    """Where `rival` is expected to invest this quarter (`industries`: where it may invest
    without a new entry, for the habits that spread)."""
    money = view.money[rival]
    if not view.reports:  # nothing revealed yet: an even spread of all its money
        return Forecast(rival, "even", 0.0, {i: money / len(industries) for i in industries}, False)
    last = view.reports[-1]
    n = len(view.reports) - 1
    before = last.money_before.get(rival, 0)
    spent = sum(_invested(view, n, rival).values())
    fraction = spent / before if before else 1.0
    best, confidence = "repeat", 0.5
    if n >= 1:
        actual = _shares(_invested(view, n, rival))
        scored = []
        for habit in HABITS:
            predicted = _habit(view, habit, n - 1, rival, industries)
            if predicted is not None and actual:
                scored.append((_distance(predicted, actual), HABITS.index(habit), habit))
        if scored:
            distance, _, best = min(scored)
            confidence = 1.0 - distance
    split = _habit(view, best, n, rival, industries) or {i: 1 / len(industries) for i in industries}
    invest = {i: share * fraction * money for i, share in split.items()}
    return Forecast(rival, best, confidence, invest, last.kept.get(rival, 1) == 0)
