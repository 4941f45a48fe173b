"""Small widgets for the lesson notebooks (notebooks/NN-*.ipynb).

The lessons stay short because everything that is not about the rules lives here:

* `board(game, highlight=())`: the board of a position, to show as the last line of a cell;
* `predict(question, answer, explanation)`: a self-check, with immediate feedback saying why;
* `MoveMaker(game, kinds=...)`: the learner makes a move on a position, on the board or from a
  list of the legal choices, and sees the log entries the rules produced;
* `show_log`, `print_payout`, `print_money`: plain-text results for checked notebook cells.

Nothing here decides a rule: legality comes from `game.legal_actions`, results from
`game.apply` and the log (docs/engine.md). Every widget can also be driven from code
(`Quiz.check(value)`, `MoveMaker.choose(action)`), which is how the tests use them.
"""
from __future__ import annotations

import html
import inspect
from collections.abc import Callable, Iterable

import ipywidgets as w

import megacorps as mc

__all__ = ["MoveMaker", "Quiz", "TradeMaker", "board", "corps_html", "make_move", "predict",
           "print_money", "print_payout", "show_log"]


# --- The board ------------------------------------------------------------------------------

# Narrower than the figure's 1000 px design, so that it fits a JupyterLab notebook with the
# file browser open (the fonts scale with it).
BOARD_SIZE = {"width": 880, "height": 493}


def _board_module():
    try:
        from widgets.board import figure as board_figure
    except ImportError:  # the figure module is not there: fall back to a plain table
        return None
    return board_figure


def corps_html(game: mc.Game) -> str:
    """One line per corp: money, mercenaries, cards in hand, countries, Active Player / Paid."""
    try:
        from widgets.board.colors import corp_color
    except ImportError:
        def corp_color(_corp: str) -> str:
            return "#999999"
    state = game.state
    rows = []
    for corp in state.playing:
        marks = [m for m, holder in (("Active Player", state.active), ("Paid", state.paid)) if holder == corp]
        countries = ", ".join(state.countries_of(corp)) or "no country"
        rows.append(
            f"<tr><td><span style='display:inline-block;width:10px;height:10px;background:{corp_color(corp)};"
            f"margin-right:4px'></span><b>{html.escape(corp)}</b></td><td>{state.money[corp]} Euros</td>"
            f"<td>{state.mercenaries[corp]} merc.</td><td>{len(state.hands[corp])} card(s)</td>"
            f"<td>{len(state.owned_by(corp))} compan{'y' if len(state.owned_by(corp)) == 1 else 'ies'}</td>"
            f"<td>{html.escape(countries)}</td><td><i>{' · '.join(marks)}</i></td></tr>")
    return ("<table style='font-size:12px;border-collapse:collapse' cellpadding='3'>"
            + "".join(rows) + "</table>")


def board(game: mc.Game, highlight: Iterable[str] = (), corps: bool = True):
    """The board of `game` as a static figure (a plotly Figure, or an HTML table when the figure
    module is missing), after a line per corp (money, mercenaries, cards, countries) unless
    `corps` is False. Put it as the last line of a cell to show it."""
    if corps:
        from IPython.display import HTML, display
        display(HTML(corps_html(game)))
    module = _board_module()
    if module is None:
        return w.HTML(board_html(game, highlight))
    # A static figure. (Under Voila, Plotly's JupyterLab renderer draws it, then logs a harmless
    # "setData is not a function" in the browser console: there is no notebook model to write
    # back into. A second FigureWidget per page instead trips anywidget's 2 s start-up timeout.)
    return module.board_figure(game, highlight=tuple(highlight), **BOARD_SIZE)


def board_html(game: mc.Game, highlight: Iterable[str] = ()) -> str:
    """A plain HTML table of the board: one row per country, one column per industry."""
    state = game.state
    b = state.board
    marks = {"unowned": "·", "nationalized": "NAT", "syndicalized": "SYN", "absent": "—"}
    hl = set(highlight)
    rows = ["<tr><th>country</th><th>gov.</th><th>D/F</th><th>controller</th>"
            + "".join(f"<th>{html.escape(i[:5])}</th>" for i in b.industries) + "</tr>"]
    for country in b.countries:
        gov = state.governments.get(country.name)
        cells = []
        for industry in b.industries:
            company = f"{country.name}/{industry}"
            if company not in state.companies:
                cells.append("<td></td>")
                continue
            status = state.companies[company]
            text = marks.get(status, status[:6])
            style = "outline:2px solid black;" if company in hl else ""
            cells.append(f"<td style='{style}'>{html.escape(text)}</td>")
        ctrl = state.controllers.get(country.name) or ("(neutral)" if country.neutral else "—")
        df = "" if country.neutral else f"{country.defense}/{country.force}"
        style = "outline:2px solid black;" if country.name in hl else ""
        rows.append(f"<tr><td style='{style}'>{html.escape(country.name)}</td><td>{gov or ''}</td>"
                    f"<td>{df}</td><td>{html.escape(ctrl)}</td>{''.join(cells)}</tr>")
    return "<table style='font-size:11px'>" + "".join(rows) + "</table>"


def _board_view(game: mc.Game, highlight: Iterable[str]):
    """A live board (BoardView) built with its first highlight, or None without the module."""
    module = _board_module()
    if module is None or not hasattr(module, "BoardView"):
        return None
    params = inspect.signature(module.BoardView).parameters
    size = {k: v for k, v in BOARD_SIZE.items() if k in params}
    if "highlight" in params:  # build the final first picture at once (the Voila trap)
        return module.BoardView(game, highlight=tuple(highlight), **size)
    return module.BoardView(game, **size)


# --- Plain-text results (for checked cells) ----------------------------------------------------

def show_log(game: mc.Game, since: int = 0) -> None:
    """Print the log entries from index `since` on, one a line, with the rule each applied."""
    for entry in game.log[since:]:
        print(f"[{entry.rule}] {entry.text}")


def print_payout(game: mc.Game, industry: str, modifier: int = 0) -> dict[str, int]:
    """Print the competitors of `industry` and what each corp would earn if it paid out now."""
    count = mc.competitors(game.state, industry, modifier)
    amounts = mc.payout_amounts(game.state, industry, modifier)
    per = game.board.payout_table[count]
    print(f"{industry}: {count} competitor{'s' if count != 1 else ''}, {per} Euros per company")
    for corp, euros in amounts.items():
        n = euros // per if per else 0
        print(f"  {corp}: {n} compan{'y' if n == 1 else 'ies'} x {per} = {euros} Euros")
    if not amounts:
        print("  no corp owns a company there")
    return amounts


def print_money(game: mc.Game) -> None:
    """Print every corp's money and mercenaries, one a line."""
    for corp in game.corps:
        print(f"{corp}: {game.money(corp)} Euros, {game.mercenaries(corp)} mercenaries")


# --- Self-checks ------------------------------------------------------------------------------

def _same(given, expected) -> bool:
    if isinstance(expected, bool):
        return str(given).strip().lower() in (("yes", "true", "y") if expected else ("no", "false", "n"))
    if isinstance(expected, int):
        try:
            return int(str(given).strip()) == expected
        except ValueError:
            return False
    return str(given).strip().lower() == str(expected).strip().lower()


class Quiz(w.VBox):
    """A question, an answer field (or choices) and feedback that gives the reason at once."""

    def __init__(self, question: str, answer, explanation: str, choices: list | None = None):
        self.answer = answer
        self.explanation = explanation
        self.question = w.HTML(f"<b>Predict:</b> {question}")
        self.feedback = w.HTML()
        self.button = w.Button(description="Check", button_style="primary",
                               layout=w.Layout(width="90px"))
        self.button.on_click(lambda _b: self._check_fields())
        if isinstance(answer, dict):  # one number per corp
            self.fields = {k: w.IntText(description=str(k), style={"description_width": "110px"},
                                        layout=w.Layout(width="220px")) for k in answer}
            inputs = w.VBox(list(self.fields.values()))
        elif choices:
            self.fields = {"": w.RadioButtons(options=[str(c) for c in choices], value=None)}
            inputs = self.fields[""]
        else:
            self.fields = {"": w.Text(placeholder="your answer", layout=w.Layout(width="200px"))}
            inputs = self.fields[""]
        super().__init__([self.question, inputs, self.button, self.feedback])

    def _check_fields(self) -> bool:
        if isinstance(self.answer, dict):
            return self.check({k: f.value for k, f in self.fields.items()})
        return self.check(self.fields[""].value)

    def check(self, value) -> bool:
        """Judge `value` (a dict for per-corp questions), show the feedback, return whether right."""
        if isinstance(self.answer, dict):
            wrong = [k for k, v in self.answer.items() if not _same(value.get(k), v)]
            right = not wrong
            shown = ", ".join(f"{k} {v}" for k, v in self.answer.items())
        else:
            right = value is not None and _same(value, self.answer)
            shown = str(self.answer)
        if right:
            text = f"<span style='color:#1a7f37'><b>Right.</b></span> {self.explanation}"
        else:
            text = (f"<span style='color:#b35900'><b>Not quite:</b></span> the answer is "
                    f"<b>{html.escape(shown)}</b>. {self.explanation}")
        self.feedback.value = f"<div style='max-width:700px'>{text}</div>"
        return right


def predict(question: str, answer, explanation: str, choices: list | None = None) -> Quiz:
    """A self-check: the learner predicts, then reads why. `answer` is a number, a word, one of
    `choices`, or a dict {corp: number} for one field per corp."""
    return Quiz(question, answer, explanation, choices)


# --- Making a move ----------------------------------------------------------------------------

def _target_of(action: mc.Action) -> str | None:
    """The board box an action points at: a company, or a country."""
    for name in ("company", "country", "target"):
        value = getattr(action, name, None)
        if isinstance(value, str):
            return value
    return None


class MoveMaker(w.VBox):
    """Make a move on a lesson's position and see what the rules did.

    The first decision offers only the choices of the given `kinds` ("buy", "payout",
    "intervene", "mercenaries", "war", "pass", "play", "bid", "vote", ...; None: all, with the
    deciding corp's playable cards; leaving the game is never offered); the
    learner picks one on the board (click a highlighted box) or in the list and presses the
    button. Decisions that follow from it (a veto, gifts to a war, bids) are then offered in
    turn, all choices shown, until the move is fully resolved, or until `until(game)` is true.
    The learner plays every side, so each step of the rule can be seen.
    """

    def __init__(self, game: mc.Game, kinds: Iterable[str] | None = None,
                 until: Callable[[mc.Game], bool] | None = None, show_board: bool = True,
                 corp: str | None = None, bots: dict | None = None):
        self.game = game
        self.kinds = set(kinds) if kinds else None
        self.corp = corp  # the corp making the first move (default: the one deciding now)
        self.bots = dict(bots or {})
        humans = [c for c in game.corps if c not in self.bots]
        self.viewer = humans[0] if self.bots and len(humans) == 1 else None  # whose secrets to show
        self.until = until or self._one_move_done
        self._start_round = game.round
        self._start_left = len(game.state.to_act)
        self._first = True
        self.moves: list[mc.Action] = []
        self.prompt = w.HTML()
        self.menu = w.Dropdown(options=[], layout=w.Layout(width="520px"))
        self.amount = w.BoundedIntText(min=0, max=0, description="amount",
                                       layout=w.Layout(width="200px"))
        self.button = w.Button(description="Do it", button_style="success",
                               layout=w.Layout(width="90px"))
        self.button.on_click(lambda _b: self._safely(self._pressed))
        self.result = w.HTML()
        self.hint = w.HTML()
        self.menu.observe(lambda change: self._preview(change["new"]), names="value")
        self.restart = w.Button(description="Start over", icon="undo", layout=w.Layout(width="120px"))
        self.restart.on_click(lambda _b: self._safely(self.start_over))
        self._origin = (game.state.clone(), list(game.log))
        self.view = None
        choices = self.choices()
        if show_board:
            self.view = _board_view(game, self._targets(choices))
            if self.view is not None:
                self.view.on_click(lambda target: self._safely(lambda: self._clicked(target)))
        self._refresh(choices)
        self.corps_line = w.HTML(corps_html(game))
        top = [self.view.figure] if self.view is not None else (
            [w.HTML(board_html(game, self._targets(choices)))] if show_board else [])
        top = [self.corps_line] + top
        super().__init__(top + [self.prompt, w.HBox([self.menu, self.amount, self.button, self.restart]),
                                self.hint, self.result])

    def _preview(self, action) -> None:
        """What the selected choice would do (the app's preview), before it is made."""
        text = ""
        if action is not None:
            try:
                from widgets.table.choices import preview
                text = preview(self.game, action)
            except Exception:  # a preview is a help, never a reason to fail
                text = ""
        self.hint.value = f"<i>{html.escape(text)}</i>" if text else ""

    def start_over(self) -> None:
        """Back to the position the widget started from (a fresh copy of it)."""
        state, log = self._origin
        self.game = mc.Game(state, log)
        self._first = True
        self._start_round = self.game.round
        self._start_left = len(self.game.state.to_act)
        self.moves.clear()
        choices = self.choices()
        if self.view is not None:
            self.view.update(self.game, highlight=self._targets(choices))
        self.corps_line.value = corps_html(self.game)
        self._refresh(choices)
        self.result.value = "Back to the starting position."

    # -- what may be chosen now
    def _one_move_done(self, game: mc.Game) -> bool:
        s = game.state
        if game.is_over:
            return True
        if s.frames:
            return False
        return s.round != self._start_round or len(s.to_act) < self._start_left

    def decider(self) -> str | None:
        if self._first and self.corp is not None:
            return self.corp
        deciders = self.game.deciders
        return deciders[0] if deciders else None

    def choices(self) -> list[mc.Action]:
        corp = self.decider()
        if corp is None or (not self._first and self.until(self.game)):
            return []
        options = [a for a in self.game.legal_actions(corp) if not isinstance(a, mc.LeaveGame)]
        if self._first and self.kinds is not None:
            return [a for a in options if a.kind in self.kinds]
        return options  # the decision, and any card the deciding corp may play now

    def _targets(self, choices: list[mc.Action]) -> list[str]:
        """The board boxes the choices point at (companies and countries, not industries)."""
        b = self.game.board
        boxes = set(b.companies) | set(b.country_by_name)
        return sorted({t for t in (_target_of(a) for a in choices) if t in boxes})

    def _refresh(self, choices: list[mc.Action] | None = None) -> None:
        choices = self.choices() if choices is None else choices
        bids = bool(choices) and all(isinstance(a, mc.Bid) for a in choices)
        with self.menu.hold_sync():
            self.menu.options = [(str(a), a) for a in choices] if not bids else []
            self.menu.value = None
        self.menu.layout.display = "none" if bids or not choices else None
        self.amount.layout.display = None if bids else "none"
        if bids:
            self.amount.max = max(a.amount for a in choices)
            self.amount.description = f"{choices[0].corp} bids"
        self.button.disabled = not choices
        if not choices:
            self.prompt.value = "<i>Done. Press <b>Start over</b> to try again from the same position.</i>"
        elif self._first:
            who = f"{self.corp} may act now. " if self.corp and self.corp not in self.game.deciders else ""
            self.prompt.value = (f"<b>{html.escape(who + self.game.decision)}</b> Pick a move on the board "
                                 "(highlighted boxes) or in the list, then press <i>Do it</i>."
                                 + self._hand_note())
        elif self.viewer is not None:
            self.prompt.value = f"<b>{html.escape(self.game.decision)}</b>" + self._hand_note()
        else:
            self.prompt.value = (f"<b>Next: {html.escape(self.game.decision)}</b> You decide for "
                                 f"{html.escape(self.decider() or '')} too.")

    def _hand_note(self) -> str:
        """Against bots, the one human corp sees its own hand."""
        if self.viewer is None:
            return ""
        hand = ", ".join(self.game.hand(self.viewer)) or "no cards"
        return f" Your hand ({html.escape(self.viewer)}): {html.escape(hand)}."

    # -- the learner's input
    def _clicked(self, target: str) -> None:
        matches = [a for _label, a in self.menu.options if _target_of(a) == target]
        if matches:
            self.menu.value = matches[0]
            self.result.value = (f"Selected: <b>{html.escape(str(matches[0]))}</b> (or pick "
                                 "another with the same box in the list). Press <i>Do it</i>.")
        else:
            self.result.value = f"{html.escape(target)} is not one of the choices now."

    def _safely(self, fn) -> None:
        try:
            fn()
        except Exception as exc:  # shown in the lesson, never only in a server log
            self.result.value = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"

    def _pressed(self) -> None:
        if self.amount.layout.display != "none":
            action = mc.Bid(self.decider(), int(self.amount.value))
        else:
            action = self.menu.value
        if action is None:
            self.result.value = "Pick a move first."
            return
        self.choose(action)

    def choose(self, action: mc.Action | str) -> list[mc.LogEntry]:
        """Apply `action` (or the choice whose text is `action`) and show what the rules did.
        Returns the new log entries. Raises IllegalAction when it is not a choice now."""
        if isinstance(action, str):
            found = [a for a in self.choices() if str(a) == action]
            if not found:
                raise mc.IllegalAction(f"{action!r} is not one of the choices now")
            action = found[0]
        if action not in self.choices():
            raise mc.IllegalAction(f"{action} is not one of the choices offered now")
        before = len(self.game.log)
        self.game.apply(action)
        self._first = False
        self.moves.append(action)
        while self.bots and not self.until(self.game) and self.decider() in self.bots:
            corp = self.decider()
            bot_move = self.bots[corp].choose(self.game, corp)
            self.game.apply(bot_move)
            self.moves.append(bot_move)
        new = self.game.log[before:]
        lines = "".join(f"<li><code>[{html.escape(e.rule)}]</code> "
                        f"{html.escape(e.for_corp(self.viewer))}</li>" for e in new)
        self.result.value = (f"<b>{html.escape(str(action))}</b> — what the rules did:"
                             f"<ul>{lines or '<li>(nothing visible yet: a secret choice)</li>'}</ul>")
        choices = self.choices()
        if self.view is not None:
            self.view.update(self.game, highlight=self._targets(choices))
        self.corps_line.value = corps_html(self.game)
        self._refresh(choices)
        return new


def make_move(game: mc.Game, kinds: Iterable[str] | None = None, **options) -> MoveMaker:
    """Show `game`'s board and let the learner make one move of the given kinds (see MoveMaker)."""
    return MoveMaker(game, kinds, **options)


# --- Trades -----------------------------------------------------------------------------------

class TradeMaker(w.VBox):
    """Offer a trade from `corp` (money and a company each way), then answer it as the other
    corp: the engine checks the offer, and nothing moves until it is accepted."""

    def __init__(self, game: mc.Game, corp: str):
        self.game = game
        self.corp = corp
        others = [c for c in game.corps if c != corp]
        self.to = w.Dropdown(options=others, description="offer to")
        self.give_money = w.BoundedIntText(min=0, max=game.money(corp), description="give Euros")
        self.give_company = w.Dropdown(options=["(none)"] + game.companies_of(corp),
                                       description="give company")
        self.take_money = w.BoundedIntText(min=0, max=10_000, description="ask Euros")
        self.take_company = w.Dropdown(description="ask company")
        self.to.observe(lambda _c: self._fill_take(), names="value")
        self._fill_take()
        self.offer_button = w.Button(description="Offer", button_style="primary")
        self.accept_button = w.Button(description="Accept", button_style="success", disabled=True)
        self.decline_button = w.Button(description="Decline", button_style="warning", disabled=True)
        self.offer_button.on_click(lambda _b: self._safely(self.offer))
        self.accept_button.on_click(lambda _b: self._safely(lambda: self.answer(True)))
        self.decline_button.on_click(lambda _b: self._safely(lambda: self.answer(False)))
        self.result = w.HTML()
        super().__init__([w.HTML(f"<b>{html.escape(corp)} makes an offer</b>"),
                          w.HBox([self.to]), w.HBox([self.give_money, self.give_company]),
                          w.HBox([self.take_money, self.take_company]),
                          w.HBox([self.offer_button, self.accept_button, self.decline_button]),
                          self.result])

    def _fill_take(self) -> None:
        self.take_company.options = ["(none)"] + self.game.companies_of(self.to.value)
        self.take_company.value = "(none)"

    def _safely(self, fn) -> None:
        try:
            fn()
        except Exception as exc:
            self.result.value = f"<span style='color:#b00'>{html.escape(str(exc))}</span>"

    def _show(self, entries) -> None:
        self.result.value = "<ul>" + "".join(
            f"<li><code>[{html.escape(e.rule)}]</code> {html.escape(e.text)}</li>" for e in entries) + "</ul>"

    def offer(self, give: mc.Bundle | None = None, take: mc.Bundle | None = None,
              to: str | None = None) -> list[mc.LogEntry]:
        """Make the offer (from the fields, or the bundles given). Raises IllegalAction."""
        def bundle(money, company):
            return mc.Bundle(money=money, companies=() if company in (None, "(none)") else (company,))
        give = give or bundle(self.give_money.value, self.give_company.value)
        take = take or bundle(self.take_money.value, self.take_company.value)
        before = len(self.game.log)
        self.game.apply(mc.OfferTrade(self.corp, to or self.to.value, give=give, take=take))
        self.accept_button.disabled = self.decline_button.disabled = False
        self.offer_button.disabled = True
        self.accept_button.description = f"{self.game.deciders[0]} accepts"
        self.decline_button.description = f"{self.game.deciders[0]} declines"
        entries = self.game.log[before:]
        self._show(entries)
        return entries

    def answer(self, accept: bool) -> list[mc.LogEntry]:
        """The other corp accepts or declines the offer on the table."""
        to = self.game.deciders[0]
        before = len(self.game.log)
        self.game.apply(mc.Accept(to) if accept else mc.Decline(to))
        self.accept_button.disabled = self.decline_button.disabled = True
        self.offer_button.disabled = False
        self.give_money.max = self.game.money(self.corp)
        self.give_company.options = ["(none)"] + self.game.companies_of(self.corp)
        self._fill_take()
        entries = self.game.log[before:]
        self._show(entries)
        return entries


# --- Keeping the lesson notebooks ------------------------------------------------------------

CHECK = "# NBVAL_CHECK_OUTPUT"


def refresh_notebook(path: str, timeout: int = 120) -> None:
    """Run a lesson notebook in a fresh kernel and store it the way it is committed: outputs
    cleared, except the plain-text output of `# NBVAL_CHECK_OUTPUT` cells (their expected
    output for nbval); no widget state. Raises RuntimeError if any cell fails."""
    import os

    import nbformat
    from nbconvert.preprocessors import ExecutePreprocessor

    nb = nbformat.read(path, as_version=4)
    folder = os.path.dirname(os.path.abspath(path))
    ExecutePreprocessor(timeout=timeout, kernel_name="python3").preprocess(nb, {"metadata": {"path": folder}})
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        if any(o.output_type == "error" for o in cell.outputs):
            raise RuntimeError(f"{path}: a cell failed:\n{cell.source}")
        if CHECK in cell.source:
            kept = []
            for o in cell.outputs:
                if o.output_type == "stream":
                    kept.append(o)
                elif o.output_type == "execute_result" and "text/plain" in o.get("data", {}):
                    o["data"], o["metadata"] = {"text/plain": o["data"]["text/plain"]}, {}
                    kept.append(o)
            cell.outputs = kept
        else:
            cell.outputs, cell.execution_count = [], None
        cell.metadata = {}
    nb.metadata.pop("widgets", None)
    nbformat.write(nb, path)

