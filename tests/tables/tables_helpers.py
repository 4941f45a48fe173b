"""Playing a table from the tests through the notebook client and raw HTTP."""
from __future__ import annotations

import json
import os
import random
import sys
import threading
import urllib.error
import urllib.request
from contextlib import ExitStack, contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import megacorps as mc
from megacorps.tables import RemoteSeat, TableMoved
from widgets.testing.voila_runner import PATIENCE_S

ROOT = Path(__file__).resolve().parents[2]
# a TCG deal (Ana a person, Nick the Random bot) in which the bot does not spend itself out
# early, whatever Ana does (test_table_seed.py checks it): a browser test can always play on
TCG_LASTING_SEED = 32


def pick(seat: RemoteSeat, rng: random.Random) -> mc.Action:
    """A random legal choice of the seat's decision (no leaving; cards now and then)."""
    choices = [a for a in seat.legal_actions() if not isinstance(a, mc.LeaveGame)]
    decision = [a for a in choices if not isinstance(a, mc.PlayCard)] or choices
    return rng.choice(choices if rng.random() < 0.1 else decision)


def step_humans(seats: dict[str, RemoteSeat], rng: random.Random) -> int:
    """Every human seat that must decide now makes a random legal choice; returns how many
    actions were made."""
    made = 0
    for seat in seats.values():
        seat.refresh()
        if seat.is_my_turn() and not seat.is_over:
            try:
                seat.apply(pick(seat, rng))
                made += 1
            except TableMoved:
                pass
    return made


def raw(url: str, method: str = "GET", body=None, code: str | None = None, data: bytes | None = None):
    """(status, JSON answer) of one HTTP request, refusals included."""
    if body is not None:
        data = json.dumps(body).encode()
    request = urllib.request.Request(url, data=data, method=method)
    if code is not None:
        request.add_header("Authorization", f"Bearer {code}")
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=PATIENCE_S) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as err:
        return err.code, json.loads(err.read())


def table_record(store_url: str, table_id: str):
    """The table as the database at `store_url` records it (a `tableserver.store.TableRecord`:
    its seed, seats, players, options and actions)."""
    from tableserver.store import Store
    store = Store(store_url)
    try:
        return store.load_table(table_id)
    finally:
        store.close()


def replay(store_url: str, table_id: str, each_step=None):
    """The game as the database records it, replayed by its engine (found in the kit's registry
    by the table's game) in this process; `each_step(game)`, if given, sees it at the start and
    after every action."""
    from megacorps import kit
    record = table_record(store_url, table_id)
    spec = kit.get(record.game)
    game = spec.new_game(record.corps, seed=record.seed, options=record.options)
    if each_step is not None:
        each_step(game)
    for row in record.actions:
        game.apply(spec.action_from_dict(row["action"]))
        if each_step is not None:
            each_step(game)
    return game


def sqlite_url(service) -> str:
    return f"sqlite:///{service.data / 'tables.sqlite3'}"


class Service:
    """A table service process; `restart()` kills it (no clean shutdown) and starts it again
    on the same database."""

    def __init__(self, database: str | None, data: Path, bot_pause: float = 0.0, args: tuple[str, ...] = (),
                 env: dict[str, str] | None = None):
        from widgets.testing.voila_runner import free_port
        self.database, self.data, self.bot_pause = database, data, bot_pause
        self.args, self.env = list(args), dict(env or {})
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._stack: ExitStack | None = None
        self.proc = None

    def command(self) -> list[str]:
        return [sys.executable, "-m", "tableserver", "serve", "--port", str(self.port),
                "--data", str(self.data), "--bot-pause", str(self.bot_pause), *self.args]

    def start(self) -> None:
        from widgets.testing.voila_runner import serving
        self._stack = ExitStack()
        log = open(self.data / "service.log", "a")
        self._stack.callback(log.close)
        env = dict(os.environ, PYTHONPATH=str(ROOT), **self.env)
        if self.database:   # a secret: the environment, never the command line
            env["MEGACORPS_DATABASE_URL"] = self.database
        self.proc = self._stack.enter_context(serving(self.command(), self.port, env, log))

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        self._stack.close()

    def restart(self) -> None:
        self.kill()
        self.start()

    def stop(self) -> None:
        if self._stack is not None:
            self._stack.close()


@contextmanager
def running_service(database: str | None, data: Path, bot_pause: float = 0.0, args: tuple[str, ...] = (),
                    env: dict[str, str] | None = None):
    service = Service(database, data, bot_pause, args, env)
    service.start()
    try:
        yield service
    finally:
        service.stop()


class Foreign:
    """Another host on the network that a shared link could name: it records every request
    it receives (path and headers) and answers each with a seat-like refusal."""

    def __init__(self):
        self.requests: list[tuple[str, str, dict]] = []
        foreign = self

        class Handler(BaseHTTPRequestHandler):
            def _answer(self):
                foreign.requests.append((self.command, self.path, dict(self.headers)))
                body = json.dumps({"ok": False, "error": "bad-code", "reason": "the foreign host speaks"}).encode()
                self.send_response(401)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            do_GET = do_POST = _answer

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def states_pushed(service, code: str | None, play, hello: dict | None = None) -> list[dict]:
    """Every state the service pushes to the seat of `code` while `play()` runs (and until it
    falls quiet for 3 s), as a second connection of that seat receives them; with `hello`
    (`{"watch": table id}`), to that connection instead (the projector's)."""
    from websockets.sync.client import connect as ws_connect
    frames = []
    with ws_connect(service.url.replace("http", "ws") + "/api/ws", open_timeout=10) as ws:
        ws.send(json.dumps(hello or {"code": code}))
        play()
        while True:
            try:
                frames.append(json.loads(ws.recv(timeout=3)))
            except TimeoutError:
                break
    return [f for f in frames if f["type"] == "state"]
