"""MegaCorps' parts for the page shell (widgets/shell/): `Shell(MegaCorpsParts(), autosave=True)` is
the playable MegaCorps page (`App` in widgets/megacorps_app/app.py names it so).

The shell does what every game's page does (the header, the new-game form, saves and loading,
Undo and its question to another human, the bots' loop, the results, About, Resume, keep-alive,
the error guard). MegaCorps brings:

- its board (`MegaCorpsBoard`): the Plotly board drawn to the width the browser reports, the
  corp panels under it, clicks that fill in the decision, the chosen action's targets outlined;
- its table (`MegaCorpsTable`, a `TablePanel`): the decision panel (widgets/megacorps_app/table.py)
  with its own hot-seat privacy (a hand shown only on demand and hidden again on any change, a
  card played out of turn, secret bids and votes entered one player at a time, the payout window
  every human at the screen answers at once), the log, the money chart and the rules in tabs;
  it reads the shell's game through `HotSeatTable` (widgets/megacorps_app/hot_seat.py);
- its pace: the bots move at once after a human unless a war against a corp played here is being
  decided (the defender reads what is at stake), and while a payout window counts down nothing
  moves and the countdown is redrawn every second;
- the answers the table gives for humans who need not be asked (a lone human's "no card" at a
  payout it cannot change, everyone who did not claim the window when it closes), made by the
  shell's loop as standing moves;
- its saves' public summary, and the older save files and autosaves of MegaCorps' own page before
  it was on the shell (widgets/megacorps_app/storage.py), which still load.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

import ipywidgets as W

import megacorps as mc
from megacorps.kit.bots import Decision

from ..shell.form import pause_from_env
from ..shell.parts import GameParts
from . import storage
from .hot_seat import HotSeatTable
from .panels import active_player_html, corp_panels_html, end_chart_width, html, money_series, results_html, where_text
from .rules import rules_help
from .seat_picker import DEFAULT_SEATS, EMPTY, CorpSeats
from .source import HUMAN, TableSource
from .style import APP_CSS
from .table import Table

if TYPE_CHECKING:  # pragma: no cover
    from widgets.shell.page import Shell

# The board as drawn before the page reports its size (and at 1280 x 800).
BOARD_W, BOARD_H = 853, 494
BOARD_MIN_W, BOARD_MAX_W = 560, 1500
# While bots decide a war against a corp played at this screen, each waits at least this long
# (seconds), so that the defender, who has nothing to decide, reads what is at stake.
WAR_READING_SECONDS = 3.0

TITLE = ("<div class='mc-brand'>MEGA<span>CORPS</span></div>"
         "<div class='mc-tagline'>corporate domination, one company at a time</div>")

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
"""

PRIVACY = """<p><b>Privacy at one screen</b>: when several people play at the screen, a hand is shown only
after its owner presses <i>Show my hand</i> and is hidden again as soon as anything happens, and
secret bids and votes are entered one player at a time (with one person against bots, that
person's hand is always shown).</p>"""

WELCOME = "Set up the seats on the right and press <b>Start game</b>. New to MegaCorps? Press <b>Rules</b> above."


def preview_game() -> mc.Game:
    """The board before the first game: empty (no country or company dealt yet, as the page
    says "No game yet"; a dealt example differed from the real deal to come)."""
    return mc.scenario([c for c, _ in DEFAULT_SEATS if c != EMPTY])


class MegaCorpsBoard:
    """The board and the corp panels under it (the shell's `Board`). The board is built complete
    from a preview game (see the Voila trap in /work/shared/design/toolchain.md), drawn again to
    the width its column has (`on_size`: widgets/megacorps_app/browser.py measures it), and built
    anew only for another seating (its legend shows the corps it was built for)."""

    def __init__(self, shell: "Shell", parts: "MegaCorpsParts", preview: mc.Game):
        self.shell, self.parts = shell, parts
        self.preview = preview
        self.highlight: tuple[str, ...] = ()
        self.size = (BOARD_W, BOARD_H)
        self._key: tuple | None = None
        self.view = self._make(preview)
        self.box = W.Box([self.view.figure])
        self.box.add_class("mc-board")
        self.box.add_class("mc-board-slot")
        self.corp_panels = html(cls="mc-corp-box")
        self.widget = self.box

    def _make(self, game: mc.Game):
        from ..board.figure import BoardView
        self.corps = list(game.state.corps)
        view = BoardView(game, width=self.size[0], height=self.size[1])
        view.on_click(self.shell.guard(self.parts.board_click))
        return view

    def public_game(self) -> mc.Game:
        source = self.parts.source
        return source.public_game() if source is not None else self.preview

    def draw(self, shell: "Shell", _seat: str | None = None, _legal: list | None = None) -> None:
        source = self.parts.source
        if source is None:
            return
        if list(source.corps) != self.corps:   # a new seating: a new view
            self.view = self._make(source.public_game())
            self.box.children = [self.view.figure]
            self._key = None
        key = (id(shell.game), source.version, self.highlight)
        if key != self._key:
            self._key = key
            self.view.update(source.public_game(), highlight=self.highlight)
        self.corp_panels.value = corp_panels_html(source)

    def set_highlight(self, targets: tuple[str, ...]) -> None:
        """Outline the chosen action's targets."""
        self.highlight = tuple(targets)
        if self.parts.source is not None:
            self.draw(self.shell)

    def on_size(self, sizes: dict) -> None:
        """The window's and the board's column's widths, as the browser measured them."""
        table = self.parts.panel._table   # built with the first game
        if table is not None and sizes.get("width"):
            # the money chart as wide as the sidebar (440 px was cut off at 1024 x 700)
            table.chart.width = end_chart_width(int(sizes["width"]))
            if self.parts.source is not None and table.tabs.selected_index == 1:
                table.chart.update(money_series(self.parts.source))
        board = int(sizes.get("board") or 0)
        height = int(sizes.get("height") or 0)
        if board <= 0:
            return
        width = max(BOARD_MIN_W, min(BOARD_MAX_W, board - 4))
        # leave room for the title bar and one row of corp panels under the board
        most_h = max(330, height - 52 - 200) if height else 10_000
        h = int(min(width * 0.58, most_h))
        if (width, h) == self.size:
            return
        self.size = (width, h)
        self.view.resize(self.public_game(), width, h, highlight=self.highlight)
        self._key = None


class MegaCorpsTable:
    """The sidebar's table while a game is played (the shell's `TablePanel`): the decision panel,
    the hand, a card out of turn, and the log, money chart and rules (widgets/megacorps_app/table.py),
    on the shell's game (`HotSeatTable`)."""

    def __init__(self, shell: "Shell", parts: "MegaCorpsParts"):
        self.shell, self.parts = shell, parts
        # the table is built with the first game (or the first look at the rules): fewer widgets for
        # the page to load before the board is drawn
        self.widget = W.VBox(layout=W.Layout(width="100%"))
        self._table: Table | None = None
        self._game: Any = None   # the game the table was last set to
        self._end_for: tuple | None = None

    @property
    def table(self) -> Table:
        if self._table is None:
            shell = self.shell
            # the rules sit below the form (or the decision and hand): at 1024 x 700 they opened
            # out of sight, and "Rules" seemed to do nothing
            table = self._table = Table(shell.guard(shell.act), lambda targets: self.parts.board_view.set_highlight(targets),
                                        shell.guard, on_new_question=lambda: shell.bridge.reveal(".mc-decision"),
                                        reveal_rules=lambda: shell.bridge.reveal(".mc-tabs", always=True))
            table.chart.width = end_chart_width(shell.bridge.sizes.get("width") or 1280)
            self.widget.children = [table.widget]
        return self._table

    def draw(self, shell: "Shell") -> None:
        if shell.game is not self._game:   # a new game (or one loaded): the table starts afresh
            self._game = shell.game
            self.table.set_source(self.parts.source)
        self.table.automatic_answers()   # a payout window due opens now, to be drawn with the table
        self.table.refresh()
        over = shell.game.is_over
        self.table.decision_box.layout.display = "none" if over else None
        if over:
            shell.messages.clear_info()

    def shown_seat(self, shell: "Shell") -> str | None:
        """The first human at this screen to decide (what Undo takes back is theirs)."""
        return next((c for c in shell.game.deciders if shell.players.get(c) == HUMAN), None)

    def may_act(self, shell: "Shell", seat: str) -> bool:
        """Any human at this screen may act (a card out of turn, a trade offer at any time): the
        engine refuses, saying why, what the rules do not allow now."""
        return True

    def open_rules(self, shell: "Shell", topic: str | None) -> None:
        """The rules in their tab at `topic` (the Rules button: the goal of the game); before the
        first game the table shows them alone."""
        table = self.table
        shell.table_box.layout.display = None
        if shell.game is None:
            table.decision_box.layout.display = "none"
            table.hand_box.layout.display = "none"
            table.oot_box.layout.display = "none"
        table.rules_view.open(topic or "Goal")   # its tab in front, in view (`Table.reveal_rules`)

    def end_charts(self, width: int) -> list[W.Widget] | None:
        """The end screen's charts, drawn once per finished game (None: those shown stand)."""
        source = self.parts.source
        key = (id(self.shell.game), source.version)
        if key == self._end_for:
            return None
        self._end_for = key
        self.table.end.show(source, width=width)
        return [self.table.end.box]


class MegaCorpsParts(GameParts):
    """MegaCorps on the page shell. `preview`: the game the board is first drawn from (default:
    an empty board before the first game). At a networked table (widgets/megacorps_app/table_pages.py)
    `remote` is the seat's `RemoteTable`, which the board and the table read instead of the
    shell's game, and `about` the page's own About."""

    prefix = "mc"
    shell_prefix = "mc"
    panel_classes = ("mc-panel",)
    board_before_game = True
    bots_in_background = True   # the payout window counts down while nothing moves
    quiet_rules = ("Rounds",)   # a round's start is not what a player's move did

    def __init__(self, preview: mc.Game | None = None, remote: TableSource | None = None, about: str = ABOUT):
        super().__init__("megacorps")
        self.preview = preview if preview is not None else preview_game()
        self.remote, self._about = remote, about
        self.board_view: MegaCorpsBoard | None = None
        self.panel: MegaCorpsTable | None = None
        self._source: HotSeatTable | None = None

    # --- the page ---------------------------------------------------------------------------------

    @property
    def source(self) -> HotSeatTable | None:
        """The table the widgets read (None before the first game)."""
        if self.remote is not None:
            self.remote.sync()   # what the service last sent
            return self.remote
        return self._source if self._source is not None and self._source.shell.game is not None else None

    @property
    def table(self) -> Table:
        return self.panel.table

    def title_html(self, shell: "Shell") -> str:
        """The brand, and at one screen its tagline (a networked seat's page says its table instead)."""
        return TITLE if self.remote is None else TITLE.split("<div class='mc-tagline'>")[0]

    def layout(self, shell: "Shell") -> W.Widget:
        """The board's column (the board, the welcome before the first game, the corp panels) beside
        the sidebar."""
        left = shell.board_box
        left.children = [self.board_view.box, shell.welcome, self.board_view.corp_panels]
        left.add_class("mc-left")
        body = W.Box([left, shell.sidebar])
        body.add_class("mc-body")
        return body

    def page_css(self) -> str:
        return APP_CSS

    def about(self) -> str:
        return self._about

    def privacy_words(self) -> str:
        return PRIVACY if self.remote is None else ""   # at a networked table each player has a screen

    def welcome(self) -> str:
        return WELCOME

    def built(self, shell: "Shell") -> None:
        shell.header.add_class("mc-titlebar")
        shell.status.add_class("mc-status")
        shell.form.widget.add_class("mc-panel")
        shell.status.value = "<div class='mc-status-text' data-actions='0' data-bots='0'>No game yet</div>"
        shell.bridge.on_size = shell.guard(self.board_view.on_size)
        shell.bridge.on_lesson = shell.guard(lambda name: self.lesson_link(shell, name))

    def lesson_link(self, shell: "Shell", name: str) -> None:
        """A lesson link in a Voila that serves only the app: say how to open the lessons."""
        from .rules import LESSONS_DIR, lesson_title
        if not (LESSONS_DIR / name).exists():
            raise ValueError(f"There is no lesson {name!r}.")
        note = (f"{lesson_title(name)} cannot open here: this server shows only the app. Start it "
                "with the README's Play command, .venv/bin/megacorps-play, from the project folder "
                f"(it serves the lessons too), or open notebooks/{name} in JupyterLab.")
        shell.messages.show_info(note)
        # the link was clicked in the Rules tab, far below the info line at 1024x700 (the click
        # seemed to do nothing): say it there too, under the topic's title
        self.table.rules_view.open(None, note=note)

    def board(self, shell: "Shell") -> MegaCorpsBoard:
        self._source = HotSeatTable(shell)
        self.board_view = MegaCorpsBoard(shell, self, self.preview)
        return self.board_view

    def table_panel(self, shell: "Shell") -> MegaCorpsTable:
        self.panel = MegaCorpsTable(shell, self)
        return self.panel

    def board_click(self, target: str) -> None:
        shell = self.panel.shell
        if self.source is None or shell.game.is_over:
            return
        used, why = self.table.board_click(target)
        if used:
            shell.messages.clear_error()
        elif why:
            shell.messages.show_info(why)

    def status_html(self, shell: "Shell") -> str:
        s = self.source
        g = s.public_game()
        st = g.state
        paid = f" \u00b7 Paid: <b>{escape(st.paid)}</b>" if st.paid else ""
        # busy: the table will still move by itself (a bot, a payout window, an automatic answer)
        busy = s.bots_to_move() or self.table.window_open() or bool(self.table.automatic_answers())
        return (f"<div class='mc-status-text' data-actions='{len(shell.game.actions)}' "
                f"data-version='{s.version}' data-bots='{int(busy and not g.is_over)}'><b>{where_text(g)}</b>"
                f" \u00b7 Deck: {len(st.deck)} cards \u00b7 {active_player_html(st.active)}{paid}</div>")

    def results(self, shell: "Shell") -> tuple[str, list[W.Widget] | None]:
        width = end_chart_width(shell.bridge.sizes.get("width") or 1280)
        return results_html(self.source.results()), self.panel.end_charts(width)

    # --- the bots' pace and the table's own answers ------------------------------------------------

    def default_pause(self) -> float:
        return pause_from_env(0.6)   # MegaCorps' bots pause less than the shell's by default

    def bot_wait(self, shell: "Shell") -> float:
        """The form's pause; while bots decide a war against a corp played at this screen, at
        least WAR_READING_SECONDS (the defender reads what is at stake)."""
        return self._war_wait(shell.pause)

    def first_wait(self, shell: "Shell") -> float:
        return self._war_wait(0.0)   # the first move after a human's at once

    def _war_wait(self, wait: float) -> float:
        if self.source is not None and self.table.war_against_here() is not None:
            return max(wait, WAR_READING_SECONDS)
        return wait

    def busy(self, shell: "Shell") -> bool:
        """A payout window counting down for the humans at this screen (opened here if due)."""
        if self.source is None or shell.game.is_over:
            return False
        return bool(self.table.automatic_answers()) or self.table.window_open()

    def idle(self, shell: "Shell") -> float | None:
        """While a hot-seat payout window counts down, redraw its countdown and look again in a
        second (it closes by itself at its deadline); else the loop stops."""
        if self.source is None or not self.table.window_open():
            return None
        self.table.tick_window()
        return 1.0

    def standing_move(self, shell: "Shell", seat: str) -> Decision | None:
        """"No card" for a human who need not be asked about a payout (`Table.automatic_answers`)."""
        if self.source is None:
            return None
        answer = mc.NoCard(seat)
        return Decision(answer, "") if answer in self.table.automatic_answers() else None

    def reason_words(self, seat: str, reason: str) -> str:
        return reason   # the log names the bot and its level: "Globbo (Greedy bot) thinks: ..."

    # --- the form, the saves ------------------------------------------------------------------------

    def form_seats(self) -> CorpSeats:
        return CorpSeats()

    def rules(self):
        return rules_help()

    def save_summary(self, game: mc.Game) -> dict:
        return storage.summary(game)

    def save_name(self, game: mc.Game) -> str:
        state = game.state
        return f"megacorps-{'over' if state.phase == 'over' else f'round-{state.round}'}.json"

    def describe(self, game: mc.Game) -> str:
        return f"{', '.join(game.state.corps)}, {storage.where_saved(game.is_over, game.state.round)}"

    def read_other_save(self, raw: bytes) -> tuple | None:
        return storage.read_old_save(raw)

    def resume_other(self, content: dict) -> tuple | None:
        return storage.old_table(content)

    def resume_line(self, summary: dict) -> tuple[str, str, Any]:
        return storage.resume_line(summary)

    def score_label(self) -> str:
        return "money"
