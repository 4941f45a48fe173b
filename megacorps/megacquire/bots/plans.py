"""Fixed plans, for testing the levels against simple exploits (not levels themselves): each
plays a random tile and follows one stock plan to the letter.

- BiggestBuyer: always buys the biggest company on the board, as much as its cash allows;
- Hoarder: buys only one company (the first it can), and holds that company's defunct stock;
- FounderSeller: founds companies whenever it can, never buys, sells everything at a merger;
- NeverBuyer: never buys, sells everything at a merger.
"""
from __future__ import annotations

from ..actions import BuyShare, Dispose, EndTurn, NoPlay, PlayTile, ProposeEnd, Vote
from ..board import FOUNDS
from ..tiles import tile_outcome
from .base import Decision, MegacquireBot, sampled_state


class PlanBot(MegacquireBot):
    """A random tile, the first company offered, no early end; the stock plan is the subclass's."""

    def plan(self, view, legal, options) -> Decision:
        first = legal[0]
        if isinstance(first, (PlayTile, NoPlay)):
            return Decision(self.tile(view, [a for a in legal if not isinstance(a, ProposeEnd)], options),
                            "a tile at random")
        if isinstance(first, Vote):
            return Decision(Vote(first.seat, False), "its plan needs the whole game")
        if isinstance(first, Dispose):
            return self.dispose(view, legal)
        if isinstance(first, (BuyShare, EndTurn)):
            return self.buy(view, legal, options)
        return Decision(first, "the first choice offered")

    def tile(self, view, legal, options):
        return self.rng.choice(legal)

    def dispose(self, view, legal) -> Decision:
        return Decision(legal[-1], "sells all its defunct stock")

    def buy(self, view, legal, options) -> Decision:
        return Decision(next(a for a in legal if isinstance(a, EndTurn)), "never buys")

    @staticmethod
    def cash_left(view, options) -> int:
        spent = sum(c.price for name in view.cart for c in view.companies if c.name == name)
        return view.cash[view.seat] - spent


class BiggestBuyer(PlanBot):
    name = "BiggestBuyer"
    description = "always buys the biggest company"

    def buy(self, view, legal, options) -> Decision:
        active = [c for c in view.companies if c.size]
        if active:
            big = max(active, key=lambda c: (c.size, c.name))
            action = BuyShare(view.seat, big.name)
            if action in legal and self.cash_left(view, options) >= big.price:
                return Decision(action, f"buys {big.name}, the biggest company")
        return super().buy(view, legal, options)


class Hoarder(PlanBot):
    name = "Hoarder"
    description = "buys only one company and holds its stock"

    target: str | None = None

    def buy(self, view, legal, options) -> Decision:
        if self.target is None:
            buys = [a for a in legal if isinstance(a, BuyShare)]
            if buys:
                self.target = buys[0].company
        action = BuyShare(view.seat, self.target) if self.target else None
        if action in legal and self.cash_left(view, options) >= next(
                c.price for c in view.companies if c.name == self.target):
            return Decision(action, f"buys {self.target}, the one company it hoards")
        return super().buy(view, legal, options)

    def dispose(self, view, legal) -> Decision:
        if legal[0].company == self.target:
            return Decision(legal[0], f"holds its {self.target} stock")
        return super().dispose(view, legal)


class FounderSeller(PlanBot):
    name = "FounderSeller"
    description = "founds companies whenever it can, never buys, sells at once"

    def tile(self, view, legal, options):
        s = sampled_state(view, options, self.rng)
        founding = [a for a in legal if isinstance(a, PlayTile)
                    and tile_outcome(s, options.geometry.index[a.tile]) == FOUNDS]
        return self.rng.choice(founding or legal)


class NeverBuyer(PlanBot):
    name = "NeverBuyer"
    description = "never buys stock"


PLANS = {cls.name: cls for cls in (BiggestBuyer, Hoarder, FounderSeller, NeverBuyer)}

__all__ = ["PLANS"]
