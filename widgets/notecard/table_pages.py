"""The note-card game at a table held by the table service: a seat's page and the projector's.

Each page's kernel is a client of the service (`mc.tables.connect` / `watch`): it holds what the
service sent it, which the engine built for that seat (its own note card, never another's before
the reveal; no seed, no yield deck). A seat writes its card in a form built from the view, sends
it, and the service's engine checks it: a refused card says why on the page and nothing changes.
The kit's page plumbing (`widgets/networked/pages.py`: the push stream, reconnecting, the error
guard) is shared with MegaCorps' pages.
"""
from __future__ import annotations

from html import escape
from types import SimpleNamespace

import ipywidgets as W

from megacorps import notecard as nc
from megacorps.notecard.log import money

from ..board.colors import corp_initials, seat_color, text_color_on
from ..networked.pages import _Followed
from .chart import MoneyChart
from .style import NOTECARD_CSS

SABOTAGE_LINES = 3
NOBODY = "(nobody)"


def _chip(players: list[str], corp: str) -> str:
    fill = seat_color(players.index(corp)) if corp in players else "#999999"
    return (f"<span class='nc-chip' style='background:{fill};color:{text_color_on(fill)}'>"
            f"{escape(corp_initials(corp))}</span> <b>{escape(corp)}</b>")


class ViewSession:
    """What the note-card money chart reads from a session, taken from a seat's view alone."""

    def __init__(self, view: nc.SeatView):
        self.view = view
        self.game = SimpleNamespace(players=list(view.players), options=view.options,
                                    state=SimpleNamespace(industries=list(view.industries)))

    def money_series(self) -> tuple[list[int], dict[str, list[int]]]:
        reports = self.view.reports
        start = reports[0].money_before if reports else dict(self.view.money)
        rows = [start] + [r.money_after for r in reports]
        return list(range(len(rows))), {c: [r[c] for r in rows] for c in self.view.players}

    def earnings_by_industry(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {c: {} for c in self.view.players}
        for report in self.view.reports:
            for line in report.lines:
                out[line.corp][line.industry] = out[line.corp].get(line.industry, 0) + line.earnings
        return out


def seats_html(view: nc.SeatView, players: dict[str, str]) -> str:
    """Every corporation: its money, who plays it, and where its note card is this quarter."""
    rows = []
    for corp in view.players:
        if corp in view.bankrupt:
            state = f"bankrupt (quarter {view.bankrupt[corp]})"
        elif view.over:
            state = "winner" if corp in view.winners else ""
        elif corp in view.handed_in:
            state = "card in, face down"
        else:
            state = "writing"
        who = "you" if corp == view.corp else players.get(corp, "")
        rows.append(f"<tr class='nc-seat' data-corp='{escape(corp)}'><td>{_chip(view.players, corp)}</td>"
                    f"<td>{escape(who)}</td><td class='nc-money'>{money(view.money[corp])}</td>"
                    f"<td class='nc-card-state'>{escape(state)}</td></tr>")
    return ("<div class='nc-panel'><div class='nc-panel-title'>Corporations</div>"
            f"<table class='nc-seats'>{''.join(rows)}</table>"
            f"<div class='nc-note nc-rules-in-play'>{escape(view.options.describe())}</div></div>")


def report_html(view: nc.SeatView) -> str:
    """The last quarter revealed: each investment, the sabotage against it, the net, the
    multiplier and the earnings (public once revealed)."""
    if not view.reports:
        return ""
    report = view.reports[-1]
    rows = "".join(
        f"<tr><td>{_chip(view.players, line.corp)}</td><td>{escape(line.industry)}</td>"
        f"<td>{money(line.invested)}</td><td>{money(line.total_sabotage)}</td><td>{money(line.net)}</td>"
        f"<td>\u00d7{line.multiplier}</td><td><b>{money(line.earnings)}</b></td></tr>" for line in report.lines)
    return (f"<div class='nc-panel nc-report' data-quarter='{report.quarter}'><div class='nc-panel-title'>"
            f"Quarter {report.quarter}, revealed</div><table class='nc-report-table'><tr><th>Corporation</th>"
            "<th>Industry</th><th>Invested</th><th>Sabotaged</th><th>Net</th><th>Yield</th><th>Earned</th></tr>"
            f"{rows}</table></div>")


def results_html(view: nc.SeatView) -> str:
    if not view.over:
        return ""
    who = " and ".join(view.winners) or "nobody"
    return (f"<div class='nc-panel nc-results'><div class='nc-panel-title'>Game over</div>"
            f"<div>{escape(who)} {'win' if len(view.winners) > 1 else 'wins'}: {escape(view.end_reason)}</div></div>")


def log_html(lines: list[str], limit: int = 40) -> str:
    shown = "".join(f"<div class='nc-log-line'>{escape(line)}</div>" for line in lines[-limit:][::-1])
    return f"<div class='nc-panel nc-log'><div class='nc-panel-title'>Log (latest first)</div>{shown}</div>"


class NoteCardForm:
    """One corporation's note card, written from its view: an amount per industry and up to three
    sabotage lines. The service's engine judges the card when it is handed in."""

    def __init__(self):
        self.invest: dict[str, W.BoundedIntText] = {}
        self.invest_box = W.VBox()
        self.targets = [W.Dropdown(options=[NOBODY], value=NOBODY, layout=W.Layout(width="150px"))
                        for _ in range(SABOTAGE_LINES)]
        self.target_industries = [W.Dropdown(options=[], layout=W.Layout(width="120px")) for _ in range(SABOTAGE_LINES)]
        self.amounts = [W.BoundedIntText(value=0, min=0, max=10**12, layout=W.Layout(width="110px"))
                        for _ in range(SABOTAGE_LINES)]
        for i, widget in enumerate(self.targets):
            widget.add_class(f"nc-target-{i}")
        rows = [W.HBox([t, ind, amount]) for t, ind, amount in zip(self.targets, self.target_industries, self.amounts)]
        self.sabotage_box = W.VBox([W.HTML("<div class='nc-note'>Sabotage (optional): whose industry, how much</div>"),
                                    *rows])
        self.hand_in = W.Button(description="Hand in face down", button_style="success", icon="envelope")
        self.hand_in.add_class("nc-hand-in")
        self.widget = W.VBox([W.HTML("<div class='nc-note'>Invest (in $M) in each industry:</div>"),
                              self.invest_box, self.sabotage_box, self.hand_in])
        self.widget.add_class("nc-card-form")

    def show(self, view: nc.SeatView) -> None:
        """An empty card for `view`'s corporation: its industries and its rivals."""
        industries = list(view.pool if view.options.variable_industries else view.industries)
        if list(self.invest) != industries:
            self.invest = {}
            for industry in industries:
                box = W.BoundedIntText(value=0, min=0, max=10**12, description=industry,
                                       style={"description_width": "90px"}, layout=W.Layout(width="220px"))
                box.add_class("nc-invest")
                self.invest[industry] = box
            self.invest_box.children = list(self.invest.values())
        rivals = [c for c in view.solvent if c != view.corp]
        for target, industry, amount in zip(self.targets, self.target_industries, self.amounts):
            target.options = [NOBODY, *rivals]
            target.value = NOBODY
            industry.options = list(view.industries)
            amount.value = 0
        for box in self.invest.values():
            box.value = 0

    def card(self, corp: str) -> nc.Allocate:
        invest = {i: box.value for i, box in self.invest.items() if box.value}
        sabotage: dict[tuple[str, str], int] = {}
        for target, industry, amount in zip(self.targets, self.target_industries, self.amounts):
            if target.value != NOBODY and amount.value:
                key = (target.value, industry.value)
                sabotage[key] = sabotage.get(key, 0) + amount.value
        return nc.Allocate(corp, invest, sabotage)


class _NotecardPage(_Followed):
    """What the seat's page and the projector's share: status, corporations, the last reveal,
    the money chart, the log, the result."""

    tagline = ""

    def __init__(self, follower, sidebar: list[W.Widget]):
        super().__init__(follower)
        self.status = W.HTML()
        self.status.add_class("nc-status")
        self.seats = W.HTML()
        self.report = W.HTML()
        self.results = W.HTML()
        self.log_box = W.HTML()
        self.chart = MoneyChart(width=640, height=280)
        self._chart_key = None
        brand = W.HTML("<div class='nc-brand'>MEGACORP <span>the note-card game</span></div>"
                       f"<div class='nc-tagline'>{escape(self.tagline)}</div>")
        left = W.VBox([self.results, self.seats, self.report, self.chart.box])
        right = W.VBox([self.connection, self.error, *sidebar, self.log_box], layout=W.Layout(width="380px"))
        bar = W.HBox([brand, self.status])
        bar.add_class("nc-titlebar")
        self.children = [W.HTML(NOTECARD_CSS), bar, W.HBox([left, right])]
        self.add_class("nc-table-page")

    def view(self) -> nc.SeatView:
        return self.follower.view()

    def _on_change(self, _follower) -> None:
        self.refresh()

    def refresh(self) -> None:
        view = self.view()
        cards = f"cards in: {len(view.handed_in)} of {len(view.solvent)}"
        where = "Game over" if view.over else f"Quarter {view.quarter} \u00b7 {cards}"
        you = f"you play <b>{escape(view.corp)}</b>" if view.corp else "projector"
        self.status.value = (f"<div class='nc-status-text' data-quarter='{view.quarter}' "
                             f"data-at='{self.follower.at}'><b>{where}</b> \u00b7 {you}</div>")
        self.seats.value = seats_html(view, self.follower.players)
        self.report.value = report_html(view)
        self.results.value = results_html(view)
        self.log_box.value = log_html(self.follower.log)
        key = (len(view.reports), view.over)
        if key != self._chart_key:  # a new figure only when a quarter was revealed (the chart's own update is in place)
            self._chart_key = key
            self.chart.update(ViewSession(view))


class NotecardSeatPage(_NotecardPage):
    """One corporation's page at a networked table: its note card, nobody else's."""

    def __init__(self, seat):
        self.tagline = f"table {seat.state['name'] or seat.table} \u00b7 you play {seat.corp}"
        self.form = NoteCardForm()
        self.card_state = W.HTML()
        panel = W.VBox([W.HTML("<div class='nc-panel-title'>Your note card</div>"), self.card_state, self.form.widget])
        panel.add_class("nc-panel")
        super().__init__(seat, [panel])
        self.form.hand_in.on_click(self.guard(lambda _b: self.hand_in()))
        self._form_for = None
        self.refresh()

    def hand_in(self) -> None:
        """Send the card; the service's engine checks it (a refusal says why, nothing changes)."""
        card = self.form.card(self.follower.corp)
        self.follower.apply(card)
        self.messages.clear_error()
        self.refresh()

    def refresh(self) -> None:
        super().refresh()
        view = self.view()
        mine = view.corp in view.waiting and not view.over
        self.form.widget.layout.display = None if mine else "none"
        if mine and self._form_for != (view.quarter, self.follower.at):
            self._form_for = (view.quarter, self.follower.at)
            self.form.show(view)
        if view.over:
            text = "The game is over."
        elif mine:
            text = f"You have {money(view.money[view.corp])}. Whatever you do not allocate, you keep."
        elif view.card() is not None:
            card = view.card()
            waiting = ", ".join(view.waiting) or "nobody"
            text = f"Your card is in, face down: {card.describe()}. Waiting for {waiting}."
        else:
            text = "Your corporation is out of the game."
        self.card_state.value = f"<div class='nc-card-text'>{escape(text)}</div>"


class NotecardSpectatorPage(_NotecardPage):
    """The projector: the corporations, the last reveal, the money chart and the log; never a
    card before its reveal."""

    def __init__(self, watcher):
        self.tagline = f"table {watcher.state['name'] or watcher.table} \u00b7 projector"
        super().__init__(watcher, [])
        self.refresh()
