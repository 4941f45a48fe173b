"""Who must decide now, what they may choose, and how play moves on between decisions.

Play is the turn order (`state.to_act`) plus a stack of frames, one per decision under way
(docs/engine.md). The top frame says who decides; when a frame needs nobody any more it
resolves by itself, and so do the ends of turns, rounds and the game.
"""
from __future__ import annotations

from itertools import compress, repeat
from operator import eq

from .actions import (Accept, Bid, BuyCompany, BuyMercenaries, Decline, Intervene, LaunchWar,
                      LeaveGame, NoCard, OfferMercenaries, OfferTrade, Pass, PayoutIndustry,
                      Permit, PickCompany, PlayCard, StayOut, SupportWar, Veto, Vote)
from . import companies, contests, events, intervention, mercenaries, payouts, trades, turns, war
from .board import tuple_getter
from .interning import make, table
from .log import Step
from .state import (ABSENT, NATIONALIZED, OPEN_FRAMES, SYNDICALIZED, UNOWNED, AntitrustFrame,
                    AuctionFrame, ElectionFrame, GameState, LastCallFrame, MercenaryFrame,
                    PayoutFrame, SpoilsFrame, TradeFrame, WarFrame)
from .turns import end_round, end_turn, last_call, refresh_last_call, start_round

# --- Deciders and their choices --------------------------------------------------------------

_FRAME_OPTIONS = {
    AntitrustFrame: companies.antitrust_options,
    MercenaryFrame: mercenaries.mercenary_options,
    WarFrame: war.support_options,
    SpoilsFrame: war.spoils_options,
    PayoutFrame: payouts.payout_options,
    AuctionFrame: contests.bid_options,
    ElectionFrame: contests.vote_options,
    TradeFrame: trades.trade_options,
    LastCallFrame: turns.last_call_options,
}


def turn_options(state: GameState, corp: str) -> list:
    """The six actions of a turn (Actions): Buy Company, Payout Industry, Government
    Intervention, Buy Mercenaries, Launch a War, Pass.

    The hot path of every game, so the rules of each are read here in C-level steps over
    per-corp tuples of action values (the readable definitions: `companies.buy_options`,
    `intervention.intervention_targets`, `mercenaries.census`, `war.war_options`;
    tests/engine/test_turn_options_fast.py checks they agree at every turn of random games)."""
    if state.must_buy:
        return companies.committed_buyer_options(state, corp)
    board = state.index
    acts = board.actions.get(("turn", corp)) or _actions(board, corp)
    money = state.money[corp]
    statuses = state.companies
    if money >= board.company_price:  # Buy Company: any unowned company
        pick = state.unowned_pick
        buys = (pick if pick is not None else state.unowned_picker())(acts.buys)
        if state.vetoed:
            buys = list(buys)
            companies.drop_vetoed(state, buys)
    else:
        buys = ()
    payouts = acts.payouts if not state.payout_taken and state.paid != corp else ()
    controllers = state.controllers
    mine = acts.controlled
    if mine[0] is not controllers:  # the countries it controls change rarely: kept by corp
        mine = acts.controlled = _controlled(state, corp, acts)
    # Government Intervention: another corp's company in a country it controls
    interventions = compress(mine[2], map(mine[3].__contains__, mine[1](statuses))) if mine[1] is not None else ()
    # Buy Mercenaries: from the box, one per unowned, nationalized or syndicalized source
    # company, at the mercenary price; asking the other owners when any owns a source
    in_play = state.in_play
    get = board.source_statuses.get(tuple(in_play)) if in_play else board.source_statuses[()]
    sources = (get or mercenaries.sources_getter(state))(statuses)
    box_ask = acts.census.get(sources) or _census(acts, sources, corp)
    most = money // board.mercenary_price
    if box_ask[0] < most:
        most = box_ask[0]
    mercs = acts.mercenaries.get((most, box_ask[1]))
    if mercs is None:
        mercs = acts.mercenaries[(most, box_ask[1])] = mercenaries.mercenary_choices(corp, most, box_ask[1])
    wars = mine[4] if state.mercenaries[corp] else ()  # Launch a War: needs a mercenary
    return [*buys, *payouts, *interventions, *mercs, *wars, acts.passes]


def _census(acts: "_CorpActions", sources: tuple, corp: str) -> tuple[int, bool]:
    """(how many mercenaries the box sells, whether another corp owns a source company), from
    the statuses of the source companies; kept by them."""
    box = sources.count(UNOWNED) + sources.count(NATIONALIZED) + sources.count(SYNDICALIZED)
    found = (box, len(sources) - box - sources.count(corp) - sources.count(ABSENT) > 0)
    if len(acts.census) < 4096:  # bounded: a long tournament meets many combinations
        acts.census[sources] = found
    return found


class _CorpActions:
    """The action values a corp's turn is made of, built once per board and corp."""

    __slots__ = ("buys", "payouts", "passes", "controlled", "by_countries", "mercenaries", "census")

    def __init__(self, board, corp: str):
        buy = table(BuyCompany, corp)
        self.buys = tuple(buy[co] for co in board.companies)
        pay = table(PayoutIndustry, corp)
        self.payouts = tuple(pay[i] for i in board.industries)
        self.passes = table(Pass, corp)[()]
        self.controlled = (None,)  # _controlled: what depends on the countries it controls
        self.by_countries: dict[tuple, tuple] = {}  # (its countries, the seating) -> the rest of it
        self.mercenaries: dict[tuple[int, bool], tuple] = {}  # (most from the box, ask) -> choices
        self.census: dict[tuple, tuple[int, bool]] = {}  # source statuses -> (box sells, ask owners)


def _controlled(state: GameState, corp: str, acts: "_CorpActions") -> tuple:
    """(the controllers table, a getter of the statuses of the companies in the countries `corp`
    controls (None: it controls none), Intervene against each of them, the other corps, its
    wars): what `turn_options` needs that changes only when a country changes hands. Kept per
    board and corp by the countries it controls (found in C), so a new controllers table (a
    country changed hands, or a new game) costs a lookup."""
    controllers = state.controllers
    countries = tuple(compress(controllers, map(eq, repeat(corp), controllers.values())))
    key = (countries, *state.corps)
    found = acts.by_countries.get(key)
    if found is None:
        found = _controlled_by(state, corp, countries)
        if len(acts.by_countries) < 4096:  # bounded, as the census
            acts.by_countries[key] = found
    return (controllers, *found)


def _controlled_by(state: GameState, corp: str, countries: tuple[str, ...]) -> tuple:
    index = state.index
    targets = tuple(co for country in countries for co in index.companies_of_country[country])
    intervene = table(Intervene, corp)
    others = frozenset(state.corps) - {corp}  # a company owned by another corp: its marker
    launch = table(LaunchWar, corp)  # any country it does not control (never a neutral place)
    wars = tuple(launch[c] for c in state.controllers if c not in countries)
    return (tuple_getter(targets) if targets else None, tuple(intervene[co] for co in targets), others, wars)


def _actions(board, corp: str) -> _CorpActions:
    found = board.actions[("turn", corp)] = _CorpActions(board, corp)
    return found


def decisions(state: GameState) -> dict[str, list]:
    """Each corp that must decide now, with the choices the decision allows."""
    frames = state.frames
    if frames:
        frame = frames[-1]
        return _FRAME_OPTIONS[type(frame)](state, frame)
    if state.phase == "over" or not state.to_act:
        return {}
    corp = state.to_act[0]
    if state.phase == "setup":
        return {corp: companies.pick_options(state, corp)}
    return {corp: turn_options(state, corp)}


_FRAME_RANGES = {
    AuctionFrame: contests.bid_ranges,
    MercenaryFrame: mercenaries.offer_ranges,
    WarFrame: war.support_ranges,
}


def ranges(state: GameState) -> dict[str, list]:
    """For each decider whose choices include an amount (a bid, a price, a number of
    mercenaries), the whole ranges the decision accepts (`actions.ChoiceRange`); the listed
    choices give only sensible steps of them."""
    frames = state.frames
    if not frames:
        return {}
    found = _FRAME_RANGES.get(type(frames[-1]))
    return found(state, frames[-1]) if found is not None else {}


def may_interrupt(state: GameState) -> bool:
    """Cards, trades and leaving may come between any two steps, except while a card, a
    payout, a contest or a trade offer is being resolved (Event Cards)."""
    frame = state.top_frame
    return state.phase != "over" and (frame is None or isinstance(frame, OPEN_FRAMES))


def interruptions(state: GameState, corp: str) -> list:
    """Enumerable actions `corp` may take now without being asked: any-time cards, leaving.
    (Trade offers are open-ended; `trades.check_offer` decides those.)"""
    frames = state.frames  # card_plays and may_interrupt, inlined: the checked door asks at every step
    if (state.phase != "rounds" or corp in state.departed or corp not in state.hands
            or (frames and not isinstance(frames[-1], OPEN_FRAMES))):
        return []
    plays = events.any_time_plays(state, corp)
    if not frames and len(state.corps) - len(state.departed) > 2:  # leaving: two others stay
        plays.append(_LEAVE.get(corp) or _LEAVE.setdefault(corp, make(LeaveGame, corp)))
    return plays


def card_plays(state: GameState, corp: str) -> list:
    """The any-time cards `corp` may play now, with every legal target (a new list): the
    interruptions without leaving (the simulator's `card_plays`)."""
    frames = state.frames  # may_interrupt, inlined
    if (state.phase != "rounds" or corp in state.departed or corp not in state.hands
            or (frames and not isinstance(frames[-1], OPEN_FRAMES))):
        return []
    return events.any_time_plays(state, corp)


_LEAVE: dict[str, LeaveGame] = {}


# --- Applying one action -----------------------------------------------------------------------

def apply_payout_action(step: Step, action: PayoutIndustry) -> None:
    """Payout Industry: one per round, never by the holder of the Paid card."""
    state = step.state
    state.payout_taken = True
    end_turn(state)
    step.log("{} calls a payout of {}", "Payout Industries", action.corp, action.industry)
    payouts.start_payout(step, action.industry, action.corp, None)


def apply_pass(step: Step, action: Pass) -> None:
    step.log("{} passes", "Pass", action.corp)
    end_turn(step.state)


_TURN_HANDLERS = {
    PickCompany: companies.apply_pick,
    BuyCompany: companies.apply_buy,
    Intervene: intervention.apply_intervene,
    BuyMercenaries: mercenaries.apply_buy_mercenaries,
    LaunchWar: war.apply_launch,
    PayoutIndustry: apply_payout_action,
    Pass: apply_pass,
}

_FRAME_HANDLERS = {
    (AntitrustFrame, Permit): companies.apply_permit,
    (AntitrustFrame, Veto): companies.apply_veto,
    (MercenaryFrame, OfferMercenaries): mercenaries.apply_offer,
    (MercenaryFrame, Accept): mercenaries.apply_answer,
    (MercenaryFrame, Decline): mercenaries.apply_answer,
    (WarFrame, SupportWar): war.apply_support,
    (WarFrame, StayOut): war.apply_support,
    (SpoilsFrame, Intervene): war.apply_spoils,
    (SpoilsFrame, Pass): war.apply_spoils,
    (PayoutFrame, PlayCard): payouts.apply_modifier,
    (PayoutFrame, NoCard): payouts.apply_no_card,
    (AuctionFrame, Bid): contests.apply_bid,
    (ElectionFrame, Vote): contests.apply_vote,
    (TradeFrame, Accept): trades.apply_answer,
    (TradeFrame, Decline): trades.apply_answer,
    (LastCallFrame, Pass): turns.apply_last_pass,
}

# Any time (between any two steps the frames allow): event cards, trade offers, leaving.
_ANY_TIME = {PlayCard: events.apply_play, OfferTrade: trades.apply_offer, LeaveGame: trades.apply_leave}

# The handler of each kind of action, by the frame on top (None: the turn order): one lookup a
# step (the simulator's `step` uses it too).
HANDLERS = {frame: {**_ANY_TIME, **{kind: handler for (f, kind), handler in _FRAME_HANDLERS.items() if f is frame}}
             for frame in _FRAME_OPTIONS}
HANDLERS[None] = {**_ANY_TIME, **_TURN_HANDLERS}


def apply_action(step: Step, action) -> None:
    """Carry out an action already known to be legal, then move play on."""
    state = step.state
    frames = state.frames
    HANDLERS[type(frames[-1]) if frames else None][type(action)](step, action)
    if frames or not state.to_act:  # (otherwise the turn order goes on: nothing to settle)
        settle(step)


def _no_frame(step: Step, state: GameState) -> bool:
    """Nothing under way: the turn order goes on, or the setup, the round or the game ends."""
    if state.phase == "over" or state.to_act:
        return False
    if state.phase == "setup":
        state.phase = "rounds"
        step.log("Every corp has picked two companies: the first round begins", "Setting Up")
        start_round(step)
    elif not state.deck:
        last_call(step)  # the final round is over: any time lasts until the game ends
    else:
        end_round(step)
    return True


def _settle_payout(step: Step, state: GameState, frame: PayoutFrame) -> bool:
    if frame.waiting:
        return False
    payouts.resolve_payout(step, frame)
    return True


def _settle_antitrust(step: Step, state: GameState, frame: AntitrustFrame) -> bool:
    if not companies.permission_moved(state, frame):
        return False
    companies.reconsider(step, frame)
    return True


def _settle_mercenaries(step: Step, state: GameState, frame: MercenaryFrame) -> bool:
    if frame.offer is not None or mercenaries.next_seller(state, frame):
        return False
    state.frames.pop()  # every owner has been asked
    return True


def _settle_war(step: Step, state: GameState, frame: WarFrame) -> bool:
    war.reconsider(state, frame)
    if frame.waiting:
        return False
    war.resolve_war(step, frame)
    return True


def _settle_auction(step: Step, state: GameState, frame: AuctionFrame) -> bool:
    if frame.waiting:
        return False
    contests.resolve_auction(step, frame)
    return True


def _settle_election(step: Step, state: GameState, frame: ElectionFrame) -> bool:
    if frame.waiting:
        return False
    contests.resolve_election(step, frame)
    return True


def _settle_last_call(step: Step, state: GameState, frame: LastCallFrame) -> bool:
    refresh_last_call(state, frame)
    if frame.waiting:
        return False
    state.frames.pop()
    end_round(step)  # the deck is empty: the game ends with the final payouts
    return True


def _waits(step: Step, state: GameState, frame) -> bool:
    return False


# What each kind of frame does when play comes back to it: True if it resolved or changed.
_SETTLE = {
    PayoutFrame: _settle_payout, AntitrustFrame: _settle_antitrust, MercenaryFrame: _settle_mercenaries,
    WarFrame: _settle_war, AuctionFrame: _settle_auction, ElectionFrame: _settle_election,
    LastCallFrame: _settle_last_call, SpoilsFrame: _waits, TradeFrame: _waits,
}


def settle(step: Step) -> None:
    """Resolve everything that needs no more decisions: finished frames, turn and round ends."""
    state = step.state
    frames = state.frames  # the stack is changed in place, never replaced
    while True:
        if frames:
            frame = frames[-1]
            if not _SETTLE[type(frame)](step, state, frame):
                return
        elif not _no_frame(step, state):
            return
