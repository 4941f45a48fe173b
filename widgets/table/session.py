"""A game at the table: which seats are humans and which are bots, the bots themselves, undo
that takes back the bots' replies too, and the money of every corp round by round.

No ipywidgets here: the widgets in `widgets/table/table.py` and `widgets/table/app.py` render a Session
and turn clicks into its calls (logic apart from widgets).
"""
from __future__ import annotations

from dataclasses import dataclass

import megacorps as mc
from megacorps.bots import LEVELS

HUMAN = "Human"
PLAYER_KINDS = (HUMAN, *LEVELS)


@dataclass(frozen=True)
class Results:
    """The end of the game: final payout lines (from the log), scores and winners."""

    final_payouts: list[str]
    scores: dict[str, int]
    winners: list[str]

    @property
    def is_draw(self) -> bool:
        return len(self.winners) > 1


class Session:
    """One game and the players in its seats (`seats`: corp -> "Human" or a bot level)."""

    def __init__(self, game: mc.Game, seats: dict[str, str], seed: int | None = 0):
        unknown = [p for p in seats.values() if p not in PLAYER_KINDS]
        if unknown:
            raise ValueError(f"unknown player kind {unknown[0]!r}: choose one of {', '.join(PLAYER_KINDS)}")
        self.game = game
        self.seats = {c: seats.get(c, HUMAN) for c in game.state.corps}
        base = 1000 * (seed or 0)
        self.bots = {c: LEVELS[p](seed=base + i) for i, (c, p) in enumerate(self.seats.items())
                     if p != HUMAN}
        self.history: dict[int, dict[str, int]] = {}
        self.final: dict[str, int] | None = None
        self._rebuild_history()

    @classmethod
    def new(cls, seats: dict[str, str], seed: int | None) -> "Session":
        """A new game for the corps of `seats`, in that order (raises ValueError for a bad list)."""
        return cls(mc.new_game(list(seats), seed=seed), seats, seed)

    # --- who decides ----------------------------------------------------------------------------

    def is_human(self, corp: str) -> bool:
        return self.seats.get(corp) == HUMAN

    @property
    def humans(self) -> list[str]:
        return [c for c in self.game.corps if self.is_human(c)]

    def human_deciders(self) -> list[str]:
        return [c for c in self.game.deciders if self.is_human(c)]

    def bot_deciders(self) -> list[str]:
        return [c for c in self.game.deciders if c in self.bots]

    # --- moving play on ---------------------------------------------------------------------------

    def apply(self, action: mc.Action) -> None:
        """Apply a human's action (raises mc.IllegalAction saying why)."""
        self.game.apply(action)
        self._record()

    def bot_step(self) -> mc.Action | None:
        """Let one bot that must decide now make its choice; None when no bot must decide."""
        waiting = self.bot_deciders()
        if not waiting or self.game.is_over:
            return None
        corp = waiting[0]
        action = self.bots[corp].choose(self.game, corp)
        self.game.apply(action)
        self._record()
        return action

    def undo(self) -> list[mc.Action]:
        """Take back actions up to and including the last one a human took (bots' replies would
        otherwise be replayed at once). Raises mc.IllegalAction when nothing can be taken back,
        or when the way back crosses hidden information (a card drawn, bids opened); then
        nothing changes."""
        undone = [self.game.undo()]
        while not self.is_human(undone[-1].corp):
            if not self.game.can_undo():
                # stuck behind a draw or opened bids: put the bots' moves back as they were
                for action in reversed(undone):
                    self.game.apply(action)
                self._record()
                raise mc.IllegalAction("cannot take back the last human action: what happened "
                                       "since revealed hidden information (a card drawn, or "
                                       "secret bids or votes opened)")
            undone.append(self.game.undo())
        self._trim_history()
        return undone

    # --- money over time --------------------------------------------------------------------------

    def _record(self) -> None:
        game = self.game
        self._trim_history()
        self.history[game.round] = dict(game.state.money)
        if game.is_over:
            self.final = game.scores()

    def _trim_history(self) -> None:
        game = self.game
        for r in [r for r in self.history if r > game.round]:
            del self.history[r]
        if not game.is_over:
            self.final = None
        self.history[game.round] = dict(game.state.money)

    def _rebuild_history(self) -> None:
        """Money at the end of each round so far, from the states the game went through (a
        loaded game arrives without the app's history)."""
        for state in self.game.states():
            self.history[state.round] = dict(state.money)
        self._record()

    def money_series(self) -> tuple[list[int], dict[str, list[int]]]:
        """x (rounds; one more point after the final payouts) and each corp's money."""
        rounds = sorted(self.history)
        xs = list(rounds)
        series = {c: [self.history[r].get(c, 0) for r in rounds] for c in self.game.state.corps}
        if self.final is not None:
            xs.append((rounds[-1] if rounds else 0) + 1)
            for c in series:
                series[c].append(self.game.state.money[c])
        return xs, series

    # --- the end ----------------------------------------------------------------------------------

    def results(self) -> Results | None:
        game = self.game
        if not game.is_over:
            return None
        lines = [e.text for e in game.log if e.rule == "Game End"]
        scores = dict(sorted(game.scores().items(), key=lambda kv: -kv[1]))
        return Results(lines, scores, game.winners())
