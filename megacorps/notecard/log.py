"""The game log: one readable line per thing the moderator does, each naming the rule it applies.

The entry is the kit's (`megacorps/kit/log.py`): its `round` is the quarter (`entry.quarter` reads
the same), its `text` public; a corporation's own secret (what its note card says, before the
reveal) lives in `secret`, keyed by that corporation only; `for_seat` picks the right text.
`about` says what the line is about, for displays: (corp, industry[, saboteur]) or (None, industry).
"""
from __future__ import annotations

from ..kit.log import LogEntry


# The rules each log line applies, named after the rules' own headings.
SETUP = "Setup"
ALLOCATION = "Game Play: note cards"
INVESTMENT = "Moderator steps 1-2: investment"
SABOTAGE = "Moderator steps 3-4: sabotage"
EARNINGS = "Moderator step 5: net investment and earnings"
YIELD = "Variable Yield Industries"
NEW_INDUSTRY = "Variable Industries: a new industry"
ENTRY = "Variable Industries: cost of entry"
LAPSE = "Variable Industries: no investment, entry lost"
BANKRUPTCY = "Winning Conditions: bankruptcy"
WINNING = "Winning Conditions"
LAST_QUARTER = "Ruling N4: the last quarter (house rule)"
DEADLOCK = "Ruling N4: deadlock"
NEW_QUARTER = "Game Play: a new quarter"


def money(amount: int) -> str:
    """An amount of money in the rules' unit: "$12M", "$1,594,323M"."""
    return f"${amount:,}M"


def joined(names: list[str]) -> str:
    """Names in a sentence: "A", "A and B", "A, B and C"."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


__all__ = ["ALLOCATION", "BANKRUPTCY", "EARNINGS", "ENTRY", "INVESTMENT", "LAPSE", "LAST_QUARTER", "LogEntry",
           "NEW_INDUSTRY", "NEW_QUARTER", "SABOTAGE", "SETUP", "WINNING", "YIELD", "joined", "money"]
