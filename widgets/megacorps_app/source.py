"""The seat-facing source a table page renders from: `TableSource`.

MegaCorps' table widgets (widgets/megacorps_app/parts.py, table.py, panels.py) never hold a `mc.Game`.
They ask a `TableSource` for what the seats at *this screen* may see and do; their actions go to
the page shell (`Shell.act`: widgets/shell/page.py), which holds or sends the game:

    source.corps, source.seats          # seating order; corp -> "Human" or a bot level
    source.here                         # the corps whose players sit at this screen
    source.version                      # changes whenever anything at the table changes
    source.public_game()                # a mc.Game over the public table: no hand, no deck order,
                                        #   no secret bid or vote (for the board, panels, previews)
    source.deciders()                   # who must decide now (public)
    source.view(corp)                   # that seat's CorpView (corp in `here`)
    source.legal_actions(corp)          # that seat's choices now (corp in `here`)
    source.may_offer_trades(corp)
    source.log_entries()                # the public log, each with the bot's reason if any
    source.bots_to_move()               # whether a bot must decide now (the page shows it is busy)
    source.money_history()              # money of every corp, round by round (public)
    source.timeline()                   # per step: what happened and the money after (public)
    source.results()                    # None until the game is over

`HotSeatTable` (widgets/megacorps_app/hot_seat.py) is the hot-seat implementation: the page
shell's game in this kernel, every human seat at this screen, the bots moved by the shell. A
remote table (`RemoteTable`, widgets/networked/remote.py: each seat at its own screen, the game in
the table service) implements the same interface with `here` = the one seat; the widgets do not
change.

Hot-seat privacy on top of this: several human seats share the screen, so the widgets show a
hand only after its owner asked, and hide it again whenever the seat at the screen changes
(widgets/megacorps_app/table.py). `public_game()` is what everyone at the screen may see.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field

import megacorps as mc
from megacorps.tables.public import HIDDEN_CARD, public_state  # noqa: F401  (one definition of the public table)

HUMAN = "Human"


@dataclass(frozen=True)
class Entry:
    """One public log line, with the rule it applied, and for a bot's move its level and reason."""

    index: int                 # position in the log
    round: int
    text: str
    rule: str
    step: int                  # index of the action that produced it (-1: setup)
    by: str | None = None      # the corp whose action produced it
    bot: str | None = None     # that corp's bot level, when a bot acted
    reason: str = ""           # the bot's reason


@dataclass(frozen=True)
class Results:
    """The end of the game: final payout lines (from the log), scores and winners."""

    final_payouts: list[str]
    scores: dict[str, int]
    winners: list[str]

    @property
    def is_draw(self) -> bool:
        return len(self.winners) > 1


@dataclass(frozen=True)
class Step:
    """One step of the game, public: the action in words, who took it, the log lines it
    produced and every corp's money after it (for the end-of-game charts)."""

    index: int
    round: int
    corp: str | None
    kind: str
    text: str
    entries: tuple[Entry, ...]
    money_before: dict[str, int]
    money_after: dict[str, int]
    controllers_after: dict[str, str | None] = field(default_factory=dict)
    companies_after: dict[str, str] = field(default_factory=dict)


class TableSource(ABC):
    """What a table page needs from the game, for the seats at its screen (see the module
    docstring). Every method returns public information, or information of a seat in `here`."""

    corps: list[str]
    seats: dict[str, str]

    # --- who is here ---------------------------------------------------------------------------

    @property
    @abstractmethod
    def here(self) -> list[str]:
        """The corps whose players sit at this screen."""

    @property
    @abstractmethod
    def version(self) -> int:
        """A number that changes whenever anything at the table changes."""

    def is_human(self, corp: str) -> bool:
        return self.seats.get(corp) == HUMAN

    @property
    def humans(self) -> list[str]:
        return [c for c in self.corps if self.is_human(c)]

    # --- what may be seen --------------------------------------------------------------------

    @abstractmethod
    def public_game(self) -> mc.Game:
        """The table as everyone may see it (a game over `public_state`): board, money, the
        decision under way; never a hand, the deck order or a secret choice."""

    @abstractmethod
    def deciders(self) -> list[str]:
        """Who must decide now."""

    def human_deciders(self) -> list[str]:
        """The deciders whose players are at this screen."""
        return [c for c in self.deciders() if c in self.here]

    @abstractmethod
    def view(self, corp: str) -> mc.CorpView:
        """What `corp` (a seat at this screen) may see. Raises ValueError for another seat."""

    @abstractmethod
    def legal_actions(self, corp: str) -> list[mc.Action]:
        """`corp`'s choices now (a seat at this screen)."""

    @abstractmethod
    def may_offer_trades(self, corp: str) -> bool:
        """Whether `corp` may make a trade offer now."""

    @abstractmethod
    def log_entries(self) -> list[Entry]:
        """The public log, oldest first."""

    @abstractmethod
    def money_history(self) -> tuple[list[int], dict[str, list[int]]]:
        """x (rounds, one more point after the final payouts) and each corp's money."""

    @abstractmethod
    def timeline(self) -> list[Step]:
        """Every step so far, public (for the end-of-game charts and summaries)."""

    @abstractmethod
    def results(self) -> Results | None:
        """The results once the game is over."""

    # --- the bots ----------------------------------------------------------------------------

    @abstractmethod
    def bots_to_move(self) -> bool:
        """Whether a bot must decide now (the page shows it is busy)."""
