"""The app's small FigureWidget front end (widgets/board/static/plotly-widget-basic.js) belongs to one
plotly version: these fail when plotly is upgraded without rebuilding it (frontend/build.mjs)."""
from __future__ import annotations

import plotly
import plotly.graph_objects as go

from widgets.board.basic_figure import BUNDLE, PLOTLY_VERSION, BasicFigureWidget


def test_bundle_exists_and_was_built_for_this_plotly():
    assert BUNDLE.is_file(), f"{BUNDLE} is missing: cd frontend && npm ci && npm run build"
    head = BUNDLE.read_text(encoding="utf-8")[:1000]
    assert f"plotly-version: {PLOTLY_VERSION} */" in head
    assert "plotly.js-basic-dist-min" in head
    assert 1_000_000 < BUNDLE.stat().st_size < 2_000_000  # not the 5 MB full plotly.js


def test_installed_plotly_is_the_one_the_bundle_was_built_for():
    assert plotly.__version__ == PLOTLY_VERSION, (
        f"plotly {plotly.__version__} is installed, but {BUNDLE.name} holds plotly "
        f"{PLOTLY_VERSION}'s FigureWidget front end: rebuild it (cd frontend && npm ci && "
        "npm run build), check the app in the browser, then update PLOTLY_VERSION in "
        "widgets/board/basic_figure.py and the plotly pin in pyproject.toml")


def test_widget_sends_the_small_module():
    fig = BasicFigureWidget(go.Figure(go.Bar(x=[1], y=[1])))
    assert isinstance(fig, go.FigureWidget)
    assert fig._esm == BUNDLE.read_text(encoding="utf-8")
