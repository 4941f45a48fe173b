"""Auctions and Elections: contests for control of a country, decided by secret choices that
are all revealed together once every corp has made its own."""
from __future__ import annotations

from .actions import Bid, Vote
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
    step.log(f"Auction for control of {country}: every corp bids in secret", "Auctions")


def bid_options(state: GameState, frame: AuctionFrame) -> dict[str, list]:
    out = {}
    for corp in frame.waiting:
        bids = table(Bid, corp)
        out[corp] = [bids[n] for n in range(state.money[corp] + 1)]
    return out


def apply_bid(step: Step, action: Bid) -> None:
    frame: AuctionFrame = step.state.frames[-1]
    frame.waiting.remove(action.corp)
    frame.bids[action.corp] = action.amount
    step.log(f"{action.corp} has placed a bid", "Auctions",
             secret={action.corp: f"{action.corp} bids {action.amount} Euros (secret until all bids are in)"})


def resolve_auction(step: Step, frame: AuctionFrame) -> None:
    """Highest bid wins and pays; a tie leaves the country uncontrolled; no bids: no change."""
    state = step.state
    state.frames.pop()
    step.reveals = True
    shown = ", ".join(f"{c} {frame.bids[c]}" for c in state.playing if c in frame.bids)
    step.log(f"Bids for {frame.country} revealed: {shown}", "Auctions")
    best = max(frame.bids.values(), default=0)
    if best == 0:
        step.log(f"Nobody bid: {frame.country} stays as it was", "Auctions")
        return
    top = [c for c, b in frame.bids.items() if b == best]
    if len(top) > 1:
        state.put("controllers", frame.country, None)
        step.log(f"{' and '.join(top)} tie at {best}: {frame.country} becomes uncontrolled; nobody pays",
                 "Auctions")
        return
    winner = top[0]
    state.money[winner] -= best
    state.put("controllers", frame.country, winner)
    step.log(f"{winner} pays {best} Euros and takes control of {frame.country}", "Auctions")


# --- Elections (Elections, Vote of No Confidence) --------------------------------------------

def votes_of(state: GameState, corp: str) -> int:
    """One vote per Media company the corp owns."""
    return sum(1 for co in state.board.companies_of_industry["Media"] if state.companies[co] == corp)


def start_election(step: Step, country: str, card: str) -> None:
    state = step.state
    voters = [c for c in state.playing if votes_of(state, c) > 0]
    state.frames.append(ElectionFrame(country, card, voters))
    who = ", ".join(f"{c} ({votes_of(state, c)})" for c in voters) or "nobody owns a Media company"
    step.log(f"Election for control of {country}; votes: {who}", "Elections")


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
    step.log(f"{action.corp} has voted", "Elections",
             secret={action.corp: f"{action.corp} votes for {action.candidate} (secret until all votes are in)"})


def resolve_election(step: Step, frame: ElectionFrame) -> None:
    """Most votes takes control; a tie leaves it uncontrolled; no votes cast: no change."""
    state = step.state
    state.frames.pop()
    if not frame.votes:
        step.log(f"No corp owns a Media company: {frame.country} stays as it was", "Elections")
        return
    step.reveals = True
    tally: dict[str, int] = {}
    for voter, candidate in frame.votes.items():
        tally[candidate] = tally.get(candidate, 0) + votes_of(state, voter)
    ballots = ", ".join(f"{v} for {c}" for v, c in frame.votes.items())
    step.log(f"Votes revealed: {ballots}", "Elections")
    best = max(tally.values())
    top = [c for c, n in tally.items() if n == best]
    if len(top) > 1:
        state.put("controllers", frame.country, None)
        step.log(f"{' and '.join(top)} tie with {best} votes: {frame.country} becomes uncontrolled", "Elections")
    else:
        state.put("controllers", frame.country, top[0])
        step.log(f"{top[0]} wins with {best} vote{'s' if best > 1 else ''} and controls {frame.country}",
                 "Elections")
