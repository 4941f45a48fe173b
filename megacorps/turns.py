"""Rounds: the active corp draws, every corp acts once clockwise, the Active Player card
passes left; when a round needs a card and the deck is empty, the game ends (Game End)."""
from __future__ import annotations

from .actions import Pass
from .interning import table
from .log import Step
from .payouts import payout
from .state import GameState, LastCallFrame


def end_turn(state: GameState) -> None:
    """The corp at the head of the turn order has finished its action."""
    state.to_act = state.to_act[1:]
    if state.must_buy:
        state.must_buy = False
        state.vetoed = []


def start_round(step: Step) -> None:
    """Rounds: the active corp draws an event card, then acts first. No card left: game end."""
    state = step.state
    if not state.deck:
        final_payouts(step)
        return
    state.round += 1
    state.payout_taken = False
    card = state.deck[0]
    state.deck = state.deck[1:]
    state.put("hands", state.active, state.hands[state.active] + [card])
    state.to_act = state.corps_from(state.active)
    step.reveals = True
    if not step.keeps_log:
        return
    left = len(state.deck)
    note = "the last card: this is the final round" if left == 0 else f"{left} left in the deck"
    step.log("Round {}: {} draws an event card ({})", "Rounds",
             state.round, state.active, note,
             secret={state.active: ("Round {}: {} draws {} ({})", (state.round, state.active, card, note))})


def card_holders(state: GameState) -> list[str]:
    """Corps still playing that hold at least one card (hand sizes are public)."""
    hands = state.hands
    return [c for c in state.playing if hands[c]]


def last_call(step: Step) -> None:
    """The final round's last action is done. Cards may be played until the game ends (only the
    final payouts are closed to them), so every corp holding one is asked to play or pass first
    (a LastCallFrame); when nobody holds a card the game ends at once."""
    state = step.state
    holders = card_holders(state)
    if not holders:
        end_round(step)
        return
    state.frames.append(LastCallFrame(holders, _last_call_seen(state, holders)))
    step.log("The final round is over: {} may still play cards before the final payouts", "Game End",
             ", ".join(holders))


def _last_call_seen(state: GameState, holders: list[str]) -> tuple:
    return len(state.discard) + len(state.in_play), tuple(holders)


def refresh_last_call(state: GameState, frame) -> None:
    """After a card is played, or when the corps holding cards change, ask them all again."""
    holders = card_holders(state)
    seen = _last_call_seen(state, holders)
    if seen != frame.seen:
        frame.seen = seen
        frame.waiting = holders


def last_call_options(state: GameState, frame) -> dict[str, list]:
    """Each corp asked may pass (its any-time cards are listed as interruptions)."""
    return {c: [table(Pass, c)[()]] for c in frame.waiting}


def apply_last_pass(step: Step, action) -> None:
    step.state.frames[-1].waiting.remove(action.corp)
    step.log("{} plays no more cards", "Game End", action.corp)


def end_round(step: Step) -> None:
    """Rounds: the Active Player card passes to the left and a new round begins. After the
    final round (the deck is empty) no round follows, so the card stays: the game ends."""
    state = step.state
    if not state.deck:
        final_payouts(step)
        return
    state.active = state.next_clockwise(state.active)
    step.log("The Active Player card passes to {}", "Rounds", state.active)
    start_round(step)


def final_payouts(step: Step) -> None:
    """Game End: every industry pays out once more (no event cards), most money wins."""
    state = step.state

    state.phase = "over"
    state.to_act = []
    state.frames.clear()
    step.log("The event deck is empty: the game ends and every industry pays out a final time",
             "Game End")
    for industry in state.index.industries:
        count, amounts = payout(state, industry)
        for corp, euros in amounts.items():
            state.money[corp] += euros
        if amounts and step.keeps_log:
            paid = ", ".join(f"{c} {e}" for c, e in amounts.items())
            step.log("Final payout of {} ({} competitor{}): {}", "Game End",
                     industry, count, "s" if count != 1 else "", paid)
    best = max(state.money[c] for c in state.playing)
    winners = [c for c in state.playing if state.money[c] == best]
    if len(winners) == 1:
        step.log("{} wins with {} Euros", "Winning", winners[0], best)
    else:
        step.log("A draw between {} with {} Euros each", "Winning", " and ".join(winners), best)

