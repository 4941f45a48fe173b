"""Lesson widgets for the trading card game (notebooks/tcg/): positions set up with the engine,
self-checks whose right answer the engine works out from the position, and worked examples that
replay the position and open only after the learner's attempt.

The game-agnostic parts are the MegaCorps lessons' (`widgets.lessons.checks.SelfCheck`: a hint
after the first wrong answer, the answer and the explanation after the second; `worked_example`:
shown only once the check above was tried). What is here knows the card game:

* `position(key)`: the position of a task, drawn from the engine's view of the learner's seat
  with the card game page's grids and cards (widgets/tcg/network.py, cards.py), nothing
  clickable: both networks, money, traits in the pool, the hand, the rules stack;
* `task(key)`: the self-check of a task; its answer is computed by playing the position with the
  engine when the widget is made, and lives only in the kernel (never in the page);
* `worked(key, after=...)`: the engine playing the position out, line by line from its log.

Every card is a sample card invented for this project, not an official Megacorp card.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import ipywidgets as W

from megacorps import tcg
from megacorps.tcg import Activate, Attack, Buy, Choose, Pass, PlayEvent, Produce

from ..lessons.checks import Check, SelfCheck
from ..lessons.goals import WorkedExample, worked_example
from .app import CSS
from .cards import card_button
from .network import network_grid
from .rules import SAMPLE_NOTE

__all__ = ["TASKS", "Task", "card_uid", "position", "position_widget", "task", "worked"]


# --- Driving the engine --------------------------------------------------------------------------

def card_uid(game: tcg.Game, name: str, zone: str = "network") -> int:
    """The card called `name` in `zone` (a lesson's positions hold one of each)."""
    for uid, c in game.state.cards.items():
        if c.card.name == name and c.zone == zone:
            return uid
    raise KeyError(f"no {name} in {zone}")


def settle(game: tcg.Game, answers: Callable[[tcg.Game, str, list], Any] | None = None, until=None,
           limit: int = 60) -> tcg.Game:
    """Everyone passes (and every choice takes `answers(game, seat, choices)`, else the first
    choice) until `until(game)` holds, the stack is empty at the active player's priority, or the
    game ends."""
    for _ in range(limit):
        if game.is_over or (until is not None and until(game)):
            return game
        p = game.prompt
        if until is None and p.kind == "priority" and not game.state.stack and game.state.combat is None \
                and game.deciders == [game.state.active]:
            return game
        seat = game.deciders[0]
        if p.kind == "choose":
            keys = [k for k, _ in p.options]
            pick = answers(game, seat, keys) if answers is not None else None
            game.apply(Choose(seat, pick or keys[0]))
        else:
            game.apply(Pass(seat))
    raise RuntimeError("the position did not settle")


def new_log(game: tcg.Game, seat: str, since: int) -> list[str]:
    return game.view(seat).log[since:]


# --- Drawing a position ----------------------------------------------------------------------------

def position_widget(game: tcg.Game, seat: str) -> W.VBox:
    """The position as `seat` sees it, drawn with the card game page's parts (the same grids and
    cards, keywords explained in each card's tooltip), nothing clickable: the phase, both
    networks with money and pool, the learner's hand and the rules stack."""
    view = game.view(seat)
    esc = html.escape
    parts: list = [W.HTML(CSS), W.HTML(f"<div>Turn {view.turn}: <b>{esc(view.active)}</b>'s {esc(view.phase)} "
                                       f"phase. You are <b>{esc(seat)}</b>.</div>")]
    for x in view.seats:
        p = view.players[x]
        pool = ", ".join(f"{n} {t}" for t, n in p.pool.items() if n) or "empty"
        parts.append(W.HTML(f"<div class='tcg-net-title'>{esc(x)}'s network: {p.money}M, traits in the pool: "
                            f"{pool}</div>"))
        parts.append(network_grid(x, "mine" if x == seat else "rival", view.networks[x], {}, None))
    hand = view.players[seat].hand or []
    if hand:
        parts.append(W.HTML("<div class='tcg-net-title'>Your hand</div>"))
        parts.append(W.HBox([card_button(c) for c in hand], layout=W.Layout(flex_flow="row wrap")))
    if view.stack:
        parts.append(W.HTML("<div class='tcg-stack'><b>The rules stack</b> (bottom first; the last one resolves "
                            "first):<ol>" + "".join(
                                f"<li>{esc(item.label)}" + (f", aimed at {esc(item.target)}" if item.target else "")
                                + "</li>" for item in view.stack) + "</ol></div>"))
    parts.append(W.HTML(f"<div class='tcg-sample-note'>{esc(SAMPLE_NOTE)}</div>"))
    box = W.VBox(parts, layout=W.Layout(max_width="700px"))
    box.add_class("tcg-app")
    box.add_class("tcg-board")
    return box


# --- The tasks -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Task:
    """One lesson task: a position (`spec`, a `tcg.scenario`), `setup(game)` playing the moves
    that lead to the question, the question for `seat`, and `answer(game)` working out the right
    answer by playing on with the engine (a number, a choice, or one number per name);
    `explain(answer)` says why, in game terms; `why_not` says what a wrong choice overlooked, without
    the answer (shown with the hint); `worked(game)` prints the engine's account."""

    key: str
    decks: tuple[str, str]
    spec: dict
    seat: str
    question: str
    hint: str
    answer: Callable[[tcg.Game], Any]
    explain: Callable[[Any], str]
    worked: Callable[[tcg.Game], None]
    choices: tuple[str, ...] | None = None
    why_not: dict[str, str] | None = None      # a wrong choice -> what it overlooked (not the answer)
    setup: Callable[[tcg.Game], None] = lambda game: None

    def game(self) -> tcg.Game:
        """A fresh copy of the task's position."""
        g = tcg.scenario(self.spec, seed=1, options={"decks": list(self.decks)})
        self.setup(g)
        return g


# 01 · Your network and money: what the Accounting phase brings in.

def _to_buy_phase(game: tcg.Game) -> tcg.Game:
    """Nick ends his turn; Ana's Accounting runs: she pays every upkeep and leaves the revealed
    resource card (it goes to the bottom of her resource deck)."""
    return settle(game, lambda g, seat, keys: "pay" if "pay" in keys else None,
                  until=lambda g: g.state.active == "Ana" and g.state.phase == "buy")


def _cashflow_worked(game: tcg.Game) -> None:
    since = len(game.view("Ana").log)
    _to_buy_phase(game)
    for line in new_log(game, "Ana", since):
        print(line)
    print(f"\nAna starts her Buy phase with {game.view('Ana').players['Ana'].money}M.")


CASHFLOW = Task(
    key="tcg01/cashflow", decks=("incarnes", "gnosts"), seat="Ana",
    spec={"active": "Nick", "phase": "divest", "turn": 6, "money": {"Ana": 3, "Nick": 6},
          "networks": {"Ana": [{"id": "RN1", "at": [0, 1]}, {"id": "RN2", "at": [0, -1], "engaged": True},
                               {"id": "RN3", "at": [-1, 0]}]},
          "hands": {"Ana": ["I1"], "Nick": ["G13"]}, "mains": {"Ana": ["I5", "I6"], "Nick": ["G1", "G2"]},
          "resources": {"Ana": ["RN1", "RI1"], "Nick": ["RN1"]}},
    question="Nick is ending his turn. Ana's turn comes next: she will pay every upkeep she is asked for and "
             "leave the resource card she reveals. Her Bargain Hunters has CASHFLOW 1, Loyal Subscribers CASHFLOW 1, "
             "Premium Clientele CASHFLOW 2 and UPKEEP 1 (each card lists its keywords; hover over one to read what they do). How many M will "
             "Ana have when her Buy phase begins?",
    hint="Cashflow comes first in the Accounting phase, before the cards are disengaged: a card still engaged "
         "from the last turn brings nothing. Then count what the upkeep takes away.",
    answer=lambda g: _to_buy_phase(g).view("Ana").players["Ana"].money,
    explain=lambda m: (f"Ana has {m}M. Bargain Hunters (CASHFLOW 1) and Premium Clientele (CASHFLOW 2) are ready, "
                       "so they pay 1M + 2M; Loyal Subscribers is still engaged when the cashflow is counted, so it "
                       "pays nothing this turn (it is disengaged just after). Premium Clientele's UPKEEP 1 then "
                       "costs 1M: 3 + 3 − 1. Leaving the revealed card costs nothing."),
    worked=_cashflow_worked)


# 02 · Buying and challenging.

def _buy_mech(game: tcg.Game) -> tcg.Game:
    """Ana engages her founder for QI, buys the Exo-Frame Mech from her hand and deploys it."""
    founder = card_uid(game, "Chief Integrator")
    game.apply(Produce("Ana", founder, "QI"))
    game.apply(Buy("Ana", "hand", card_uid(game, "Exo-Frame Mech", "hand")))
    return settle(game, lambda g, seat, keys: next((k for k in keys if k.startswith("slot:Ana:")), None))


def _buy_worked(game: tcg.Game) -> None:
    since = len(game.view("Ana").log)
    _buy_mech(game)
    for line in new_log(game, "Ana", since):
        print(line)
    p = game.view("Ana").players["Ana"]
    print(f"\nAna has {p.money}M and {p.pool.get('QI', 0)} QI left in her pool (it empties at the end of the turn).")


BUY = Task(
    key="tcg02/buy", decks=("corporation", "gnosts"), seat="Ana",
    spec={"active": "Ana", "phase": "buy", "money": {"Ana": 7, "Nick": 6}, "hands": {"Ana": ["C7", "C1"]},
          "resources": {"Ana": ["RN1"], "Nick": ["RN1"]}},
    question="Ana engages her founder, Chief Integrator (QI 4), to produce QI, then buys Exo-Frame Mech from her "
             "hand (4M + 2 QI). How many M has she left, and how many QI in her pool?",
    hint="A card's price has two parts: its value, paid in M, and its trait cost, paid from the traits in your pool. "
         "Engaging a character puts its whole score in that trait into the pool.",
    answer=lambda g: {"M left": (p := _buy_mech(g).view("Ana").players["Ana"]).money, "QI left": p.pool.get("QI", 0)},
    explain=lambda a: (f"The value, 4M, comes out of Ana's money: {a['M left']}M left. The trait cost, 2 QI, comes out "
                       f"of the 4 QI her founder produced: {a['QI left']} QI stay in the pool until the end "
                       "of the turn, for another purchase or event."),
    worked=_buy_worked)

CHALLENGE_CHOICES = ("Both cards survive", "Quorum Cleric is destroyed; Nanoblood Sentinel survives",
                     "Nanoblood Sentinel is destroyed; Quorum Cleric survives", "Both cards are destroyed")


def _fight(game: tcg.Game) -> tcg.Game:
    """Ana's Sentinel attacks the Cleric in QC; Nick blocks with nothing and strikes back."""
    game.apply(Attack("Ana", card_uid(game, "Nanoblood Sentinel"), card_uid(game, "Quorum Cleric"), "QC"))

    def nick(g, seat, keys):
        if "done" in keys:
            return "done"                                    # no blockers
        return next((k for k in keys if k.startswith("ret:") and k != "ret:"), None)   # retaliate
    return settle(game, nick)


def _fight_answer(game: tcg.Game) -> str:
    _fight(game)
    alive = {c.name for net in game.view("Ana").networks.values() for c in net}
    sentinel, cleric = "Nanoblood Sentinel" in alive, "Quorum Cleric" in alive
    return CHALLENGE_CHOICES[{(True, True): 0, (True, False): 1, (False, True): 2, (False, False): 3}[(sentinel, cleric)]]


def _fight_worked(game: tcg.Game) -> None:
    since = len(game.view("Ana").log)
    _fight(game)
    for line in new_log(game, "Ana", since):
        print(line)


CHALLENGE = Task(
    key="tcg02/challenge", decks=("corporation", "gnosts"), seat="Ana",
    spec={"active": "Ana", "phase": "challenge", "money": {"Ana": 4, "Nick": 5},
          "networks": {"Ana": [{"id": "C9", "at": [0, 1]}],
                       "Nick": [{"id": "G2", "at": [0, 1]}, {"id": "G5", "at": [-1, 1]}]},
          "resources": {"Ana": ["RN1"], "Nick": ["RN1"]}},
    question="Ana's Nanoblood Sentinel attacks Nick's Quorum Cleric in QC. Nick declares no blockers and strikes "
             "back with the Cleric. What is left after the fight?",
    choices=CHALLENGE_CHOICES,
    hint="Each side deals its own score in the declared trait, at the same time. A card is destroyed when the damage "
         "marked on it in that trait reaches its score in that trait.",
    why_not={CHALLENGE_CHOICES[0]: "Compare what the Sentinel deals, its QC, with the Cleric's QC.",
             CHALLENGE_CHOICES[2]: "Which card hits harder in QC? Set what each one deals against the other's QC.",
             CHALLENGE_CHOICES[3]: "The Cleric strikes back with its QC: is that as much as the Sentinel's QC?"},
    answer=_fight_answer,
    explain=lambda a: (f"{a}. The Sentinel deals its QC 3 to the Cleric, whose QC is 2: destroyed. The Cleric was "
                       "ready, so it strikes back with its QC 2 at the same time; the Sentinel's QC is 3, so it "
                       "survives with 2 damage marked until the end of the turn. Nick could instead have blocked "
                       "with a ready card next to the Cleric that has a QC score (his Veiled Pilgrim, or even his "
                       "company): the blockers would then have taken the blow."),
    worked=_fight_worked)


# 03 · The stack and responses.

STACK_CHOICES = ("It is destroyed", "It survives with no damage", "It survives with 1 QM damage",
                 "It survives with 2 QM damage")


def _scandal_and_answer(game: tcg.Game) -> None:
    """Ana plays Bribery Scandal on the Pilgrim; Nick answers with his Cleric's ability on it."""
    pilgrim = card_uid(game, "Veiled Pilgrim")
    game.apply(PlayEvent("Ana", card_uid(game, "Bribery Scandal", "hand"), f"card:{pilgrim}"))
    game.apply(Choose("Ana", "slot:Ana:0:1"))
    settle(game, until=lambda g: g.deciders == ["Nick"] and g.prompt.kind == "priority")
    game.apply(Activate("Nick", card_uid(game, "Quorum Cleric"), 0, f"card:{pilgrim}"))


def _resolve(game: tcg.Game) -> tcg.Game:
    return settle(game)


def _stack_answer(game: tcg.Game) -> str:
    _resolve(game)
    pilgrim = next((c for c in game.view("Ana").networks["Nick"] if c.name == "Veiled Pilgrim"), None)
    if pilgrim is None:
        return STACK_CHOICES[0]
    return STACK_CHOICES[1 + min(2, pilgrim.damage.get("QM", 0))]


def _stack_worked(game: tcg.Game) -> None:
    since = len(game.view("Ana").log)
    _resolve(game)
    for line in new_log(game, "Ana", since):
        print(line)


STACK = Task(
    key="tcg03/stack", decks=("incarnes", "gnosts"), seat="Ana",
    spec={"active": "Ana", "phase": "buy", "money": {"Ana": 5, "Nick": 5}, "pools": {"Ana": {"QE": 1}},
          "hands": {"Ana": ["N2"]},
          "networks": {"Nick": [{"id": "G2", "at": [0, 1]}, {"id": "G5", "at": [-1, 1], "damage": {"QM": 1}}]},
          "resources": {"Ana": ["RN1"], "Nick": ["RN1"]}},
    setup=_scandal_and_answer,
    question="Ana played Bribery Scandal (1 QM damage to target card) on Nick's Veiled Pilgrim, which already has "
             "1 QM damage on its QM 2. Nick answered by engaging his Quorum Cleric: its ability removes all damage "
             "from a character, and he aimed it at the Pilgrim. Both players now pass. What becomes of the Pilgrim?",
    choices=STACK_CHOICES,
    hint="The stack resolves from the top: the last thing played resolves first. Which of the two is on top?",
    why_not={STACK_CHOICES[0]: "That would happen if Bribery Scandal resolved while the old damage was still there.",
             STACK_CHOICES[1]: "The Cleric's ability does not stop Bribery Scandal: the event still resolves, only not "
                               "first.",
             STACK_CHOICES[3]: "Two QM damage on a card with QM 2 would destroy it. Which damage is still there when "
                               "Bribery Scandal lands?"},
    answer=_stack_answer,
    explain=lambda a: (f"{a}. Nick's answer went on top of Ana's event, so it resolves first: the Cleric wipes the "
                       "Pilgrim's damage. Only then does Bribery Scandal resolve and mark 1 QM: 1 is below its QM 2. "
                       "Had the two resolved in the order they were played, the Pilgrim would have been "
                       "destroyed before the Cleric could help: answering on the stack is how you save a card."),
    worked=_stack_worked)

TASKS: dict[str, Task] = {t.key: t for t in (CASHFLOW, BUY, CHALLENGE, STACK)}


def _task(key: str) -> Task:
    try:
        return TASKS[key]
    except KeyError:
        raise KeyError(f"no lesson task {key!r} (the tasks are {', '.join(TASKS)})") from None


def position(key: str) -> W.VBox:
    """The position of the task `key`, as the learner's seat sees it."""
    t = _task(key)
    return position_widget(t.game(), t.seat)


def check(key: str) -> Check:
    """The self-check of the task `key`, its answer worked out by the engine from the position."""
    t = _task(key)
    answer = t.answer(t.game())
    return Check(t.key, t.question, answer, t.explain(answer), t.hint, t.choices, why_not=dict(t.why_not or {}))


def task(key: str) -> SelfCheck:
    """The task `key` as a self-check widget (the answer stays in the kernel)."""
    return SelfCheck(check(key))


def worked(key: str, after) -> WorkedExample:
    """The engine playing the task's position out, shown once `after` was tried."""
    t = _task(key)
    return worked_example(lambda: t.worked(t.game()), after, title="What the engine does")
