"""A seat (or a spectator) of a table held by the table service, shaped like the hot-seat
`Session` so that the existing table widgets (widgets/table/) render it unchanged.

This is the smallest adapter on what the app has today: the page's kernel never holds the
`mc.Game` of the table, only what the service sent to this seat (its view, its choices, the
public table, the log). `SeatGame` is a `mc.Game` over the public table with this seat's own
hand put back; it answers `legal_actions`, `view` and `may_offer_trades` for this seat from the
service and has nothing for any other seat. When the app renders from a seat-facing source
(issue 9), this becomes that source's remote implementation.
"""
from __future__ import annotations

from typing import NamedTuple

import megacorps as mc
from megacorps.log import LogEntry
from megacorps.tables import RemoteSeat, Spectator, TableMoved

from ..table.session import HUMAN, Results


class Made(NamedTuple):
    """An action of the table as the page knows it: who made it (its content stays on the
    service; the log says what it did)."""

    corp: str | None


class SeatGame(mc.Game):
    """The table as one seat may know it (see the module docstring)."""

    def __init__(self, follower: RemoteSeat | Spectator):
        corp = follower.state["corp"]
        state = follower.public_game().state.clone()
        if corp is not None:
            state.put("hands", corp, list(follower.view().hand))
        super().__init__(state)
        self._follower, self._corp = follower, corp
        info = follower.log_info()
        self._log = [LogEntry(i[0], text, i[1]) for text, i in zip(follower.log, info)]
        by_step = {i[2]: i[3] for i in info if i[2] >= 0}
        self._made = [Made(by_step.get(step)) for step in range(follower.at)]
        self._view = follower.view()

    @property
    def actions(self) -> list:
        return list(self._made)

    @property
    def deciders(self) -> list[str]:
        return list(self._view.deciders)

    @property
    def decision(self) -> str:
        return self._view.decision

    def legal_actions(self, corp: str | None = None) -> list[mc.Action]:
        if corp is not None and corp == self._corp:
            return self._follower.legal_actions()
        return []

    def interruptions(self, corp: str) -> list[mc.Action]:
        return []

    def may_offer_trades(self, corp: str) -> bool:
        return corp == self._corp and self._follower.may_offer_trades()

    def view(self, corp: str | None) -> mc.CorpView:
        if corp == self._corp:
            return self._view
        return super().view(corp)  # the public table (no hand: only this seat's is known here)

    def can_undo(self) -> bool:
        return False

    def apply(self, action: mc.Action):
        raise mc.IllegalAction("actions go through the table service")

    def undo(self):
        raise mc.IllegalAction("a move sent to the table is a move made: there is no undo")


class RemoteSession:
    """What the table widgets need of a `Session`, for one seat at this screen (`corp`) or for
    a spectator (no seat)."""

    def __init__(self, follower: RemoteSeat | Spectator):
        self.follower = follower
        self.corp: str | None = follower.state["corp"]
        self.refresh()

    def refresh(self) -> None:
        """Take what the service last sent."""
        self.seats = self.follower.players
        self.game = SeatGame(self.follower)

    def is_human(self, corp: str) -> bool:
        return corp == self.corp

    @property
    def humans(self) -> list[str]:
        """Only this seat's player is at this screen."""
        return [self.corp] if self.corp else []

    def human_deciders(self) -> list[str]:
        return [c for c in self.game.deciders if c == self.corp]

    def bot_deciders(self) -> list[str]:
        return [c for c in self.game.deciders if self.seats.get(c, HUMAN) != HUMAN]

    def others_deciding(self) -> list[str]:
        return [c for c in self.game.deciders if c != self.corp]

    def apply(self, action: mc.Action) -> None:
        """Send this seat's action. Raises mc.IllegalAction with the engine's reason, or when
        the table moved on meanwhile (then this seat sees the new position)."""
        try:
            self.follower.apply(action)
        except TableMoved as moved:
            self.refresh()
            raise mc.IllegalAction(str(moved)) from None
        self.refresh()

    def bot_step(self):
        return None  # the service runs the bots

    def money_series(self) -> tuple[list[int], dict[str, list[int]]]:
        history = self.follower.money_by_round()
        rounds = sorted(history)
        xs = list(rounds)
        corps = self.game.state.corps
        series = {c: [history[r].get(c, 0) for r in rounds] for c in corps}
        if self.follower.is_over:
            xs.append((rounds[-1] if rounds else 0) + 1)
            scores = self.follower.scores() or {}
            for c in series:
                series[c].append(scores.get(c, self.game.state.money[c]))
        return xs, series

    def results(self) -> Results | None:
        if not self.follower.is_over:
            return None
        lines = [e.text for e in self.game.log if e.rule == "Game End"]
        scores = dict(sorted(self.follower.scores().items(), key=lambda kv: -kv[1]))
        return Results(lines, scores, self.follower.winners())
