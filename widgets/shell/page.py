"""`Shell`: the Voila page every game is played on, hot-seat, with bots in any seat.

    from widgets.shell import Shell, GameParts
    Shell(MyGameParts())          # the notebook's last line

The shell is game-agnostic: it knows the game through the kit only (the registry's `GameSpec`
and the `Game` protocol: deciders, decision, legal_actions, apply, view, log entries with rule
references, can_undo/undo, scores/winners, to_json, the bot driver). The game supplies its
board, its decision panels, its players' table, its rules help and its options
(`widgets/shell/parts.py`). The shell does the rest:

- a header: title, what is being decided, Undo, Save, New / Load, Rules, About (widgets/shell/header.py,
  MegaCorps' page's too), Undo saying why when it cannot be done (`undo_offer`, widgets/shell/takeback.py);
- the new-game form (each seat a human or a bot level, the game's options, a seed, a save);
- the hot-seat gate: when the next human to decide is not the one the screen shows, every
  hand is hidden (the board and panels are drawn for nobody) until that player says they are
  at the screen (a lone human against bots is never asked: the screen is theirs);
- bots moving by themselves, one move per pause, their reasons in the log;
- "since your last turn" for the human about to decide, the log with a rules link on every line
  whose rule the help explains, the results at the end with where each score came from;
- every callback guarded (widgets/guard.py): errors in the page, never a traceback;
- keep-alive (widgets/keepalive.py) and sealed save files (widgets/sealed_files.py);
- optional parts: the money chart when the game's parts answer `money` (widgets/shell/money_chart.py),
  and with `autosave=True` the table kept on the server after every move and "Resume" offered
  when the browser that played it opens the page again (widgets/shell/resume.py).
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as W

from megacorps import kit
from megacorps.errors import BadSaveFile
from megacorps.kit.bots import Decision, next_move
from widgets.guard import guard
from widgets.keepalive import keep_alive
from widgets.sealed_files import open_file, seal_file

from .about import About
from .bot_loop import BotLoop
from .form import HUMAN, NewGameForm
from .header import Header
from .log import LOG_LIMIT, game_lines, log_html, rules_help_link, since_html
from .messages import Messages
from .form import fresh_seed
from .parts import GameParts
from .resume import TableKeeper
from .results import ResultsPanel, results_html
from .rules_view import RulesView
from .takeback import UndoOffer, seat_of, take_back, undo_offer
from .undo_question import UndoQuestion
from .upload import wire_upload


# Undo while the new-game form covers the game: what it took back would go unseen
FORM_OPEN = "The new-game form is open: go back to the game to take a move back."


def html(value: str = "", cls: str | None = None) -> W.HTML:
    """An HTML widget with a CSS class."""
    widget = W.HTML(value)
    if cls:
        widget.add_class(cls)
    return widget


def close_all(widget: W.Widget) -> None:
    """Close `widget` and everything in it, its layout and style too (so no model of a closed
    panel stays in the browser). The networked pages use it as well."""
    for child in getattr(widget, "children", ()):
        close_all(child)
    for name in ("layout", "style"):
        part = getattr(widget, name, None)
        if isinstance(part, W.Widget):
            part.close()
    widget.close()


def read_reasons(rows: Any, game: Any) -> list[tuple[int, str, int | None]]:
    """The bots' reasons a save file keeps, as `Shell.reasons` holds them: (log line, text, the
    action's index or None), each line and action in `game`. Raises BadSaveFile when malformed."""
    if not isinstance(rows, list):
        raise BadSaveFile("save file: entry 'reasons' is not a list")
    out = []
    for row in rows:
        if not (isinstance(row, list) and len(row) == 3 and type(row[0]) is int and isinstance(row[1], str)
                and (row[2] is None or type(row[2]) is int)
                and 0 <= row[0] <= len(game.log) and (row[2] is None or 0 <= row[2] < len(game.actions))):
            raise BadSaveFile("save file: entry 'reasons' holds a malformed reason")
        out.append((row[0], row[1], row[2]))
    return out


class Shell(W.VBox):
    """The whole page as one widget."""

    def __init__(self, parts: GameParts, pause: float | None = None, autosave: bool = False):
        """`autosave`: keep the table on the server after every move and offer "Resume" when this
        browser opens the page again (widgets/shell/resume.py; a hot-seat page's option, not a
        networked table's)."""
        super().__init__()
        self.parts = parts
        self.spec = kit.get(parts.name)
        # the CSS prefix of the shell's own pieces (header, messages, form...): "shell", or the
        # game's when its page keeps its class names (MegaCorps' "mc")
        ui = self.ui = parts.shell_prefix
        self.add_class(f"{ui}-app")
        self.add_class(f"{parts.prefix}-app")
        self.game: Any = None
        self.players: dict[str, str] = {}   # seat -> HUMAN or a bot level
        self.bots: dict[str, Any] = {}
        self.viewer: str | None = None       # the human the screen shows (None: nobody)
        # (log length before a bot's move, its reason, the move's index: None when whoever sent the
        # reason already judged it fit for this screen, as the table service does)
        self.reasons: list[tuple[int, str, int | None]] = []
        self.seen: dict[str, int] = {}       # seat -> the log's length when it last acted
        self._seen_before: list[tuple[str, int | None]] = []   # for undo: (seat, its mark before)
        # seat -> how often a human seat's own position moved (it acted, took back, or a standing
        # move was made for it): what rebuilds its decision's controls by default (GameParts.decision_key)
        self.moves_made: dict[str, int] = {}
        # changes whenever anything at the table changes (a move, a take-back, a new game): what a
        # game's own panels key their caches and redraws on
        self.version = 0
        self.bot_loop = BotLoop(self.bot_step, self.bots_may_move, self.refresh, self.guard,
                                lambda: parts.bot_wait(self), background=parts.bots_in_background,
                                first_wait=lambda: parts.first_wait(self), idle=lambda: parts.idle(self))
        self._decision_key: tuple | None = None
        self._decision_title: W.HTML | None = None
        self.rules_help = parts.rules()
        self.rule_link = rules_help_link(self.rules_help)   # a log line's link to its rules help section

        self.form = NewGameForm(self.spec, parts.options_form(), parts.first_players(), parts.form_seats(),
                                pause=parts.default_pause() if pause is None else pause, prefix=ui)
        self.last_bot_move: tuple[str, Any] | None = None   # (seat, Decision) of the latest bot move
        self.messages = Messages(ui)   # the error and info lines (widgets/shell/messages.py)
        self.error, self.info = self.messages.error, self.messages.info
        from widgets.megacorps_app.browser import AUTOSAVED, BrowserBridge
        # hands save files to the browser, once; covers the page if its kernel stops answering,
        # saying how to get the game back: Resume where the page autosaves, else the last save file
        self.bridge = BrowserBridge(recovery=AUTOSAVED if autosave else (
            "<b>This page does not keep the game by itself</b>: reload the page and load your last "
            "save file (<b>New / Load</b>); what was played since that Save is lost."))
        # the Undo button's question when another human's move would be taken back (`undo`)
        self.undo_question = UndoQuestion(ui, self.guard, self.undo_offer,
                                          lambda offer: self._take_back(offer, self.shown_seat()),
                                          classes=parts.panel_classes)
        self.undo_box = self.undo_question.box
        self.results_panel = ResultsPanel(ui, self.guard(self.show_form))
        for cls in parts.panel_classes:
            self.results_panel.box.add_class(cls)
        self.welcome = html()
        self.board = parts.board(self)
        self.board_box = W.VBox([self.board.widget] if self.board is not None else [])
        self.board_box.add_class("shell-board")
        # a game keeping its own hot-seat privacy hands the shell one panel for its decisions, hands,
        # log and rules (GameParts.table_panel); else the shell draws its own, behind its gate
        self.panel = parts.table_panel(self)
        if self.panel is None:
            self._build_own_table(ui, parts)
        else:
            self.table_box = W.VBox([self.undo_box, self.panel.widget])
            self.rules_box = None
        self.table_box.add_class(f"{ui}-table")
        self.bridge.on_topic = self.guard(self.open_rules)   # a rules link's click
        self._show_welcome()

        about = parts.about()
        if about:   # what every shell page says of itself follows the game's own words
            about += parts.privacy_words()
            if autosave:
                about += ("<p><b>Nothing is lost</b>: the game is kept on this server after every move; open "
                          "the page again in this browser and press <i>Resume</i>.</p>")
        self.about = About(ui, about, self._place_first, self.guard, classes=parts.panel_classes,
                           reveal=lambda: self.bridge.reveal(f".{ui}-about", always=True)) if about else None
        self.header = Header(ui, parts.title_html(self), self.guard, undo=lambda: self.undo(), save=lambda: self.save(),
                             new=lambda: self.show_form(), rules=lambda: self.toggle_rules(),
                             about=self.about, kept_here=autosave)
        self.status = self.header.status
        self.undo_button, self.save_button = self.header.undo_button, self.header.save_button
        self.new_button, self.rules_button = self.header.new_button, self.header.rules_button
        self.sidebar = W.VBox([self.error, self.info, self.results_panel.box, self.form.widget, self.table_box])
        self.keeper = TableKeeper(self) if autosave else None
        if self.keeper is not None:
            self.sidebar.children = (self.error, self.info, self.keeper.box, *self.sidebar.children[2:])
        self.sidebar.add_class(f"{ui}-sidebar")
        if not parts.board_before_game:
            self.board_box.layout.display = "none"
        self.table_box.layout.display = "none"
        body = parts.layout(self)
        self.children = [html(parts.page_css()), self.header, body,
                         *([self.rules_box] if self.rules_box is not None else []), keep_alive()]
        # the form's "Load a save" is the bridge's: checked for size in the page, sent once
        self.form.upload_slot.children = [self.bridge]
        wire_upload(self.bridge, self.spec.title, lambda name, data: self.review_bytes(data, name),
                    self.show_error, self.guard)
        if hasattr(self.form.options, "wire_uploads"):   # an options form taking files (OptionsForm)
            self.form.options.wire_uploads(self.bridge, self.guard)

        self.form.start.on_click(self.guard(lambda _b: self.start_from_form()))
        self.form.back.on_click(self.guard(lambda _b: self.back_to_game()))
        self.form.forget_button.on_click(self.guard(lambda _b: self._show_welcome()))
        parts.built(self)

    def _build_own_table(self, ui: str, parts: GameParts) -> None:
        """The shell's own table: the gate, since your last turn, the decision, the players, the
        money chart and the log; and the rules viewer under the page."""
        self.gate_text = html()
        self.gate_button = W.Button(description=f"I am here: show my {parts.hand_name}", button_style="warning",
                                    layout=W.Layout(width="auto"))
        self.gate_button.add_class("shell-gate-button")
        self.gate = W.VBox([self.gate_text, self.gate_button])
        self.gate.add_class("shell-gate")
        self.gate_button.on_click(self.guard(lambda _b: self.pass_gate()))
        self.since = html(cls="shell-since")
        self.decision = W.VBox()
        self.decision.add_class("shell-decision")
        self.players_box = html()
        self.chart = parts.money_chart(self)   # shown when the parts answer `money` (parts.py)
        self.chart.box.layout.display = "none"
        self.log_box = html(cls="shell-log")
        # the rules viewer (widgets/shell/rules_view.py), under the page: opened by Rules, a log line's
        # rules link or a help link, and brought into view then (out of sight at 1024x700)
        self.rules_view = RulesView("shell", self.rules_help, lambda: self.bridge.scroll_to(".shell-rules"),
                                    back="#shell-top", hidden=True)
        self.rules_box = self.rules_view.widget
        self.table_box = W.VBox([self.undo_box, self.gate, self.since, self.decision, self.players_box, self.chart.box,
                                 html("<div class='shell-panel-title'>Log</div>"), self.log_box])
        self.gate.layout.display = self.since.layout.display = "none"

    # the panels built when first needed, by the names the tests read
    @property
    def undo_text(self) -> W.HTML:
        return self.undo_question.text

    @property
    def undo_yes(self) -> W.Button:
        return self.undo_question.yes

    @property
    def undo_no(self) -> W.Button:
        return self.undo_question.no

    @property
    def results(self) -> W.HTML:
        return self.results_panel.text

    def _place_first(self, panel: W.Widget) -> None:
        """Put `panel` at the top of the sidebar (the About panel, when first opened)."""
        self.sidebar.children = [panel, *self.sidebar.children]

    # --- errors ---------------------------------------------------------------------------------

    def guard(self, fn: Callable) -> Callable:
        """Any error of `fn` becomes a message on the page (widgets/guard.py)."""
        return guard(fn, self.show_error)

    def show_error(self, message: str) -> None:
        # kept until the table moves on (refresh): an old refusal must not sit above the next question
        self.messages.show_error(message, at=self._position())

    def _position(self) -> tuple[int, int] | None:
        """Where the table is (how many actions and log lines): a refusal shown at one position
        goes once the table is at another."""
        return None if self.game is None else (len(self.game.actions), len(self.game.log))

    # --- starting, saving, loading -------------------------------------------------------------

    @property
    def file_format(self) -> str:
        return f"{self.spec.name}-page"

    @property
    def pause(self) -> float:
        """Seconds between two bot moves (the form's Bot pause)."""
        return float(self.form.pause.value or 0)

    def start_from_form(self) -> None:
        players = self.form.seats()
        if self.form.loaded is not None:   # a save under review: it resumes with the players chosen
            game, seen, reasons = self.form.loaded
            self.form.forget()
            self.start(game, players, seen, reasons)
            # the page looks as before a load: say that the saved game is the one on
            self.messages.show_info(f"The saved game is back ({self.parts.describe(game)}): play on from here.")
            return
        seed = self.form.seed_value()
        seed = fresh_seed() if seed is None else seed   # a new deal each time unless one is set
        game = self.spec.new_game(list(players), seed=seed, options=self.form.option_values())
        self.form.seed.value = ""  # the seed tells the hidden order: it leaves the page
        self.start(game, players, seed=seed)

    def start(self, game: Any, players: dict[str, str], seen: dict[str, int] | None = None,
              reasons: list[tuple[int, str, int | None]] | None = None, seed: int | None = None) -> None:
        """Play `game` with `players` (seat -> HUMAN or a bot level); a loaded game brings back its
        "since your last turn" marks (`seen`) and its bots' reasons (`reasons`, as `self.reasons`).
        `seed`: the game's seed, from which each bot's own is drawn (the seed and the humans' moves
        give the same game again); None (a loaded game, code): the bots' seeds are 0, 1, 2..."""
        levels = self.spec.bot_levels()
        unknown = [kind for kind in players.values() if kind != HUMAN and kind not in levels]
        if set(players) != set(game.seats) or unknown:
            raise ValueError(f"Every seat needs a human or one of the bot levels {', '.join(levels)}.")
        self._stop_bots()
        self.game, self.players = game, dict(players)
        self.version += 1
        base = 1000 * seed if seed is not None else 0   # each game's bots a random stream of their own
        self.bots = {seat: levels[kind](seed=base + i) for i, (seat, kind) in enumerate(players.items())
                     if kind != HUMAN}
        self.viewer, self.reasons = self.lone_human(), list(reasons or [])
        self.seen, self._seen_before, self.moves_made = dict(seen or {}), [], {}
        self.messages.clear()
        self.results_panel.hide()
        self._decision_key = None
        self.form.widget.layout.display = self.form.back.layout.display = "none"
        self.welcome.layout.display = "none"
        self.board_box.layout.display = None
        self.table_box.layout.display = None
        self.save_button.disabled = False
        if self.keeper is not None:
            self.keeper.started()
        self.refresh()
        self.run_bots()

    def save_file(self) -> tuple[str, bytes]:
        """(name, content) of a save file: the public summary readable, the game itself (hands and
        hidden order included) sealed with this server's key (widgets/sealed_files.py)."""
        if self.game is None:
            raise ValueError("There is no game to save yet.")
        content = {"game": self.parts.save_game(self.game), "players": self.players, "seen": self.seen,
                   "reasons": self.parts.saved_reasons(self)}
        data = seal_file(self.file_format, {"players": self.players, **self.parts.save_summary(self.game)}, content,
                         "The game itself is sealed with the key of the server that saved it; only that "
                         "server can resume it.")
        return self.parts.save_name(self.game), data

    def save(self) -> None:
        name, data = self.save_file()
        self.bridge.download(name, data)
        kept = " The game is also kept here after every move." if self.keeper is not None else ""
        self.messages.show_info(f"Saved as {name}. It can be resumed on this server (New / Load); its hidden "
                                f"parts are sealed, so the file shows nobody's {self.parts.hand_name}.{kept}")

    def open_save(self, raw: bytes) -> tuple[Any, dict[str, str], dict[str, int], list[tuple[int, str, int | None]]]:
        """(game, players, seen, reasons) of a save file (this page's, or a plain engine save: every
        seat human, no reasons). Raises BadSaveFile naming what is wrong."""
        content, text = open_file(raw, self.file_format, BadSaveFile, self.spec.title)
        other = self.parts.read_other_save(raw) if content is None else None
        if other is not None:   # a file the game's page wrote before it was on the shell
            return other
        if content is None:
            game = self.spec.load_game(text)
            return game, {seat: HUMAN for seat in game.seats}, {}, []
        players, seen = content.get("players"), content.get("seen", {})
        if (not isinstance(players, dict) or not isinstance(content.get("game"), str)
                or not isinstance(seen, dict) or not all(type(v) is int for v in seen.values())):
            raise BadSaveFile("save file: entry 'players', 'game' or 'seen' is missing or malformed")
        game = self.spec.load_game(content["game"])
        return game, players, seen, read_reasons(content.get("reasons", []), game)

    def load_bytes(self, raw: bytes) -> None:
        """Resume the game of a save file at once, with the players it names (for code; the page's
        Load reviews it on the form first: `review_bytes`). Raises BadSaveFile, and nothing changes."""
        self.start(*self.open_save(raw))

    def review_bytes(self, raw: bytes, name: str = "") -> None:
        """Show the game of a save file on the form, its seats to be given to humans or bots before
        play resumes (*Resume saved game*). Raises BadSaveFile, and nothing changes."""
        game, players, seen, reasons = self.open_save(raw)
        what = f"{name}: {self.parts.describe(game)}" if name else self.parts.describe(game)
        self.form.review((game, dict(seen), list(reasons)), list(game.seats), players, what)
        self.messages.clear_error()
        self._show_welcome()
        self.show_form()
        self.bridge.reveal(f".{self.ui}-start", always=True)   # its button sits above the upload, out of sight at 1024x700

    def _show_welcome(self) -> None:
        """The words beside the form before any game: the game's welcome, or, while a loaded save
        is reviewed, what to do with it (the form's button then says *Resume saved game*, not the
        *Start game* the welcome names)."""
        text = (self.parts.welcome() if self.form.loaded is None else
                "<b>A saved game is loaded.</b> Give each of its seats to a human or a bot on the right, "
                "then press <b>Resume saved game</b> (or <b>Forget it: a new game</b>).")
        self.welcome.value = f"<div class='{self.ui}-welcome'>{text}</div>"

    def show_form(self) -> None:
        """The new-game form over the table; the hand on the screen is put away (closed, so its
        models leave the browser): back to the game, the gate asks who is there."""
        self._stop_bots()
        if self.viewer is not None:
            self.viewer = None
            self.refresh()
        self.form.widget.layout.display = None
        if self.keeper is not None:
            self.keeper.list.reveal()
        self.form.back.layout.display = None if self.game is not None and not self.game.is_over else "none"
        self.table_box.layout.display = "none"
        self.results_panel.hide()   # Play again: the form, not last game's results above it, out of sight at 1024x700
        self.messages.clear_info()
        self.header.set_undo(False, FORM_OPEN)   # a move taken back behind the form would go unseen

    def back_to_game(self) -> None:
        """Leave the form for the game under way (a save under review is forgotten)."""
        if self.game is None:
            raise ValueError("There is no game to go back to.")
        self.form.forget()
        self.form.widget.layout.display = "none"
        if self.keeper is not None:
            self.keeper.list.hide()
        self.table_box.layout.display = None
        self.viewer = self.lone_human()
        self.refresh()
        self.run_bots()

    def toggle_rules(self) -> None:
        """The Rules button: open the rules at their first section, brought into view, or close them
        (a game's own table panel opens them at its first topic)."""
        if self.panel is not None:
            self.open_rules(None)
        else:
            self.rules_view.toggle()

    def open_rules(self, topic: str | None) -> None:
        """Show the rules at `topic` (a rules link's click, a decision's help link), in view."""
        if self.panel is not None:
            self.panel.open_rules(self, topic)
        else:
            self.rules_view.open(topic)

    # --- who decides ------------------------------------------------------------------------------

    def decider(self) -> str | None:
        """The first seat that must decide now (None: nobody, the game is over or not started)."""
        deciders = self.game.deciders if self.game is not None else []
        return deciders[0] if deciders else None

    def human_to_decide(self) -> str | None:
        """The first human among the seats deciding now (None while the parts pause the page)."""
        if self.game is None or self.parts.paused(self):
            return None
        return next((s for s in self.game.deciders if self.players.get(s) == HUMAN), None)

    def lone_human(self) -> str | None:
        """The only human at the table, when there is one only: the screen is theirs from the start
        (nobody to pass it to, so no gate asks them to pass it to themselves); None otherwise."""
        humans = [seat for seat, kind in self.players.items() if kind == HUMAN]
        return humans[0] if len(humans) == 1 else None

    def gated(self) -> bool:
        """The next human to decide is not the one the screen shows: it waits to be passed on (never
        on a game's own table panel: it keeps its own privacy)."""
        if self.panel is not None:
            return False
        seat = self.human_to_decide()
        return seat is not None and seat != self.viewer

    def shown_seat(self) -> str | None:
        """Whose hand and private lines the page shows now: the viewer's, unless the gate is up (on a
        game's own table panel: the human it is asking)."""
        if self.panel is not None:
            return self.panel.shown_seat(self) if self.game is not None else None
        return None if self.gated() else self.viewer

    def hide(self) -> None:
        """The player at the screen walks away: the gate covers their hand until they are back."""
        self.viewer = None
        self.refresh()

    def pass_gate(self) -> None:
        self.viewer = self.human_to_decide()
        self.refresh()

    # --- acting -----------------------------------------------------------------------------------

    def act(self, action: Any) -> None:
        """A human's choice, through the engine's checked door (a refusal says why and changes nothing)."""
        if self.game is None:
            raise ValueError("Start a game first.")
        if self.panel is not None:   # the game's own panel says who at the screen may act (out of turn, say)
            seat = seat_of(action)
            if seat is None or self.players.get(seat) != HUMAN or not self.panel.may_act(self, seat):
                raise ValueError("It is not your decision now." if self.players.get(seat) == HUMAN or seat is None
                                 else f"{seat} is played by a bot ({self.players.get(seat)}).")
        else:
            seat = self.human_to_decide()
            if seat is None or seat != self.viewer or seat_of(action) not in (seat, None):
                raise ValueError("It is not your decision now.")
        log_at = len(self.game.log)
        self.game.apply(action)
        self.version += 1
        self._moved(seat)
        self._seen_before.append((seat, self.seen.get(seat)))
        self.seen[seat] = len(self.game.log)
        self.viewer = self.parts.screen_after_acting(self, seat)
        self.messages.clear_error()
        self._note_move(seat, log_at)
        self.refresh()
        self.run_bots()

    def _note_move(self, seat: str, log_at: int) -> None:
        """The info line says what `seat`'s move did: the first public lines it wrote (public: at a
        hot-seat table the next human may be reading the screen already)."""
        lines = [entry.for_seat(None) for entry in self.game.log[log_at:]
                 if entry.rule not in self.parts.quiet_rules][:2]
        if lines:
            self.messages.note_move(" ".join(line.rstrip(".") + "." for line in lines), seat,
                                    len(self.game.actions))
        else:
            self.messages.clear_info()

    def _moved(self, seat: str) -> None:
        self.moves_made[seat] = self.moves_made.get(seat, 0) + 1

    def choice_button(self, label: str, action: Any, tooltip: str = "", style: str = "",
                      cls: str = "") -> W.Button:
        """A button that takes `action` (class `shell-choice`, plus `cls`)."""
        button = W.Button(description=label, tooltip=tooltip or label, button_style=style,
                          layout=W.Layout(width="auto"))
        button.add_class("shell-choice")
        if cls:
            button.add_class(cls)
        button.on_click(self.guard(lambda _b: self.act(action)))
        return button

    @property
    def undo_asked(self) -> UndoOffer | None:
        """The move the Undo button's question asks another human to give back (None: no question)."""
        return self.undo_question.asked

    def undo_offer(self, seat: str | None = None) -> UndoOffer:
        """What Undo takes back now for the seat the screen shows, or for the human `seat` when
        given (as if that seat were at the screen), or why it cannot (widgets/shell/takeback.py:
        a human's own move with the bots' answers after it, another human's once that human agrees)."""
        game = self.game
        if game is not None and self.form.widget.layout.display is None:   # the form over the game
            return UndoOffer(False, FORM_OPEN)
        humans = [s for s, kind in self.players.items() if kind == HUMAN]
        at_screen = self.shown_seat() if seat is None else seat
        # a bot still to decide (asking the bots' driver would make the bot think, and draw from its
        # random numbers, at every redraw)
        bots = game is not None and not self.parts.holds_bots(self) and any(s in self.bots for s in game.deciders)
        return undo_offer(game, humans, at_screen, bots)

    def undo(self, seat: str | None = None) -> None:
        """Take back the last action of the shown seat (the Undo button) or of the human `seat`
        (a game's parts may offer that, as the note-card page's "take back a card") when the
        game's undo policy allows it, with the bots' answers after it (`undo_offer`). Another seat
        than the one shown is asked to the screen by the gate before anything of its is shown.
        The Undo button, when what it would take back is another human's, asks that human to
        agree first (`undo_question`). Raises ValueError saying why when nothing can be taken back."""
        offer = self.undo_offer(seat)
        if not offer.possible:
            raise ValueError(f"Undo is not possible now. {offer.reason}")
        if seat is not None and offer.owner != seat:
            raise ValueError(f"Undo is not possible now: {seat} has nothing of its own to take back.")
        self.messages.clear_error()   # an earlier refusal no longer stands above the question or the result
        if seat is None and offer.needs is not None:
            self.undo_question.ask(offer)
            # at the top of a sidebar that may be scrolled down (after a long form): in view
            self.bridge.reveal(f".{self.ui}-undo-confirm", always=True)
            return
        self._take_back(offer, self.shown_seat())

    def _take_back(self, offer: UndoOffer, shown: str | None) -> None:
        """Take back what `offer` names (its owner's last action, and the bots' answers after it);
        then the marks, the reasons and the info line follow, and the screen waits for the owner
        when it is not the one shown."""
        seat = offer.owner
        *answers, taken = take_back(self.game, offer)   # newest first: the owner's action last
        self.version += 1
        self._moved(seat)
        if self._seen_before and self._seen_before[-1][0] == seat:
            _, mark = self._seen_before.pop()
            if mark is None:
                self.seen.pop(seat, None)
            else:
                self.seen[seat] = mark
        self.reasons = [reason for reason in self.reasons if reason[0] < len(self.game.log)]
        if self.panel is not None:   # a game's own table: the screen is everyone's, so public words only
            self.messages.show_info("Taken back: " + "; ".join(offer.takes_back) + ".")
        elif seat == shown:
            # the bots' answers in public words: an answer decided in private stays so
            also = "; ".join(self.game.public_text(a) for a in reversed(answers))
            self.messages.show_info(f"Taken back: {taken}" + (f", and what answered it: {also}" if also else "") + ".")
        else:   # what is taken back is the seat's secret until it is at the screen
            self.viewer = None
            self.messages.show_info(f"{seat} takes back its last move: pass the screen to {seat}.")
        self.parts.undone(self, seat, taken)
        self.refresh()

    # --- bots -------------------------------------------------------------------------------------

    def bots_may_move(self) -> bool:
        """A bot has a move to make now, and the game's parts do not hold the bots
        (`GameParts.holds_bots`: a reveal the humans are still clicking through, say)."""
        return (self.game is not None and not self.parts.holds_bots(self)
                and (next_move(self.game, self.bots) is not None or self.standing_move() is not None
                     or self.parts.busy(self)))

    def standing_move(self) -> tuple[str, Decision] | None:
        """(seat, decision) of the move the parts make for the human to decide, by that player's
        standing order (`GameParts.standing_move`: the card game's automatic pass), or None."""
        if self.game.is_over:
            return None
        # on a game's own table panel several humans at the screen may wait at once (MegaCorps'
        # payout window), each with its own standing answer; else the one human to decide
        seats = ([s for s in self.game.deciders if self.players.get(s) == HUMAN] if self.panel is not None
                 else [self.human_to_decide()])
        for seat in seats:
            decision = self.parts.standing_move(self, seat) if seat is not None else None
            if decision is not None:
                return seat, decision
        return None

    def bot_step(self) -> bool:
        """One bot move (the kit's driver picks it), else a human's standing move; False when a
        human must decide, the game is over, or the parts hold the bots."""
        if self.game is None or self.parts.holds_bots(self):
            return False
        move = next_move(self.game, self.bots) or self.standing_move()
        if move is None:
            return False
        seat, decision = move
        self.last_bot_move = move
        at, step = len(self.game.log), len(self.game.actions)
        self.game.apply(decision.action)
        self.version += 1
        if self.players.get(seat) == HUMAN:   # a standing move, made for a human
            self._moved(seat)
        # a reason goes before the first line its move wrote; a move that wrote none (the card game's
        # bot passing priority) has no line of its own to explain, and its reason would stand before
        # the next move's line (a human's, say) as if it explained that one (MegaCorps' page drops it too)
        if decision.reason and len(self.game.log) > at:
            self.reasons.append((at, self.parts.reason_words(seat, decision.reason), step))
        self.parts.after_bot_move(self)
        return True

    def public_reasons(self) -> list[tuple[int, str, int | None]]:
        """The bots' reasons (as `self.reasons` holds them) this screen may show: a reason may name
        what the game hides from the humans at the screen (MEGAcquire's holdings under disclosure
        1-3, a secret bid, a note card before its reveal), so the game's own rule for the table
        service decides (`TableParts.reason_is_public`)."""
        parts, game = self.spec.table_parts, self.game
        return [reason for reason in self.reasons if reason[2] is None or parts.reason_is_public(game, reason[2])]

    def shown_reasons(self) -> list[tuple[int, str]]:
        """(log line, text) of each reason this screen may show (`public_reasons`)."""
        return [(at, text) for at, text, _step in self.public_reasons()]

    def run_bots(self) -> None:
        """Let the bots play until a human must decide, the parts hold them, or the game ends
        (widgets/shell/bot_loop.py: one move per pause in a background task under Voila). A
        game's parts call it again when their hold ends."""
        self.bot_loop.run()

    def _stop_bots(self) -> None:
        self.bot_loop.stop()

    # --- drawing ------------------------------------------------------------------------------------

    def legal_now(self, seat: str | None) -> list:
        """The shown seat's legal actions when it is the human to decide; else []."""
        if seat is None or seat != self.human_to_decide():
            return []
        return list(self.game.legal_actions(seat))

    def refresh(self) -> None:
        """Redraw everything from the game, for the seat the screen shows."""
        game = self.game
        if game is None:
            return
        self.messages.moved_on(self._position())
        self.messages.age_note(lambda at: [seat_of(a) for a in game.actions[at:]])
        paused = self.parts.paused(self)
        if self.panel is not None:   # the game's own table: its board, decisions, hands, log and rules
            if self.board is not None:
                self.board.draw(self, None, [])
            self.panel.draw(self)
        else:
            self._draw_own_table(paused)
        # data-step: how many actions so far; data-moves: how many of them this screen's humans made
        # (their clicks and their standing moves); data-over: the results are shown (browser tests wait on them)
        self.status.value = self.parts.status_html(self) or (
            f"<span class='shell-status' data-step='{len(game.actions)}' "
            f"data-moves='{sum(self.moves_made.values())}' "
            f"data-over='{int(game.is_over and not paused)}' data-paused='{int(paused)}'>"
            f"{escape(self.parts.status(self))}</span>")
        offer = self.undo_offer()
        self.header.set_undo(offer.possible, offer.reason)
        self.undo_question.lapse_if_moved(offer)   # the table moved on: the question no longer applies
        if game.is_over and not paused:
            own = self.parts.results(self)
            if own is None:
                self.results_panel.show(results_html(game, self.parts.score_text, self.parts.score_label()))
            else:
                self.results_panel.show(own[0], extra=own[1])
        else:
            self.results_panel.hide()
        if self.keeper is not None:
            self.keeper.save()

    def _draw_own_table(self, paused: bool) -> None:
        """The shell's own table (no `GameParts.table_panel`): the gate, since your last turn, the
        decision, the players, the log and the money chart, for the seat the screen shows."""
        game = self.game
        seat = self.shown_seat()
        legal = self.legal_now(seat)
        if self.board is not None:
            self.board.draw(self, seat, legal)
        waiting = self.human_to_decide()
        gated = not game.is_over and self.gated()
        self.gate.layout.display = None if gated else "none"
        if gated:
            hand = self.parts.hand_name
            self.gate_text.value = (f"<b>Pass the screen to {escape(waiting)}.</b> {escape(waiting)}'s {hand} "
                                    "stays hidden until they press the button; everyone else, look away.")
            self.gate_button.description = f"I am {waiting}: show my {hand}"
        upto = self.parts.log_shown(self)
        log = game.log if upto is None else game.log[:upto]   # the parts may keep lines back (a reveal)
        since = since_html(log, seat, self.seen.get(seat), self.rules_help, self.parts.round_word) if legal else ""
        self.since.value = since
        self.since.layout.display = None if since else "none"
        # the decision's controls are rebuilt only when the decision changed: a redraw for nothing
        # (the bots' task ending, say) would replace a button under the player's pointer and lose the click
        key = (*self.parts.decision_key(self, seat, legal), seat, tuple(legal), game.is_over, paused)
        # the title says which position the controls answer (data-step): kept up to date in place
        # when another seat's move leaves this seat's controls as they are
        # with a help link to the section of the rules explaining this kind of decision
        help_key = self.rules_help.section_for_decision(game.decision_kind()) if legal else None
        help_link = " " + self.rules_view.link(help_key, "? the rule", "shell-help-link") if help_key else ""
        title_html = (f"<div class='shell-panel-title shell-decision-title' data-step='{len(game.actions)}'>"
                      f"{escape(game.decision)}{help_link}</div>")
        if key != self._decision_key:
            self._decision_key = key
            old = list(self.decision.children)
            title = self._decision_title = html(title_html)
            waiting = self.parts.status(self) if paused else game.decision if not game.is_over else ""
            self.decision.children = ([title, *self.parts.decision(self, seat, legal)] if legal else
                                      [html(f"<i>{escape(waiting)}</i>" if waiting else "")])
            for widget in old:   # closed, so no model of a player's hand stays in the browser
                close_all(widget)
        elif legal and self._decision_title.value != title_html:
            self._decision_title.value = title_html
        self.players_box.value = self.parts.players(self, seat)
        self.log_box.value = log_html(game_lines(log, seat, self.shown_reasons(), self.parts.round_word, limit=LOG_LIMIT),
                                      "shell", self.rule_link)
        self.draw_chart(seat)

    def draw_chart(self, seat: str | None) -> None:
        """The money chart as `seat` may see it; with nothing to show (no chart, or no line this
        seat may see) its figure is closed, so no model of another seat's money stays in the browser."""
        data = self.parts.money(self, seat)
        if data is None or not data.series:
            self.chart.box.layout.display = "none"
            self.chart.replace(None)
            return
        self.chart.box.layout.display = None
        self.chart.update(data)
