"""The MegaCorps board as a Plotly figure: a static picture and a live, clickable widget.

    from widgets.board.figure import board_figure, BoardView
    fig = board_figure(game)                 # a plotly Figure, for lessons and docs
    view = BoardView(game)                   # one go.FigureWidget, updated in place
    view.on_click(lambda target: ...)        # "Japan/Aerospace" or "Japan"
    view.update(game, highlight=["Japan/Aerospace"])

The picture follows the printed board: one column per industry, one row per country, a box
wherever a country has a company of that industry, the neutral places at the bottom. Left of
each row are the country's government, its Defense and Force, and its control box.

Every picture is drawn with the same seven traces (see `_TRACES`): the boxes are horizontal
bars, so a box is a rectangle that scales with the figure, can be clicked, and can be
re-coloured, re-labelled and outlined by changing a few arrays. `BoardView.update` only
assigns those arrays (inside `batch_update`): it never adds traces or shapes.

This module imports no ipywidgets; only `BoardView` needs them, through a `go.FigureWidget`
(`BasicFigureWidget`, drawn by plotly.js-basic: bars and scatter, no other trace types).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Callable, Iterable

import plotly.graph_objects as go

import megacorps as mc

from .colors import (CORP_COLORS, HIGHLIGHT_OUTLINE, WAR_OUTLINE, MUTED_TEXT, NEUTRAL_BAND, OWNED_OUTLINE,
                     STATUS_STYLE, UNCONTROLLED_FILL, corp_color, corp_initials, text_color_on)

__all__ = ["BoardView", "CORP_COLORS", "board_figure", "corp_initials"]

WIDTH, HEIGHT = 1000, 560

# Trace order is fixed; the names let tests and the app find them. Bars are drawn in order,
# so the backdrop (row stripes and the neutral band) stays under the boxes.
_TRACES = ("backdrop", "companies", "control", "labels", "country info", "legend", "legend labels")

# --- Geometry (data units: one industry column is 1 wide, one country row is 1 high) ----------
_BOX_W, _BOX_H = 0.86, 0.78          # a company box inside its cell
_CONTROL_X = -1.15                   # centre of the control box column
_DF_X = -2.0                         # Defense / Force
_GOV_X = -2.7                        # government
_NAME_X = -3.15                      # country names end here (right-aligned)
_LEFT, _RIGHT = -5.95, 11.55
_NEUTRAL_GAP = 0.35                  # extra space above the neutral places
_HEADER_Y = 0.95
_LEGEND_GAP = 1.35                   # from the last row to the legend
_KEY_W = 0.55                        # a legend key box
_LIT_WIDTH = 3.5                     # outline of a highlighted box (pixels; normal boxes: 1)

_LEGEND_STATUSES = ("unowned", "nationalized", "syndicalized", "absent")

# Government abbreviations (Government Intervention: the four government types).
GOVERNMENT_SHORT = {"Democracy": "Dem", "Dictatorship": "Dict", "Kleptocracy": "Klep",
                    "Wikisyndicalism": "Wiki"}

# Short descriptions of the statuses, for hover text (in our own words).
_STATUS_TEXT = {
    "unowned": "Unowned: for sale ({price} \u20ac)",
    "nationalized": "Nationalized: held by the government of {country}",
    "syndicalized": "Syndicalized: run by its workers, owned by no corp",
    "absent": "Not in the game yet: it appears when the {card} card is played",
}


@dataclass(frozen=True)
class _Grid:
    """Where everything of one board goes. Index lists are the stable click targets."""

    companies: tuple[str, ...]            # company trace points, in board order
    company_xy: tuple[tuple[float, float], ...]
    countries: tuple[str, ...]            # control trace points: the countries that can be controlled
    row_y: dict[str, float]               # every country (neutral ones too) -> row centre
    neutral: tuple[str, ...]
    legend_y: float
    bottom: float


@lru_cache(maxsize=8)
def _grid(board: mc.Board) -> _Grid:
    row_y: dict[str, float] = {}
    y = 0.0
    seen_neutral = False
    for country in board.countries:
        if country.neutral and not seen_neutral:
            y -= _NEUTRAL_GAP  # the neutral places are set apart at the bottom of the board
            seen_neutral = True
        row_y[country.name] = y
        y -= 1.0
    last = y + 1.0
    column = {industry: i for i, industry in enumerate(board.industries)}
    xy = tuple((float(column[company.split("/", 1)[1]]), row_y[company.split("/", 1)[0]])
               for company in board.companies)
    legend_y = last - _LEGEND_GAP
    return _Grid(companies=tuple(board.companies), company_xy=xy,
                 countries=tuple(c.name for c in board.countries if not c.neutral),
                 row_y=row_y, neutral=tuple(c.name for c in board.countries if c.neutral),
                 legend_y=legend_y, bottom=legend_y - 0.6)


def _check_highlight(board: mc.Board, highlight: Iterable[str]) -> frozenset[str]:
    """The highlight targets as a set (a lone string is one target, not its letters)."""
    targets = frozenset([highlight] if isinstance(highlight, str) else highlight)
    unknown = sorted(t for t in targets
                     if t not in board.country_by_name and t not in board.companies)
    if unknown:
        raise ValueError(f"highlight: {', '.join(map(repr, unknown))} is neither a company "
                         "(\"Country/Industry\") nor a country of this board")
    return targets


def _corp_name(corp: str, viewer: str | None) -> str:
    return f"{corp} ({corp_initials(corp)}{', you' if corp == viewer else ''})"


def _money(amount: int) -> str:
    return f"{amount} \u20ac"


# --- Hover text: the whole story of a box ------------------------------------------------------

def _country_line(game: mc.Game, name: str, viewer: str | None) -> str:
    country = game.board.country_by_name[name]
    if country.neutral:
        return f"{name}: neutral (never controlled, attacked or intervened in)"
    controller = game.controller(name)
    who = _corp_name(controller, viewer) if controller else "no corp"
    return (f"{name}: controlled by {who} \u00b7 {game.government(name)} \u00b7 "
            f"Defense {country.defense}, Force {country.force}")


def _industry_lines(game: mc.Game, industry: str, viewer: str | None) -> list[str]:
    # Payout Industries: each company owned earns the table's figure for the competitor count.
    count = mc.competitors(game.state, industry)
    per_company = game.board.payout_table[count]
    lines = [f"{industry}: {'5+' if count >= 5 else count} competitor{'s' if count != 1 else ''}"
             f" \u2192 {_money(per_company)} per company if it pays out now"]
    earned = mc.payout_amounts(game.state, industry)
    if earned:
        ranked = sorted(earned.items(), key=lambda kv: -kv[1])
        lines.append("Would pay: " + ", ".join(f"{_corp_name(c, viewer)} {_money(v)}" for c, v in ranked))
    else:
        lines.append(f"Would pay: nobody (no corp owns any {industry} company)")
    return lines


def _company_hover(game: mc.Game, company: str, viewer: str | None) -> str:
    country, industry = company.split("/", 1)
    status = game.company_status(company)
    if status in STATUS_STYLE:
        spec = game.board.country_by_name[country]
        status_line = _STATUS_TEXT[status].format(price=game.board.company_price, country=country,
                                                  card=spec.absent_until_card or "its event")
    else:
        status_line = f"Owned by {_corp_name(status, viewer)}"
    lines = [f"<b>{country} \u2013 {industry}</b>", status_line, _country_line(game, country, viewer)]
    return "<br>".join(lines + _industry_lines(game, industry, viewer))


def _control_hover(game: mc.Game, name: str, viewer: str | None) -> str:
    country = game.board.country_by_name[name]
    controller = game.controller(name)
    owners: dict[str, int] = {}
    for company in game.board.companies_of_country[name]:
        status = game.company_status(company)
        owners[status] = owners.get(status, 0) + 1
    held = ", ".join(f"{_corp_name(k, viewer) if k not in STATUS_STYLE else k} {v}"
                     for k, v in owners.items())
    return "<br>".join([
        f"<b>{name}</b> \u2013 {game.government(name)}",
        f"Controlled by {_corp_name(controller, viewer)}" if controller else "Not controlled by any corp",
        f"Defense {country.defense} \u00b7 Force {country.force}",
        f"Companies: {held}",
    ])


# --- The arrays that change as the game goes on ---------------------------------------------

def _company_arrays(game: mc.Game, grid: _Grid, lit: frozenset[str], viewer: str | None) -> dict:
    fill, outline, width, hatch, text, ink, hover = [], [], [], [], [], [], []
    for company in grid.companies:
        status = game.company_status(company)
        if status in STATUS_STYLE:
            f, line, label, label_ink = STATUS_STYLE[status]
        else:  # a corp's control marker on the company
            f, line, label = corp_color(status), OWNED_OUTLINE, corp_initials(status)
            label_ink = text_color_on(f)
        is_lit = company in lit
        fill.append(f)
        outline.append(HIGHLIGHT_OUTLINE if is_lit else line)
        width.append(_LIT_WIDTH if is_lit else 1.0)
        # Syndicalized boxes are also hatched, so they differ from the others in shape too.
        hatch.append("/" if status == "syndicalized" else "")
        text.append(f"<b>{label}</b>" if label else "")
        ink.append(label_ink)
        hover.append(_company_hover(game, company, viewer))
    return dict(marker=dict(color=fill, line=dict(color=outline, width=width),
                            pattern=dict(shape=hatch)),
                text=text, textfont=dict(color=ink), hovertext=hover)


def _control_arrays(game: mc.Game, grid: _Grid, lit: frozenset[str], viewer: str | None) -> dict:
    fill, outline, width, text, ink, hover = [], [], [], [], [], []
    war = mc.war_outlook(game.state)   # the country under attack is marked while others decide
    for name in grid.countries:
        controller = game.controller(name)
        f = corp_color(controller) if controller else UNCONTROLLED_FILL
        is_lit = name in lit
        attacked = war is not None and war.country == name
        fill.append(f)
        plain_line = OWNED_OUTLINE if controller else STATUS_STYLE["unowned"][1]
        outline.append(WAR_OUTLINE if attacked else HIGHLIGHT_OUTLINE if is_lit else plain_line)
        width.append(_LIT_WIDTH if (is_lit or attacked) else 1.0)
        mark = "\u2694 " if attacked else ""
        text.append(f"<b>{mark}{corp_initials(controller) if controller else ''}</b>" if (controller or attacked) else "")
        ink.append(text_color_on(f))
        hover.append(_control_hover(game, name, viewer)
                     + (f"<br><b>\u2694 Under attack by {_corp_name(war.attacker, viewer)}</b>: attack {war.attack} "
                        f"against defense {war.defense}" if attacked else ""))
    return dict(marker=dict(color=fill, line=dict(color=outline, width=width)),
                text=text, textfont=dict(color=ink), hovertext=hover)


_GOVERNMENT_HELP = {
    "Democracy": "Dem = Democracy: its controller's intervention forces a company's sale (owner gets 4 \u20ac)",
    "Dictatorship": "Dict = Dictatorship: its controller's intervention nationalizes a company",
    "Kleptocracy": "Klep = Kleptocracy: its controller's intervention takes a company for itself",
    "Wikisyndicalism": "Wiki = Wikisyndicalism: its controller's intervention syndicalizes a company (owner gets 4 \u20ac)",
}


def _info_text(game: mc.Game, grid: _Grid) -> dict:
    text, hover = [], []
    for name in grid.row_y:  # board order: government, then Defense/Force
        country = game.board.country_by_name[name]
        if country.neutral:
            text += ["<i>neutral</i>", ""]
            hover += [f"{name} is neutral: never controlled, attacked or intervened in", ""]
        else:
            gov = game.government(name) or ""
            text += [GOVERNMENT_SHORT.get(gov, "?"), f"{country.defense} / {country.force}"]
            hover += [f"{name}: {_GOVERNMENT_HELP.get(gov, gov)}",
                      f"{name}: Defense {country.defense} (defends it when attacked) / Force {country.force} "
                      "(added to its controller's attacks)"]
    return dict(text=text, hovertext=hover)


def _legend_text(game: mc.Game, viewer: str | None) -> dict:
    labels = []
    for corp in game.state.corps:
        label = (corp + (" (you)" if corp == viewer else "")
                 + (" (left)" if corp in game.state.departed else ""))
        labels.append(f"<b>{label}</b>" if corp == viewer else label)
    return dict(text=labels + ["unowned", "nationalized", "syndicalized", "not in play yet"])


def _dynamic(game: mc.Game, grid: _Grid, highlight: Iterable[str], viewer: str | None) -> dict[str, dict]:
    lit = _check_highlight(game.board, highlight)
    return {
        "companies": _company_arrays(game, grid, lit, viewer),
        "control": _control_arrays(game, grid, lit, viewer),
        "country info": _info_text(game, grid),
        "legend labels": _legend_text(game, viewer),
    }


# --- The figure ---------------------------------------------------------------------------------

def _boxes(name: str, xy: Iterable[tuple[float, float]], width: float, height: float, **kw) -> go.Bar:
    """Rectangles centred on `xy`, as one horizontal bar trace (one bar per box)."""
    xs, ys = zip(*xy)
    return go.Bar(name=name, orientation="h", y=list(ys), base=[x - width / 2 for x in xs],
                  x=[width] * len(xs), width=height, showlegend=False, **kw)


@dataclass(frozen=True)
class _Sizes:
    """Font sizes (px) for a figure of a given size: the board is designed at 1000 x 560 and
    scaled from there, never below 9 px."""

    unit: float      # pixels per column
    head: float
    name: float
    info: float
    box: float
    legend: float

    @classmethod
    def of(cls, width: int, height: int) -> "_Sizes":
        scale = max(0.7, min(1.15, width / WIDTH, height / HEIGHT))

        def font(size: float) -> float:
            return round(max(9.0, size * scale), 1)
        return cls(unit=(width - 8) / (_RIGHT - _LEFT), head=font(11), name=font(13), info=font(12),
                   box=font(12), legend=font(11))


# Where a long industry name may break when its column is too narrow for it on one line.
_HEADER_BREAKS = {"Aerospace": "Aero-<br>space", "Biotech": "Bio-<br>tech",
                  "Electronics": "Electro-<br>nics", "Nanotech": "Nano-<br>tech",
                  "Robotics": "Robo-<br>tics", "Software": "Soft-<br>ware"}


def _header(industry: str, sizes: _Sizes) -> str:
    if _text_width(industry, sizes.head) <= sizes.unit:
        return industry
    if industry in _HEADER_BREAKS:
        return _HEADER_BREAKS[industry]
    half = (len(industry) + 1) // 2
    return f"{industry[:half]}-<br>{industry[half:]}"


def _text_width(text: str, size: float) -> float:
    """Rough width in pixels of `text` in Arial at `size` px (no font metrics in Python)."""
    plain = text.replace("<b>", "").replace("</b>", "")
    wide = sum(1 for ch in plain if ch.isupper() or ch in "mw")
    return size * (0.5 * (len(plain) - wide) + 0.74 * wide) * (1.08 if "<b>" in text else 1.0)


def _legend_x(labels: list[str], sizes_px: _Sizes) -> list[float]:
    """Centres of the legend keys, packed from the left by the width of their labels."""
    sizes = [_KEY_W + 0.06 + _text_width(label, sizes_px.legend) / sizes_px.unit for label in labels]
    free = (_RIGHT - _LEFT - 0.3) - sum(sizes)
    gap = max(0.12, min(0.6, free / max(1, len(labels) - 1)))
    xs, x = [], _LEFT + 0.15
    for size in sizes:
        xs.append(x + _KEY_W / 2)
        x += size + gap
    return xs


# Only syndicalized boxes are hatched, so the pattern's background is their fill, one colour.
# It must be set, and be a single colour: left unset, plotly.js defaults it to marker.color (an
# array here) and computes a contrast colour from that array ("Invalid color specifier: Array(60)"
# in the browser console).
_HATCH = dict(fgcolor="#8C8C8C", bgcolor=STATUS_STYLE["syndicalized"][0], fillmode="overlay", size=7,
              solidity=0.25)
_BOX_TEXT = dict(textposition="inside", insidetextanchor="middle", textangle=0, constraintext="none")
_HOVER = dict(hovertemplate="%{hovertext}<extra></extra>",
              hoverlabel=dict(bgcolor="white", bordercolor="#333", font=dict(size=12, color="#111"),
                              align="left"))


def _backdrop(grid: _Grid) -> go.Bar:
    """A faint stripe on every other row, and a tinted band over the neutral places."""
    rows = list(grid.row_y.items())
    fills = [NEUTRAL_BAND if name in grid.neutral else ("#F6F6F6" if i % 2 else "#FFFFFF")
             for i, (name, _) in enumerate(rows)]
    return go.Bar(name="backdrop", orientation="h", y=[y for _, y in rows],
                  base=[_LEFT + 0.05] * len(rows), x=[_RIGHT - _LEFT - 0.1] * len(rows), width=1.0,
                  showlegend=False, hoverinfo="skip", marker=dict(color=fills, line=dict(width=0)))


def _labels(board: mc.Board, grid: _Grid, sizes: _Sizes) -> go.Scatter:
    """Text that never changes: industry and column headers, country names."""
    heads = [(float(i), _header(industry, sizes)) for i, industry in enumerate(board.industries)]
    roomy = sizes.unit >= 52
    heads += [(_GOV_X, "Gov." if roomy else "Gov"), (_DF_X, "Def / For" if roomy else "D / F"),
              (_CONTROL_X, "Control" if roomy else "Ctrl")]
    rows = list(grid.row_y.items())
    return go.Scatter(
        name="labels", mode="text", showlegend=False, hoverinfo="skip", cliponaxis=False,
        x=[x for x, _ in heads] + [_NAME_X] * len(rows),
        y=[_HEADER_Y] * len(heads) + [y for _, y in rows],
        text=[t for _, t in heads] + [name for name, _ in rows],
        textposition=["middle center"] * len(heads) + ["middle left"] * len(rows),
        textfont=dict(size=[sizes.head] * len(heads) + [sizes.name] * len(rows), color="#222"))


def _country_info(grid: _Grid, sizes: _Sizes) -> go.Scatter:
    """Government and Defense / Force of each row (texts filled in by `_info_text`)."""
    ys = [y for y in grid.row_y.values() for _ in (0, 1)]
    return go.Scatter(name="country info", mode="text", x=[_GOV_X, _DF_X] * len(grid.row_y), y=ys,
                      textposition="middle center", textfont=dict(size=sizes.info, color=MUTED_TEXT),
                      showlegend=False, **_HOVER)


def _legend(game: mc.Game, grid: _Grid, viewer: str | None, sizes: _Sizes) -> tuple[go.Bar, go.Scatter]:
    """Along the bottom: each corp's colour and initials, then the special statuses."""
    corps = game.state.corps
    keys = [(corp_color(c), OWNED_OUTLINE, corp_initials(c), text_color_on(corp_color(c)), "")
            for c in corps]
    keys += [(*STATUS_STYLE[s], "/" if s == "syndicalized" else "") for s in _LEGEND_STATUSES]
    fill, line, mark, ink, hatch = (list(column) for column in zip(*keys))
    key_x = _legend_x(_legend_text(game, viewer)["text"], sizes)
    boxes = _boxes("legend", [(x, grid.legend_y) for x in key_x], _KEY_W, 0.7, hoverinfo="skip",
                   text=[f"<b>{m}</b>" for m in mark], textfont=dict(size=sizes.legend, color=ink),
                   marker=dict(color=fill, line=dict(color=line, width=1), pattern=dict(shape=hatch, **_HATCH)),
                   **_BOX_TEXT)
    labels = go.Scatter(name="legend labels", mode="text", x=[x + _KEY_W / 2 + 0.06 for x in key_x],
                        y=[grid.legend_y] * len(key_x), textposition="middle right",
                        textfont=dict(size=sizes.legend, color="#222"), hoverinfo="skip", showlegend=False,
                        cliponaxis=False)
    return boxes, labels


def _static_traces(game: mc.Game, grid: _Grid, viewer: str | None,
                   sizes: _Sizes) -> dict[str, go.BaseTraceType]:
    """The seven traces, by name, before the changing arrays are filled in."""
    font = dict(textfont=dict(size=sizes.box, family="Arial, sans-serif"))
    companies = _boxes("companies", grid.company_xy, _BOX_W, _BOX_H, **_BOX_TEXT, **_HOVER, **font)
    companies.marker.pattern = _HATCH
    control = _boxes("control", [(_CONTROL_X, grid.row_y[c]) for c in grid.countries], 0.62, _BOX_H,
                     **_BOX_TEXT, **_HOVER, **font)
    legend, legend_labels = _legend(game, grid, viewer, sizes)
    return {"backdrop": _backdrop(grid), "companies": companies, "control": control,
            "labels": _labels(game.board, grid, sizes), "country info": _country_info(grid, sizes),
            "legend": legend, "legend labels": legend_labels}


def board_figure(game: mc.Game, highlight: Iterable[str] = (), viewer: str | None = None, *,
                 width: int = WIDTH, height: int = HEIGHT) -> go.Figure:
    """The board of `game` as a static Plotly figure.

    `highlight`: companies ("Country/Industry") and countries to outline as the choices of the
    action being chosen. `viewer`: the corp looking at the board, marked "you" in hover text
    and the legend (the board itself is public, so nothing is hidden). `width` x `height`:
    the size in pixels; fonts scale from the 1000 x 560 design, long headers break in two.
    Raises ValueError for a highlight target that is not on the board.
    """
    grid = _grid(game.board)
    traces = _static_traces(game, grid, viewer, _Sizes.of(width, height))
    for name, props in _dynamic(game, grid, highlight, viewer).items():
        traces[name].update(props)
    fig = go.Figure(data=[traces[name] for name in _TRACES])
    axis = dict(visible=False, showgrid=False, zeroline=False, fixedrange=True)
    fig.update_layout(
        width=width, height=height, margin=dict(l=4, r=4, t=24, b=4),
        plot_bgcolor="white", paper_bgcolor="white", barmode="overlay", bargap=0,
        dragmode=False, hovermode="closest", clickmode="event", showlegend=False,
        font=dict(family="Arial, sans-serif"),
        xaxis=dict(axis, range=[_LEFT, _RIGHT]),
        yaxis=dict(axis, range=[grid.bottom, _HEADER_Y + 0.45]),
        uniformtext=dict(mode="show", minsize=9),
        modebar=dict(remove=["zoom", "pan", "select", "lasso2d", "zoomIn", "zoomOut", "autoScale",
                             "resetScale"]),
    )
    return fig


class BoardView:
    """A live board: one `go.FigureWidget`, updated in place, reporting clicks on boxes.

    The widget is built from the finished `board_figure(game)` (under Voila, changes made
    between creating a FigureWidget and the page connecting can be lost), and afterwards
    only `update` changes it.
    """

    def __init__(self, game: mc.Game, highlight: Iterable[str] = (), viewer: str | None = None, *,
                 width: int = WIDTH, height: int = HEIGHT):
        self._board = game.board
        self._corps = list(game.state.corps)   # the legend shows these
        self._grid = _grid(game.board)
        self.viewer = viewer
        from .basic_figure import BasicFigureWidget  # the only ipywidgets user here
        self.figure = BasicFigureWidget(board_figure(game, highlight, viewer, width=width, height=height))
        self._callbacks: list[Callable[[str], object]] = []
        # Click targets by trace: a stable index list, the same order as the trace's points.
        self._targets = {"companies": self._grid.companies, "control": self._grid.countries}
        for trace in self.figure.data:
            if trace.name in self._targets:
                trace.on_click(self._clicked)

    @property
    def companies(self) -> tuple[str, ...]:
        """The company targets in the order of the "companies" trace's points."""
        return self._grid.companies

    @property
    def countries(self) -> tuple[str, ...]:
        """The country targets in the order of the "control" trace's points (neutral places
        have no control box)."""
        return self._grid.countries

    def trace(self, name: str):
        """The trace called `name` (one of "companies", "control", ...)."""
        return self.figure.data[_TRACES.index(name)]

    def update(self, game: mc.Game, highlight: Iterable[str] = (), viewer: str | None = None) -> None:
        """Show `game` (same board) with `highlight` outlined; colours, labels and hover text
        change in place in one batch. `viewer` None keeps the view's viewer.
        Raises ValueError for a game on another board or with other corps (build a new
        BoardView for those), or for an unknown highlight target."""
        if game.board is not self._board and game.board.companies != self._board.companies:
            raise ValueError("BoardView.update: this game is played on a different board")
        if list(game.state.corps) != self._corps:
            raise ValueError(f"BoardView.update: this view was built for {', '.join(self._corps)}; "
                             f"the game seats {', '.join(game.state.corps)}")
        if viewer is not None:
            self.viewer = viewer
        arrays = _dynamic(game, self._grid, highlight, self.viewer)
        with self.figure.batch_update():
            for name, props in arrays.items():
                self.trace(name).update(props)

    def resize(self, game: mc.Game, width: int, height: int, highlight: Iterable[str] = ()) -> None:
        """Draw the board at `width` x `height` pixels (fonts and header breaks follow), in place:
        every trace and the layout are reassigned in one batch, nothing is added."""
        fresh = board_figure(game, highlight, self.viewer, width=width, height=height)
        with self.figure.batch_update():
            for trace, new in zip(self.figure.data, fresh.data):
                trace.update(new.to_plotly_json())
            self.figure.layout.update(fresh.layout.to_plotly_json())

    def on_click(self, callback: Callable[[str], object], append: bool = False) -> None:
        """Call `callback(target)` when a box is clicked: "Country/Industry" for a company box,
        the country's name for its control box. Replaces earlier callbacks unless `append`."""
        if not append:
            self._callbacks.clear()
        self._callbacks.append(callback)

    def _clicked(self, trace, points, _state) -> None:
        # Plotly calls every trace's handlers on each click; only the clicked one has points.
        targets = self._targets.get(trace.name, ())
        for index in points.point_inds:
            for callback in list(self._callbacks):
                callback(targets[index])


def _board_bundle(game: mc.Game) -> dict:
    """A Game's notebook display: its board as Plotly's mime type, drawn by JupyterLab's plotly
    extension with no network."""
    import plotly.io as pio
    return pio.renderers["plotly_mimetype"].to_mimebundle(board_figure(game).to_dict())


def register_renderer() -> None:
    """Show MegaCorps games as their board in notebooks (the engine asks megacorps.kit.display)."""
    from megacorps.kit.display import register_renderer as register
    register(mc.Game, _board_bundle)


register_renderer()
