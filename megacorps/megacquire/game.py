"""`Game`: the one surface everything else talks to: who decides, the legal actions, the
checked door (`apply`), views per seat, the log, undo, previews, the result, saving.

Undo policy: a player may take back their own last action, and only one that revealed nothing
hidden: choosing a company, a survivor, the order of the defunct companies, selling or holding,
adding a certificate to the purchase, proposing or voting on the early end, unless it made a
tile dead (turned over and replaced). Playing a tile, playing none and ending the turn (which
draws) cannot be taken back.
"""
from __future__ import annotations

from .actions import (Action, BuyShare, ChooseDefunct, ChooseSurvivor, Dispose, EndTurn, Found, PlayTile,
                      ProposeEnd, Vote)
from .board import FOUNDS, GROWS, LONELY, MERGES, absorb, touching
from .log import BONUS, BUY, DEAD, DISPOSE, DRAW, FINAL, FOUND, SETUP, TRADE, LogEntry, joined, money
from .mergers import bonuses
from .options import Options
from .state import MegacquireState
from .tiles import play_problem, tile_outcome
from .turns import deciders, describe_decision, legal_actions, perform, problem
from .view import SeatView, build_view
from ..errors import IllegalAction
from ..kit.protocol import trailing_undoable

SOURCES = {BONUS: "bonuses", DISPOSE: "sales in mergers", FINAL: "final sale", FOUND: "founder's cash",
           TRADE: "stock traded in", BUY: "stock bought"}
"""What each kind of log line that moves money is called in `score_sources`."""
UNDOABLE = (Found, ChooseSurvivor, ChooseDefunct, Dispose, BuyShare, ProposeEnd, Vote)


class Game:
    """A game in progress: where it started, the actions applied since, what they did."""

    def __init__(self, start: MegacquireState, log: list[LogEntry] | None = None):
        self._start = start.copy_deep()
        self._start_log = list(log) if log else [
            LogEntry(start.round, SETUP, f"A game from a set position: {start.options.describe()}")]
        self._state = start.copy_deep()
        self._log = list(self._start_log)
        self._actions: list[Action] = []
        self._undoable: list[bool] = []

    # --- who decides, and what ----------------------------------------------------------------

    @property
    def state(self) -> MegacquireState:
        """A copy of the current state (everything, hidden tiles included: not for players)."""
        return self._state.copy_deep()

    @property
    def start(self) -> MegacquireState:
        """A copy of the position the game started from."""
        return self._start.copy_deep()

    @property
    def seats(self) -> list[str]:
        """The players in seating order."""
        return list(self._state.seats)

    @property
    def order(self) -> list[str]:
        """The playing order: the first player, then to the left."""
        return list(self._state.order)

    @property
    def options(self) -> Options:
        return self._state.options

    @property
    def seed(self) -> int:
        return self._start.seed

    @property
    def turn_order(self) -> list[str]:
        """The playing order: the first player, then to the left (L17)."""
        return list(self._state.order)

    def may_act_unasked(self, seat: str) -> bool:
        """Nobody acts unasked in MEGAcquire: even a dead tile is turned over by the engine, at
        once (ruling A2)."""
        return False

    @property
    def deciders(self) -> list[str]:
        """Who must decide now ([] when the game is over)."""
        return deciders(self._state)

    def decision_kind(self) -> str:
        """What kind of decision is under way, as a stable word (the phase: "play a tile", "name
        the new company", "choose the surviving company", ..., "game over" read as "over")."""
        phase = self._state.phase
        return "over" if phase.name == "OVER" else phase.value

    def has_decision(self, seat: str) -> bool:
        """Whether `seat` must decide now (nobody acts unasked in MEGAcquire)."""
        return seat in self.deciders

    @property
    def decision(self) -> str:
        return describe_decision(self._state)

    def legal_actions(self, seat: str | None = None) -> list[Action]:
        """Every legal action of `seat` now (None: of whoever decides); [] if none."""
        if seat is None:
            who = self.deciders
            return legal_actions(self._state, who[0]) if who else []
        return legal_actions(self._state, seat)

    def check(self, action: Action) -> None:
        """Raise IllegalAction, naming the action and why in game terms, unless it is legal now."""
        try:
            why = problem(self._state, action)
        except (TypeError, AttributeError, ValueError):
            why = "it is malformed (see megacquire.actions for each action's fields)"
        if why:
            try:
                named = str(action)
            except (TypeError, ValueError):  # a malformed action may not even print
                named = repr(action)
            raise IllegalAction(f"{named}: refused: {why}", rule=getattr(why, "rule", ""))

    def apply(self, action: Action) -> "Game":
        """Carry out `action`. Raises IllegalAction naming the action and the reason in game
        terms, and then the game is exactly as before."""
        self.check(action)
        log = self._log
        start = len(log)
        perform(self._state, log, action)
        self._actions.append(action)
        self._undoable.append(isinstance(action, UNDOABLE) and not any(
            e.secret or e.rule == DEAD for e in log[start:]))
        return self

    # --- undo -----------------------------------------------------------------------------------

    def can_undo(self, seat: str | None = None) -> bool:
        """Whether `seat` (None: the table, in hot-seat) may take back the last action (see the
        module's undo policy)."""
        return (bool(self._actions) and self._undoable[-1]
                and (seat is None or self._actions[-1].seat == seat))

    def takeback_depth(self) -> int:
        """How many of the last actions the table may take back one after another."""
        return trailing_undoable(self._undoable)

    def undo(self, seat: str | None = None) -> Action:
        """Take back the last action (`seat`'s own, when given) and return it. Raises
        IllegalAction saying why not."""
        if not self._actions:
            raise IllegalAction("nothing to undo: no action since the start")
        last = self._actions[-1]
        if seat is not None and last.seat != seat:
            raise IllegalAction(f"{seat} cannot undo: the last action is {last.seat}'s")
        if not self._undoable[-1]:
            raise IllegalAction(f"'{last}' cannot be undone: it showed what was hidden (a tile "
                                f"played or drawn, a hand with no tile to play)")
        actions = self._actions[:-1]
        self._state = self._start.copy_deep()
        self._log = list(self._start_log)
        self._actions, undoable = [], self._undoable[:-1]
        for action in actions:
            perform(self._state, self._log, action)
            self._actions.append(action)
        self._undoable = undoable
        return last

    # --- what happened --------------------------------------------------------------------------

    @property
    def actions(self) -> list[Action]:
        """Every action applied since the start (with the start, it replays the game)."""
        return list(self._actions)

    @property
    def log(self) -> list[LogEntry]:
        return list(self._log)

    def view(self, seat: str | None, log: bool = True) -> SeatView:
        """What `seat` may see (None: a spectator). Raises ValueError for an unknown seat."""
        return build_view(self._state, seat, self._log if log else None)

    def public_text(self, action: Action) -> str:
        """What the other players are told of `action` (every action is done in the open; the
        tile a player draws afterwards is not told)."""
        return str(action)

    def preview(self, action: Action) -> str:
        """What `action` would do now, in game terms, without changing the game (and without
        telling what the acting seat may not see: no tile drawn, no tile made dead elsewhere, no
        holdings the disclosure method hides). Raises IllegalAction if it is not legal."""
        self.check(action)
        s = self._state
        if isinstance(action, PlayTile):
            return _preview_tile(s, action.seat, s.options.geometry.index[action.tile])
        if isinstance(action, EndTurn) and not s.cart:
            return f"{action.seat} buys nothing{' and draws a tile' if s.played else ''}; then the next turn"
        trial = s.copy_deep()
        trial.supply = []  # a preview never draws: the supply's order stays unknown
        log: list[LogEntry] = []
        perform(trial, log, action)
        hidden = (DRAW, DEAD) if s.options.disclosure in (3, 4) else (DRAW, DEAD, BONUS, FINAL)
        lines = [e.text for e in log if e.rule not in hidden]
        if any(e.rule in (BONUS, FINAL) for e in log) and BONUS in hidden:
            lines.append("bonuses would be paid (the holdings are shown when it happens)")   # L91
        if isinstance(action, EndTurn) and s.played:
            lines.append(f"{action.seat} draws a tile")
        return "; ".join(lines) or str(action)

    # --- the result -----------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._state.over

    def scores(self) -> dict[str, int]:
        """Everyone's cash (the final result once the game is over)."""
        return dict(self._state.cash)

    def score_sources(self) -> dict[str, dict[str, int]]:
        """Where each player's cash came from, player -> {source: amount}: the starting cash, then
        what the log's lines moved (bonuses, sales in mergers, the final sale, the founder's cash,
        stock bought and traded in); the amounts add up to the cash (`scores()`)."""
        out = {p: {"starting cash": self._start.cash[p], **dict.fromkeys(SOURCES.values(), 0)}
               for p in self._start.seats}
        for entry in self._log:
            for p, amount in entry.money:
                out[p][SOURCES[entry.rule]] += amount
        return out

    def cash_by_round(self) -> list[tuple[int, dict[str, int]]]:
        """Everyone's cash over the game, replayed from the start: (round, cash) for each round
        so far, the cash as its latest action left it (the last round's, once the game is over,
        after the final sale). Hidden from nobody here: a page shows only the cash its seat may
        see (`view(seat).cash`, method 4: everyone's)."""
        state, log = self._start.copy_deep(), list(self._start_log)
        by_round = {state.round: dict(state.cash)}
        for action in self._actions:
            perform(state, log, action)
            by_round[state.round] = dict(state.cash)
        return sorted(by_round.items())

    def winners(self) -> list[str]:
        """The richest player, or those sharing the victory; [] while the game goes on."""
        return list(self._state.winners)

    # --- saving ---------------------------------------------------------------------------------

    def to_json(self, seat: str | None = "*") -> str:
        """"*": the full save (sealed: the start, hidden tiles included, and every action);
        a seat's name: that seat's record of the game (what it may see, not resumable);
        None: the public record."""
        from .saves import dump_game
        return dump_game(self, seat)

    @classmethod
    def from_json(cls, text: str | bytes) -> "Game":
        """Load a full save; raises BadSaveFile naming the bad entry."""
        from .saves import load_game
        return load_game(text)

    def __repr__(self) -> str:
        return f"<MEGAcquire game: {joined(self.seats)}; round {self._state.round}; {self.decision}>"


def _preview_tile(s: MegacquireState, seat: str, cell: int) -> str:
    """What playing the tile on `cell` would do."""
    o = s.options
    names = o.company_names
    tile = o.geometry.names[cell]
    why = play_problem(s, cell)
    if why:
        return f"{tile} cannot be played: {why}"
    kind = tile_outcome(s, cell)
    if kind == LONELY:
        return f"{tile} would stay unincorporated"
    trial = list(s.cells)
    companies = sorted(touching(trial, o.geometry.neighbours[cell])[0])
    if kind == FOUNDS:
        size = len(absorb(trial, o.geometry, cell, 0))
        free = joined([names[c] for c, n in enumerate(s.sizes) if not n])
        return (f"{tile} would found a company of {size} tiles (any of {free}); the founder gets a free "
                f"certificate, or its value in cash if the bank has none left")
    if kind == GROWS:
        c = companies[0]
        size = s.sizes[c] + len(absorb(trial, o.geometry, cell, c))
        return (f"{tile} would grow {names[c]} from {s.sizes[c]} to {size} tiles (a certificate "
                f"{money(o.prices[c][s.sizes[c]])} -> {money(o.prices[c][size])})")
    assert kind == MERGES
    largest = max(s.sizes[c] for c in companies)
    tied = [c for c in companies if s.sizes[c] == largest]
    survivor = tied[0]
    size = largest + len(absorb(trial, o.geometry, cell, survivor, frozenset(c for c in companies if c != survivor)))
    lines = [f"{tile} would merge {joined([f'{names[c]} ({s.sizes[c]})' for c in companies])}"]
    if len(tied) > 1:
        lines.append(f"{seat} would choose the survivor among {joined([names[c] for c in tied])}")
    else:
        lines.append(f"{names[survivor]} would survive with {size} tiles")
    shows_holdings = o.disclosure in (3, 4)
    for c in sorted(companies, key=lambda c: s.sizes[c]):
        if c == survivor or (len(tied) > 1 and c in tied):
            continue  # the survivor, or one of the largest, tied, whose fate the merge maker decides
        n = s.sizes[c]
        text = (f"{names[c]} defunct at {n} tiles: majority bonus {money(o.majority_bonus[c][n])}, minority "
                f"{money(o.minority_bonus[c][n])}, stock sells at {money(o.prices[c][n])}")
        if shows_holdings:
            paid = bonuses({p: s.holdings[p][c] for p in s.order}, o.majority_bonus[c][n], o.minority_bonus[c][n])
            text += f" (paid: {joined([f'{p} {money(a)}' for p, a in paid.items()]) if paid else 'nobody holds any'})"
        lines.append(text)
    return "; ".join(lines)

