"""The game log: readable entries, each naming the rule it applied.

An entry's `text` is public. Anything secret (the card a corp drew, its own bid) lives in
`secret`, keyed by the only corps allowed to read it; `for_corp` picks the right text.

Texts are formatted when first read, not when the rule runs: the rules log a template and its
arguments (`step.log("{} buys {}", "Buy Company", corp, company)`), which costs next to nothing
when the text is never read (a bot's look-ahead, the simulator keeps no log at all).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .state import GameState


class LogEntry:
    """One line of the log: round, text, rule, secret (by value, like a named tuple)."""

    __slots__ = ("round", "rule", "_text", "_args", "_secret")

    def __init__(self, round: int, text: str, rule: str, secret: dict | None = None, args: tuple = ()):
        self.round = round
        self.rule = rule
        self._text = text
        self._args = args      # `text` is a template for these until first read
        self._secret = secret  # values: texts, or (template, arguments)

    @property
    def text(self) -> str:
        """The public text."""
        if self._args:
            self._text = self._text.format(*self._args)
            self._args = ()
        return self._text

    @property
    def secret(self) -> dict[str, str] | None:
        """The texts only some corps may read, by corp (None: nothing secret)."""
        secret = self._secret
        if secret and any(type(v) is tuple for v in secret.values()):
            secret = self._secret = {c: (v[0].format(*v[1]) if type(v) is tuple else v) for c, v in secret.items()}
        return secret

    def for_corp(self, corp: str | None) -> str:
        """The text `corp` may read (None: the public text)."""
        if corp is not None and self._secret and corp in self._secret:
            return self.secret[corp]
        return self.text

    for_seat = for_corp  # the game protocol's name (a corp is a seat)

    def _key(self) -> tuple:
        return self.round, self.text, self.rule, self.secret

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.round, self.text, self.rule))

    def __repr__(self) -> str:
        return f"LogEntry(round={self.round}, text={self.text!r}, rule={self.rule!r}, secret={self.secret!r})"

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"


@dataclass(slots=True)
class Step:
    """One application of an action: the state being changed and what the log gains.

    `entries` holds the lines as (round, text, rule, secret, args) tuples, the arguments of
    `LogEntry`: the entries are built when the log is read (`entries_of`), not at every step."""

    state: GameState
    entries: list = field(default_factory=list)
    reveals: bool = False  # the step showed hidden information (a draw, opened bids): undo stops here
    keeps_log = True  # (not a field) the simulator's step keeps none: text built only for the log is skipped

    def log(self, text: str, rule: str, *args, secret: dict | None = None) -> None:
        """Add a line: `text` with `args` filled into its `{}` fields when first read; `secret`
        maps corps to their own text (a string, or a (template, arguments) pair)."""
        self.entries.append((self.state.round, text, rule, secret, args))


def entries_of(lines: list, start: int = 0) -> list:
    """`lines` with every (round, text, rule, secret, args) tuple from `start` on made a
    `LogEntry`, in place (so each is built once); returns `lines`."""
    for i in range(start, len(lines)):
        if type(lines[i]) is tuple:
            lines[i] = LogEntry(*lines[i])
    return lines
