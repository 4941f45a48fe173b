"""Payout Industries: counting competitors and the payout table."""
from __future__ import annotations

from .actions import NoCard, PlayCard
from .interning import table
from .log import Step
from .state import (without, MARKERS, NATIONALIZED, SYNDICALIZED, UNOWNED, GameState, PayoutFrame,
                    country_of)


def competitors(state: GameState, industry: str, modifier: int = 0) -> int:
    """Competitors in `industry`, after Oversupply (+1) / Shortages (-1) `modifier`.

    Competitors: each unowned company counts one; each corp owning any company counts one;
    a Syndicalized company always counts one; a Nationalized company counts one unless its
    country's controller owns a company of the industry; companies that do not exist yet
    (L-5, Asteroid) do not count. The result is kept within 0..5 ("5+" stays 5), and it is
    zero only when one corp owns every existing company of the industry (the payout table's
    footnote, R9): otherwise Shortages stops at one.
    """
    return payout(state, industry, modifier)[0]


def payout_amounts(state: GameState, industry: str, modifier: int = 0) -> dict[str, int]:
    """Euros each corp earns if `industry` pays out now: the payout table's figure for the
    number of competitors, once per company owned. Corps owning none are left out."""
    return payout(state, industry, modifier)[1]


def payout(state: GameState, industry: str, modifier: int = 0) -> tuple[int, dict[str, int]]:
    """(`competitors`, `payout_amounts`) of `industry`, counted together from one read of its
    companies' statuses (the owners in board order of their first company)."""
    index = state.index
    statuses = index.industry_statuses[industry](state.companies)
    owners = [s for s in dict.fromkeys(statuses) if s not in MARKERS]
    count = statuses.count(UNOWNED) + statuses.count(SYNDICALIZED)
    nationalized = NATIONALIZED in statuses
    if nationalized:  # counts unless its country's controller owns a company of the industry
        controllers = state.controllers
        for company, status in zip(index.companies_of_industry[industry], statuses):
            if status == NATIONALIZED and controllers.get(country_of(company)) not in owners:
                count += 1
    sole_owner = count == 0 and not nationalized and len(owners) == 1
    count = max(0 if sole_owner else 1, min(5, count + len(owners) + modifier))
    per_company = index.payout_table[count]
    return count, {owner: statuses.count(owner) * per_company for owner in owners}


# --- Resolving a payout: the window for Oversupply and Shortages -------------------------------

def card_holders(state: GameState) -> list[str]:
    """Corps asked before a payout resolves: every corp holding any card. Asking only the
    holders of Oversupply/Shortages would tell everyone who holds them (docs/engine.md)."""
    return [c for c in state.playing if state.hands[c]]


def start_payout(step: Step, industry: str, by: str | None, card: str | None) -> None:
    """An industry is about to pay out; open the window for payout cards."""
    state = step.state
    state.frames.append(PayoutFrame(industry, by, card, card_holders(state)))


def modifier_value(state: GameState, card: str) -> int:
    return state.index.modifier[card]


def playable_modifiers(state: GameState, frame: PayoutFrame, corp: str) -> list[str]:
    """Payout cards `corp` may play now: after Oversupply only Shortages, and vice versa."""
    last = frame.modifiers[-1] if frame.modifiers else None
    payout_cards = state.index.payout_cards
    return sorted({c for c in state.hands[corp] if c in payout_cards and c != last})


def card_changes_payout(state: GameState, card: str) -> bool:
    """Whether playing payout card `card` on the payout under way would change what any corp
    earns from it (it may not: five or more competitors stay five, Shortages stops at one, an
    industry nobody owns pays nobody)."""
    frame = state.top_frame
    if not isinstance(frame, PayoutFrame):
        raise ValueError("no payout is under way")
    now = sum(modifier_value(state, c) for c in frame.modifiers)
    return (payout_amounts(state, frame.industry, now)
            != payout_amounts(state, frame.industry, now + modifier_value(state, card)))


def payout_options(state: GameState, frame: PayoutFrame) -> dict[str, list]:
    out = {}
    hands = state.hands
    payout_cards = state.index.payout_cards
    for corp in frame.waiting:
        no_card = _NO_CARD.get(corp) or _NO_CARD.setdefault(corp, (table(NoCard, corp)[()],))
        if payout_cards.isdisjoint(hands[corp]):
            out[corp] = list(no_card)
        else:
            plays = table(PlayCard, corp)
            out[corp] = [*no_card, *(plays[c, None] for c in playable_modifiers(state, frame, corp))]
    return out


_NO_CARD: dict[str, tuple] = {}


def apply_modifier(step: Step, action: PlayCard) -> None:
    """Oversupply / Shortages played on the payout under way; everyone else may answer."""
    state = step.state
    frame: PayoutFrame = state.frames[-1]
    state.put("hands", action.corp, without(state.hands[action.corp], action.card))
    state.discard = state.discard + [action.card]
    before = sum(modifier_value(state, c) for c in frame.modifiers)
    cancels = frame.modifiers[-1] if frame.modifiers and modifier_value(state, frame.modifiers[-1]) * \
        modifier_value(state, action.card) < 0 else None
    frame.modifiers.append(action.card)
    total = sum(modifier_value(state, c) for c in frame.modifiers)
    # the count itself, before and after (a "+0" hid that cancelling Shortages raised it)
    after = competitors(state, frame.industry, total)
    step.log("{} plays {} on the {} payout{}: {} competitor{} instead of {}", "Event Cards",
             action.corp, action.card, frame.industry, f", cancelling {cancels}" if cancels else "",
             after, "" if after == 1 else "s", competitors(state, frame.industry, before))
    frame.waiting = [c for c in card_holders(state) if c != action.corp]


def apply_no_card(step: Step, action: NoCard) -> None:
    frame: PayoutFrame = step.state.frames[-1]
    frame.waiting.remove(action.corp)


def resolve_payout(step: Step, frame: PayoutFrame) -> None:
    """Payout Industry: each owned company earns the table's figure; the chooser takes Paid."""
    state = step.state
    state.frames.pop()
    modifier = sum(modifier_value(state, c) for c in frame.modifiers)
    count, amounts = payout(state, frame.industry, modifier)
    for corp, euros in amounts.items():
        state.money[corp] += euros
    if step.keeps_log:
        paid = ", ".join(f"{c} earns {e}" for c, e in amounts.items()) or "no corp owns a company there"
        why = f"{frame.card}: " if frame.card else ""
        step.log("{}{} pays out with {} competitor{}: {}", "Payout Industries",
                 why, frame.industry, count, "s" if count != 1 else "", paid)
    if frame.by is not None:
        state.paid = frame.by
        step.log("{} takes the Paid card", "The Paid Card", frame.by)
