"""The Plotly board: one box per company, the right marks and colours, in-place updates,
highlights, and clicks turned into targets."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import plotly.graph_objects as go
import pytest

import megacorps as mc
from widgets.board.figure import BoardView, CORP_COLORS, board_figure, corp_initials
from widgets.board.colors import STATUS_STYLE, contrast_ratio, text_color_on
from widgets.testing.voila_runner import PATIENCE_S

ROOT = Path(__file__).resolve().parents[2]
FOUR = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


def trace(fig, name):
    (found,) = [t for t in fig.data if t.name == name]
    return found


def company_boxes(fig, game):
    """company -> (fill, label, outline width, hover) as drawn."""
    t = trace(fig, "companies")
    return {company: (t.marker.color[i], t.text[i], t.marker.line.width[i], t.hovertext[i])
            for i, company in enumerate(game.board.companies)}


def control_boxes(fig, game):
    t = trace(fig, "control")
    return {country: (t.marker.color[i], t.text[i], t.marker.line.width[i], t.hovertext[i])
            for i, country in enumerate(game.board.playable_countries)}


def choices(game):
    """The companies the deciders may pick or buy now."""
    return [a.company for a in game.legal_actions() if isinstance(a, (mc.PickCompany, mc.BuyCompany))]


def data_of(fig):
    """The traces as plain data, without the random uids a FigureWidget adds."""
    return [{k: v for k, v in t.items() if k != "uid"} for t in fig.to_dict()["data"]]


def click(view, trace_name, index):
    """Simulate the message a browser sends when a point is clicked: FigureWidget dispatches
    it to every trace's on_click handlers (trace, points, state), the clicked one with points."""
    trace_index = [t.name for t in view.figure.data].index(trace_name)
    view.figure._handler_js2py_pointsCallback({"new": {
        "event_type": "plotly_click",
        "points": {"trace_indexes": [trace_index], "point_indexes": [index], "xs": [0], "ys": [0]},
        "device_state": {}, "selector": None}})


@pytest.fixture
def bought():
    """Mokia (to act) about to buy an unowned NAFTA company; Globbo owns Japan/Aerospace."""
    return mc.scenario(["Mokia", "Globbo", "Lenogo"],
                       companies={"Japan/Aerospace": "Globbo", "India/Solar": "nationalized",
                                  "Caliphate/Oil": "syndicalized"},
                       countries={"Japan": "Globbo", "China": "Lenogo"},
                       governments={"India": "Wikisyndicalism"})


def test_every_company_has_exactly_one_box_in_its_cell():
    game = mc.new_game(FOUR, seed=7)
    fig = board_figure(game)
    t = trace(fig, "companies")
    board = game.board
    assert len(board.companies) == 60
    assert len(t.y) == len(t.base) == len(t.text) == len(t.hovertext) == 60
    cells = set()
    for i, company in enumerate(board.companies):
        country, industry = company.split("/")
        x = t.base[i] + t.x[i] / 2
        assert x == pytest.approx(board.industries.index(industry))  # its industry's column
        cells.add((round(x, 6), round(t.y[i], 6)))
        assert t.hovertext[i].startswith(f"<b>{country} \u2013 {industry}</b>")
    assert len(cells) == 60  # no two boxes in one cell
    # Rows follow board order, top to bottom, the neutral places last.
    ys = {company.split("/")[0]: t.y[i] for i, company in enumerate(board.companies)}
    order = [c.name for c in board.countries]
    assert sorted(ys, key=lambda c: -ys[c]) == order
    assert trace(fig, "control").hovertext and len(trace(fig, "control").y) == len(board.playable_countries)


def test_statuses_at_the_start_of_a_game():
    game = mc.new_game(FOUR, seed=7)
    boxes = company_boxes(board_figure(game), game)
    assert boxes["L-5/Nanotech"][:2] == (STATUS_STYLE["absent"][0], "<b>\u2014</b>")
    assert boxes["Asteroid/Metals"][1] == "<b>\u2014</b>"
    assert boxes["Open Source Software/Software"][:2] == (STATUS_STYLE["syndicalized"][0], "<b>SYN</b>")
    assert boxes["NAFTA/Aerospace"][:2] == (STATUS_STYLE["unowned"][0], "")
    controls = control_boxes(board_figure(game), game)
    for country, corp in game.state.controllers.items():
        fill, label, _, hover = controls[country]
        if corp is None:
            assert label == "" and "Not controlled" in hover
        else:
            assert (fill, label) == (CORP_COLORS[corp], f"<b>{corp_initials(corp)}</b>")
            assert corp in hover


def test_owned_nationalized_syndicalized_and_government(bought):
    fig = board_figure(bought)
    boxes = company_boxes(fig, bought)
    assert boxes["Japan/Aerospace"][:2] == (CORP_COLORS["Globbo"], "<b>GL</b>")
    assert "Owned by Globbo" in boxes["Japan/Aerospace"][3]
    assert boxes["India/Solar"][1] == "<b>NAT</b>" and "Nationalized" in boxes["India/Solar"][3]
    assert boxes["Caliphate/Oil"][1] == "<b>SYN</b>"
    assert trace(fig, "companies").marker.pattern.shape[bought.board.companies.index("Caliphate/Oil")] == "/"
    # plotly.js takes the pattern's background from marker.color (an array) unless it is given:
    # one colour, the syndicalized fill (only those boxes are hatched), keeps the console clean
    for name in ("companies", "legend"):
        pattern = trace(fig, name).marker.pattern
        assert isinstance(pattern.bgcolor, str) and isinstance(pattern.fgcolor, str)
        hatched = {fill for fill, shape in zip(trace(fig, name).marker.color, pattern.shape) if shape}
        assert hatched == {pattern.bgcolor}
    info = trace(fig, "country info").text
    rows = [c.name for c in bought.board.countries]
    assert info[2 * rows.index("India")] == "Wiki"
    assert info[2 * rows.index("China")] == "Dict"
    assert info[2 * rows.index("Japan") + 1] == "4 / 2"  # Japan's Defense 4 and Force 2
    assert info[2 * rows.index("Switzerland")] == "<i>neutral</i>"


def test_hover_tells_competitors_and_payout(bought):
    boxes = company_boxes(board_figure(bought), bought)
    hover = boxes["NAFTA/Aerospace"][3]
    count = mc.competitors(bought.state, "Aerospace")
    per = bought.board.payout_table[count]
    shown = "5+" if count == 5 else str(count)  # 5 or more competitors pay the same
    assert f"Aerospace: {shown} competitors \u2192 {per} \u20ac" in hover
    assert f"Globbo (GL) {per} \u20ac" in hover  # what Globbo's one Aerospace company would earn
    assert "Japan: controlled by Globbo (GL) \u00b7 Democracy \u00b7 Defense 4, Force 2" in boxes["Japan/Media"][3]
    assert "Would pay: nobody" in boxes["NAFTA/Robotics"][3]


def test_update_after_buying_changes_that_box_only(bought):
    view = BoardView(bought)
    before = company_boxes(view.figure, bought)
    traces_before = len(view.figure.data)
    bought.apply(mc.BuyCompany("Mokia", "NAFTA/Media"))
    assert bought.company_status("NAFTA/Media") == "Mokia"
    view.update(bought)
    after = company_boxes(view.figure, bought)
    assert after["NAFTA/Media"][:2] == (CORP_COLORS["Mokia"], "<b>MK</b>")
    assert before["NAFTA/Media"][:2] == (STATUS_STYLE["unowned"][0], "")
    changed = {c for c in before if before[c][:3] != after[c][:3]}
    assert changed == {"NAFTA/Media"}
    # Hover of the other Media boxes now counts the new owner.
    assert "Mokia (MK)" in after["Japan/Media"][3]
    assert len(view.figure.data) == traces_before and not view.figure.layout.shapes


def test_highlight_changes_only_the_highlighted_boxes(bought):
    plain = board_figure(bought)
    lit = board_figure(bought, highlight=["NAFTA/Aerospace", "Japan/Aerospace", "China"])
    a, b = company_boxes(plain, bought), company_boxes(lit, bought)
    assert {c for c in a if a[c] != b[c]} == {"NAFTA/Aerospace", "Japan/Aerospace"}
    for c in ("NAFTA/Aerospace", "Japan/Aerospace"):
        assert b[c][0] == a[c][0] and b[c][2] > a[c][2]  # same colour, thicker outline
    ca, cb = control_boxes(plain, bought), control_boxes(lit, bought)
    assert {c for c in ca if ca[c] != cb[c]} == {"China"}
    # And on a live view, highlighting then clearing goes back to the plain picture.
    view = BoardView(bought)
    view.update(bought, highlight={"India/Solar"})
    now = company_boxes(view.figure, bought)
    assert {c for c in a if a[c] != now[c]} == {"India/Solar"}
    view.update(bought)
    assert company_boxes(view.figure, bought) == a


def test_unknown_highlight_is_an_error(bought):
    with pytest.raises(ValueError, match="Atlantis"):
        board_figure(bought, highlight=["Atlantis/Oil"])


def test_click_reports_the_target():
    game = mc.new_game(FOUR, seed=3)
    view = BoardView(game)
    seen = []
    view.on_click(seen.append)
    companies = list(game.board.companies)
    click(view, "companies", companies.index("Japan/Aerospace"))
    click(view, "control", list(view.countries).index("Great Russia"))
    click(view, "companies", companies.index("Open Source Software/Software"))
    assert seen == ["Japan/Aerospace", "Great Russia", "Open Source Software/Software"]
    click(view, "labels", 0)  # text is not a box
    assert len(seen) == 3
    # A new callback replaces the old one unless appended.
    other = []
    view.on_click(other.append)
    view.on_click(other.append, append=True)
    click(view, "companies", 0)
    assert seen == ["Japan/Aerospace", "Great Russia", "Open Source Software/Software"]
    assert other == [companies[0], companies[0]]


def test_click_handler_receives_trace_points_state():
    """The handler registered on the trace follows Plotly's (trace, points, state) protocol."""
    from plotly.callbacks import Points
    game = mc.new_game(FOUR, seed=3)
    view = BoardView(game)
    seen = []
    view.on_click(seen.append)
    t = view.trace("companies")
    t._dispatch_on_click(Points(point_inds=[5], xs=[0], ys=[0], trace_name=t.name, trace_index=1), None)
    assert seen == [game.board.companies[5]]


def test_view_starts_final_and_update_keeps_the_traces():
    game = mc.new_game(FOUR, seed=11)
    view = BoardView(game, highlight=["NAFTA/Aerospace"], viewer="Mokia")
    assert isinstance(view.figure, go.FigureWidget)
    fresh = board_figure(game, highlight=["NAFTA/Aerospace"], viewer="Mokia")
    assert data_of(view.figure) == data_of(fresh)
    names = [t.name for t in view.figure.data]
    for _ in range(6):  # a few setup picks, updating after each with the next picks lit
        game.apply(game.legal_actions(game.deciders[0])[0])
        view.update(game, highlight=choices(game))
    assert [t.name for t in view.figure.data] == names
    assert data_of(view.figure) == data_of(board_figure(game, highlight=choices(game), viewer="Mokia"))


def test_layout_is_fixed_and_uncluttered():
    fig = board_figure(mc.new_game(FOUR, seed=1))
    lay = fig.layout
    assert lay.dragmode is False
    assert lay.xaxis.fixedrange and lay.yaxis.fixedrange
    assert lay.xaxis.visible is False and lay.yaxis.visible is False
    assert lay.xaxis.range and lay.yaxis.range
    assert (lay.width, lay.height) == (1000, 560)
    assert len(fig.data) == 7 and not lay.shapes


def test_palette_is_distinct_and_labels_readable():
    assert set(CORP_COLORS) == set(mc.CORPS)
    assert len(set(CORP_COLORS.values())) == 6
    assert len({corp_initials(c) for c in mc.CORPS}) == 6
    for fill in CORP_COLORS.values():
        assert contrast_ratio(fill, text_color_on(fill)) >= 4.5
    for fill, _, label, ink in STATUS_STYLE.values():
        if label and fill != STATUS_STYLE["absent"][0]:
            assert contrast_ratio(fill, ink) >= 4.5


def test_static_figure_needs_no_ipywidgets():
    code = textwrap.dedent("""
        import sys
        sys.modules["ipywidgets"] = None   # any import of ipywidgets now fails
        sys.modules["anywidget"] = None
        import megacorps as mc
        from widgets.board.figure import board_figure
        game = mc.new_game(["Mokia", "Globbo", "Lenogo"], seed=2)
        html = board_figure(game, highlight=["NAFTA/Media"]).to_html(include_plotlyjs=False)
        assert "NAFTA" in html
        bundle = game._repr_mimebundle_()
        assert "NAFTA" in str(bundle["application/vnd.plotly.v1+json"])
    """)
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                            timeout=PATIENCE_S)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("size", [(1000, 560), (820, 470)])
def test_legend_fits_the_width(size):
    """Six corps, the viewer marked, and the four statuses fit on the legend line."""
    from widgets.board import figure as bf
    game = mc.new_game(list(mc.CORPS), seed=5)
    fig = board_figure(game, viewer="Nonintendo", width=size[0], height=size[1])
    labels = trace(fig, "legend labels")
    sizes = bf._Sizes.of(*size)
    end = labels.x[-1] + bf._text_width(labels.text[-1], sizes.legend) / sizes.unit
    assert end <= fig.layout.xaxis.range[1]
    assert labels.text[2] == "<b>Nonintendo (you)</b>"
    assert list(labels.x) == sorted(labels.x)


def test_a_lone_string_is_one_highlight_target(bought):
    lit = control_boxes(board_figure(bought, highlight="Japan"), bought)
    plain = control_boxes(board_figure(bought), bought)
    assert {c for c in plain if plain[c] != lit[c]} == {"Japan"}


# Colour-vision deficiency simulation in linear RGB: Vienot et al. 1999 (protanopia,
# deuteranopia) and Machado et al. 2009 (tritanopia, severity 1).
_CVD = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protanopia": ((0.11238, 0.88762, 0), (0.11238, 0.88762, 0), (0.00401, -0.00401, 1)),
    "deuteranopia": ((0.29275, 0.70725, 0), (0.29275, 0.70725, 0), (-0.02234, 0.02234, 1)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _lab(hex_color, matrix):
    """CIELAB (D65) of `hex_color` as seen through `matrix`."""
    srgb = [int(hex_color[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in srgb]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, lin)))) for row in matrix)
    xyz = (0.4124 * r + 0.3576 * g + 0.1805 * b, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           0.0193 * r + 0.1192 * g + 0.9505 * b)
    fx, fy, fz = (t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
                  for t in (xyz[0] / 0.95047, xyz[1], xyz[2] / 1.08883))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


@pytest.mark.parametrize("vision", sorted(_CVD))
def test_corp_colours_stay_apart_for_colour_blind_viewers(vision):
    """Every pair of corp colours (and each against the grey status fills) differs by a
    CIE76 distance of at least 12 under each simulated colour-vision deficiency."""
    import itertools
    import math
    fills = dict(CORP_COLORS, nationalized=STATUS_STYLE["nationalized"][0],
                 syndicalized=STATUS_STYLE["syndicalized"][0], unowned=STATUS_STYLE["unowned"][0])
    seen = {name: _lab(color, _CVD[vision]) for name, color in fills.items()}
    for a, b in itertools.combinations(fills, 2):
        if a in CORP_COLORS or b in CORP_COLORS:
            assert math.dist(seen[a], seen[b]) >= 12, (vision, a, b)


def test_update_refuses_a_game_with_other_corps():
    view = BoardView(mc.new_game(FOUR, seed=1))
    with pytest.raises(ValueError, match="built for Mokia"):
        view.update(mc.new_game(["Mokia", "Globbo", "Windoze"], seed=1))


def test_the_country_under_attack_is_marked_while_its_war_is_decided():
    """Globbo attacks Mokia's Maghreb; Nonintendo may still send mercenaries: the board marks
    Maghreb (a war against a player went unnoticed until it was over)."""
    from widgets.board.colors import WAR_OUTLINE
    game = mc.scenario(["Globbo", "Mokia", "Nonintendo"], countries={"NAFTA": "Globbo", "Maghreb": "Mokia"},
                       mercenaries={"Globbo": 3, "Mokia": 1, "Nonintendo": 2})
    before = control_boxes(board_figure(game), game)
    game.apply(mc.LaunchWar("Globbo", "Maghreb"))
    fig = board_figure(game)
    during = control_boxes(fig, game)
    assert {c for c in before if before[c] != during[c]} == {"Maghreb"}
    fill, label, width, hover = during["Maghreb"]
    assert fill == before["Maghreb"][0] and "\u2694" in label and width > before["Maghreb"][2]
    assert trace(fig, "control").marker.line.color[game.board.playable_countries.index("Maghreb")] == WAR_OUTLINE
    assert "Under attack by Globbo" in hover and "attack 7 against defense 3" in hover
    game.apply(mc.StayOut("Nonintendo"))   # the war is over: no mark
    assert "\u2694" not in control_boxes(board_figure(game), game)["Maghreb"][1]
