"""The moderator's reveal, step by step as the rules describe it: the yield cards drawn, then for
each corporation and each of its industries the investment announced and taken, each sabotage
against it, the net investment and the earnings; then bankruptcies and the end. A table of
corporations and industries fills in as the steps go, with everyone's chips as they move.
The bots' reasons for the quarter's cards are shown once it is all revealed (before, they would
tell the cards); the panel asks for them (`reasons(quarter)`: the page shell keeps them)."""
from __future__ import annotations

from collections.abc import Callable
from html import escape

import ipywidgets as W

from megacorps.notecard.log import money

from .panels import chip, html
from .session import Cell, RevealStep, Session


def cell_html(cell: Cell | None) -> str:
    if cell is None:
        return ""
    parts = []
    if cell.entry:
        parts.append(f"entry {money(cell.entry)}")
    if cell.invested is not None:
        parts.append(f"invested {money(cell.invested)}")
    for saboteur, amount in cell.sabotage:
        parts.append(f"<span class='nc-cell-sab'>\u2212 {escape(saboteur)} sabotage {money(amount)}</span>")
    if cell.net is not None:
        parts.append(f"net {cell.net} \u00d7 {cell.multiplier} = <span class='nc-cell-earn'>{money(cell.earnings)}</span>")
    return "<br>".join(parts)


def table_html(session: Session, step: RevealStep, before: dict[str, int], industries: list[str]) -> str:
    game = session.game
    head = "".join(f"<th>{escape(i)}" + (f" <span class='nc-small'>\u00d7{step.multipliers[i]}</span>"
                                         if i in step.multipliers else "") + "</th>" for i in industries)
    rows = []
    for corp in before:
        cells = []
        for industry in industries:
            key = (corp, industry)
            fresh = " class='nc-fresh'" if tuple(step.about[:2]) == key else ""
            cells.append(f"<td{fresh}>{cell_html(step.cells.get(key))}</td>")
        rows.append(f"<tr><td>{chip(game, corp)}</td>{''.join(cells)}"
                    f"<td class='nc-num'>{money(before[corp])} \u2192 {money(step.money[corp])}</td></tr>")
    return (f"<table class='nc-reveal-table'><tr><th>Corporation</th>{head}<th>Chips</th></tr>"
            f"{''.join(rows)}</table>")


class RevealPanel:
    """Shows the last quarter's reveal one step at a time (`next`, `show_all`); `on_finished`
    is called when its last step is shown, `on_done` when the players continue to the next
    quarter; `reasons(quarter)`: the bots' reasons for their cards of that quarter (corporation
    -> reason), shown under the last step."""

    def __init__(self, on_done: Callable[[], None], guard: Callable[[Callable], Callable] = lambda fn: fn,
                 on_finished: Callable[[], None] = lambda: None,
                 reasons: Callable[[int], dict[str, str]] = lambda quarter: {}):
        self._on_done = on_done
        self._on_finished = on_finished   # the last step is shown: the rest of the page may tell it
        self._reasons = reasons
        self.session: Session | None = None
        self.steps: list[RevealStep] = []
        self.index = -1
        self.quarter = 0
        self.active = False
        self.title = html(cls="nc-reveal-title")
        self.now = html(cls="nc-reveal")
        self.table = html(cls="nc-reveal-grid")
        self.reasons = html(cls="nc-reveal-reasons")
        self.next_button = W.Button(description="Next step", icon="step-forward", button_style="primary",
                                    layout=W.Layout(width="auto"))
        self.next_button.add_class("nc-next-step")
        self.all_button = W.Button(description="Show all", icon="fast-forward", layout=W.Layout(width="auto"))
        self.all_button.add_class("nc-show-all")
        self.done_button = W.Button(description="Continue", icon="play", button_style="success",
                                    layout=W.Layout(width="auto"))
        self.done_button.add_class("nc-continue")
        self.widget = W.VBox([self.title, self.now, self.table,
                              W.HBox([self.next_button, self.all_button, self.done_button]), self.reasons])
        self.widget.add_class("nc-panel")
        self.widget.add_class("nc-reveal-panel")
        self.widget.layout.display = "none"
        self.next_button.on_click(guard(lambda _b: self.next()))
        self.all_button.on_click(guard(lambda _b: self.show_all()))
        self.done_button.on_click(guard(lambda _b: self.done()))

    def start(self, session: Session, whole: bool = False) -> None:
        """Begin revealing the quarter just settled; `whole`: show it all at once (nobody is at
        the screen to step through it: a table of bots), without telling `on_finished`."""
        self.session = session
        report = session.game.reports[-1]
        self.quarter = report.quarter
        self.before = dict(report.money_before)
        self.industries = [i for i in session.game.options.industries if i in report.multipliers
                           or any(l.industry == i for l in report.lines)]
        self.steps = session.last_reveal()
        self.index = -1
        self.active = True
        self.widget.layout.display = None
        self.title.value = (f"<div class='nc-panel-title'>The moderator reveals quarter {self.quarter}</div>"
                            "<div class='nc-note'>Every note card is turned over. For each corporation and "
                            "industry: the investment, the sabotage against it, the net and the earnings.</div>")
        self.reasons.value = ""
        if whole:
            self.index = len(self.steps) - 1
        self._show()

    @property
    def finished(self) -> bool:
        return self.index >= len(self.steps) - 1

    def next(self) -> None:
        if self.active and not self.finished:
            self.index += 1
            self._show()
            if self.finished:
                self._on_finished()

    def show_all(self) -> None:
        if self.active and not self.finished:
            self.index = len(self.steps) - 1
            self._show()
            self._on_finished()

    def done(self) -> None:
        """Close the reveal and let the next quarter begin."""
        self.show_all()
        self.active = False
        self.widget.layout.display = "none"
        self._on_done()

    def hide(self) -> None:
        self.active = False
        self.widget.layout.display = "none"

    def _show(self) -> None:
        if self.index < 0:
            self.now.value = ("<div class='nc-reveal-now'>The moderator takes the pile of note cards. "
                              "Press <b>Next step</b>.</div>")
            empty = RevealStep("", "", (), dict(self.before), {}, {})
            self.table.value = table_html(self.session, empty, self.before, self.industries)
        else:
            step = self.steps[self.index]
            self.now.value = (f"<div class='nc-reveal-now' data-step='{self.index + 1}'>"
                              f"<span class='nc-reveal-rule'>{escape(step.rule)}</span>{escape(step.text)}</div>")
            self.table.value = table_html(self.session, step, self.before, self.industries)
        self.next_button.disabled = self.all_button.disabled = self.finished
        self.next_button.description = f"Next step ({max(0, self.index + 1)}/{len(self.steps)})"
        over = self.session.game.is_over
        self.done_button.disabled = not self.finished
        self.done_button.description = "See the result" if over else f"Continue to quarter {self.quarter + 1}"
        if self.finished:
            reasons = self._reasons(self.quarter)
            if reasons:
                self.reasons.value = ("<b>Why the bots wrote what they wrote</b><ul class='nc-reasons'>"
                                      + "".join(f"<li>{chip(self.session.game, c)}: {escape(r)}</li>"
                                                for c, r in reasons.items()) + "</ul>")
