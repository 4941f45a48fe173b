"""Auctions and Elections: contests for control of a country, decided by secret choices that
are all revealed together once every corp has made its own."""
from __future__ import annotations

from functools import lru_cache

from .actions import Bid, ChoiceRange, Vote, sensible_amounts
from .interning import table
from .log import Step
from .state import AuctionFrame, ElectionFrame, GameState


# --- Auctions (Greedy Kleptocrats) -----------------------------------------------------------

def start_auction(step: Step, country: str) -> None:
    """Every corp bids in secret; a corp with no money bids zero without being asked."""
    state = step.state
    waiting = [c for c in state.playing if state.money[c] > 0]
    frame = AuctionFrame(country, waiting, {c: 0 for c in state.playing if c not in waiting})
    state.frames.append(frame)
    step.log("Auction for control of {}: every corp bids in secret", "Auctions", country)


def bid_options(state: GameState, frame: AuctionFrame) -> dict[str, list]:
    """Bids in sensible steps from 0 to all the corp's money (any amount between is accepted:
    `bid_ranges`)."""
    money = state.money
    return {corp: list(_bids(corp, money[corp])) for corp in frame.waiting}


@lru_cache(maxsize=4096)
def _bids(corp: str, money: int) -> tuple:
    bids = table(Bid, corp)
    return tuple(bids[n] for n in sensible_amounts(0, money))


def bid_ranges(state: GameState, frame: AuctionFrame) -> dict[str, list]:
    return {corp: [ChoiceRange(table(Bid, corp)[0], "amount", 0, state.money[corp])] for corp in frame.waiting}


def apply_bid(step: Step, action: Bid) -> None:
    frame: AuctionFrame = step.state.frames[-1]
    frame.waiting.remove(action.corp)
    frame.bids[action.corp] = action.amount
    step.log("{} has placed a bid", "Auctions",
             action.corp,
             secret={action.corp: ("{} bids {} Euros (secret until all bids are in)", (action.corp, action.amount))})


def resolve_auction(step: Step, frame: AuctionFrame) -> None:
    """Highest bid wins and pays; a tie leaves the country uncontrolled; no bids: no change."""
    state = step.state
    state.frames.pop()
    step.reveals = True
    if step.keeps_log:
        shown = ", ".join(f"{c} {frame.bids[c]}" for c in state.playing if c in frame.bids)
        step.log("Bids for {} revealed: {}", "Auctions", frame.country, shown)
    best = max(frame.bids.values(), default=0)
    if best == 0:
        step.log("Nobody bid: {} stays as it was", "Auctions", frame.country)
        return
    top = [c for c, b in frame.bids.items() if b == best]
    if len(top) > 1:
        state.put("controllers", frame.country, None)
        step.log("{} tie at {}: {} becomes uncontrolled; nobody pays", "Auctions",
                 " and ".join(top), best, frame.country)
        return
    winner = top[0]
    state.money[winner] -= best
    state.put("controllers", frame.country, winner)
    step.log("{} pays {} Euros and takes control of {}", "Auctions", winner, best, frame.country)


# --- Elections (Elections, Vote of No Confidence) --------------------------------------------

def votes_of(state: GameState, corp: str) -> int:
    """One vote per Media company the corp owns."""
    return state.index.industry_statuses["Media"](state.companies).count(corp)


def start_election(step: Step, country: str, card: str) -> None:
    state = step.state
    voters = [c for c in state.playing if votes_of(state, c) > 0]
    state.frames.append(ElectionFrame(country, card, voters))
    if step.keeps_log:
        who = ", ".join(f"{c} ({votes_of(state, c)})" for c in voters) or "nobody owns a Media company"
        step.log("Election for control of {}; votes: {}", "Elections", country, who)


def vote_options(state: GameState, frame: ElectionFrame) -> dict[str, list]:
    out = {}
    for corp in frame.waiting:
        votes = table(Vote, corp)
        out[corp] = [votes[c] for c in state.playing]
    return out


def apply_vote(step: Step, action: Vote) -> None:
    frame: ElectionFrame = step.state.frames[-1]
    frame.waiting.remove(action.corp)
    frame.votes[action.corp] = action.candidate
    step.log("{} has voted", "Elections",
             action.corp,
             secret={action.corp: ("{} votes for {} (secret until all votes are in)", (action.corp, action.candidate))})


def resolve_election(step: Step, frame: ElectionFrame) -> None:
    """Most votes takes control; a tie leaves it uncontrolled; no votes cast: no change."""
    state = step.state
    state.frames.pop()
    if not frame.votes:
        step.log("No corp owns a Media company: {} stays as it was", "Elections", frame.country)
        return
    step.reveals = True
    tally: dict[str, int] = {}
    for voter, candidate in frame.votes.items():
        tally[candidate] = tally.get(candidate, 0) + votes_of(state, voter)
    if step.keeps_log:
        ballots = ", ".join(f"{v} for {c}" for v, c in frame.votes.items())
        step.log("Votes revealed: {}", "Elections", ballots)
    best = max(tally.values())
    top = [c for c, n in tally.items() if n == best]
    if len(top) > 1:
        state.put("controllers", frame.country, None)
        step.log("{} tie with {} votes: {} becomes uncontrolled", "Elections",
                 " and ".join(top), best, frame.country)
    else:
        state.put("controllers", frame.country, top[0])
        step.log("{} wins with {} vote{} and controls {}", "Elections",
                 top[0], best, "s" if best > 1 else "", frame.country)
