"""The hot-seat table: one game in this kernel, every human seat at this screen, the bots
moving here. `Session` implements `TableSource` (widgets/megacorps_app/source.py).

No ipywidgets here: the widgets in widgets/megacorps_app/ render a TableSource and turn clicks into
its calls (logic apart from widgets).
"""
from __future__ import annotations

import random
import megacorps as mc
from megacorps.explain import public_text   # the engine's one wording of what every corp may read
from megacorps.bots import LEVELS, next_move
from widgets.shell.takeback import take_back, undo_offer

from . import storage
from .source import HUMAN, BotMove, Entry, Results, Step, TableSource, UndoOffer, public_state

PLAYER_KINDS = (HUMAN, *LEVELS)


def fresh_seed() -> int:
    """A seed for a new game when the player sets none."""
    return random.SystemRandom().randint(1, 999_999)


class Session(TableSource):
    """One game and the players in its seats (`seats`: corp -> "Human" or a bot level).

    `reasons[i]` is (level, reason) for the i-th action when a bot took it, else None.
    `table_id` names the table's autosave file (widgets/megacorps_app/storage.py); None: no autosave.
    """

    def __init__(self, game: mc.Game, seats: dict[str, str], seed: int | None = None,
                 reasons: list | None = None, table_id: str | None = None):
        unknown = [p for p in seats.values() if p not in PLAYER_KINDS]
        if unknown:
            raise ValueError(f"unknown player kind {unknown[0]!r}: choose one of {', '.join(PLAYER_KINDS)}")
        self.game = game
        self.corps = list(game.state.corps)
        self.seats = {c: seats.get(c, HUMAN) for c in self.corps}
        self.seed = seed
        base = 1000 * (seed or 0)
        self.bots = {c: LEVELS[p](seed=base + i) for i, (c, p) in enumerate(self.seats.items())
                     if p != HUMAN}
        n = len(game.actions)
        self.reasons: list = list(reasons or [])[:n] + [None] * max(0, n - len(reasons or []))
        self.table_id = table_id
        self._version = 0
        self._cache: dict = {}

    @classmethod
    def new(cls, seats: dict[str, str], seed: int | None = None, table_id: str | None = None) -> "Session":
        """A new game for the corps of `seats`, in that order; a fresh seed unless one is given
        (raises ValueError for a bad list)."""
        seed = fresh_seed() if seed is None else seed
        return cls(mc.new_game(list(seats), seed=seed), seats, seed, table_id=table_id)

    # --- TableSource: who is here ------------------------------------------------------------

    @property
    def here(self) -> list[str]:
        return self.humans

    @property
    def version(self) -> int:
        return self._version

    def _changed(self) -> None:
        self._version += 1
        self._cache.clear()
        if self.table_id is not None:
            storage.autosave(self)
        self._notify()

    def _cached(self, key, make):
        if key not in self._cache:
            self._cache[key] = make()
        return self._cache[key]

    # --- TableSource: what may be seen ------------------------------------------------------

    def public_game(self) -> mc.Game:
        return self._cached("public", lambda: mc.Game(public_state(self.game.state)))

    def deciders(self) -> list[str]:
        return self.game.deciders

    def bot_deciders(self) -> list[str]:
        return [c for c in self.game.deciders if c in self.bots]

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
        log = game.log
        marks = [done.log_start for done in game.applied()] + [len(log)]
        actions = game.actions
        out = []
        step = -1
        for i, e in enumerate(log):
            while step + 1 < len(actions) and marks[step + 1] <= i:
                step += 1
            by = actions[step].corp if step >= 0 else None
            bot = reason = None
            if step >= 0 and step < len(self.reasons) and self.reasons[step]:
                bot, reason = self.reasons[step]
                if isinstance(actions[step], mc.NoCard):
                    # "no card" writes nothing of its own: the lines of its step are the payout
                    # it let happen, and a reason under them read as if the bot chose those
                    reason = None
                elif isinstance(actions[step], mc.Sealed):
                    # a secret bid or vote still under way: its reason names the amount or the
                    # choice, so it waits until every choice is in and they are revealed
                    reason = "(its reason is shown once every choice is in)"
            out.append(Entry(i, e.round, e.text, e.rule, step, by, bot, reason or ""))
        return out

    def money_history(self) -> tuple[list[int], dict[str, list[int]]]:
        def build():
            history: dict[int, dict[str, int]] = {}
            for state in self.game.states():
                history[state.round] = dict(state.money)
            rounds = sorted(history)
            xs = list(rounds)
            series = {c: [history[r].get(c, 0) for r in rounds] for c in self.corps}
            if self.game.is_over:
                # the last round's point before the final payouts, then the final money
                before_end = [s for s in self.game.states() if s.phase != "over"]
                if before_end and rounds:
                    for c in series:
                        series[c][-1] = before_end[-1].money.get(c, 0)
                xs.append((rounds[-1] if rounds else 0) + 1)
                for c in series:
                    series[c].append(self.game.state.money[c])
            return xs, series
        return self._cached("money", build)

    def timeline(self) -> list[Step]:
        return self._cached("timeline", self._build_timeline)

    def _build_timeline(self) -> list[Step]:
        game = self.game
        states = game.states()
        entries = self.log_entries()
        by_step: dict[int, list[Entry]] = {}
        for e in entries:
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

    # --- TableSource: acting ------------------------------------------------------------------

    def apply(self, action: mc.Action) -> None:
        """Apply a human's action (raises mc.IllegalAction saying why)."""
        corp = getattr(action, "corp", None)
        if corp in self.bots:
            raise mc.IllegalAction(f"{corp} is played by a bot ({self.seats[corp]})")
        self.game.apply(action)
        self.reasons.append(None)
        self._changed()

    def bots_to_move(self) -> bool:
        return bool(self.bot_deciders()) and not self.game.is_over

    def bot_step(self) -> BotMove | None:
        """Let one bot act (its decision, or something it does unasked); None when no bot
        has anything to do now."""
        if self.game.is_over or not self.bots:
            return None
        move = next_move(self.game, self.bots)
        if move is None:
            return None
        corp, decision = move
        self.game.apply(decision.action)
        self.reasons.append((self.seats[corp], decision.reason))
        self._changed()
        return BotMove(corp, self.seats[corp], decision.action, decision.reason)

    def undo_offer(self) -> UndoOffer:
        return self._cached("undo", self._undo_offer)

    def _undo_offer(self) -> UndoOffer:
        """The shell's answer (widgets/shell/takeback.py), the first human to decide being the one
        at the screen."""
        humans_now = self.human_deciders()
        return undo_offer(self.game, self.humans, humans_now[0] if humans_now else None, self.bots_to_move())

    def undo(self, confirmed_by: str | None = None) -> list[str]:
        offer = self.undo_offer()
        if offer.possible and offer.needs is not None and confirmed_by != offer.needs:
            raise mc.IllegalAction(f"only {offer.needs} may agree to take back its own action")
        taken = take_back(self.game, offer)
        del self.reasons[len(self.reasons) - len(taken):]
        self._changed()
        return list(offer.takes_back)

    # --- saving --------------------------------------------------------------------------------

    def save_file(self) -> tuple[str, bytes]:
        return storage.sealed_save(self)
