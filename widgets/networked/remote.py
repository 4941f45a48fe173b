"""`RemoteTable`: a `TableSource` (widgets/megacorps_app/source.py) for a table held by the table
service, so that the app's own table renders one seat of it (or the projector's view).

The page's kernel never holds the table's `mc.Game`: only what the service sent to this seat
(its view, its choices, the public table, the log and the public record of each action).
`here` is that one seat ([] for a spectator). The service runs the bots and keeps the game; the
seat's page (widgets/networked/shell_pages.py `TableShell`) sends its moves.
"""
from __future__ import annotations

import megacorps as mc
from megacorps.tables import RemoteSeat, Spectator

from ..megacorps_app.source import HUMAN, Entry, Results, Step, TableSource


class RemoteTable(TableSource):
    """One seat (a `RemoteSeat`) or the projector (a `Spectator`) of a table on the service."""

    def __init__(self, follower: RemoteSeat | Spectator):
        self.follower = follower
        self.corp: str | None = follower.state["corp"]
        self._version = 0
        self._cache: dict = {}
        self._take()

    def _take(self) -> None:
        """Take what the service last sent (after a push or an action)."""
        self._taken = self.follower.state
        self.corps = list(self.follower.public_game().state.corps)
        self.seats = {c: self.follower.players.get(c, HUMAN) for c in self.corps}
        self._version += 1
        self._cache.clear()

    def sync(self) -> None:
        """Take what the service sent since the last look, if anything (a page that reads this
        table on each redraw: MegaCorps' seat page)."""
        if self.follower.state is not self._taken:
            self._take()

    def changed(self) -> None:
        """The service pushed an update (or answered this seat's action): take it."""
        self._take()

    def _cached(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    # --- who is here ---------------------------------------------------------------------------

    @property
    def here(self) -> list[str]:
        return [self.corp] if self.corp else []

    @property
    def version(self) -> int:
        return self._version

    @property
    def humans(self) -> list[str]:
        """The human players at this screen: this seat only. The other human seats play at
        their own screens, so the table here needs no "pass the screen" gate for secret bids
        and keeps this seat's hand shown, as for a lone human at a hot-seat table."""
        return self.here

    # --- what may be seen --------------------------------------------------------------------

    def public_game(self) -> mc.Game:
        return self.follower.public_game()

    def deciders(self) -> list[str]:
        return list(self.follower.state["view"]["deciders"])

    def view(self, corp: str) -> mc.CorpView:
        self._check_here(corp)
        return self._cached("view", self.follower.view)

    def legal_actions(self, corp: str) -> list[mc.Action]:
        self._check_here(corp)
        return self._cached("legal", self.follower.legal_actions)

    def may_offer_trades(self, corp: str) -> bool:
        return corp in self.here and self.follower.may_offer_trades()

    def _check_here(self, corp: str) -> None:
        if corp not in self.here:
            raise ValueError(f"{corp} is not played at this screen")

    def log_entries(self) -> list[Entry]:
        def build():
            return [Entry(i, info[0], text, info[1], info[2], info[3], info[4], info[5] or "")
                    for i, (text, info) in enumerate(zip(self.follower.log, self.follower.log_info()))]
        return self._cached("log", build)

    def money_history(self) -> tuple[list[int], dict[str, list[int]]]:
        history = self.follower.money_by_round()
        rounds = sorted(history)
        xs = list(rounds)
        series = {c: [history[r].get(c, 0) for r in rounds] for c in self.corps}
        if self.follower.is_over:
            xs.append((rounds[-1] if rounds else 0) + 1)
            money = self.public_game().state.money
            for c in series:
                series[c].append(money[c])
        return xs, series

    def timeline(self) -> list[Step]:
        def build():
            entries: dict[int, list[Entry]] = {}
            for e in self.log_entries():
                entries.setdefault(e.step, []).append(e)
            start = dict(self.follower.money_by_round().get(0) or {c: 0 for c in self.corps})
            steps, before = [], start
            for i, (rnd, corp, kind, text, money, controllers, companies) in enumerate(self.follower.steps()):
                steps.append(Step(i, rnd, corp, kind, text, tuple(entries.get(i, ())), dict(before), dict(money),
                                  dict(controllers), dict(companies)))
                before = money
            return steps
        return self._cached("timeline", build)

    def results(self) -> Results | None:
        if not self.follower.is_over:
            return None
        lines = [e.text for e in self.log_entries() if e.rule == "Game End"]
        scores = dict(sorted(self.follower.scores().items(), key=lambda kv: -kv[1]))
        return Results(lines, scores, self.follower.winners())

    # --- the bots (the service moves them) -------------------------------------------------

    def bots_to_move(self) -> bool:
        """Whether bots (played by the service) must decide now: the page shows it is busy."""
        return any(self.seats.get(c, HUMAN) != HUMAN for c in self.deciders()) and not self.follower.is_over
