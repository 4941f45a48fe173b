"""What the public record of a game says, in a player's terms: "since your last turn" (what
happened to a corp and why), where each corp's money came from, and the turning points.

Reads only public steps (`TableSource.timeline()`); no ipywidgets here.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .rules import topic_for_rule
from .source import Step

# Categories of money, in display order.
PAYOUTS = "Payouts"
CATEGORIES = ("Payouts", "Final payouts", "Companies bought", "Interventions", "Mercenaries",
              "Auctions", "Trades", "Event cards", "Wars", "Leaving")

_RULE_CATEGORY = [
    ("Game End", "Final payouts"), ("Winning", "Final payouts"),
    ("Payout Industries", "Payouts"), ("Buy Company", "Companies bought"), ("Antitrust", "Companies bought"),
    ("Government Intervention", "Interventions"), ("When the War is Over", "Wars"),
    ("Buying Mercenaries", "Mercenaries"), ("Auctions", "Auctions"), ("Trades", "Trades"),
    ("Syndicalized Companies", "Event cards"), ("Event Cards", "Event cards"),
]


def _category(rule: str) -> str | None:
    for prefix, category in _RULE_CATEGORY:
        if rule == prefix or rule.startswith(prefix + ":"):
            return category
    return None


@dataclass(frozen=True)
class Happening:
    """One thing that happened to a corp: when, what (public text), what it changed for the
    corp, and the rules topic that explains why."""

    round: int
    text: str
    effect: str
    topic: str
    by: str | None


def since_last_turn(timeline: list[Step], corp: str) -> list[Happening]:
    """What happened to `corp` (money, companies, countries, mercenaries) since its own last
    action, newest last; each with the rule that explains it."""
    last_own = max((s.index for s in timeline if s.corp == corp), default=-1)
    out: list[Happening] = []
    prev_companies: dict[str, str] | None = None
    prev_controllers: dict[str, str | None] | None = None
    for s in timeline:
        companies_before = prev_companies if prev_companies is not None else s.companies_after
        controllers_before = prev_controllers if prev_controllers is not None else s.controllers_after
        prev_companies, prev_controllers = s.companies_after, s.controllers_after
        if s.index <= last_own:
            continue
        effects = []
        delta = s.money_after.get(corp, 0) - s.money_before.get(corp, 0)
        if delta:
            effects.append(f"{'+' if delta > 0 else ''}{delta} Euros")
        lost = [c for c, o in companies_before.items() if o == corp and s.companies_after.get(c) != corp]
        won = [c for c, o in s.companies_after.items() if o == corp and companies_before.get(c) != corp]
        if won:
            effects.append("gained " + ", ".join(won))
        if lost:
            effects.append("lost " + ", ".join(f"{c} (now {s.companies_after.get(c)})" for c in lost))
        c_lost = [c for c, o in controllers_before.items() if o == corp and s.controllers_after.get(c) != corp]
        c_won = [c for c, o in s.controllers_after.items() if o == corp and controllers_before.get(c) != corp]
        if c_won:
            effects.append("now controls " + ", ".join(c_won))
        if c_lost:
            effects.append("lost control of " + ", ".join(
                f"{c} (now {s.controllers_after.get(c) or 'nobody'})" for c in c_lost))
        mentioned = any(corp in e.text for e in s.entries)
        if not effects and not mentioned:
            continue
        main = _main_entry(s)
        if main is None:
            continue
        # the step's lines that name the corp (the list says "involving" it: a step such as a
        # war's end also logs what happened to others); all of them when none names it
        shown = [e for e in s.entries if corp in e.text] or [e for e in s.entries if e.rule != "Rounds" or not effects]
        out.append(Happening(s.round, "; ".join(e.text for e in shown) or main.text, ", ".join(effects),
                             topic_for_rule(main.rule), s.corp))
    return out


def _point_text(step: Step, corps: list[str] = ()) -> str:
    """What a turning point names: the line of the step that moved the money (the purchase a
    permission allowed, the payout the last "no card" set off, the price an auction's winner
    paid), else the step's main line; "The final payouts" for the step that ended the game
    (its first line is the last player's "plays no more cards")."""
    if any(e.text.startswith("Final payout of ") for e in step.entries):
        return "The final payouts"
    entry = _money_entry(step, corps) or _main_entry(step)
    return entry.text if entry else step.text


_MONEY_WORDS = re.compile(r"\d+ Euros?\b|\bearns \d|\bpays out\b")


def _money_entry(step: Step, corps: list[str]):
    """The first line of `step` that moves the money of a corp whose money changed in it."""
    changed = [c for c in corps if step.money_after.get(c, 0) != step.money_before.get(c, 0)]
    for e in step.entries:
        if e.rule != "Rounds" and _MONEY_WORDS.search(e.text) and any(c in e.text for c in changed):
            return e
    return None


def _main_entry(step: Step):
    """The entry that best explains a step (the first that is not a round's bookkeeping)."""
    for e in step.entries:
        if e.rule not in ("Rounds",):
            return e
    return step.entries[0] if step.entries else None


# --- where the money came from ---------------------------------------------------------------

_AMOUNT = re.compile(r"([A-Z][\w ]*?) (?:earns )?(\d+)")


def money_sources(timeline: list[Step], corps: list[str], industries: list[str]) -> dict[str, dict[str, int]]:
    """corp -> category -> Euros gained (+) or spent (-) over the game. Payouts are split by
    industry ("Payouts: Oil"); the final payouts likewise ("Final payouts: Oil")."""
    out: dict[str, dict[str, int]] = {c: {} for c in corps}

    def add(corp: str, category: str, amount: int) -> None:
        if amount and corp in out:
            out[corp][category] = out[corp].get(category, 0) + amount

    for s in timeline:
        deltas = {c: s.money_after.get(c, 0) - s.money_before.get(c, 0) for c in corps}
        if not any(deltas.values()):
            continue
        explained = {c: 0 for c in corps}
        for e in s.entries:
            if e.text.startswith("Final payout of "):
                industry = next((i for i in industries if e.text.startswith(f"Final payout of {i} ")), "?")
                for corp, amount in _amounts(e.text.split(":", 1)[1] if ":" in e.text else "", corps):
                    add(corp, f"Final payouts: {industry}", amount)
                    explained[corp] += amount
            elif e.rule == "Payout Industries" and " pays out with " in e.text:
                industry = next((i for i in industries if f"{i} pays out with" in e.text), "?")
                for corp, amount in _amounts(e.text.split(":", 1)[-1], corps):
                    add(corp, f"{PAYOUTS}: {industry}", amount)
                    explained[corp] += amount
        rest_category = next((_category(e.rule) for e in s.entries
                              if _category(e.rule) not in (None, "Payouts", "Final payouts")), None)
        if rest_category is None:
            rest_category = {"buy": "Companies bought", "mercenaries": "Mercenaries", "trade": "Trades",
                             "leave": "Leaving", "bid": "Auctions", "accept": "Trades",
                             "intervene": "Interventions"}.get(s.kind, "Event cards")
        for corp in corps:
            rest = deltas[corp] - explained[corp]
            add(corp, rest_category, rest)
    return out


def _amounts(text: str, corps: list[str]) -> list[tuple[str, int]]:
    found = []
    for corp in sorted(corps, key=len, reverse=True):
        m = re.search(rf"(?<![\w]){re.escape(corp)} (?:earns )?(\d+)", text)
        if m:
            found.append((corp, int(m.group(1))))
    return found


# --- turning points --------------------------------------------------------------------------

@dataclass(frozen=True)
class TurningPoint:
    index: int
    round: int
    text: str
    why: str


def turning_points(timeline: list[Step], corps: list[str], most: int = 8) -> list[TurningPoint]:
    """Moments that changed the game: the lead changing hands, countries changing hands by war,
    auction or election, and the biggest single swings of money."""
    points: dict[int, TurningPoint] = {}
    leader = None
    for s in timeline:
        money = s.money_after
        best = max((money.get(c, 0) for c in corps), default=0)
        top = [c for c in corps if money.get(c, 0) == best]
        now = top[0] if len(top) == 1 else None
        if now is not None and now != leader and s.index > 0 and s.round > 0:
            why = f"{now} takes the lead with {best} Euros"
            if s.money_after.get(now, 0) == s.money_before.get(now, 0):
                # the lead changed because others lost or spent: say whose money fell
                fell = [c for c in corps if money.get(c, 0) < s.money_before.get(c, 0)]
                if fell:
                    # (no brackets: the line is shown in brackets already, and nested ones read badly)
                    why += ", as " + " and ".join(f"{c} drops to {money.get(c, 0)}" for c in fell)
            points[s.index] = TurningPoint(s.index, s.round, _point_text(s, corps), why)
        if now is not None:
            leader = now
    for s in timeline:
        for e in s.entries:
            if (e.rule.startswith("Resolving a War") and " wins " in e.text) or (
                    e.rule in ("Auctions", "Elections") and "controls" in e.text and s.index not in points):
                points.setdefault(s.index, TurningPoint(s.index, s.round, e.text, "a country changes hands"))
    swings = sorted(timeline, key=lambda s: -max((abs(s.money_after.get(c, 0) - s.money_before.get(c, 0))
                                                  for c in corps), default=0))
    for s in swings[:3]:
        gain = max(corps, key=lambda c: abs(s.money_after.get(c, 0) - s.money_before.get(c, 0)))
        d = s.money_after.get(gain, 0) - s.money_before.get(gain, 0)
        if abs(d) >= 10 and s.index not in points:
            points[s.index] = TurningPoint(s.index, s.round, _point_text(s, corps),
                                           f"{gain} {'gains' if d > 0 else 'loses'} {abs(d)} Euros at once")
    ordered = sorted(points.values(), key=lambda p: p.index)
    if len(ordered) > most:
        keep = sorted(ordered, key=lambda p: ("takes the lead" not in p.why, -p.index))[:most]
        ordered = sorted(keep, key=lambda p: p.index)
    return ordered
