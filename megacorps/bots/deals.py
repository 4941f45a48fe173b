"""Deals judged against the whole table (issue 27).

Only finishing first counts, so a deal that raises a bot's own standing can still be a bad one:
at a table of four, the corp that proposes it may gain far more from it, or be the leader it
helps on its way (kingmaking). A bot's own standing minds each rival only partly (half the best
rival, half the rivals' average), which let a trader who is not its best rival gain several
times what it gave. So every answer a rival can prompt is judged, besides the bot's standing,
by what each side gains in expected final money (`evaluation.outlook`, as the bot sees it):

- a *deal* (a trade offer, a gift asked for, selling mercenaries) is refused when the other
  side would gain more than a third of what the bot gains (at a table of n corps, 1/(n-1); a
  Euro of slack, as prices move in whole Euros), both gains measured against the corp left out
  of the deal that does best from it: a corp can strike such deals with each
  of the others, gaining from every one while each partner gains from its own and loses, as a
  bystander, from the others', so anything more would let a busy trader gain more than any of
  its partners (issue 27: a trader sold one company and bought it back again and again; then a
  trader bought companies at prices that cost the seller a little and the corps left out more,
  deals the seller took since it still gained in standing); and, by the same count, when the
  other side's standing (`evaluation.standing`, judged on the bot's outlook) would rise by more
  than a third of the bot's: a deal that costs the offerer's closest rival most helps the
  offerer against the table far more than the bot, whose closest rival may be the offerer;
- any answer (a deal, a price paid for mercenaries, a war gift, a purchase let through) is
  refused when the corp it helps would then lead the table, by more than anyone would lead
  without the answer, and gains more than half of what the bot gains: help to a leader must
  close the gap, not widen it (but defending a country may stop its attacker from leading by
  even more).

`objection` says why, in game terms, or None when the answer is fine. Mercenaries count for more
than the outlook's price when they put a war in reach: selling a corp the mercenaries that let
it conquer a country hands it that country's worth too (`arming_gain`).
"""
from __future__ import annotations

from dataclasses import replace

from ..actions import Accept, Bundle, Decline, OfferTrade, Permit, StayOut, SupportWar, Veto
from ..state import MARKERS, AntitrustFrame, GameState, TradeFrame, WarFrame
from .evaluation import outlook, standing

FAIR_SLACK = 1.0   # in a deal, the other side may gain this many Euros more than its share
LEAD_SHARE = 0.5   # a corp that would lead may gain at most this share of what the bot gains


def gains(before: GameState, after: GameState, me: str) -> tuple[dict[str, float], dict[str, float]]:
    """What every corp's expected final money gains from `before` to `after`, and the money
    expected after, both as `me` sees them."""
    w0, w1 = outlook(before, me).worth, outlook(after, me).worth
    return {c: w1[c] - w0[c] for c in w1}, w1


def objection(before: GameState, after: GameState, me: str, partner: str, deal: bool) -> str | None:
    """Why `me` should not let the table go from `before` to `after` (the alternative it has),
    a change that helps `partner`; `deal`: a bargain the two strike (a trade, a sale), not an
    answer forced on `me` (a war gift, a purchase let through). None: no objection."""
    gain, worth = gains(before, after, me)
    return weigh(me, partner, gain, worth, deal, lead_of(outlook(before, me).worth))


def lead_of(worth: dict[str, float]) -> float:
    """How far the corp expected to finish first is ahead of the second."""
    first, second = sorted(worth.values(), reverse=True)[:2]
    return first - second


def bystanders(gain: dict[str, float], me: str, partner: str) -> float:
    """What the corp left out of a deal between `me` and `partner` that does best from it gains
    (the one both sides must still beat; a deal that costs only one rival, say the leader, is
    measured against the others)."""
    return max((g for c, g in gain.items() if c not in (me, partner)), default=0.0)


def weigh(me: str, partner: str, gain: dict[str, float], worth: dict[str, float], deal: bool,
          otherwise: float = 0.0) -> str | None:
    """The judgement of `objection` from what every corp gains (`gain`), every corp's expected
    final money afterwards (`worth`) and the lead of whoever leads without the answer
    (`otherwise`: a corp that would then lead by less than that is not made a bigger leader;
    refusing to defend a country can crown its attacker). A deal's shares are measured against
    the corp left out that does best from it (`bystanders`), and in standing too."""
    mine, theirs = gain[me], gain[partner]
    lead = worth[partner] - max(v for c, v in worth.items() if c != partner)
    if theirs > 0 and lead > max(0.0, otherwise) and theirs > LEAD_SHARE * max(mine, 0.0):
        return (f"{partner} would gain about {theirs:.0f} Euros, {me} {mine:.0f}: "
                f"{partner} would lead the table by {lead:.0f} Euros")
    if not deal:
        return None
    partners = len(worth) - 1  # the corps a trader can strike deals with
    share = "a third" if partners == 3 else f"1/{partners}"
    why = f"{partner} may take at most {share} of what {me} gains, as it can strike such deals with every corp"
    left_out = bystanders(gain, me, partner)
    if partners * (theirs - left_out) > mine - left_out + FAIR_SLACK:
        if abs(left_out) < 0.5:
            return f"{partner} would gain about {theirs:.0f} Euros, {me} {mine:.0f}: {why}"
        others = " and ".join(c for c in worth if c not in (me, partner))
        return f"against {others}, {partner} would gain about {theirs - left_out:.0f} Euros, {me} {mine - left_out:.0f}: {why}"
    before = {c: worth[c] - gain[c] for c in worth}
    rises = {c: standing(worth, c) - standing(before, c) for c in (me, partner)}
    if partners * rises[partner] > rises[me] + FAIR_SLACK:
        return (f"{partner}'s standing against the table would rise by about {rises[partner]:.0f} Euros, "
                f"{me}'s by {rises[me]:.0f}: {why}")
    return None


def beneficiary(state: GameState, action) -> tuple[str, object, bool] | None:
    """For an answer that helps one rival: (that rival, the answer that refuses it, whether it
    is a deal). None for any other choice."""
    frame = state.top_frame
    if isinstance(frame, TradeFrame) and isinstance(action, Accept):
        return frame.offer.corp, Decline(action.corp), True
    if isinstance(frame, WarFrame) and isinstance(action, SupportWar):
        side = frame.attacker if action.side == "attacker" else frame.defender
        return (side, StayOut(action.corp), False) if side and side != action.corp else None
    if isinstance(frame, AntitrustFrame) and isinstance(action, Permit):
        return frame.buyer, Veto(action.corp), False
    return None


def arming_gain(state: GameState, buyer: str, extra: int) -> float:
    """What `extra` mercenaries are worth to `buyer` beyond their price: the most that control
    of a country it could not conquer before, and could after, would earn it."""
    from ..war import war_totals
    from .lookahead import control_worth
    best = 0.0
    for country, holder in state.controllers.items():
        if holder == buyer:
            continue
        attack, defense, _ = war_totals(state, buyer, country)
        if attack <= defense < attack + extra:
            best = max(best, control_worth(state, buyer, country))
    return best


def traded(sim, offer: OfferTrade):
    """A copy of `sim` with `offer` made and accepted, and the table's answers settled by rule of
    thumb."""
    from .lookahead import settle
    trial = sim.copy()
    trial.step(offer)
    trial.step(Accept(offer.to))
    return settle(trial)


def counter_offer(base, me: str, offer: OfferTrade, margin: float) -> OfferTrade | None:
    """The deal `me` would strike instead of `offer` (just refused; `base`: the table after the
    refusal): the same things changing hands at the price closest to the offer's at which
    `me` gains at least `margin` in standing and `weigh` has no objection. Only the money moves:
    more asked from the offerer when it pays (or paid nothing), less paid when `me` pays. None
    when no price will do, or when cards change hands (the offerer's hand is secret)."""
    from .evaluation import evaluate
    if offer.give.cards or offer.take.cards:
        return None
    state = base.state
    offerer = offer.corp
    before = evaluate(state, me)
    they_pay = offer.give.money > 0 or offer.take.money == 0

    def counter(price: int) -> OfferTrade:
        if they_pay:
            return OfferTrade(me, to=offerer, give=offer.take, take=replace(offer.give, money=price))
        return OfferTrade(me, to=offerer, give=replace(offer.take, money=price), take=offer.give)

    def fine(price: int) -> bool:
        trial = traded(base, counter(price)).state
        return (evaluate(trial, me) - before >= margin
                and objection(state, trial, me, offerer, deal=True) is None)

    if they_pay:  # the lowest price above the offer's that will do (the higher, the better for me)
        low, high = offer.give.money + 1, state.money[offerer]
        if low > high or not fine(high):
            return None
        while low < high:
            mid = (low + high) // 2
            low, high = (low, mid) if fine(mid) else (mid + 1, high)
        return counter(low)
    low, high = 0, min(offer.take.money - 1, state.money[me])  # the highest price below the offer's
    if high < 0 or not fine(low):
        return None
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if fine(mid) else (low, mid - 1)
    return counter(low)


def goods(state: GameState, me: str, companies: bool = True, countries: bool = True, mercenaries: bool = True):
    """The deals `me` may propose, money aside: (rival, what changes hands, whether `me` is
    the one buying it): any company or country of either side, one, two or all of either
    side's mercenaries."""
    for rival in state.playing:
        if rival == me:
            continue
        if companies:
            for co, owner in state.companies.items():
                if owner in (me, rival) and owner not in MARKERS:
                    yield rival, Bundle(companies=(co,)), owner == rival
        if countries:
            for country, holder in state.controllers.items():
                if holder in (me, rival):
                    yield rival, Bundle(countries=(country,)), holder == rival
        if mercenaries:
            for owner in (me, rival):
                for n in sorted({1, 2, state.mercenaries[owner]}):
                    if 0 < n <= state.mercenaries[owner]:
                        yield rival, Bundle(mercenaries=n), owner == rival


def best_offer(sim, me: str, deals, accepts, least: float, keep=None,
               promising=None) -> tuple[float, OfferTrade] | None:
    """Of `deals` (as `goods` lists them), the offer for money that raises `me`'s standing most
    (by at least `least`) among those `accepts(sim, offer)` says the rival takes, each at the
    price best for `me` that it still takes (the answer turns at one price: found by halving);
    `keep(offer, trial_state)`: a further condition on the deal; `promising(offer, trial_state)`,
    asked of the price best for `me` before any answer is judged: whether the deal is worth a
    search. Returns (gain, offer) or None."""
    from .evaluation import evaluate
    state = sim.state
    now = evaluate(state, me)
    best = None
    for rival, bundle, buying in deals:
        def offer(price: int) -> OfferTrade:
            money = Bundle(money=price)
            if buying:
                return OfferTrade(me, to=rival, give=money, take=bundle)
            return OfferTrade(me, to=rival, give=bundle, take=money)

        most = state.money[me] if buying else state.money[rival]
        kindest, greediest = (most, 0) if buying else (0, most)  # the rival's best and worst prices
        richest = traded(sim, offer(greediest)).state
        if evaluate(richest, me) - now <= max(least, best[0] if best else 0.0) \
                or (promising is not None and not promising(offer(greediest), richest)) \
                or not accepts(sim, offer(kindest)):
            continue  # nothing to win here, or no price the rival takes
        low, high = sorted((kindest, greediest))
        while low < high:
            if buying:
                mid = (low + high) // 2
                low, high = (low, mid) if accepts(sim, offer(mid)) else (mid + 1, high)
            else:
                mid = (low + high + 1) // 2
                low, high = (mid, high) if accepts(sim, offer(mid)) else (low, mid - 1)
        trial = traded(sim, offer(low)).state
        value = evaluate(trial, me) - now
        if value >= least and (best is None or value > best[0]) and (keep is None or keep(offer(low), trial)):
            best = (value, offer(low))
    return best


def helps_both(before: GameState, after: GameState, me: str, partner: str) -> str | None:
    """Why a deal between `me` and `partner` truly helps both against the table, as `me` sees
    it (both expect more money, every other corp gains less than either, and the partner does
    not end up leading): a sentence for the offer's reason; None when it does not."""
    gain, worth = gains(before, after, me)
    both = min(gain[me], gain[partner])
    others = [c for c in worth if c not in (me, partner)]
    if both <= 0 or any(gain[c] >= both for c in others):
        return None
    if worth[partner] > max(v for c, v in worth.items() if c != partner):
        return None
    leader = max(worth, key=worth.get)
    lead = f" ({leader} leads)" if leader in others else ""
    return (f"{me} gains about {gain[me]:.0f} Euros, {partner} about {gain[partner]:.0f}: "
            f"both against {' and '.join(others)}{lead}")
