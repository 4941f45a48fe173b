"""The game log: one readable line per thing that happens, each naming the rule it applies
(by the rules text's headings and line numbers, or a ruling of docs/rulings-megacquire.md).

An entry's `text` is public, in plain words: the rule it applies is kept apart, in `rule` (the
page's rules link and the tables read it; the lessons show the text as it is). What only one player may read (the tile they drew) lives in
`secret`, keyed by that player; `for_seat` picks the right text. `money` holds the cash the line's
event moved, as (player, amount) pairs (paid out positive, paid in negative): with the starting
cash they add up to everyone's cash (`Game.score_sources`).
"""
from __future__ import annotations

from typing import NamedTuple


class LogEntry(NamedTuple):
    """One line of the log (a tuple: cheap to make, compared by value)."""

    round: int
    rule: str
    text: str
    secret: dict[str, str] | None = None
    money: tuple[tuple[str, int], ...] = ()

    def for_seat(self, seat: str | None) -> str:
        """The text `seat` may read (None: the public text)."""
        if seat is not None and self.secret and seat in self.secret:
            return self.secret[seat]
        return self.text

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


SETUP = "Set-up (L13-17)"
OPENING = "Set-up: who goes first (L15, L17)"
PLAY = "Turn Summary: play a tile (L21, L59-61)"
NO_PLAY = "Game Play: no tile can be played (L63)"
FOUND = "Game Play: founding a company (L63-67)"
GROW = "Game Play: a company grows (L69)"
SAFE = "Game Play: safe companies (L71-73)"
DEAD = "Game Play: a dead tile is turned over (L75, ruling A2)"
MERGE = "Game Play: mergers (L78-89)"
BONUS = "Game Play: majority and minority bonuses (L91-99)"
DISPOSE = "Game Play: hold or sell defunct stock (L101-107)"
BUY = "Buying Stock (L25-33)"
TRADE = "Trading Stock (L45-53, rulings A8-A10)"
DRAW = "Turn Summary: draw a tile (L55)"
EARLY_END = "Ending the Game: early end by agreement (L113)"
END = "Ending the Game (L109-111, ruling A1)"
END_SETTLED = "Ending the Game: every disputed border is settled (L111, ruling A1)"
END_ALL_PLAYED = "Ending the Game: every tile has been played (ruling A1)"
END_STUCK = "Ending the Game: no tile could be played for a whole round (ruling A1)"
TIME_LIMIT = "Ending the Game: the agreed time limit (L113)"
GAME_ENDS = (EARLY_END, TIME_LIMIT, END_SETTLED, END_ALL_PLAYED, END_STUCK)   # the rule of "The game ends" lines
FINAL = "Ending the Game: final bonuses and sale (L115-119)"


class Refusal(str):
    """Why an action may not be made, in plain words (a str, so it reads and joins as one), with
    the rule it applies kept apart in `rule` ("L23, L53", "L49, ruling A9"; "" when none)."""

    rule: str

    def __new__(cls, text: str, rule: str = "") -> "Refusal":
        self = super().__new__(cls, text)
        self.rule = rule
        return self

    def reworded(self, text: str) -> "Refusal":
        """Another wording of this refusal (the action named in front), the same rule."""
        return Refusal(text, self.rule)


def money(amount: int) -> str:
    """"$12,000"."""
    return f"${amount:,}"


def joined(names: list[str]) -> str:
    """Names in a sentence: "A", "A and B", "A, B and C"."""
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
