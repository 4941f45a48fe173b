"""The MEGAcquire board as a Plotly figure, drawn from one seat's view: every hex of the board
(as many as the board file says), companies coloured *and* hatched *and* labelled with two
letters on every tile, their name, type, size and share price in the legend and on their
biggest row; unincorporated tiles grey, turnover (dead) tiles black with a cross; the seat's
own tiles outlined where they would go, with what each would do on hover (the engine's
preview), ready to be clicked (`customdata` holds the tile's name).

Colour is never the only cue. Seven colours chosen with a colour-vision simulation
(colorspacious, CAM02-UCS: they stay apart from each other and from the empty and loose greys
under deuteranomaly, protanomaly and tritanomaly) times two fills (plain, hatched) give the
fourteen companies; each company's tiles also carry its initials.
"""
from __future__ import annotations

import math

import plotly.graph_objects as go

# Okabe & Ito's orange, sky blue, bluish green, yellow, blue and vermillion, and a navy: the
# seven whose smallest CAM02-UCS distance (from each other, the empty pale grey and the loose
# grey), under normal vision and three colour-vision deficiencies, is largest (11.7).
COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#1F3A93"]
FILLS = ["", "/"]  # plain, then hatched
EMPTY_COLOUR, LOOSE_COLOUR, DEAD_COLOUR = "#EEEEEE", "#BBBBBB", "#000000"
# the seat's tiles: Okabe & Ito's reddish purple, a colour no company has (vermillion, the sixth
# company colour, made a learner's tiles look like Empire's)
HAND_COLOUR = "#CC79A7"
SQRT3 = math.sqrt(3)


def company_style(index: int) -> tuple[str, str]:
    """The colour and fill pattern of the company at `index` in the company list."""
    return COLOURS[index % len(COLOURS)], FILLS[(index // len(COLOURS)) % len(FILLS)]


def initials(names: list[str]) -> dict[str, str]:
    """Two letters per company, all different: the first two letters, else first and another."""
    out: dict[str, str] = {}
    for name in names:
        letters = [c for c in name.upper() if c.isalpha()] or ["X"]
        pick = letters[0] + (letters[1] if len(letters) > 1 else "")
        k = 2
        while pick in out.values() and k < len(letters):
            pick = letters[0] + letters[k]
            k += 1
        out[name] = pick
    return out


def centre(row: int, column: int, shifted: int) -> tuple[float, float]:
    """The centre of a pointy-top hex of radius 1; rows with parity `shifted` sit half a hex right."""
    return SQRT3 * (column - 1 + (0.5 if row % 2 == shifted else 0.0)), -1.5 * row


def outline(x: float, y: float, scale: float = 0.96) -> tuple[list[float], list[float]]:
    angles = [math.radians(90 + 60 * k) for k in range(7)]
    return [x + scale * math.cos(a) for a in angles], [y + scale * math.sin(a) for a in angles]


def board_figure(view, options, previews: dict[str, str] | None = None) -> go.Figure:
    """The board of `view` (a megacquire SeatView); `options` the game's (public) options;
    `previews`: tile name -> what it would do (Game.preview of each PlayTile)."""
    g = options.geometry
    names = list(options.company_names)
    marks = initials(names)
    companies = {c.name: c for c in view.companies}
    groups: dict[str, list[int]] = {}
    for i, what in enumerate(view.board):
        groups.setdefault(what, []).append(i)
    centres = [centre(r, c, g.shifted_rows) for r, c in g.coords]
    fig = go.Figure()

    def polygons(cells: list[int]) -> tuple[list, list]:
        xs: list = []
        ys: list = []
        for i in cells:
            x, y = outline(*centres[i])
            xs += x + [None]
            ys += y + [None]
        return xs, ys

    def add_cells(cells, name, fill, pattern="", line="#999999", legend=True, text=None):
        xs, ys = polygons(cells)
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=fill, name=name,
                                 line=dict(color=line, width=1), hoverinfo="skip", showlegend=legend,
                                 fillpattern=dict(shape=pattern, fgcolor="#FFFFFF", solidity=0.3) if pattern else None))

    add_cells(groups.get("", []), "empty", EMPTY_COLOUR, legend=False)
    add_cells(groups.get("*", []), "unincorporated tile", LOOSE_COLOUR)
    add_cells(groups.get("#", []), "turnover (dead) tile", DEAD_COLOUR, line="#000000")
    for index, name in enumerate(names):
        cells = groups.get(name)
        if not cells:
            continue
        c = companies[name]
        colour, pattern = company_style(index)
        label = f"{name} ({marks[name]}): {c.tier}, {c.size} tiles, ${c.price:,}{', safe' if c.safe else ''}"
        add_cells(cells, label, colour, pattern, line="#333333")
    # labels: initials on every company tile, the cell name on empty cells, a cross on dead ones
    text_x, text_y, texts, hovers = [], [], [], []
    for i, what in enumerate(view.board):
        x, y = centres[i]
        text_x.append(x)
        text_y.append(y)
        if what in marks:
            texts.append(marks[what])
            c = companies[what]
            hovers.append(f"{g.names[i]}: {what}, {c.tier}, {c.size} tiles, ${c.price:,} a certificate")
        elif what == "#":
            texts.append("✕")
            hovers.append(f"{g.names[i]}: a turnover tile (it would have merged two safe companies)")
        else:
            texts.append(g.names[i] if what == "" else "")
            hovers.append(f"{g.names[i]}: {'an unincorporated tile' if what == '*' else 'empty'}")
    fig.add_trace(go.Scatter(x=text_x, y=text_y, mode="text", text=texts, hovertext=hovers, hoverinfo="text",
                             textfont=dict(size=8, color="#222222"), showlegend=False, name="labels"))
    if view.hand:
        cells = [g.index[t] for t in view.hand]
        xs, ys = polygons(cells)
        fig.add_trace(go.Scatter(x=xs, y=ys, mode="lines", line=dict(color=HAND_COLOUR, width=3),
                                 name="your tiles", hoverinfo="skip"))
        previews = previews or {}
        fig.add_trace(go.Scatter(
            x=[centres[i][0] for i in cells], y=[centres[i][1] for i in cells], mode="markers+text",
            marker=dict(size=18, color="rgba(0,0,0,0)"), text=view.hand, textfont=dict(size=9, color="#000000"),
            customdata=view.hand, hovertext=[previews.get(t, t) for t in view.hand], hoverinfo="text",
            name="play a tile", showlegend=False))
    made_up = (" · reconstructed: " + ", ".join(view.reconstructed)) if view.reconstructed else ""
    fig.update_layout(
        title=dict(text=f"MEGAcquire, round {view.round}: {view.decision}{made_up}", font=dict(size=13)),
        width=1024, height=700, margin=dict(l=10, r=250, t=40, b=10), plot_bgcolor="#FFFFFF",
        xaxis=dict(visible=False, scaleanchor="y"), yaxis=dict(visible=False),
        legend=dict(font=dict(size=10), x=1.01, xanchor="left", y=1.0, yanchor="top"),
        clickmode="event")
    return fig
