"""The hot-seat table as MegaCorps' table widgets read it: `HotSeatTable`, a `TableSource`
(widgets/megacorps_app/source.py) over the page shell's game (widgets/shell/page.py).

The shell holds the game, who plays each seat, the bots and their reasons, and makes every move
(a human's through `Shell.act`, a bot's through `Shell.bot_step`), takes back, saves; this class
only answers what the board, the decision panel, the log and the charts ask, for the seats at this
screen, from the shell's game. Its `version` is the shell's: every cache here is keyed on it.

No ipywidgets here (logic apart from widgets).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import megacorps as mc
from megacorps.explain import public_text   # the engine's one wording of what every corp may read

from .source import HUMAN, Entry, Results, Step, TableSource, public_state

if TYPE_CHECKING:  # pragma: no cover
    from widgets.shell.page import Shell

# A bot's reason for a secret bid or vote names its amount or its choice: shown once all are in.
SEALED_REASON = "(its reason is shown once every choice is in)"


class HotSeatTable(TableSource):
    """The shell's game, its seats (`shell.players`: corp -> "Human" or a bot level) and its bots'
    reasons, for the humans at this screen."""

    def __init__(self, shell: "Shell"):
        self.shell = shell
        self._cache: dict = {}
        self._cached_at: int | None = None

    # --- who is here ------------------------------------------------------------------------------

    @property
    def game(self) -> mc.Game:
        return self.shell.game

    @property
    def corps(self) -> list[str]:
        return list(self.game.state.corps)

    @property
    def seats(self) -> dict[str, str]:
        return dict(self.shell.players)

    @property
    def here(self) -> list[str]:
        return self.humans

    @property
    def version(self) -> int:
        return self.shell.version

    @property
    def reasons(self) -> list[tuple[str, str] | None]:
        """Per action: (the bot's level, its reason) when a bot took it with a reason, else None."""
        return self._cached("reasons", self._reasons)

    def _reasons(self) -> list[tuple[str, str] | None]:
        out: list[tuple[str, str] | None] = [None] * len(self.game.actions)
        for _at, text, step in self.shell.reasons:
            if step is not None and step < len(out):
                corp = self.game.actions[step].corp
                level = self.shell.players.get(corp, HUMAN)
                # a saved game may give a bot's seat to a human: its reasons then read "(a bot)"
                out[step] = (level if level != HUMAN else "a", text)
        return out

    def _cached(self, key, make):
        if self._cached_at != self.version:
            self._cache.clear()
            self._cached_at = self.version
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    # --- what may be seen -------------------------------------------------------------------------

    def public_game(self) -> mc.Game:
        return self._cached("public", lambda: mc.Game(public_state(self.game.state)))

    def deciders(self) -> list[str]:
        return self.game.deciders

    def _check_here(self, corp: str) -> None:
        if corp not in self.here:
            raise ValueError(f"{corp} is not played at this screen")

    def view(self, corp: str) -> mc.CorpView:
        self._check_here(corp)
        return self.game.view(corp)

    def legal_actions(self, corp: str) -> list[mc.Action]:
        self._check_here(corp)
        return self.game.legal_actions(corp)

    def may_offer_trades(self, corp: str) -> bool:
        return self.game.may_offer_trades(corp)

    def log_entries(self) -> list[Entry]:
        return self._cached("log", self._build_log)

    def _build_log(self) -> list[Entry]:
        game = self.game
        marks = [done.log_start for done in game.applied()] + [len(game.log)]
        actions, reasons = game.actions, self.reasons
        out = []
        step = -1
        for i, e in enumerate(game.log):
            while step + 1 < len(actions) and marks[step + 1] <= i:
                step += 1
            by = actions[step].corp if step >= 0 else None
            bot = reason = None
            if 0 <= step < len(reasons) and reasons[step]:
                bot, reason = reasons[step]
                if isinstance(actions[step], mc.NoCard):
                    # "no card" writes nothing of its own: the lines of its step are the payout
                    # it let happen, and a reason under them read as if the bot chose those
                    reason = None
                elif isinstance(actions[step], mc.Sealed):
                    reason = SEALED_REASON
            out.append(Entry(i, e.round, e.text, e.rule, step, by, bot, reason or ""))
        return out

    def money_history(self) -> tuple[list[int], dict[str, list[int]]]:
        return self._cached("money", self._money_history)

    def _money_history(self) -> tuple[list[int], dict[str, list[int]]]:
        game = self.game
        history: dict[int, dict[str, int]] = {}
        for state in game.states():
            history[state.round] = dict(state.money)
        rounds = sorted(history)
        xs = list(rounds)
        series = {c: [history[r].get(c, 0) for r in rounds] for c in self.corps}
        if game.is_over:
            # the last round's point before the final payouts, then the final money
            before_end = [s for s in game.states() if s.phase != "over"]
            if before_end and rounds:
                for c in series:
                    series[c][-1] = before_end[-1].money.get(c, 0)
            xs.append((rounds[-1] if rounds else 0) + 1)
            for c in series:
                series[c].append(game.state.money[c])
        return xs, series

    def timeline(self) -> list[Step]:
        return self._cached("timeline", self._build_timeline)

    def _build_timeline(self) -> list[Step]:
        game = self.game
        states = game.states()
        by_step: dict[int, list[Entry]] = {}
        for e in self.log_entries():
            by_step.setdefault(e.step, []).append(e)
        steps = []
        for i, action in enumerate(game.actions):
            before, after = states[i], states[i + 1]
            steps.append(Step(i, before.round, action.corp, action.kind, public_text(action),
                              tuple(by_step.get(i, ())), dict(before.money), dict(after.money),
                              dict(after.controllers), dict(after.companies)))
        return steps

    def results(self) -> Results | None:
        game = self.game
        if not game.is_over:
            return None
        lines = [e.text for e in game.log if e.rule == "Game End"]
        scores = dict(sorted(game.scores().items(), key=lambda kv: -kv[1]))
        return Results(lines, scores, game.winners())

    # --- the bots (the shell moves them) ------------------------------------------------------

    def bots_to_move(self) -> bool:
        return any(c in self.shell.bots for c in self.game.deciders) and not self.game.is_over
