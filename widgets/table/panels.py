"""Read-only parts of the table, rendered as HTML: the corp panels, the game log, the results,
and the money-over-time chart. Everything shown here is public: hands appear only in
`widgets/table/table.py`'s hand panel, after the player asked to see them."""
from __future__ import annotations

from html import escape

import ipywidgets as W
import plotly.graph_objects as go

import megacorps as mc

from ..board.basic_figure import BasicFigureWidget
from ..board.colors import corp_color, corp_initials, text_color_on
from .session import HUMAN, Results, Session

EURO = "\u20ac"


def corp_chip(corp: str) -> str:
    """A small coloured badge with the corp's initials and its name."""
    fill = corp_color(corp)
    return (f"<span class='mc-chip' style='background:{fill};color:{text_color_on(fill)}'>"
            f"{escape(corp_initials(corp))}</span> <b>{escape(corp)}</b>")


def corp_panels_html(session: Session, deciders: list[str]) -> str:
    game = session.game
    state = game.state
    view = game.view(None)
    cards = []
    for corp in state.corps:
        fill = corp_color(corp)
        gone = corp in state.departed
        player = session.seats.get(corp, HUMAN)
        who = "Human" if player == HUMAN else f"{player} bot"
        badges = []
        if state.active == corp:
            badges.append("<span class='mc-badge mc-active' title='Holds the Active Player card'>Active</span>")
        if state.paid == corp:
            badges.append("<span class='mc-badge mc-paid' title='Holds the Paid card'>Paid</span>")
        if corp in deciders:
            badges.append("<span class='mc-badge mc-deciding'>deciding</span>")
        if gone:
            badges.append("<span class='mc-badge mc-departed'>left</span>")
        companies = state.owned_by(corp)
        countries = state.countries_of(corp)
        comp_list = ", ".join(escape(c) for c in companies) or "none"
        cards.append(
            f"<div class='mc-corp{' mc-gone' if gone else ''}{' mc-is-deciding' if corp in deciders else ''}'"
            f" style='border-top:6px solid {fill}' data-corp='{escape(corp)}'>"
            f"<div class='mc-corp-head'>{corp_chip(corp)} <span class='mc-who'>{who}</span></div>"
            f"<div class='mc-badges'>{''.join(badges)}</div>"
            f"<div class='mc-stats'><span class='mc-money' title='Money'>{view.money[corp]} {EURO}</span>"
            f"<span title='Mercenaries'><i>mercs</i> <b>{view.mercenaries[corp]}</b></span>"
            f"<span title='Event cards in hand'><i>cards</i> <b>{view.hand_sizes[corp]}</b></span>"
            f"<span title='Companies owned'><i>companies</i> <b>{len(companies)}</b></span></div>"
            f"<div class='mc-line' title='Countries controlled'><i>Countries:</i> "
            f"{escape(', '.join(countries)) or 'none'}</div>"
            f"<div class='mc-line mc-small' title='{comp_list}'><i>Companies:</i> {comp_list}</div>"
            f"</div>")
    return f"<div class='mc-corps'>{''.join(cards)}</div>"


def log_html(game: mc.Game, limit: int = 200) -> str:
    """The public log, newest first, each entry with its rule."""
    entries = game.log[-limit:]
    rows = []
    for e in reversed(entries):
        when = "Setup" if e.round == 0 else f"R{e.round}"
        rows.append(f"<div class='mc-log-entry'><span class='mc-log-round'>{when}</span>"
                    f"<span class='mc-log-rule'>{escape(e.rule)}</span> {escape(e.text)}</div>")
    return f"<div class='mc-log'>{''.join(rows)}</div>"


def results_html(results: Results) -> str:
    if results.is_draw:
        banner = (f"<div class='mc-winner'>A draw! {' and '.join(escape(w) for w in results.winners)} "
                  f"share the win with {results.scores[results.winners[0]]} {EURO}</div>")
    else:
        w = results.winners[0]
        banner = f"<div class='mc-winner'>{corp_chip(w)} wins with {results.scores[w]} {EURO}</div>"
    rows = "".join(
        f"<tr class='{'mc-win-row' if c in results.winners else ''}'><td>{i + 1}</td><td>{corp_chip(c)}</td>"
        f"<td class='mc-num'>{m} {EURO}</td></tr>"
        for i, (c, m) in enumerate(results.scores.items()))
    lines = "".join(f"<li>{escape(t)}</li>" for t in results.final_payouts)
    return (f"<div class='mc-results'>{banner}"
            f"<span class='mc-engine-winners' data-winners='{escape('|'.join(results.winners))}'></span>"
            f"<table class='mc-scores'><tr><th>#</th><th>Corp</th><th>Money</th></tr>{rows}</table>"
            f"<h4>Final payouts</h4><ul class='mc-final'>{lines}</ul></div>")


class MoneyChart:
    """Money of each corp, round by round: one line per corp.

    The FigureWidget is created (complete, from the session's money so far) the first time a
    game is shown, never at page load: it keeps the page light, and a widget built whole in a
    callback of a live page cannot lose its first state (the Voila trap). Later rounds only
    update it in place."""

    def __init__(self, width: int = 430, height: int = 300):
        self.width, self.height = width, height
        self.figure = None
        self.box = W.Box(layout=W.Layout(width=f"{width}px", min_height=f"{height}px"))
        self._last: tuple | None = None

    def _build(self, xs, series) -> None:
        fig = go.Figure()
        for corp in mc.CORPS:
            data = series.get(corp)
            fig.add_scatter(x=xs if data else [], y=data or [], name=corp, mode="lines+markers",
                            visible=bool(data), line=dict(color=corp_color(corp), width=3),
                            marker=dict(size=6))
        fig.update_layout(width=self.width, height=self.height, margin=dict(l=44, r=10, t=30, b=40),
                          title=dict(text="Money by round", font=dict(size=14), x=0.02),
                          xaxis=dict(title="Round (last point: after the final payouts)", dtick=1,
                                     fixedrange=True),
                          yaxis=dict(title="Euros", fixedrange=True, rangemode="tozero"),
                          legend=dict(orientation="h", y=-0.3, font=dict(size=10)),
                          plot_bgcolor="#FAFAFA", paper_bgcolor="white", showlegend=True)
        if xs:
            fig.update_xaxes(range=[min(xs) - 0.4, max(xs) + 0.4])
        self.figure = BasicFigureWidget(fig)
        self.box.children = [self.figure]

    def update(self, session: Session, show: bool = True) -> None:
        """Show `session`'s money. With `show` False (its tab is not open) a chart not built
        yet stays unbuilt: each FigureWidget ships its 1.3 MB plotly.js-basic module to the page."""
        self._session = session
        if self.figure is None and not show:
            return
        xs, series = session.money_series()
        key = (tuple(xs), tuple((c, tuple(v)) for c, v in series.items()))
        if key == self._last:
            return
        self._last = key
        if self.figure is None:
            self._build(xs, series)
            return
        with self.figure.batch_update():
            for trace in self.figure.data:
                if trace.name in series:
                    trace.x, trace.y, trace.visible = xs, series[trace.name], True
                else:
                    trace.x, trace.y, trace.visible = [], [], False
            self.figure.layout.xaxis.range = [min(xs) - 0.4, max(xs) + 0.4] if xs else None


def html(value: str = "", cls: str | None = None, **layout) -> W.HTML:
    w = W.HTML(value, layout=W.Layout(**layout)) if layout else W.HTML(value)
    if cls:
        w.add_class(cls)
    return w
