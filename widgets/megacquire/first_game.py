"""The guided first game of MEGAcquire (notebooks/megacquire/00-first-game.ipynb): a short game of six
rounds against two computer players, on a board where play has already begun. A coach takes the
learner through three turns, one idea each (found a company and buy its stock; grow it; merge a
company whose stock they hold and collect the bonus), then lets them finish the game alone.

A move that misses a step's point is not played: the coach says what the tile would have done and
gives a hint; a second miss names the tile to play. The rivals are the game's bots (Ada a Tycoon,
Bo at random); the tiles they hold and draw during the guided turns lie far from the learner's,
so every step can be done whatever the learner chose before.

The log is the kit's (widgets/shell/log.py), as on MEGAcquire's page: newest first, each line
with its round and a link to the rules help section explaining its rule, which opens the
shared rules viewer under the game (widgets/shell/rules_view.py; the link's click reaches the
kernel through the page's browser bridge).

Drive it from code with `next()` (info steps) and `act(action)` (moves).
"""
from __future__ import annotations

import html
import random
from collections.abc import Callable
from dataclasses import dataclass

import ipywidgets as W

from megacorps import megacquire as mq
from megacorps.megacquire import tiles
from megacorps.megacquire.board import FOUNDS, GROWS, MERGES
from megacorps.megacquire.bots import HeuristicBot, RandomBot
from megacorps.megacquire.log import BONUS, FINAL, GAME_ENDS, SETUP
from widgets.megacorps_app.browser import BrowserBridge
from widgets.shell.log import game_lines, log_html, rules_help_link
from widgets.shell.rules_view import RulesView

from .course import OUTCOME_WORDS, bonus_received, company, rows
from .lessons import CSS, YOU, LessonBoard, MovePanel, keep_alive, money, run_bots
from .rules_help import rules_help

RIVALS = {"Ada": "a Tycoon: she buys to win the majority of companies", "Bo": "plays at random"}
LAST_ROUND = 6
FOUND_TILE, GROW_TILE, MERGE_TILE = "B-12", "C-13", "F-4"


def tutorial_game() -> mq.Game:
    """Round 1 of a game already under way: Delta (medium, 8 tiles) and Cardinal (small, 4) one
    space apart, Summit (medium, 3) in the south, an unincorporated tile at B-11. The rivals' tiles,
    and every tile drawn in the first rounds, lie in rows J to Q."""
    delta, cardinal, summit = rows("E", 2, 9), rows("G", 3, 6), rows("M", 8, 10)
    used = set(delta + cardinal + summit + ["B-11", FOUND_TILE, GROW_TILE, MERGE_TILE])
    south = [c for c in rows("JKLNOPQ", 1, 13) if c not in used]
    north = [c for c in rows("ABCDEFGHI", 1, 13) if c not in used]
    rng = random.Random(21)
    rng.shuffle(south)
    rng.shuffle(north)
    mine = [FOUND_TILE, GROW_TILE, MERGE_TILE]
    mine += [c for c in north if all(_apart(c, x) for x in used)][:9]
    hands = {YOU: mine[:12], "Ada": south[:12], "Bo": south[12:24]}
    return mq.scenario([YOU, *RIVALS], options={"last_round": LAST_ROUND},
                       companies={"Delta": delta, "Cardinal": cardinal, "Summit": summit}, loose=["B-11"],
                       hands=hands, supply=south[24:40],
                       holdings={YOU: {"Cardinal": 7, "Delta": 1}, "Ada": {"Cardinal": 2, "Delta": 3},
                                 "Bo": {"Delta": 2, "Summit": 3}},
                       cash={YOU: 9000, "Ada": 8500, "Bo": 9500})


def _apart(a: str, b: str) -> bool:
    """Two spaces at least two rows or two columns apart (so neither touches the other)."""
    return abs(ord(a[0]) - ord(b[0])) >= 2 or abs(int(a[2:]) - int(b[2:])) >= 2


def rivals(seed: int = 0) -> dict:
    return {"Ada": HeuristicBot(seed=seed + 1), "Bo": RandomBot(seed=seed + 2)}


@dataclass(frozen=True)
class Step:
    """A coach's note; with `allow`, a move step: `vet(game, action)` says why an allowed move
    misses the point (it is then not played), `done(game, moves)` when the step is over,
    `well_done(game, start, actions)` what the coach says then (`start`: the position when the step
    began, `actions`: every action since, the rivals' included)."""

    text: Callable[[mq.Game], str]
    allow: Callable | None = None
    vet: Callable = lambda g, a: None
    done: Callable = lambda g, m: True
    well_done: Callable = lambda g, start, actions: ""
    answer: str = ""  # told after a second miss

    @property
    def is_move(self) -> bool:
        return self.allow is not None


def _mine(game: mq.Game) -> str | None:
    """The company the learner founded in this game (the one they hold and nobody held at the start)."""
    view = game.view(YOU, log=False)
    for name in view.holdings[YOU]:
        if name not in ("Cardinal", "Delta") and view.companies[company(game, name)].size:
            return name
    return None


def _outcome(game: mq.Game, tile: str) -> str:
    return tiles.tile_outcome(game.state, game.options.geometry.index[tile])


def _vet_found(game, action):
    if isinstance(action, mq.PlayTile) and _outcome(game, action.tile) != FOUNDS:
        return f"{action.tile} {OUTCOME_WORDS[_outcome(game, action.tile)]}."
    return None


def _vet_buy(game, action):
    mine = _mine(game)
    if isinstance(action, mq.BuyShare) and action.company != mine:
        return f"Buy {mine} this time: the company you have just founded."
    if isinstance(action, mq.EndTurn) and game.view(YOU, log=False).cart.count(mine) < 2:
        return f"Buy at least two {mine} certificates before you end your turn."
    return None


def _vet_grow(game, action):
    mine = _mine(game)
    if isinstance(action, mq.PlayTile):
        kind = _outcome(game, action.tile)
        touches = _touching(game, action.tile)
        if kind != GROWS or mine not in touches:
            return f"{action.tile} {OUTCOME_WORDS[kind]}" + (f" ({', '.join(touches)})" if touches else "") + "."
    return None


def _vet_merge(game, action):
    if isinstance(action, mq.PlayTile):
        kind = _outcome(game, action.tile)
        if kind != MERGES or "Cardinal" not in _touching(game, action.tile):
            return f"{action.tile} {OUTCOME_WORDS[kind]}."
    return None


def _touching(game: mq.Game, tile: str) -> list[str]:
    board = game.view(None, log=False).board
    around = game.options.geometry.neighbours[game.options.geometry.index[tile]]
    return sorted({board[n] for n in around if board[n] not in ("", "*", "#")})


def _played(moves) -> bool:
    return any(isinstance(m, mq.PlayTile) for m in moves)


def _turn_over(moves) -> bool:
    return any(isinstance(m, mq.EndTurn) for m in moves)


def _holders(game: mq.Game, name: str) -> str:
    held = {p: game.view(YOU, log=False).holdings.get(p, {}).get(name, 0) for p in game.order}
    return ", ".join(f"{'you' if p == YOU else p} {n}" for p, n in held.items() if n) or "nobody"


def _merged(game: mq.Game, start: mq.Game, actions: list) -> str:
    paid = bonus_received(start, actions)
    sold = [a.sell for a in actions if isinstance(a, mq.Dispose) and a.seat == YOU]
    delta = game.view(YOU).companies[company(game, "Delta")].size
    told = (f"You were paid {money(paid)} of bonus for your Cardinal certificates" if paid else
            "You were paid no bonus: others held more Cardinal than you")
    kept = (f"; you sold {sold[0]} of them" if sold and sold[0] else "; you held on to them") if sold else ""
    return (f"{told}{kept}. Cardinal is defunct (it can be founded again), and Delta has grown to {delta} tiles: "
            "the merging tile and Cardinal's tiles are Delta's now.")


STEPS = [
    Step(lambda g: (
        "<b>Welcome.</b> You are <b>Cy</b>; Ada and Bo are computer players. The most <b>cash</b> at the end "
        "wins. On the board, tiles side by side form <b>companies</b> (coloured, two letters on each tile: "
        "DE is Delta); a grey tile belongs to none. The legend under the board gives each company's type, its "
        "size in tiles and the price of one of its <b>certificates</b> (shares): bigger companies cost more. Your "
        "twelve tiles are outlined in pink; the table below shows everyone's cash and certificates (the game "
        "has already begun: you hold some).<br>A turn: <b>play one tile</b>, <b>buy up to six certificates</b>, "
        f"draw a tile. A round: everyone plays a turn. The game ends after round {LAST_ROUND}: then every "
        "company pays bonuses to its biggest holders and buys all its certificates back.")),
    Step(lambda g: (
        "<b>Round 1: found a company.</b> A tile that touches (shares a side with) a lone grey tile, and no "
        "company, joins it and "
        "<b>founds</b> a new company; the founder picks its name and gets one certificate free. Find that tile "
        "in your hand (a button below, or click it on the board), then pick a name. A large company's "
        "certificates cost more and its bonuses are bigger; a small one is cheap to buy into."),
        allow=lambda a: isinstance(a, (mq.PlayTile, mq.Found)), vet=_vet_found,
        done=lambda g, m: _played(m) and g.decision_kind() == "buy stock",
        well_done=lambda g, *_: f"You founded {_mine(g)} and hold its founder's certificate.",
        answer=f"Play {FOUND_TILE}: it touches the grey tile B-11."),
    Step(lambda g: (
        f"<b>Buy stock.</b> Certificates of {_mine(g)} cost {money(g.view(YOU).companies[company(g, _mine(g))].price)} "
        "each now (the legend shows it). Holding the most certificates of a company is what pays when it is "
        f"swallowed by a bigger one, and at the end. Buy <b>at least two</b> {_mine(g)}, then <b>End the "
        "turn</b>: you draw a tile, and Ada and Bo play their turns (the log on the right tells what they did)."),
        allow=lambda a: isinstance(a, mq.BuyShare) or (isinstance(a, mq.EndTurn) and not a.trade), vet=_vet_buy,
        done=lambda g, m: _turn_over(m),
        well_done=lambda g, *_: f"You hold {g.view(YOU).holdings[YOU].get(_mine(g), 0)} {_mine(g)}. Ada and Bo have "
                            "played: read what they did in the log."),
    Step(lambda g: (
        f"<b>Round 2: grow your company.</b> A tile touching one company makes it one tile bigger, and a bigger "
        f"company is worth more a certificate. Play the tile that grows {_mine(g)}. Then buy what you like (or "
        "nothing) and end the turn."),
        allow=lambda a: isinstance(a, (mq.PlayTile, mq.BuyShare)) or (isinstance(a, mq.EndTurn) and not a.trade),
        vet=_vet_grow, done=lambda g, m: _turn_over(m),
        well_done=lambda g, *_: f"{_mine(g)} now has {g.view(YOU).companies[company(g, _mine(g))].size} tiles, at "
                            f"{money(g.view(YOU).companies[company(g, _mine(g))].price)} a certificate.",
        answer=f"Play {GROW_TILE}: it touches {FOUND_TILE}, part of your company."),
    Step(lambda g: (
        "<b>Round 3: a merger.</b> A tile touching two companies <b>merges</b> them: the bigger swallows the "
        "smaller, which is gone (<i>defunct</i>). Its biggest holder gets the <b>majority bonus</b>, the next the "
        f"<b>minority bonus</b>. Cardinal's holders: {_holders(g, 'Cardinal')}. Play the tile that joins Cardinal "
        "(4 tiles) to Delta (8). Then <b>sell</b> your Cardinal certificates to the bank at Cardinal's price, or "
        "<b>hold</b> them in case it is founded again, and end the turn."),
        allow=lambda a: isinstance(a, (mq.PlayTile, mq.Dispose, mq.BuyShare)) or (
            isinstance(a, mq.EndTurn) and not a.trade),
        vet=_vet_merge, done=lambda g, m: _turn_over(m),
        well_done=_merged,
        answer=f"Play {MERGE_TILE}: it touches Delta (E-4, E-5) and Cardinal (G-4, G-5)."),
]

FREE_PLAY = (f"<b>Now on your own</b>, to the end of round {LAST_ROUND}. Hover over one of your tiles on the board "
             "to see what it would do. Found companies, buy into those that will grow or be swallowed, and "
             "merge where your stock pays. At the end, every company still on the board pays its bonuses and "
             "buys its certificates back at their price; the most cash wins.")


class FirstGame(W.VBox):
    """The guided first game: the coach, the moves, the board, the players and the log."""

    def __init__(self, seed: int = 0):
        self.seed = seed
        self.game = tutorial_game()
        self.bots = rivals(seed)
        self.step_index = 0
        self.free = False
        self.moves: list = []
        self.misses = 0
        self.progress = W.HTML()
        self.coach = W.HTML()
        self.result = W.HTML()
        self.next_button = W.Button(description="Continue", button_style="primary", icon="arrow-right",
                                    layout=W.Layout(width="140px"))
        self.next_button.on_click(lambda _b: self.next())
        self.panel = MovePanel(self._guarded(self.act))
        self.players = W.HTML()
        self.log_box = W.HTML()
        self.log_box.add_class("mq-log-box")
        # the rules help the log's links open, under the game (hidden until a link is clicked); the
        # bridge carries a link's click to the kernel (no upload, no connection cover: a lesson)
        help_ = rules_help()
        self.rule_link = rules_help_link(help_, "mq")
        self.bridge = BrowserBridge(uploads=False, watch=False)
        self.rules_view = RulesView("mq", help_, lambda: self.bridge.scroll_to(".mq-rules"), back="#mq-first-game",
                                    hidden=True)
        self.bridge.on_topic = self._guarded(self.rules_view.open)
        self.board = LessonBoard(self.game, YOU, None, previews=False, width=560, height=600, legend_below=True)
        self.board.on_tile_click(self._guarded(lambda tile: self.act(mq.PlayTile(YOU, tile))))
        coach = W.VBox([self.progress, self.coach, self.result, self.next_button, self.panel.widget],
                       layout=W.Layout(border="2px solid #1f6feb", padding="4px 8px"))
        side = W.VBox([coach, self.players, self.log_box], layout=W.Layout(width="430px"))
        # side by side at 1024 px (Voila); the side panel goes under the board in a narrower notebook
        super().__init__([W.HTML(CSS), W.HBox([self.board.figure, side], layout=W.Layout(flex_flow="row wrap")),
                          self.rules_view.widget, self.bridge, keep_alive()])
        self.add_class("mq-lesson")
        self.layout.max_width = "1010px"
        self._enter(0)

    # --- errors and refusals
    def _guarded(self, fn: Callable) -> Callable:
        from widgets.guard import guard
        return guard(fn, self._say_refused)

    def _say_refused(self, text: str) -> None:
        self.result.value = f"<div class='mq-refused'>{html.escape(text)}</div>"

    # --- steps
    @property
    def step(self) -> Step | None:
        return None if self.free else STEPS[self.step_index]

    def _enter(self, index: int) -> None:
        self.step_index, self.moves, self.misses = index, [], 0
        self.step_start, self.step_from = mq.Game(self.game.state, self.game.log), len(self.game.actions)
        step = STEPS[index]
        self.progress.value = self._progress_html(index + 1)
        self.coach.value = f"<div>{step.text(self.game)}</div>"
        self.result.value = ""
        self.next_button.layout.display = "none" if step.is_move else None
        self._refresh()

    def next(self) -> None:
        """Go on from a note, or from a move step whose goal is met (raises RuntimeError before)."""
        step = self.step
        if step is None:
            return
        if step.is_move and not step.done(self.game, self.moves):
            raise RuntimeError("this step is not done yet")
        if self.step_index + 1 < len(STEPS):
            self._enter(self.step_index + 1)
        else:
            self._start_free_play()

    def act(self, action) -> None:
        """The learner's move: vetted by the step (a miss is not played: why, and a hint; a second
        miss, the answer), then through the engine's checked door; the rivals answer."""
        step = self.step
        if step is not None:
            if not step.is_move or (step.is_move and step.done(self.game, self.moves)):
                raise mq.IllegalAction("press Continue to go on")
            if not step.allow(action):
                raise mq.IllegalAction("that is not this step's move: read the coach's note")
            why = step.vet(self.game, action)
            if why:
                self.misses += 1
                more = f" {step.answer}" if self.misses > 1 and step.answer else " Try another."
                self.result.value = f"<div class='mq-miss'><b>Not this one:</b> {html.escape(why)}{html.escape(more)}</div>"
                return
        self.game.apply(action)
        self.moves.append(action)
        self.result.value = ""
        run_bots(self.game, self.bots)
        if step is not None and step.done(self.game, self.moves):
            said = step.well_done(self.game, self.step_start, self.game.actions[self.step_from:])
            self.result.value = f"<div class='mq-met'><b>Well done.</b> {html.escape(said)}</div>"
            self.next_button.layout.display = None
        if self.free and self.game.is_over:
            self._finish()
        self._refresh()

    @staticmethod
    def _progress_html(step: int) -> str:
        """Which step of how many; its id is where the rules viewer's "back to the game" leads."""
        return (f"<span class='mq-small' id='mq-first-game'>Your first game · step {step} of "
                f"{len(STEPS) + 1}</span>")

    def _start_free_play(self) -> None:
        self.free = True
        self.progress.value = self._progress_html(len(STEPS) + 1)
        self.coach.value = f"<div>{FREE_PLAY}</div>"
        self.result.value = ""
        self.next_button.layout.display = "none"
        self.board.previews = True
        self._refresh(board=True)

    def _finish(self) -> None:
        scores = self.game.scores()
        winners = self.game.winners()
        rows_html = "".join(f"<li><b>{html.escape(p)}</b>{' (you)' if p == YOU else ''}: {money(c)}</li>"
                            for p, c in sorted(scores.items(), key=lambda kv: -kv[1]))
        verdict = ("<b>You won your first game!</b>" if winners == [YOU] else
                   "<b>A shared win:</b> you tied for the most cash." if YOU in winners else
                   f"<b>{html.escape(' and '.join(winners))} won</b> this time.")
        ended = max(i for i, e in enumerate(self.game.log) if e.rule in GAME_ENDS)   # the last: the end itself
        final = [e.text for e in self.game.log[ended:] if e.rule in (BONUS, FINAL) and YOU in e.text
                 and not e.text.startswith("Final cash")]
        where = "".join(f"<li>{html.escape(t)}</li>" for t in final)
        before = mq.Game(self.game.start)  # the position just before the last turn ended the game
        for action in self.game.actions[:-1]:
            before.apply(action)
        paid = scores[YOU] - before.scores()[YOU]
        self.coach.value = (f"<div>{verdict} Final cash:<ul>{rows_html}</ul>The end paid you <b>{money(paid)}</b> "
                            f"(bonuses, then your certificates bought back):<ul class='mq-small'>{where}</ul>"
                            "The lessons that follow take each rule in turn: tiles and founding, prices and "
                            "buying, mergers and their bonuses, safe companies, the end and trading stock when "
                            "short of cash.</div>")

    @property
    def finished(self) -> bool:
        return self.free and self.game.is_over

    # --- drawing
    def _refresh(self, board: bool = True) -> None:
        step = self.step
        if self.game.is_over:
            self.panel.refresh(self.game, allow=lambda a: False)
        elif step is None:  # free play: every move but the early end, which a six-round game does not need
            self.panel.refresh(self.game, allow=lambda a: not isinstance(a, mq.ProposeEnd))
        elif step.is_move and not step.done(self.game, self.moves):
            self.panel.refresh(self.game, step.allow)
        else:
            self.panel.refresh(self.game, allow=lambda a: False)
            self.panel.prompt.value = "<i>Read the note, then press <b>Continue</b> above.</i>"
        if board and (self.moves or self.free):
            self.board.update(self.game)
        self.players.value = self._players_html()
        self.log_box.value = self._log_html()

    def _players_html(self) -> str:
        view = self.game.view(YOU, log=False)
        lines = []
        for seat in view.order:
            held = view.holdings.get(seat, {})
            stock = ", ".join(f"{n} {c}" for c, n in held.items()) or "no stock"
            who = "you" if seat == YOU else RIVALS[seat].split(":")[0]
            lines.append(f"<tr><td><b>{html.escape(seat)}</b> ({html.escape(who)})</td>"
                         f"<td>{money(view.cash[seat])}</td><td>{html.escape(stock)}</td></tr>")
        return ("<table class='mq-small' style='margin-top:4px'><tr><th>player</th><th>cash</th><th>stock</th></tr>"
                + "".join(lines) + f"</table><div class='mq-small'>Round {view.round} of {LAST_ROUND}.</div>")

    def _log_html(self) -> str:
        """The kit's log as Cy may read it (a rival's drawn tile is "a tile"), from the first move
        (the set position's line is for the page, not the learner)."""
        log = self.game.log
        start = next((i for i, e in enumerate(log) if e.rule != SETUP), len(log))
        lines = game_lines(log, YOU, (), start=start)
        return "<div class='mq-log-title'><b>Log</b></div>" + log_html(lines, "mq", self.rule_link)
