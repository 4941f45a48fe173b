"""Lesson widgets for the note-card game (notebooks/notecard/): exercises with goals the widget
checks, self-checks whose answers live in a data file, worked examples shown after the learner's
own attempt, and opponents that are bots.

The game-agnostic parts come from the MegaCorps lessons (`widgets.lessons.checks`,
`widgets.lessons.goals`); what is here knows the note-card game:

* `exercise(key)`: the learner writes one corporation's note card(s) in a position, against
  opponents, toward a goal (`NoteCardExercise`); the positions and goals are in `EXERCISES`, so a
  notebook cell holds one line and no answer;
* `self_check(key)`: a self-check of this course (`data/checks.json`);
* `worked(key, after=...)`: one of the rules' worked examples, played live, shown after an attempt.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import ipywidgets as W

from megacorps import notecard as nc
from megacorps.notecard import bots as nc_bots
from megacorps.notecard.bots.base import Decision, NotecardBot
from megacorps.notecard.log import money
from megacorps.notecard.variable_yield import expected_multiplier

from ..lessons.checks import CheckBook, SelfCheck
from ..lessons.goals import Goal, Verdict, WorkedExample, worked_example
from .chart import MoneyChart
from .desk import NoteCardDesk
from .panels import corps_html
from .reveal import RevealPanel
from .session import HUMAN, Session
from .style import LESSON_CSS

CHECKS_FILE = Path(__file__).with_name("data") / "checks.json"

__all__ = ["EXERCISES", "NoteCardExercise", "checkbook", "exercise", "self_check", "worked"]


@lru_cache(maxsize=1)
def checkbook() -> CheckBook:
    """The note-card course's self-checks."""
    return CheckBook(CHECKS_FILE)


def self_check(key: str) -> SelfCheck:
    """The self-check `key` of the note-card course, as a widget."""
    return checkbook().widget(key)


# --- Opponents ------------------------------------------------------------------------------------

class AllInBot(NotecardBot):
    """A lesson's opponent with one plain habit the learner can read from the revealed quarters:
    every million, every quarter, into one industry (Industry 1 unless told otherwise)."""

    name = "All-in"
    description = "puts every million into one industry, every quarter"

    def __init__(self, seed: int | None = None, industry: str = "Industry 1"):
        super().__init__(seed)
        self.industry = industry

    def plan(self, view) -> Decision:
        have = view.money[view.corp]
        return Decision(nc.Allocate(view.corp, {self.industry: have}),
                        f"puts all its {money(have)} into {self.industry}, as always")


# --- The exercise widget ----------------------------------------------------------------------------

class NoteCardExercise(W.VBox):
    """The learner writes `corp`'s note card, the opponents (bots) write theirs, the moderator
    reveals the quarter step by step, and the goal is judged: success says why, a miss says what
    happened, and *Start over* tries again from the same position. With `quarters` > 1 the
    learner plays that many quarters before the verdict.

    Drive it from code with `write(invest, sabotage)` (as typing and handing in the card) and
    `reveal.done()`; `attempts`, `verdict` and `on_attempt(callback)` tell how it went."""

    def __init__(self, game: nc.Game, corp: str, goal: Goal, opponents: dict[str, object],
                 quarters: int = 1, chart: bool = False, intro: str = ""):
        self._start = game.state.clone()
        self._start_log = game.log
        self.corp, self.goal, self.quarters = corp, goal, quarters
        self._opponents = opponents
        self.attempts = 0
        self.verdict: Verdict | None = None
        self._listeners: list[Callable] = []
        self.result = W.HTML()
        self.position = W.HTML()
        self.desk = NoteCardDesk(self._hand_in, self._safely_wrap)
        self.reveal = RevealPanel(self._quarter_done, self._safely_wrap)
        self.chart = MoneyChart(width=640, height=260) if chart else None
        self.again = W.Button(description="Start over", icon="undo", layout=W.Layout(width="auto"))
        self.again.add_class("nc-start-over")
        self.again.on_click(self._safely_wrap(lambda _b: self.start_over()))
        goal_html = W.HTML(f"<div class='nc-panel' style='border-left:5px solid #2a9d8f'><b>Your goal</b> "
                           f"({html.escape(corp)}): {html.escape(goal.text)}</div>")
        parts = [W.HTML(LESSON_CSS), goal_html]
        if intro:
            parts.append(W.HTML(f"<div class='nc-note'>{intro}</div>"))
        parts += [self.position, self.desk.widget, self.reveal.widget, self.result]
        if self.chart is not None:
            parts.append(self.chart.box)
        parts.append(self.again)
        super().__init__(parts, layout=W.Layout(max_width="760px"))
        self.add_class("nc-lesson")
        self.start_over(first=True)

    def _safely_wrap(self, fn: Callable) -> Callable:
        def wrapper(*args, **kwargs):
            try:
                return fn(*args, **kwargs)
            except Exception as exc:  # shown in the lesson, never only in a server log
                self.result.value = f"<div class='nc-msg-text'>{html.escape(str(exc))}</div>"
        return wrapper

    def on_attempt(self, callback: Callable) -> None:
        """Call `callback(self)` after every judged attempt (a worked example waits for one)."""
        self._listeners.append(callback)

    def start_over(self, first: bool = False) -> None:
        """Back to the starting position, a fresh copy of it."""
        game = nc.Game(self._start.clone())
        self.session = Session(game, {self.corp: HUMAN}, 0, bots=self._fresh_opponents())
        self._begin = game.state.clone()
        self.verdict = None
        self.reveal.hide()
        self.desk.set_session(self.session)
        self._run_opponents()
        if self.chart is not None:
            self.chart.build(self.session)
        self.result.value = "" if first else "<i>Back to the starting position.</i>"
        self._show()

    def _fresh_opponents(self) -> dict:
        return {c: (b() if isinstance(b, type) else b) for c, b in self._opponents.items()}

    def _run_opponents(self) -> None:
        while self.session.bot_step() is not None:
            pass

    def _show(self) -> None:
        game = self.session.game
        lines = [corps_html(self.session)]
        view = game.view(self.corp)
        if view.options.variable_yield:
            piles = "".join(
                f"<li>{html.escape(i)}: {', '.join(map(str, s.discard)) or 'nothing yet'} "
                f"<span class='nc-small'>({s.cards_left} cards left)</span></li>" for i, s in view.stacks.items())
            lines.append(f"<div class='nc-note'><b>Yield cards drawn so far</b> (face up):<ul>{piles}</ul></div>")
        if view.reports:
            last = view.reports[-1]
            told = "; ".join(f"{l.corp} invested {money(l.invested)} in {l.industry}" for l in last.lines if l.invested)
            lines.append(f"<div class='nc-note'><b>Last quarter (quarter {last.quarter}), revealed:</b> "
                         f"{html.escape(told) or 'nobody invested'}.</div>")
        self.position.value = "".join(lines)
        self.desk.refresh(paused=self.reveal.active or self.finished)

    @property
    def finished(self) -> bool:
        """This attempt is over (the quarters played, or the game ended)."""
        played = self.session.game.quarter - self._begin.quarter
        return self.session.game.is_over or played >= self.quarters

    def write(self, invest: dict[str, int] | None = None, sabotage: dict | None = None) -> None:
        """Type the card into the desk and hand it in (raises IllegalAction for a refused card:
        the desk shows why)."""
        if self.desk.writer is None:
            raise nc.IllegalAction("there is no note card to write now: press Start over to try again")
        self.desk.fill(invest, sabotage)
        card = self.desk.current_card()
        self.session.game.check(card)
        self.desk.hand_in()

    def _hand_in(self, card: nc.Allocate) -> None:
        self.session.apply(card)
        self._run_opponents()
        if self.session.game.reports and self.session.game.reports[-1].quarter == self.session.game.quarter - 1 \
                or self.session.game.is_over:
            self.reveal.start(self.session)
            if self.chart is not None:
                self.chart.update(self.session)
        self._show()

    def _quarter_done(self) -> None:
        if self.finished:
            self._judge()
        else:
            self._run_opponents()
        self._show()

    def _judge(self) -> None:
        before = nc.Game(self._begin.clone())
        mine = [a for a in self.session.game.actions if a.corp == self.corp]
        self.verdict = self.goal.verdict(before, self.session.game, mine)
        self.attempts += 1
        if self.verdict.met:
            self.result.value = (f"<div class='nc-info-text' style='font-size:13px'><b>Goal met.</b> "
                                 f"{html.escape(self.verdict.why)}</div>")
        else:
            self.result.value = (f"<div class='nc-msg-text' style='font-size:13px'><b>Not the goal yet.</b> "
                                 f"{html.escape(self.verdict.why)} Press <b>Start over</b> to try again.</div>")
        for callback in list(self._listeners):
            callback(self)


# --- The exercises of the course -----------------------------------------------------------------------

@dataclass(frozen=True)
class Exercise:
    """A position, who the learner plays, the opponents and the goal."""

    make: Callable[[], nc.Game]
    corp: str
    opponents: dict
    goal: Goal
    quarters: int = 1
    chart: bool = False
    intro: str = ""


def _earned(before: nc.Game, after: nc.Game, corp: str) -> str:
    return f"{money(before.money(corp))} \u2192 {money(after.money(corp))}"


def _first_card(before, after, moves) -> Verdict:
    card = moves[0]
    gained = after.money("Maraya")
    if gained >= 25:
        return Verdict(True, f"You put {money(card.total_invested)} to work and nobody sabotaged it: each $1M came "
                             f"back as $3M, so your money went {_earned(before, after, 'Maraya')}.")
    idle = before.money("Maraya") - card.total_invested - card.total_sabotage
    why = f"You ended with {money(gained)}: {money(card.total_invested)} invested came back tripled"
    if idle:
        why += f", and the {money(idle)} you kept earned nothing"
    if card.total_sabotage:
        why += f"; the {money(card.total_sabotage)} of sabotage against a rival who never puts much at risk was lost"
    return Verdict(False, why + ". Every $1M invested adds $2M to your money.")


def _knockout(before, after, moves) -> Verdict:
    report = after.reports[-1]
    jeff = [l for l in report.lines if l.corp == "Jeff" and l.invested]
    if after.is_bankrupt("Maraya"):
        return Verdict(False, "You knocked yourself out: you spent everything and earned nothing back.")
    if after.is_bankrupt("Jeff"):
        return Verdict(True, f"Jeff put all {money(before.money('Jeff'))} into Industry 1 again; your "
                             f"{money(moves[0].sabotage_against('Jeff', 'Industry 1'))} of sabotage cancelled all of it "
                             "(each $1M cancels $2M), so he earned nothing and has no money left: bankrupt. "
                             "You win.")
    where = ", ".join(f"{l.industry}: net {l.net}, earned {money(l.earnings)}" for l in jeff)
    return Verdict(False, f"Jeff is still in with {money(after.money('Jeff'))} ({where}). He invested "
                          f"{money(before.money('Jeff'))} in Industry 1: to cancel all of it you need half that "
                          "much sabotage on his Industry 1.")


def _richer(before, after, moves) -> Verdict:
    me, them = after.money("Maraya"), after.money("Rob")
    suffered = sum(l.total_sabotage for r in after.reports for l in r.lines if l.corp == "Maraya")
    spent = sum(a for card in moves for _t, _i, a in card.sabotage)
    if me > them:
        return Verdict(True, f"You finished with {money(me)} against Rob's {money(them)}. Rob spent "
                             f"{money(suffered)} sabotaging you; you spent {money(spent)} on him.")
    return Verdict(False, f"Rob finished with {money(them)}, you with {money(me)}. Rob spent {money(suffered)} "
                          f"sabotaging where you invested before (it watches the revealed cards); spread your "
                          "money where it does not expect it, and head to head, sabotage costs him twice what it "
                          "costs you.")


def _best_odds(before, after, moves) -> Verdict:
    card = moves[0]
    view = before.view("Maraya")
    odds = {i: expected_multiplier(s.discard) for i, s in view.stacks.items()}
    best = max(odds, key=odds.get)
    told = ", ".join(f"{i} \u00d7{odds[i]:.1f}" for i in odds)
    if card.total_invested and card.invested(best) * 2 > card.total_invested:
        return Verdict(True, f"Most of your money went to {best}: its stack has lost its low cards, so its next "
                             f"card is likely high (expected multipliers: {told}).")
    return Verdict(False, f"Count the cards already drawn: expected multipliers {told}. {best}'s stack has "
                          "only high cards left; put most of your money there.")


def _reentry(before, after, moves) -> Verdict:
    paid = sum(l.entry_cost for l in after.reports[-1].lines if l.corp == "Maraya")
    if after.money("Maraya") >= 58:
        return Verdict(True, f"You kept to Industry 1, the one industry you are still in: no cost of entry, and "
                             f"{_earned(before, after, 'Maraya')}.")
    extra = f"; you paid {money(paid)} of entry to come back into other industries" if paid else ""
    return Verdict(False, f"You ended with {money(after.money('Maraya'))}{extra}. Last quarter you put nothing "
                          "into Industries 2 and 3, so investing there costs $1M of entry each, and money kept "
                          "back earns nothing.")


def _knockout_position() -> nc.Game:
    game = nc.new_game(["Maraya", "Jeff"], seed=2, last_quarter=None)
    game.apply(nc.Allocate("Maraya", {"Industry 1": 3, "Industry 2": 3, "Industry 3": 3}))
    game.apply(nc.Allocate("Jeff", {"Industry 1": 10}))
    return game


def _reentry_position() -> nc.Game:
    game = nc.new_game(["Maraya", "Rob"], seed=3, variable_industries=True, last_quarter=None)
    game.apply(nc.Allocate("Maraya", {"Industry 1": 5}))
    game.apply(nc.Allocate("Rob", {"Industry 1": 2, "Industry 2": 2, "Industry 3": 2}))
    return game


EXERCISES: dict[str, Exercise] = {
    "nc01/first-card": Exercise(
        lambda: nc.new_game(["Maraya", "Jeff"], seed=1, last_quarter=None), "Maraya",
        {"Jeff": nc_bots.CautiousBot}, Goal("end the first quarter with at least $25M.", _first_card)),
    "nc02/knockout": Exercise(
        _knockout_position, "Maraya", {"Jeff": AllInBot},
        Goal("knock Jeff out this quarter (leave him with no money) and stay in yourself.", _knockout)),
    "nc02/short-game": Exercise(
        lambda: nc.new_game(["Maraya", "Rob"], seed=7, last_quarter=3), "Maraya", {"Rob": nc_bots.SaboteurBot},
        Goal("finish the three quarters richer than Rob, the Saboteur.", _richer), quarters=3, chart=True),
    "nc03/best-odds": Exercise(
        lambda: nc.scenario(["Maraya", "Jeff"], {"variable_yield": True, "last_quarter": None}, seed=5, quarter=6,
                            drawn={"Industry 1": [1, 2, 2, 2, 2], "Industry 2": [5, 5, 4, 4, 4],
                                   "Industry 3": [3, 3, 3, 2, 4]}),
        "Maraya", {"Jeff": nc_bots.CautiousBot},
        Goal("put most of the money you invest where the next yield card is likely to be highest.", _best_odds)),
    "nc03/reentry": Exercise(
        _reentry_position, "Maraya", {"Rob": nc_bots.CautiousBot},
        Goal("end this quarter with at least $58M.", _reentry)),
}


def exercise(key: str) -> NoteCardExercise:
    """The exercise `key` of the note-card course, as a widget."""
    spec = EXERCISES[key]
    return NoteCardExercise(spec.make(), spec.corp, spec.goal, spec.opponents, spec.quarters, spec.chart, spec.intro)


# --- Worked examples ----------------------------------------------------------------------------------------

def _core_example() -> None:
    game = nc.new_game(["Maraya", "Jeff"], seed=1)
    game.apply(nc.Allocate("Maraya", {"Industry 1": 4, "Industry 2": 3, "Industry 3": 3}))
    game.apply(nc.Allocate("Jeff", {"Industry 1": 3, "Industry 2": 2, "Industry 3": 2},
                           {("Maraya", i): 1 for i in nc.CORE_INDUSTRIES}))
    for entry in game.log[3:]:
        print(f"[{entry.rule}] {entry.text}")
    assert (game.money("Maraya"), game.money("Jeff")) == (12, 21)


def _yield_example() -> None:
    game = nc.scenario(["Maraya", "Jeff"], {"variable_yield": True},
                       top_cards={"Industry 1": [3], "Industry 2": [2], "Industry 3": [5]})
    game.apply(nc.Allocate("Maraya", {"Industry 1": 4, "Industry 2": 3, "Industry 3": 3}))
    game.apply(nc.Allocate("Jeff", {"Industry 1": 3, "Industry 2": 2, "Industry 3": 2},
                           {("Maraya", i): 1 for i in nc.CORE_INDUSTRIES}))
    for entry in game.log[3:]:
        if entry.rule in ("Variable Yield Industries", "Moderator step 5: net investment and earnings",
                          "Game Play: a new quarter"):
            print(f"[{entry.rule}] {entry.text}")
    assert (game.money("Maraya"), game.money("Jeff")) == (13, 23)


WORKED = {"nc01/example": ("The rules' example of play: Maraya and Jeff's first quarter", _core_example),
          "nc03/yield-example": ("The rules' Variable Yield example", _yield_example)}


def worked(key: str, after) -> WorkedExample:
    """The worked example `key`, shown after the learner's attempt at `after`."""
    title, run = WORKED[key]
    return worked_example(run, after, title)
