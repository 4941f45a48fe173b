"""The moderator's settlement: once every note card is in, the software reveals and settles
the quarter exactly as the rules tell the moderator to.

For each corporation (in seat order) and each of its industries (in number order):
  1. announce how much it invested there, and
  2. take that money (and, with Variable Industries, the cost of entry);
  3. find every sabotage by other corporations against that investment, and
  4. announce each saboteur's spending (and take it);
  5. net investment = investment - 2 x total sabotage (never below zero: ruling N1), and the
     corporation earns the industry's multiplier times its net investment (3 in the core game;
     the card drawn with Variable Yield Industries).
Money a card left unallocated stays with its corporation. Then bankruptcies and the end.
"""
from __future__ import annotations

from . import variable_industries, variable_yield
from .allocations import ENTRY_COST, needs_entry
from .bankruptcy import check_end, declare_bankruptcies
from .options import industry_number
from .log import (EARNINGS, ENTRY, INVESTMENT, LAPSE, NEW_INDUSTRY, NEW_QUARTER, SABOTAGE, YIELD,
                  LogEntry, joined, money)
from .state import IndustryLine, NotecardState, QuarterReport


def net_investment(invested: int, sabotage: int) -> int:
    """Rule 5: each $1M of sabotage negates up to $2M of the target's investment (ruling N1)."""
    return max(0, invested - 2 * sabotage)


def settle(before: NotecardState) -> tuple[NotecardState, list[LogEntry], QuarterReport]:
    """Reveal and settle the quarter whose note cards are all in. Returns the next position
    (the next quarter, or the end), the log lines and the public report of the quarter."""
    state = before.clone()
    entries: list[LogEntry] = []

    def log(rule: str, text: str, about: tuple = ()) -> None:
        entries.append(LogEntry(state.quarter, text, rule, about=about))

    options = state.options
    cards = state.pending
    money_before = dict(state.money)

    # Variable Industries: industries invested in for the first time open now (ruling N6).
    opened = variable_industries.industries_to_open(state) if options.variable_industries else []
    for industry in opened:
        state.industries.append(industry)
        state.industries.sort(key=industry_number)
        founders = [c for c in state.players if c in cards and cards[c].invested(industry)]
        log(NEW_INDUSTRY, f"{industry} opens: {joined(founders)} invest{'s' if len(founders) == 1 else ''} in it first"
            + (" (a new yield deck is made for it and shuffled)" if options.variable_yield else ""), (None, industry))
        if options.variable_yield:
            state.stacks[industry] = variable_yield.new_stack(state, industry)

    # Variable Yield Industries: a card from every open industry's stack, before any announcement.
    multipliers = {i: variable_yield.CORE_MULTIPLIER for i in state.industries}
    drawn: dict[str, str] = {}
    if options.variable_yield:
        for industry in state.industries:
            card, reshuffled = variable_yield.draw(state, industry)
            multipliers[industry] = card
            drawn[industry] = variable_yield.FLAVOUR[card]
            again = " (its stack had run out: the discard pile was shuffled into a new stack)" if reshuffled else ""
            log(YIELD, f"{industry} draws {variable_yield.describe_card(card)}: its multiplier this "
                f"quarter is {card}{again}", (None, industry))

    # Step 3's search, done once: every sabotage, by target and industry, saboteurs in seat order.
    sabotage: dict[tuple[str, str], dict[str, int]] = {}
    for saboteur in state.solvent:
        for target, industry, amount in cards[saboteur].sabotage:
            sabotage.setdefault((target, industry), {})[saboteur] = amount

    lines: list[IndustryLine] = []
    for corp in state.solvent:
        invests = dict(cards[corp].invest)
        touched = set(invests) | {i for (target, i) in sabotage if target == corp}
        for industry in sorted(touched, key=industry_number):
            invested = invests.get(industry, 0)
            against = sabotage.get((corp, industry), {})
            # Steps 1-2: announce the investment and take the money (and any cost of entry).
            entry = ENTRY_COST if invested and needs_entry(state, corp, industry) else 0
            if entry:
                state.money[corp] -= entry
                log(ENTRY, f"{corp} pays {money(entry)} to enter {industry}", (corp, industry))
            state.money[corp] -= invested
            log(INVESTMENT, f"{corp} invested {money(invested)} in {industry}", (corp, industry))
            # Steps 3-4: every sabotage against that investment, each paid by its saboteur.
            for saboteur, amount in against.items():
                state.money[saboteur] -= amount
                wasted = "" if invested else f" ({corp} has nothing there to sabotage: the money is lost)"
                log(SABOTAGE, f"{saboteur} spent {money(amount)} sabotaging {corp}'s {industry}{wasted}",
                    (corp, industry, saboteur))
            # Step 5: net investment and earnings.
            total = sum(against.values())
            net = net_investment(invested, total)
            mult = multipliers.get(industry, variable_yield.CORE_MULTIPLIER)
            earnings = mult * net
            state.money[corp] += earnings
            if invested:
                how = f"{invested} - 2\u00d7{total} = {net}" if total else f"{net}"
                floor = " (sabotage cannot take it below zero)" if total and 2 * total > invested else ""
                log(EARNINGS, f"{corp}'s net investment in {industry} is {how}{floor}: it earns "
                    f"{net} \u00d7 {mult} = {money(earnings)}", (corp, industry))
            # built from values computed here, so not validated again (model_construct): speed
            lines.append(IndustryLine.model_construct(
                corp=corp, industry=industry, invested=invested, entry_cost=entry, sabotage=against,
                net=net, multiplier=mult, earnings=earnings))
    kept = {c: money_before[c] - _spent(state, c) for c in state.solvent}
    lapsed = variable_industries.lapse_entries(state) if options.variable_industries else {}
    for corp, gone in lapsed.items():
        log(LAPSE, f"{corp} put nothing into {joined(gone)} this quarter: it must pay the cost of "
            f"entry to invest there again")

    broke = declare_bankruptcies(state, log)
    check_end(state, broke, log)
    report = QuarterReport(quarter=state.quarter, money_before=money_before, money_after=dict(state.money),
                           multipliers=multipliers, cards=drawn, opened=opened, lines=lines, kept=kept,
                           lapsed=lapsed, bankrupt=broke)
    state.pending = {}
    if not state.over:
        state.quarter += 1
        entries.append(LogEntry(state.quarter, f"Quarter {state.quarter} begins: "
                                + ", ".join(f"{c} {money(state.money[c])}" for c in state.solvent), NEW_QUARTER))
    return state, entries, report


def _spent(state: NotecardState, corp: str) -> int:
    card = state.pending[corp]
    entries = sum(ENTRY_COST for i in card.industries if needs_entry(state, corp, i))
    return card.total_invested + card.total_sabotage + entries

