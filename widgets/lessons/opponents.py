"""Opponents for the lessons: corps played by the computer, with plain habits a learner can
read ("Mokia vetoes any purchase in its countries"), so that an exercise has someone who
reacts: vetoes, counter-bids, sells mercenaries at a price, plays a card.

An opponent is any bot (`mc.bots` protocol: `choose`, and optionally `decide` with a reason and
`interrupt` to play a card between steps); the lessons move them with `mc.bots.next_move`, the
driver the app uses. Opponents only read what their corp may see: the public table and their
own hand.
"""
from __future__ import annotations

from collections.abc import Callable

import megacorps as mc

__all__ = ["Opponent", "decision_choices"]


def decision_choices(game: mc.Game, corp: str) -> list[mc.Action]:
    """The choices of `corp`'s pending decision (no cards, no leaving)."""
    return [a for a in game.legal_actions(corp)
            if corp in game.deciders and not isinstance(a, mc.LeaveGame)
            and not (isinstance(a, mc.PlayCard) and game.decision_kind() != "payout")]


class Opponent:
    """A computer corp with a few habits, each optional:

    * `veto`: vetoes every purchase it may veto (default: permits them);
    * `price`: sells each mercenary asked of it at this price (None: refuses to sell);
    * `pays`: as a buyer of mercenaries, the most it pays for one (None: any price);
    * `bid`: a function (game, corp, country) -> its secret bid (default: nothing);
    * `vote`: the corp it votes for (default: itself);
    * `support`: in another corp's war, "attacker", "defender" or None (stays out);
    * `card`: a function (game, corp) -> a PlayCard to play now between steps, or None;
    * `turn`: a function (game, corp) -> its action on its own turn (default: pass).

    Its turn is deliberately simple (pass unless told otherwise): in a lesson the learner's
    move should be what changes the position.
    """

    def __init__(self, veto: bool = False, price: int | None = None,
                 bid: Callable | None = None, vote: str | None = None, support: str | None = None,
                 card: Callable | None = None, turn: Callable | None = None, accept_trades: bool = False,
                 pays: int | None = None):
        self.veto, self.price, self.bid_fn, self.vote_for = veto, price, bid, vote
        self.support, self.card_fn, self.turn_fn, self.accept_trades = support, card, turn, accept_trades
        self.pays = pays  # as a buyer: the most it pays per mercenary (None: any price it can)
        self.name = "Opponent"

    def interrupt(self, game: mc.Game, corp: str):
        """A card it plays unasked now (a Decision), or None."""
        play = self._card(game, corp)
        return mc.bots.Decision(play, "its card suits it now") if play is not None else None

    def _card(self, game: mc.Game, corp: str) -> mc.Action | None:
        if self.card_fn is None:
            return None
        play = self.card_fn(game, corp)
        if play is not None and play in game.legal_actions(corp):
            return play
        return None

    def decide(self, game: mc.Game, corp: str):
        """Its move for the decision it must make, with the habit behind it."""
        action = self.choose(game, corp)
        reasons = {"veto": "it blocks purchases in its country", "permit": "it does not mind this purchase",
                   "offer-mercenaries": (f"it sells at {self.price} Euros a mercenary" if self.price is not None
                                         else "it does not sell mercenaries"),
                   "bid": "its bid for the country", "vote": "its votes",
                   "stay-out": "it stays out of other corps' wars", "support": f"it backs the {self.support}"}
        return mc.bots.Decision(action, reasons.get(action.kind, ""))

    def choose(self, game: mc.Game, corp: str) -> mc.Action:
        choices = decision_choices(game, corp)
        frame, kind = game.state.top_frame, game.decision_kind()
        kinds = {a.kind for a in choices}
        if kind == "antitrust":
            return mc.Veto(corp) if self.veto else mc.Permit(corp)
        if kind == "mercenaries" and "offer-mercenaries" in kinds:
            if self.price is None:
                return mc.OfferMercenaries(corp, 0, 0)
            most = max(a.count for a in choices)
            wanted = mc.OfferMercenaries(corp, most, most * self.price)
            return wanted if wanted in choices else mc.OfferMercenaries(corp, 0, 0)
        if "accept" in kinds:
            if kind == "mercenaries":
                _seller, count, price = frame.offer
                fair = self.pays is None or price <= self.pays * count
                return mc.Accept(corp) if fair else mc.Decline(corp)
            return mc.Accept(corp) if self.accept_trades else mc.Decline(corp)
        if kind == "war":
            if self.support:
                mine = [a for a in choices if isinstance(a, mc.SupportWar) and a.side == self.support]
                if mine:
                    return max(mine, key=lambda a: a.count)
            return mc.StayOut(corp)
        if "bid" in kinds:
            amount = self.bid_fn(game, corp, frame.country) if self.bid_fn else 0
            return mc.Bid(corp, max(0, min(amount, game.money(corp))))
        if "vote" in kinds:
            return mc.Vote(corp, self.vote_for or corp)
        if kind == "payout":
            play = self._card(game, corp)
            return play if play in choices else mc.NoCard(corp)
        if self.turn_fn is not None:
            action = self.turn_fn(game, corp)
            if action in choices:
                return action
        for kind in ("pass",):
            for a in choices:
                if a.kind == kind:
                    return a
        return choices[0]
