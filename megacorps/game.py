"""`Game`: the one surface everything else talks to. Who must decide now, what they may
choose, apply a choice, undo, the log, per-corp views, saving and loading."""
from __future__ import annotations

from typing import NamedTuple

from .actions import ACTION_TYPES, Action, Bid, ChoiceRange, OfferTrade, Sealed, Vote, malformed
from .errors import IllegalAction
from .explain import decision_kind, describe_decision, public_text, why_illegal
from .flow import apply_action, decisions, interruptions, may_interrupt, ranges
from . import previews
from .log import LogEntry, Step, entries_of
from .state import AuctionFrame, ElectionFrame, GameState
from .trades import check_offer
from .view import CorpView, build_view


class Applied(NamedTuple):
    """One applied action as a table reads its record (`Game.applied()`)."""

    action: Action     # as `Game.actions` shows it (a secret bid or vote still sealed)
    log_start: int     # where its log lines start in `Game.log`
    reveals: bool      # it revealed hidden information (a card drawn, bids opened): undo stops there


# The history keeps the state before every CHECKPOINT_EVERY-th action; any other earlier state
# (for undo, `states()`, what a corp saw answered in a trade) is rebuilt by replaying the actions
# from the checkpoint before it: applying is deterministic (the deck order and every hand are in
# the state). Keeping every state alive, as before, made the cyclic garbage collector walk them
# all game long: about an eighth of the checked door's time (docs/engine.md, Speed, stop 18).
CHECKPOINT_EVERY = 16


class Game:
    """A game in progress: a starting position, the actions applied to it, and the result."""

    def __init__(self, start: GameState, setup_log: list[LogEntry] | None = None):
        self._start = start.clone()
        self._state = start.clone()
        self._setup_log = entries_of(list(setup_log or []))
        self._log: list = list(self._setup_log)  # LogEntry, or its arguments until read (_entries)
        self._built = len(self._log)  # the entries before this are LogEntry values
        # The history, as lists side by side rather than a record per action: a record is one
        # more object the cyclic garbage collector tracks and walks for as long as the game lives.
        self._actions: list[Action] = []      # every applied action, in order
        self._marks: list[GameState] = []     # the state before actions 0, K, 2K, ... (K = CHECKPOINT_EVERY)
        self._log_starts: list[int] = []      # where each one's log lines start
        self._reveals: list[bool] = []        # each revealed hidden information: undo stops there
        self._undos = 0                       # actions taken back so far: caches of the history check it
        self._decisions: dict[str, list] | None = None
        self._interrupts: dict[str, list] = {}
        self._facts: dict = {}    # knowledge.facts_of: what each corp knows of the hidden cards
        self._unseen: dict = {}   # simulator._unseen: the cards each corp has not seen

    # --- who decides, and what ---------------------------------------------------------------

    @property
    def state(self) -> GameState:
        """The current state. Treat it as read-only: `apply` replaces it, never edits it."""
        return self._state

    def _current(self) -> dict[str, list]:
        if self._decisions is None:
            self._decisions = decisions(self._state)
        return self._decisions

    @property
    def deciders(self) -> list[str]:
        """Corps that must decide now ([] when the game is over)."""
        current = self._decisions  # (_current inlined: asked first at every step)
        if current is None:
            current = self._decisions = decisions(self._state)
        return list(current)

    @property
    def decision(self) -> str:
        """Who must decide what, in words."""
        return describe_decision(self._state)

    def decision_kind(self) -> str:
        """What kind of decision is under way, as a stable word a page lays out by: "turn",
        "setup pick", "must buy", "payout", "war", "auction", "election", "trade", "over", ...
        (`explain.DECISION_KINDS`); the widgets ask this instead of the engine's frame classes."""
        return decision_kind(self._state)

    def has_decision(self, corp: str) -> bool:
        """Whether `corp` has anything to decide now: it must decide, or it may act unasked."""
        return corp in self.deciders or self.may_act_unasked(corp)

    def legal_actions(self, corp: str | None = None) -> list[Action]:
        """Every legal action for `corp` (its decision, plus any-time cards and leaving), or
        for all deciders when `corp` is None. Trade offers are open-ended and not listed:
        `apply` checks them."""
        current = self._decisions  # (_current and interruptions inlined: asked at every step)
        if current is None:
            current = self._current()
        if corp is None:
            if len(current) == 1:
                return list(next(iter(current.values())))
            return [a for options in current.values() for a in options]
        extra = self._interrupts.get(corp)
        if extra is None:
            extra = self._interrupts[corp] = interruptions(self._state, corp)
        return current.get(corp, []) + extra

    def ranges(self, corp: str) -> list[ChoiceRange]:
        """The amounts `corp`'s decision accepts, as whole ranges: a bid, a price for
        mercenaries, a number of mercenaries given to a war. `legal_actions` lists sensible
        steps of each range (every amount up to 10, then 12, 15, 20, 25, 30, 40, ...); any
        amount in a range is legal (`ChoiceRange.with_value(n)` builds it)."""
        return ranges(self._state).get(corp, [])

    def interruptions(self, corp: str) -> list[Action]:
        """What `corp` may do now without being asked: any-time cards, leaving."""
        extra = self._interrupts.get(corp)
        if extra is None:
            extra = self._interrupts[corp] = interruptions(self._state, corp)
        return extra

    def may_act_unasked(self, corp: str) -> bool:
        """Whether `corp` could act now without being asked (a trade offer, an any-time card,
        leaving): the bot driver asks such corps before the deciders (game protocol)."""
        return self.may_offer_trades(corp) or bool(self.interruptions(corp))

    @property
    def turn_order(self) -> list[str]:
        """The corps clockwise from the one whose decision is under way (the order in which
        corps may act unasked between two steps)."""
        state = self._state
        deciders = self.deciders
        first = deciders[0] if deciders else state.active
        if first not in state.corps:
            first = state.active
        return state.corps_from(first)

    def may_offer_trades(self, corp: str) -> bool:
        """Whether `corp` may make a trade offer now: at an open moment of the rounds, never
        during the setup picks (R28)."""
        state = self._state
        return state.phase == "rounds" and corp in state.playing and may_interrupt(state)

    # --- applying and undoing ------------------------------------------------------------------

    def check(self, action: Action) -> None:
        """Raise IllegalAction (saying why) unless `action` is legal now."""
        corp = getattr(action, "corp", None)
        if type(corp) is str:
            current = self._decisions
            # the very value the engine listed (bots pass these), found by identity: a plain
            # loop, as `is` is one cheap bytecode (`any(map(is_, ...))` costs twice as much)
            for listed in (current if current is not None else self._current()).get(corp, ()):
                if listed is action:
                    return
            for listed in self._interrupts.get(corp, ()):
                if listed is action:
                    return  # an any-time card or leaving, as listed
        if not isinstance(action, Action) or type(action) not in ACTION_TYPES.values():
            raise IllegalAction(f"{action!r} is not a MegaCorps action")
        problem = malformed(action)
        if problem:
            raise IllegalAction(f"{type(action).__name__} by {action.corp!r}: {problem}")
        state = self._state
        if isinstance(action, OfferTrade):
            if state.phase == "over":
                raise IllegalAction(f"{action}: the game is over")
            if state.phase == "setup":
                raise IllegalAction(f"{action}: trades wait for the first round; no trade during the "
                                    "setup picks (ruling R28)")
            if not self.may_offer_trades(action.corp):
                raise IllegalAction(f"{action}: no trade can be offered while "
                                    f"this is being resolved ({describe_decision(state)})")
            check_offer(state, action)
            return
        if action.corp not in state.corps:
            raise IllegalAction(f"{action}: {why_illegal(state, action, self.deciders)}")
        if action in self.legal_actions(action.corp) or any(action in r for r in self.ranges(action.corp)):
            return
        raise IllegalAction(f"{action}: {why_illegal(state, action, self.deciders)}")

    def apply(self, action: Action) -> "Game":
        """Apply a legal action and everything that follows from it without a decision.

        Raises IllegalAction saying why, leaving the game exactly as it was.
        """
        self.check(action)
        before = self._state
        step = Step(before.fork())
        apply_action(step, action)
        actions = self._actions
        if not len(actions) % CHECKPOINT_EVERY:
            self._marks.append(before)
        actions.append(action)
        self._log_starts.append(len(self._log))
        self._reveals.append(step.reveals)
        self._state = step.state
        self._log.extend(step.entries)
        self._decisions = None
        self._interrupts = {}
        return self

    def _sealed(self) -> int:
        """How many of the last actions are secret bids or votes in a contest still under way."""
        if not isinstance(self._state.top_frame, (AuctionFrame, ElectionFrame)):
            return 0
        n = 0
        for action in reversed(self._actions):
            if type(action) not in (Bid, Vote):
                break
            n += 1
        return n

    def can_undo(self, corp: str | None = None) -> bool:
        """Whether `undo(corp)` would take an action back now (None: the table's undo)."""
        if corp is not None:
            return self._can_undo_for(corp)
        return bool(self._actions) and not self._reveals[-1] and not self._sealed()

    def undo(self, corp: str | None = None) -> Action:
        """Take back the last action and return it.

        Raises IllegalAction when nothing can be taken back, when the last action revealed
        hidden information (a card drawn, bids or votes opened): what was seen cannot be unseen,
        or when it is a secret bid or vote in a contest still under way: only its own corp may
        take that back, through `game.undo(corp)` or `game.seat(corp).undo()` (ruling R16).
        With `corp`, only `corp`'s own last action is taken back.
        """
        if corp is not None:
            return self._undo_for(corp)
        if not self._actions:
            raise IllegalAction("there is nothing to undo")
        last = self._actions[-1]
        if self._sealed():
            raise IllegalAction(f"{last.corp}'s secret {last.kind} is hidden information: "
                                f"only {last.corp} itself may take it back (its own seat)")
        return self._take_back()

    def takeback_depth(self) -> int:
        """How many of the last actions the table (`undo()`) may take back one after another: back
        to the last one that revealed hidden information, or to a secret bid or vote (within that
        depth it is still sealed: only its own corp may take it back, `undo(corp)`)."""
        depth = 0
        for action, reveals in zip(reversed(self._actions), reversed(self._reveals)):
            if reveals or type(action) in (Bid, Vote):
                break
            depth += 1
        return depth

    def takeback_refusal(self, since: int) -> str:
        """Why the table may not take back the actions from index `since` on (`takeback_depth`
        stops short of it), in players' words: a reveal among them, else a secret bid or vote still
        sealed (ruling R16: only its own corp may take it back)."""
        if any(self._reveals[since:]):
            return ("since then hidden information was revealed (a card was drawn, or secret bids or votes "
                    "were opened), and what was seen cannot be unseen.")
        return "a secret bid or vote since then is still sealed, and only its own corp may take it back."

    def _can_undo_for(self, corp: str) -> bool:
        return bool(self._actions) and self._actions[-1].corp == corp and not self._reveals[-1]

    def _undo_for(self, corp: str) -> Action:
        """Undo through `corp`'s seat: only its own last action."""
        if not self._actions:
            raise IllegalAction("there is nothing to undo")
        if self._actions[-1].corp != corp:
            raise IllegalAction(f"the last action was not {corp}'s: a seat takes back only its own")
        return self._take_back()

    def _take_back(self) -> Action:
        if self._reveals[-1]:
            raise IllegalAction(f"cannot undo '{self._actions[-1]}': it revealed hidden information "
                                "(a card drawn, or secret bids or votes opened)")
        n = len(self._actions) - 1
        # back to the state the last action was applied to: a checkpoint, or rebuilt from the one before
        self._state = self._marks.pop() if not n % CHECKPOINT_EVERY else self.state_before(n)
        action = self._actions.pop()
        self._reveals.pop()
        log_start = self._log_starts.pop()
        del self._log[log_start:]
        self._built = min(self._built, log_start)
        self._decisions = None
        self._interrupts = {}
        self._undos += 1
        return action

    # --- what happened ------------------------------------------------------------------------

    @property
    def actions(self) -> list[Action]:
        """Every action applied since the start, in order. A secret bid or vote in a contest
        still under way appears as `Sealed(corp, "bid" / "vote")` until all are in."""
        out = list(self._actions)
        for i in range(len(out) - self._sealed(), len(out)):
            out[i] = Sealed(out[i].corp, out[i].kind)
        return out

    def applied(self) -> list[Applied]:
        """The record of every applied action, in order: the action, where its log lines start,
        and whether it revealed hidden information (see `Applied`)."""
        return list(map(Applied, self.actions, self._log_starts, self._reveals))

    def seat(self, corp: str):
        """The door for one corp (`megacorps.seat.Seat`): its view, its choices, its actions;
        nothing another corp hides."""
        from .seat import Seat
        return Seat(self, corp)

    def simulator(self):
        """A full-information copy of the current position for search (`Simulator`): stepped
        in place, unchecked, without a log. Changing it never changes this game."""
        from .simulator import Simulator
        return Simulator(self._state.fork())

    def states(self) -> list[GameState]:
        """Every state the game has been in, from its start to now (treat them as read-only).
        The states between checkpoints are rebuilt by replaying the actions: equal to the ones
        the game was in, not always the same objects."""
        actions, marks = self._actions, self._marks
        out: list[GameState] = []
        for i in range(len(actions)):
            out.append(marks[i // CHECKPOINT_EVERY] if not i % CHECKPOINT_EVERY else _replayed(out[-1], actions[i - 1]))
        out.append(self._state)
        return out

    def state_before(self, i: int) -> GameState:
        """The state action `i` (counted from 0 in `actions`) was applied to; `i = len(actions)`
        gives the current state. Treat it as read-only."""
        actions = self._actions
        if not 0 <= i <= len(actions):
            raise IndexError(f"no action {i}: the game has {len(actions)}")
        if i == len(actions):
            return self._state
        first = i - i % CHECKPOINT_EVERY
        state = self._marks[first // CHECKPOINT_EVERY]
        for action in actions[first:i]:
            state = _replayed(state, action)
        return state

    @property
    def log(self) -> list[LogEntry]:
        """The log, oldest first. Each entry's text is public; use `view(corp).log` for a
        corp's own reading (which adds its secrets, such as the cards it drew)."""
        return list(self._entries())

    def _entries(self) -> list[LogEntry]:
        """The log itself, its lines built as `LogEntry` values (steps keep their arguments)."""
        log = self._log
        if self._built < len(log):
            entries_of(log, self._built)
            self._built = len(log)
        return log

    def view(self, corp: str | None) -> CorpView:
        """What `corp` may see (None: a spectator)."""
        return build_view(self._state, corp, self._entries(), self.deciders)

    def preview(self, action: Action) -> str:
        """What `action` would do now, in game terms, without changing the game: the engine's
        sentence on it (`megacorps.previews`: a payout's amounts, a war's odds, what a card
        would change...) or else the public log lines it would write (what a card drawn or a die
        rolled would show stays unknown: the preview is of this position only). Raises
        IllegalAction as `apply` would."""
        self.check(action)
        said = previews.preview(self, action)
        if said:
            return said
        step = Step(self._state.fork())
        apply_action(step, action)
        lines = [entry.text for entry in entries_of(step.entries)]
        return " ".join(lines) if lines else public_text(action)

    def public_text(self, action: Action) -> str:
        """What every corp may read of `action` (never a secret bid, vote or traded card)."""
        return public_text(action)

    # --- the result ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._state.phase == "over"

    def scores(self) -> dict[str, int]:
        """Money of every corp still in the game (Winning: the money is the score)."""
        return {c: self._state.money[c] for c in self._state.playing}

    def winners(self) -> list[str]:
        """The corps with the most money (more than one: a shared win)."""
        scores = self.scores()
        best = max(scores.values())
        return [c for c, m in scores.items() if m == best]

    # --- reading the table ---------------------------------------------------------------------

    def money(self, corp: str) -> int:
        return self._state.money[corp]

    def mercenaries(self, corp: str) -> int:
        return self._state.mercenaries[corp]

    def hand(self, corp: str) -> list[str]:
        return list(self._state.hands[corp])

    def company_status(self, company: str) -> str:
        """A corp name, "unowned", "nationalized", "syndicalized" or "absent"."""
        return self._state.companies[company]

    def companies_of(self, corp: str) -> list[str]:
        return self._state.owned_by(corp)

    def controller(self, country: str) -> str | None:
        return self._state.controllers.get(country)

    def government(self, country: str) -> str | None:
        gov = self._state.governments.get(country)
        return gov.value if gov is not None else None

    @property
    def seats(self) -> list[str]:
        """Every corp in seating order (game protocol: a corp is a seat)."""
        return self.corps

    @property
    def corps(self) -> list[str]:
        return list(self._state.playing)

    @property
    def paid_holder(self) -> str | None:
        return self._state.paid

    @property
    def active_corp(self) -> str:
        return self._state.active

    @property
    def round(self) -> int:
        return self._state.round

    @property
    def deck_size(self) -> int:
        return len(self._state.deck)

    @property
    def board(self):
        return self._state.board

    # --- saving -----------------------------------------------------------------------------------

    def to_json(self, seat: str | None = "*") -> str:
        """The saved game: board, deck, starting position and every action (hidden parts sealed).
        With a corp's name (or None: a spectator), what that corp may keep instead: its view and
        its reading of the log, never another's hand or the deck order (it cannot be resumed)."""
        if seat == "*":
            from .saves import dump_game
            return dump_game(self)
        from .saves import dump_view
        return dump_view(self, seat)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """Load a saved game; raises BadSaveFile naming the bad entry."""
        from .saves import load_game
        return load_game(text)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (self._actions == other._actions
                and _full(self._start) == _full(other._start)
                and _full(self._state) == _full(other._state) and self._entries() == other._entries())

    def __repr__(self) -> str:
        s = self._state
        return f"<Game round {s.round}, {s.phase}: {describe_decision(s)}>"

    def _repr_mimebundle_(self, include=None, exclude=None):
        """In a notebook, a Game shows its board: the renderer is registered by the UI
        (`megacorps.kit.display`); the engine never imports it."""
        from .kit.display import mimebundle
        return mimebundle(self)


def _replayed(state: GameState, action: Action) -> GameState:
    """The state after `action`, applied again to a copy of `state` (the log it writes is dropped)."""
    step = Step(state.fork())
    apply_action(step, action)
    return step.state


def _full(state: GameState) -> tuple:
    return (state.model_dump(), state.frames)

