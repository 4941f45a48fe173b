"""Lesson widgets for MEGAcquire (notebooks/megacquire/NN-*.ipynb): a lesson notebook keeps its text
and one line of code per step, and every answer comes from the engine.

The game-agnostic parts come from the MegaCorps lessons (`widgets.lessons.checks.SelfCheck` and
`Check`, `widgets.lessons.goals.Goal`, `Verdict` and `worked_example`); what is here knows
MEGAcquire:

* `LessonBoard`: the hex board of one seat's view, zoomed on the part a lesson talks about;
* `MovePanel`: the moves the engine allows the learner now, as buttons (tiles also clickable on
  the board), with a form to name the certificates traded in when cash is short; a refused move
  says why and changes nothing;
* `Exercise`: a position, a task and a goal judged from the engine after the learner's move
  (opponents are the game's bots); a first miss gets a hint, a second the explanation;
  *Start over* tries again from the same position;
* `self_check(key)`, `exercise(key)`, `show(key)`, `worked(key, after=...)`: the course's
  self-checks (questions whose answers the engine computes when the widget is built, so no
  answer is written in a notebook or in a data file), exercises, boards and worked examples, by
  key (`widgets/megacquire/course.py` holds them);
* `first_game()`: the guided first game (`widgets/megacquire/first_game.py`).

Nothing here decides a rule: legality comes from `game.legal_actions` and the checked
`game.apply`, results from the game's state and log.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field

import ipywidgets as W

from megacorps import megacquire as mq
from megacorps.bots.protocol import decide
from megacorps.megacquire import stock
from megacorps.megacquire.log import BONUS
from widgets.board.basic_figure import BasicFigureWidget
from widgets.guard import guard
from widgets.lessons.checks import Check, SelfCheck
from widgets.lessons.goals import Goal, Verdict, WorkedExample, keep_alive, worked_example
from widgets.shell.log import log_css

from .board_figure import board_figure, centre
from .panels import label

YOU = "Cy"  # the learner's seat (the engine's log speaks of each seat by name)

__all__ = ["YOU", "Exercise", "LessonBoard", "MovePanel", "exercise", "first_game", "keep_alive", "money",
           "price_chart", "self_check", "show", "worked"]

CSS = """<style>
.mq-log { max-height: 170px; overflow-y: auto; font-size: 12px; }
%s
.mq-lesson { font-size: 13px; max-width: 780px; }
.mq-lesson .widget-button { height: auto; min-height: 28px; white-space: normal; }
.mq-goal { border-left: 5px solid #2a9d8f; background: #f3faf9; padding: 4px 8px; margin: 2px 0; }
.mq-met { color: #1a7f37; }
.mq-miss { color: #b35900; }
.mq-refused { color: #a00000; }
.mq-small { font-size: 12px; color: #444; }
.mq-lesson .widget-html-content { line-height: 1.4; }
.mq-lesson .widget-html { margin-top: 1px; margin-bottom: 1px; }
</style>""" % log_css("mq")   # the first game's log (widgets/shell/log.py)


def money(amount: int) -> str:
    return f"${amount:,}"


# --- the board ------------------------------------------------------------------------------------

class LessonBoard:
    """The board as one seat sees it, zoomed on `focus` (cell names; None: the whole board).
    The figure is built complete before its widget is made, and changed only by `update`
    (called from callbacks once the page is live: the Voila trap of docs toolchain.md)."""

    def __init__(self, game: mq.Game, seat: str | None = YOU, focus: list[str] | None = None,
                 previews: bool = False, width: int = 760, height: int = 380, legend_below: bool = False,
                 title: str | None = None):
        self.seat, self.focus, self.previews, self.legend_below = seat, focus, previews, legend_below
        self.title = title
        self.width, self.height = width, height
        self._click: Callable[[str], None] | None = None
        self.figure = BasicFigureWidget(self._figure(game))
        self._wire()

    def _figure(self, game: mq.Game):
        view = game.view(self.seat, log=False)
        previews = {}
        if self.previews and self.seat is not None:
            previews = {a.tile: game.preview(a) for a in game.legal_actions(self.seat) if isinstance(a, mq.PlayTile)}
        fig = board_figure(view, game.options, previews)
        made_up = " · board, companies and price chart reconstructed" if view.reconstructed else ""
        fig.update_layout(width=self.width, height=self.height, margin=dict(l=5, r=230, t=28, b=5),
                          title=dict(text=f"{html.escape(self.title or view.decision)}{made_up}", font=dict(size=12)),
                          legend=dict(font=dict(size=10)))
        if self.legend_below:
            fig.update_layout(margin=dict(l=5, r=5, t=28, b=5), title=dict(font=dict(size=11)),
                              legend=dict(orientation="h", x=0, y=-0.01, yanchor="top", font=dict(size=9)))
        if self.focus:
            shifted = game.options.geometry.shifted_rows
            coords = game.options.geometry.coords
            index = game.options.geometry.index
            points = [centre(*coords[index[name]], shifted) for name in self.focus]
            xs, ys = [p[0] for p in points], [p[1] for p in points]
            x0, x1, y0, y1 = min(xs) - 3.5, max(xs) + 3.5, min(ys) - 3.0, max(ys) + 3.0
            # the plotting area keeps hexes regular: widen whichever side is short
            area_w, area_h = self.width - 235, self.height - 33
            want = area_w / area_h
            if (x1 - x0) / (y1 - y0) < want:
                grow = (want * (y1 - y0) - (x1 - x0)) / 2
                x0, x1 = x0 - grow, x1 + grow
            else:
                grow = ((x1 - x0) / want - (y1 - y0)) / 2
                y0, y1 = y0 - grow, y1 + grow
            fig.update_xaxes(range=[x0, x1], scaleanchor=None)
            fig.update_yaxes(range=[y0, y1])
        return fig

    def _wire(self) -> None:
        for trace in self.figure.data:
            if trace.name == "play a tile":
                trace.on_click(self._clicked)

    def _clicked(self, trace, points, _state) -> None:
        if self._click is not None:
            for i in points.point_inds:
                self._click(trace.customdata[i])
                return

    def on_tile_click(self, callback: Callable[[str], None]) -> None:
        """Call `callback(tile name)` when the learner clicks one of their tiles on the board."""
        self._click = callback

    def update(self, game: mq.Game) -> None:
        fig = self._figure(game)
        with self.figure.batch_update():
            self.figure.layout = fig.layout
        self.figure.data = ()
        self.figure.add_traces(list(fig.data))
        self._wire()


# --- the moves ------------------------------------------------------------------------------------

def action_label(game: mq.Game, action) -> str:
    """A button's words for `action`, in game terms (no preview of what a tile would do)."""
    view = game.view(None, log=False)
    companies = {c.name: c for c in view.companies}
    if isinstance(action, mq.PlayTile):
        return f"Play {action.tile}"
    if isinstance(action, (mq.ChooseSurvivor, mq.ChooseDefunct)):
        return f"{action.company} ({companies[action.company].size} tiles)"
    if isinstance(action, mq.Dispose):
        held = game.state.merger.revealed[action.seat]
        m = game.state.merger
        company = game.options.company_index[action.company]
        each = game.options.prices[company][m.size_of(company)]
        if not action.sell:
            return f"Hold all {held}"
        rest = f", hold {held - action.sell}" if held - action.sell else ""
        return f"Sell {action.sell} ({money(action.sell * each)}){rest}"
    return label(game, action, companies)   # the page's words for every other choice


class MovePanel:
    """The learner's moves now, as buttons built from the engine's legal actions (those `allow`
    keeps), and, when the purchase costs more than the cash, a form naming the certificates to
    trade in. `act(action)` goes through the checked door; a refusal is shown, nothing changes."""

    def __init__(self, act: Callable, seat: str = YOU):
        self.seat = seat
        self._act = act
        self.prompt = W.HTML()
        self.buttons = W.HBox(layout=W.Layout(flex_flow="row wrap"))
        self.trade_fields: dict[str, W.BoundedIntText] = {}
        self.trade_button = W.Button(description="Pay, trading these in, and end the turn",
                                     button_style="primary", layout=W.Layout(width="auto"))
        self.trade_button.on_click(lambda _b: self._act(self.trade_action()))
        self.trade_box = W.VBox()
        self.widget = W.VBox([self.prompt, self.buttons, self.trade_box])
        self.game: mq.Game | None = None

    def refresh(self, game: mq.Game, allow: Callable = lambda a: True, note: str = "") -> None:
        self.game = game
        legal = [a for a in game.legal_actions(self.seat) if allow(a)] if self.seat in game.deciders else []
        view = game.view(self.seat, log=False)
        cart = f" Bought so far this turn: {', '.join(view.cart)}." if view.cart else ""
        waiting = "" if legal else (" <i>Nothing for you to do here now.</i>" if not game.is_over else "")
        paid = ""
        if game.decision_kind() == "sell or hold defunct stock":  # the bonuses just paid, before the choice
            lines = [e.text for e in game.log if e.rule == BONUS]
            paid = f"<div class='mq-small'>{html.escape(lines[-1])}.</div>" if lines else ""
        self.prompt.value = (f"{paid}<div><b>{html.escape(game.decision)}.</b>{html.escape(cart)} "
                             f"Your cash: <b>{money(view.cash[self.seat])}</b>.{waiting} {note}</div>")
        short = stock.shortfall(game.state, self.seat) if game.decision_kind() == "buy stock" else 0
        shown = [a for a in legal if not (isinstance(a, mq.EndTurn) and a.trade)]
        if short and self.seat in game.deciders:
            shown = [a for a in shown if not isinstance(a, mq.EndTurn)]
        old = list(self.buttons.children)
        self.buttons.children = [self._button(a) for a in shown]
        for button in old:
            button.close()
        self.trade_box.children = self._trade_form(game, short) if short and self.seat in game.deciders else []

    def _button(self, action) -> W.Button:
        style = "success" if isinstance(action, mq.EndTurn) else ""
        button = W.Button(description=action_label(self.game, action), button_style=style,
                          layout=W.Layout(width="auto"))
        button.add_class("mq-move")
        button.on_click(lambda _b: self._act(action))
        return button

    def _trade_form(self, game: mq.Game, short: int) -> list:
        view = game.view(self.seat, log=False)
        prices = {c.name: c.price for c in view.companies}
        held = {name: n for name, n in view.holdings[self.seat].items() if prices[name] and name not in view.cart}
        self.trade_fields = {name: W.BoundedIntText(value=0, min=0, max=n, description=f"{name} ({money(prices[name])})",
                                                    style={"description_width": "150px"}, layout=W.Layout(width="240px"))
                             for name, n in sorted(held.items())}
        head = W.HTML(f"<div>The purchase costs <b>{money(short)}</b> more than your cash. Your cash all goes in; "
                      "say how many certificates of each company you trade in to cover the rest:</div>")
        return [head, *self.trade_fields.values(), self.trade_button]

    def trade_action(self) -> mq.EndTurn:
        """The EndTurn the trade form describes."""
        trade = tuple((name, f.value) for name, f in sorted(self.trade_fields.items()) if f.value)
        return mq.EndTurn(self.seat, trade)


def holdings_line(game: mq.Game, seat: str = YOU) -> str:
    """Who holds which certificates, as `seat` may see them, in one line."""
    view = game.view(seat, log=False)
    parts = []
    for player in view.order:
        if player not in view.holdings:
            continue
        held = ", ".join(f"{n} {c}" for c, n in view.holdings[player].items()) or "none"
        parts.append(f"<b>{html.escape(player)}</b>{' (you)' if player == seat else ''} {html.escape(held)}")
    return f"<div class='mq-small'>Certificates held: {'; '.join(parts)}.</div>"


def run_bots(game: mq.Game, bots: dict, stop: Callable[[mq.Game], bool] = lambda g: False) -> None:
    """Let the bots decide until a seat they do not hold must decide, the game ends, or `stop`."""
    while not game.is_over and not stop(game):
        seat = game.deciders[0]
        if seat not in bots:
            return
        game.apply(decide(bots[seat], game, seat).action)


# --- exercises -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class ExerciseSpec:
    """A position, the task, its goal (judged from the engine once `until` holds), the hint given
    after a first miss and the explanation after a second (both from the starting position), the
    opponents (seat -> a bot factory), the part of the board shown, and which moves to offer."""

    position: Callable[[], mq.Game]
    goal: str
    judge: Callable[[mq.Game, mq.Game, list], Verdict]
    hint: str
    explain: Callable[[mq.Game], str]
    until: Callable[[mq.Game, list], bool]
    focus: list[str] | None = None
    opponents: Callable[[], dict] = dict
    allow: Callable = lambda a: not isinstance(a, (mq.ProposeEnd, mq.Vote))  # no early end in a puzzle
    previews: bool = False
    solution: tuple = ()   # moves that meet the goal (tests drive them)
    miss: tuple = ()       # moves that do not
    extra: dict = field(default_factory=dict)


class Exercise(W.VBox):
    """The widget of one exercise. Drive it from code with `act(action)`; `attempts`, `verdict`
    and `on_attempt(callback)` tell how it went."""

    def __init__(self, spec: ExerciseSpec):
        self.spec = spec
        self.attempts = 0
        self.verdict: Verdict | None = None
        self._listeners: list[Callable] = []
        self.game = spec.position()
        self.start = mq.Game(self.game.state, self.game.log)
        self.moves: list = []
        self.goal_line = W.HTML(f"<div class='mq-goal'><b>Your goal:</b> {html.escape(spec.goal)}</div>")
        self.board = LessonBoard(self.game, YOU, spec.focus, spec.previews)
        self.board.on_tile_click(self._safe(lambda tile: self.act(mq.PlayTile(YOU, tile))))
        self.panel = MovePanel(self._safe(self.act))
        self.holdings = W.HTML()
        self.message = W.HTML()
        self.result = W.HTML()
        self.again = W.Button(description="Start over", icon="undo", layout=W.Layout(width="auto"))
        self.again.on_click(self._safe(lambda _b: self.start_over()))
        super().__init__([W.HTML(CSS), self.goal_line, self.board.figure, self.holdings, self.panel.widget,
                          self.message, self.result, self.again])
        self.add_class("mq-lesson")
        self._bots = spec.opponents()
        self._refresh()

    def _safe(self, fn: Callable) -> Callable:
        return guard(fn, self._refused)

    def _refused(self, text: str) -> None:
        hint = (f" <i>Hint:</i> {html.escape(self.spec.hint)}" if self.attempts == 0 and self.verdict is None
                else "")
        self.message.value = f"<div class='mq-refused'>{html.escape(text)}{hint}</div>"

    def on_attempt(self, callback: Callable) -> None:
        """Call `callback(self)` after every judged attempt (a worked example waits for one)."""
        self._listeners.append(callback)

    @property
    def finished(self) -> bool:
        return self.verdict is not None

    def act(self, action) -> None:
        """The learner's move through the engine's checked door (raises IllegalAction, and then
        nothing changed), the opponents' answers, and the verdict once the task is done."""
        if self.finished:
            raise mq.IllegalAction("this attempt is over: press Start over to try again")
        self.game.apply(action)
        self.moves.append(action)
        self.message.value = ""
        run_bots(self.game, self._bots, stop=lambda g: self.spec.until(g, self.moves))
        if self.spec.until(self.game, self.moves):
            self._judge()
        self._refresh()

    def _judge(self) -> None:
        self.verdict = self.spec.judge(self.start, self.game, self.moves)
        self.attempts += 1
        why = html.escape(self.verdict.why)
        if self.verdict.met:
            self.result.value = f"<div class='mq-met'><b>Goal met.</b> {why}</div>"
        elif self.attempts == 1:
            self.result.value = (f"<div class='mq-miss'><b>Not the goal yet.</b> {why} <i>Hint:</i> "
                                 f"{html.escape(self.spec.hint)} Press <b>Start over</b> to try again.</div>")
        else:
            self.result.value = (f"<div class='mq-miss'><b>Not the goal yet.</b> {why} "
                                 f"{html.escape(self.spec.explain(self.start))} Press <b>Start over</b> to try "
                                 f"again.</div>")
        for callback in list(self._listeners):
            callback(self)

    def start_over(self) -> None:
        """Back to the starting position, with fresh opponents."""
        self.game = mq.Game(self.start.state, self.start.log)
        self.moves, self.verdict = [], None
        self._bots = self.spec.opponents()
        self.message.value = "<i>Back to the starting position.</i>"
        self._refresh()
        self.board.update(self.game)

    def _refresh(self) -> None:
        self.holdings.value = holdings_line(self.game)
        if self.finished:
            self.panel.refresh(self.game, allow=lambda a: False)
        else:
            self.panel.refresh(self.game, self.spec.allow)
        if self.moves or self.finished:
            self.board.update(self.game)


# --- self-checks ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class CheckSpec:
    """A self-check whose answer the engine computes: `make()` returns the Check's fields
    (question, answer, hint, explanation, and choices for a pick-one check)."""

    make: Callable[[], dict]

    def check(self, key: str) -> Check:
        fields = self.make()
        choices = tuple(fields["choices"]) if fields.get("choices") else None
        if choices and str(fields["answer"]) not in choices:
            raise ValueError(f"self-check {key}: the engine's answer {fields['answer']!r} is not one of its choices")
        return Check(key, fields["question"], fields["answer"], fields["explanation"], fields["hint"], choices,
                     tuple(fields.get("accept", ())), dict(fields.get("why_not", {})))


def _course():
    from . import course
    return course


def self_check(key: str) -> SelfCheck:
    """The self-check `key` of the MEGAcquire course, as a widget (its answer from the engine)."""
    return SelfCheck(_course().CHECKS[key].check(key))


def exercise(key: str) -> Exercise:
    """The exercise `key` of the MEGAcquire course, as a widget (a fresh copy of its position)."""
    return Exercise(_course().EXERCISES[key])


def show(key: str, focus: list[str] | None = None) -> W.Widget:
    """The board of position `key` as the learner sees it (no previews)."""
    spec = _course().POSITIONS[key]
    return LessonBoard(spec.make(), None, focus or spec.focus, previews=False, title=spec.title).figure


def worked(key: str, after) -> WorkedExample:
    """The worked example `key`, shown once every widget in `after` is done (a self-check answered
    right or twice, an exercise tried)."""
    title, run = _course().WORKED[key]
    return worked_example(run, after, title, until_done=True)


def price_chart(game: mq.Game | None = None) -> W.HTML:
    """The price and bonus chart of the game's options, as a table (a reconstruction, labelled)."""
    options = (game or mq.scenario([YOU, "Ada", "Bo"])).options
    chart = options.chart
    rows = []
    for row in chart.rows:
        cells = []
        for tier in chart.tiers:
            span = row.sizes.get(tier)
            if span is None:
                cells.append("")
            else:
                low, high = span
                cells.append(f"{low}" if low == high else (f"{low}+" if high is None else f"{low}–{high}"))
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) +
                    f"<td><b>{money(row.price)}</b></td><td>{money(row.majority)}</td><td>{money(row.minority)}</td></tr>")
    head = "".join(f"<th>{t} company: tiles</th>" for t in chart.tiers)
    return W.HTML("<table class='mq-chart' style='border-collapse:collapse;font-size:12px;text-align:center'>"
                  f"<tr>{head}<th>a certificate</th><th>majority bonus</th><th>minority bonus</th></tr>"
                  + "".join(rows) + "</table><div class='mq-small'>A reconstruction: the rules describe this card "
                  "without printing it; these are classic Acquire's figures, which fit the two prices the rules "
                  "give.</div>")


def first_game(**options):
    """The guided first game (notebooks/megacquire/00-first-game.ipynb)."""
    from .first_game import FirstGame
    return FirstGame(**options)
