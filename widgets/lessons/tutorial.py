"""Your first game: a guided short game of MegaCorps against two computer corps, in the manner
of Board Game Arena's tutorials (notebooks/00-first-game.ipynb).

One continuous game of six rounds (a deck of five cards). In the first rounds a coach says what
to do and why; only the intended kind of move is offered, and a choice that misses the point is
explained and not played (pick again). The table is shown piece by piece: the board, the corps,
your move, the log. From round 4 on the learner plays freely against real bots until the game
ends and the final payouts name the winner.

The opponents of the guided part follow a script (so that the coach's words stay true); the
bots of the free part are the project's computer players. Their hands stay hidden throughout.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass, field

import ipywidgets as w

import megacorps as mc

from .goals import Goal, Verdict, keep_alive
from .moves import MoveMaker
from .opponents import Opponent

__all__ = ["FirstGame", "tutorial_game"]

YOU = "Mokia"
RIVALS = ("Globbo", "Nonintendo")


def tutorial_game() -> mc.Game:
    """The position the first game starts from: three corps, six rounds to play."""
    return mc.scenario(
        [YOU, *RIVALS],
        countries={"European Union": YOU, "Mercosur": "Globbo", "Japan": "Nonintendo"},
        companies={"NAFTA/Robotics": YOU, "European Union/Media": YOU,
                   "Mercosur/Oil": "Globbo", "Great Russia/Oil": "Globbo",
                   "Japan/Media": "Nonintendo", "Japan/Electronics": "Nonintendo"},
        hands={YOU: ["Boom"]}, deck=["Elections", "Military Coup", "Boom", "Revolution", "L-5"])


# What the rivals do during the guided rounds (round, corp) -> their action on their turn.
SCRIPT: dict[tuple[int, str], Callable[[str], mc.Action]] = {
    (1, "Globbo"): lambda c: mc.BuyCompany(c, "Caliphate/Oil"),
    (1, "Nonintendo"): lambda c: mc.BuyCompany(c, "NAFTA/Media"),
    (2, "Globbo"): lambda c: mc.PayoutIndustry(c, "Oil"),
    (2, "Nonintendo"): lambda c: mc.Pass(c),
    (3, "Nonintendo"): lambda c: mc.BuyCompany(c, "ASEAN/Media"),
    (3, "Globbo"): lambda c: mc.BuyCompany(c, "ASEAN/Oil"),
}


def scripted_rivals() -> dict[str, Opponent]:
    def turn(game: mc.Game, corp: str) -> mc.Action:
        return SCRIPT.get((game.round, corp), mc.Pass)(corp)
    return {"Globbo": Opponent(turn=turn), "Nonintendo": Opponent(turn=turn, veto=True)}


def free_rivals(seed: int = 0) -> dict:
    """Real computer players for the rounds the learner plays alone."""
    return {corp: mc.bots.GreedyBot(seed=seed + i) for i, corp in enumerate(RIVALS)}


def _robotics(game: mc.Game) -> int:
    return sum(1 for c in game.companies_of(YOU) if c.endswith("/Robotics"))


def _industry(action) -> str:
    return getattr(action, "company", "/").split("/", 1)[1]


# --- the guided steps ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Step:
    """One step of the guided part: the coach's words, the parts of the table shown from now
    on, and for a move step its limits, the vetting of wrong choices and its goal."""

    text: str
    show: tuple[str, ...] = ()
    allow: Callable | None = None
    vet: Callable | None = None
    goal: Goal | None = None
    until: Callable | None = None
    extra: dict = field(default_factory=dict)

    @property
    def is_move(self) -> bool:
        return self.goal is not None


def _vet_second_robotics(game: mc.Game, action) -> str | None:
    if action.kind != "buy":
        return None
    industry = _industry(action)
    if industry != "Robotics":
        return (f"{action.company} is in the {industry} industry. The goal is a second Robotics company: "
                "two companies of one industry earn twice at each of its payouts.")
    if action.company == "Japan/Robotics":
        return ("Japan belongs to Nonintendo, and you already own a Robotics company: Nonintendo could "
                "forbid this purchase (you will see that next round). Pick a Robotics company in a "
                "country no rival controls.")
    return None


def _vet_third_robotics(game: mc.Game, action) -> str | None:
    if action.kind == "pass":
        return "Passing gives up your action. The goal is a third Robotics company."
    if action.kind == "buy" and _industry(action) != "Robotics":
        return f"{action.company} is not a Robotics company; the goal is a third one."
    return None


def _vet_payout(game: mc.Game, action) -> str | None:
    if action.kind != "payout" or action.industry == "Robotics":
        return None
    earned = mc.payout_amounts(game.state, action.industry)
    mine = earned.get(YOU, 0)
    others = ", ".join(f"{c} {e}" for c, e in earned.items() if c != YOU) or "nobody else"
    return (f"{action.industry} would pay you {mine} Euros (and {others}). Look for the industry "
            "where your companies earn most: the preview under the list tells you, choice by choice.")


def _vet_boom(game: mc.Game, action) -> str | None:
    if action.kind == "play" and action.target != "Robotics":
        earned = mc.payout_amounts(game.state, action.target).get(YOU, 0)
        return (f"Boom on {action.target} would pay you {earned} Euros. Which industry pays you most?")
    return None


def _goal(text: str, judge) -> Goal:
    return Goal(text, judge)


def _gained(before: mc.Game, after: mc.Game) -> int:
    return after.money(YOU) - before.money(YOU)


STEPS: list[Step] = [
    Step("<b>Welcome to MegaCorps.</b> You run <b>Mokia</b>, one of three giant corporations. The "
         "<b>board</b> below is the world: one <b>row per country</b>, one <b>column per industry</b>. "
         "Each box is a company; a box with a corp's initials is owned by that corp (MK is you). "
         "The little box left of each row shows who controls the country: you control the European "
         "Union. Hover over any box to read about it.", show=("board",)),
    Step("<b>The goal: end with the most money.</b> The line above the board shows each corp's money "
         "(everyone starts with 40 Euros), soldiers (\"merc.\"), cards in hand, companies and countries. "
         "Money is the score. Companies make money when their industry <b>pays out</b>: each company "
         "earns, and the fewer <b>competitors</b> in the industry, the more each earns. This short game "
         "lasts <b>six rounds</b>; in each round every corp takes <b>one action</b>. You act first.",
         show=("corps",)),
    Step("<b>Your first action: buy a company.</b> Buying costs 4 Euros and puts your marker in an "
         "empty box. You own the Robotics company of NAFTA. Buy a <b>second Robotics company</b>: click "
         "an outlined box in the Robotics column (or pick it in the list), then press <i>Do it</i>.",
         show=("moves",), allow=lambda a: a.kind == "buy" and _industry(a) == "Robotics",
         vet=_vet_second_robotics,
         goal=_goal("own two Robotics companies.", lambda b, a, m: Verdict(
             _robotics(a) == 2, "Two Robotics companies: every Robotics payout now pays you twice."
             if _robotics(a) == 2 else f"You own {_robotics(a)} Robotics companies."))),
    Step("<b>Your rivals moved.</b> The <b>log</b> (below) tells what happened: Globbo bought a third "
         "Oil company, Nonintendo a Media company. Then round 2 began: the <b>Active Player</b> card "
         "(it marks who goes first) passed to Globbo, who drew an event card, secret to you. Globbo "
         "then <b>paid out Oil</b>: its three Oil companies earned 6 Euros each, since Oil had three "
         "competitors (Globbo and two boxes nobody owns). Globbo took the <b>Paid</b> card: its holder "
         "may not call a payout again until another corp calls one. And only one payout may be called "
         "per round, so this round you cannot call one.", show=("log",)),
    Step("<b>Buy into a rival's country.</b> Try to buy the <b>Robotics company of Japan</b>. Japan "
         "belongs to Nonintendo, and you already own Robotics companies: under the <b>antitrust</b> "
         "rule, the country's controller may forbid such a purchase. Let us see what Nonintendo does.",
         allow=lambda a: a.kind == "buy" and a.company == "Japan/Robotics",
         goal=_goal("try to buy Japan's Robotics company.", lambda b, a, m: Verdict(
             True, "Nonintendo vetoed it: a rival may block you in its own country.")),
         until=lambda g: g.state.must_buy),
    Step("<b>Vetoed.</b> After a veto you must buy a different company, or pass. Buy your <b>third "
         "Robotics company</b> somewhere else.",
         allow=lambda a: a.kind == "pass" or (a.kind == "buy" and _industry(a) == "Robotics"),
         vet=_vet_third_robotics,
         goal=_goal("own three Robotics companies.", lambda b, a, m: Verdict(
             _robotics(a) == 3, "Three of the five Robotics companies are yours."
             if _robotics(a) == 3 else f"You own {_robotics(a)} Robotics companies."))),
    Step("<b>Time to cash in.</b> Round 3: Nonintendo (now the Active Player) bought a third Media "
         "company. Now <b>pay out</b> the industry that earns you the most. Pick a choice in the list and "
         "read the preview under it before you press <i>Do it</i>.",
         allow=lambda a: a.kind == "payout", vet=_vet_payout,
         goal=_goal("earn the most you can with one payout.", lambda b, a, m: Verdict(
             _gained(b, a) == 18, "Robotics had three competitors (you and the two boxes nobody owns): "
             "6 Euros per company, and you own three: 18 Euros. You took the Paid card from Globbo."
             if _gained(b, a) == 18 else f"You earned {_gained(b, a)} Euros."))),
    Step("<b>Event cards.</b> Round 4: the Active Player card came back to you and you drew a card. "
         "Your hand is in the line above the list (<i>Your hand: ...</i>); the others cannot see it. "
         "You hold the Paid card, so you may not call a payout, but a card may still make an industry "
         "pay: <b>play Boom</b> on the industry that pays you most. Cards are not actions: you keep your "
         "action for this round.",
         allow=lambda a: a.kind == "play" and a.card == "Boom", vet=_vet_boom,
         goal=_goal("make your best industry pay with Boom.", lambda b, a, m: Verdict(
             _gained(b, a) == 18 and a.paid_holder == YOU,
             "Robotics paid you 18 again, and the Paid card stayed with you: a card's payout never moves it."
             if _gained(b, a) == 18 else f"You earned {_gained(b, a)} Euros.")),
         until=lambda g: not g.state.frames),
]

FREE_PLAY = ("<b>Now you play on your own.</b> Everything is allowed: buy, pay out, use your country, "
             "hire mercenaries, play your cards. Globbo and Nonintendo are now real computer players. "
             "The game ends when the event deck is empty: after this round and two more. Then every "
             "industry pays out one last time, and the richest corp wins. Tip: each company you own "
             "will earn once more at the end.")


class FirstGame(w.VBox):
    """The guided first game: coach, board, corps, move panel and log in one widget.
    Drive it from code with `next()` (info steps) and `panel.choose(action)` (moves)."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.game = tutorial_game()
        self.step_index = 0
        self.free = False
        self.coach = w.HTML()
        self.progress = w.HTML()
        self.next_button = w.Button(description="Continue", button_style="primary", icon="arrow-right",
                                    layout=w.Layout(width="140px"))
        self.next_button.on_click(lambda _b: self.next())
        self.panel = MoveMaker(self.game, corp=YOU, opponents=scripted_rivals(), allow=lambda a: False)
        self.panel.on_attempt(lambda _p: self._attempted())
        self.log_box = w.HTML()
        # the log follows every move, also in free play, where no attempt is judged until the end
        self.panel.result.observe(lambda _change: self._update_log(), "value")
        self.results = w.HTML()
        self.parts = {
            "board": w.Box([self.panel.view.figure] if self.panel.view is not None else []),
            "corps": self.panel.corps_line,
            "moves": w.VBox([self.panel.prompt, self.panel.controls, self.panel.hint, self.panel.result]),
            "log": self.log_box,
        }
        self.panel.goal_line.layout.display = "none"
        # the learner is down at the move panel when a step is done: point to the way on
        self.panel.done_text = ("<i>Done. Press <b>Continue</b> in the blue frame above to go on "
                                "(or <b>Start over</b> to try this step again).</i>")
        self.shown: set[str] = set()
        coach_box = w.VBox([self.progress, self.coach, self.next_button],
                           layout=w.Layout(border="2px solid #1f6feb", padding="6px 10px", margin="4px 0"))
        super().__init__([coach_box, self.parts["corps"], self.parts["board"], self.parts["moves"],
                          self.results, self.parts["log"], keep_alive()])
        self._enter(0)

    # -- steps
    @property
    def step(self) -> Step | None:
        return None if self.free else STEPS[self.step_index]

    def _show(self, parts) -> None:
        self.shown |= set(parts)
        for name, widget in self.parts.items():
            widget.layout.display = None if name in self.shown else "none"

    def _enter(self, index: int) -> None:
        self.step_index = index
        step = STEPS[index]
        self._show(step.show)
        self.progress.value = f"<span style='color:#555'>Your first game · step {index + 1} of {len(STEPS) + 1}</span>"
        self.coach.value = f"<div style='max-width:860px'>{step.text}</div>"
        if step.is_move:
            self.panel.retarget(allow=step.allow, vet=step.vet, goal=step.goal, until=step.until)
            self.next_button.layout.display = "none"
        else:
            self.panel.retarget(allow=lambda a: False)
            self.panel.prompt.value = "<i>Read the note above, then press <b>Continue</b>.</i>"
            self.next_button.layout.display = None
            self.next_button.disabled = False
        self._update_log()

    def next(self) -> None:
        """Go on from an info step, or after a move step's goal was met."""
        step = self.step
        if step is None:
            return
        if step.is_move and not (self.panel.verdict and self.panel.verdict.met):
            raise RuntimeError("this step's goal is not met yet")
        if self.step_index + 1 < len(STEPS):
            self._enter(self.step_index + 1)
        else:
            self._start_free_play()

    def _attempted(self) -> None:
        self._update_log()
        if self.free:
            if self.panel.game.is_over:
                self._finish()
            return
        verdict = self.panel.verdict
        if verdict is not None and verdict.met:
            self.coach.value += (f"<div style='color:#1a7f37;margin-top:4px'><b>Well done.</b> "
                                 f"{html.escape(verdict.why)}</div>")
            self.next_button.layout.display = None

    def _start_free_play(self) -> None:
        self.free = True
        self._show(("board", "corps", "moves", "log"))
        self.progress.value = f"<span style='color:#555'>Your first game · step {len(STEPS) + 1} of {len(STEPS) + 1}</span>"
        self.coach.value = f"<div style='max-width:860px'>{FREE_PLAY}</div>"
        self.next_button.layout.display = "none"
        self.panel.done_text = "<i>The game is over: the result is in the blue frame above.</i>"
        self.panel.opponents = free_rivals(self.seed)
        self.panel.retarget(until=lambda g: g.is_over)
        self._update_log()

    def _finish(self) -> None:
        game = self.panel.game
        scores = game.scores()
        ranking = sorted(scores.items(), key=lambda kv: -kv[1])
        winners = game.winners()
        rows = "".join(f"<li><b>{html.escape(c)}</b>: {m} Euros{' (you)' if c == YOU else ''}</li>"
                       for c, m in ranking)
        if winners == [YOU]:
            verdict = "<b>You won your first game!</b>"
        elif YOU in winners:
            verdict = "<b>A shared win:</b> you tied for the most money."
        else:
            verdict = f"<b>{html.escape(' and '.join(winners))} won</b> this time."
        self.coach.value = (f"<div style='max-width:860px'>{verdict} The final payouts are in the log. "
                            f"Final money:<ul>{rows}</ul>You have played a whole game of MegaCorps. The "
                            "lessons that follow explain every rule you met (and those you did not: wars, "
                            "governments, auctions, elections, deals), each with moves to make and "
                            "questions to think about.</div>")
        self.results.value = ""

    def _update_log(self) -> None:
        game = self.panel.game
        lines = [e.for_corp(YOU) for e in game.log][-12:]
        items = "".join(f"<li>{html.escape(t)}</li>" for t in lines)
        self.log_box.value = (f"<details open><summary><b>Log</b> (latest last)</summary>"
                          f"<ul style='font-size:12px'>{items}</ul></details>")

    @property
    def finished(self) -> bool:
        return self.free and self.panel.game.is_over
