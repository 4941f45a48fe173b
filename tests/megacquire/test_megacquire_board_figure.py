"""The board figure: every hex drawn, companies told apart by colour, fill and initials (the
colours checked under simulated colour-vision deficiencies), the seat's tiles outlined with
their preview, dead tiles marked, the reconstruction labelled; nothing of other hands."""
from __future__ import annotations

import itertools

import numpy as np

from megacorps import megacquire as mq
from mqtools import P, row
from widgets.megacquire.board_figure import (COLOURS, EMPTY_COLOUR, FILLS, LOOSE_COLOUR, board_figure,
                                             company_style, initials)


def polygons(trace) -> int:
    return sum(1 for v in trace.x if v is None)


def position():
    game = mq.scenario(P, companies={"Regal": row("A", 1, 13) + row("B", 1, 8),
                                     "Solon": row("D", 1, 13) + row("E", 1, 12), "Delta": row("H", 1, 3)},
                       loose=["K-5"], hands={"P1": ["M-2", "H-4"], "P2": ["C-2", "N-9"]}, supply=["P-1"])
    return game


def test_every_hex_is_drawn_once_and_companies_are_labelled():
    game = position()
    view = game.view("P1")
    fig = board_figure(view, game.options)
    cells = [t for t in fig.data if t.fill == "toself"]
    assert sum(polygons(t) for t in cells) == 221
    names = [t.name for t in cells]
    assert "Regal (RE): large, 21 tiles, $1,000, safe" in names
    assert "Delta (DE): medium, 3 tiles, $400" in names
    assert "turnover (dead) tile" in names  # C-2 in P2's hand was dead from the start
    labels = next(t for t in fig.data if t.name == "labels")
    g = game.options.geometry
    assert labels.text[g.cell("A-1")] == "RE" and labels.text[g.cell("C-2")] == "✕"
    assert labels.text[g.cell("Q-13")] == "Q-13"
    assert "reconstructed" in fig.layout.title.text
    assert (fig.layout.width, fig.layout.height) == (1024, 700)


def test_the_seats_tiles_are_outlined_with_their_preview_and_clickable():
    game = position()
    previews = {a.tile: game.preview(a) for a in game.legal_actions("P1") if isinstance(a, mq.PlayTile)}
    fig = board_figure(game.view("P1"), game.options, previews)
    tiles = next(t for t in fig.data if t.name == "play a tile")
    assert list(tiles.customdata) == ["H-4", "M-2"]
    assert "grow Delta from 3 to 4 tiles" in tiles.hovertext[0]
    spectator = board_figure(game.view(None), game.options)
    assert not any(t.name == "play a tile" for t in spectator.data)
    for tile in game.view("P2").hand:  # P2's tiles are drawn as empty cells, never outlined for P1
        assert tile not in tiles.customdata
        labels = next(t for t in fig.data if t.name == "labels")
        assert labels.hovertext[game.options.geometry.cell(tile)].endswith("empty")


def test_companies_differ_in_colour_fill_and_initials():
    names = list(mq.Options().company_names)
    styles = [company_style(i) for i in range(len(names))]
    assert len(set(styles)) == len(names) == 14
    assert set(FILLS) == {s[1] for s in styles}
    marks = initials(names)
    assert len(set(marks.values())) == len(names) and all(len(m) == 2 for m in marks.values())


def _rgb(h: str) -> np.ndarray:
    return np.array([int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)])


def test_colours_stay_apart_under_colour_vision_deficiencies():
    """CAM02-UCS distance between every two company colours and the empty and loose greys,
    under normal vision, deuteranomaly, protanomaly and tritanomaly at full severity."""
    from colorspacious import cspace_convert, deltaE
    sims = [None] + [{"name": "sRGB1+CVD", "cvd_type": t, "severity": 100}
                     for t in ("deuteranomaly", "protanomaly", "tritanomaly")]

    def seen(colour, sim):
        c = _rgb(colour)
        return c if sim is None else np.clip(cspace_convert(c, sim, "sRGB1"), 0, 1)

    palette = COLOURS + [EMPTY_COLOUR, LOOSE_COLOUR]
    worst = min(deltaE(seen(a, s), seen(b, s), input_space="sRGB1")
                for s in sims for a, b in itertools.combinations(palette, 2))
    assert worst >= 11
