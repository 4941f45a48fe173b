"""The money chart every game's page may show: each seat's money (euros, cash, points) over the
game, one Plotly line per seat, drawn by plotly.js-basic (`BasicFigureWidget`).

A game supplies the points (`MoneySeries`: the x values, rounds or quarters, and one list per
seat, only what the seat at the screen may see) and, when it wants, its own look: `style` (a
seat's colour, marker and dash) and `figure` (the whole figure, for a chart with more panels than
the money lines, as the note-card game's earnings by industry). Everything else is here, once:
direct labels at the lines' ends, axes that do not zoom, a modebar with only the picture download,
round labels that never run together, and a figure built only when it is first shown and then
updated in place.

Users: MegaCorps' page (`widgets/megacorps_app/table.py`, and its end charts), the projector of a
networked MegaCorps table (`widgets/networked/pages.py`), and any shell game whose parts answer
`GameParts.money` (`widgets/shell/page.py` shows the chart under the players' table).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import ipywidgets as W
import plotly.graph_objects as go

from ..board.basic_figure import BasicFigureWidget
from ..board.colors import corp_initials, seat_color

# Charts whose axes are fixed keep only the modebar's picture download: its zoom and hover
# buttons did nothing here and, at 1024x700, covered the chart's title
CHART_MODEBAR = dict(remove=["zoom", "pan", "select", "lasso2d", "zoomIn", "zoomOut", "autoScale", "resetScale",
                             "toggleSpikelines", "hoverClosestCartesian", "hoverCompareCartesian"])

UNREADABLE_ON_WHITE = {"#F0E442": "#8a7a00"}   # a label in the palette's yellow, darkened to be read


@dataclass(frozen=True)
class MoneySeries:
    """The chart's points: `xs` (rounds, quarters), `series` seat -> one value per x (only the
    seats the screen may see), and the words of the chart."""

    xs: list
    series: dict[str, list]
    title: str = "Money by round"
    x_title: str = "Round"
    y_title: str = "Money"
    prefix: str = ""        # before an amount in labels and hovers ("$")
    suffix: str = ""        # after an amount in hovers (" \u20ac")


def seat_style(seat: str, index: int) -> dict:
    """A seat's line and marker: the seat palette's colour of its place at the table."""
    color = seat_color(index)
    return dict(line=dict(color=color, width=2.5), marker=dict(size=7, color=color, line=dict(color="#222", width=1)))


def round_step(rounds: int, plot_width: int) -> int:
    """Rounds between two labels on the x axis: every round while each label has ~24 px (at a
    1024x700 window, 18 rounds in the sidebar's chart ran together as "0123456789101112...")."""
    for step in (1, 2, 5, 10, 20):
        if rounds / step * 24 <= max(plot_width, 1):
            return step
    return 50


def money_figure(data: MoneySeries, width: int, height: int, points: list | None = None,
                 style: Callable[[str, int], dict] = seat_style) -> go.Figure:
    """Money lines, one per seat, each with its own look (`style`), labelled at its end (no legend
    to decode). `points`: (x, y, text) turning points to mark."""
    xs, series = data.xs, data.series
    fig = go.Figure()
    colors = {}
    for i, (seat, ys) in enumerate(series.items()):
        look = style(seat, i)
        colors[seat] = look["line"]["color"]
        fig.add_trace(go.Scatter(x=xs, y=ys, name=seat, mode="lines+markers", **look,
                                 hovertemplate=f"{seat}: {data.prefix}%{{y:,}}{data.suffix}<extra></extra>"))
    annotations = []
    ends = sorted(((ys[-1], seat) for seat, ys in series.items() if ys and ys[-1] is not None), reverse=True)
    span = max((abs(y) for y, _ in ends), default=1) or 1
    last_y = None
    for y, seat in ends:
        # direct labels at the line ends, nudged apart so that none hides another
        label_y = y if last_y is None or last_y - y >= span * 0.06 else last_y - span * 0.06
        last_y = label_y
        color = UNREADABLE_ON_WHITE.get(colors[seat], colors[seat])
        annotations.append(dict(x=xs[-1] if xs else 0, y=label_y, xanchor="left", yanchor="middle", showarrow=False,
                                text=f"<b>{corp_initials(seat)}</b> {data.prefix}{y:,}", xshift=8,
                                font=dict(size=11, color=color)))
    if points:
        fig.add_trace(go.Scatter(x=[p[0] for p in points], y=[p[1] for p in points], mode="markers",
                                 name="turning points", marker=dict(symbol="star", size=14, color="#ffd166",
                                                                    line=dict(color="#333", width=1)),
                                 hovertext=[p[2] for p in points], hovertemplate="%{hovertext}<extra></extra>"))
    fig.update_layout(width=width, height=height, margin=dict(l=44, r=70, t=30, b=40),
                      title=dict(text=data.title, font=dict(size=14), x=0.02),
                      xaxis=dict(title=data.x_title, fixedrange=True),
                      yaxis=dict(title=data.y_title, fixedrange=True, rangemode="tozero", tickprefix=data.prefix),
                      plot_bgcolor="#FAFAFA", paper_bgcolor="white", showlegend=False,
                      annotations=annotations, modebar=CHART_MODEBAR)
    if xs:
        fig.update_xaxes(range=[min(xs) - 0.4, max(xs) + 0.9], dtick=round_step(len(set(xs)), width - 114))
    return fig


class MoneyChart:
    """One game's money chart in a box (`box`, class `cls`).

    The FigureWidget is created (complete, from the points so far) the first time the chart is
    shown, never at page load: it keeps the page light, and a widget built whole in a callback is
    drawn right (the Voila trap, /work/shared/design/toolchain.md). Later points update it in
    place; a new set of lines (another game, another seat's view) builds a new one.

    `figure(data, width, height)` draws the chart (default: `money_figure` with `style`); a game
    with more panels passes its own, whose `data` may be anything its figure reads."""

    def __init__(self, width: int = 440, height: int = 320, cls: str = "shell-chart",
                 style: Callable[[str, int], dict] = seat_style,
                 figure: Callable[[object, int, int], go.Figure] | None = None):
        self.width, self.height = width, height
        self.draw = figure or (lambda data, w, h: money_figure(data, w, h, style=style))
        self.box = W.Box(layout=W.Layout(width="100%"))
        self.box.add_class(cls)
        self.figure: BasicFigureWidget | None = None
        self._last = None

    def update(self, data, show: bool = True) -> None:
        """Show `data`. With `show` False (the chart's tab is not open) a chart not built yet stays
        unbuilt: each FigureWidget's data travels to the page."""
        if self.figure is None and not show:
            return
        key = repr((data, self.width, self.height))   # a page may resize its chart
        if key == self._last:
            return
        self._last = key
        fig = self.draw(data, self.width, self.height)
        if self.figure is None or [(t.type, t.name) for t in self.figure.data] != [(t.type, t.name) for t in fig.data]:
            self.replace(BasicFigureWidget(fig))
            return
        with self.figure.batch_update():
            for trace, new in zip(self.figure.data, fig.data):
                trace.x, trace.y = new.x, new.y
            now = self.figure.layout.to_plotly_json()
            for name, value in fig.layout.to_plotly_json().items():
                if now.get(name) != value:   # only what changed travels (labels, axis ranges)
                    self.figure.layout[name] = value

    def replace(self, figure: BasicFigureWidget | None) -> None:
        """Put `figure` in the box (None: empty it) and close the one it replaces."""
        old, self.figure = self.figure, figure
        self.box.children = [figure] if figure is not None else []
        if old is not None:
            old.close()
        if figure is None:
            self._last = None
