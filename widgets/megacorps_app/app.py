"""The playable MegaCorps app: `App()` in a notebook served by Voila (notebooks/play.ipynb).

    from widgets.megacorps_app.app import App
    App()

Layout: a title bar (status, Undo, Save, Rules, New / Load, About); the board with the corp
panels under it; a sidebar with "Resume", the new-game form, then the decision, the hand, a
card out of turn, and the log, money chart and rules; at the end the results and their charts.
The page adapts to the window (1024 x 700 to 1920 x 1080 and beyond): the board is drawn to
the width its column has (widgets/megacorps_app/browser.py reports it).

Every callback is wrapped: errors appear in the message area, never as a traceback. Bots
move by themselves, one visible step at a time, each move's reason in the log. The table
renders from a `TableSource` (widgets/megacorps_app/source.py); this app drives a hot-seat `Session`.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as W

import megacorps as mc

from ..guard import guard
from ..shell.bot_loop import BotLoop
from ..shell.about import About
from ..shell.messages import Messages
from ..shell.resume import ResumeList
from ..shell.results import ResultsPanel
from . import storage
from .browser import BrowserBridge
from .panels import active_player_html, corp_panels_html, end_chart_width, html, money_series, results_html, where_text
from .session import Session, public_text
from .setup_form import NewGameForm
from .source import TableSource
from .style import APP_CSS
from .table import Table

# The board as drawn before the page reports its size (and at 1280 x 800).
BOARD_W, BOARD_H = 853, 494
BOARD_MIN_W, BOARD_MAX_W = 560, 1500
# While bots decide a war against a corp played at this screen, each waits at least this long
# (seconds), so that the defender, who has nothing to decide, reads what is at stake.
WAR_READING_SECONDS = 3.0

ABOUT = """
<div class='mc-about'>
<div class='mc-panel-title'>About this table</div>
<p><b>MegaCorps</b> is Greg Costikyan's game of corporate domination (Z-Man Games). This is a
digital table for 3 to 6 players at one screen (hot-seat), with computer players.</p>
<p><b>New to the game?</b> Open <b>Rules</b> (title bar): every action, card and board
abbreviation is explained there, each log line links to the rule behind it, and the decision
panel says what happened to you since your last turn and why an action is not offered.</p>
<p><b>The board and the event deck are a reconstruction.</b> The rulebook explains every rule
but prints neither the board nor the card texts, so the countries, their companies, Defense
and Force values and the event cards used here were rebuilt to agree with everything the
rulebook and published descriptions say. If you own the physical game, its board and cards
are the real ones.</p>
<p><b>Privacy at one screen</b>: when several people play at the screen, a hand is shown only
after its owner presses <i>Show my hand</i> and is hidden again as soon as anything happens, and
secret bids and votes are entered one player at a time (with one person against bots, that
person's hand is always shown). <b>Nothing is lost</b>: the game is saved on this server after every move; reopen
the page and press <i>Resume</i>.</p>
</div>
"""


def _welcome(loaded: bool) -> str:
    """What the space under the board says before the first game of the page."""
    if loaded:
        return ("<div class='mc-welcome'>A saved game is loaded: check who plays each corp on the "
                "right and press <b>Resume saved game</b>. New to MegaCorps? Press <b>? Rules</b> above.</div>")
    return ("<div class='mc-welcome'>Set up the seats on the right and press "
            "<b>Start game</b>. New to MegaCorps? Press <b>? Rules</b> above.</div>")


def _preview_game() -> mc.Game:
    """The board before the first game: empty (no country or company dealt yet, as the page
    says "No game yet"; a dealt example differed from the real deal to come)."""
    from .setup_form import DEFAULT_SEATS, EMPTY
    return mc.scenario([c for c, _ in DEFAULT_SEATS if c != EMPTY])


class App(W.VBox):
    """The whole app as one widget (the notebook's last line displays it)."""

    def __init__(self, pause: float | None = None, preview: mc.Game | None = None):
        """`preview`: the game the board is first drawn from (default: an empty board before
        the first game; a seat at a networked table passes its table, so that one board is built)."""
        super().__init__()
        self.add_class("mc-app")
        self.source: TableSource | None = None
        self.form = NewGameForm()
        if pause is not None:
            self.form.pause.value = pause
        # the bots and the table's own answers move through the shell's loop: in the background
        # under Voila (even with no pause: the payout window counts down there), the first move at
        # once (`_bot_wait(first=True)`), and while a payout window is open it is redrawn every
        # second (`_window_idle`)
        self.bot_loop = BotLoop(self._step, lambda: self.source is not None, self.refresh, self.guard,
                                self._bot_wait, background=True, first_wait=lambda: self._bot_wait(first=True),
                                idle=self._window_idle)
        self._highlight: tuple[str, ...] = ()
        self._board_key: tuple | None = None
        self._board_size = (BOARD_W, BOARD_H)
        self._pending_undo = None

        # the bridge to the browser (connection, downloads, uploads, the window's size)
        self.bridge = BrowserBridge()
        self.bridge.on_hello = self.guard(self._on_hello)
        self.bridge.on_size = self.guard(self._on_size)
        self.bridge.on_upload = self.guard(self._on_upload)
        self.bridge.on_upload_refused = self.guard(self._on_upload_refused)
        self.bridge.on_topic = self.guard(self.open_topic)
        self.bridge.on_lesson = self.guard(self._on_lesson)

        # title bar
        self.brand = html("<div class='mc-brand'>MEGA<span>CORPS</span></div>"
                          "<div class='mc-tagline'>corporate domination, one company at a time</div>",
                          cls="mc-brand-box")
        self.status = html(cls="mc-status")
        self.undo_button = W.Button(description="\u21b6 Undo", tooltip="Take back the last human action")
        self.undo_button.add_class("mc-undo")
        self.save_button = W.Button(description="\u2913 Save",
                                    tooltip="Download this game as a file (it is also saved on the server after every move)")
        self.save_button.add_class("mc-save")
        self.rules_button = W.Button(description="? Rules", tooltip="The rules of MegaCorps, every action and card")
        self.rules_button.add_class("mc-rules-button")
        self.new_button = W.Button(description="New / Load", tooltip="Start, resume or load a game")
        self.new_button.add_class("mc-new")
        self.about_panel = About("mc", ABOUT, lambda panel: self._place(panel, self.error), self.guard,
                                 classes=("mc-panel",))
        self.about_button = self.about_panel.button
        tools = W.HBox([self.undo_button, self.save_button, self.rules_button, self.new_button, self.about_button])
        tools.add_class("mc-tools")
        self.title_bar = W.HBox([self.brand, self.status, tools])
        self.title_bar.add_class("mc-titlebar")

        # messages and panels (About, the undo confirmation and the results are built when first
        # needed: every widget is a model each page builds before the board is drawn)
        self.messages = Messages("mc")   # the error and info lines (widgets/shell/messages.py)
        self.error, self.info = self.messages.error, self.messages.info
        self._undo_box: W.VBox | None = None
        self._results: ResultsPanel | None = None
        self.resume_list = ResumeList("mc", self.guard, self.resume, self._forget)
        self.resume_box = self.resume_list.box
        self.resume_box.add_class("mc-panel")
        self._end_charts = None

        # the board (built now, complete, from a preview game: see the Voila trap in
        # /work/shared/design/toolchain.md) and the corp panels
        self.preview = preview if preview is not None else _preview_game()
        self.board = self._make_board(self.preview)
        self.board_box = W.Box([self.board.figure])
        self.board_box.add_class("mc-board")
        self.board_box.add_class("mc-board-slot")
        self.corp_panels = html(cls="mc-corp-box")
        self.corp_panels.value = _welcome(loaded=False)
        left = W.VBox([self.board_box, self.corp_panels])
        left.add_class("mc-left")

        # The table (decision, hand, log, chart) is built with the first game: fewer widgets for
        # the page to load before the board is drawn.
        self._table: Table | None = None
        self.sidebar = W.VBox([self.error, self.info, self.resume_box, self.form.widget])
        self.sidebar.add_class("mc-sidebar")
        body = W.Box([left, self.sidebar])
        body.add_class("mc-body")
        self.children = [html(APP_CSS), self.title_bar, body]

        # wiring: every callback goes through guard()
        self.form.start.on_click(self.guard(lambda _b: self.start_from_form()))
        self.form.back.on_click(self.guard(lambda _b: self._show_table()))
        self.form.forget.on_click(self.guard(lambda _b: self._show_loaded(None)))
        self.form.upload_slot.children = [self.bridge_upload()]
        self.undo_button.on_click(self.guard(lambda _b: self.undo()))
        self.save_button.on_click(self.guard(lambda _b: self.save()))
        self.rules_button.on_click(self.guard(lambda _b: self.open_topic("Goal")))
        self.new_button.on_click(self.guard(lambda _b: self.show_form()))
        self._update_title()

    # --- panels built when first needed ---------------------------------------------------------

    def _place(self, widget: W.Widget, before: W.Widget) -> W.Widget:
        """Put `widget` into the sidebar just before `before` (other pages may add their own
        panels to the sidebar, so positions are found, not fixed)."""
        children = list(self.sidebar.children)
        children.insert(children.index(before) if before in children else 0, widget)
        self.sidebar.children = children
        return widget

    @property
    def about(self) -> W.HTML:
        """The About panel (hidden until the About button is pressed)."""
        return self.about_panel.panel

    @property
    def undo_box(self) -> W.VBox:
        """Asks the corp whose action would be taken back to agree (a hot-seat table)."""
        if self._undo_box is None:
            self.undo_text = html(cls="mc-undo-text")
            self.undo_yes = W.Button(description="Take it back", button_style="warning")
            self.undo_yes.add_class("mc-undo-yes")
            self.undo_no = W.Button(description="Keep it")
            self.undo_no.add_class("mc-undo-no")
            self.undo_yes.on_click(self.guard(lambda _b: self._confirm_undo(True)))
            self.undo_no.on_click(self.guard(lambda _b: self._confirm_undo(False)))
            box = W.VBox([self.undo_text, W.HBox([self.undo_yes, self.undo_no])])
            box.add_class("mc-panel")
            box.add_class("mc-undo-confirm")
            box.layout.display = "none"
            self._undo_box = self._place(box, self.resume_box)
        return self._undo_box

    def _hide_undo_box(self) -> None:
        if self._undo_box is not None:
            self._undo_box.layout.display = "none"

    @property
    def results_box(self) -> W.VBox:
        """The results at game over: ranking, payouts, charts and "Play again" (the shell's panel)."""
        if self._results is None:
            self._results = ResultsPanel("mc", self.guard(self.show_form))
            self.results = self._results.text
            self.results.add_class("mc-results-box")
            self._results.box.add_class("mc-panel")
            self._place(self._results.box, self.form.widget)
        return self._results.box

    @property
    def results_new(self) -> W.Button:
        """The results' "Play again" button."""
        self.results_box   # noqa: B018 - built with its panel
        return self._results.again

    def _hide_results(self) -> None:
        if self._results is not None:
            self._results.hide()

    def bridge_upload(self) -> W.Widget:
        """The file chooser of the form is the bridge's own (checked in the page, sent once)."""
        return self.bridge

    @property
    def session(self) -> Session | None:
        """The hot-seat session being played (None before the first game)."""
        return self.source if isinstance(self.source, Session) else None

    @property
    def table(self) -> Table:
        if self._table is None:
            # the rules sit below the form (or the decision and hand): at 1024 x 700 they opened
            # out of sight, and "? Rules" seemed to do nothing
            self._table = Table(self.guard(self.apply), self._set_highlight, self.guard,
                                on_new_question=lambda: self.bridge.reveal(".mc-decision"),
                                reveal_rules=lambda: self.bridge.reveal(".mc-tabs", always=True))
            self._table.widget.layout.display = "none"
            self._table.chart.width = end_chart_width(self.bridge.sizes.get("width") or 1280)
            self.sidebar.children = [*self.sidebar.children, self._table.widget]
        return self._table

    # --- errors --------------------------------------------------------------------------------

    def guard(self, fn: Callable) -> Callable:
        """Wrap a callback: any error becomes a message on the page, never a traceback (widgets/guard.py)."""
        return guard(fn, self.show_error)

    def show_error(self, message: str) -> None:
        # kept until the table moves on (refresh): an old refusal must not sit above the next question
        self.messages.show_error(message, at=self.source.version if self.source is not None else None)

    # --- the browser ---------------------------------------------------------------------------

    def _on_hello(self, tables: list[str], sizes: dict) -> None:
        self._on_size(sizes)
        found = [t for t in (storage.find_table(tid) for tid in tables) if t is not None and t.phase != "over"]
        current = self.session.table_id if self.session else None
        found = [t for t in found if t.table != current]
        # a game loaded from a file plays on at a new table: the old table and the new one can
        # hold the same position, and the list offers it once (widgets/shell/resume.py)
        self.resume_list.show([(t.table, t.describe(), ", ".join(f"{c} {m}" for c, m in t.money.items()),
                                t.saved_at) for t in found],
                              position=lambda i: found[i].position or (found[i].describe(), tuple(found[i].money.items())))

    def _forget(self, table: str) -> None:
        self.bridge.forget(table)
        self.resume_list.forget(table)

    def resume(self, table: str) -> None:
        """Open table `table` from its autosave on this server."""
        session = storage.load_table(table)
        self.resume_list.hide()
        self.start_session(session, remember=False)
        self.messages.show_info(f"Resumed: {storage.find_table(table).describe()}.")

    def _on_size(self, sizes: dict) -> None:
        if self._table is not None and sizes.get("width"):
            # the money chart as wide as the sidebar (440 px was cut off at 1024 x 700)
            self._table.chart.width = end_chart_width(int(sizes["width"]))
            if self.source is not None and self._table.tabs.selected_index == 1:
                self._table.chart.update(money_series(self.source))
        board = int(sizes.get("board") or 0)
        height = int(sizes.get("height") or 0)
        if board <= 0:
            return
        width = max(BOARD_MIN_W, min(BOARD_MAX_W, board - 4))
        # leave room for the title bar and one row of corp panels under the board
        most_h = max(330, height - 52 - 200) if height else 10_000
        h = int(min(width * 0.58, most_h))
        if (width, h) == self._board_size:
            return
        self._board_size = (width, h)
        self.board.resize(self._public_game(), width, h, highlight=self._highlight)
        self._board_key = None

    def _on_upload(self, name: str, data: bytes) -> None:
        session = storage.read_save(data)
        self._show_loaded(session, name)
        self.messages.clear_error()

    def _show_loaded(self, session: Session | None, name: str = "") -> None:
        """The form offers to resume `session` (or a new game); the welcome under the board,
        while no game is on, names the button that the form now shows."""
        self.form.set_loaded(session, name)
        if "mc-welcome" in self.corp_panels.value:
            self.corp_panels.value = _welcome(loaded=session is not None)
        if session is not None:   # its button sits above the upload, out of sight at 1024 x 700
            self.bridge.reveal(".mc-start", always=True)

    def _on_upload_refused(self, name: str, size: int) -> None:
        self.show_error(f"{name} is {size / 1024 / 1024:.1f} MB, too big to be a MegaCorps save "
                        f"(at most {storage.MAX_SAVE_BYTES // 1024 // 1024} MB; a real one is a few dozen KB). "
                        "Choose the .json file the Save button gave you.")

    def _on_lesson(self, name: str) -> None:
        """A lesson link in a Voila that serves only the app: say how to open the lessons."""
        from .rules import LESSONS_DIR, lesson_title
        if not (LESSONS_DIR / name).exists():
            raise ValueError(f"There is no lesson {name!r}.")
        note = (f"{lesson_title(name)} cannot open here: this server shows only the app. Start it "
                "with the README's Play command, .venv/bin/megacorps-play, from the project folder "
                f"(it serves the lessons too), or open notebooks/{name} in JupyterLab.")
        self.messages.show_info(note)
        # the link was clicked in the Rules tab, far below the info line at 1024x700 (the click
        # seemed to do nothing): say it there too
        self.table.show_topic(None, note=note)

    def open_topic(self, topic: str) -> None:
        """Show the rules at `topic` (from the Rules button, a log line, a help link)."""
        if self.source is None:
            # no game yet: the rules open on their own, in the sidebar
            self.table.set_source(None)
            self.table.source = None
        table = self.table
        table.widget.layout.display = None
        if self.source is None:
            table.decision_box.layout.display = "none"
            table.hand_box.layout.display = "none"
            table.oot_box.layout.display = "none"
        table.show_topic(topic)   # in view (`Table.reveal_rules`)

    # --- starting, loading --------------------------------------------------------------------

    def start_from_form(self) -> None:
        seats = self.form.seat_choices()
        loaded = self.form.loaded
        if loaded is not None:
            session = Session(loaded.game, seats, loaded.seed, loaded.reasons, table_id=storage.new_table_id())
        else:
            session = Session.new(seats, self.form.seed_value(), table_id=storage.new_table_id())
        self.start_session(session)
        if loaded is not None:   # the page looks as before a load: say that the saved game is the one on
            where = storage.where_saved(session.game.is_over, session.game.state.round)
            self.messages.show_info(f"The saved game is back ({', '.join(session.corps)}, {where}): play on from here.")

    def start_session(self, session: Session, remember: bool = True) -> None:
        self._stop_bots()
        self.messages.clear()
        self.source = session
        self.form.set_loaded(None)
        self.form.refresh_seed()
        if session.table_id is not None:
            storage.autosave(session)
            if remember:
                self.bridge.remember(session.table_id)
        if list(session.corps) != self._board_corps:
            # a BoardView's legend shows the corps it was built for: a new seating, a new view
            self.board = self._make_board(session.public_game(), self._board_size)
            self.board_box.children = [self.board.figure]
        self._board_key = None
        self._highlight = ()
        self._pending_undo = None
        self._hide_undo_box()
        self.table.set_source(session)
        self.table.decision_box.layout.display = None
        self._show_table()

    def show_form(self) -> None:
        self._stop_bots()
        self.form.widget.layout.display = None
        self.form.back.layout.display = None if (self.source and not self._public_game().is_over) else "none"
        if self._table is not None:
            self._table.widget.layout.display = "none"
        self._hide_results()
        self.messages.clear_info()

    def _show_table(self) -> None:
        self.form.widget.layout.display = "none"
        self.table.widget.layout.display = None
        self.bridge.sidebar_to_top()  # the form may have been scrolled down to its button
        if self.source is not None:
            self.refresh()
            self.run_bots()

    # --- playing ------------------------------------------------------------------------------------

    def apply(self, action: mc.Action) -> None:
        """A human's action, through the source (IllegalAction is reported by guard)."""
        if self.source is None:
            return
        self.source.apply(action)
        self.messages.clear_error()
        self._pending_undo = None
        self._hide_undo_box()
        self.messages.note_move(self._what_it_did(action), getattr(action, "corp", None),
                                len(self.source.timeline()))
        self.refresh()
        self.run_bots()

    def _what_it_did(self, action: mc.Action) -> str:
        """What a human's action did, from the public log lines it wrote: a purchase that needs
        the controller's permission only asks for it ("Mokia buys X" stood above "its purchase
        was vetoed")."""
        try:
            step = self.source.timeline()[-1]
        except Exception:  # the note is a courtesy: the action itself is done
            step = None
        lines = [e.text for e in step.entries if e.rule != "Rounds"][:2] if step is not None else []
        return " ".join(line.rstrip(".") + "." for line in lines) or f"{public_text(action)}."

    def save(self) -> None:
        """Build a save file for the seats at this screen and hand it to the browser."""
        if self.source is None:
            raise ValueError("There is no game to save yet.")
        name, data = self.source.save_file()
        self.bridge.download(name, data)
        self.messages.show_info(f"Saved as {name}. It can be resumed on this server (New / Load); its hidden "
                       "cards are sealed, so the file shows nobody's hand. The game is also saved "
                       "here after every move.")

    def undo(self) -> None:
        if self.source is None:
            raise mc.IllegalAction("there is no game to undo")
        offer = self.source.undo_offer()
        if not offer.possible:   # the button's tooltip says so too; here in one sentence, not as a rule broken
            self.show_error(f"Undo is not possible now. {offer.reason}")
            return
        if offer.needs is not None:
            self._pending_undo = offer
            box = self.undo_box
            self.undo_text.value = (
                f"<div class='mc-panel-title'>Take back {escape(offer.owner)}'s action?</div>"
                f"<div class='mc-note'>It would take back: {escape('; '.join(offer.takes_back))}.</div>"
                f"<div>Only <b>{escape(offer.owner)}</b> may agree to take back its own action.</div>")
            self.undo_yes.description = f"I am {offer.owner}: take it back"
            box.layout.display = None
            return
        self._do_undo(None)

    def _confirm_undo(self, yes: bool) -> None:
        offer, self._pending_undo = self._pending_undo, None
        self._hide_undo_box()
        if yes and offer is not None:
            self._do_undo(offer.needs)

    def _do_undo(self, confirmed_by: str | None) -> None:
        undone = self.source.undo(confirmed_by)
        self.messages.clear_error()
        self.messages.show_info("Taken back: " + "; ".join(undone) + ".")
        self.refresh()

    def board_click(self, target: str) -> None:
        if self.source is None or self._public_game().is_over or self._table is None:
            return
        used, why = self.table.board_click(target)
        if used:
            self.messages.clear_error()
        elif why:
            self.messages.show_info(why)

    # --- bots and the table's own answers --------------------------------------------------------

    @property
    def pause(self) -> float:
        return float(self.form.pause.value or 0)

    def _automatic(self) -> list[mc.Action]:
        return self.table.automatic_answers() if self._table is not None else []

    def _step(self) -> bool:
        """One move the table makes by itself: a bot's, or a "no card" answer for a human who
        need not be asked. Returns whether anything happened."""
        source = self.source
        if source is None or self._public_game().is_over:
            return False
        if source.bots_to_move() or getattr(source, "bots", None):
            move = source.bot_step()
            if move is not None:
                return True
        answers = self._automatic()
        for action in answers:
            source.apply(action)
        return bool(answers)

    def _bot_wait(self, first: bool = False) -> float:
        """Seconds before the next move: the form's pause (none before the first move after a
        human's); while bots decide a war against a corp played at this screen, at least
        WAR_READING_SECONDS (the defender reads what is at stake)."""
        wait = 0.0 if first else self.pause
        if self._table is not None and self._table.war_against_here() is not None:
            return max(wait, WAR_READING_SECONDS)
        return wait

    def _window_idle(self) -> float | None:
        """Nothing moved: while a hot-seat payout window counts down, redraw its countdown and
        look again in a second (it closes by itself at its deadline); else the bots stop."""
        if self._table is None or not self._table.window_open():
            return None
        self._table.tick_window()
        return 1.0

    def run_bots(self) -> None:
        """Let the bots (and the table's automatic answers) move until a human must decide:
        widgets/shell/bot_loop.py, in a background task under a running event loop (the kernel
        keeps answering the page between steps), otherwise (tests) here."""
        self.bot_loop.run()

    def _stop_bots(self) -> None:
        self.bot_loop.stop()

    # --- rendering --------------------------------------------------------------------------------

    def _public_game(self) -> mc.Game:
        return self.source.public_game() if self.source is not None else self.preview

    def _make_board(self, game: mc.Game, size: tuple[int, int] = (BOARD_W, BOARD_H)):
        from ..board.figure import BoardView
        self._board_corps = list(game.state.corps)
        view = BoardView(game, width=size[0], height=size[1])
        view.on_click(self.guard(self.board_click))
        return view

    def _set_highlight(self, targets: tuple[str, ...]) -> None:
        self._highlight = tuple(targets)
        self._update_board()

    def _update_board(self) -> None:
        if self.source is None:
            return
        key = (id(self.source), self.source.version, self._highlight)
        if key == self._board_key:
            return
        self._board_key = key
        self.board.update(self.source.public_game(), highlight=self._highlight)

    def _update_title(self) -> None:
        s = self.source
        if s is None:
            self.status.value = "<div class='mc-status-text' data-actions='0' data-bots='0'>No game yet</div>"
            self._set_undo(False, "There is no game yet.")
            self.save_button.disabled = True
            return
        g = s.public_game()
        st = g.state
        where = where_text(g)
        paid = f" \u00b7 Paid: <b>{escape(st.paid)}</b>" if st.paid else ""
        # busy: the table will still move by itself (a bot, a payout window, an automatic answer)
        busy = s.bots_to_move() or (self._table is not None and (self._table.window_open()
                                                               or bool(self._table.automatic_answers())))
        bots = "1" if (busy and not g.is_over) else "0"
        steps = len(s.timeline())
        self.status.value = (f"<div class='mc-status-text' data-actions='{steps}' data-version='{s.version}' "
                             f"data-bots='{bots}'><b>{where}</b> \u00b7 Deck: {len(st.deck)} cards"
                             f" \u00b7 {active_player_html(st.active)}{paid}</div>")
        offer = s.undo_offer()
        self._set_undo(offer.possible, offer.reason)
        self.save_button.disabled = False

    def _set_undo(self, possible: bool, reason: str) -> None:
        """Undo looks disabled when it cannot be done, and says why (tooltip, and on click)."""
        self.undo_button.tooltip = "Take back the last human action" if possible else f"Undo is not possible: {reason}"
        if possible:
            self.undo_button.remove_class("mc-disabled")
        else:
            self.undo_button.add_class("mc-disabled")

    def refresh(self) -> None:
        """Show the table everywhere (the board first: it is what players watch)."""
        s = self.source
        if s is None:
            return
        self.messages.moved_on(s.version)
        self.messages.age_note(lambda at: [step.corp for step in s.timeline()[at:]])
        self._update_board()
        self.table.refresh()
        self._update_board()
        self.corp_panels.value = corp_panels_html(s)
        self._update_title()
        results = s.results()
        if results is not None:
            self.results_box   # noqa: B018 - built when first needed
            charts = None
            if self._end_charts is None or self._end_charts[0] != (id(s), s.version):
                self.table.end.show(s, width=end_chart_width(self.bridge.sizes.get("width") or 1280))
                self._end_charts = ((id(s), s.version),)
                charts = [self.table.end.box]
            self._results.show(results_html(results), extra=charts)
            self.messages.clear_info()
            self.table.decision_box.layout.display = "none"
        else:
            self._hide_results()
            self.table.decision_box.layout.display = None
