"""A table in play: the game (replayed from the database), its bots, who is connected, and the
one door through which every action passes (checked by the engine, appended to the database,
then applied and pushed to every connected seat and spectator).

Never a rule here, and never a game's name: the game is found in the kit's registry by the
table's `game` column; legality, views and hidden information are its engine's, and what the
pages draw comes from the game's `TableParts` (megacorps/kit/tables.py).
"""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field

from megacorps import kit
from megacorps.errors import IllegalAction
from megacorps.kit.bots import Decision, next_move

from .store import Conflict, Store, TableRecord

log = logging.getLogger(__name__)

HUMAN = "Human"


def bot_seed(table_seed: int, position: int) -> int:
    """The seed of the bot at seat `position` (0: the first seat, clockwise), derived from the
    table's: a table of bots opened with a seed plays the same game every time (for bots that
    think for a fixed number of draws, not for a time: docs/tables.md)."""
    return table_seed * 1000 + position


class Refused(Exception):
    """An action or request the table will not take; `kind` says which, the message why."""

    def __init__(self, kind: str, reason: str, status: int = 422, **extra):
        super().__init__(reason)
        self.kind, self.reason, self.status, self.extra = kind, reason, status, extra

    def body(self) -> dict:
        return {"ok": False, "error": self.kind, "reason": self.reason, **self.extra}


@dataclass(eq=False)
class Listener:
    """One connected client (a websocket): the corp it plays (None: a spectator), how much of
    the log it already has, and a flag raised on every change (bursts are coalesced)."""

    corp: str | None
    log_sent: int = 0
    steps_sent: int = 0
    late_sent: set = field(default_factory=set)   # log lines whose late reason it already has
    changed: asyncio.Event = field(default_factory=asyncio.Event)


class LiveTable:
    """One table held in memory, rebuilt from its database record."""

    def __init__(self, record: TableRecord, store: Store, bot_pause: float = 0.0):
        self.id = record.id
        self.name = record.name
        self.seed = record.seed
        self.store = store
        self.bot_pause = bot_pause
        self.status = record.status
        self.players = dict(record.players)
        self.spec = kit.get(record.game)
        self.parts = self.spec.table_parts
        self.levels = self.spec.bot_levels()
        self.lock = asyncio.Lock()
        self.listeners: set[Listener] = set()
        self._changed = asyncio.Event()
        self._bot_task: asyncio.Task | None = None
        self.broken: str | None = None
        self._replay(record)

    # --- rebuilding from the database ----------------------------------------------------------

    def _replay(self, record: TableRecord) -> None:
        self.game = self.spec.new_game(record.corps, seed=record.seed, options=record.options)
        self.bots = self._make_bots()
        self.history: dict[int, dict[str, int]] = {}
        self.log_steps: list[int] = [-1] * len(self.game.log)   # per log line: the action behind it
        self.made_by: list[tuple[str, str]] = []                 # per action: (player, reason)
        # actions whose bot's reason was hidden when made (a note card face down): each line is sent
        # once, so once such a reason is public it is sent again, for its lines (`_late_reasons`)
        self.withheld: set[int] = set()
        self.steps: list[list] = []                              # per action: its public record
        self._record_money()
        for i, row in enumerate(record.actions):
            try:
                self._apply(self.spec.action_from_dict(row["action"]), row["by"], row["reason"])
            except (ValueError, TypeError) as err:
                self.broken = f"action {i} of this table no longer replays: {err}"
                log.error("table %s: %s", self.id, self.broken)
                break
        n = len(self.game.actions)
        self.since = {c: n for c in self.game.seats}
        self._fingerprints = {c: self._fingerprint(c) for c in self.game.seats}

    def _make_bots(self) -> dict:
        """A bot for each seat a bot level plays: the one already playing it when its level is
        unchanged (a hand-over of another seat leaves its draws and memory as they were), else
        a new one seeded from the table's seed."""
        playing = getattr(self, "bots", {})
        return {c: playing[c] if type(playing.get(c)) is self.levels[p] else self.levels[p](seed=bot_seed(self.seed, i))
                for i, (c, p) in enumerate(self.players.items()) if p != HUMAN}

    def catch_up(self) -> bool:
        """Another writer (another service process) appended to this table: replay what it
        added, each action marking the seats it changed as after one of our own. Returns
        whether there was anything."""
        rows = self.store.actions_since(self.id, len(self.game.actions))
        for row in rows:
            action = self.spec.action_from_dict(row["action"])
            self._apply(action, row["by"], row["reason"])
            self._mark_changed(action)
        return bool(rows)

    async def sync(self) -> None:
        """Another process changed this table (its actions, status or players): take it from
        the database and push it to the seats connected here."""
        async with self.lock:
            moved = self.catch_up()
            status, players = self.store.table_state(self.id)
            changed = moved or status != self.status or players != self.players
            self.status = status
            if players != self.players:
                self.players = players
                self.bots = self._make_bots()
        if changed:
            self._notify()
            self.start_bots()

    # --- what a seat and a spectator receive ---------------------------------------------------

    @property
    def at(self) -> int:
        """The position: how many actions have been applied."""
        return len(self.game.actions)

    def _apply(self, action, by: str, reason: str) -> None:
        """Apply an action to the live game and note who made it and which log lines it wrote."""
        step = len(self.game.actions)
        round_before = self.parts.round(self.game)
        said = self.game.public_text(action)   # before: a game may tell an action by the decision it answers
        self.game.apply(action)
        self.made_by.append((by, reason))
        if reason and by != HUMAN and not self.parts.reason_is_public(self.game, step):
            self.withheld.add(step)
        self.steps.append(self.parts.step_record(self.game, action, round_before, said))
        self.log_steps += [step] * (len(self.game.log) - len(self.log_steps))
        self._record_money()

    def _late_reasons(self, before: int) -> list[list]:
        """[log line, the bot's reason] for each line before `before` whose reason was hidden when
        the line was sent and is public now (a note card revealed: its bot's reason may be read)."""
        public = {step for step in self.withheld if self.parts.reason_is_public(self.game, step)}
        if not public:
            return []
        return [[i, self.made_by[at][1]] for i, at in enumerate(self.log_steps[:before]) if at in public]

    def _log_info(self, start: int) -> list[list]:
        """Per log line from `start`: [round, rule, action index (-1: setup), corp, bot level
        or None, the bot's reason] (all public). The reason of a secret bid or vote still
        sealed is left out: it names the amount or the choice (and a line is sent only once)."""
        out = []
        actions = self.game.actions
        for entry, step in zip(self.game.log[start:], self.log_steps[start:]):
            if step < 0:
                out.append([entry.round, entry.rule, -1, None, None, ""])
                continue
            by, reason = self.made_by[step]
            if not self.parts.reason_is_public(self.game, step):
                reason = ""
            out.append([entry.round, entry.rule, step, self.parts.seat_of(actions[step]),
                        None if by == HUMAN else by, reason])
        return out

    def _common(self) -> dict:
        game = self.game
        return {
            "table": self.id, "game": self.spec.name, "name": self.name, "at": self.at, "status": self.status,
            "players": dict(self.players), "broken": self.broken,
            "money": [[r, m] for r, m in sorted(self.history.items())],
            "over": game.is_over, "deciders": list(game.deciders), "decision": game.decision,
            "decision_kind": game.decision_kind(),
            "scores": game.scores() if game.is_over else None,
            "winners": game.winners() if game.is_over else None,
        }

    def _steps(self, steps_from: int) -> dict:
        """The public record of each action from `steps_from`: [round, corp, kind, what it did
        in public words, money after, controllers after, companies after]."""
        steps_from = min(steps_from, len(self.steps))
        return {"steps_from": steps_from, "steps": self.steps[steps_from:]}

    def seat_payload(self, corp: str, log_from: int = 0, steps_from: int = 0) -> dict:
        """Everything seat `corp` may know: its view, its legal choices, the public rest."""
        game = self.game
        if corp not in game.seats:
            raise ValueError(f"{corp!r} has no seat at this table")
        view = game.view(corp).model_dump(mode="json")
        lines = view.pop("log")
        live = self.status == "open" and not self.broken and self.players.get(corp) == HUMAN
        choices = game.legal_actions(corp) if live else []
        log_from = min(log_from, len(lines))
        return {**self._common(), "corp": corp, "view": view, "public": self._public(),
                "log_from": log_from, "log": lines[log_from:], "log_info": self._log_info(log_from),
                "late_reasons": self._late_reasons(log_from),
                **self._steps(steps_from), "choices": [self.spec.action_to_dict(a) for a in choices],
                **self.parts.extra_seat(game, corp, live)}

    def public_payload(self, log_from: int = 0, steps_from: int = 0) -> dict:
        """What a spectator (the projector) may see: the public view of the table."""
        view = self.game.view(None).model_dump(mode="json")
        lines = view.pop("log")
        log_from = min(log_from, len(lines))
        return {**self._common(), "corp": None, "view": view, "public": self._public(),
                "log_from": log_from, "log": lines[log_from:], "log_info": self._log_info(log_from),
                "late_reasons": self._late_reasons(log_from),
                **self._steps(steps_from), "choices": [], **self.parts.extra_seat(self.game, None, False)}

    def _public(self) -> dict:
        """The public table with the decisions under way (cached per position)."""
        key = (self.at, len(self.game.log))
        if getattr(self, "_public_key", None) != key:
            self._public_key = key
            self._public_cache = self.parts.public(self.game)
        return self._public_cache

    def setup(self) -> dict:
        """The public setup a page needs to draw the game (MegaCorps: the board and the deck's
        contents, never its order)."""
        return {"game": self.spec.name, **self.parts.setup(self.game)}

    def payload_for(self, listener: Listener) -> dict:
        if listener.corp is None:
            body = self.public_payload(listener.log_sent, listener.steps_sent)
        else:
            body = self.seat_payload(listener.corp, listener.log_sent, listener.steps_sent)
        listener.log_sent = body["log_from"] + len(body["log"])
        # a late reason goes to a connection once (an HTTP refresh, which keeps no state, gets them all)
        body["late_reasons"] = [late for late in body["late_reasons"] if late[0] not in listener.late_sent]
        listener.late_sent.update(line for line, _reason in body["late_reasons"])
        listener.steps_sent = body["steps_from"] + len(body["steps"])
        return body

    # --- waiting for changes -----------------------------------------------------------------------

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()
        for listener in self.listeners:
            listener.changed.set()

    async def wait_change(self, after: int, timeout: float) -> None:
        """Return when the position passes `after` or `timeout` seconds have gone (long poll)."""
        if self.at != after:
            return
        try:
            await asyncio.wait_for(self._changed.wait(), timeout)
        except asyncio.TimeoutError:
            pass

    # --- acting ---------------------------------------------------------------------------------------

    def _fingerprint(self, corp: str) -> tuple:
        """What a seat decides from (the game's `TableParts.fingerprint`)."""
        return self.parts.fingerprint(self.game, corp)

    def _commit(self, action, by: str, reason: str = "") -> None:
        """Append a checked action to the database, then apply it. The database first: an
        action is in the game only once it is recorded."""
        idx = self.at
        try:
            self.store.append(self.id, idx, self.parts.seat_of(action), self.spec.action_to_dict(action), by, reason)
        except Conflict:
            self.catch_up()
            raise Refused("stale", "another action was recorded at this position first; "
                          "look at the table again and choose again", 409, at=self.at) from None
        self._apply(action, by, reason)
        self._mark_changed(action)
        if self.game.is_over and self.status == "open":
            self.status = "over"
            self.store.set_status(self.id, "over")

    def _mark_changed(self, action) -> None:
        """After `action`: the seats whose choices it changed (and its own) must choose again."""
        n = self.at
        mover = self.parts.seat_of(action)
        for corp in self.game.seats:
            fingerprint = self._fingerprint(corp)
            if corp == mover or fingerprint != self._fingerprints[corp]:
                self.since[corp] = n
                self._fingerprints[corp] = fingerprint

    def _check_open(self) -> None:
        if self.broken:
            raise Refused("broken", self.broken, 409)
        if self.status == "closed":
            raise Refused("closed", "this table was closed by its host", 410)
        if self.game.is_over:
            raise Refused("illegal", "the game is over", 422)

    async def act(self, corp: str, data, at) -> None:
        """A seat's action made when it saw position `at`. Refused (nothing changes) when it
        is malformed, made for another corp, made at a position whose choices for this seat
        have since changed (stale), or illegal (the engine's reason)."""
        try:
            action = self.spec.action_from_dict(data)
        except (ValueError, TypeError) as err:
            raise Refused("malformed", f"this is not an action of {self.spec.title}: {err}", 400) from None
        mover = self.parts.seat_of(action)
        if mover != corp:
            raise Refused("not-your-corp", f"this seat plays {corp}; it cannot act for {mover}", 403)
        if isinstance(at, bool) or not isinstance(at, int) or at < 0:
            raise Refused("malformed", "'at' must be the position (a whole number of actions) "
                          "the action was chosen in", 400)
        async with self.lock:
            if at > self.at:
                self.catch_up()   # another service process may have recorded it and not told us yet
            for attempt in range(3):
                self._check_acting(corp, action, at)
                try:
                    self._commit(action, HUMAN)
                    break
                except Refused as err:
                    # another process recorded an action at this position first (now caught
                    # up): the same checks as if it had come first here, then again
                    if err.kind != "stale" or attempt == 2:
                        raise
        self._notify()
        self.start_bots()

    def _check_acting(self, corp: str, action, at: int) -> None:
        self._check_open()
        if self.players.get(corp) != HUMAN:
            raise Refused("not-your-corp", f"{corp} is played by a bot now", 403)
        if at > self.at:
            raise Refused("malformed", f"position {at} has not been reached (the table is at {self.at})", 400)
        if at < self.since[corp]:
            since = "; ".join(self.game.public_text(a) for a in self.game.actions[at:][-5:])
            raise Refused("stale", f"the table moved on since you chose ({since}): "
                          "look again and choose again", 409, at=self.at)
        try:
            self.game.check(action)
        except IllegalAction as err:
            raise Refused("illegal", str(err), 422) from None

    # --- bots -----------------------------------------------------------------------------------------

    def start_bots(self) -> None:
        """Let the bots move (one step at a time, `bot_pause` seconds apart) until a human
        must decide or the game is over."""
        if self.bots and (self._bot_task is None or self._bot_task.done()) and not self.broken:
            self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while True:
            async with self.lock:
                if self.status != "open" or self.broken or self.game.is_over:
                    return
                move = await self._think()
                if move is None:
                    return
                corp, decision = move
                try:
                    action = self._legal_or_fallback(corp, decision)
                    self._commit(action, self.players[corp], decision.reason)
                except Refused:
                    pass  # another writer was first; caught up: think again
                except Exception:  # noqa: BLE001 - a table must never freeze on a bot
                    log.exception("table %s: bot move failed", self.id)
                    return
            self._notify()
            await asyncio.sleep(self.bot_pause)

    async def _think(self) -> tuple[str, Decision] | None:
        """The next bot move (the kit's driver, in a thread). A bot that fails to think (an
        exception) is logged and takes its first legal choice: before, the exception ended the
        bots' task without a word and the table waited for that bot forever."""
        try:
            return await asyncio.to_thread(next_move, self.game, self.bots)
        except Exception:  # noqa: BLE001 - a table must never freeze on a bot
            corp = next((c for c in self.game.deciders if c in self.bots), None)
            log.exception("table %s: bot %s failed to choose; taking its first choice", self.id, corp)
            choices = self.game.legal_actions(corp) if corp is not None else []
            return (corp, Decision(choices[0], "")) if choices else None

    def _legal_or_fallback(self, corp: str, decision: Decision):
        try:
            self.game.check(decision.action)
            return decision.action
        except IllegalAction as err:
            log.error("table %s: bot %s chose an illegal action (%s); taking its first choice", self.id, corp, err)
            return self.game.legal_actions(corp)[0]

    async def stop(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            try:
                await self._bot_task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001
                pass

    # --- the host --------------------------------------------------------------------------------------

    async def set_player(self, corp: str, player: str) -> str | None:
        """Hand a seat to a bot level or back to a human (returns the new code for a human)."""
        if corp not in self.players:
            raise Refused("malformed", f"{corp} has no seat at this table", 400)
        if player != HUMAN and player not in self.levels:
            raise Refused("malformed", f"unknown player {player!r}: choose Human or one of {', '.join(self.levels)}", 400)
        async with self.lock:
            self.store.set_player(self.id, corp, player)
            self.players[corp] = player
            self.bots = self._make_bots()
            code = self.store.reissue_code(self.id, corp) if player == HUMAN else None
        self._notify()
        self.start_bots()
        return code

    async def close(self) -> None:
        async with self.lock:
            self.status = "closed"
            self.store.set_status(self.id, "closed")
        self._notify()

    # --- money over the game ------------------------------------------------------------------------

    def _record_money(self) -> None:
        """Each seat's money at the end of the latest round so far (public, for the chart)."""
        self.history[self.parts.round(self.game)] = self.parts.money(self.game)

