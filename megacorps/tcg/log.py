"""The game log: one line per step, each with the rule it applies (a line reference into the
French rulebook, /work/shared/rules/megacorp-tcg-regles.txt, and the notes' section)."""
from __future__ import annotations

from typing import NamedTuple

RULES = {
    "bid": "Set-up: the bid, L333-342", "nobid": "Set-up without bids, L344-346", "setup": "Set-up, L328-361",
    "mulligan": "Set-up: mulligan, L354-357", "turn": "The turn, L363-367", "draw": "Accounting: draw, L395-396",
    "cashflow": "Accounting: CASHFLOW, L376-379", "disengage": "Accounting: disengage, L381-382",
    "upkeep": "Accounting: UPKEEP, L382-387", "reveal": "Accounting: resource reveal, L389-393",
    "produce": "Traits: producing, L429-436", "buy": "Buying, L412-458", "deploy": "Deploying and anchoring, L460-476",
    "event": "Playing an event, L699-712", "ability": "Activating an ability, L693-697",
    "resolve": "The rules stack, L681-697", "fizzle": "Fizzling, L732-745 (ruling A23)",
    "attack": "Challenges: declaring, L505-530", "attack cancelled": "Challenges: an empty slot, L528-530",
    "block": "Challenges: blockers, L531-542", "damage": "Damage, L544-577", "destroy": "Destruction, L570-572",
    "sell": "Divest, L627-640", "orphan": "End phase: orphans, L478-482, L654-655",
    "event end": "End phase: events, L655-656, L729-730 (ruling X8)", "win": "Winning and losing, L660-677",
    "money": "Money, L242-250", "engage": "ENGAGE, L991-992", "search": "Searching, L321-325",
    "modify": "Until end of turn effects, L81-91", "heal": "Card text", "ABRUPTION": "ABRUPTION, L900-903",
    "ANNIHILATE": "ANNIHILATE, L904-907", "CANCEL": "CANCEL, L908-911", "ZONE ATTACK": "ZONE ATTACK, L912-926",
    "ASSASSIN": "ASSASSIN, L927-929", "BOND": "BOND, L768-808, L930-939", "DEAD DROP": "DEAD DROP, L953-965",
    "DISCARD": "DISCARD, L966-967", "DEMOLISHER": "DEMOLISHER, L968-971", "DEVELOPMENT": "DEVELOPMENT, L976-981",
    "DISRUPTOR": "DISRUPTOR, L982-986", "INDEPENDENT": "INDEPENDENT, L1000-1002", "MOVE": "MOVE, L1033-1041",
    "REDEPLOY": "REDEPLOY, L1079-1081", "REGENERATE": "REGENERATE, L1087-1105", "SUPPRESSOR": "SUPPRESSOR, L1107-1111",
    "SWAP": "SWAP, L1113-1117", "UNIQUE": "UNIQUE, L1132-1141",
}


def rule(key: str) -> str:
    return RULES[key]


class LogEntry(NamedTuple):
    round: int
    rule: str
    text: str
    secret: dict = {}

    def for_seat(self, seat: str | None) -> str:
        """The line as `seat` may read it (private details only to the seat entitled)."""
        if seat is not None and seat in self.secret:
            return self.secret[seat]
        return self.text

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"
