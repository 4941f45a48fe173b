"""The money chart: each corporation's money quarter by quarter (left) and what it has earned in
each industry so far (right), as one plotly.js-basic figure (`BasicFigureWidget`: one widget,
one 1.3 MB front end per page), in the seat colours of `widgets/board/colors.py`.

The figure is built complete when a game starts (in a callback of the live page: see the Voila
trap in toolchain.md) and updated in place after every reveal."""
from __future__ import annotations

import math

import ipywidgets as W
from plotly.subplots import make_subplots

from ..board.basic_figure import BasicFigureWidget
from ..board.colors import seat_color
from .session import Session


def chart_data(session: Session) -> dict:
    """What the chart shows: quarters, money per corporation (None where it is 0: the log axis
    has no zero), industries and earnings per corporation and industry."""
    xs, money = session.money_series()
    earned = session.earnings_by_industry()
    industries = [i for i in session.game.options.industries
                  if i in session.game.state.industries or any(i in e for e in earned.values())]
    return {"xs": xs, "money": {c: [m if m > 0 else None for m in v] for c, v in money.items()},
            "industries": industries,
            "earned": {c: [earned[c].get(i, 0) for i in industries] for c in session.game.players}}


def earned_any(data: dict) -> bool:
    """Whether any corporation has earned anything in any industry yet (not before a reveal)."""
    return any(any(amounts) for amounts in data["earned"].values())


def log_ticks(money: dict[str, list[int | None]]) -> tuple[list[int], list[str]]:
    """The money axis' ticks: powers of ten only, labelled as money ("$10M", "$1,000M"), from
    below the smallest amount to above the largest (plotly's own log ticks add bare minor labels,
    "2" and "5", that read as noise)."""
    amounts = [m for series in money.values() for m in series if m]
    low, high = (min(amounts), max(amounts)) if amounts else (1, 10)
    values, tick = [], 1
    while tick * 10 <= low:
        tick *= 10
    while True:
        values.append(tick)
        if tick >= high:
            break
        tick *= 10
    if len(values) == 1:
        values.append(tick * 10)
    return values, [f"${v:,}M" for v in values]


def log_range(values: list[int]) -> list[float]:
    """The money axis' range (log10 units): from the lowest tick to the highest, a little beyond,
    so that every tick shows."""
    return [math.log10(values[0]) - 0.05, math.log10(values[-1]) + 0.05]


class MoneyChart:
    """The chart of one game; `update(session)` shows the quarters revealed so far."""

    def __init__(self, width: int = 700, height: int = 300):
        self.width, self.height = width, height
        self.figure: BasicFigureWidget | None = None
        self.box = W.Box(layout=W.Layout(width=f"{width}px", min_height=f"{height}px"))
        self.box.add_class("nc-chart")
        self._players: list[str] = []
        self._last = None

    def build(self, session: Session) -> None:
        """A new figure for a new game (the old one, if any, is closed)."""
        data = chart_data(session)
        fig = make_subplots(rows=1, cols=2, column_widths=[0.58, 0.42], horizontal_spacing=0.12,
                            subplot_titles=("Money by quarter ($M, log scale)", "Earned by industry so far ($M)"))
        for i, corp in enumerate(session.game.players):
            color = seat_color(i)
            fig.add_scatter(x=data["xs"], y=data["money"][corp], name=corp, mode="lines+markers",
                            line=dict(color=color, width=3), marker=dict(size=7, color=color),
                            legendgroup=corp, row=1, col=1,
                            hovertemplate=f"{corp}<br>quarter %{{x}}: $%{{y:,}}M<extra></extra>")
            fig.add_bar(x=[i.replace("Industry ", "Ind. ") for i in data["industries"]], y=data["earned"][corp],
                        name=corp, marker=dict(color=color), legendgroup=corp, showlegend=False, row=1, col=2,
                        hovertemplate=f"{corp}<br>%{{x}}: $%{{y:,}}M<extra></extra>")
        fig.update_layout(width=self.width, height=self.height, margin=dict(l=50, r=10, t=36, b=40),
                          barmode="group", plot_bgcolor="#FAFAFA", paper_bgcolor="white",
                          legend=dict(orientation="h", y=-0.18, font=dict(size=11)),
                          font=dict(size=11))
        fig.update_xaxes(title_text="quarter (0: the start)", dtick=1, fixedrange=True, row=1, col=1,
                         range=[-0.3, max(1, len(data["xs"]) - 1) + 0.3])
        values, labels = log_ticks(data["money"])
        fig.update_yaxes(type="log", fixedrange=True, tickvals=values, ticktext=labels, range=log_range(values),
                         row=1, col=1)
        # before the first reveal nobody has earned anything: say so rather than show an empty grid
        fig.add_annotation(text="Nothing earned yet:<br>the first reveal fills this in", name="nothing-earned",
                           xref="x2 domain", yref="y2 domain", x=0.5, y=0.5, showarrow=False,
                           font=dict(size=12, color="#666"), visible=not earned_any(data))
        fig.update_xaxes(fixedrange=True, row=1, col=2)
        fig.update_yaxes(fixedrange=True, rangemode="tozero", row=1, col=2)
        old, self.figure = self.figure, BasicFigureWidget(fig)
        self.box.children = [self.figure]
        if old is not None:   # closed once its view has left the page (a view of a closed model errs)
            old.close()
        self._players = list(session.game.players)
        self._last = repr(data)

    def update(self, session: Session) -> None:
        if self.figure is None or self._players != session.game.players:
            self.build(session)
            return
        data = chart_data(session)
        key = repr(data)
        if key == self._last:
            return
        self._last = key
        labels = [i.replace("Industry ", "Ind. ") for i in data["industries"]]
        with self.figure.batch_update():
            for trace in self.figure.data:
                if trace.type == "scatter":
                    trace.x, trace.y = data["xs"], data["money"][trace.name]
                else:
                    trace.x, trace.y = labels, data["earned"][trace.name]
            self.figure.layout.xaxis.range = [-0.3, max(1, len(data["xs"]) - 1) + 0.3]
            values, ticks = log_ticks(data["money"])
            self.figure.layout.yaxis.tickvals, self.figure.layout.yaxis.ticktext = values, ticks
            self.figure.layout.yaxis.range = log_range(values)
            for note in self.figure.layout.annotations:
                if note.name == "nothing-earned":
                    note.visible = not earned_any(data)
