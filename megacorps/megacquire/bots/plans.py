"""Fixed plans, the exploits the top level must hold to chance (issue 21: none may win more than
25% of 4-player games against three of the top level). Each follows one stock plan to the
letter and leaves every other decision (its tile, the company it names, the survivor, votes) to
Tycoon, so what is measured is the stock plan itself:

- BiggestBuyer: always buys the biggest company on the board it can (safe or not), as many
  certificates as its cash and the six-a-turn limit allow; sells its defunct stock;
- Hoarder: buys only one company, the first it can buy, as many as it can, and holds that
  company's stock when it goes defunct (sells any other);
- FounderSeller: plays a tile that founds a company whenever it has one, never buys, and sells
  everything at once in a merger;
- NeverBuyer: never buys; sells everything at once in a merger.

In a tournament: `python -m megacorps.tournament megacquire megacorps.megacquire.bots.plans:Hoarder
Oracle Oracle Oracle --games 200`.
"""
from __future__ import annotations

from ..actions import BuyShare, Dispose, EndTurn, NoPlay, PlayTile, ProposeEnd
from ..board import FOUNDS
from ..tiles import tile_outcome
from .base import Decision, sampled_state
from .heuristic import HeuristicBot


class PlanBot(HeuristicBot):
    """Tycoon's tiles and choices; the stock plan (buying, and selling in a merger) is the subclass's."""

    def plan(self, view, legal, options) -> Decision:
        first = legal[0]
        if isinstance(first, (PlayTile, NoPlay)):  # the plan needs the whole game: no early end
            legal = [a for a in legal if not isinstance(a, ProposeEnd)]
            return self.tile(view, legal, options) or super().plan(view, legal, options)
        if isinstance(first, Dispose):
            return self.sell_plan(view, legal)
        if isinstance(first, (BuyShare, EndTurn)):
            return self.stock_plan(view, legal, options)
        return super().plan(view, legal, options)

    def tile(self, view, legal, options) -> Decision | None:
        """A tile the plan insists on, or None to play Tycoon's."""
        return None

    def sell_plan(self, view, legal) -> Decision:
        return Decision(legal[-1], f"sells all its {legal[-1].sell} defunct {legal[-1].company}, as its plan says")

    def stock_plan(self, view, legal, options) -> Decision:
        return Decision(self.end_turn(legal), "its plan is never to buy")

    def buy_if_affordable(self, view, legal, options, company: str, why: str) -> Decision | None:
        """Buy a certificate of `company` if it is for sale and the cash left (after this turn's
        purchase) pays for it: the plans never trade stock in."""
        action = BuyShare(view.seat, company)
        price = next(c.price for c in view.companies if c.name == company)
        spent = sum(c.price for name in view.cart for c in view.companies if c.name == name)
        if action in legal and view.cash[view.seat] - spent >= price:
            return Decision(action, why)
        return None

    @staticmethod
    def end_turn(legal):
        return next(a for a in legal if isinstance(a, EndTurn) and not a.trade)


class BiggestBuyer(PlanBot):
    name = "BiggestBuyer"
    description = "always buys the biggest company"

    def stock_plan(self, view, legal, options) -> Decision:
        for big in sorted((c for c in view.companies if c.size), key=lambda c: (-c.size, c.name)):
            found = self.buy_if_affordable(view, legal, options, big.name,
                                           f"buys {big.name}, the biggest company it can buy ({big.size} tiles)")
            if found:
                return found
        return Decision(self.end_turn(legal), "cannot pay for the biggest company: ends the turn")


class Hoarder(PlanBot):
    name = "Hoarder"
    description = "buys only one company and holds its stock"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.target: str | None = None

    def stock_plan(self, view, legal, options) -> Decision:
        if self.target is None:
            buys = [a for a in legal if isinstance(a, BuyShare)]
            if buys:
                self.target = buys[0].company
        if self.target is not None:
            found = self.buy_if_affordable(view, legal, options, self.target,
                                           f"buys {self.target}, the one company it hoards")
            if found:
                return found
        return Decision(self.end_turn(legal), f"cannot buy {self.target or 'a company'} now: ends the turn")

    def sell_plan(self, view, legal) -> Decision:
        if legal[0].company == self.target:
            return Decision(legal[0], f"holds all its {self.target}: it never lets go of its company")
        return super().sell_plan(view, legal)


class FounderSeller(PlanBot):
    name = "FounderSeller"
    description = "founds companies whenever it can, never buys, sells at once"

    def tile(self, view, legal, options) -> Decision | None:
        s = sampled_state(view, options, self.rng)  # only the board and its own hand are read
        founding = [a for a in legal if isinstance(a, PlayTile)
                    and tile_outcome(s, options.geometry.index[a.tile]) == FOUNDS]
        if founding:
            return Decision(founding[0], f"plays {founding[0].tile}: it founds a company, as its plan says")
        return None


class NeverBuyer(PlanBot):
    name = "NeverBuyer"
    description = "never buys stock"


PLANS = {cls.name: cls for cls in (BiggestBuyer, Hoarder, FounderSeller, NeverBuyer)}

__all__ = ["BiggestBuyer", "FounderSeller", "Hoarder", "NeverBuyer", "PLANS", "PlanBot"]
