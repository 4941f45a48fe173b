"""Plain-language texts about decisions: what is being decided now, and why an action is not
allowed. Used in IllegalAction messages and by the table's prompts."""
from __future__ import annotations

from .actions import (Accept, Bid, BuyCompany, BuyMercenaries, Intervene, LaunchWar, LeaveGame,
                      OfferMercenaries, PayoutIndustry, PickCompany, PlayCard, SupportWar, Vote)
from .state import (OPEN_FRAMES, ABSENT, MARKERS, NATIONALIZED, SYNDICALIZED, UNOWNED, AntitrustFrame, AuctionFrame,
                    ElectionFrame, GameState, LastCallFrame, MercenaryFrame, PayoutFrame, SpoilsFrame,
                    TradeFrame, WarFrame, country_of)


def _why_buying_again(state: GameState, corp: str) -> str:
    """Why `corp` is buying again (Antitrust): who vetoed which purchase, or that the purchase
    could no longer go ahead. A vetoed company is still unowned and still affordable (else the
    purchase would not have been asked for); one that is not could no longer be bought, even if
    permitted. The vetoer is the country's controller, unless it has left the game since."""
    company = state.vetoed[-1] if state.vetoed else None
    if company is None:
        return "its purchase was vetoed"
    if state.companies.get(company) != UNOWNED or state.money[corp] < state.index.company_price:
        return f"its purchase of {company} could no longer go ahead"
    country = country_of(company)
    owner = state.controllers.get(country)
    if owner and owner != corp:
        return f"{owner}, who controls {country}, vetoed its purchase of {company}"
    return f"its purchase of {company} was vetoed"


def describe_decision(state: GameState) -> str:
    """One sentence saying who must decide what right now."""
    frame = state.top_frame
    if state.phase == "over":
        return "The game is over."
    if frame is None:
        corp = state.to_act[0]
        if state.phase == "setup":
            return f"{corp} picks a company for free (setup)."
        if state.must_buy:
            return f"{corp} must buy a different company or pass: {_why_buying_again(state, corp)}."
        return f"{corp} chooses an action (round {state.round})."
    if isinstance(frame, AntitrustFrame):
        return (f"{frame.owner} controls {country_of(frame.company)}: permit or veto {frame.buyer}'s "
                f"purchase of {frame.company}?")
    if isinstance(frame, MercenaryFrame):
        if frame.offer is None:
            from .mercenaries import next_seller
            return f"{next_seller(state, frame)} may sell mercenaries to {frame.buyer}: name a price or refuse."
        seller, count, price = frame.offer
        noun = "mercenary" if count == 1 else "mercenaries"
        return f"{frame.buyer}: buy {count} {noun} from {seller} for {price} Euros?"
    if isinstance(frame, WarFrame):
        return (f"War for {frame.country}: {', '.join(frame.waiting)} may give mercenaries to "
                f"{frame.attacker} or to {frame.defender or frame.country}.")
    if isinstance(frame, SpoilsFrame):
        return f"{frame.winner} won the war: intervene against one of {frame.loser}'s companies in {frame.country}?"
    if isinstance(frame, PayoutFrame):
        return (f"{frame.industry} is about to pay out: {', '.join(frame.waiting)} may play "
                "Oversupply or Shortages.")
    if isinstance(frame, AuctionFrame):
        return f"Auction for {frame.country}: {', '.join(frame.waiting)} must bid in secret."
    if isinstance(frame, ElectionFrame):
        return f"Election in {frame.country}: {', '.join(frame.waiting)} must vote."
    if isinstance(frame, TradeFrame):
        return f"{frame.offer.to} must accept or decline {frame.offer.corp}'s offer."
    if isinstance(frame, LastCallFrame):
        return (f"The final round is over: {', '.join(frame.waiting)} may still play cards before the "
                "final payouts, or pass.")
    return "?"


def _company_problem(state: GameState, company: str) -> str | None:
    status = state.companies.get(company)
    if status is None:
        return f"there is no company {company!r} on the board"
    if status == ABSENT:
        return f"{company} does not exist yet (it needs its event card)"
    if status == NATIONALIZED:
        return f"{company} is Nationalized and can never be bought"
    if status == SYNDICALIZED:
        return f"{company} is Syndicalized and can never be owned"
    if status not in MARKERS:
        return f"{company} already belongs to {status}"
    return None


def why_illegal(state: GameState, action, deciders: list[str]) -> str:
    """The rule an illegal `action` breaks, in game terms."""
    corp = action.corp
    if corp not in state.corps:
        return f"{corp!r} is not playing in this game"
    if corp in state.departed:
        return f"{corp} has left the game"
    if state.phase == "over":
        return "the game is over"
    if isinstance(action, PlayCard):
        if action.card not in state.hands[corp]:
            return f"{corp} does not hold {action.card}"
        spec = state.deck_spec.card_by_name[action.card]
        if spec.timing == "payout" and not isinstance(state.top_frame, PayoutFrame):
            return f"{action.card} can only be played while an industry pays out"
        if state.phase == "setup":
            return "event cards are played once the rounds begin"
        if state.top_frame is not None and not isinstance(state.top_frame, OPEN_FRAMES):
            return "no other card may be played while this is being resolved"
        return f"{action.target!r} is not a target {action.card} can be played on now"
    if isinstance(action, LeaveGame):  # Trades: leaving (any corp, not only a decider)
        if state.phase == "setup":
            return "a corp may leave only once the rounds have begun"
        if state.frames:
            return f"a corp may leave only between steps, not while this is resolved ({describe_decision(state)})"
        if len(state.playing) <= 2:
            return "a corp may not leave when only two corps are left in the game"
    if corp not in deciders:
        return f"it is not {corp}'s decision: {describe_decision(state)}"
    if isinstance(action, (BuyCompany, PickCompany)):
        problem = _company_problem(state, action.company)
        if problem:
            return problem
        if action.company in state.vetoed:
            return f"the purchase of {action.company} was vetoed this turn"
        if isinstance(action, BuyCompany) and state.money[corp] < state.board.company_price:
            return f"{corp} has {state.money[corp]} Euros; a company costs {state.board.company_price}"
    if isinstance(action, PayoutIndustry):
        if action.industry not in state.board.industries:
            return f"there is no industry {action.industry!r}"
        if state.paid == corp:
            return f"{corp} holds the Paid card and may not choose Payout Industry"
        if state.payout_taken:
            return "an industry has already been paid out by an action this round"
    if isinstance(action, Intervene):
        country = country_of(action.company) if "/" in action.company else action.company
        if state.controllers.get(country) != corp:
            return f"{corp} does not control {country}, so its government will not intervene for {corp}"
        owner = state.companies.get(action.company)
        if owner in MARKERS or owner == corp:
            return f"{action.company} is not owned by another corp"
    if isinstance(action, LaunchWar):
        if state.mercenaries[corp] < 1:
            return f"{corp} has no mercenaries, and a war needs at least one"
        if action.country not in state.controllers:
            return f"{action.country} can never be attacked (neutral or not a country)"
        if state.controllers[action.country] == corp:
            return f"{corp} already controls {action.country}"
    if isinstance(action, BuyMercenaries):
        from .mercenaries import census
        _, box, others = census(state, corp)
        cost = action.from_box * state.board.mercenary_price
        if action.from_box < 0:
            return "a number of mercenaries cannot be negative"
        if action.from_box > box:
            return (f"the box sells only {box} (one per unowned, nationalized or syndicalized "
                    "company that supplies mercenaries)")
        if cost > state.money[corp]:
            return f"{corp} has {state.money[corp]} Euros; {action.from_box} from the box cost {cost}"
        if action.ask_owners and not others:
            return "no other corp owns a company that could sell mercenaries"
    frame = state.top_frame
    if isinstance(action, OfferMercenaries) and isinstance(frame, MercenaryFrame) and frame.offer is None:
        if action.count < 0 or action.price < 0:
            return "a count or a price cannot be negative"
        from .mercenaries import can_sell
        most = can_sell(state, frame, corp)
        if action.count > most:
            return f"{corp} may sell at most {most} (one per company it owns that supplies them)"
        if action.price > state.money[frame.buyer]:
            return f"{frame.buyer} has only {state.money[frame.buyer]} Euros"
    if isinstance(action, Accept) and isinstance(frame, MercenaryFrame) and frame.offer is not None:
        seller, count = frame.offer[0], frame.offer[1]
        if state.money[corp] < frame.offer[2]:
            return f"{corp} has {state.money[corp]} Euros and cannot pay {frame.offer[2]}"
        return (f"{seller} no longer owns enough of the companies it offered {count} "
                f"mercenar{'y' if count == 1 else 'ies'} from (one per company)")
    if isinstance(action, Accept) and isinstance(frame, TradeFrame):
        return f"{corp} cannot hand over everything the offer asks for"
    if isinstance(action, SupportWar) and isinstance(frame, WarFrame):
        if action.side not in ("attacker", "defender"):
            return "mercenaries go to the attacker or to the defender"
        if action.count < 1:
            return "give at least one mercenary, or stay out"
        if action.count > state.mercenaries[corp]:
            return f"{corp} has only {state.mercenaries[corp]} mercenaries"
    if isinstance(action, Bid) and isinstance(frame, AuctionFrame):
        if action.amount < 0:
            return "a bid cannot be negative"
        if action.amount > state.money[corp]:
            return f"{corp} has only {state.money[corp]} Euros to bid"
    if isinstance(action, Vote) and isinstance(frame, ElectionFrame) and action.candidate not in state.playing:
        return f"{action.candidate!r} is not a corp still in the game"
    if state.must_buy and state.top_frame is None and not isinstance(action, BuyCompany):
        return f"{corp} must buy a different company or pass after the veto"
    return f"{action} is not one of the choices open now ({describe_decision(state)})"



def public_text(action) -> str:
    """What every corp may read of `action`: a secret bid or vote says only that it was made, and
    a trade offer hides the cards it gives (Hidden information: hands and sealed bids)."""
    from .actions import Bid, OfferTrade, Vote
    if isinstance(action, Bid):
        return f"{action.corp} placed a secret bid"
    if isinstance(action, Vote):
        return f"{action.corp} voted in secret"
    if isinstance(action, OfferTrade):
        return action.describe(show_cards=False)
    return str(action)


# The kinds of decision a page may lay out differently (game protocol: `Game.decision_kind`).
DECISION_KINDS = {AntitrustFrame: "antitrust", MercenaryFrame: "mercenaries", WarFrame: "war",
                  SpoilsFrame: "spoils", PayoutFrame: "payout", AuctionFrame: "auction",
                  ElectionFrame: "election", LastCallFrame: "last call", TradeFrame: "trade"}


def decision_kind(state: GameState) -> str:
    """What kind of decision is under way, as a stable word: "over", "setup pick", "must buy",
    "turn" (the active corp's action), or the decision being resolved ("payout", "war",
    "auction", "election", "trade", ...; see DECISION_KINDS)."""
    if state.phase == "over":
        return "over"
    frame = state.top_frame
    if frame is None:
        if state.phase == "setup":
            return "setup pick"
        return "must buy" if state.must_buy else "turn"
    return DECISION_KINDS[type(frame)]
