"""What a game hands the page shell (`widgets/shell/page.py`): its board, its decision panels,
its players' table, its rules help and its set-up options. Everything else on the page (header,
new-game form, save/load, undo, the hot-seat gate, bots, log, since-your-last-turn, results,
keep-alive, the error guard) is the shell's, the same for every game.

A game subclasses `GameParts` and overrides what it has; every method has a plain default, so a
new game's first page is `Shell(GameParts("mygame"))` and its panels come one at a time.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, Callable, Protocol

import ipywidgets as W

if TYPE_CHECKING:  # pragma: no cover
    from .form import FormSeats
    from .money_chart import MoneyChart, MoneySeries
    from .page import Shell


class Board(Protocol):
    """The game's board: one widget, redrawn from what the shown seat may see."""

    widget: W.Widget

    def draw(self, shell: "Shell", seat: str | None, legal: list) -> None:
        """Show the game for `seat` (None: nobody's private things, as behind the gate);
        `legal`: the actions `seat` may take now (a board may make them clickable through
        `shell.act`)."""


class OptionsForm(Protocol):
    """The game's own set-up choices on the new-game form. A form that takes files (the card
    game's deck files) may also have `wire_uploads(bridge, guard)`: the shell calls it with the
    page's BrowserBridge, which checks a file's size in the browser and sends it once
    (`bridge.accept`, `bridge.file_button`), and its error guard."""

    widget: W.Widget

    def values(self) -> dict:
        """The options as the game's `new_game(options=...)` takes them; ValueError naming a bad one."""


@dataclass(frozen=True)
class RuleSection:
    """One section of the rules help: a key, a title, its text (HTML, in our words), and the
    heading it is listed under in the index ("": the rules; MegaCorps: "Event cards")."""

    key: str
    title: str
    html: str
    group: str = ""


@dataclass
class RulesHelp:
    """The rules help of a game: its sections, and which section explains each log line's rule
    (shown by widgets/shell/rules_view.py)."""

    sections: list[RuleSection] = field(default_factory=list)
    by_rule: dict[str, str] = field(default_factory=dict)
    """A log entry's `rule` -> the key of the section that explains it."""
    find: Callable[[str], str | None] | None = None
    """For rules too many to list (MegaCorps' "Government Intervention: Democracies"): a rule ->
    the key of its section, asked when `by_rule` and the keys do not name it."""
    by_decision: dict[str, str] = field(default_factory=dict)
    """A kind of decision (the game's `decision_kind()`) -> the key of the section explaining it:
    the decision panel's help link."""

    def section_for_decision(self, kind: str) -> str | None:
        """The key of the section explaining a decision of `kind` (None: no section does)."""
        key = self.by_decision.get(kind)
        return key if key in {s.key for s in self.sections} else None

    def section_for(self, rule: str) -> str | None:
        """The key of the section explaining `rule` (None: no section does)."""
        if rule in self.by_rule:
            return self.by_rule[rule]
        keys = {s.key for s in self.sections}
        if rule in keys:
            return rule
        found = self.find(rule) if self.find is not None else None
        return found if found in keys else None


class TablePanel(Protocol):
    """The table of a game that keeps its own hot-seat privacy (`GameParts.table_panel`: MegaCorps
    shows a hand only on demand, lets a human at the screen play a card out of turn, and holds a
    payout window every human answers at once). The shell puts it under the header's messages and
    draws no gate, since-your-last-turn, decision, players, money chart or log of its own; the
    header, form, saves, Undo, bots, results, About, Resume and the error guard stay the shell's."""

    widget: W.Widget

    def draw(self, shell: "Shell") -> None:
        """Redraw from the game (the shell calls it on every refresh)."""

    def shown_seat(self, shell: "Shell") -> str | None:
        """The human the screen is asking now (what Undo calls "at the screen"), or None."""

    def may_act(self, shell: "Shell", seat: str) -> bool:
        """Whether the human `seat` may act now through `shell.act` (asked, or acting unasked as the
        game allows, as a card played out of turn)."""

    def open_rules(self, shell: "Shell", topic: str | None) -> None:
        """Show the rules at `topic` (None: their start), brought into view."""


class GameParts:
    """A game's pieces for the shell. `name` is the game's name in the kit's registry."""

    #: a short CSS prefix for the game's own classes ("mq")
    prefix: str = "game"
    #: the CSS prefix of the shell's own pieces on this game's page (header, messages, form, results):
    #: "shell", or the game's own when its page and its browser tests keep their class names ("mc")
    shell_prefix: str = "shell"
    #: classes added to the shell's panels (About, Undo's question, the results) on this page
    panel_classes: tuple[str, ...] = ()
    #: the board is shown before the first game (an empty board under the welcome), not only in play
    board_before_game: bool = False
    #: rules whose log lines the info line leaves out when it says what a move did (MegaCorps' round changes)
    quiet_rules: tuple[str, ...] = ()
    #: the bots' loop runs in the background under Voila even with no pause (a page whose timed
    #: parts, as MegaCorps' payout window, count down while nothing moves: `idle`)
    bots_in_background: bool = False
    #: what the hot-seat gate hides, in the game's words ("hand", "note card")
    hand_name: str = "hand"
    #: what the log entries' `round` counts, in the game's words: the log labels its lines "R3"
    #: ("T3" for "Turn", "Q3" for "Quarter")
    round_word: str = "Round"

    def __init__(self, name: str):
        self.name = name

    # --- the page around the game ------------------------------------------------------------------

    def title_html(self, shell: "Shell") -> str:
        """The header's title (HTML)."""
        return f"<span class='shell-title' id='shell-top'>{escape(shell.spec.title)}</span>"

    def layout(self, shell: "Shell") -> W.Widget:
        """The page under the header: by default the welcome (before a game), the board and the sidebar."""
        return W.HBox([shell.welcome, shell.board_box, shell.sidebar])

    def page_css(self) -> str:
        """Every style of the page: by default the shell's and the game's own (`css`)."""
        from .style import CSS
        return CSS + self.css()

    def privacy_words(self) -> str:
        """What the About panel says of privacy at one screen (after the game's own words)."""
        return (f"<p><b>Privacy at one screen</b>: when several people play at one screen, each "
                f"player's {escape(self.hand_name)} stays hidden until that player presses the button "
                "saying they are at the screen; one person against bots is never asked.</p>")

    def built(self, shell: "Shell") -> None:
        """Called once the page is built (a game wires the browser's other messages here:
        MegaCorps' window sizes and lesson links). Default: nothing."""

    def table_panel(self, shell: "Shell") -> TablePanel | None:
        """The game's own table, when it keeps its own hot-seat privacy (`TablePanel`); None: the
        shell's gate, decision, players, chart and log. Built once per page."""
        return None

    def status_html(self, shell: "Shell") -> str | None:
        """The header's status as HTML, for a page with its own (None: the shell's, from `status`)."""
        return None

    def results(self, shell: "Shell") -> tuple[str, list[W.Widget] | None] | None:
        """The results at the game's end as (HTML, widgets shown under it: charts, or None to keep
        those shown); None: the shell's (the scores and where they came from)."""
        return None

    # --- the bots' pace ------------------------------------------------------------------------------

    def default_pause(self) -> float:
        """The form's Bot pause at first (seconds between two bot moves)."""
        from .form import pause_from_env
        return pause_from_env()

    def bot_wait(self, shell: "Shell") -> float:
        """Seconds before the next bot move: by default the form's Bot pause."""
        return shell.pause

    def first_wait(self, shell: "Shell") -> float:
        """Seconds before the first bot move after a human's (a game that overrides this moves
        sooner or later than `bot_wait`); not overridden: `bot_wait`."""
        return self.bot_wait(shell)

    def busy(self, shell: "Shell") -> bool:
        """Something timed is under way with no move to make yet (MegaCorps' payout window counting
        down): the bots' loop runs, asking `idle` until a move comes. Default: never."""
        return False

    def idle(self, shell: "Shell") -> float | None:
        """Nothing moved: seconds before the loop looks again (MegaCorps' payout window counting
        down), or None to stop. Default: stop."""
        return None

    # --- the game ------------------------------------------------------------------------------------

    def board(self, shell: "Shell") -> Board | None:
        """The board (built once per page); None: the game shows no board."""
        return None

    def decision(self, shell: "Shell", seat: str, legal: list) -> list[W.Widget]:
        """The controls of `seat`'s decision now (`legal`: its legal actions): each control calls
        `shell.act(action)` (and `shell.choice_button` makes a standard one). Default: one
        button per legal action."""
        return [W.HBox([shell.choice_button(str(a), a) for a in legal],
                       layout=W.Layout(flex_flow="row wrap"))]

    def players(self, shell: "Shell", seat: str | None) -> str:
        """An HTML table of the players as `seat` may see them (default: the scores are not
        shown, as a game may hide them; override to show what the game's view shows)."""
        rows = "".join(f"<tr><td>{escape(s)}</td><td>{escape(shell.players.get(s, ''))}</td></tr>"
                       for s in shell.game.seats)
        return f"<table class='shell-players'>{rows}</table>"

    def holds_bots(self, shell: "Shell") -> bool:
        """True while the bots must wait although one has a move (a reveal the humans are still
        stepping through, say). When the hold ends, the parts call `shell.run_bots()`.
        Default: never."""
        return False

    def log_shown(self, shell: "Shell") -> int | None:
        """How many of the log's lines the page may show now (None: all): a reveal the humans are
        still stepping through keeps back the lines that tell its outcome. Default: all."""
        return None

    def paused(self, shell: "Shell") -> bool:
        """True while the page is held at an earlier moment than the game (a reveal the humans are
        still stepping through): no human is asked to decide, the header says `status(shell)` and
        the results wait. When it ends, the parts redraw (`shell.refresh()`) and call
        `shell.run_bots()`. Default: never."""
        return False

    def status(self, shell: "Shell") -> str:
        """The header's line (plain text): by default what the game is deciding, or "Game over" (as
        every page's header and results say it)."""
        return shell.game.decision if not shell.game.is_over else "Game over"

    def decision_key(self, shell: "Shell", seat: str | None, legal: list) -> tuple:
        """What, besides the shown seat and its legal actions, makes the decision's controls be
        built again: by default each move of the seat's own (`shell.moves_made`). Another seat's
        move leaves them as they are while this seat's choices stay the same: in a decision both
        make at once (the card game's opening bid) the rival's bid used to rebuild the human's
        buttons under the pointer, and the click on them was lost."""
        return (shell.moves_made.get(seat, 0),)

    def screen_after_acting(self, shell: "Shell", seat: str) -> str | None:
        """Whom the screen shows once the human `seat` has acted: by default still `seat` (they
        are at the screen); None puts the gate up (a secret move that another human must not see
        over their shoulder, as a note card before the reveal)."""
        return seat

    def undone(self, shell: "Shell", seat: str, action: Any) -> None:
        """Called when `seat` took `action` back (before the redraw). Default: nothing."""

    def standing_move(self, shell: "Shell", seat: str) -> Any | None:
        """A move the page makes for the human `seat` without asking, because the player asked it
        to (the card game's automatic pass when there is nothing to do), as a `Decision` (the
        action, and the words the log shows for it); None: ask the player. The shell makes it in
        the bots' loop, as if the seat were a bot. Default: never."""
        return None

    def reason_words(self, seat: str, reason: str) -> str:
        """A bot's reason as the page keeps it (in its saves and log): "Ana's reason: ..." (a game
        whose own log names the bot's level keeps the reason alone)."""
        return f"{seat}'s reason: {reason}"

    def after_bot_move(self, shell: "Shell") -> None:
        """Called after each bot move, before the page is redrawn (a game starts its reveal
        here when a bot's move revealed something). Default: nothing."""

    def money(self, shell: "Shell", seat: str | None) -> "MoneySeries | None":
        """The money chart's points as `seat` may see them (None: nobody's private things, as
        behind the gate): widgets/shell/money_chart.py's `MoneySeries`, or None for no chart.
        Default: no chart; a game turns it on by answering (MEGAcquire: cash by round)."""
        return None

    def money_chart(self, shell: "Shell") -> "MoneyChart":
        """The chart the page shows `money` in (built once per page; its figure only when it first
        has points). A game with its own look or more panels passes `style` or `figure`."""
        from .money_chart import MoneyChart
        return MoneyChart(width=330, height=260)

    def rules(self) -> RulesHelp:
        """The rules help (sections in the project's own words) and the log's rule -> section map."""
        return RulesHelp()

    def options_form(self) -> OptionsForm | None:
        """The game's set-up choices on the new-game form (None: none)."""
        return None

    def first_players(self) -> list[str] | None:
        """Who plays each seat on a new game's form at first (HUMAN or a bot level, seat by seat;
        None: a human and the weakest bots)."""
        return None

    def form_seats(self) -> FormSeats | None:
        """The seats on the new-game form, when the game's are chosen there (widgets/shell/form.py
        `FormSeats`, as MegaCorps' corp per seat); None: a name and a player per seat (`SeatRows`)."""
        return None

    def welcome(self) -> str:
        """HTML shown before the first game."""
        return ""

    def about(self) -> str:
        """HTML for the page's *About* panel (widgets/shell/about.py): what the table is, what of
        it the project rebuilt where the rules text is silent, how one screen keeps hands private.
        Default: "" (no About button)."""
        return ""

    def save_summary(self, game: Any) -> dict:
        """The readable part of a save file (public facts only)."""
        return {"actions": len(game.actions), "over": game.is_over}

    def save_game(self, game: Any) -> str:
        """The game as the save file holds it (sealed): by default everything, to resume exactly."""
        return game.to_json("*")

    def saved_reasons(self, shell: "Shell") -> list[tuple[int, str, int | None]]:
        """The bots' reasons the save file keeps (sealed, beside the game), so a loaded or resumed
        game's log still says why each bot moved. By default all of them: the save holds the whole
        game (`save_game`), and the page filters them on load as it does in play
        (`Shell.shown_reasons`: a reason hidden now stays hidden, one public later is shown then).
        A game whose save leaves hidden things out keeps only the reasons public now."""
        return list(shell.reasons)

    def read_other_save(self, raw: bytes) -> tuple | None:
        """(game, players, seen, reasons) of a save file in a format of the game's own (an older
        page's), or None when `raw` is not one (the shell then reads it as its own or a plain engine
        save). Raises BadSaveFile naming what is wrong. Default: None."""
        return None

    def resume_other(self, content: dict) -> tuple | None:
        """As `read_other_save`, for a table on the server written by an older page. Default: None."""
        return None

    def resume_line(self, summary: dict) -> tuple[str, str, Any]:
        """A table's line in the Resume list, from its public summary: (what it is, a detail such as
        the money or "", what tells its position: two tables at one position are offered once;
        None: each table its own, as by default, a game's summary telling no position)."""
        from .resume import describe
        return describe(summary), "", None

    def describe(self, game: Any) -> str:
        """A loaded game in a few public words, for the form's review step."""
        return f"{len(game.actions)} moves played" + (", over" if game.is_over else "")

    def save_name(self, game: Any) -> str:
        return f"{self.name}-{len(game.actions)}.json"

    def score_label(self) -> str:
        """What a score is called on the results ("cash", "money", "points")."""
        return "score"

    def score_text(self, value: int) -> str:
        return f"{value:,}"

    def css(self) -> str:
        """The game's own styles (a <style> block or "")."""
        return ""
