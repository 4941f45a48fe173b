"""The playable MEGAcquire page: `App()` in a notebook served by Voila (notebooks/megacquire/play.ipynb).

    from widgets.megacquire.app import App
    App()

A new-game form (3 to 6 seats, each a human or a bot level, an optional seed, or a save file to
load); then the hex board (widgets/megacquire/board_figure.py), the seat's tiles as buttons with
what each would do (the engine's preview), the decision under way as buttons built from the
engine's legal actions, the players' cash and holdings as the disclosure method shows them, and
the log (latest first). Hot-seat: when the next human to decide is not the one who decided last,
the page hides every hand and asks to pass the screen. Bots move by themselves, one step per
pause, their reasons in the log. Undo when the engine allows it, save (download) and load, and
the results at the end. Every callback is guarded: errors show on the page, never a traceback.
"""
from __future__ import annotations

import asyncio
import os
from html import escape
from typing import Callable

import ipywidgets as W

from megacorps import megacquire as mq
from megacorps.bots.protocol import decide
from megacorps.errors import BadSaveFile
from megacorps.megacquire.bots import LEVELS
from widgets.board.basic_figure import BasicFigureWidget
from widgets.guard import guard
from widgets.keepalive import keep_alive
from widgets.sealed_files import open_file, seal_file

from .board_figure import board_figure

HUMAN, OFF = "Human", "(no player)"
FORMAT = "megacquire-page"
BOARD_SIZE = dict(width=640, height=600)   # the board beside a 330 px sidebar at 1024x700

CSS = """<style>
.mq-app { font-family: sans-serif; font-size: 13px; max-width: 1010px; }
.mq-title { font-weight: bold; font-size: 16px; }
.mq-error { color: #A00000; font-weight: bold; }
.mq-panel-title { font-weight: bold; margin-top: 4px; }
.mq-log { max-height: 180px; overflow-y: auto; font-size: 12px; }
.mq-previews { font-size: 11px; max-height: 140px; overflow-y: auto; }
.mq-gate { background: #FFF4D6; padding: 12px; border: 2px solid #E69F00; }
.mq-app .widget-button { height: auto; min-height: 28px; white-space: normal; }
.mq-app input[type=file] { display: none !important; }  /* the Load button opens it */
.mq-app .widget-html-content { line-height: 1.35; }
.mq-welcome { padding: 40px 20px; font-size: 15px; color: #444; }
</style>"""


def _html(value: str = "", cls: str | None = None) -> W.HTML:
    widget = W.HTML(value)
    if cls:
        widget.add_class(cls)
    return widget


def _close(widget: W.Widget) -> None:
    if isinstance(widget, W.Box):
        for child in widget.children:
            _close(child)
    widget.close()


def _pause_from_env() -> float:
    try:
        return float(os.environ.get("MEGACORPS_BOT_PAUSE", "0.8"))
    except ValueError:
        return 0.8


class NewGameForm:
    """Six seats (the last three may stay empty), each a human or a bot level; a seed; a save to load."""

    def __init__(self):
        kinds = [HUMAN, *LEVELS]
        self.names = [W.Text(value=name, layout=W.Layout(width="110px")) for name in mq.options.DEFAULT_SEATS]
        self.kinds = [W.Dropdown(options=kinds if i < 3 else [OFF, *kinds],
                                 value=HUMAN if i == 0 else ("Random" if i < 3 else OFF),
                                 layout=W.Layout(width="130px")) for i in range(6)]
        self.seed = W.Text(placeholder="any whole number, or empty", description="Seed",
                           layout=W.Layout(width="260px"))
        self.start = W.Button(description="Start game", button_style="success", icon="play")
        self.start.add_class("mq-start")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load a save")
        rows = [W.HBox([n, k]) for n, k in zip(self.names, self.kinds)]
        self.widget = W.VBox([_html("<div class='mq-panel-title'>New game: 3 to 6 players</div>"), *rows,
                              self.seed, W.HBox([self.start, self.upload])])
        self.widget.add_class("mq-form")

    def seats(self) -> dict[str, str]:
        """Seat name -> HUMAN or a bot level, in seating order; raises ValueError naming the problem."""
        chosen: dict[str, str] = {}
        for name, kind in zip(self.names, self.kinds):
            if kind.value == OFF:
                continue
            seat = name.value.strip()
            if not seat:
                raise ValueError("Every player needs a name.")
            if seat in chosen:
                raise ValueError(f"Two players are called {seat!r}: give each a different name.")
            chosen[seat] = kind.value
        return chosen

    def seed_value(self) -> int | None:
        text = self.seed.value.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"The seed must be a whole number, not {text!r}.") from None


class App(W.VBox):
    """The whole page as one widget (the notebook's last line displays it)."""

    def __init__(self, pause: float | None = None):
        super().__init__()
        self.add_class("mq-app")
        self.pause = _pause_from_env() if pause is None else pause
        self.game: mq.Game | None = None
        self.players: dict[str, str] = {}   # seat -> HUMAN or a bot level
        self.bots: dict = {}
        self.viewer: str | None = None       # the human whose tiles the screen shows (None: nobody's)
        self.reasons: list[tuple[int, str]] = []  # (log length before the move, a bot's reason)
        self._bots_running = False
        self._bot_gen = 0
        self._bot_task = None

        self.form = NewGameForm()
        self.error = _html(cls="mq-error")
        self.status = _html()
        self.info = _html()   # what the last tool did (saved, taken back)
        self.gate_text = _html()
        self.gate_button = W.Button(description="I am here: show my tiles", button_style="warning")
        self.gate_button.add_class("mq-gate-button")
        self.gate = W.VBox([self.gate_text, self.gate_button])
        self.gate.add_class("mq-gate")
        self.decision = W.VBox()
        self.previews = _html(cls="mq-previews")
        self.players_box = _html()
        self.log_box = _html(cls="mq-log")
        self.results = _html()
        self.undo_button = W.Button(description="Undo", icon="undo", disabled=True, layout=W.Layout(width="auto"))
        self.save_button = W.Button(description="Save", icon="download", disabled=True, layout=W.Layout(width="auto"))
        self.new_button = W.Button(description="New / Load", icon="file", layout=W.Layout(width="auto"))
        self.board_box = W.VBox(layout=W.Layout(width=f"{BOARD_SIZE['width'] + 10}px"))
        self.figure: BasicFigureWidget | None = None
        self.board_box.children = [_html(
            "<div class='mq-welcome'>MEGAcquire: hexagonal tiles, companies founded, grown and merged, "
            "stock bought and sold. Choose the players on the right (a human or a bot for each seat) "
            "and press <b>Start game</b>, or load a saved game.</div>")]
        from widgets.table.browser import BrowserBridge
        self.bridge = BrowserBridge()   # hands save files to the browser, once

        tools = W.HBox([_html("<span class='mq-title'>MEGAcquire</span>"), self.status,
                        self.undo_button, self.save_button, self.new_button])
        self.table = W.VBox([self.gate, self.decision, self.previews, self.players_box,
                             _html("<div class='mq-panel-title'>Log (latest first)</div>"), self.log_box],
                            layout=W.Layout(width="330px"))
        self.table.layout.display = "none"
        self.gate.layout.display = "none"
        body = W.HBox([self.board_box, W.VBox([self.error, self.info, self.results, self.form.widget, self.table])])
        self.children = [_html(CSS), tools, body, keep_alive(), self.bridge]

        self.form.start.on_click(self.guard(lambda _b: self.start_from_form()))
        self.form.upload.observe(self.guard(self._on_upload), names="value")
        self.gate_button.on_click(self.guard(lambda _b: self.pass_gate()))
        self.undo_button.on_click(self.guard(lambda _b: self.undo()))
        self.save_button.on_click(self.guard(lambda _b: self.save()))
        self.new_button.on_click(self.guard(lambda _b: self.show_form()))

    # --- errors ---------------------------------------------------------------------------------

    def guard(self, fn: Callable) -> Callable:
        """Any error of `fn` becomes a message on the page (widgets/guard.py)."""
        return guard(fn, self.show_error)

    def show_error(self, message: str) -> None:
        self.error.value = f"<div role='alert'>\u26a0 {escape(message)}</div>"

    # --- starting, saving, loading -------------------------------------------------------------

    def start_from_form(self) -> None:
        players = self.form.seats()
        game = mq.new_game(list(players), seed=self.form.seed_value())
        self.form.seed.value = ""  # the seed tells the tiles' order: it leaves the page
        self.start(game, players)

    def start(self, game: mq.Game, players: dict[str, str]) -> None:
        """Play `game` with `players` (seat -> HUMAN or a bot level)."""
        unknown = [kind for kind in players.values() if kind != HUMAN and kind not in LEVELS]
        if set(players) != set(game.seats) or unknown:
            raise ValueError(f"Every seat needs a human or one of the bot levels {', '.join(LEVELS)}.")
        self._stop_bots()
        self.game, self.players = game, dict(players)
        self.bots = {seat: LEVELS[kind](seed=i) for i, (seat, kind) in enumerate(players.items()) if kind != HUMAN}
        self.viewer, self.reasons = None, []
        self.error.value = ""
        self.results.value = ""
        self.form.widget.layout.display = "none"
        self.table.layout.display = None
        self.save_button.disabled = False
        self.refresh()
        self.run_bots()

    def save_file(self) -> tuple[str, bytes]:
        """(name, content) of a save file: who plays and the cash readable, the game itself (hands
        and the tiles' order included) sealed with this server's key (widgets/sealed_files.py)."""
        if self.game is None:
            raise ValueError("There is no game to save yet.")
        view = self.game.view(None, log=False)
        data = seal_file(FORMAT, {"players": self.players, "round": view.round, "over": view.over},
                         {"game": self.game.to_json("*"), "players": self.players},
                         "The game itself is sealed with the key of the server that saved it; only that "
                         "server can resume it.")
        return f"megacquire-round-{view.round}.json", data

    def save(self) -> None:
        name, data = self.save_file()
        self.bridge.download(name, data)
        self.info.value = f"Saved as {escape(name)}."

    def load_bytes(self, raw: bytes) -> None:
        """Resume the game of a save file (this page's, or a plain engine save: every seat human).
        Raises BadSaveFile naming what is wrong."""
        content, text = open_file(raw, FORMAT, BadSaveFile, "MEGAcquire")
        if content is None:
            game = mq.load_game(text)
            players = {seat: HUMAN for seat in game.seats}
        else:
            players = content.get("players")
            if not isinstance(players, dict) or not isinstance(content.get("game"), str):
                raise BadSaveFile("save file: entry 'players' or 'game' is missing or malformed")
            game = mq.load_game(content["game"])
        self.start(game, players)

    def _on_upload(self, change) -> None:
        files = change["new"]
        if files:
            self.load_bytes(bytes(files[0]["content"]))

    def show_form(self) -> None:
        self._stop_bots()
        self.form.widget.layout.display = None
        self.table.layout.display = "none"

    # --- playing ----------------------------------------------------------------------------------

    def decider(self) -> str | None:
        return self.game.deciders[0] if self.game is not None and self.game.deciders else None

    def human_to_decide(self) -> str | None:
        seat = self.decider()
        return seat if seat is not None and self.players.get(seat) == HUMAN else None

    def gated(self) -> bool:
        """The next human to decide is not the one the screen shows: it waits to be passed on."""
        seat = self.human_to_decide()
        return seat is not None and seat != self.viewer

    def pass_gate(self) -> None:
        self.viewer = self.human_to_decide()
        self.refresh()

    def act(self, action) -> None:
        """A human's choice, through the engine's checked door (a refusal says why and changes nothing)."""
        if self.game is None:
            raise ValueError("Start a game first.")
        seat = self.human_to_decide()
        if seat is None or seat != self.viewer or getattr(action, "seat", None) != seat:
            raise ValueError("It is not your decision now.")
        self.game.apply(action)
        self.error.value = self.info.value = ""
        self.refresh()
        self.run_bots()

    def undo(self) -> None:
        if self.game is None or self.viewer is None:
            raise ValueError("Nothing to undo.")
        taken = self.game.undo(self.viewer)
        self.reasons = [(at, text) for at, text in self.reasons if at < len(self.game.log)]
        self.info.value = f"Taken back: {escape(str(taken))}."
        self.refresh()

    # --- bots -------------------------------------------------------------------------------------

    def _bot_step(self) -> bool:
        game = self.game
        seat = self.decider()
        if game is None or seat is None or seat not in self.bots:
            return False
        decision = decide(self.bots[seat], game, seat)
        at = len(game.log)
        game.apply(decision.action)
        if decision.reason:
            self.reasons.append((at, f"{seat}'s reason: {decision.reason}"))
        return True

    def run_bots(self) -> None:
        """Let the bots decide until a human must (or the game ends): with a pause and a running
        event loop one step per pause in a background task, else at once in this callback."""
        if self._bots_running or self.decider() not in self.bots:
            return
        loop = None
        if self.pause > 0:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        if loop is not None:
            self._bots_running = True
            self._bot_gen += 1
            self._bot_task = loop.create_task(self._bots_async(self._bot_gen))
            return
        self._bots_running = True
        try:
            while self._bot_step():
                pass
        finally:
            self._bots_running = False
        self.refresh()

    async def _bots_async(self, gen: int) -> None:
        try:
            while gen == self._bot_gen:
                await asyncio.sleep(self.pause)
                if gen != self._bot_gen or not self.guard(self._bot_step)():
                    break
                self.refresh()
        finally:
            if gen == self._bot_gen:
                self._bots_running = False
                self.refresh()

    def _stop_bots(self) -> None:
        self._bot_gen += 1
        self._bots_running = False

    # --- drawing ------------------------------------------------------------------------------------

    def shown_seat(self) -> str | None:
        """Whose hand and private lines the page shows now: the viewer's, unless the gate is up."""
        return None if self.gated() else self.viewer

    def refresh(self) -> None:
        game = self.game
        if game is None:
            return
        seat = self.shown_seat()
        view = game.view(seat)
        legal = game.legal_actions(seat) if seat is not None and seat == self.human_to_decide() else []
        previews = {a.tile: game.preview(a) for a in legal if isinstance(a, mq.PlayTile)}
        self._draw_board(view, previews)
        waiting = self.human_to_decide()
        if game.is_over:
            self.gate.layout.display = "none"
        elif self.gated():
            self.gate.layout.display = None
            self.gate_text.value = (f"<b>Pass the screen to {escape(waiting)}.</b> {escape(waiting)}'s tiles "
                                    "stay hidden until they press the button.")
        else:
            self.gate.layout.display = "none"
        # data-step: how many actions so far (browser tests wait on it)
        self.status.value = (f"<span class='mq-status' data-step='{len(game.actions)}' "
                             f"data-over='{int(game.is_over)}'>"
                             f"{escape(view.decision if not game.is_over else 'The game is over.')}</span>")
        # the decision's controls are rebuilt only when the decision changed: a redraw for nothing
        # (the bots' task ending, say) would replace a button under the player's pointer and lose
        # the click (issue 25's lesson, met again here by this page's browser test)
        key = (len(game.actions), seat, tuple(legal), game.is_over)
        if key != getattr(self, "_decision_key", None):
            self._decision_key = key
            old = list(self.decision.children)
            self.decision.children = self._decision_widgets(legal) if legal else [
                _html(f"<i>{escape(view.decision)}</i>" if not game.is_over else "")]
            for widget in old:   # closed, so no model of a player's tiles stays in the browser
                _close(widget)
        self.previews.value = "".join(f"<div><b>{escape(t)}</b>: {escape(p)}</div>" for t, p in previews.items())
        self.players_box.value = self._players_html(view)
        self.log_box.value = self._log_html(view)
        self.undo_button.disabled = seat is None or not game.can_undo(seat)
        if game.is_over:
            self.results.value = self._results_html()

    def _draw_board(self, view, previews: dict[str, str]) -> None:
        """The board: built complete before its FigureWidget is made; later only its traces change
        (in callbacks, after the page is live: docs toolchain.md, the Voila trap)."""
        fig = board_figure(view, self.game.options, previews)
        fig.update_layout(**BOARD_SIZE, margin=dict(l=5, r=5, t=30, b=5),
                          legend=dict(orientation="h", x=0, y=-0.02, yanchor="top", font=dict(size=9)))
        if self.figure is None:
            self.figure = BasicFigureWidget(fig)
            self.board_box.children = [self.figure]
        else:
            with self.figure.batch_update():
                self.figure.layout = fig.layout
            self.figure.data = ()
            self.figure.add_traces(list(fig.data))
        for trace in self.figure.data:
            if trace.name == "play a tile":
                trace.on_click(self.guard(self._on_board_click))

    def _on_board_click(self, trace, points, _state) -> None:
        seat = self.shown_seat()
        for i in points.point_inds:
            self.act(mq.PlayTile(seat, trace.customdata[i]))
            return

    def _button(self, label: str, action, tooltip: str = "", style: str = "", cls: str = "") -> W.Button:
        button = W.Button(description=label, tooltip=tooltip or label, button_style=style,
                          layout=W.Layout(width="auto"))
        button.add_class("mq-choice")
        if cls:
            button.add_class(cls)
        button.on_click(self.guard(lambda _b: self.act(action)))
        return button

    def _decision_widgets(self, legal: list) -> list[W.Widget]:
        game = self.game
        names = {c.name: c for c in game.view(None, log=False).companies}
        # data-step: the decision these buttons answer (browser tests wait for it)
        out: list[W.Widget] = [_html(f"<div class='mq-panel-title mq-decision-title' data-step='{len(game.actions)}'>"
                                     f"{escape(game.decision)}</div>")]
        cart = game.view(None, log=False).cart
        if cart:   # the certificates bought so far this turn (paid when the turn ends)
            out.append(_html(f"<div class='mq-cart'>Bought this turn: {escape(', '.join(cart))}</div>"))
        tiles = [a for a in legal if isinstance(a, mq.PlayTile)]
        if tiles:
            out.append(W.HBox([self._button(a.tile, a, game.preview(a), cls="mq-tile") for a in tiles],
                              layout=W.Layout(flex_flow="row wrap")))
        disposals = [a for a in legal if isinstance(a, mq.Dispose)]
        if disposals:
            # one form for this holder: how many to sell, with the money each choice brings
            choice = W.Dropdown(options=[(game.preview(a).split(";")[0], a) for a in disposals],
                                layout=W.Layout(width="320px"))
            choice.add_class("mq-dispose")
            confirm = W.Button(description="Confirm", button_style="primary")
            confirm.add_class("mq-choice")
            confirm.on_click(self.guard(lambda _b: self.act(choice.value)))
            out += [choice, confirm]
        buttons = []
        for a in legal:
            if isinstance(a, (mq.PlayTile, mq.Dispose)):
                continue
            if isinstance(a, (mq.Found, mq.ChooseSurvivor, mq.ChooseDefunct)):
                c = names[a.company]
                label = f"{a.company} ({c.tier})"
            elif isinstance(a, mq.BuyShare):
                label = f"Buy {a.company} ${names[a.company].price:,}"
            elif isinstance(a, mq.EndTurn):
                label = "End the turn" if not a.trade else str(a).split(" and ends")[0].replace(a.seat + " ", "")
            elif isinstance(a, mq.NoPlay):
                label = "No tile can be played: go on"
            elif isinstance(a, mq.ProposeEnd):
                label = "Propose ending after this round"
            elif isinstance(a, mq.Vote):
                label = "Agree to end" if a.agree else "Refuse to end"
            else:
                label = str(a)
            style = "success" if isinstance(a, mq.EndTurn) else ""
            buttons.append(self._button(label, a, game.preview(a), style))
        if buttons:
            out.append(W.HBox(buttons, layout=W.Layout(flex_flow="row wrap")))
        return out

    def _players_html(self, view) -> str:
        rows = []
        for seat in view.order:
            who = self.players.get(seat, HUMAN)
            cash = f"${view.cash[seat]:,}" if seat in view.cash else "hidden"
            held = view.holdings.get(seat)
            stock = ", ".join(f"{n} {c}" for c, n in held.items()) if held else ("none" if held is not None else "hidden")
            mark = " &larr;" if seat in view.deciders else ""
            rows.append(f"<tr><td><b>{escape(seat)}</b> ({escape(who)}){mark}</td><td>{cash}</td>"
                        f"<td>{escape(stock)}</td><td>{view.hand_sizes[seat]} tiles</td></tr>")
        return "<table style='font-size:12px'><tr><th>Player</th><th>Cash</th><th>Stock</th><th>Hand</th></tr>" \
               + "".join(rows) + "</table>"

    def _log_html(self, view) -> str:
        reasons: dict[int, list[str]] = {}
        for at, text in self.reasons:
            reasons.setdefault(at, []).append(f"<i>{escape(text)}</i>")
        lines = []
        for i, line in enumerate(view.log or []):
            lines += reasons.get(i, [])
            lines.append(escape(line))
        return "".join(f"<div>{line}</div>" for line in reversed(lines[-200:]))

    def _results_html(self) -> str:
        game = self.game
        winners = game.winners()
        rows = "".join(f"<tr><td>{escape(p)}{' (wins)' if p in winners else ''}</td><td>${cash:,}</td></tr>"
                       for p, cash in sorted(game.scores().items(), key=lambda kv: -kv[1]))
        return (f"<div class='mq-results'><div class='mq-panel-title'>Game over: "
                f"{escape(' and '.join(winners))} {'win' if len(winners) > 1 else 'wins'}</div>"
                f"<table>{rows}</table></div>")
