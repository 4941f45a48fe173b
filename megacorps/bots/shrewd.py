"""Shrewd: judges every choice by a hand-tuned value of the position that follows.

Each choice is tried on a copy (the others answering by rules of thumb) and the position is
valued by `evaluation`: holdings weighted by the payouts still to come and by who competes in
each industry, the Paid card, countries and the threats they carry, mercenaries, cards and
money, all measured against the best rival and the rivals' average. Bids, votes, vetoes,
mercenary prices, war gifts and trade answers follow from the same judgement. It plays event
cards unasked when they gain it more than keeping them.
"""
from __future__ import annotations

from ..actions import (Accept, Bid, OfferTrade, BuyCompany, BuyMercenaries, Decline, Intervene, LaunchWar,
                       NoCard, OfferMercenaries, Pass, PayoutIndustry, Permit, PickCompany,
                       PlayCard, StayOut, SupportWar, Veto, Vote)
from ..errors import IllegalAction
from ..payouts import payout_amounts
from ..state import (AntitrustFrame, AuctionFrame, ElectionFrame, GameState, MercenaryFrame, PayoutFrame,
                     TradeFrame, country_of, industry_of)
from ..war import attack_strength, war_totals
from .deals import (arming_gain, beneficiary, best_offer, bystanders, counter_offer, gains, goods, helps_both,
                    lead_of, objection, weigh)
from .evaluation import MERCENARY_WORTH, evaluate, outlook
from .knowledge import card_plays, decision_choices, public_sim
from .lookahead import after, planned_bid
from .protocol import BaseBot, Decision
from ..simulator import Simulator as Sim

CARD_MARGIN = 1.0     # play a card unasked only when it gains more than this over keeping it
TRADE_MARGIN = 1.0    # accept a trade only when it gains at least this


class ShrewdBot(BaseBot):
    name = "Shrewd"

    def __init__(self, seed: int | None = None, counters: bool = True):
        super().__init__(seed)
        self.counters = counters  # counter-offers an unfair offer it refuses
        self._offered: set = set()
        self._proposed: set = set()  # (partner, what it offered besides money): never offered twice
        self._countered: set = set()  # (offerer, round, turn) of the offers it has answered with a counter
        self._counter: tuple | None = None  # (round, turn, offer): a counter-offer to make
    description = ("Weighs every move by what its holdings will earn in the rounds left and who "
                   "competes with it; defends, bids and trades with sense.")

    def decide(self, game, corp: str) -> Decision:
        choices = decision_choices(game, corp)
        if len(choices) == 1:
            return Decision(choices[0], "its only choice")
        sim = public_sim(game, corp)
        return self.decide_on(sim, corp, choices)

    # --- decisions ----------------------------------------------------------------------------

    def decide_on(self, sim: Sim, corp: str, choices: list) -> Decision:
        state = sim.state
        frame = state.top_frame
        if isinstance(frame, AuctionFrame):
            return self._bid(state, corp, frame.country, choices)
        if isinstance(frame, ElectionFrame):
            return self._vote(state, corp, frame.country)
        if isinstance(frame, MercenaryFrame):
            return self._mercenary_deal(state, corp, frame, choices)
        ranked = self.rank(sim, corp, choices)
        if state.top_frame is not None:
            return self.answer(sim, corp, choices, ranked)
        best_value, best = ranked[0]
        return Decision(best, explain(sim, corp, best, best_value, ranked))

    def answer(self, sim: Sim, corp: str, choices: list, ranked: list) -> Decision:
        """The best answer that the table allows (`deals.objection`): an answer that helps a
        rival more than is fair is passed over for the next, and the refusal says why."""
        refused = None
        for value, action in ranked:
            why = self.objection(sim, corp, action, choices)
            if why is None:
                reason = explain(sim, corp, action, value, ranked)
                if refused and isinstance(action, Decline):
                    self._plan_counter(sim, corp)
                return Decision(action, refused or reason)
            refused = refused or f"refuses: {why}"
        value, action = ranked[-1]
        return Decision(action, explain(sim, corp, action, value, ranked))

    def _plan_counter(self, sim: Sim, corp: str) -> None:
        """After refusing an unfair trade offer made at a turn's open moment: the counter-offer
        to make as soon as it may (once per offerer and turn)."""
        state = sim.state
        offer = state.top_frame.offer
        key = (offer.corp, state.round, len(state.to_act))
        if not self.counters or len(state.frames) != 1 or key in self._countered:
            return
        self._countered.add(key)
        found = counter_offer(after(sim, Decline(corp), corp), corp, offer, TRADE_MARGIN)
        if found is not None:
            self._counter = (state.round, len(state.to_act), found)
            self._proposed.add((found.to, _goods_of(found)))  # its price for these goods stands

    def _counter_offer(self, game, corp: str) -> Decision | None:
        """The counter-offer planned after a refusal, if the moment is still the same turn."""
        if self._counter is None:
            return None
        round_, left, offer = self._counter
        state = game.state
        self._counter = None
        if (state.round, len(state.to_act)) != (round_, left) or not game.may_offer_trades(corp):
            return None
        try:
            game.check(offer)
        except IllegalAction:
            return None
        asked = offer.take.money if offer.take.money else offer.give.money
        return Decision(offer, f"counter-offers {offer.give.describe()} for {offer.take.describe()}: at "
                               f"{asked} Euros {offer.to} takes no more than its share of what the deal gains")

    def objection(self, sim: Sim, corp: str, action, choices: list) -> str | None:
        """Why `action` helps a rival more than the table allows (None: it does not)."""
        found = beneficiary(sim.state, action)
        if found is None:
            return None
        partner, refusal, deal = found
        if refusal not in choices:
            return None
        return objection(after(sim, refusal, corp).state, after(sim, action, corp).state, corp, partner, deal)

    def rank(self, sim: Sim, corp: str, choices: list, quick: bool = False) -> list[tuple[float, object]]:
        """Every choice worth considering with `corp`'s standing after it, best first (`quick`:
        only a shortlist of the purchases and payouts, as search does in its rollouts)."""
        scored = []
        pruned = prune(sim.state, corp, choices)
        if quick:
            pruned = shortlist(sim.state, corp, pruned)
        for action in pruned:
            value = evaluate(after(sim, action, corp).state, corp)
            if isinstance(action, Accept) and isinstance(sim.state.top_frame, TradeFrame):
                value -= TRADE_MARGIN
            if pointless(sim.state, corp, action):
                value -= 0.5  # on a tie, passing beats a move that changes nothing
            scored.append((value, self.rng.random(), action))
        scored.sort(key=lambda t: (t[0], t[1]), reverse=True)
        return [(v, a) for v, _, a in scored]

    def _bid(self, state: GameState, corp: str, country: str, choices: list) -> Decision:
        amount, why = planned_bid(state, corp, country, self.rng.randrange(3))  # as its look-ahead foresaw
        return Decision(Bid(corp, amount), why)

    def _vote(self, state: GameState, corp: str, country: str) -> Decision:
        from ..contests import votes_of
        votes = {c: votes_of(state, c) for c in state.playing}
        best = None
        for candidate in state.playing:
            tally = {c: (votes[c] if c != corp else 0) for c in state.playing}
            tally[candidate] += votes[corp]
            most = max(tally.values())
            top = [c for c, n in tally.items() if n == most]
            winner = top[0] if len(top) == 1 else None
            trial = state.clone()
            trial.put("controllers", country, winner)
            value = (evaluate(trial, corp), candidate == corp, -state.corps.index(candidate))
            if best is None or value > best[0]:
                best = (value, candidate, winner)
        _, candidate, winner = best
        if candidate == corp:
            why = f"votes for itself: {votes[corp]} of {sum(votes.values())} votes"
        else:
            outcome = f"{winner} would take {country}" if winner else f"{country} would end uncontrolled"
            # a forecast, not a fact: the votes are cast at once and the others may vote otherwise
            why = f"votes for {candidate}: if every other corp votes for itself, {outcome}, the best it can hope for"
        return Decision(Vote(corp, candidate), why)

    def _mercenary_deal(self, state: GameState, corp: str, frame: MercenaryFrame, choices: list) -> Decision:
        """A mercenary sale while a corp buys mercenaries, judged against the table too
        (`deals.weigh`): as the buyer, never paying a price that lets the seller lead the table;
        as the seller, 2 Euros each, but never arming a corp that could then attack its
        countries, nor one that would gain more than its share (a war put in reach counts)."""
        worth = outlook(state, corp).worth
        otherwise = lead_of(worth)
        if frame.offer is not None:  # we are the buyer
            seller, count, price = frame.offer
            value = count * mercenary_worth(state, corp)
            if price > value or not any(isinstance(a, Accept) for a in choices):
                return Decision(Decline(corp), f"{price} Euros is more than {count} mercenaries are worth to it")
            gain = {c: 0.0 for c in worth} | {seller: price, corp: value - price}
            worth = {c: worth[c] + gain[c] for c in worth}
            why = weigh(corp, seller, gain, worth, deal=False, otherwise=otherwise)
            if why is not None:
                return Decision(Decline(corp), f"refuses: {why}")
            return Decision(Accept(corp), f"{count} mercenaries are worth about {value:.0f} to it; "
                                          f"{seller} asks {price}")
        buyer = frame.buyer
        most = max(a.count for a in choices)
        if threatens(state, buyer, corp, extra=most):
            return Decision(OfferMercenaries(corp, 0, 0), f"will not arm {buyer}: more mercenaries would let it "
                                                          f"attack its countries")
        price = min(state.money[buyer], 2 * most)
        offer = OfferMercenaries(corp, most, price)
        if price < most or offer not in choices:
            return Decision(OfferMercenaries(corp, 0, 0), f"{buyer} cannot pay 2 Euros a mercenary")
        theirs = most * MERCENARY_WORTH - price + arming_gain(state, buyer, most)
        gain = {c: 0.0 for c in worth} | {corp: price, buyer: theirs}
        worth = {c: worth[c] + gain[c] for c in worth}
        why = weigh(corp, buyer, gain, worth, deal=True, otherwise=otherwise)
        if why is not None:
            return Decision(OfferMercenaries(corp, 0, 0), f"will not sell: {why}")
        return Decision(offer, f"sells {most} at 2 Euros each: {buyer} is no threat to it")

    # --- unasked: event cards ----------------------------------------------------------------------

    def interrupt(self, game, corp: str):
        state = game.state
        counter = self._counter_offer(game, corp)
        if counter is not None:
            return counter
        if not _card_moment(game, corp):
            return None
        if state.hands.get(corp) and card_plays(game, corp):
            found = card_to_play(public_sim(game, corp), corp)
            if found is not None:
                gain, play = found
                return Decision(play, explain_card(state, corp, play, gain))
        return self._trade_offer(game, corp)

    def _trade_offer(self, game, corp: str):
        """At the start of its turn, at most once a turn: the deal that truly helps it and a
        partner against the rest of the table (`deals.helps_both`), at the price best for it
        that the partner should accept (judged as the ladder's bots judge an offer), when it
        raises its standing by at least OFFER_GAIN: a company or a country for money."""
        state = game.state
        key = (corp, state.round, len(state.to_act))
        if state.top_frame is not None or not state.to_act or state.to_act[0] != corp \
                or key in self._offered or not game.may_offer_trades(corp):
            return None
        self._offered.add(key)
        sim = public_sim(game, corp)
        reasons = {}

        def keep(offer, trial) -> bool:  # fair to the partner as it would judge it, and good for both
            gain, worth = gains(sim.state, trial, corp)
            if weigh(offer.to, corp, gain, worth, deal=True) is not None:
                return False
            reasons[offer] = helps_both(sim.state, trial, corp, offer.to)
            return reasons[offer] is not None

        answerer = ShrewdBot(0, counters=False)  # a fresh one: the same view gives the same offer

        def accepts(sim: Sim, offer: OfferTrade) -> bool:  # as the ladder's bots answer an offer
            trial = sim.copy()
            trial.step(offer)
            return isinstance(answerer.decide_on(trial, offer.to, trial.choices(offer.to)).action, Accept)

        def promising(offer, trial) -> bool:  # the partner takes (n-1)/n of what both gain over the rest
            gain, worth = gains(sim.state, trial, corp)
            rest = bystanders(gain, corp, offer.to)
            return gain[corp] + gain[offer.to] - 2 * rest >= len(worth) * OFFER_GAIN

        fresh = [d for d in goods(sim.state, corp, mercenaries=False) if d[:2] not in self._proposed]
        found = best_offer(sim, corp, fresh, accepts, OFFER_GAIN, keep, promising)
        if found is None:
            return None
        offer = found[1]
        self._proposed.add((offer.to, _goods_of(offer)))
        return Decision(offer, f"offers {offer.to} {offer.give.describe()} for {offer.take.describe()}: "
                               f"{reasons[offer]}")


def _goods_of(offer: OfferTrade):
    """What an offer for money hands over besides the money."""
    return offer.take if offer.give.money else offer.give


def card_to_play(sim: Sim, corp: str) -> tuple[float, PlayCard] | None:
    """The any-time card `corp` gains most by playing now, if it gains more than keeping it
    (in the last round, any gain at all: cards are worth nothing after it)."""
    plays = sim.card_plays(corp)
    if not plays:
        return None
    now = evaluate(sim.state, corp)
    best = None
    for play in plays:
        gain = evaluate(after(sim, play, corp).state, corp) - now
        if best is None or gain > best[0]:
            best = (gain, play)
    margin = -0.01 if not sim.state.deck else CARD_MARGIN  # last round: use them or lose them
    return best if best[0] > margin else None


OFFER_GAIN = 3.0  # a trade offer of its own must raise its standing this much


def _card_moment(game, corp: str) -> bool:
    """When a bot considers its cards: at the start of its own turn, while a war or a veto that
    concerns it is pending, and throughout the last round."""
    state = game.state
    frame = state.top_frame
    if not state.deck and state.phase == "rounds":
        return True
    if frame is None:
        return state.phase == "rounds" and state.to_act and state.to_act[0] == corp
    from ..state import WarFrame
    if isinstance(frame, WarFrame):
        return corp in (frame.attacker, frame.defender)
    if isinstance(frame, AntitrustFrame):
        return corp in (frame.buyer, frame.owner)
    return False


# --- helpers shared with the search ----------------------------------------------------------------

def prune(state: GameState, corp: str, choices: list) -> list:
    """The choices worth judging. Companies that the evaluation cannot tell apart (the same
    industry, in countries with the same controller and government) are judged once; of the
    mercenary purchases, none, one, two and the most from the box, and the most while asking
    the owners. Everything else as it is."""
    out = []
    mercs = [a for a in choices if isinstance(a, BuyMercenaries)]
    if mercs:
        most = max(a.from_box for a in mercs)
        keep = {(0, False), (most, False), (most, True), (min(most, 1), False), (min(most, 2), False)}
        out += [a for a in mercs if (a.from_box, a.ask_owners) in keep]
    seen = set()
    controllers, governments = state.controllers, state.governments
    for a in choices:
        if isinstance(a, BuyMercenaries):
            continue
        if isinstance(a, (BuyCompany, PickCompany)):
            country, industry = a.company.split("/", 1)
            key = (industry, controllers.get(country, "neutral"), governments.get(country))
            if key in seen:
                continue
            seen.add(key)
        out.append(a)
    return out


def shortlist(state: GameState, corp: str, choices: list, buys: int = 4, payouts: int = 2) -> list:
    """The most promising purchases and payouts by a quick estimate (what a company of that
    industry will earn; what a payout earns against the best rival's share), the wars it would
    win if nobody sent mercenaries (Shrewd, which judges a war as if nobody did, never picks
    another), and every other choice."""
    view = outlook(state, corp)
    earn, worth = view.earn, view.company_worth
    mine = earn.get(corp, {})
    buy, pay, rest = [], [], []
    attack = None
    for a in choices:
        if isinstance(a, LaunchWar):
            if attack is None:
                attack = attack_strength(state, corp)
            if attack > war_totals(state, corp, a.country)[1]:
                rest.append(a)
        elif isinstance(a, (BuyCompany, PickCompany)):
            industry = a.company.split("/", 1)[1]
            buy.append((worth[industry] + (4 if industry in mine else 0), a))
        elif isinstance(a, PayoutIndustry):
            rival = max((e.get(a.industry, 0) for c, e in earn.items() if c != corp), default=0)
            pay.append((mine.get(a.industry, 0) - 0.5 * rival, a))
        else:
            rest.append(a)
    buy.sort(key=lambda t: t[0], reverse=True)
    pay.sort(key=lambda t: t[0], reverse=True)
    return [a for _, a in buy[:buys]] + [a for v, a in pay[:payouts] if v > 0] + rest


def pointless(state: GameState, corp: str, action) -> bool:
    """A move that changes nothing for `corp`: mercenaries bought with none to gain, a payout of
    an industry where nobody earns anything."""
    if isinstance(action, BuyMercenaries):
        from ..mercenaries import census
        return action.from_box == 0 and not action.ask_owners and census(state, corp, clockwise=False)[0] == 0
    if isinstance(action, PayoutIndustry):
        return not payout_amounts(state, action.industry)
    return False


def mercenary_worth(state: GameState, corp: str) -> float:
    """What one more mercenary is worth to `corp`: its cost, more if a war is within reach."""
    worth = 1.5
    for country, holder in state.controllers.items():
        if holder == corp:
            continue
        attack, defense, _ = war_totals(state, corp, country)
        if 0 <= defense - attack < 3:
            worth = max(worth, 3.0)
    return worth


def threatens(state: GameState, attacker: str, corp: str, extra: int = 0) -> bool:
    """Whether `attacker`, with `extra` more mercenaries, could win a war on a country of `corp`."""
    for country in state.countries_of(corp):
        attack, defense, _ = war_totals(state, attacker, country)
        if attack + extra > defense:
            return True
    return False


def explain(sim: Sim, corp: str, action, value: float, ranked: list) -> str:
    """A short reason in game terms for `action`."""
    state = sim.state
    runner = next((v for v, a in ranked[1:]), None)
    margin = f" (next best {value - runner:.0f} behind)" if runner is not None and value - runner >= 1 else ""
    if isinstance(action, (BuyCompany, PickCompany)):
        industry = industry_of(action.company)
        have = sum(1 for co in state.board.companies_of_industry[industry] if state.companies[co] == corp)
        view = outlook(after(sim, action, corp).state, corp)
        per = view.company_worth[industry]
        return (f"takes {action.company}: {have + 1} {industry} compan{'y' if have == 0 else 'ies'}, "
                f"each worth about {per:.0f} by the end{margin}")
    if isinstance(action, PayoutIndustry):
        earned = payout_amounts(state, action.industry)
        mine = earned.get(corp, 0)
        rivals = sorted(((e, c) for c, e in earned.items() if c != corp), reverse=True)
        rival = f"; {rivals[0][1]} earns {rivals[0][0]}" if rivals else "; no rival earns anything"
        return f"pays out {action.industry}: earns {mine}{rival}{margin}"
    if isinstance(action, Intervene):
        owner = state.companies[action.company]
        government = state.governments[country_of(action.company)].value
        how = {"Kleptocracy": "takes it over", "Dictatorship": "nationalizes it",
               "Democracy": "forces a sale", "Wikisyndicalism": "syndicalizes it"}.get(government, "intervenes")
        return f"{how}: {owner} loses {action.company}{margin}"
    if isinstance(action, LaunchWar):
        attack, defense, _ = war_totals(state, corp, action.country)
        return (f"attacks {action.country}: {attack} against {defense}"
                + (", enough to win unless others send mercenaries" if attack > defense else ""))
    if isinstance(action, BuyMercenaries):
        from ..mercenaries import census
        free = census(state, corp, clockwise=False)[0]
        return (f"buys mercenaries ({free} free, {action.from_box} for {action.from_box} Euros"
                f"{', asking the owners' if action.ask_owners else ''}) to be ready for war{margin}")
    if isinstance(action, Pass):
        return "nothing on offer improves its standing" if len(ranked) > 1 else "nothing else to do"
    if isinstance(action, Permit):
        return "the purchase does not hurt it"
    if isinstance(action, Veto):
        return "the purchase would strengthen a rival in that industry"
    if isinstance(action, (SupportWar,)):
        side = action.side
        return f"sends {action.count} mercenaries to the {side}: that outcome suits it best"
    if isinstance(action, StayOut):
        return "the war's outcome does not depend on its mercenaries, or does not matter to it"
    if isinstance(action, NoCard):
        return "no payout card would help it here"
    if isinstance(action, PlayCard) and isinstance(state.top_frame, PayoutFrame):
        return explain_payout_card(state, corp, action)
    if isinstance(action, PlayCard):
        return explain_card(state, corp, action, value - evaluate(state, corp))
    if isinstance(action, Accept):
        return "the trade improves its standing"
    if isinstance(action, Decline):
        return "the trade would not improve its standing"
    return f"best for its standing{margin}"


def explain_payout_card(state: GameState, corp: str, play: PlayCard) -> str:
    frame = state.top_frame
    spec = state.deck_spec.card_by_name
    base = sum(int(spec[c].params.get("by", 0)) for c in frame.modifiers)
    now = payout_amounts(state, frame.industry, base)
    then = payout_amounts(state, frame.industry, base + int(spec[play.card].params.get("by", 0)))
    rivals_now = max((e for c, e in now.items() if c != corp), default=0)
    rivals_then = max((e for c, e in then.items() if c != corp), default=0)
    return (f"plays {play.card} on the {frame.industry} payout: it earns {then.get(corp, 0)} instead of "
            f"{now.get(corp, 0)}, its best rival {rivals_then} instead of {rivals_now}")


def explain_card(state: GameState, corp: str, play: PlayCard, gain: float) -> str:
    target = f" on {play.target}" if play.target else ""
    if state.deck_spec.card_by_name[play.card].effect == "payout":
        mine = payout_amounts(state, play.target).get(corp, 0)
        return f"plays {play.card}{target}: earns {mine} at once"
    if not state.deck:
        return f"plays {play.card}{target}: the last round, use it or lose it"
    return f"plays {play.card}{target}: improves its standing by about {gain:.0f}"
