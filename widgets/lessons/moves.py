"""The "make the move" panel of the MegaCorps lessons.

`MoveMaker(game, corp=..., goal=..., opponents=...)`: the learner plays one corp on a lesson's
position, on the board (click a highlighted box) or from the list; the other corps are played
by opponents (`widgets/lessons/opponents.py`) who answer at once (veto, sell, bid, vote, play
a card) and whose hands stay hidden. When the move is resolved, the exercise's goal is judged:
success says why it worked; a miss says what the move did instead, and *Start over* lets the
learner try again from the same position. In "predict first" exercises (`preview=False`) the
preview of a choice stays hidden.

Nothing here decides a rule: legality comes from `game.legal_actions`, results from
`game.apply` and the log. Every widget can be driven from code (`choose(action)`), which is
how the tests use them.
"""
from __future__ import annotations

import copy
import html
import inspect
from collections.abc import Callable, Iterable

import ipywidgets as w

import megacorps as mc
from megacorps.previews import preview

from .goals import Goal, Verdict
from .opponents import Opponent, decision_choices

__all__ = ["MoveMaker", "TradeMaker", "make_move"]

BOARD_SIZE = {"width": 880, "height": 493}


def _target_of(action: mc.Action) -> str | None:
    """The board box an action points at: a company, or a country."""
    for name in ("company", "country", "target"):
        value = getattr(action, name, None)
        if isinstance(value, str):
            return value
    return None


def _picture(game: mc.Game):
    """The board of a "predict first" exercise: not clickable, and its boxes do not tell what a
    payout would pay (None if the board modules are missing)."""
    try:
        from widgets.board.basic_figure import BasicFigureWidget
    except ImportError:
        return None
    from .show import board
    return BasicFigureWidget(board(game, corps=False, earnings=False))


def _repaint(picture, game: mc.Game) -> None:
    from .show import board
    fresh = board(game, corps=False, earnings=False)
    with picture.batch_update():
        for trace, new in zip(picture.data, fresh.data):
            trace.update(new.to_plotly_json())


def board_view(game: mc.Game, highlight: Iterable[str], viewer: str | None = None):
    """A live, clickable board (widgets/board), built with its first highlight at once (the
    Voila trap: see docs); None if the board module is missing."""
    try:
        from widgets.board.figure import BoardView
    except ImportError:
        return None
    params = inspect.signature(BoardView).parameters
    size = {k: v for k, v in BOARD_SIZE.items() if k in params}
    return BoardView(game, highlight=tuple(highlight), viewer=viewer, **size)


class MoveMaker(w.VBox):
    """Make a move as `corp` on a lesson's position against opponents, toward a goal.

    `kinds` limits the first move to some kinds of action ("buy", "payout", "intervene",
    "mercenaries", "war", "pass", "play", "bid", "vote", ...; None: all). `until(game)` says
    when the exercise is over (default: when the learner's move and what follows from it are
    resolved). `opponents` maps other corps to computer players; a corp not given one gets a
    plain `Opponent()` (passes, permits, refuses to sell, bids nothing, votes for itself).
    """

    def __init__(self, game: mc.Game, kinds: Iterable[str] | None = None, *,
                 corp: str | None = None, goal: Goal | None = None, opponents: dict | None = None,
                 until: Callable[[mc.Game], bool] | None = None, show_board: bool = True,
                 preview: bool = True, bots: dict | None = None,
                 allow: Callable[[mc.Action], bool] | None = None,
                 vet: Callable[[mc.Game, mc.Action], str | None] | None = None,
                 extra: Callable[[mc.Game], list[mc.Action]] | None = None):
        self.game = game
        self.kinds = set(kinds) if kinds else None
        self.allow = allow  # the first move: only choices it accepts are offered
        self.vet = vet      # a message refusing a move that misses the step's point (try again)
        self.extra = extra  # more first moves than the decision lists (a trade offer, say)
        self.keep_to: Callable[[mc.Action], bool] | None = None  # a limit on every choice, not only the first
        self.explain_opponents = True  # "Why they did it" under what happened
        self.corp = corp or (game.deciders[0] if game.deciders else game.corps[0])
        given = dict(opponents or bots or {})
        self.opponents = {c: given.get(c) or Opponent() for c in game.corps if c != self.corp}
        # Start over brings back the opponents as they were too (a bot's dice, a habit's memory)
        self._opponents_origin = copy.deepcopy(self.opponents)
        self.goal = goal
        self.until = until or self._one_move_done
        self.show_preview = preview
        self.attempts = 0
        self.verdict: Verdict | None = None
        self._listeners: list = []
        self._restart_listeners: list = []
        self._origin = (game.state.clone(), list(game.log))
        self.moves: list[mc.Action] = []
        self.reasons: list[tuple[int, str]] = []  # (log length after the move, "corp: why")
        # what the prompt says once the exercise is over (the first game points on to Continue)
        self.done_text = "<i>Done. Press <b>Start over</b> to try again from the same position.</i>"
        self.prompt = w.HTML()
        self.goal_line = w.HTML(self._goal_html())
        self.menu = w.Dropdown(options=[], layout=w.Layout(width="520px"))
        self.amount = w.IntText(value=0, description="amount", layout=w.Layout(width="200px"))
        self.button = w.Button(description="Do it", button_style="success", layout=w.Layout(width="90px"))
        self.button.on_click(lambda _b: self._safely(self._pressed))
        self.restart = w.Button(description="Start over", icon="undo", layout=w.Layout(width="120px"))
        self.restart.on_click(lambda _b: self._safely(self.start_over))
        self.hint = w.HTML()
        self.result = w.HTML()
        self.menu.observe(lambda change: self._preview(change["new"]), names="value")
        self._reset_counters()
        self._run_opponents()
        choices = self.choices()
        # "Predict first" (no preview): a picture of the board whose boxes do not tell what a payout
        # would pay, and choices from the list; otherwise the live board, clickable.
        self.view = board_view(game, self._targets(choices), self.corp) if show_board and preview else None
        if self.view is not None:
            self.view.on_click(lambda target: self._safely(lambda: self._clicked(target)))
        self.corps_line = w.HTML(self._corps_html())
        self._refresh(choices)
        # (an Output widget holding the figure stayed empty under Voila: a figure widget, finished
        # when made, is drawn there too, and is repainted in place after each move)
        self.picture = _picture(game) if show_board and not preview else None
        picture = [self.picture] if self.picture is not None else []
        self.controls = w.HBox([self.menu, self.amount, self.button, self.restart])
        # the goal, the choice and Do it together, the position under them: at 1024x700 a learner reads
        # the goal and acts without scrolling between them
        super().__init__([self.goal_line, self.prompt, self.controls, self.hint, self.result, self.corps_line]
                         + ([self.view.figure] if self.view is not None else picture))

    # -- bookkeeping
    def _reset_counters(self) -> None:
        self._first = True
        self._start_round = self.game.round
        self._start_left = len(self.game.state.to_act)
        self._before = mc.Game(self.game.state.clone(), list(self.game.log))

    def on_attempt(self, callback) -> None:
        """Call `callback(self)` after each attempt is judged."""
        self._listeners.append(callback)

    def on_start_over(self, callback) -> None:
        """Call `callback(self)` after each Start over (a page around the exercise forgets what it
        said about the attempt taken back)."""
        self._restart_listeners.append(callback)

    def _goal_html(self) -> str:
        if self.goal is None:
            return f"<b>You play {html.escape(self.corp)}.</b>"
        return (f"<div style='background:#eef6ff;border-left:4px solid #1f6feb;padding:4px 8px;max-width:860px'>"
                f"<b>Goal</b> (you play {html.escape(self.corp)}): {html.escape(self.goal.text)}</div>")

    def _corps_html(self) -> str:
        from .show import corps_html
        return corps_html(self.game, viewer=self.corp)

    def start_over(self) -> None:
        """Back to the position the exercise started from (a fresh copy of it)."""
        state, log = self._origin
        self.game = mc.Game(state.clone(), list(log))
        self.opponents = copy.deepcopy(self._opponents_origin)
        self.moves.clear()
        self.reasons.clear()  # the opponents' reasons belong to the attempt they explained
        self.verdict = None
        self._reset_counters()
        self._run_opponents()
        choices = self.choices()
        if self.view is not None:
            self.view.update(self.game, highlight=self._targets(choices))
        if self.picture is not None:
            _repaint(self.picture, self.game)
        self.corps_line.value = self._corps_html()
        self._refresh(choices)
        self.result.value = "Back to the starting position: try again."
        for callback in self._restart_listeners:
            callback(self)

    def _one_move_done(self, game: mc.Game) -> bool:
        s = game.state
        if game.is_over:
            return True
        if s.frames or self._first:
            return False
        return s.round != self._start_round or len(s.to_act) < self._start_left

    @property
    def finished(self) -> bool:
        return not self._first and self.until(self.game)

    # -- what the learner may choose now
    def choices(self) -> list[mc.Action]:
        game, corp = self.game, self.corp
        if game.is_over or self.finished:
            return []
        if corp in game.deciders:
            options = decision_choices(game, corp)
            if game.decision_kind() != "payout":
                options += [a for a in game.interruptions(corp) if isinstance(a, mc.PlayCard)]
        elif self._first:
            options = [a for a in game.interruptions(corp) if isinstance(a, mc.PlayCard)]
        else:
            options = []
        if self.kinds is not None and "leave" in self.kinds and (self._first or corp in game.deciders):
            # leaving is never offered unless an exercise is about it, and then on every step of the turn
            options += [a for a in game.interruptions(corp) if isinstance(a, mc.LeaveGame)]
        if self._first and self.kinds is not None:
            options = [a for a in options if a.kind in self.kinds]
        if self._first and self.extra is not None:
            options += [a for a in self.extra(game) if a not in options]
        if self._first and self.allow is not None:
            options = [a for a in options if self.allow(a)]
        if self.keep_to is not None:
            options = [a for a in options if self.keep_to(a)]
        return options

    def offers(self, action: mc.Action, choices: list[mc.Action] | None = None) -> bool:
        """Whether the learner may make `action` now: one of the listed choices, or any other
        amount of a listed kind of choice that the decision accepts (a bid of 13 where 12 and 15
        are listed: `game.ranges`)."""
        choices = self.choices() if choices is None else choices
        if action in choices:
            return True
        kinds = {type(a) for a in choices}
        return (type(action) in kinds and self.corp in self.game.deciders
                and any(action in r for r in self.game.ranges(self.corp)))

    def retarget(self, *, kinds=None, allow=None, vet=None, goal: Goal | None = None,
                 until: Callable[[mc.Game], bool] | None = None, keep: bool = True,
                 keep_to: Callable[[mc.Action], bool] | None = None) -> None:
        """A new exercise on the game as it stands (the guided first game moves on this way):
        new limits on the first move, a new goal, and `keep` the current position as the one
        *Start over* goes back to."""
        self.kinds = set(kinds) if kinds else None
        self.allow, self.vet, self.goal, self.keep_to = allow, vet, goal, keep_to
        self.until = until or self._one_move_done
        self.moves.clear()
        self.verdict = None
        if keep:
            self._origin = (self.game.state.clone(), list(self.game.log))
            self._opponents_origin = copy.deepcopy(self.opponents)
        self._reset_counters()
        self._run_opponents()
        self.goal_line.value = self._goal_html()
        choices = self.choices()
        if self.view is not None:
            self.view.update(self.game, highlight=self._targets(choices))
        if self.picture is not None:
            _repaint(self.picture, self.game)
        self.corps_line.value = self._corps_html()
        self._refresh(choices)

    def _targets(self, choices: list[mc.Action]) -> list[str]:
        b = self.game.board
        boxes = set(b.companies) | set(b.country_by_name)
        return sorted({t for t in (_target_of(a) for a in choices) if t in boxes})

    def _refresh(self, choices: list[mc.Action] | None = None) -> None:
        choices = self.choices() if choices is None else choices
        bids = bool(choices) and all(isinstance(a, mc.Bid) for a in choices)
        with self.menu.hold_sync():
            self.menu.options = [] if bids else [(str(a), a) for a in choices]
            self.menu.value = None
        self.menu.layout.display = "none" if bids or not choices else None
        self.amount.layout.display = None if bids else "none"
        if bids:
            self.amount.description = "your bid"
        self.button.disabled = not choices
        hand = ", ".join(self.game.hand(self.corp)) or "no cards"
        mine = f" <span style='color:#555'>Your hand: {html.escape(hand)}.</span>"
        if not choices:
            done = self.finished or self.game.is_over
            self.prompt.value = self.done_text if done else "<i>Waiting for the other corps.</i>"
        elif bids:
            self.prompt.value = (f"<b>{html.escape(self.game.decision)}</b> Type your secret bid (0 to "
                                 f"{self.game.money(self.corp)} Euros) and press <i>Do it</i>.{mine}")
        else:
            where = "on the board below (outlined boxes) or in the list" if self.view is not None else "in the list"
            self.prompt.value = (f"<b>{html.escape(self.game.decision)}</b> Pick a move {where}, then "
                                 f"press <i>Do it</i>.{mine}")

    def _preview(self, action) -> None:
        text = ""
        # a "predict first" exercise previews nothing until the learner has tried it once
        if action is not None and (self.show_preview or self.attempts > 0):
            text = preview(self.game, action)   # the engine's sentence; it never raises
        self.hint.value = f"<i>{html.escape(text)}</i>" if text else ""

    # -- the learner's input
    def _clicked(self, target: str) -> None:
        matches = [a for _label, a in self.menu.options if _target_of(a) == target]
        if matches:
            self.menu.value = matches[0]
            self.result.value = (f"Selected: <b>{html.escape(str(matches[0]))}</b> (other choices on "
                                 "the same box are in the list). Press <i>Do it</i>.")
        else:
            self.result.value = f"{html.escape(target)} is not one of your choices now."
            if self.vet is not None and self._first and self.corp in self.game.deciders:
                for action in decision_choices(self.game, self.corp):
                    reason = self.vet(self.game, action) if _target_of(action) == target else None
                    if reason:  # why the box the learner clicked is not part of this step
                        self.result.value = f"<span style='color:#b35900'>{html.escape(reason)}</span>"
                        break

    def _safely(self, fn) -> None:
        try:
            fn()
        except Exception as exc:  # shown in the lesson, never only in a server log
            self.result.value = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"

    def _pressed(self) -> None:
        if self.amount.layout.display != "none":
            amount, most = int(self.amount.value), self.game.money(self.corp)
            if not 0 <= amount <= most:
                self.result.value = (f"<span style='color:#b00'>A bid must be between 0 and {most} Euros "
                                     f"(the money {html.escape(self.corp)} has); {amount} was not sent. "
                                     "Change the amount and press <i>Do it</i> again.</span>")
                return
            action = mc.Bid(self.corp, amount)
        else:
            action = self.menu.value
            options = [a for _label, a in self.menu.options]
            if action is None and len(options) == 1:
                action = options[0]  # the list shows one move: Do it plays it
        if action is None:
            self.result.value = "Pick a move first."
            return
        self.choose(action)

    def choose(self, action: mc.Action | str) -> list[mc.LogEntry]:
        """Make the learner's move (an action, or the text of one of the choices), let the
        opponents answer, judge the goal when the exercise is over. Returns the new log
        entries. Raises IllegalAction when it is not one of the choices now."""
        choices = self.choices()
        if isinstance(action, str):
            found = [a for a in choices if str(a) == action]
            if not found:
                raise mc.IllegalAction(f"{action!r} is not one of the choices now")
            action = found[0]
        if not self.offers(action, choices):
            raise mc.IllegalAction(f"{action} is not one of the choices offered now")
        refusal = self.vet(self.game, action) if (self.vet is not None and self._first) else None
        if refusal:
            self.result.value = (f"<div style='color:#b35900'><b>Not this time:</b> {html.escape(refusal)} "
                                 "Nothing was played: pick again.</div>")
            self.refused = getattr(self, "refused", 0) + 1
            return []
        before = len(self.game.log)
        self.game.apply(action)
        self._first = False
        self.moves.append(action)
        self._run_opponents()
        new = self.game.log[before:]
        lines = "".join(f"<li><code>[{html.escape(e.rule)}]</code> {html.escape(e.for_corp(self.corp))}</li>"
                        for e in new)
        text = f"<b>{html.escape(str(action))}</b>. What happened:<ul>{lines}</ul>"
        why = [r for n, r in self.reasons if n > before] if self.explain_opponents else []
        if why:
            text += ("<div style='color:#555;font-size:12px'><i>Why they did it:</i> "
                     + html.escape("; ".join(why)) + "</div>")
        if self.finished:
            text += self._judge()
        self.result.value = text
        if self.show_preview is False and self.moves:
            self.hint.value = ""
        choices = self.choices()
        if self.view is not None:
            self.view.update(self.game, highlight=self._targets(choices))
        if self.picture is not None:
            _repaint(self.picture, self.game)
        self.corps_line.value = self._corps_html()
        self._refresh(choices)
        return new

    def _judge(self) -> str:
        self.attempts += 1
        verdict = None
        if self.goal is not None:
            verdict = self.verdict = self.goal.verdict(self._before, self.game, list(self.moves))
        for callback in list(self._listeners):
            callback(self)
        if verdict is None:
            return ""
        if verdict.met:
            return (f"<div style='color:#1a7f37'><b>Goal met.</b> {html.escape(verdict.why)}</div>")
        return (f"<div style='color:#b35900'><b>Not the goal.</b> {html.escape(verdict.why)} "
                "Press <b>Start over</b> and try again.</div>")

    # -- the opponents
    def _run_opponents(self, limit: int = 500) -> None:
        """Let the opponents decide (and play cards between steps) through the bots' driver,
        `mc.bots.next_move`, until the learner must act or the exercise is over. In a payout
        window, a learner with no card it may play there is answered for (there is nothing to
        decide)."""
        for _ in range(limit):
            game = self.game
            if game.is_over or self.finished:
                return
            if self.corp in game.deciders and game.decision_kind() == "payout" \
                    and not any(isinstance(a, mc.PlayCard) for a in game.legal_actions(self.corp)):
                game.apply(mc.NoCard(self.corp))
                continue
            move = mc.bots.next_move(game, self.opponents)
            if move is None:
                return
            corp, decision = move
            game.apply(decision.action)
            # a bid or a vote is secret until revealed; a "no card" in a payout window leaves no
            # line in the log, and its reason ("no card of its own would raise its 0 from ...")
            # only puzzled a learner who had never heard of payout cards
            if decision.reason and decision.action.kind not in ("bid", "vote", "no-card"):
                self.reasons.append((len(game.log), f"{corp}: {decision.reason}"))
        raise RuntimeError("the opponents did not stop: a lesson position loops")


def make_move(game: mc.Game, kinds: Iterable[str] | None = None, **options) -> MoveMaker:
    """Show `game`'s board and let the learner make a move (see MoveMaker)."""
    return MoveMaker(game, kinds, **options)


class TradeMaker(w.VBox):
    """Offer a trade from `corp` to another corp: money, mercenaries, companies, countries and
    cards each way. The other corp (an opponent with `accepts(offer) -> (bool, reason)`, or a
    plain rule: it accepts when it gains at least as much money as it gives) answers at once.
    Numbers are never changed silently: an offer the engine refuses is explained, nothing moves."""

    def __init__(self, game: mc.Game, corp: str, judge: Callable | None = None, goal: Goal | None = None):
        self.game = game
        self.corp = corp
        self.goal = goal
        self.judge = judge or (lambda game, offer: (offer.give.money >= offer.take.money,
                                                    "it gets at least as much money as it gives"))
        self.attempts = 0
        self.verdict: Verdict | None = None
        self.offers_made: list[mc.OfferTrade] = []
        self._listeners: list = []
        self._origin = (game.state.clone(), list(game.log))
        others = [c for c in game.corps if c != corp]
        st = {"description_width": "100px"}
        self.to = w.Dropdown(options=others, description="offer to", style=st)
        self.give_money = w.IntText(0, description="give Euros", style=st, layout=w.Layout(width="200px"))
        self.give_mercs = w.IntText(0, description="give mercs", style=st, layout=w.Layout(width="200px"))
        self.give_items = w.SelectMultiple(description="give", style=st, rows=4, layout=w.Layout(width="420px"))
        self.take_money = w.IntText(0, description="ask Euros", style=st, layout=w.Layout(width="200px"))
        self.take_mercs = w.IntText(0, description="ask mercs", style=st, layout=w.Layout(width="200px"))
        self.take_items = w.SelectMultiple(description="ask for", style=st, rows=4, layout=w.Layout(width="420px"))
        self.to.observe(lambda _c: self._fill(), names="value")
        self.offer_button = w.Button(description="Make the offer", button_style="primary")
        self.offer_button.on_click(lambda _b: self._safely(self.offer))
        self.restart = w.Button(description="Start over", icon="undo", layout=w.Layout(width="120px"))
        self.restart.on_click(lambda _b: self._safely(self.start_over))
        self.result = w.HTML()
        self.goal_line = w.HTML("" if goal is None else
                                f"<div style='background:#eef6ff;border-left:4px solid #1f6feb;padding:4px 8px'>"
                                f"<b>Goal</b> (you play {html.escape(corp)}): {html.escape(goal.text)}</div>")
        self._fill()
        note = w.HTML("<i>Hold Ctrl (or Cmd) to pick several companies, countries or cards.</i>")
        super().__init__([self.goal_line, self.to, w.HBox([self.give_money, self.give_mercs]), self.give_items,
                          w.HBox([self.take_money, self.take_mercs]), self.take_items, note,
                          w.HBox([self.offer_button, self.restart]), self.result])

    def on_attempt(self, callback) -> None:
        self._listeners.append(callback)

    def _items(self, corp: str, cards: bool) -> list[tuple[str, tuple[str, str]]]:
        s = self.game.state
        items = [(f"company {c}", ("companies", c)) for c in s.owned_by(corp)]
        items += [(f"country {c}", ("countries", c)) for c in s.countries_of(corp)]
        if cards:
            items += [(f"card {c}", ("cards", c)) for c in s.hands[corp]]
        return items

    def _fill(self) -> None:
        self.give_items.options = self._items(self.corp, cards=True)
        self.take_items.options = self._items(self.to.value, cards=False) + [
            (f"a card: {c}", ("cards", c)) for c in self.game.state.deck_spec.card_by_name]

    def _safely(self, fn) -> None:
        try:
            fn()
        except Exception as exc:
            self.result.value = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"

    @staticmethod
    def _bundle(money: int, mercs: int, items) -> mc.Bundle:
        parts: dict[str, list[str]] = {"companies": [], "countries": [], "cards": []}
        for kind, name in items:
            parts[kind].append(name)
        return mc.Bundle(money=money, mercenaries=mercs, companies=tuple(parts["companies"]),
                         countries=tuple(parts["countries"]), cards=tuple(parts["cards"]))

    def offer(self, give: mc.Bundle | None = None, take: mc.Bundle | None = None,
              to: str | None = None) -> list[mc.LogEntry]:
        """Make the offer (from the fields, or the bundles given); the other corp answers.
        Raises IllegalAction (nothing changes) for an offer the rules refuse."""
        give = give or self._bundle(self.give_money.value, self.give_mercs.value, self.give_items.value)
        take = take or self._bundle(self.take_money.value, self.take_mercs.value, self.take_items.value)
        offer = mc.OfferTrade(self.corp, to or self.to.value, give=give, take=take)
        before = len(self.game.log)
        self.game.apply(offer)  # IllegalAction here: the reason is shown, nothing moved
        accept, reason = self.judge(self.game, offer)
        self.game.apply(mc.Accept(offer.to) if accept else mc.Decline(offer.to))
        entries = self.game.log[before:]
        text = "<ul>" + "".join(f"<li>{html.escape(e.for_corp(self.corp))}</li>" for e in entries) + "</ul>"
        text += f"<div>{html.escape(offer.to)} {'accepts' if accept else 'declines'}: {html.escape(reason)}.</div>"
        self.attempts += 1
        self.offers_made.append(offer)
        if self.goal is not None:
            # judged from the exercise's starting position: everything handed over since counts
            state, log = self._origin
            verdict = self.verdict = self.goal.verdict(mc.Game(state.clone(), list(log)), self.game,
                                                       list(self.offers_made))
            text += (f"<div style='color:#1a7f37'><b>Goal met.</b> {html.escape(verdict.why)}</div>" if verdict.met
                     else f"<div style='color:#b35900'><b>Not the goal.</b> {html.escape(verdict.why)} "
                          "Press <b>Start over</b> to try again from the starting position.</div>")
        for callback in list(self._listeners):
            callback(self)
        self.result.value = text
        self._fill()
        return entries

    def start_over(self) -> None:
        """Back to the position the exercise started from: nothing offered yet."""
        state, log = self._origin
        self.game = mc.Game(state.clone(), list(log))
        self.offers_made.clear()
        self.verdict = None
        self._fill()
        self.result.value = "Back to the starting position: try again."
