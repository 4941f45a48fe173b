"""The playable MegaCorps app: `App()` in a notebook served by Voila (notebooks/play.ipynb).

    from widgets.table.app import App
    App()

Layout: a title bar; the board with the corp panels under it; a sidebar with the new-game
form, then the decision, the hand, a card out of turn, the log and the money chart, and at
the end the results. Every callback is wrapped: errors appear in the message area, never as
a traceback. Bots move by themselves, one visible step at a time.
"""
from __future__ import annotations

import asyncio
import base64
import functools
import logging
import time
from html import escape
from typing import Callable

import ipywidgets as W

import megacorps as mc

from .panels import corp_panels_html, html, results_html
from .session import Session
from .setup_form import NewGameForm
from .style import APP_CSS
from .table import Table

log = logging.getLogger(__name__)

BOARD_W, BOARD_H = 800, 462

ABOUT = """
<div class='mc-about'>
<div class='mc-panel-title'>About this table</div>
<p><b>MegaCorps</b> is Greg Costikyan's game of corporate domination (Z-Man Games). This is a
digital table for 3 to 6 players at one screen (hot-seat), with computer players.</p>
<p><b>The board and the event deck are a reconstruction.</b> The rulebook explains every rule
but prints neither the board nor the card texts, so the countries, their companies, Defense
and Force values and the 21 event cards used here were rebuilt to agree with everything the
rulebook and published descriptions say. If you own the physical game, its board and cards
are the real ones.</p>
<p>Hot-seat privacy: a hand is shown only after its owner presses <i>Show my hand</i>, and
secret bids and votes are entered one player at a time. The log shows what everyone may
read.</p>
</div>
"""


def public_text(action: mc.Action) -> str:
    """What everyone at the screen may read about `action` (never a secret bid, vote or card)."""
    if isinstance(action, mc.Bid):
        return f"{action.corp} has placed a secret bid"
    if isinstance(action, mc.Vote):
        return f"{action.corp} has voted in secret"
    if isinstance(action, mc.OfferTrade):
        return action.describe(show_cards=False)
    return str(action)


def _preview_game() -> mc.Game:
    from .setup_form import DEFAULT_SEATS, EMPTY
    return mc.new_game([c for c, _ in DEFAULT_SEATS if c != EMPTY], seed=1)


class App(W.VBox):
    """The whole app as one widget (the notebook's last line displays it)."""

    def __init__(self, pause: float | None = None):
        super().__init__()
        self.add_class("mc-app")
        self.session: Session | None = None
        self.form = NewGameForm()
        if pause is not None:
            self.form.pause.value = pause
        self._bots_running = False
        self._bot_gen = 0
        self._highlight: tuple[str, ...] = ()
        self._board_key: tuple | None = None

        # title bar
        self.brand = html("<div class='mc-brand'>MEGA<span>CORPS</span></div>"
                          "<div class='mc-tagline'>corporate domination, one company at a time</div>")
        self.status = html(cls="mc-status")
        self.undo_button = W.Button(description="Undo", icon="undo", tooltip="Take back the last human action")
        self.undo_button.add_class("mc-undo")
        self.save_link = html(cls="mc-save")
        self.new_button = W.Button(description="New / Load", icon="file", tooltip="Start or load a game")
        self.new_button.add_class("mc-new")
        self.about_button = W.ToggleButton(description="About", icon="info-circle", value=False)
        self.about_button.add_class("mc-about-button")
        tools = W.HBox([self.undo_button, self.save_link, self.new_button, self.about_button])
        tools.add_class("mc-tools")
        self.title_bar = W.HBox([self.brand, self.status, tools])
        self.title_bar.add_class("mc-titlebar")

        # messages and panels
        self.about = html(ABOUT, cls="mc-panel")
        self.about.layout.display = "none"
        self.error = html(cls="mc-error")
        self.info = html(cls="mc-info")
        self.results = html(cls="mc-results-box")
        self.results_new = W.Button(description="Play again", icon="repeat", button_style="success")
        self.results_box = W.VBox([self.results, self.results_new])
        self.results_box.add_class("mc-panel")
        self.results_box.layout.display = "none"

        # the board (built now, complete, from a preview game: see the Voila trap in
        # /work/shared/design/toolchain.md) and the corp panels
        self.preview = _preview_game()
        self.board = self._make_board(self.preview)
        self.board_box = W.Box([self.board.figure], layout=W.Layout(width=f"{BOARD_W}px"))
        self.board_box.add_class("mc-board")
        self.corp_panels = html(cls="mc-corp-box")
        self.corp_panels.value = ("<div class='mc-welcome'>Set up the seats on the right and press "
                                  "<b>Start game</b>.</div>")
        left = W.VBox([self.board_box, self.corp_panels], layout=W.Layout(width=f"{BOARD_W + 8}px"))
        left.add_class("mc-left")

        # The table (decision, hand, log, chart) is built with the first game: fewer widgets for
        # the page to load before the board is drawn.
        self._table: Table | None = None
        self.sidebar = W.VBox([self.about, self.error, self.info, self.results_box, self.form.widget])
        self.sidebar.add_class("mc-sidebar")
        # the page: the board and the corp panels in the centre, the decisions on the right
        body = W.AppLayout(center=left, right_sidebar=self.sidebar, header=None, footer=None,
                           left_sidebar=None, pane_widths=[0, f"{BOARD_W + 8}px", 1],
                           grid_gap="6px", height="auto")
        body.add_class("mc-body")
        self.children = [html(APP_CSS), self.title_bar, body]

        # wiring: every callback goes through guard()
        self.form.start.on_click(self.guard(lambda _b: self.start_from_form()))
        self.form.back.on_click(self.guard(lambda _b: self._show_table()))
        self.form.upload.observe(self.guard(self._on_upload), names="value")
        self.undo_button.on_click(self.guard(lambda _b: self.undo()))
        self.new_button.on_click(self.guard(lambda _b: self.show_form()))
        self.results_new.on_click(self.guard(lambda _b: self.show_form()))
        self.about_button.observe(self.guard(self._on_about), names="value")
        self._update_title()

    @property
    def table(self) -> Table:
        if self._table is None:
            self._table = Table(self.guard(self.apply), self._set_highlight, self.guard)
            self._table.widget.layout.display = "none"
            self.sidebar.children = [*self.sidebar.children, self._table.widget]
        return self._table

    # --- errors --------------------------------------------------------------------------------

    def guard(self, fn: Callable) -> Callable:
        """Wrap a callback: any error becomes a message in the app, never a traceback."""
        @functools.wraps(fn)
        def wrapper(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except mc.IllegalAction as err:
                self.show_error(f"Not allowed: {err}")
            except mc.BadSaveFile as err:
                self.show_error(f"This file cannot be loaded: {err}")
            except ValueError as err:
                self.show_error(str(err))
            except Exception as err:  # noqa: BLE001 - the app must stay usable
                log.exception("callback failed")
                self.show_error(f"Something went wrong ({type(err).__name__}: {err}). "
                                "The game itself is unchanged; you can go on.")
            return None
        return wrapper

    def show_error(self, message: str) -> None:
        self.error.value = f"<div class='mc-error-text' role='alert'>\u26a0 {escape(message)}</div>"

    def clear_error(self) -> None:
        self.error.value = ""

    # --- starting, loading --------------------------------------------------------------------

    def start_from_form(self) -> None:
        seats = self.form.seat_choices()
        if self.form.loaded is not None:
            game = self.form.loaded
            session = Session(game, seats, self.form.seed.value)
        else:
            session = Session.new(seats, self.form.seed.value)
        self.start_session(session)

    def start_session(self, session: Session) -> None:
        self._stop_bots()
        self.clear_error()
        self.session = session
        self.form.set_loaded(None)
        self.form.upload.value = ()
        if session.game.state.corps != self._board_corps:
            # a BoardView's legend shows the corps it was built for: a new seating, a new view
            self.board = self._make_board(session.game)
            self.board_box.children = [self.board.figure]
        self._board_key = None
        self._highlight = ()
        self.table.set_session(session)
        self._show_table()
        self.refresh()
        self.run_bots()

    def _on_upload(self, change) -> None:
        text = self.form.read_upload()
        if text is None:
            return
        name = ""
        value = self.form.upload.value
        if value:
            item = value[0] if isinstance(value, (list, tuple)) else next(iter(value.values()))
            name = item.get("name", "")
        self.load_text(text, name)

    def load_text(self, text: str, name: str = "") -> None:
        """Load a saved game into the form (raises BadSaveFile saying what is wrong)."""
        game = mc.Game.from_json(text)
        self.form.set_loaded(game, name)
        self.clear_error()

    def show_form(self) -> None:
        self._stop_bots()
        self.form.widget.layout.display = None
        self.form.back.layout.display = None if (self.session and not self.session.game.is_over) else "none"
        if self._table is not None:
            self._table.widget.layout.display = "none"
        self.results_box.layout.display = "none"
        self.info.value = ""

    def _show_table(self) -> None:
        self.form.widget.layout.display = "none"
        self.table.widget.layout.display = None
        if self.session is not None:
            self.refresh()
            self.run_bots()

    def _on_about(self, change) -> None:
        self.about.layout.display = None if change["new"] else "none"

    # --- playing ------------------------------------------------------------------------------------

    def apply(self, action: mc.Action) -> None:
        """A human's action, through the engine (IllegalAction is reported by guard)."""
        if self.session is None:
            return
        self.session.apply(action)
        self.clear_error()
        self.info.value = f"<div class='mc-info-text'>{escape(public_text(action))}.</div>"
        self.refresh()
        self.run_bots()

    def undo(self) -> None:
        if self.session is None:
            raise mc.IllegalAction("there is no game to undo")
        undone = self.session.undo()
        self.clear_error()
        self.info.value = ("<div class='mc-info-text'>Taken back: "
                           + escape("; ".join(public_text(a) for a in undone)) + ".</div>")
        self.refresh()

    def board_click(self, target: str) -> None:
        if self.session is None or self.session.game.is_over or self._table is None:
            return
        self.table.board_click(target)

    # --- bots ---------------------------------------------------------------------------------------

    @property
    def pause(self) -> float:
        return float(self.form.pause.value or 0)

    def run_bots(self) -> None:
        """Let the bots decide until a human must (or the game is over). With a pause and a
        running event loop the bots move in a background task, one visible step at a time;
        otherwise (tests, pause 0) in this callback."""
        if self._bots_running or self.session is None:
            return
        if not self.session.bot_deciders():
            return
        pause = self.pause
        loop = None
        if pause > 0:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        self._bots_running = True
        if loop is not None:
            self._bot_gen += 1
            self._bot_task = loop.create_task(self._bots_async(self.session, pause, self._bot_gen))
            return
        try:
            session = self.session
            while session is self.session and session.bot_step() is not None:
                if pause > 0:
                    self.refresh()
                    time.sleep(pause)
        finally:
            self._bots_running = False
        self.refresh()

    async def _bots_async(self, session: Session, pause: float, gen: int) -> None:
        try:
            while session is self.session and gen == self._bot_gen:
                await asyncio.sleep(pause)
                if session is not self.session or gen != self._bot_gen:
                    break
                step = self.guard(session.bot_step)
                if step() is None:
                    break
                self.guard(self.refresh)()
        finally:
            if gen == self._bot_gen:
                self._bots_running = False
                if session is self.session:
                    self.guard(self.refresh)()

    def _stop_bots(self) -> None:
        self._bot_gen += 1
        self._bots_running = False

    # --- rendering --------------------------------------------------------------------------------

    def _make_board(self, game: mc.Game):
        from ..board.figure import BoardView
        self._board_corps = list(game.state.corps)
        view = BoardView(game, width=BOARD_W, height=BOARD_H)
        view.on_click(self.guard(self.board_click))
        return view

    def _set_highlight(self, targets: tuple[str, ...]) -> None:
        self._highlight = tuple(targets)
        self._update_board()

    def _update_board(self) -> None:
        if self.session is None:
            return
        game = self.session.game
        key = (id(game), len(game.actions), len(game.log), self._highlight)
        if key == self._board_key:
            return
        self._board_key = key
        self.board.update(game, highlight=self._highlight)

    def _update_title(self) -> None:
        s = self.session
        if s is None:
            self.status.value = "<div class='mc-status-text'>No game yet</div>"
            self.save_link.value = ""
            self.undo_button.disabled = True
            return
        g = s.game
        st = g.state
        if g.is_over:
            where = "Game over"
        elif st.phase == "setup":
            where = "Setting up: free picks"
        else:
            where = f"Round {st.round}"
        paid = f" \u00b7 Paid: <b>{escape(st.paid)}</b>" if st.paid else ""
        bots = "1" if (s.bot_deciders() and not g.is_over) else "0"
        self.status.value = (f"<div class='mc-status-text' data-actions='{len(g.actions)}' "
                             f"data-bots='{bots}'><b>{where}</b> \u00b7 Deck: {len(st.deck)} cards"
                             f" \u00b7 Active Player: <b>{escape(st.active)}</b>{paid}</div>")
        data = base64.b64encode(g.to_json().encode("utf-8")).decode("ascii")
        fname = f"megacorps-round-{st.round}.json"
        self.save_link.value = (f"<a class='mc-save-link' download='{fname}' title='Download this game' "
                                f"href='data:application/json;base64,{data}'>Save</a>")
        self.undo_button.disabled = not g.can_undo()

    def refresh(self) -> None:
        """Show the session's game everywhere (the board first: it is what players watch)."""
        s = self.session
        if s is None:
            return
        self._update_board()
        self.table.refresh()
        self._update_board()
        self.corp_panels.value = corp_panels_html(s, s.game.deciders)
        self._update_title()
        results = s.results()
        if results is not None:
            self.results.value = results_html(results)
            self.results_box.layout.display = None
            self.info.value = ""
            self.table.decision_box.layout.display = "none"
            self.table.tabs.selected_index = 1
        else:
            self.results_box.layout.display = "none"
            self.table.decision_box.layout.display = None
