"""`Game`: the one surface everything else talks to. Who must write a note card now, check and
hand one in, take back one's own card, the log, per-seat views, the result, saving and loading.

The software is the moderator: it holds the note cards face down until the last one is in,
then reveals and settles the quarter at once (`moderator.settle`).
"""
from __future__ import annotations

from pydantic import BaseModel

from ..errors import IllegalAction
from . import allocations
from .allocations import Allocate
from .log import ALLOCATION, SETUP, LogEntry, joined, money
from .moderator import settle
from .options import Options
from .variable_industries import offered
from .state import NotecardState, QuarterReport
from .view import SeatView, build_view, describe_decision


class AllocationLimits(BaseModel):
    """What a note card may hold now, for forms and bots (an allocation is open-ended: these
    bounds plus `Game.check` stand for a list of legal actions)."""

    corp: str
    money: int
    industries: list[str]
    open: list[str]
    entry_cost: dict[str, int]
    targets: list[str]


class Game:
    """A game in progress: its start, the note cards handed in since, and what they did."""

    def __init__(self, start: NotecardState):
        self._start = start
        self._state = start
        self._actions: list[Allocate] = []
        self._reports: list[QuarterReport] = []
        self._log: list[LogEntry] = [LogEntry(0, f"A new game for {joined(start.players)}: "
                                              f"{start.options.describe()}", SETUP)]
        self._mark = self._snapshot()

    def _snapshot(self) -> tuple[NotecardState, int, int]:
        """Where this quarter began: the state, the log's and the actions' lengths (undo returns here)."""
        return self._state, len(self._log), len(self._actions)

    # --- who decides, and what ---------------------------------------------------------------

    @property
    def state(self) -> NotecardState:
        """The current state. Treat it as read-only: `apply` replaces it, never edits it."""
        return self._state

    @property
    def deciders(self) -> list[str]:
        """The corporations that must still write their note card this quarter, in seat order
        ([] when the game is over). They decide at the same time, in secret."""
        return self._state.waiting

    @property
    def decision(self) -> str:
        """Who must do what, in words."""
        return describe_decision(self._state)

    def legal_actions(self, corp: str | None = None) -> list[Allocate]:
        """A note card is open-ended (any split of one's money), so it cannot be listed: this
        gives the one card always legal for a corporation that must decide, the empty card
        (keep all the money). `limits(corp)` gives the bounds of every other card, and
        `check`/`apply` judge any card. [] for a corporation that need not decide now."""
        corps = self.deciders if corp is None else [corp] if corp in self.deciders else []
        return [Allocate(c) for c in corps]

    def limits(self, corp: str) -> AllocationLimits:
        """What `corp`'s note card may hold now. Raises ValueError for an unknown corporation."""
        s = self._state
        if corp not in s.players:
            raise ValueError(f"{corp!r} is not a corporation in this game")
        pool = offered(s)
        return AllocationLimits(
            corp=corp, money=s.money[corp], industries=pool, open=list(s.industries),
            entry_cost={i: allocations.ENTRY_COST if allocations.needs_entry(s, corp, i) else 0 for i in pool},
            targets=[c for c in s.solvent if c != corp])

    def cost(self, card: Allocate) -> allocations.Cost:
        """What `card` would take from its corporation's money now (costs of entry included)."""
        return allocations.cost(self._state, card)

    # --- handing in, taking back --------------------------------------------------------------

    def check(self, action: Allocate) -> None:
        """Raise IllegalAction (saying why, in game terms) unless the moderator accepts `action`."""
        if not isinstance(action, Allocate):
            raise IllegalAction(f"{action!r} is not a Megacorp action (the one action is a note card, Allocate)")
        reason = allocations.problem(self._state, action)
        if reason is not None:
            raise IllegalAction(f"{action.corp}'s note card is refused: {reason}")

    def apply(self, action: Allocate) -> "Game":
        """Hand in a note card face down. When it is the last one of the quarter, the moderator
        reveals and settles the quarter at once. Raises IllegalAction saying why, leaving the
        game exactly as it was."""
        self.check(action)
        return self._apply_checked(action)

    def _apply_checked(self, action: Allocate) -> "Game":
        before = self._state
        state = before.model_copy(update={"pending": {**before.pending, action.corp: action}})
        self._actions.append(action)
        self._log.append(LogEntry(before.quarter, self.public_text(action), ALLOCATION,
                                  {action.corp: f"{action.corp} hands in its note card: {action.describe()}"}))
        self._state = state
        if not state.waiting:
            self._state, entries, report = settle(state)
            self._log.extend(entries)
            self._reports.append(report)
            self._mark = self._snapshot()
        return self

    def can_undo(self, corp: str | None = None) -> bool:
        """Whether `corp` has a note card in the pile that it may take back (a corporation takes
        back only its own card: None, the table, never may)."""
        return corp in self._state.pending

    def undo(self, corp: str | None = None) -> Allocate:
        """`corp` takes back its own note card, not yet revealed, and gets it back (to change
        it). Nobody can take back another corporation's card, and once the last card is in the
        quarter is revealed and nothing can be taken back. Raises IllegalAction saying why."""
        if corp is None:
            raise IllegalAction("say whose note card to take back (undo(corp)): a corporation may "
                                "take back only its own card")
        if corp not in self._state.players:
            raise IllegalAction(f"{corp!r} is not a corporation in this game")
        if corp not in self._state.pending:
            last = self._reports[-1].quarter if self._reports else None
            after = (f" (the cards of quarter {last} were revealed: what was seen cannot be unseen)"
                     if last is not None else "")
            raise IllegalAction(f"{corp} has no note card in the pile to take back{after}")
        state, log_length, actions_length = self._mark
        again = [a for a in self._actions[actions_length:] if a.corp != corp]
        taken = next(a for a in self._actions[actions_length:] if a.corp == corp)
        self._state = state
        del self._log[log_length:]
        del self._actions[actions_length:]
        for action in again:  # the others' cards go back in the pile as they were
            self._apply_checked(action)
        return taken

    def decision_kind(self) -> str:
        """"note card" while the quarter's cards are being written, "over" at the end."""
        return "over" if self._state.over else "note card"

    def has_decision(self, corp: str) -> bool:
        """Whether `corp` must still write its note card this quarter."""
        return corp in self._state.waiting

    def may_act_unasked(self, corp: str) -> bool:
        """Nobody acts between two note cards (game protocol): always False."""
        return False

    @property
    def turn_order(self) -> list[str]:
        """The corporations in seat order (game protocol)."""
        return self._state.players

    def preview(self, action: Allocate) -> str:
        """What handing in `action` would do now: what it takes from its corporation's money and
        what it leaves (the quarter's earnings wait for every card). Raises IllegalAction as
        `apply` would."""
        self.check(action)
        cost = allocations.cost(self._state, action)
        left = self._state.money[action.corp] - cost.total
        return f"{action.corp} would hand in {action.describe()}: it takes {cost.describe()}, leaving {money(left)}"

    def public_text(self, action: Allocate) -> str:
        """What the other corporations are told of a note card before the reveal: only that it
        was handed in."""
        return f"{action.corp} hands in its note card, face down"

    # --- what happened ------------------------------------------------------------------------

    @property
    def actions(self) -> list[Allocate]:
        """Every note card handed in since the start (the replay of the game), in order."""
        return list(self._actions)

    @property
    def log(self) -> list[LogEntry]:
        """The log, oldest first. Each entry's `text` is public; `view(corp).log` adds what only
        `corp` may read (its own note card before the reveal)."""
        return list(self._log)

    @property
    def reports(self) -> list[QuarterReport]:
        """Every quarter revealed so far, with what each note card did."""
        return list(self._reports)

    def money_by_quarter(self) -> list[dict[str, int]]:
        """Everyone's money at the start (index 0) and after each revealed quarter."""
        return [dict(self._start.money)] + [dict(r.money_after) for r in self._reports]

    def view(self, corp: str | None, log: bool = True) -> SeatView:
        """What `corp` may see (None: a spectator); `log=False` leaves out the log (the bots read
        the revealed quarters' reports instead). Raises ValueError for an unknown corporation."""
        return build_view(self._state, corp, self._log if log else None, self._reports)

    def seat(self, corp: str) -> "Seat":
        """The door for one seat: its view, its note card, taking it back; nothing hidden."""
        if corp not in self._state.players:
            raise ValueError(f"{corp!r} is not playing in this game")
        return Seat(self, corp)

    # --- reading the table ------------------------------------------------------------------------

    @property
    def players(self) -> list[str]:
        return list(self._state.players)

    @property
    def seats(self) -> list[str]:
        """Every corporation in seat order, bankrupt ones included (game protocol)."""
        return list(self._state.players)

    @property
    def corps(self) -> list[str]:
        """The corporations still in the game, in seat order."""
        return self._state.solvent

    @property
    def quarter(self) -> int:
        return self._state.quarter

    @property
    def options(self) -> Options:
        return self._state.options

    @property
    def seed(self) -> int:
        return self._start.seed

    @property
    def start(self) -> NotecardState:
        """The position the game started from (read-only)."""
        return self._start

    def money(self, corp: str) -> int:
        return self._state.money[corp]

    def is_bankrupt(self, corp: str) -> bool:
        return corp in self._state.bankrupt

    # --- the result -------------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._state.over

    def scores(self) -> dict[str, int]:
        """Every corporation's money (a bankrupt one has 0)."""
        return dict(self._state.money)

    def winners(self) -> list[str]:
        """The winner, or those sharing the result (a draw); [] while the game goes on."""
        return list(self._state.winners)

    # --- saving -------------------------------------------------------------------------------------

    def to_json(self, seat: str | None = "*") -> str:
        """The saved game. By default the table's save: every note card handed in, unrevealed
        ones too (sealed, not encrypted). `seat=corp`: that seat's save, which leaves out every
        other seat's unrevealed card (they write it again after loading); `seat=None`: a save
        that holds no unrevealed card at all (what the hot-seat page offers)."""
        from .saves import dump_game
        return dump_game(self, seat)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Load a saved game; raises BadSaveFile naming the bad entry."""
        from .saves import load_game
        return load_game(text)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self._actions == other._actions and self._start == other._start
                and self._state == other._state and self._log == other._log
                and self._reports == other._reports)

    def __repr__(self) -> str:
        return f"<Megacorp game, {self.decision}>"

    def summary(self) -> str:
        """Everyone's money in one line."""
        return ", ".join(f"{c} {money(m)}" + (" (bankrupt)" if c in self._state.bankrupt else "")
                         for c, m in self._state.money.items())


class Seat:
    """One seat's door to the game: it sees its view and acts only for its own corporation."""

    def __init__(self, game: Game, corp: str):
        self._game = game
        self.corp = corp

    def view(self) -> SeatView:
        return self._game.view(self.corp)

    def legal_actions(self) -> list[Allocate]:
        return self._game.legal_actions(self.corp)

    def limits(self) -> AllocationLimits:
        return self._game.limits(self.corp)

    def apply(self, action: Allocate) -> None:
        """Hand in this seat's note card; raises IllegalAction for a card of another seat."""
        if getattr(action, "corp", None) != self.corp:
            raise IllegalAction(f"this seat plays {self.corp} and cannot hand in a card for "
                                f"{getattr(action, 'corp', action)!r}")
        self._game.apply(action)

    def undo(self) -> Allocate:
        return self._game.undo(self.corp)
