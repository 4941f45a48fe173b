"""The log entry every game writes: the round it happened in, a public text, the rule it applies
and the texts only some seats may read.

An entry's `text` is public. Anything secret (the card a corp drew, its own bid, its note card
before the reveal) lives in `secret`, keyed by the only seats allowed to read it; `for_seat`
picks the right text. Texts may be formatted when first read, not when the rule runs: a rule
logs a template and its arguments, which costs next to nothing when the text is never read (a
bot's look-ahead).
"""
from __future__ import annotations


class LogEntry:
    """One line of the log: round, text, rule, secret, and what it is about (by value, like a
    named tuple)."""

    __slots__ = ("round", "rule", "_text", "_args", "_secret", "about")

    def __init__(self, round: int, text: str, rule: str, secret: dict | None = None, args: tuple = (),
                 about: tuple = ()):
        self.round = round
        self.rule = rule
        self._text = text
        self._args = args      # `text` is a template for these until first read
        self._secret = secret  # values: texts, or (template, arguments)
        self.about = about     # what the line is about, for displays (the game says what it holds)

    @property
    def quarter(self) -> int:
        """The round, in the note-card game's word."""
        return self.round

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
        return self.round, self.text, self.rule, self.secret, self.about

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, LogEntry):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.round, self.text, self.rule))

    def __repr__(self) -> str:
        about = f", about={self.about!r}" if self.about else ""
        return f"LogEntry(round={self.round}, text={self.text!r}, rule={self.rule!r}, secret={self.secret!r}{about})"

    def __str__(self) -> str:
        return f"[{self.rule}] {self.text}"
