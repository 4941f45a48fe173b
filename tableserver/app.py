"""The table service: an ASGI application (Starlette) over the store and the live tables.

HTTP (JSON) for opening a table, reading a seat or the public table (with an optional long
poll), acting and the host's tools; one WebSocket per connected seat or spectator for pushed
updates. The protocol is documented in docs/tables.md.
"""
from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import os
import random

from pydantic import BaseModel, Field
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from megacorps import kit
from megacorps.tables.client import MAX_SEED

from . import limits, messages, pgnotify
from .live import HUMAN, Listener, LiveTable, Refused
from .store import Store, database_url

log = logging.getLogger(__name__)

MAX_WAIT = 60.0          # longest long poll, seconds


class SeatSpec(BaseModel):
    corp: str
    player: str = HUMAN


class NewTable(BaseModel):
    """The body of POST /api/tables: which game (a name in the kit's registry), its seats (each
    a human or one of the game's bot levels), a seed (None: a fresh deal; the host's secret,
    never sent to a seat or a spectator), a name, the game's options."""

    game: str = Field("megacorps", max_length=40)
    seats: list[SeatSpec] = Field(min_length=1, max_length=12)
    seed: int | None = Field(None, ge=0, le=MAX_SEED, strict=True)
    name: str = Field("", max_length=200)
    options: dict = Field(default_factory=dict)


class SeatRef(BaseModel):
    """The body of POST /api/host/reissue."""

    corp: str = Field(max_length=100)


class SeatPlayer(SeatRef):
    """The body of POST /api/host/player."""

    player: str = Field(max_length=100)


class Tables:
    """Every table the service knows: live ones in memory, the rest loaded on first use."""

    def __init__(self, store: Store, bot_pause: float = 0.0, create_key: str | None = None,
                 tables_per_minute: int = 20, wrong_codes_per_minute: int = 60):
        self.store = store
        self.bot_pause = bot_pause
        self.create_key = create_key
        self.opening = limits.RateLimit("tables opened", tables_per_minute)
        self.wrong = limits.RateLimit("wrong codes or keys", wrong_codes_per_minute)
        self.live: dict[str, LiveTable] = {}
        self._loading = asyncio.Lock()

    async def get(self, table_id: str) -> LiveTable:
        table = self.live.get(table_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.live.get(table_id)
            if table is None:
                record = self.store.load_table(table_id)
                if record is None:
                    raise Refused("no-table", "there is no such table", 404)
                table = self.live[table_id] = LiveTable(record, self.store, self.bot_pause)
                table.start_bots()  # a restart may have come between a human's move and the bots' replies
        return table

    async def by_code(self, code: str | None, client: str, want_host: bool = False) -> tuple[LiveTable, str | None]:
        """The table and corp a seat code opens (corp None: the host's code). Raises Refused
        for a missing, wrong or replaced code, and (429) for a client that sent too many of
        those lately."""
        self.wrong.check(client)
        if not code or not isinstance(code, str) or len(code) > 100:
            raise Refused("bad-code", "a seat code is needed (the link your host gave you)", 401)
        found = self.store.find_code(code)
        if found is None:
            self.wrong.spend(client)
            raise Refused("bad-code", "this code opens no seat: check the link", 401)
        if not found.active:
            self.wrong.spend(client)
            table = await self.get(found.table_id)
            why = ("this seat is now played by a bot" if table.players.get(found.corp) != HUMAN
                   else "this link was replaced by the table's host: ask for the new one")
            raise Refused("bad-code", why, 401)
        if want_host != (found.corp is None):
            raise Refused("bad-code", "this is a host code" if found.corp is None else "this is not the host's code", 403)
        table = await self.get(found.table_id)
        return table, found.corp

    def create(self, spec: NewTable) -> dict:
        try:
            game_spec = kit.get(spec.game)
        except ValueError as err:
            raise Refused("malformed", str(err), 400) from None
        levels = game_spec.bot_levels()
        corps = [s.corp for s in spec.seats]
        if not game_spec.min_seats <= len(corps) <= game_spec.max_seats:
            raise Refused("malformed", f"seats: {game_spec.title} is played by {game_spec.min_seats} to "
                          f"{game_spec.max_seats} seats, not {len(corps)}", 400)
        for s in spec.seats:
            if s.player != HUMAN and s.player not in levels:
                raise Refused("malformed", f"unknown player {s.player!r} for {s.corp}: choose "
                              f"{HUMAN} or one of {', '.join(levels)}", 400)
        seed = spec.seed if spec.seed is not None else random.SystemRandom().randrange(2**31)
        try:
            game = game_spec.new_game(corps, seed=seed, options=spec.options or None)
        except ValueError as err:
            raise Refused("malformed", str(err), 400) from None
        options = {**spec.options, **game_spec.table_parts.pinned_options(game)}
        table_id, host, codes = self.store.create_table(seed, corps, {s.corp: s.player for s in spec.seats},
                                                        spec.name, game_spec.name, options)
        return {"ok": True, "table": table_id, "game": game_spec.name, "host_code": host, "codes": codes,
                "seed": seed, "players": {s.corp: s.player for s in spec.seats}}

    async def sync(self, table_id: str | None) -> None:
        """Another process changed `table_id` (None: anything, unheard): bring the live copies
        here up to date and push the change to the seats connected here."""
        for table in [self.live.get(table_id)] if table_id else list(self.live.values()):
            if table is not None:
                try:
                    await table.sync()
                except Exception:  # noqa: BLE001 - one table's trouble must not stop the others' news
                    log.exception("table %s: catching up with another process failed", table.id)

    async def close(self) -> None:
        for table in list(self.live.values()):
            await table.stop()
        self.store.close()


def _client(connection) -> str:
    """The client's address (one bucket of the rate limits)."""
    return connection.client.host if connection.client else "unknown"


def _bearer(request) -> str | None:
    auth = request.headers.get("authorization", "")
    if auth.lower().startswith("bearer "):
        return auth[7:].strip()
    return None


def _int_param(request: Request, name: str, default: int) -> int:
    raw = request.query_params.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise Refused("malformed", f"'{name}' must be a whole number", 400) from None
    if value < 0:
        raise Refused("malformed", f"'{name}' must not be negative", 400)
    return value


def handler(fn):
    """Refusals become JSON answers with their status; nothing else leaks a traceback."""
    async def wrapped(request: Request):
        try:
            return await fn(request)
        except Refused as err:
            headers = {"Retry-After": str(err.extra["retry_after"])} if err.status == 429 else None
            return JSONResponse(err.body(), status_code=err.status, headers=headers)
        except Exception:  # noqa: BLE001
            log.exception("request failed")
            return JSONResponse({"ok": False, "error": "server", "reason": "the service failed on this "
                                 "request; the table is unchanged"}, status_code=500)
    return wrapped


def make_app(store: Store, bot_pause: float = 0.0, create_key: str | None = None,
             tables_per_minute: int = 20, wrong_codes_per_minute: int = 60) -> Starlette:
    """The ASGI application over `store`. `create_key`: opening a table needs it (the host
    key); the rate limits are per client address."""
    tables = Tables(store, bot_pause, create_key, tables_per_minute, wrong_codes_per_minute)

    async def health(request):
        games = {name: list(kit.get(name).bot_levels()) for name in kit.names()}
        return JSONResponse({"ok": True, "live_tables": len(tables.live), "levels": games["megacorps"],
                             "games": games})

    async def create(request):
        client = _client(request)
        if tables.create_key:
            tables.wrong.check(client)
            if not hmac.compare_digest(request.headers.get("x-create-key", "").encode(), tables.create_key.encode()):
                tables.wrong.spend(client)
                raise Refused("forbidden", "opening a table needs the host key of this service "
                              "(the teacher's lobby link has it)", 403)
        tables.opening.check(client)
        spec = messages.validated(NewTable, await messages.read_body(request))
        answer = tables.create(spec)
        tables.opening.spend(client)
        return JSONResponse(answer)

    async def public(request):
        table = await tables.get(request.path_params["table_id"])
        after = _int_param(request, "after", -1)
        if after >= 0:
            await table.wait_change(after, min(_int_param(request, "wait", 25), MAX_WAIT))
        return JSONResponse(table.public_payload(_int_param(request, "log_from", 0),
                                                 _int_param(request, "steps_from", 0)))

    async def setup(request):
        table = await tables.get(request.path_params["table_id"])
        return JSONResponse(table.setup())

    async def seat(request):
        table, corp = await tables.by_code(_bearer(request), _client(request))
        after = _int_param(request, "after", -1)
        if after >= 0:
            await table.wait_change(after, min(_int_param(request, "wait", 25), MAX_WAIT))
        return JSONResponse(table.seat_payload(corp, _int_param(request, "log_from", 0),
                                               _int_param(request, "steps_from", 0)))

    async def act(request):
        table, corp = await tables.by_code(_bearer(request), _client(request))
        data = await messages.read_body(request)
        await table.act(corp, data.get("action"), data.get("at"))
        return JSONResponse({"ok": True, **table.seat_payload(corp, _int_param(request, "log_from", 0),
                                                              _int_param(request, "steps_from", 0))})

    async def host(request):
        table, _ = await tables.by_code(_bearer(request), _client(request), want_host=True)
        connected: dict[str, int] = {}
        for listener in table.listeners:
            key = listener.corp or "spectators"
            connected[key] = connected.get(key, 0) + 1
        return JSONResponse({"ok": True, **table.public_payload(10**9, 10**9), "connected": connected})

    async def host_player(request):
        table, _ = await tables.by_code(_bearer(request), _client(request), want_host=True)
        body = messages.validated(SeatPlayer, await messages.read_body(request))
        code = await table.set_player(body.corp, body.player)
        return JSONResponse({"ok": True, "code": code, "players": table.players})

    async def host_reissue(request):
        table, _ = await tables.by_code(_bearer(request), _client(request), want_host=True)
        corp = messages.validated(SeatRef, await messages.read_body(request)).corp
        if table.players.get(corp) != HUMAN:
            raise Refused("malformed", f"{corp} is not a human seat of this table", 400)
        return JSONResponse({"ok": True, "corp": corp, "code": table.store.reissue_code(table.id, corp)})

    async def host_close(request):
        table, _ = await tables.by_code(_bearer(request), _client(request), want_host=True)
        await table.close()
        return JSONResponse({"ok": True})

    async def stream(websocket: WebSocket):
        await websocket.accept()
        try:
            hello = await asyncio.wait_for(messages.receive(websocket), 30)
            if "watch" in hello:
                table, corp = await tables.get(str(hello["watch"])), None
            else:
                table, corp = await tables.by_code(hello.get("code"), _client(websocket))
        except Refused as err:
            await websocket.send_json({"type": "refused", **err.body()})
            await websocket.close(code=4000 + min(err.status, 999) % 1000)
            return
        except (asyncio.TimeoutError, WebSocketDisconnect):
            await websocket.close(code=4400)
            return
        listener = Listener(corp)
        log_from, steps_from = hello.get("log_from", 0), hello.get("steps_from", 0)
        listener.log_sent = log_from if isinstance(log_from, int) and log_from >= 0 else 0
        listener.steps_sent = steps_from if isinstance(steps_from, int) and steps_from >= 0 else 0
        listener.changed.set()
        table.listeners.add(listener)
        table._notify()  # the host's page shows who is connected

        async def push():
            while True:
                await listener.changed.wait()
                listener.changed.clear()
                await websocket.send_json({"type": "state", **table.payload_for(listener)})

        async def receive():
            while True:
                message: dict = {}
                try:
                    message = await messages.receive(websocket)
                    if message.get("type") != "act" or corp is None:
                        raise Refused("malformed", "expected {\"type\": \"act\", ...} from a seat", 400)
                    await table.act(corp, message.get("action"), message.get("at"))
                    answer = {"type": "result", "id": message.get("id"), "ok": True}
                except Refused as err:
                    answer = {"type": "result", "id": message.get("id"), **err.body(), "status": err.status}
                await websocket.send_json(answer)

        tasks = [asyncio.ensure_future(push()), asyncio.ensure_future(receive())]
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            table.listeners.discard(listener)
            table._notify()

    routes = [
        Route("/api/health", handler(health)),
        Route("/api/tables", handler(create), methods=["POST"]),
        Route("/api/tables/{table_id}", handler(public)),
        Route("/api/tables/{table_id}/setup", handler(setup)),
        Route("/api/seat", handler(seat)),
        Route("/api/seat/act", handler(act), methods=["POST"]),
        Route("/api/host", handler(host)),
        Route("/api/host/player", handler(host_player), methods=["POST"]),
        Route("/api/host/reissue", handler(host_reissue), methods=["POST"]),
        Route("/api/host/close", handler(host_close), methods=["POST"]),
        WebSocketRoute("/api/ws", stream),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(_app):
        stop = asyncio.Event()
        listener = (asyncio.get_running_loop().create_task(pgnotify.listen(store.listen_url(), tables.sync, stop))
                    if store.shared else None)
        yield
        stop.set()
        if listener is not None:
            listener.cancel()
        await tables.close()

    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(messages.FrameLimit)])
    app.state.tables = tables
    return app


def app_from_env() -> Starlette:
    """The application configured from the environment (for `uvicorn tableserver.app:app_from_env --factory`)."""
    url = database_url(os.environ.get("MEGACORPS_DATABASE_URL"), os.environ.get("MEGACORPS_DATA"))
    return make_app(Store(url), float(os.environ.get("MEGACORPS_BOT_PAUSE", "0.5")),
                    os.environ.get("MEGACORPS_CREATE_KEY") or None,
                    int(os.environ.get("MEGACORPS_TABLES_PER_MINUTE", "20")),
                    int(os.environ.get("MEGACORPS_WRONG_CODES_PER_MINUTE", "60")))
