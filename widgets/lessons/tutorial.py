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
        # only cards the game explains as they come: no election, revolution or coup the learner
        # never met (Globbo draws Oversupply and the Asteroid, Nonintendo Shortages and L-5, you Boom)
        hands={YOU: ["Boom"]}, deck=["Oversupply", "Shortages", "Boom", "Asteroid", "L-5"])


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


# What the first game teaches: the kinds of move the free rounds may bring, the learner's and the rivals'.
TAUGHT = frozenset({"buy", "payout", "pass", "permit", "veto", "play", "no-card"})

# One line for each card a rival may play in the free rounds, said when it happens (and the end).
SURPRISES = {
    "Oversupply": "Oversupply: this payout counted one competitor more, so every company in it earned less.",
    "Shortages": "Shortages: this payout counted one competitor fewer, so every company in it earned more.",
    "Boom": "Boom: a card that makes an industry pay out now, outside anyone's action; the Paid card stays put.",
    "Asteroid": "Asteroid: a new Metals company now exists. Anyone may buy it, and no government can touch it.",
    "L-5": "L-5: a new Nanotech company now exists in space. Anyone may buy it, and no government can touch it.",
}
FINAL = "The deck is empty: every industry pays out one last time, and no card may change these payouts."


def taught(action: mc.Action) -> bool:
    return action.kind in TAUGHT and (not isinstance(action, mc.PlayCard) or action.card in SURPRISES)


class TaughtOnly:
    """A computer rival of the free rounds that keeps to what the first game taught: the project's
    bot decides, and a move of a kind not taught yet (a war, an intervention, mercenaries, a deal)
    becomes a taught one: its best payout if it earns 6 or more, else a purchase in the industry it
    owns most of, else a pass (or a permit)."""

    def __init__(self, bot):
        self.bot = bot

    def decide(self, game: mc.Game, corp: str) -> mc.bots.Decision:
        decision = mc.bots.decide(self.bot, game, corp)
        if taught(decision.action):
            return decision
        choices = [a for a in mc.bots.decision_choices(game, corp) if taught(a)]
        payouts = sorted(((mc.payout_amounts(game.state, a.industry).get(corp, 0), str(a), a)
                          for a in choices if isinstance(a, mc.PayoutIndustry)), key=lambda t: t[:2])
        if payouts and payouts[-1][0] >= 6:
            return mc.bots.Decision(payouts[-1][2], "its best payout")
        mine = [c.split("/")[1] for c in game.companies_of(corp)]
        best = max(sorted(set(mine)), key=mine.count) if mine else None
        buys = [a for a in choices if isinstance(a, mc.BuyCompany) and a.company.endswith(f"/{best}")]
        if buys:
            return mc.bots.Decision(buys[0], "builds its industry")
        calm = [a for a in choices if a.kind in ("pass", "permit", "no-card")]
        return mc.bots.Decision((calm or choices)[0], "")

    def interrupt(self, game: mc.Game, corp: str):
        decision = mc.bots.interrupt(self.bot, game, corp)
        return decision if decision is not None and taught(decision.action) else None


def free_rivals(seed: int = 0) -> dict:
    """Real computer players for the rounds the learner plays alone, kept to what was taught."""
    return {corp: TaughtOnly(mc.bots.GreedyBot(seed=seed + i)) for i, corp in enumerate(RIVALS)}


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
    Step("<b>Welcome.</b> You run <b>Mokia</b>, one of three giant corporations. The <b>board</b> below is the "
         "world: a row per country, a column per industry. Each box is a company; MK marks yours. The box "
         "left of a row shows who controls the country. Hover over any box.", show=("board",)),
    Step("<b>Most money wins.</b> The line above the board shows each corp's Euros (40 to start), soldiers (\"merc.\"), companies "
         "and countries. Companies earn when their industry <b>pays out</b>: fewer <b>competitors</b>, more each. "
         "Six rounds, one action each; you act first. (Your two free starting picks were made for you.)",
         show=("corps",)),
    Step("<b>Buy a company</b> (4 Euros). You own NAFTA's Robotics company: buy a <b>second Robotics company</b>. "
         "Click an outlined box on the board below, or pick it in the list, then press <i>Do it</i>. Two "
         "companies of one industry earn twice at each payout.",
         show=("moves",), allow=lambda a: a.kind == "buy" and _industry(a) == "Robotics",
         vet=_vet_second_robotics,
         goal=_goal("own two Robotics companies.", lambda b, a, m: Verdict(
             _robotics(a) == 2, "Two Robotics companies: every Robotics payout now pays you twice."
             if _robotics(a) == 2 else f"You own {_robotics(a)} Robotics companies."))),
    Step("<b>Your rivals moved</b> (see the log). Globbo took the <b>Active Player</b> card (it acts "
         "first and draws a secret card), then <b>paid out Oil</b>: 6 Euros a company. It took the <b>Paid</b> "
         "card: no payout for it until someone else calls one. One payout per round: none for you now.", show=("log",)),
    Step("<b>Antitrust.</b> Try to buy <b>Japan's Robotics company</b>. You already own Robotics, and Japan is "
         "Nonintendo's: a country's controller may forbid such a purchase. Watch what Nonintendo does.",
         allow=lambda a: a.kind == "buy" and a.company == "Japan/Robotics",
         goal=_goal("try to buy Japan's Robotics company.", lambda b, a, m: Verdict(
             True, "Nonintendo vetoed it: a rival may block you in its own country.")),
         until=lambda g: g.state.must_buy),
    Step("<b>Vetoed.</b> After a veto you buy something else, or pass. Buy a <b>third Robotics company</b>, in a "
         "country no rival controls.",
         allow=lambda a: a.kind == "pass" or (a.kind == "buy" and _industry(a) == "Robotics"),
         vet=_vet_third_robotics,
         goal=_goal("own three Robotics companies.", lambda b, a, m: Verdict(
             _robotics(a) == 3, "Three of the five Robotics companies are yours."
             if _robotics(a) == 3 else f"You own {_robotics(a)} Robotics companies."))),
    Step("<b>Cash in.</b> Round 3: Nonintendo bought more Media. Now <b>pay out</b> the industry that earns you "
         "most: the preview under the list says what each choice pays.",
         allow=lambda a: a.kind == "payout", vet=_vet_payout,
         goal=_goal("earn the most you can with one payout.", lambda b, a, m: Verdict(
             _gained(b, a) == 18, "Robotics had three competitors (you and the two boxes nobody owns): "
             "6 Euros per company, and you own three: 18 Euros. You took the Paid card from Globbo."
             if _gained(b, a) == 18 else f"You earned {_gained(b, a)} Euros."))),
    Step("<b>Event cards.</b> Round 4: you drew a card (your hand shows next to the list; rivals cannot see it). "
         "You hold the Paid card, so no payout action; but <b>play Boom</b> on your best industry. A card is "
         "not an action: you keep yours.",
         allow=lambda a: a.kind == "play" and a.card == "Boom", vet=_vet_boom,
         goal=_goal("make your best industry pay with Boom.", lambda b, a, m: Verdict(
             _gained(b, a) == 18 and a.paid_holder == YOU,
             "Robotics paid you 18 again, and the Paid card stayed with you: a card's payout never moves it."
             if _gained(b, a) == 18 else f"You earned {_gained(b, a)} Euros.")),
         until=lambda g: not g.state.frames),
]

FREE_PLAY = ("<b>Now on your own</b> against two computer players: buy, pay out, play cards, answer vetoes. "
             "Three rounds are left; then every industry pays once more, and the richest wins. Government "
             "intervention, mercenaries, wars, deals and the setup picks wait for the lessons.")


def _final_payouts(game: mc.Game) -> dict[str, dict[str, int]]:
    """What the final payouts paid each corp, industry by industry (no card may change them:
    the position at the end gives them)."""
    paid: dict[str, dict[str, int]] = {c: {} for c in game.corps}
    for industry in game.board.industries:
        for corp, euros in mc.payout_amounts(game.state, industry).items():
            if euros and corp in paid:
                paid[corp][industry] = euros
    return paid


def why_it_ended(game: mc.Game) -> str:
    """Why the winner won, in numbers: money before the final payouts, what those paid, and the
    industry that paid most, for the winner and for you."""
    scores, winner = game.scores(), game.winners()[0]
    final = _final_payouts(game)

    def told(corp: str) -> str:
        paid = final[corp]
        total = sum(paid.values())
        best = max(sorted(paid), key=paid.get) if paid else None
        where = f", {paid[best]} of them from {best}" if best else ""
        return f"{scores[corp] - total} before the final payouts, {total} from them{where}"

    rival = winner if winner != YOU else max((c for c in game.corps if c != YOU), key=lambda c: scores[c])
    first, second = (YOU, rival) if winner == YOU else (winner, YOU)
    head = "Why you won" if winner == YOU else f"Why {html.escape(winner)} won"
    lines = (f"<b>{head}:</b> {html.escape(first)} {scores[first]} Euros ({told(first)}); "
             f"{html.escape(second)} {scores[second]} ({told(second)}). ")
    before = {c: scores[c] - sum(final[c].values()) for c in (first, second)}
    if before[first] >= before[second]:
        lines += (f"The lead was built before the end: {html.escape(first)} had {before[first]} Euros to "
                  f"{before[second]} when the deck ran out, from payouts called during the game.")
    else:
        lines += (f"The final payouts decided it: {html.escape(first)} owned more of the industries that paid "
                  "most at the end.")
    return lines + " Every company earns at each payout of its industry, and more when there are fewer competitors."


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
        self.panel.on_start_over(lambda _p: self._started_over())
        self.log_box = w.HTML()
        # the log follows every move, also in free play, where no attempt is judged until the end
        self.panel.result.observe(lambda _change: self._update_log(), "value")
        self.results = w.HTML()
        self.surprise = w.HTML()          # one line for each surprise of the free rounds, when it happens
        self.surprises_told: list[str] = []
        self._log_read = 0                # how much of the log the surprises have been looked for in
        self.parts = {
            "board": w.Box([self.panel.view.figure] if self.panel.view is not None else []),
            "corps": self.panel.corps_line,
            "moves": w.VBox([self.panel.prompt, self.panel.controls, self.panel.hint, self.panel.result]),
            "log": self.log_box,
        }
        self.panel.goal_line.layout.display = "none"
        # the learner is down at the move panel when a step is done: point to the way on
        self.panel.done_text = ("<i>Done. Press <b>Continue</b> just above to go on "
                                "(or <b>Start over</b> to try this step again).</i>")
        self.shown: set[str] = set()
        # the coach's note, Continue and the move controls in one frame, above the board: what a note
        # talks about is next to it, with no scrolling between reading and doing (1024x700)
        coach_box = w.VBox([self.progress, self.coach, self.surprise, self.next_button, self.parts["moves"]],
                           layout=w.Layout(border="2px solid #1f6feb", padding="6px 10px", margin="4px 0"))
        super().__init__([coach_box, self.parts["corps"], self.parts["board"], self.results, self.parts["log"],
                          keep_alive()])
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

    def _started_over(self) -> None:
        """Start over in the free rounds takes the game back to their start: the end's verdict and
        the surprises told since belong to the game taken back."""
        if self.free:
            self.progress.value = (f"<span style='color:#555'>Your first game · step {len(STEPS) + 1} of "
                                   f"{len(STEPS) + 1}</span>")
            self.coach.value = f"<div style='max-width:860px'>{FREE_PLAY}</div>"
            self.surprise.value = ""
            self.surprises_told.clear()
            self._log_read = len(self.panel.game.log)
            self.results.value = ""
        self._update_log()

    def _start_free_play(self) -> None:
        self.free = True
        self._show(("board", "corps", "moves", "log"))
        self.progress.value = f"<span style='color:#555'>Your first game · step {len(STEPS) + 1} of {len(STEPS) + 1}</span>"
        self.coach.value = f"<div style='max-width:860px'>{FREE_PLAY}</div>"
        self.next_button.layout.display = "none"
        self.panel.done_text = "<i>The game is over: the result is just above.</i>"
        self.panel.opponents = free_rivals(self.seed)
        # the computer players' reasons speak the bots' language ("adds 9 to what a payout of its holdings
        # would bring"); a newcomer gets the one-line notes of SURPRISES instead
        self.panel.explain_opponents = False
        self.panel.retarget(until=lambda g: g.is_over, keep_to=taught)
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
        self.coach.value = (f"<div style='max-width:860px'>{verdict} Final money:<ul>{rows}</ul>"
                            f"{why_it_ended(game)} You have played a whole game of MegaCorps. The "
                            "lessons that follow explain every rule you met (and those you did not: wars, "
                            "governments, auctions, elections, deals), each with moves to make and "
                            "questions to think about.</div>")
        self.results.value = ""

    def _tell_surprises(self) -> None:
        """In the free rounds, one line for each card a rival played and for the final payouts, as
        they happen (SURPRISES)."""
        log = self.panel.game.log
        if not self.free:
            self._log_read = len(log)
            return
        lines = []
        for entry in log[self._log_read:]:
            card = next((c for c in SURPRISES if entry.text.startswith(tuple(f"{r} plays {c}" for r in RIVALS))), None)
            line = SURPRISES.get(card) if card else (FINAL if entry.text.startswith("The event deck is empty") else None)
            if line and line not in lines:
                lines.append(line)
        fresh = len(log) > self._log_read
        self._log_read = len(log)
        if fresh and not lines:
            self.surprise.value = ""  # the last surprise is told once, not left standing
        if lines:
            self.surprises_told += lines
            self.surprise.value = ("<div style='background:#fff8e1;padding:3px 6px;max-width:860px'><b>What just "
                                   "happened:</b> " + " ".join(html.escape(x) for x in lines) + "</div>")

    def _update_log(self) -> None:
        self._tell_surprises()
        game = self.panel.game
        lines = [e.for_corp(YOU) for e in game.log][-20:]
        items = "".join(f"<li>{html.escape(t)}</li>" for t in lines)
        self.log_box.value = (f"<details open><summary><b>Log</b> (latest last)</summary>"
                          f"<ul style='font-size:12px'>{items}</ul></details>")

    @property
    def finished(self) -> bool:
        return self.free and self.panel.game.is_over
