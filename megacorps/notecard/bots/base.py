"""What every note-card bot shares: the project's bot protocol (its Decision and BaseBot), and
ways of reading the public table (the quarters already revealed, the yield cards drawn). Bots read only
`game.view(corp)`: never another corporation's unrevealed note card or the yield stacks' order."""
from __future__ import annotations

import random

from ...bots.protocol import BaseBot, Decision
from .. import variable_yield
from ..view import SeatView

__all__ = ["Decision", "NotecardBot"]


class NotecardBot(BaseBot):
    """The shared bot shape (megacorps.bots.protocol: a name, a description, a seeded random
    generator, `choose` from `decide`, no interruptions: nothing happens between note cards).
    `decide(game, corp)` reads the corporation's view and asks `plan(view)` for a Decision."""

    def decide(self, game, corp: str) -> Decision:
        return self.plan(game.view(corp, log=False))

    def plan(self, view: SeatView) -> Decision:  # pragma: no cover - every bot overrides it
        raise NotImplementedError


# --- splitting money -------------------------------------------------------------------------

def split(total: int, weights: dict[str, float]) -> dict[str, int]:
    """`total` whole millions shared in proportion to `weights` (largest remainders first);
    zero shares are left out."""
    positive = {k: w for k, w in weights.items() if w > 0}
    if total <= 0 or not positive:
        return {}
    whole = sum(positive.values())
    exact = {k: total * w / whole for k, w in positive.items()}
    shares = {k: int(v) for k, v in exact.items()}
    left = total - sum(shares.values())
    for k in sorted(exact, key=lambda k: (shares[k] - exact[k], k))[:left]:
        shares[k] += 1
    return {k: v for k, v in shares.items() if v}


def entry_free(view: SeatView, corp: str) -> list[str]:
    """The industries `corp` may invest in this quarter without a cost of entry."""
    if not view.options.variable_industries:
        return list(view.industries)
    return [i for i in view.pool if i in view.entered.get(corp, [])]


def investing_cost(view: SeatView, corp: str, invest: dict[str, int]) -> int:
    """Money a set of investments takes, costs of entry included."""
    free = set(entry_free(view, corp))
    return sum(invest.values()) + sum(1 for i, a in invest.items() if a and i not in free)


# --- reading the revealed quarters --------------------------------------------------------------

def last_investments(view: SeatView, corp: str) -> dict[str, int]:
    """What `corp` invested in each industry in the last revealed quarter ({} before any)."""
    if not view.reports:
        return {}
    return {line.industry: line.invested for line in view.reports[-1].lines
            if line.corp == corp and line.invested}


def predicted_investments(view: SeatView, corp: str) -> dict[str, float]:
    """Where `corp` will probably put its money this quarter: last quarter's split scaled to its
    money now (an even split over the core industries before anything is revealed)."""
    last = last_investments(view, corp)
    before = view.reports[-1].money_before.get(corp, 0) if view.reports else 0
    have = view.money[corp]
    if not last or not before:
        share = have / len(entry_free(view, corp) or view.industries)
        return {i: share for i in (entry_free(view, corp) or view.industries)}
    return {i: a * have / before for i, a in last.items()}


def sabotage_suffered(view: SeatView, corp: str) -> dict[str, int]:
    """Sabotage spent against `corp` per industry in the last revealed quarter."""
    if not view.reports:
        return {}
    return {line.industry: line.total_sabotage for line in view.reports[-1].lines
            if line.corp == corp and line.total_sabotage}


def expected_multipliers(view: SeatView) -> dict[str, float]:
    """Each open industry's expected multiplier this quarter: the odds of its yield stack
    (known from its face-up discard pile) with Variable Yield, 3 everywhere without."""
    if not view.options.variable_yield:
        return {i: float(variable_yield.CORE_MULTIPLIER) for i in view.industries}
    return {i: variable_yield.expected_multiplier(view.stacks[i].discard) for i in view.industries}


def fresh_multiplier() -> float:
    """The expected multiplier of a new industry's first card (a full, fresh stack)."""
    return variable_yield.expected_multiplier([])


def richest_rival(view: SeatView, corp: str, rng: random.Random | None = None) -> str | None:
    """The rival with the most money; a tie is broken by `rng` (never by seat, which would make
    the first seats everyone's target), or by seat order without one."""
    rivals = [c for c in view.solvent if c != corp]
    if not rivals:
        return None
    best = max(view.money[c] for c in rivals)
    tied = [c for c in rivals if view.money[c] == best]
    return rng.choice(tied) if rng is not None and len(tied) > 1 else tied[0]


def listing(amounts: dict[str, int]) -> str:
    """"$3M in Industry 1 and $2M in Industry 2"."""
    parts = [f"${a:,}M in {i}" for i, a in amounts.items() if a]
    if not parts:
        return "nothing"
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
