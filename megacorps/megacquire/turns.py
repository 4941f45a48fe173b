"""The turn (Turn Summary, L19-55): who must decide now, what they may do, why an action is
refused, and carrying an action out. `problem` and `legal_actions` use the same rule checks,
so an action is legal exactly when it is in the list, with one exception: the trade-ins of an
EndTurn can be too many to list (millions, for a player holding many cheap certificates), so the
list holds at most `stock.TRADE_CHOICES` of them and `problem` judges any other.

Order of a turn: play a tile (or none, L63), then the choices it calls for (found, survivor,
order of the defunct companies, each holder's disposition), then the stock step (buy one
certificate at a time, then end the turn: pay, trading in when short, and draw). Proposing an
early end (L113) comes before the tile; the others vote in playing order.
"""
from __future__ import annotations

from . import ending, mergers, stock, tiles
from .actions import (Action, BuyShare, ChooseDefunct, ChooseSurvivor, Dispose, EndTurn, Found, NoPlay,
                      PlayTile, ProposeEnd, Vote)
from .log import EARLY_END, LogEntry, Refusal
from .state import MegacquireState, Phase


def deciders(s: MegacquireState) -> list[str]:
    """Who must decide now ([] when the game is over)."""
    if s.over:
        return []
    if s.phase is Phase.DISPOSE:
        return [s.merger.holders[0]]
    if s.phase is Phase.VOTE:
        return [s.voters[0]]
    return [s.active]


def describe_decision(s: MegacquireState) -> str:
    """Who must do what, in words."""
    if s.over:
        return f"The game is over: {s.end_reason}"
    who = deciders(s)[0]
    if s.phase is Phase.DISPOSE:
        name = s.options.company_names[s.merger.current]
        return f"{who} must sell or hold {s.merger.revealed[who]} {name} (defunct)"
    if s.phase is Phase.BUY:   # buying is a choice (L53): up to the limit a turn, then the turn ends
        left = s.options.max_obtained - len(s.cart)
        more = f"{left} more certificate" + ("s" if left > 1 else "")
        return (f"{who} may buy stock ({more} this turn at most) or end the turn" if left
                else f"{who} has obtained the {s.options.max_obtained} certificates a turn allows and must end the turn")
    return f"{who} must {s.phase.value}"


def legal_actions(s: MegacquireState, seat: str) -> list[Action]:
    """Every legal action of `seat` now ([] when it is not theirs to decide)."""
    if seat not in deciders(s):
        return []
    names = s.options.company_names
    phase = s.phase
    if phase is Phase.PLAY:
        cells = tiles.playable_tiles(s, seat)
        geometry = s.options.geometry
        found: list[Action] = [PlayTile(seat, geometry.names[c]) for c in cells] or [NoPlay(seat)]
        if can_propose(s):
            found.append(ProposeEnd(seat))
        return found
    if phase is Phase.BUY:
        buys: list[Action] = [BuyShare(seat, names[c]) for c in range(len(names))
                              if stock.buy_problem(s, seat, c) is None]
        return buys + [EndTurn(seat, t) for t in stock.trade_sets(s, seat)]
    if phase is Phase.FOUND:
        return [Found(seat, names[c]) for c in range(len(names)) if not s.sizes[c]]
    if phase is Phase.SURVIVOR:
        return [ChooseSurvivor(seat, names[c]) for c in mergers.survivor_choices(s)]
    if phase is Phase.ORDER:
        return [ChooseDefunct(seat, names[c]) for c in mergers.defunct_choices(s)]
    if phase is Phase.DISPOSE:
        company = s.merger.current
        return [Dispose(seat, names[company], n) for n in range(s.holdings[seat][company] + 1)]
    if phase is Phase.VOTE:
        return [Vote(seat, True), Vote(seat, False)]
    return []


def can_propose(s: MegacquireState) -> bool:
    return not s.end_agreed and not s.proposed


_PHASE_OF = {PlayTile: Phase.PLAY, NoPlay: Phase.PLAY, ProposeEnd: Phase.PLAY, Found: Phase.FOUND,
             ChooseSurvivor: Phase.SURVIVOR, ChooseDefunct: Phase.ORDER, Dispose: Phase.DISPOSE,
             BuyShare: Phase.BUY, EndTurn: Phase.BUY, Vote: Phase.VOTE}


def problem(s: MegacquireState, action) -> str | None:
    """Why `action` is not legal now, in game terms, or None when it is."""
    kind = type(action)
    phase = _PHASE_OF.get(kind)
    if phase is None:
        return "it is not a MEGAcquire action"
    if s.over:
        return "the game is over"
    seat = action.seat
    if seat not in s.hands:
        return f"{seat!r} is not playing in this game"
    if seat not in deciders(s):
        return f"it is not {seat}'s decision: {describe_decision(s)}"
    if s.phase is not phase:
        return f"{describe_decision(s)}, not this"
    company = None
    if hasattr(action, "company"):
        company = s.options.company_index.get(action.company)
        if company is None:
            return f"{action.company!r} is not a company of this game"
    if kind is PlayTile:
        cell = s.options.geometry.index.get(action.tile)
        if cell is None:
            return f"{action.tile!r} is not a space of this board"
        if cell not in s.hands[seat]:
            return f"{seat} does not hold {action.tile}"
        why = tiles.play_problem(s, cell)
        return why.reworded(f"{action.tile} cannot be played: {why}") if why else None
    if kind is NoPlay:
        playable = tiles.playable_tiles(s, seat)
        if playable:
            return Refusal(f"{seat} must play a tile: {s.options.geometry.names[playable[0]]} can be played "
                           "(a tile is skipped only when none can be)", "L63")
        return None
    if kind is ProposeEnd:
        return None if can_propose(s) else (
            "the end is already agreed" if s.end_agreed else "an early end was already put to the vote this turn")
    if kind is Found:
        return tiles.found_problem(s, company)
    if kind is ChooseSurvivor:
        if company not in mergers.survivor_choices(s):
            return f"{action.company} is not one of the largest merging companies"
        return None
    if kind is ChooseDefunct:
        if company not in mergers.defunct_choices(s):
            return Refusal(f"{action.company} is not among the smallest defunct companies left", "L86")
        return None
    if kind is Dispose:
        return mergers.dispose_problem(s, seat, company, action.sell)
    if kind is BuyShare:
        return stock.buy_problem(s, seat, company)
    if kind is EndTurn:
        return stock.trade_problem(s, seat, action.trade)
    return None  # Vote: any answer


def perform(s: MegacquireState, log: list[LogEntry], action) -> None:
    """Carry out `action`, checked beforehand by `problem`."""
    kind = type(action)
    seat = action.seat
    index = s.options.company_index
    if kind is PlayTile:
        tiles.play_tile(s, log, seat, s.options.geometry.index[action.tile])
    elif kind is BuyShare:
        s.cart.append(index[action.company])
    elif kind is EndTurn:
        end_turn(s, log, seat, action.trade)
    elif kind is Dispose:
        mergers.dispose(s, log, seat, index[action.company], action.sell, s.active)
    elif kind is Found:
        tiles.found(s, log, seat, index[action.company])
    elif kind is ChooseSurvivor:
        mergers.choose_survivor(s, log, seat, index[action.company])
    elif kind is ChooseDefunct:
        mergers.settle_defunct(s, log, seat, index[action.company])
    elif kind is NoPlay:
        tiles.no_play(s, log, seat)
    elif kind is ProposeEnd:
        s.proposed = True
        n = len(s.order)
        s.voters = [s.order[(s.turn + k) % n] for k in range(1, n)]
        s.phase = Phase.VOTE
        log.append(LogEntry(s.round, EARLY_END, f"{seat} proposes to end the game early: the round would "
                            f"be finished, {s.order[-1]} playing last"))
    elif kind is Vote:
        vote(s, log, seat, action.agree)


def vote(s: MegacquireState, log: list[LogEntry], seat: str, agree: bool) -> None:
    """All must agree to end early (L113); one refusal ends the vote."""
    if not agree:
        log.append(LogEntry(s.round, EARLY_END, f"{seat} refuses: the game goes on"))
        s.voters = []
        s.phase = Phase.PLAY
        return
    s.voters.pop(0)
    if s.voters:
        log.append(LogEntry(s.round, EARLY_END, f"{seat} agrees"))
        return
    s.end_agreed = True
    s.phase = Phase.PLAY
    log.append(LogEntry(s.round, EARLY_END, f"{seat} agrees: everyone agrees, the game ends after "
                        f"{s.order[-1]}'s turn, the last of this round"))


def end_turn(s: MegacquireState, log: list[LogEntry], seat: str, trade: tuple) -> None:
    """Pay for the stock, draw a tile if one was played (L55, L63), turn over dead tiles, then
    end the game or pass the turn to the left."""
    stock.pay(s, log, seat, trade)
    if s.played:
        tiles.draw(s, log, seat)  # a dead tile drawn is turned over and replaced at once
    ends = ending.game_should_end(s, log, seat)
    if ends:
        ending.finish(s, log, *ends)
        return
    s.turn += 1
    if s.turn == len(s.order):
        s.turn = 0
        s.round += 1
    s.played = False
    s.proposed = False
    s.phase = Phase.PLAY
