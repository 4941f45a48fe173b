"""The playable note-card game: `App()` in a notebook served by Voila (notebooks/notecard/play.ipynb).

    from widgets.notecard.app import App
    App()

Layout: a title bar; in the middle the corporations, the moderator's reveal and the money chart;
on the right the new-game form, the note-card desk (hot-seat, one secret card at a time), the
results and the log. Every callback is wrapped: errors appear in the message area, never as a
traceback. Bots write their cards by themselves, one visible step at a time.
"""
from __future__ import annotations

import asyncio
import time
from html import escape
from typing import Callable

import ipywidgets as W

from megacorps import notecard as nc
from widgets.guard import guard
from widgets.keepalive import keep_alive
from widgets.megacorps_app.browser import BrowserBridge

from .chart import MoneyChart
from .desk import NoteCardDesk
from .panels import corps_html, html, log_html, results_html
from .reveal import RevealPanel
from .session import Session
from .setup_form import NewGameForm
from . import storage
from .style import NOTECARD_CSS

ABOUT = """
<div class='nc-about'>
<div class='nc-panel-title'>About this game</div>
<p><b>Megacorp</b> is a note-card game of quarters and sabotage for two or more corporations. Each
quarter every corporation secretly splits its money between investment in industries and sabotage
of a rival's industry. When every card is in, the moderator (here, the computer) turns them over:
each $1M of sabotage cancels up to $2M of the target's investment in that industry, and each $1M of
net investment earns $3M. A corporation left with no money is bankrupt; the last one standing wins.
If 8 quarters pass in a row without a bankruptcy, the table is deadlocked and the richest wins (or,
by the house rule of an agreed last quarter, the richest at that quarter).</p>
<p><b>Modules.</b> Variable Yield Industries: each industry's multiplier is drawn from its own deck
every quarter (1 to 5, most often 2 or 3). Variable Industries: $1M to enter an industry beyond your
current ones, lost again by a quarter without investment there.</p>
<p><b>Hot-seat privacy.</b> Cards are written one player at a time: the screen asks for the next
player by name, and nothing of a card stays on the page once it is handed in. The log shows what
everyone may read. How the rules were read where they say little: docs/rulings-notecard.md.</p>
</div>
"""


class App(W.VBox):
    """The whole page as one widget (the notebook's last line displays it)."""

    def __init__(self, pause: float | None = None):
        super().__init__()
        self.add_class("nc-app")
        self.session: Session | None = None
        self.form = NewGameForm()
        if pause is not None:
            self.form.pause.value = pause
        self._bots_running = False
        self._bot_gen = 0

        self.brand = html("<div class='nc-brand'>MEGACORP <span>the note-card game</span></div>"
                          "<div class='nc-tagline'>quarters, secret note cards and sabotage</div>")
        self.status = html(cls="nc-status")
        # a save file is built when asked and handed to the browser once, sealed (storage.py)
        self.bridge = BrowserBridge()
        fit = W.Layout(width="auto")  # the title bar's buttons as wide as their words (1024 px screens)
        self.save_button = W.Button(description="Save", icon="download", disabled=True, layout=fit,
                                    tooltip="Download this game, sealed (cards not yet revealed are not saved)")
        self.save_button.add_class("nc-save")
        self.new_button = W.Button(description="New / Load", icon="file", tooltip="Start or load a game",
                                   layout=W.Layout(width="auto"))
        self.new_button.add_class("nc-new")
        self.about_button = W.ToggleButton(description="About", icon="info-circle", value=False,
                                          layout=W.Layout(width="auto"))
        self.about_button.add_class("nc-about-button")
        tools = W.HBox([self.save_button, self.new_button, self.about_button])
        tools.add_class("nc-tools")
        title_bar = W.HBox([self.brand, self.status, tools])
        title_bar.add_class("nc-titlebar")

        self.about = html(ABOUT, cls="nc-panel")
        self.about.layout.display = "none"
        self.error = html(cls="nc-error")
        self.info = html(cls="nc-info")
        self.results = html()
        self.results_again = W.Button(description="Play again", icon="repeat", button_style="success")
        self.results_box = W.VBox([self.results, self.results_again])
        self.results_box.add_class("nc-panel")
        self.results_box.add_class("nc-results")
        self.results_box.layout.display = "none"

        self.corps = html("<div class='nc-welcome'>Choose the corporations on the right and press "
                          "<b>Start game</b>.</div>", cls="nc-corps-box")
        self.reveal = RevealPanel(self.guard(self._reveal_done), self.guard, self.guard(self._reveal_told))
        self.chart = MoneyChart(width=600)
        # the desk reports a refused card on the card itself (its writer's eyes only), so these two
        # are not guarded: the desk's buttons are
        self.desk = NoteCardDesk(self.hand_in, self.take_back, self.guard)
        self.log_box = html(cls="nc-log-box")
        self.log_panel = W.VBox([html("<div class='nc-panel-title'>Log</div>"), self.log_box])
        self.log_panel.add_class("nc-panel")
        self.log_panel.layout.display = "none"

        # the page fits its window from 1024 px on (it was a fixed 1190 px, cut off at 1024x700):
        # the style sheet's grid sizes the two columns
        main = W.VBox([self.corps, self.reveal.widget, self.chart.box], layout=W.Layout(width="100%"))
        main.add_class("nc-main")
        self.sidebar = W.VBox([self.about, self.error, self.info, self.results_box, self.form.widget,
                               self.desk.widget, self.log_panel], layout=W.Layout(width="100%"))
        self.sidebar.add_class("nc-sidebar")
        body = W.HBox([main, self.sidebar])
        body.add_class("nc-body")
        # Voila culls a kernel idle for a minute (voila.json): a player thinking over a card is not idle
        self.children = [html(NOTECARD_CSS), title_bar, body, keep_alive(), self.bridge]

        self.form.start.on_click(self.guard(lambda _b: self.start_from_form()))
        self.form.back.on_click(self.guard(lambda _b: self._show_table()))
        self.form.upload.observe(self.guard(self._on_upload), names="value")
        self.save_button.on_click(self.guard(lambda _b: self.save()))
        self.new_button.on_click(self.guard(lambda _b: self.show_form()))
        self.results_again.on_click(self.guard(lambda _b: self.show_form()))
        self.about_button.observe(self.guard(self._on_about), names="value")
        self._update_title()

    # --- errors ---------------------------------------------------------------------------------

    def guard(self, fn: Callable) -> Callable:
        """Wrap a callback: any error becomes a message on the page, never a traceback (widgets/guard.py)."""
        return guard(fn, self.show_error)

    def show_error(self, message: str) -> None:
        self.error.value = f"<div class='nc-error-text' role='alert'>\u26a0 {escape(message)}</div>"

    def clear_error(self) -> None:
        self.error.value = ""

    # --- starting, loading --------------------------------------------------------------------------

    def start_from_form(self) -> None:
        seats = self.form.seat_choices()
        if self.form.loaded is not None:
            session = Session(self.form.loaded, seats, None)
        else:
            session = Session.new(seats, self.form.seed_value(), self.form.options())
        self.form.seed.value = ""  # a game's seed tells its yield stacks' order: it leaves the page
        self.start_session(session)

    def start_session(self, session: Session) -> None:
        self._stop_bots()
        self.clear_error()
        self.session = session
        self.form.set_loaded(None)
        self.form.upload.value = ()
        self.reveal.hide()
        self.desk.set_session(session)
        self.chart.build(session)
        self.info.value = ""
        self._show_table()

    def _on_upload(self, _change) -> None:
        upload = self.form.read_upload()
        if upload is not None:
            self.load_bytes(*upload)

    def load_bytes(self, raw: bytes, name: str = "") -> None:
        """Load a save file (sealed by this server, or a plain engine save) into the form
        (raises BadSaveFile saying what is wrong)."""
        game, seats = storage.read_save(raw)
        self.form.set_loaded(game, name, seats)
        self.clear_error()

    def load_text(self, text: str, name: str = "") -> None:
        self.load_bytes(text.encode("utf-8"), name)

    def save(self) -> None:
        """Build a sealed save file and hand it to the browser (nothing kept in the page)."""
        if self.session is None:
            raise ValueError("There is no game to save yet.")
        name, data = self.save_file()
        self.bridge.download(name, data)
        self.info.value = (f"<div class='nc-info-text'>Saved as {escape(name)}. It can be loaded on this "
                           "server (New / Load); the game in it is sealed, and cards not yet revealed are "
                           "not saved.</div>")

    def save_file(self) -> tuple[str, bytes]:
        return storage.sealed_save(self.session.game, self.session.seats)

    def show_form(self) -> None:
        self._stop_bots()
        self.form.widget.layout.display = None
        self.form.back.layout.display = None if (self.session and not self.session.game.is_over) else "none"
        self.desk.widget.layout.display = "none"
        self.desk.close()
        self.results_box.layout.display = "none"
        self.info.value = ""

    def _show_table(self) -> None:
        self.form.widget.layout.display = "none"
        self.log_panel.layout.display = None
        if self.session is not None:
            self.refresh()
            self.run_bots()

    def _on_about(self, change) -> None:
        self.about.layout.display = None if change["new"] else "none"

    # --- playing ------------------------------------------------------------------------------------

    def hand_in(self, card: nc.Allocate) -> None:
        """A human's card, through the engine (a refusal raises IllegalAction for the desk)."""
        if self.session is None:
            return
        revealed = self.session.apply(card)
        self.clear_error()
        self.info.value = f"<div class='nc-info-text'>{escape(card.corp)} has handed in its note card, face down.</div>"
        if revealed:
            self._start_reveal()
        self.refresh()
        self.run_bots()

    def take_back(self, corp: str) -> nc.Allocate:
        card = self.session.take_back(corp)
        self.info.value = f"<div class='nc-info-text'>{escape(corp)} takes back its note card to change it.</div>"
        self.refresh()
        return card

    def _start_reveal(self) -> None:
        self.reveal.start(self.session)
        if not self.session.humans:  # nobody to click through it: show it whole
            self.reveal.show_all()
            self.chart.update(self.session)

    def _revealing(self) -> bool:
        """The reveal is on the screen and the humans have not yet continued to the next quarter."""
        return self.session is not None and bool(self.session.humans) and self.reveal.active

    def _held(self) -> tuple[int, dict[str, int]] | None:
        """(quarter, money before it) while humans step through that quarter's reveal: until they
        continue, the rest of the page must not tell what the reveal is about to."""
        s = self.session
        if s is None or not s.humans or not self.reveal.active or self.reveal.finished:
            return None
        return self.reveal.quarter, dict(self.reveal.before)

    def _reveal_told(self) -> None:
        """The reveal's last step is shown: the cards, the log and the chart catch up."""
        self.refresh()
        self.chart.update(self.session)

    def _reveal_done(self) -> None:
        self.info.value = ""
        self.refresh()
        self.chart.update(self.session)
        self.run_bots()

    # --- bots -------------------------------------------------------------------------------------------

    @property
    def pause(self) -> float:
        return float(self.form.pause.value or 0)

    def _bots_may_move(self) -> bool:
        s = self.session
        if s is None or s.game.is_over or not s.bot_deciders():
            return False
        return not self.reveal.active or not s.humans

    def _bot_step(self, session: Session) -> bool:
        """One bot's card; True if play may go on by itself."""
        if self.reveal.active:
            if session.humans:
                return False
            self.reveal.hide()  # bots only: each quarter's reveal stays up for one pause
        revealed = len(session.game.reports)
        corp = session.bot_step()
        if corp is None:
            return False
        if len(session.game.reports) > revealed:
            self._start_reveal()
        else:
            self.info.value = f"<div class='nc-info-text'>{escape(corp)} has handed in its note card, face down.</div>"
        return True

    def run_bots(self) -> None:
        """Let the bots write until a human must (or a reveal waits for the humans, or the game
        is over). With a pause and a running event loop, in a background task one visible step
        at a time; otherwise (tests, pause 0) in this callback."""
        if self._bots_running or not self._bots_may_move():
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
            self._update_title()
            return
        try:
            session = self.session
            while session is self.session and self._bots_may_move() and self._bot_step(session):
                if pause > 0:
                    self.refresh()
                    time.sleep(pause)
        finally:
            self._bots_running = False
        self.refresh()

    async def _bots_async(self, session: Session, pause: float, gen: int) -> None:
        try:
            while session is self.session and gen == self._bot_gen and self._bots_may_move():
                await asyncio.sleep(pause)
                if session is not self.session or gen != self._bot_gen:
                    break
                if not self.guard(self._bot_step)(session):
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

    # --- showing --------------------------------------------------------------------------------------

    def _update_title(self) -> None:
        s = self.session
        if s is None:
            self.status.value = "<div class='nc-status-text'>No game yet</div>"
            self.save_button.disabled = True
            return
        g = s.game
        cards = len(g.state.pending)
        if self._revealing():
            # until the humans continue, the page is still on the quarter being revealed
            where, quarter = f"Quarter {self.reveal.quarter}", self.reveal.quarter
            progress = " \u00b7 the moderator turns the cards over"
        else:
            where, quarter = ("Game over" if g.is_over else f"Quarter {g.quarter}"), g.quarter
            progress = "" if g.is_over else f" \u00b7 cards in: {cards} of {len(g.corps)}"
        modules = [m for on, m in ((g.options.variable_yield, "Variable Yield"),
                                   (g.options.variable_industries, "Variable Industries")) if on]
        ending = (f"house rule: last quarter {g.options.last_quarter}" if g.options.last_quarter
                  else "the rules' ending")
        busy = "1" if (self._bots_running or (self._bots_may_move())) else "0"
        self.status.value = (f"<div class='nc-status-text' data-quarter='{quarter}' data-cards='{cards}' "
                             f"data-reports='{len(g.reports)}' data-over='{int(g.is_over)}' data-bots='{busy}' "
                             f"data-reveal='{int(self.reveal.active)}'><div class='nc-status-main'><b>{where}</b>"
                             f"{progress}</div><div class='nc-status-modules'>"
                             f"{' + '.join(modules + [ending]) if modules else 'Core game + ' + ending}</div></div>")
        self.save_button.disabled = False

    def refresh(self) -> None:
        """Show the session's game everywhere."""
        s = self.session
        if s is None:
            return
        held = self._held()
        self.corps.value = corps_html(s, held, revealing=self._revealing())
        self.desk.refresh(paused=self.reveal.active)
        self.log_box.value = log_html(s, held=held[0] if held else None)
        results = s.results()
        if results is not None and not (self.reveal.active and s.humans):
            self.results.value = results_html(s, results)
            self.results_box.layout.display = None
            self.info.value = ""
        else:
            self.results_box.layout.display = "none"
        self._update_title()
