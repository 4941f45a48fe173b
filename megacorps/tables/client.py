"""Play-by-notebook: a seat at a table held by the table service, from Python.

Standard library only (urllib): importing it costs nothing and needs no web framework. The
service sends this seat its own view and its own legal choices, never another hand or the
deck order; everything is checked and applied by the engine on the service. Any game of the
kit's registry is played the same way: the service says which game a table plays, and its
actions and views are read with that game's forms (`megacorps.kit.get(name)`).
"""
from __future__ import annotations

import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request

from ..errors import IllegalAction

POLL = 25  # seconds one long poll may wait on the service
MAX_SEED = 2**53  # the largest seed a table takes: every whole number up to it survives JSON in a browser
_SETUPS: dict = {}  # (service, table) -> (Board, Deck)


class TableError(Exception):
    """The table service refused a request; `kind` names the refusal, the message says why."""

    def __init__(self, kind: str, reason: str, status: int = 0):
        super().__init__(reason)
        self.kind, self.reason, self.status = kind, reason, status


class TableMoved(TableError):
    """The table moved on since this seat last looked: the action was not made. Look again
    (the seat has been refreshed) and choose again."""


def _request(url: str, method: str = "GET", body: dict | None = None, code: str | None = None,
             timeout: float = POLL + 10) -> dict:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    if code:
        request.add_header("Authorization", f"Bearer {code}")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return json.loads(response.read())
    except urllib.error.HTTPError as err:
        try:
            answer = json.loads(err.read())
        except (ValueError, OSError):
            answer = {"error": "http", "reason": f"HTTP {err.code} {err.reason}"}
        kind, reason = answer.get("error", "http"), answer.get("reason", str(err))
        if kind == "illegal":
            raise IllegalAction(reason) from None
        if kind == "stale":
            raise TableMoved(kind, reason, err.code) from None
        raise TableError(kind, reason, err.code) from None
    except urllib.error.URLError as err:
        raise TableError("unreachable", f"the table service at {url} cannot be reached ({err.reason})") from None


def _origin(url: str) -> str:
    parsed = urllib.parse.urlsplit(url)
    return urllib.parse.urlunsplit((parsed.scheme, parsed.netloc, "", "", ""))


def split_link(url: str, code: str | None = None, service: str | None = None) -> tuple[str, str]:
    """(service URL, code) from `connect`'s arguments.

    `url` is the service's address with `code`, or a whole seat link `...?code=...`. A link's
    code goes to the service the caller names (`service=`), else to the one this machine is
    configured with (`MEGACORPS_TABLES_URL`, as the pages), else to the link's own host: never
    to a host the link itself names as `service=` (a shared link must not send a seat's code
    elsewhere); such a link is refused unless the caller passes that service explicitly."""
    parsed = urllib.parse.urlsplit(url)
    query = urllib.parse.parse_qs(parsed.query)
    if code is None and "code" in query:
        code = query["code"][0]
        target = service or os.environ.get("MEGACORPS_TABLES_URL") or _origin(url)
        named = query.get("service", [None])[0]
        if named and service is None and _origin(named) != _origin(target):
            raise TableError("foreign-service",
                             f"this link names another host as its table service ({named}); a seat "
                             f"code goes only to a service you name yourself: connect(link, "
                             f"service=\"{_origin(named)}\") if you trust that host")
    else:
        target = service or _origin(url)
    if code is None:
        raise ValueError("a seat code is needed: connect(url, code)")
    return target.rstrip("/"), code


class _Follower:
    """What a seat and a spectator share: the latest state from the service, and the log."""

    def __init__(self, url: str):
        self.url = url.rstrip("/")
        self.state: dict = {}
        self._log: list[str] = []
        self._log_info: list[list] = []
        self._steps: list[list] = []
        self._public = None

    def _take(self, payload: dict) -> None:
        start = payload.get("log_from", 0)
        self._log = self._log[:start] + list(payload.get("log", []))
        self._log_info = self._log_info[:start] + list(payload.get("log_info", []))
        for line, reason in payload.get("late_reasons", []):   # a reason hidden when its line came
            if 0 <= line < len(self._log_info):
                self._log_info[line][5] = reason
        first = payload.get("steps_from", 0)
        self._steps = self._steps[:first] + list(payload.get("steps", []))
        self.state = payload
        self._public = None

    @property
    def at(self) -> int:
        """The table's position when last seen: the number of actions made so far."""
        return self.state["at"]

    @property
    def table(self) -> str:
        return self.state["table"]

    @property
    def players(self) -> dict[str, str]:
        """Corp -> "Human" or the bot level that plays it."""
        return dict(self.state["players"])

    @property
    def is_over(self) -> bool:
        return bool(self.state["over"])

    def scores(self) -> dict[str, int] | None:
        return self.state["scores"]

    def winners(self) -> list[str] | None:
        return self.state["winners"]

    def money_by_round(self) -> dict[int, dict[str, int]]:
        return {r: m for r, m in self.state["money"]}

    @property
    def game(self) -> str:
        """The game this table plays (its name in the kit's registry)."""
        return self.state.get("game", "megacorps")

    def _spec(self):
        from ..kit import get
        return get(self.game)

    def view(self):
        """The table as this seat (or a spectator) may see it, when last refreshed (the game's
        view model: `mc.CorpView` for MegaCorps)."""
        data = {**self.state["view"], "log": self._log}
        model = self._spec().view_model
        return model().model_validate(data) if model is not None else data

    @property
    def log(self) -> list[str]:
        """The log as this seat (or a spectator) may read it, oldest first."""
        return list(self._log)

    def log_info(self) -> list[list]:
        """Per log line: [round, rule, action index (-1: setup), corp, bot level or None,
        the bot's reason]."""
        return [list(i) for i in self._log_info]

    def steps(self) -> list[list]:
        """The public record of each action so far: [round, corp, kind, what it did in public
        words, money after, controllers after, companies after]."""
        return [list(step) for step in self._steps]

    def _since(self) -> dict:
        return {"log_from": len(self._log), "steps_from": len(self._steps)}

    def rules(self):
        """(board, deck) this table is played with (fetched once)."""
        key = (self.url, self.table)
        if key not in _SETUPS:
            from ..board import Board, Deck
            data = _request(f"{self.url}/api/tables/{urllib.parse.quote(self.table)}/setup")
            _SETUPS[key] = (Board.model_validate(data["board"]), Deck.model_validate(data["deck"]))
        return _SETUPS[key]

    def public_game(self):
        """A `mc.Game` over the public table as last seen (no hand, no deck order, no secret
        bid): for drawing the board and previewing choices. Its `legal_actions` are not this
        seat's: use `legal_actions()` here."""
        if self._public is None:
            from ..game import Game
            from .public import state_from_json
            board, deck = self.rules()
            self._public = Game(state_from_json(self.state["public"], board, deck))
        return self._public

    def _pushed(self, message: dict) -> bool:
        """Take a pushed update unless it is older than what this seat holds (returns whether it
        took it). A seat's own move is answered over HTTP while the pushes keep coming: an update
        the service pushed just before that move can be read after its answer, and taking it
        showed the decision already made again for a moment (a click on it was lost). The next
        push carries what was skipped: the log and the steps are sent from what was sent before."""
        if self.state and message.get("at", 0) < self.state.get("at", 0):
            return False
        self._take(message)
        return True

    def _hello(self) -> dict:  # pragma: no cover - each kind says who it is
        raise NotImplementedError

    async def follow(self, on_change=None, on_status=None, stop=None) -> None:
        """Keep this object up to date from the service's push stream (a WebSocket), calling
        `on_change(self)` after each update and `on_status(word, detail)` with "connected",
        "lost" (it reconnects by itself, where it was) or "refused" (then it stops). Runs
        until `stop` (an asyncio.Event) is set. Needs the `websockets` package (extra
        "tables"), imported only here."""
        import asyncio

        import websockets
        ws_url = "ws" + self.url[len("http"):] + "/api/ws"
        delay = 0.5
        status = on_status or (lambda word, detail=None: None)
        while stop is None or not stop.is_set():
            try:
                async with websockets.connect(ws_url, open_timeout=10, max_size=2**24) as ws:
                    await ws.send(json.dumps({**self._hello(), **self._since()}))
                    delay = 0.5
                    status("connected")
                    waiter = asyncio.ensure_future(stop.wait()) if stop is not None else None
                    try:
                        while True:
                            receive = asyncio.ensure_future(ws.recv())
                            done, _ = await asyncio.wait([receive, *([waiter] if waiter else [])],
                                                         return_when=asyncio.FIRST_COMPLETED)
                            if receive not in done:
                                receive.cancel()
                                return
                            message = json.loads(receive.result())
                            if message.get("type") == "refused":
                                status("refused", message.get("reason", ""))
                                return
                            if message.get("type") == "state" and self._pushed(message) and on_change is not None:
                                on_change(self)
                    finally:
                        if waiter is not None:
                            waiter.cancel()
            except asyncio.CancelledError:
                raise
            except Exception as err:  # noqa: BLE001 - any failure: say so, wait, rejoin where it was
                status("lost", f"{type(err).__name__}: {err}")
            await asyncio.sleep(delay)
            delay = min(delay * 2, 8.0)


class RemoteSeat(_Follower):
    """One seat at a table on the service: `mc.tables.connect(url, code)`."""

    def __init__(self, url: str, code: str):
        super().__init__(url)
        self._code = code
        self.refresh()

    def __repr__(self) -> str:
        s = self.state
        return (f"<RemoteSeat {s['corp']} at table {s['table']}, action {s['at']}: "
                f"{s['decision']}>")

    def _get(self, after: int | None = None, wait: float = 0) -> dict:
        query = self._since()
        if after is not None:
            query.update(after=after, wait=int(wait))
        return _request(f"{self.url}/api/seat?{urllib.parse.urlencode(query)}", code=self._code)

    @property
    def corp(self) -> str:
        return self.state["corp"]

    def _hello(self) -> dict:
        return {"code": self._code}

    def refresh(self) -> "RemoteSeat":
        """Read the table again."""
        self._take(self._get())
        return self

    def legal_actions(self) -> list:
        """This seat's legal choices when last refreshed (its decision, any-time cards)."""
        from_dict = self._spec().action_from_dict
        return [from_dict(a) for a in self.state["choices"]]

    def may_offer_trades(self) -> bool:
        """Whether this seat may offer a trade now (MegaCorps)."""
        return bool(self.state.get("may_offer_trades", False))

    def is_my_turn(self) -> bool:
        """Whether this seat must decide now (as last refreshed)."""
        return self.corp in self.state["deciders"]

    def apply(self, action) -> "RemoteSeat":
        """Make an action. Raises mc.IllegalAction with the engine's reason, TableMoved when
        the table moved on meanwhile in a way that changed this seat's choices, TableError
        for any other refusal; nothing changes then."""
        body = {"action": self._spec().action_to_dict(action), "at": self.at}
        try:
            answer = _request(f"{self.url}/api/seat/act?{urllib.parse.urlencode(self._since())}", "POST", body,
                              self._code)
        except TableMoved:
            self.refresh()
            raise
        self._take(answer)
        return self

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the table changes (True) or `timeout` seconds pass (False)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        start = self.at
        while self.at == start:
            left = POLL if deadline is None else min(POLL, deadline - time.monotonic())
            if left <= 0:
                return False
            self._take(self._get(after=start, wait=max(1, left)))
        return True

    def wait_for_turn(self, timeout: float | None = None) -> bool:
        """Wait until this seat must decide (True), or the game ends or `timeout` passes (False)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self.is_my_turn():
            if self.is_over:
                return False
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                return False
            self.wait(left)
        return True


class Spectator(_Follower):
    """The public table, as a projector shows it: `mc.tables.watch(url, table_id)`."""

    def __init__(self, url: str, table_id: str):
        super().__init__(url)
        self.table_id = table_id
        self.refresh()

    def refresh(self, after: int | None = None, wait: float = 0) -> "Spectator":
        query = self._since()
        if after is not None:
            query.update(after=after, wait=int(wait))
        self._take(_request(f"{self.url}/api/tables/{urllib.parse.quote(self.table_id)}?"
                            f"{urllib.parse.urlencode(query)}"))
        return self

    def _hello(self) -> dict:
        return {"watch": self.table_id}

    def wait(self, timeout: float = POLL) -> bool:
        start = self.at
        self.refresh(after=start, wait=max(1, min(timeout, POLL)))
        return self.at != start


class Invitation:
    """A table just opened: its id, the host's code and one code per human seat. The codes
    are shown only now (the service keeps only their hashes)."""

    def __init__(self, url: str, answer: dict):
        self.url = url.rstrip("/")
        self.table: str = answer["table"]
        self.host_code: str = answer["host_code"]
        self.codes: dict[str, str] = dict(answer["codes"])
        self.players: dict[str, str] = dict(answer["players"])
        self.seed: int = answer["seed"]

    def __repr__(self) -> str:
        return f"<Invitation to table {self.table}: {', '.join(f'{c} ({p})' for c, p in self.players.items())}>"

    def seat(self, corp: str) -> RemoteSeat:
        """Sit at one of the human seats."""
        return RemoteSeat(self.url, self.codes[corp])


def open_table(url: str, seats: dict[str, str], seed: int | None = None, name: str = "",
               key: str | None = None, game: str = "megacorps", options: dict | None = None) -> Invitation:
    """Open a table of `game` (a name in the kit's registry) on the service at `url`: `seats`
    maps each seat, clockwise, to "Human" or one of the game's bot levels (`mc.bots.LEVELS`
    for MegaCorps); `options` are the game's. `seed` (a whole number from 0 to `MAX_SEED`)
    fixes the deal and the bots' own draws: the same seed, game, seats and options deal the
    same game at every table (None: a fresh deal). The service never shows it to a seat or a
    spectator; the answer (`Invitation.seed`) gives it to the host only. Raises TableError
    saying what is wrong."""
    body = {"game": game, "seats": [{"corp": c, "player": p} for c, p in seats.items()], "seed": seed,
            "name": name, "options": options or {}}
    data = json.dumps(body).encode()
    request = urllib.request.Request(f"{url.rstrip('/')}/api/tables", data=data, method="POST",
                                     headers={"Content-Type": "application/json", **({"X-Create-Key": key} if key else {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return Invitation(url, json.loads(response.read()))
    except urllib.error.HTTPError as err:
        answer = json.loads(err.read() or b"{}")
        raise TableError(answer.get("error", "http"), answer.get("reason", str(err)), err.code) from None
    except urllib.error.URLError as err:
        raise TableError("unreachable", f"the table service at {url} cannot be reached ({err.reason})") from None


def connect(url: str, code: str | None = None, *, service: str | None = None) -> RemoteSeat:
    """Sit at your seat: `connect("http://teacher:8765", "abcde-fghjk-...")`, or pass the whole
    seat link with the service's address: `connect(link, service="http://teacher:8765")`
    (without `service`, MEGACORPS_TABLES_URL or else the link's own host). A link naming
    another host as its `service=` is refused unless you pass that service yourself. Raises
    TableError for a wrong or replaced code."""
    service, code = split_link(url, code, service)
    return RemoteSeat(service, code)


def watch(url: str, table_id: str) -> Spectator:
    """Follow a table as a spectator (public information only)."""
    return Spectator(url, table_id)
