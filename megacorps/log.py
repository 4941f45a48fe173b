"""The game log: readable entries, each naming the rule it applied.

An entry's `text` is public. Anything secret (the card a corp drew, its own bid) lives in
`secret`, keyed by the only corps allowed to read it; `for_corp` picks the right text.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from .state import GameState


class LogEntry(NamedTuple):
    """One line of the log (a tuple: cheap to make, compared by value)."""

    round: int
    text: str
    rule: str
    secret: dict[str, str] | None = None

    def for_corp(self, corp: str | None) -> str:
        """The text `corp` may read (None: the public text)."""
        if corp is not None and self.secret and corp in self.secret:
            return self.secret[corp]
        return self.text

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


@dataclass(slots=True)
class Step:
    """One application of an action: the state being changed and what the log gains."""

    state: GameState
    entries: list[LogEntry] = field(default_factory=list)
    reveals: bool = False  # the step showed hidden information (a draw, opened bids): undo stops here

    def log(self, text: str, rule: str, secret: dict[str, str] | None = None) -> None:
        self.entries.append(LogEntry(self.state.round, text, rule, secret))
