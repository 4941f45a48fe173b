"""The game log: readable entries, each naming the rule it applied.

The entry itself is the kit's (`megacorps/kit/log.py`), shared by every game. An entry's `text` is public. Anything secret (the card a corp drew, its own bid) lives in
`secret`, keyed by the only corps allowed to read it; `for_corp` picks the right text.

Texts are formatted when first read, not when the rule runs: the rules log a template and its
arguments (`step.log("{} buys {}", "Buy Company", corp, company)`), which costs next to nothing
when the text is never read (a bot's look-ahead, the simulator keeps no log at all).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .kit.log import LogEntry
from .state import GameState


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
