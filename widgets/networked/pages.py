"""The Voila pages of a table held by the table service (notebooks/table.ipynb and
notebooks/spectate.ipynb):

- `Lobby`: "Open a table" (each seat a human with a link, or a bot level) and "Join a table";
- `SeatPage` (widgets/megacorps_app/table_pages.py): one seat's page, MegaCorps' own page showing only its own seat;
- `SpectatorPage`: the public board, log and money chart, for the projector;
- `HostPage`: the links of a table, who is connected, a new link for a seat, a bot for an
  absent player.

Each page's kernel is a client of the service: it holds its seat code and what the service
sent it, never another hand or the deck order. Pushed updates arrive over a WebSocket in the
kernel's event loop; a lost connection rejoins by itself, where it was.
"""
from __future__ import annotations

import asyncio
import functools
import logging
import os
import re
import urllib.parse
from html import escape
from typing import Callable

import ipywidgets as W

import megacorps as mc
from megacorps import kit
from megacorps.bots import LEVELS
from megacorps.tables import MAX_SEED, TableError
from megacorps.tables.client import _request

from ..megacorps_app.panels import active_player_html, corp_chip, corp_panels_html, html, log_html, money_chart, money_series, results_html, where_text
from ..megacorps_app.style import APP_CSS
from ..shell.messages import Messages
from .remote import RemoteTable

log = logging.getLogger(__name__)

BOARD_W, BOARD_H = 800, 462
HUMAN = "Human"
EMPTY = "(empty)"
DEFAULT_SERVICE = "http://127.0.0.1:8765"
# Each other game's pages at a networked table: "module:SeatPage,SpectatorPage" (MegaCorps' are here).
GAME_PAGES = {"notecard": "widgets.notecard.table_pages:NotecardSeatPage,NotecardSpectatorPage",
              "megacquire": "widgets.megacquire.table_pages:MegacquireSeatPage,MegacquireSpectatorPage",
              "tcg": "widgets.tcg.table_pages:TcgSeatPage,TcgSpectatorPage"}

TABLES_CSS = """
<style>
.mc-connection { font-size: 12px; color: #9aa3b5; white-space: nowrap; }
.mc-connection b.ok { color: #7bd88f; } .mc-connection b.lost { color: #ffb454; }
.mc-links td { padding: 3px 8px; vertical-align: top; } .mc-links code { font-size: 12px; }
.mc-lobby { max-width: 880px; } .mc-lobby .mc-panel { margin-bottom: 12px; }
.mc-seat-row { display: flex; gap: 8px; align-items: center; }
</style>
"""


def service_url() -> str:
    """The table service this Voila's kernels talk to: MEGACORPS_TABLES_URL, set on the server
    (the class command sets it). Never taken from the page's address: a link naming another
    host would make the page send seat codes there."""
    return os.environ.get("MEGACORPS_TABLES_URL", DEFAULT_SERVICE).rstrip("/")


def page_query() -> dict[str, str]:
    """The page's query string (Voila passes it to the kernel; preheated kernels wait for it)."""
    try:
        from voila.utils import get_query_string
        raw = get_query_string() or ""
    except Exception:  # noqa: BLE001 - not under Voila (JupyterLab, tests)
        raw = os.environ.get("QUERY_STRING", "")
    return {k: v[0] for k, v in urllib.parse.parse_qs(raw).items()}


def page_base(notebook: str) -> str:
    """The address of `notebook` as the browser reached this page (for links to share)."""
    public = os.environ.get("MEGACORPS_PUBLIC_URL")
    if public:
        return f"{public.rstrip('/')}/voila/render/{notebook}"
    host, port = os.environ.get("SERVER_NAME", ""), os.environ.get("SERVER_PORT", "")
    path = os.environ.get("SCRIPT_NAME", "")
    if host and path:
        folder = path.rsplit("/", 1)[0]
        return f"http://{host}{':' + port if port else ''}{folder}/{notebook}"
    return notebook


def guarded(show_error: Callable[[str], None]):
    """Wrap callbacks: errors become a message on the page, never a traceback."""
    def wrap(fn):
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except mc.IllegalAction as err:
                show_error(f"Not allowed: {err}")
            except TableError as err:
                show_error(str(err))
            except ValueError as err:
                show_error(str(err))
            except Exception as err:  # noqa: BLE001 - the page must stay usable
                log.exception("callback failed")
                show_error(f"Something went wrong ({type(err).__name__}: {err}). The table is unchanged.")
            return None
        return wrapper
    return wrap


def _start(coro) -> asyncio.Task | None:
    """Run `coro` in the kernel's event loop (None outside one, e.g. in a plain script)."""
    try:
        loop = asyncio.get_event_loop()
    except RuntimeError:
        return None
    return loop.create_task(coro)


class _Followed(W.VBox):
    """A page kept up to date by the service's push stream."""

    def __init__(self, follower):
        super().__init__()
        self.follower = follower
        self.connection = html("<div class='mc-connection'>connecting\u2026</div>", cls="mc-connection-box")
        self.messages = Messages("mc")   # the error line (widgets/shell/messages.py)
        self.error = self.messages.error
        self.guard = guarded(self.show_error)
        self._stop = asyncio.Event()
        self._task = None
        self._link = "connecting\u2026"   # the connection's state, as the header shows it
        self.received = 0                  # pushed updates taken from the service so far

    def show_error(self, message: str) -> None:
        self.messages.show_error(message)

    def follow(self) -> None:
        """Follow the table from the moment the page is drawn in the browser: a change made to
        a widget before the browser has built it can be lost under Voila (toolchain.md), so
        the first update waits until the browser reports its first view of the page (the
        widgets' `_view_count`), however long the page takes to load."""
        def begin():
            if self._task is None:
                self._task = _start(self.follower.follow(self.guard(self._on_push),
                                                         self.guard(self._on_status), stop=self._stop))

        self.connection._view_count = 0
        self.connection.observe(lambda change: change["new"] and begin(), names="_view_count")

    def _on_status(self, word: str, detail: str | None = None) -> None:
        if word == "connected":
            self._link = "<b class='ok'>\u25cf</b> live"
            self._draw_connection()
        elif word == "lost":
            self._link = "<b class='lost'>\u25cf</b> connection lost: reconnecting\u2026"
            self._draw_connection(detail or "")
        else:
            self._link = "<b class='lost'>\u25cf</b> refused"
            self._draw_connection()
            self.show_error(f"The table service refused this page: {detail}")

    def _on_push(self, follower) -> None:
        """An update pushed by the service: noted in the header (what this page last received),
        then drawn."""
        self.received += 1
        self._draw_connection()
        self._on_change(follower)

    def _draw_connection(self, title: str = "") -> None:
        """The connection's state, with what the page last received from the service as data
        attributes (all public: the updates' count, the table's position, who decides, whether
        it is over): a browser test that waits in vain says from them where the update stopped."""
        state = self.follower.state
        data = (f"data-received='{self.received}' data-at='{state.get('at', -1)}' "
                f"data-deciders='{escape(','.join(state.get('deciders', [])), quote=True)}' "
                f"data-over='{int(bool(state.get('over')))}'")
        tip = f" title='{escape(title, quote=True)}'" if title else ""
        self.connection.value = f"<div class='mc-connection' {data}{tip}>{self._link}</div>"

    def _on_change(self, _follower) -> None:
        self.source.changed()
        self.refresh()

    def refresh(self) -> None:  # pragma: no cover - each page overrides
        raise NotImplementedError

    def _build(self, viewer: str | None, sidebar: list[W.Widget]) -> None:
        """The board and the corp panels in the centre, `sidebar` on the right, as in the app."""
        from ..board.figure import BoardView
        self.add_class("mc-app")
        self.source = RemoteTable(self.follower)
        self.board = BoardView(self.source.public_game(), width=BOARD_W, height=BOARD_H, viewer=viewer)
        board_box = W.Box([self.board.figure], layout=W.Layout(width=f"{BOARD_W}px"))
        board_box.add_class("mc-board")
        self.corp_panels = html(cls="mc-corp-box")
        left = W.VBox([board_box, self.corp_panels], layout=W.Layout(width=f"{BOARD_W + 8}px"))
        left.add_class("mc-left")
        side = W.VBox([self.connection, self.error, *sidebar])
        side.add_class("mc-sidebar")
        body = W.AppLayout(center=left, right_sidebar=side, header=None, footer=None, left_sidebar=None,
                           pane_widths=[0, f"{BOARD_W + 8}px", 1], grid_gap="6px", height="auto")
        body.add_class("mc-body")
        self.status = html(cls="mc-status")
        state = self.follower.state
        self.children = [html(APP_CSS + TABLES_CSS),
                         _title_bar(self.status, tagline=f"table {state['name'] or state['table']} \u00b7 projector"),
                         body]

    def close(self) -> None:
        self._stop.set()
        super().close()


def _title_bar(status: W.HTML, *extra, tagline: str = "one table, every player at their own screen") -> W.HBox:
    brand = html("<div class='mc-brand'>MEGA<span>CORPS</span></div>"
                 f"<div class='mc-tagline'>{escape(tagline)}</div>")
    status.add_class("mc-status-box")   # laid out as the hot-seat page's header (widgets/shell/header.py)
    tools = W.HBox(list(extra))
    tools.add_class("mc-tools")
    bar = W.HBox([brand, status, tools])
    bar.add_class("mc-header")
    bar.add_class("mc-titlebar")
    return bar


def _status_text(game: mc.Game, actions: int, corp: str | None) -> str:
    state = game.state
    where = where_text(game)
    you = f" \u00b7 You play <b>{escape(corp)}</b>" if corp else " \u00b7 Spectator"
    paid = f" \u00b7 Paid: <b>{escape(state.paid)}</b>" if state.paid else ""
    return (f"<div class='mc-status-text' data-actions='{actions}'><b>{where}</b>{you} \u00b7 "
            f"Deck: {len(state.deck)} cards \u00b7 {active_player_html(state.active)}{paid}</div>")


class SpectatorPage(_Followed):
    """The projector's page: the public board, the corp panels, the log and the money chart."""

    def __init__(self, watcher: mc.tables.Spectator):
        super().__init__(watcher)
        self.log_box = html(cls="mc-log-box")
        self.chart = money_chart()
        self.results = html(cls="mc-results-box")
        self.decision = html(cls="mc-prompt")
        decision_box = W.VBox([self.decision])
        decision_box.add_class("mc-panel")
        self._build(None, [self.results, decision_box, self.chart.box, self.log_box])
        self._round_seen = None
        self._drawn = False   # the money chart is built once the page is drawn: a smaller first view
        self.refresh()

    def _on_change(self, follower) -> None:
        self._drawn = True    # updates are followed only from the browser's first view (follow)
        super()._on_change(follower)

    def refresh(self) -> None:
        s = self.source
        game = s.public_game()
        self.board.update(game)
        self.corp_panels.value = corp_panels_html(s)
        self.status.value = _status_text(game, len(s.timeline()), None)
        self.decision.value = (f"<div class='mc-decision-text'>{escape(game.decision)}</div>")
        self.log_box.value = log_html(s.log_entries())
        marker = (game.round, game.is_over, self._drawn)
        if marker != self._round_seen:
            self._round_seen = marker
            self.chart.update(money_series(s), show=self._drawn)
        results = s.results()
        self.results.value = results_html(results) if results is not None else ""


class Lobby(W.VBox):
    """"Join a table", and "Open a table" on the teacher's own lobby link (`key`: the host key
    the class command prints; the service refuses to open a table without it)."""

    def __init__(self, service: str | None = None, key: str | None = None):
        super().__init__()
        self.add_class("mc-app")
        self.service = service or service_url()
        self.key = key
        self.messages = Messages("mc")   # the error line (widgets/shell/messages.py)
        self.error = self.messages.error
        self.guard = guarded(self.show_error)
        self.game = W.Dropdown(options=[(kit.get(name).title, name) for name in ("megacorps", *GAME_PAGES)],
                               value="megacorps", description="Game", style={"description_width": "90px"},
                               layout=W.Layout(width="360px"))
        self.game.add_class("mc-game-choice")
        self.seats: list[W.Dropdown] = []
        self.seat_box = W.VBox()
        self.levels_note = html(cls="mc-levels-note")
        self.disclosure = W.Dropdown(description="Disclosure", style={"description_width": "90px"},
                                     layout=W.Layout(width="560px", display="none"))
        self.disclosure.add_class("mc-disclosure")
        self._seat_choices("megacorps")
        self.name = W.Text(description="Table name", placeholder="e.g. Period 3, group A",
                           style={"description_width": "90px"}, layout=W.Layout(width="360px"))
        self.seed = W.Text(description="Seed", placeholder="empty: a fresh deal",
                           style={"description_width": "90px"}, layout=W.Layout(width="360px"))
        self.seed.add_class("mc-seed")
        self.open_button = W.Button(description="Open the table", button_style="success", icon="play")
        self.open_button.add_class("mc-open-table")
        self.another_button = W.Button(description="Open another table", icon="plus",
                                       layout=W.Layout(display="none", width="auto"))
        self.another_button.add_class("mc-open-another")
        self.links = html(cls="mc-links-box")
        opener = W.VBox([html("<div class='mc-panel-title'>Open a table</div>"), self.game,
                         html("<div class='mc-note'>Each seat is a person with their own link, or a "
                              "computer player:</div>"), self.levels_note,
                         self.seat_box, self.disclosure, self.name, self.seed,
                         html("<div class='mc-note'>The same deal number at several tables deals each the "
                              "same game (the same game, seats and bots): every group plays the same deal. "
                              "Players never see it.</div>"),
                         W.HBox([self.open_button, self.another_button]), self.links])
        opener.add_class("mc-panel")
        if not key:
            opener = html("<div class='mc-panel mc-no-opening'><div class='mc-panel-title'>Open a table</div>"
                          "<div class='mc-note'>Tables are opened by the teacher, from the lobby link the "
                          "class command printed for them (it carries the host key).</div></div>")
        self.code = W.Text(description="Seat link or code", placeholder="paste the link or type the code",
                           style={"description_width": "130px"}, layout=W.Layout(width="560px"))
        self.code.add_class("mc-join-code")
        self.join_button = W.Button(description="Join", button_style="info", icon="sign-in")
        self.join_button.add_class("mc-join")
        self.joined = html(cls="mc-joined")
        joiner = W.VBox([html("<div class='mc-panel-title'>Join a table</div>"),
                         W.HBox([self.code, self.join_button]), self.joined])
        joiner.add_class("mc-panel")
        body = W.VBox([self.error, opener, joiner])
        body.add_class("mc-lobby")
        self.children = [html(APP_CSS + TABLES_CSS), _title_bar(html(cls="mc-status")), body]
        self.open_button.on_click(self.guard(lambda _b: self.open_table()))
        self.game.observe(self.guard(lambda change: self._seat_choices(change["new"])), names="value")
        self.another_button.on_click(self.guard(lambda _b: self._ready_to_open(True)))
        self.join_button.on_click(self.guard(lambda _b: self.join()))

    def show_error(self, message: str) -> None:
        self.messages.show_error(message)

    def _seat_choices(self, game: str) -> None:
        """One choice per seat of `game` (its own seat names and bot levels): two people and two
        of its strongest bots by default, the other seats empty."""
        spec = kit.get(game)
        levels = spec.bot_levels()
        top = next(reversed(levels))
        kinds = [HUMAN, *levels, EMPTY]
        defaults = [HUMAN, HUMAN, top, top] + [EMPTY] * spec.max_seats
        self.seats = [W.Dropdown(options=kinds, value=d, description=name, style={"description_width": "90px"},
                                 layout=W.Layout(width="260px"))
                      for name, d in zip(spec.seats_for(spec.max_seats), defaults)]
        for w in self.seats:
            w.add_class("mc-seat-choice")
        self.seat_box.children = self.seats
        if game == "megacquire" and not self.disclosure.options:   # what each player sees of the others' stock (L35-43)
            from megacorps.megacquire.options import disclosure_choices
            self.disclosure.options = disclosure_choices()
            self.disclosure.value = 4
        self.disclosure.layout.display = None if game == "megacquire" else "none"
        self.levels_note.value = "<ul class='mc-note'>" + "".join(
            f"<li><b>{escape(n)}</b>: {escape(getattr(c, 'description', ''))}</li>" for n, c in levels.items()) + "</ul>"
        if game == "megacquire":   # the choice list names each method in a few words: here, what each shows
            from megacorps.megacquire.options import DISCLOSURES
            self.levels_note.value += "<ul class='mc-note'>" + "".join(
                f"<li>Disclosure <b>{n}</b>: {escape(text)}</li>" for n, text in DISCLOSURES.items()) + "</ul>"

    def _ready_to_open(self, ready: bool) -> None:
        """The form opens one table per click: after opening, it waits for "Open another table"
        (a second click used to open a second table, and the first one's codes, shown only
        once, were replaced on the page)."""
        for widget in (*self.seats, self.game, self.disclosure, self.name, self.seed, self.open_button):
            widget.disabled = not ready
        self.another_button.layout.display = "none" if ready else None

    def open_table(self) -> mc.tables.Invitation:
        seats = {w.description: w.value for w in self.seats if w.value != EMPTY}
        seed = seed_from_text(self.seed.value)   # a wrong one is said before anything is opened
        self._ready_to_open(False)
        try:
            options = {"disclosure": self.disclosure.value} if self.game.value == "megacquire" else None
            invitation = mc.tables.open_table(self.service, seats, seed=seed, name=self.name.value.strip(),
                                              key=self.key, game=self.game.value, options=options)
        except BaseException:
            self._ready_to_open(True)
            raise
        self.messages.clear_error()
        self.links.value = links_html(invitation) + self.links.value   # earlier tables' links stay
        return invitation

    def join(self) -> None:
        self.joined.value = ""   # never an earlier answer under a new refusal
        text = self.code.value.strip()
        if not text:
            raise ValueError("paste your seat link, or type your seat code")
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(text).query)
        if "host" in query:   # the host's link pasted here: it opens the host's page, not a seat
            code = query["host"][0]
            data = _request(f"{self.service}/api/host", code=code)   # refused here if wrong
            href = f"{page_base('table.ipynb')}?host={urllib.parse.quote(code)}"
            self.messages.clear_error()
            self.joined.value = (f"<div class='mc-note'>This is the host's link of table "
                                 f"<b>{escape(data['name'] or data['table'])}</b>, not a seat. "
                                 f"<a class='mc-host-link' href='{escape(href)}'>Go to the host's page</a></div>")
            return
        code = query["code"][0] if "code" in query else text
        seat = mc.tables.connect(self.service, code)  # refused here if the code is wrong
        self.messages.clear_error()
        href = f"{page_base('table.ipynb')}?code={urllib.parse.quote(code)}"
        self.joined.value = (f"<div class='mc-note'>This code opens <b>{escape(seat.corp)}</b>'s seat. "
                             f"<a class='mc-seat-link' href='{escape(href)}'>Go to your seat</a></div>")


def seed_from_text(text: str) -> int | None:
    """The seed typed on the lobby's form: None when empty (a fresh deal), else a whole
    number from 0 to `MAX_SEED`; anything else is refused with a message saying what to type."""
    text = text.strip().replace(" ", "")
    if not text:
        return None
    if not re.fullmatch(r"[0-9]+", text) or int(text) > MAX_SEED:
        raise ValueError(f"The seed must be a whole number from 0 to {MAX_SEED:,} (or empty for a "
                         f"fresh deal), not {text[:40]!r}. No table was opened.")
    return int(text)


def links_html(invitation: mc.tables.Invitation) -> str:
    """The links of a new table: one per human seat (secret: give each to its player), the
    host's page, and the spectator page for the projector."""
    base = page_base("table.ipynb")
    rows = []
    for corp, code in invitation.codes.items():
        href = f"{base}?code={urllib.parse.quote(code)}"
        rows.append(f"<tr><td>{corp_chip(corp)}</td><td><a class='mc-seat-link' data-corp='{escape(corp)}' "
                    f"href='{escape(href)}' target='_blank'>{escape(href)}</a><br>code <code>{escape(code)}</code>"
                    "</td></tr>")
    for corp, player in invitation.players.items():
        if player != HUMAN:
            rows.append(f"<tr><td>{corp_chip(corp)}</td><td><i>{escape(player)} bot</i></td></tr>")
    watch = f"{page_base('spectate.ipynb')}?table={urllib.parse.quote(invitation.table)}"
    host = f"{base}?host={urllib.parse.quote(invitation.host_code)}"
    return ("<div class='mc-note'>Give each player their own link (it is their seat: keep it secret). "
            "These codes are shown only now.</div>"
            f"<table class='mc-links'>{''.join(rows)}"
            f"<tr><td><b>Projector</b></td><td><a class='mc-watch-link' href='{escape(watch)}' target='_blank'>"
            f"{escape(watch)}</a></td></tr>"
            f"<tr><td><b>Host</b></td><td><a class='mc-host-link' href='{escape(host)}' target='_blank'>"
            f"{escape(host)}</a><br><span class='mc-note'>new links, a bot for an absent player</span></td></tr>"
            "</table>")


class HostPage(W.VBox):
    """The host's tools for one table: who is connected, a new link for a seat, a bot for an
    absent player."""

    def __init__(self, service: str, host_code: str):
        super().__init__()
        self.add_class("mc-app")
        self.service, self.host_code = service, host_code
        self.messages = Messages("mc")   # the error line (widgets/shell/messages.py)
        self.error = self.messages.error
        self.guard = guarded(self.show_error)
        self.summary = html(cls="mc-host-summary")
        self.corp = W.Dropdown(description="Seat", options=[], style={"description_width": "50px"})
        self.player = W.Dropdown(description="Player", options=[HUMAN, *LEVELS], style={"description_width": "60px"})
        self.set_button = W.Button(description="Set player", icon="user")
        self.reissue_button = W.Button(description="New link for this seat", icon="refresh",
                                       layout=W.Layout(width="auto"))
        self.reissue_button.add_class("mc-reissue")
        self.refresh_button = W.Button(description="Refresh", icon="repeat")
        self.answer = html(cls="mc-host-answer")
        tools = W.VBox([W.HBox([self.corp, self.player, self.set_button]),
                        W.HBox([self.reissue_button, self.refresh_button]), self.answer])
        tools.add_class("mc-panel")
        self.children = [html(APP_CSS + TABLES_CSS), _title_bar(html(cls="mc-status")), self.error,
                         self.summary, tools]
        self.set_button.on_click(self.guard(lambda _b: self.set_player()))
        self.reissue_button.on_click(self.guard(lambda _b: self.reissue()))
        self.refresh_button.on_click(self.guard(lambda _b: self.refresh()))
        self.refresh()

    def show_error(self, message: str) -> None:
        self.messages.show_error(message)

    def _call(self, path: str, body: dict | None = None) -> dict:
        return _request(f"{self.service}{path}", "POST" if body is not None else "GET", body, self.host_code)

    def refresh(self) -> None:
        data = self._call("/api/host")
        self.table_id = data["table"]
        connected = data.get("connected", {})
        rows = "".join(f"<tr><td>{corp_chip(c)}</td><td>{escape(p)}</td><td>{connected.get(c, 0)} page(s) open</td></tr>"
                       for c, p in data["players"].items())
        watch = f"{page_base('spectate.ipynb')}?table={urllib.parse.quote(self.table_id)}"
        self.summary.value = (f"<div class='mc-panel'><div class='mc-panel-title'>Table {escape(data['name'] or self.table_id)}"
                              f" \u00b7 {escape(data['view']['decision'])}</div><table class='mc-links'>{rows}</table>"
                              f"<div class='mc-note'>Projector: <a href='{escape(watch)}' target='_blank'>{escape(watch)}</a>"
                              f" ({connected.get('spectators', 0)} watching)</div></div>")
        players = [HUMAN, *kit.get(data.get("game", "megacorps")).bot_levels()]
        if list(self.player.options) != players:
            self.player.options = players
        current = self.corp.value
        self.corp.options = list(data["players"])
        self.corp.value = current if current in data["players"] else None
        self.messages.clear_error()

    def set_player(self) -> None:
        answer = self._call("/api/host/player", {"corp": self.corp.value, "player": self.player.value})
        self.answer.value = self._code_html(self.corp.value, answer.get("code"))
        self.refresh()

    def reissue(self) -> None:
        answer = self._call("/api/host/reissue", {"corp": self.corp.value})
        self.answer.value = self._code_html(answer["corp"], answer["code"])

    def _code_html(self, corp: str, code: str | None) -> str:
        if not code:
            return f"<div class='mc-note'>{escape(corp)} is now played by a bot.</div>"
        href = f"{page_base('table.ipynb')}?code={urllib.parse.quote(code)}"
        return (f"<div class='mc-note'>New link for {escape(corp)} (the old one no longer works): "
                f"<a href='{escape(href)}' target='_blank'>{escape(href)}</a></div>")


def _pages_for(game: str) -> tuple[type, type]:
    """The seat page and the projector page of `game` (MegaCorps' by default)."""
    import importlib
    spec = GAME_PAGES.get(game)
    if spec is None:
        from ..megacorps_app.table_pages import SeatPage
        return SeatPage, SpectatorPage
    module, _, names = spec.partition(":")
    seat_name, spectator_name = names.split(",")
    loaded = importlib.import_module(module)
    return getattr(loaded, seat_name), getattr(loaded, spectator_name)


def warm_up() -> None:
    """What a page's first build would otherwise pay after its request: the modules imported
    only by the pages' builders (the seat page's app, the other games' pages, the push stream's
    websockets) and plotly's figure classes, which it loads for a first figure. A preheated
    kernel (Voila's pool: VOILA_PREHEAT) does it while it waits for its page."""
    import importlib

    import plotly.graph_objects as go
    import websockets  # noqa: F401 - imported by follow()

    from ..board.figure import board_figure
    from ..megacorps_app.parts import preview_game
    from ..megacorps_app.table_pages import SeatPage  # noqa: F401 - MegaCorps' seat page
    for spec in GAME_PAGES.values():
        importlib.import_module(spec.partition(":")[0])
    # a figure rebuilt whole, as a FigureWidget is: plotly then imports every trace type's
    # classes for its template
    go.Figure(board_figure(preview_game()).to_dict())


def _preheated() -> bool:
    return os.environ.get("VOILA_PREHEAT") == "True"


def table_page() -> W.Widget:
    """The page notebooks/table.ipynb shows: a seat (`?code=`), the host's tools (`?host=`),
    or the lobby."""
    if _preheated():
        warm_up()
    query = page_query()
    service = service_url()  # never from the address: a shared link could name any host
    if "code" in query:
        try:
            seat = mc.tables.connect(service, query["code"])
        except TableError as err:
            lobby = Lobby(service)
            lobby.show_error(f"This seat link does not open a seat: {err}")
            return lobby
        page = _pages_for(seat.game)[0](seat)
        page.follow()
        return page
    if "host" in query:
        try:
            return HostPage(service, query["host"])
        except TableError as err:   # a wrong or mistyped host link: say so, never a cell error
            lobby = Lobby(service)
            lobby.show_error(f"This host link does not open a table's host page: {err}")
            return lobby
    return Lobby(service, query.get("key"))


def spectator_page() -> W.Widget:
    """The page notebooks/spectate.ipynb shows for `?table=<id>`."""
    if _preheated():
        warm_up()
    query = page_query()
    service = service_url()  # never from the address: a shared link could name any host
    if "table" not in query:
        return html("<div class='mc-error-text'>Open this page with the projector link of a table "
                    "(spectate.ipynb?table=...).</div>")
    try:
        watcher = mc.tables.watch(service, query["table"])
    except TableError as err:
        return html(f"<div class='mc-error-text'>{escape(str(err))}</div>")
    page = _pages_for(watcher.game)[1](watcher)
    page.follow()
    return page
