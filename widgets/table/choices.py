"""Legal actions grouped the way a player thinks of them ("Buy Company", "Launch a War"...),
the choices inside each group (company, price, target...), and short previews of what an
action would do. No ipywidgets here: `widgets/table/prompts.py` turns these into forms.
"""
from __future__ import annotations

from dataclasses import fields

import megacorps as mc
from megacorps import actions as A
from megacorps.payouts import competitors
from megacorps.state import (AntitrustFrame, AuctionFrame, ElectionFrame, MercenaryFrame,
                             PayoutFrame, SpoilsFrame, TradeFrame, WarFrame)


# Display order of the groups, with their labels.
GROUPS: list[tuple[str, str]] = [
    ("pick", "Pick a company"),
    ("buy", "Buy Company"),
    ("payout", "Payout Industry"),
    ("intervene", "Intervene"),
    ("mercenaries", "Buy Mercenaries"),
    ("war", "Launch a War"),
    ("permit", "Permit"),
    ("veto", "Veto"),
    ("offer-mercenaries", "Offer mercenaries"),
    ("refuse", "Refuse to sell"),
    ("accept", "Accept"),
    ("decline", "Decline"),
    ("support", "Send mercenaries"),
    ("stay-out", "Stay out"),
    ("bid", "Bid"),
    ("vote", "Vote"),
    ("no-card", "No card"),
    ("pass", "Pass"),
    ("play", "Play a card"),
    ("trade", "Offer a trade"),
    ("leave", "Leave"),
]
GROUP_LABELS = dict(GROUPS)
# Groups whose single action needs no further choice.
SIMPLE = {"permit", "veto", "refuse", "accept", "decline", "stay-out", "no-card", "pass", "leave"}

FIELD_LABELS = {
    "company": "Company", "industry": "Industry", "country": "Country", "from_box": "From the box",
    "ask_owners": "Ask other owners to sell", "count": "Mercenaries", "price": "Price (Euros)",
    "side": "Side", "amount": "Bid (Euros)", "candidate": "Vote for", "card": "Card",
    "target": "Target",
}


def group_of(action: mc.Action) -> str:
    if isinstance(action, A.OfferMercenaries) and action.count == 0:
        return "refuse"
    return action.kind


def group_actions(actions: list[mc.Action]) -> dict[str, list[mc.Action]]:
    """Actions by group, in display order."""
    out: dict[str, list[mc.Action]] = {}
    for action in actions:
        out.setdefault(group_of(action), []).append(action)
    order = [k for k, _ in GROUPS]
    return {k: out[k] for k in sorted(out, key=order.index)}


def field_names(action: mc.Action) -> list[str]:
    """The choices inside an action (its fields other than the corp)."""
    return [f.name for f in fields(action) if f.name != "corp"]


def value_label(value) -> str:
    if value is None:
        return "(no target)"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def option_label(state, action: mc.Action, name: str) -> str:
    """A choice as the dropdown shows it: the value of `action`'s field `name`, with what a
    newcomer must know at that choice: a company whose country's controller may veto the
    purchase (antitrust) says so, and who."""
    value = getattr(action, name)
    label = value_label(value)
    if isinstance(action, A.BuyCompany) and name == "company":
        from megacorps.companies import needs_permission
        owner = needs_permission(state, action.corp, value)
        if owner:
            label += f"  \u2696 {owner} may veto (antitrust)"
    return label


def board_target_kind(state, value) -> str | None:
    """"company", "country" or "industry" when `value` can be picked on the board."""
    if not isinstance(value, str):
        return None
    if value in state.companies:
        return "company"
    if value in state.board.country_by_name:
        return "country"
    if value in state.board.industries:
        return "industry"
    return None


# --- previews ---------------------------------------------------------------------------------

def _payout_text(state, industry: str, modifier: int = 0) -> str:
    amounts = mc.payout_amounts(state, industry, modifier)
    n = competitors(state, industry, modifier)
    paid = ", ".join(f"{c} {e} Euro{'' if e == 1 else 's'}" for c, e in sorted(amounts.items(), key=lambda kv: -kv[1]))
    return (f"{industry} has {n} competitor{'s' if n != 1 else ''}: it would pay "
            f"{paid or 'nobody (no corp owns a company there)'}.")


def _war_text(state, attacker: str, country: str, lent: int = 0) -> str:
    spec = state.board.country_by_name[country]
    defender = state.controllers.get(country)
    attack, defense, mercs = mc.war_totals(state, attacker, country, lent)
    forces = attack - state.mercenaries[attacker]
    verdict = "the attacker would win" if attack > defense else "the defender would hold (ties go to the defender)"
    return (f"Attack {attack} ({forces} Force + {state.mercenaries[attacker]} mercenaries) against "
            f"{defender or country}'s defense {defense} ({spec.defense} Defense + {mercs} mercenaries): "
            f"as things stand {verdict}. Other corps may still send mercenaries.")


def _support_text(state, frame, action) -> str:
    """Launch a War: what the war would look like with these mercenaries on that side."""
    attack, defense, _mercs = mc.war_totals(state, frame.attacker, frame.country, frame.lent_to_defender)
    if action.side == "attacker":
        attack += action.count
        to = frame.attacker
    else:
        defense += action.count
        defender = state.controllers.get(frame.country)
        to = defender or f"{frame.country} (uncontrolled: they are lost after the war)"
    verdict = "the attacker would win" if attack > defense else "the defender would hold (ties go to the defender)"
    noun = "mercenary" if action.count == 1 else "mercenaries"
    return (f"{action.corp} gives {action.count} {noun} to {to} for good. Then: attack {attack} against "
            f"defense {defense}, so as things stand {verdict}. Other corps may still send mercenaries.")


_INTERVENTION_EFFECT = {
    "Democracy": "force you to sell it back for {pay} Euros",
    "Kleptocracy": "take it for itself",
    "Dictatorship": "nationalize it, paying you nothing",
    "Wikisyndicalism": "syndicalize it, paying you {pay} Euros",
}


def _intervention_risk(game: mc.Game, corp: str, company: str) -> str:
    """What the country's controller could do to the company once `corp` owns it (a newcomer
    bought in a rival's Wikisyndicalism and lost the company on the next turn, surprised)."""
    state = game.state
    country = company.split("/", 1)[0]
    controller = state.controllers.get(country)
    gov = game.government(country)
    effect = _INTERVENTION_EFFECT.get(gov or "")
    if not controller or controller == corp or not effect:
        return ""
    return (f"{controller} controls {country} ({gov}): on a turn of its own it may "
            f"{effect.format(pay=state.board.divestment_compensation)} (Government Intervention). ")


def _card_text(game: mc.Game, action) -> str:
    """What playing a card would do here and now. Never the card's own text: the hand it is
    chosen from shows that already (the same sentence twice told a newcomer nothing)."""
    state = game.state
    spec = state.deck_spec.card_by_name.get(action.card)
    if spec is None:
        return ""
    target, params = action.target, spec.params
    frame = state.top_frame
    if spec.effect == "modify_competitors" and isinstance(frame, PayoutFrame):
        mod = sum(int(state.deck_spec.card_by_name[c].params.get("by", 0)) for c in frame.modifiers)
        return "With it: " + _payout_text(state, frame.industry, mod + int(params.get("by", 0)))
    if spec.effect == "payout" and target:
        keeper = f" The Paid card stays with {state.paid}." if state.paid else ""
        return _payout_text(state, target) + keeper
    if spec.effect in ("auction", "election") and target:
        now = state.controllers.get(target) or "nobody"
        if spec.effect == "auction":
            return f"{target} is controlled by {now}; every corp would bid for it in secret, and the highest bid pays and takes it."
        from megacorps.contests import votes_of
        votes = ", ".join(f"{c} {votes_of(state, c)}" for c in state.playing if votes_of(state, c)) or "nobody"
        return f"{target} is controlled by {now}. Media votes as things stand: {votes}."
    if spec.effect == "set_government" and target:
        return (f"{target} is a {game.government(target)} now; it would become a {params['government']} "
                f"(see the rules on Government Intervention for what that changes).")
    if spec.effect == "bring_into_existence":
        return f"{params['company']} would be for sale from then on, to anyone."
    if spec.effect == "syndicalize" and target:
        owner = state.companies.get(target)
        return f"{owner} would lose {target} and get {params.get('compensation', 0)} Euros; nobody can own it after that."
    if spec.effect == "privatize" and target:
        return f"{target} would be unowned again: for sale to anyone."
    if spec.effect == "lasting_rule":
        industry = params.get("mercenary_industry")
        if industry:
            mine = sum(1 for c in state.owned_by(action.corp) if c.endswith("/" + industry))
            return (f"For every corp, for the rest of the game. {action.corp} owns {mine} {industry} "
                    f"compan{'y' if mine == 1 else 'ies'}.")
    return ""


def _trade_answer_text(state, offer, accept: bool) -> str:
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
    for industry in dict.fromkeys(c.split("/", 1)[1] for c, _ in moved):
        before, now = (mc.payout_amounts(s, industry).get(me, 0) for s in (state, after))
        changes.append(f"{industry} {before} → {now}")
    return text + f" A payout would then pay {me} (Euros): " + ", ".join(changes) + "."


def preview(game: mc.Game, action: mc.Action) -> str:
    """A sentence on what `action` would do, or "" when there is nothing useful to say."""
    state = game.state
    corp = action.corp
    try:
        if isinstance(action, A.PayoutIndustry):
            return _payout_text(state, action.industry)
        if isinstance(action, A.LaunchWar):
            return _war_text(state, corp, action.country)
        if isinstance(action, (A.BuyCompany, A.PickCompany)):
            from megacorps.companies import needs_permission
            company = action.company
            industry = company.split("/", 1)[1]
            cost = "free" if isinstance(action, A.PickCompany) else f"{state.board.company_price} Euros"
            text = f"{company}: {cost}. "
            if isinstance(action, A.BuyCompany):
                owner = needs_permission(state, corp, company)
                if owner:
                    text += f"{owner} controls the country and may veto it (Antitrust). "
                text += _intervention_risk(game, corp, company)
            after = state.clone()
            after.set_company(company, corp)
            mine = mc.payout_amounts(after, industry).get(corp, 0)
            return text + f"Then a payout of {industry} would pay {corp} {mine}."
        if isinstance(action, A.Intervene):
            country = action.company.split("/", 1)[0]
            gov = game.government(country)
            owner = state.companies[action.company]
            pay = state.board.divestment_compensation
            effect = {
                "Democracy": f"{owner} must sell it back to the board and gets {pay} Euros",
                "Kleptocracy": f"the company passes from {owner} to {corp}",
                "Dictatorship": f"the company is nationalized; {owner} gets nothing",
                "Wikisyndicalism": f"the company is syndicalized; {owner} gets {pay} Euros",
            }.get(gov, "")
            return f"{country} is a {gov}: {effect}." if effect else f"{country} is a {gov}."
        if isinstance(action, A.BuyMercenaries):
            free, _, _ = mc.mercenary_census(state, corp)
            cost = action.from_box * state.board.mercenary_price
            ask = " Then the other owners are asked, one at a time." if action.ask_owners else ""
            total = free + action.from_box
            text = (f"{free} free from your own companies + {action.from_box} from the box for {cost} "
                    f"Euro{'' if cost == 1 else 's'} = {total} mercenar{'y' if total == 1 else 'ies'}.{ask}")
            if total == 0 and not action.ask_owners:
                # legal, but a newcomer spent a whole turn on it without a word
                text += " That buys nothing: your turn would be spent for nothing. Raise From the box."
            return text
        if isinstance(action, A.PlayCard):
            return _card_text(game, action)
        if isinstance(action, A.SupportWar):
            frame = state.top_frame
            if isinstance(frame, WarFrame):
                return _support_text(state, frame, action)
        if isinstance(action, A.Vote) and isinstance(state.top_frame, ElectionFrame):
            from megacorps.contests import votes_of
            mine = votes_of(state, corp)
            voters = {c: votes_of(state, c) for c in state.playing if votes_of(state, c)}
            others = ", ".join(f"{c} {n}" for c, n in voters.items() if c != corp) or "nobody else"
            return (f"{corp}'s {mine} vote{'s' if mine != 1 else ''} (one per Media company) "
                    f"{'go' if mine != 1 else 'goes'} to "
                    f"{action.candidate}. Votes of the others: {others}. The most votes takes "
                    f"{state.top_frame.country}; a tie for the most leaves it uncontrolled.")
        if isinstance(action, A.Bid):
            return f"{corp} has {state.money[corp]} Euros. The highest bid wins and pays; a tie leaves the country uncontrolled."
        if isinstance(action, A.LeaveGame):
            return (f"Careful: {corp} leaves for good. Its markers come off the board, its cards are "
                    "discarded and its money is gone.")
        if isinstance(action, A.Pass):
            if isinstance(state.top_frame, SpoilsFrame):
                return f"{corp} leaves {state.top_frame.loser}'s companies alone."
            return f"{corp} takes no action this turn."
        if isinstance(action, A.OfferTrade):
            # (the trade form shows the offer itself just above: the preview says what follows)
            return (f"{action.to} will be asked to accept or decline; the offer is checked when you "
                    "confirm.")
        if isinstance(action, (A.Accept, A.Decline)) and isinstance(state.top_frame, TradeFrame):
            return _trade_answer_text(state, state.top_frame.offer, isinstance(action, A.Accept))
        if isinstance(action, A.OfferMercenaries):
            frame = state.top_frame
            if isinstance(frame, MercenaryFrame):
                return f"{frame.buyer} has {state.money[frame.buyer]} Euros."
    except Exception:  # a preview must never break the form
        return ""
    return ""


def _mercenary_sale_text(state, frame) -> str:
    """Why a corp is asked to sell mercenaries, even one that holds none: each company it owns
    that supplies mercenaries (and was not asked yet in this purchase) may supply one, new."""
    from megacorps.mercenaries import next_seller, source_cards, unused_sources
    seller = next_seller(state, frame)
    if seller is None:
        return ""
    companies = unused_sources(state, frame, seller)
    cards = source_cards(state)
    why = [f"{industry} companies supply them too while {card} is in play"
           for industry, card in cards.items() if any(co.endswith("/" + industry) for co in companies)]
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


def frame_context(game: mc.Game, corp: str | None, view: mc.CorpView | None = None, log=None) -> str:
    """Extra facts about the decision under way, for the prompt. `game` is the public game;
    `view` the deciding corp's own view (for a trade offer's cards); `log` the public log
    (a public game built from a state has none; by default `game.log`)."""
    state = game.state
    frame = state.top_frame
    try:
        if isinstance(frame, PayoutFrame):
            mod = sum(int(state.deck_spec.card_by_name[c].params.get("by", 0)) for c in frame.modifiers)
            played = f" Cards played so far: {', '.join(frame.modifiers)}." if frame.modifiers else ""
            return _payout_text(state, frame.industry, mod) + played
        if isinstance(frame, WarFrame):   # with the mercenaries already lent to an uncontrolled country
            return _war_text(state, frame.attacker, frame.country, frame.lent_to_defender)
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
    except Exception:
        return ""
    return ""
