"""What a move would do, and what the decision under way is about, in game terms.

The engine answers these questions so that every page, lesson and bot reads the same words
(the kit's rule: the rules live in the engines, the widgets only render answers). Nothing here
changes the game; every function reads only what is public plus the deciding corp's own move,
so it may be called on a public game (`TableSource.public_game`).

- `preview(game, action)`: one sentence on what `action` would do now ("" when there is nothing
  useful to add to the action's own words). `Game.preview` checks the action first and falls
  back to the public log lines it would write.
- `decision_context(game, corp, view, log)`: extra facts about the decision under way (a payout's
  amounts, a war's odds, why a corp is asked to sell mercenaries...).
"""
from __future__ import annotations

from . import actions as A
from .companies import needs_permission
from .contests import votes_of
from .intervention import intervention_effect
from .mercenaries import census as mercenary_census
from .mercenaries import next_seller, source_cards, unused_sources
from .payouts import competitors, payout_amounts
from .state import (AntitrustFrame, AuctionFrame, ElectionFrame, MercenaryFrame, PayoutFrame,
                    SpoilsFrame, TradeFrame, WarFrame, country_of, industry_of)
from .war import war_totals

# Resolving a War: the attacker needs the bigger total; a tie holds for the defender.
_WAR_VERDICT = {True: "the attacker would win", False: "the defender would hold (ties go to the defender)"}


def _euros(n: int) -> str:
    return f"{n} Euro{'' if n == 1 else 's'}"


def payout_text(state, industry: str, modifier: int = 0) -> str:
    """Payouts: how many competitors `industry` has and what a payout would pay each owner."""
    amounts = payout_amounts(state, industry, modifier)
    n = competitors(state, industry, modifier)
    paid = ", ".join(f"{c} {_euros(e)}" for c, e in sorted(amounts.items(), key=lambda kv: -kv[1]))
    return (f"{industry} has {n} competitor{'s' if n != 1 else ''}: it would pay "
            f"{paid or 'nobody (no corp owns a company there)'}.")


def war_text(state, attacker: str, country: str, lent: int = 0) -> str:
    """Launch a War: attack against defense as things stand (other corps may still send help)."""
    defender = state.controllers.get(country)
    attack, defense, mercs = war_totals(state, attacker, country, lent)
    forces = attack - state.mercenaries[attacker]
    return (f"Attack {attack} ({forces} Force + {state.mercenaries[attacker]} mercenaries) against "
            f"{defender or country}'s defense {defense} ({state.board.country_by_name[country].defense} "
            f"Defense + {mercs} mercenaries): as things stand {_WAR_VERDICT[attack > defense]}. "
            "Other corps may still send mercenaries.")


def _support_text(state, frame: WarFrame, action: A.SupportWar) -> str:
    """Launch a War: what the war would look like with these mercenaries on that side."""
    attack, defense, _mercs = war_totals(state, frame.attacker, frame.country, frame.lent_to_defender)
    if action.side == "attacker":
        attack += action.count
        to = frame.attacker
    else:
        defense += action.count
        to = state.controllers.get(frame.country) or f"{frame.country} (uncontrolled: they are lost after the war)"
    noun = "mercenary" if action.count == 1 else "mercenaries"
    return (f"{action.corp} gives {action.count} {noun} to {to} for good. Then: attack {attack} against "
            f"defense {defense}, so as things stand {_WAR_VERDICT[attack > defense]}. Other corps may "
            "still send mercenaries.")


def _intervention_risk(game, corp: str, company: str) -> str:
    """What the country's controller could do to the company once `corp` owns it (a newcomer
    bought in a rival's Wikisyndicalism and lost the company on the next turn, surprised)."""
    state = game.state
    country = country_of(company)
    controller = state.controllers.get(country)
    government = state.governments.get(country)
    if not controller or controller == corp or government is None:
        return ""
    effect = intervention_effect(government, "you", controller, state.board.divestment_compensation)
    return (f"{controller} controls {country} ({government.value}): on a turn of its own it may "
            f"intervene, and then {effect} (Government Intervention). ")


def _card_text(game, action: A.PlayCard) -> str:
    """What playing a card would do here and now. Never the card's own text: the hand it is
    chosen from shows that already (the same sentence twice told a newcomer nothing)."""
    state = game.state
    spec = state.deck_spec.card_by_name.get(action.card)
    if spec is None:
        return ""
    target, params = action.target, spec.params
    frame = state.top_frame
    if spec.effect == "modify_competitors" and isinstance(frame, PayoutFrame):
        mod = _modifier(state, frame)
        return "With it: " + payout_text(state, frame.industry, mod + int(params.get("by", 0)))
    if spec.effect == "payout" and target:
        keeper = f" The Paid card stays with {state.paid}." if state.paid else ""
        return payout_text(state, target) + keeper
    if spec.effect in ("auction", "election") and target:
        now = state.controllers.get(target) or "nobody"
        if spec.effect == "auction":
            return (f"{target} is controlled by {now}; every corp would bid for it in secret, and the "
                    "highest bid pays and takes it.")
        votes = ", ".join(f"{c} {votes_of(state, c)}" for c in state.playing if votes_of(state, c)) or "nobody"
        return f"{target} is controlled by {now}. Media votes as things stand: {votes}."
    if spec.effect == "set_government" and target:
        return (f"{target} is a {game.government(target)} now; it would become a {params['government']} "
                f"(see the rules on Government Intervention for what that changes).")
    if spec.effect == "bring_into_existence":
        return f"{params['company']} would be for sale from then on, to anyone."
    if spec.effect == "syndicalize" and target:
        owner = state.companies.get(target)
        return (f"{owner} would lose {target} and get {params.get('compensation', 0)} Euros; nobody can "
                "own it after that.")
    if spec.effect == "privatize" and target:
        return f"{target} would be unowned again: for sale to anyone."
    if spec.effect == "lasting_rule":
        industry = params.get("mercenary_industry")
        if industry:
            mine = sum(1 for c in state.owned_by(action.corp) if industry_of(c) == industry)
            return (f"For every corp, for the rest of the game. {action.corp} owns {mine} {industry} "
                    f"compan{'y' if mine == 1 else 'ies'}.")
    return ""


def _modifier(state, frame: PayoutFrame) -> int:
    """Payouts: the competitor count's change from the cards played in this payout's window."""
    return sum(int(state.deck_spec.card_by_name[c].params.get("by", 0)) for c in frame.modifiers)


def _trade_answer_text(state, offer: A.OfferTrade, accept: bool) -> str:
    """Answering a trade offer: what the recipient gets and gives up, and how its payouts of the
    industries whose companies change hands would move (Trading: the deal happens at once)."""
    me, other = offer.to, offer.corp
    if not accept:
        return f"Nothing changes hands; {other} keeps {offer.give.describe()}."
    text = f"{me} gets {offer.give.describe()} and gives up {offer.take.describe()}."
    moved = [(c, me) for c in offer.give.companies] + [(c, other) for c in offer.take.companies]
    if not moved:
        return text
    after = state.clone()
    for company, owner in moved:
        after.set_company(company, owner)
    changes = []
    for industry in dict.fromkeys(industry_of(c) for c, _ in moved):
        before, now = (payout_amounts(s, industry).get(me, 0) for s in (state, after))
        changes.append(f"{industry} {before} → {now}")
    return text + f" A payout would then pay {me} (Euros): " + ", ".join(changes) + "."


def _company_text(game, action) -> str:
    """Buying a Company (or the free pick at set-up): the price, who may veto, what the country's
    government could do to it, and what a payout of its industry would then pay the buyer."""
    state, corp, company = game.state, action.corp, action.company
    industry = industry_of(company)
    cost = "free" if isinstance(action, A.PickCompany) else f"{state.board.company_price} Euros"
    text = f"{company}: {cost}. "
    if isinstance(action, A.BuyCompany):
        owner = needs_permission(state, corp, company)
        if owner:
            text += f"{owner} controls the country and may veto it (Antitrust). "
        text += _intervention_risk(game, corp, company)
    after = state.clone()
    after.set_company(company, corp)
    mine = payout_amounts(after, industry).get(corp, 0)
    return text + f"Then a payout of {industry} would pay {corp} {mine}."


def _mercenary_purchase_text(state, action: A.BuyMercenaries) -> str:
    """Buying Mercenaries: the free ones from the buyer's own companies plus those from the box."""
    free, _, _ = mercenary_census(state, action.corp)
    cost = action.from_box * state.board.mercenary_price
    ask = " Then the other owners are asked, one at a time." if action.ask_owners else ""
    total = free + action.from_box
    text = (f"{free} free from your own companies + {action.from_box} from the box for {_euros(cost)} "
            f"= {total} mercenar{'y' if total == 1 else 'ies'}.{ask}")
    if total == 0 and not action.ask_owners:
        # legal, but a newcomer spent a whole turn on it without a word
        text += " That buys nothing: your turn would be spent for nothing. Raise From the box."
    return text


def _vote_text(state, frame: ElectionFrame, action: A.Vote) -> str:
    """Elections: one vote per Media company; the most votes takes the country, a tie nobody."""
    corp = action.corp
    mine = votes_of(state, corp)
    voters = {c: votes_of(state, c) for c in state.playing if votes_of(state, c)}
    others = ", ".join(f"{c} {n}" for c, n in voters.items() if c != corp) or "nobody else"
    return (f"{corp}'s {mine} vote{'s' if mine != 1 else ''} (one per Media company) "
            f"{'go' if mine != 1 else 'goes'} to {action.candidate}. Votes of the others: {others}. "
            f"The most votes takes {frame.country}; a tie for the most leaves it uncontrolled.")


def preview(game, action: A.Action) -> str:
    """A sentence on what `action` would do now, or "" when there is nothing useful to say.
    Does not check the action (see `Game.preview`); never raises (a preview must never break a
    form: a position it cannot describe gets "")."""
    state = game.state
    corp = action.corp
    frame = state.top_frame
    try:
        if isinstance(action, A.PayoutIndustry):
            return payout_text(state, action.industry)
        if isinstance(action, A.LaunchWar):
            return war_text(state, corp, action.country)
        if isinstance(action, (A.BuyCompany, A.PickCompany)):
            return _company_text(game, action)
        if isinstance(action, A.Intervene):
            country = country_of(action.company)
            government = state.governments[country]
            effect = intervention_effect(government, state.companies[action.company], corp,
                                         state.board.divestment_compensation)
            return f"{country} is a {government.value}: {effect}."
        if isinstance(action, A.BuyMercenaries):
            return _mercenary_purchase_text(state, action)
        if isinstance(action, A.PlayCard):
            return _card_text(game, action)
        if isinstance(action, A.SupportWar) and isinstance(frame, WarFrame):
            return _support_text(state, frame, action)
        if isinstance(action, A.Vote) and isinstance(frame, ElectionFrame):
            return _vote_text(state, frame, action)
        if isinstance(action, A.Bid):
            return (f"{corp} has {state.money[corp]} Euros. The highest bid wins and pays; a tie leaves "
                    "the country uncontrolled.")
        if isinstance(action, A.LeaveGame):
            return (f"Careful: {corp} leaves for good. Its markers come off the board, its cards are "
                    "discarded and its money is gone.")
        if isinstance(action, A.Pass):
            if isinstance(frame, SpoilsFrame):
                return f"{corp} leaves {frame.loser}'s companies alone."
            return f"{corp} takes no action this turn."
        if isinstance(action, A.OfferTrade):
            # (a trade form shows the offer itself: the preview says what follows)
            return f"{action.to} will be asked to accept or decline; the offer is checked when you confirm."
        if isinstance(action, (A.Accept, A.Decline)) and isinstance(frame, TradeFrame):
            return _trade_answer_text(state, frame.offer, isinstance(action, A.Accept))
        if isinstance(action, A.OfferMercenaries) and isinstance(frame, MercenaryFrame):
            return f"{frame.buyer} has {state.money[frame.buyer]} Euros."
    except Exception:  # noqa: BLE001 - a preview must never break the form
        return ""
    return ""


def _mercenary_sale_text(state, frame: MercenaryFrame) -> str:
    """Why a corp is asked to sell mercenaries, even one that holds none: each company it owns
    that supplies mercenaries (and was not asked yet in this purchase) may supply one, new."""
    seller = next_seller(state, frame)
    if seller is None:
        return ""
    companies = unused_sources(state, frame, seller)
    cards = source_cards(state)
    why = [f"{industry} companies supply them too while {card} is in play"
           for industry, card in cards.items() if any(industry_of(co) == industry for co in companies)]
    noun = "company supplies" if len(companies) == 1 else "companies supply"
    return (f"The mercenaries would come from {seller}'s {', '.join(companies)}: each {noun} one new "
            f"mercenary per purchase{' (' + '; '.join(why) + ')' if why else ''}, whatever {seller} holds. "
            f"{frame.buyer} has {state.money[frame.buyer]} Euros.")


def _card_played_on(log, target: str) -> str:
    """Why a decision nobody asked for is under way: the public log line of the card that
    started it (an auction or an election comes out of another corp's turn), as a sentence.
    `log`: public log entries (anything with `.rule` and `.text`), oldest first."""
    for entry in reversed(log or ()):
        if entry.rule.startswith("Event Cards") and " plays " in entry.text and f" on {target}" in entry.text:
            return entry.text.split(":", 1)[0] + ". "
    return ""


def decision_context(game, corp: str | None, view=None, log=None) -> str:
    """Extra facts about the decision under way, for a prompt. `game` may be the public game;
    `view` is the deciding corp's own view (for a trade offer's cards); `log` the public log (a
    public game built from a state has none; by default `game.log`). Never raises."""
    state = game.state
    frame = state.top_frame
    try:
        if isinstance(frame, PayoutFrame):
            played = f" Cards played so far: {', '.join(frame.modifiers)}." if frame.modifiers else ""
            return payout_text(state, frame.industry, _modifier(state, frame)) + played
        if isinstance(frame, WarFrame):   # with the mercenaries already lent to an uncontrolled country
            return war_text(state, frame.attacker, frame.country, frame.lent_to_defender)
        if isinstance(frame, AntitrustFrame):
            return f"{frame.buyer} wants {frame.company}."
        if isinstance(frame, MercenaryFrame) and frame.offer is not None:
            seller, count, price = frame.offer
            return f"{seller} offers {count} for {price} Euros; {frame.buyer} has {state.money[frame.buyer]} Euros."
        if isinstance(frame, MercenaryFrame):
            return _mercenary_sale_text(state, frame)
        if isinstance(frame, (AuctionFrame, ElectionFrame)):
            done = ", ".join(game.view(None).has_decided) or "nobody yet"
            return (_card_played_on(game.log if log is None else log, frame.country)
                    + f"Already decided: {done}. Choices stay secret until all are in.")
        if isinstance(frame, TradeFrame):
            offer = view.trade_offer if view is not None else game.view(None).trade_offer
            return f"The offer: {offer}."
        if isinstance(frame, SpoilsFrame):
            return f"{frame.loser} lost the war for {frame.country}."
    except Exception:  # noqa: BLE001 - context must never break the prompt
        return ""
    return ""


__all__ = ["preview", "decision_context", "payout_text", "war_text"]
