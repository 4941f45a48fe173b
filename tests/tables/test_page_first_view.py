"""What the seat page and the projector send the browser before their board is drawn: every
widget is a model the browser loads first, and each board a Plotly figure it draws. The seat
page builds one board (from its table, not an empty one replaced at once) and none of the
hot-seat tools (new game, load, save, undo, resume); the projector builds its money chart only
once the page is drawn. Measured effect on the pages' opening time: docs/tables.md."""
from __future__ import annotations

import ipywidgets as W
import pytest
from ipywidgets.widgets.widget import _instances

import megacorps as mc
from widgets.board.basic_figure import BasicFigureWidget
from widgets.networked import pages
from widgets.megacorps_app.table_pages import SeatPage
from widgets.networked.pages import SpectatorPage

SEATS = {"Mokia": "Human", "Globbo": "Human", "Nonintendo": "Greedy", "Lenogo": "Greedy"}
HOT_SEAT_ONLY = {"mc-new", "mc-save", "mc-undo", "mc-resume"}


@pytest.fixture()
def table(service):
    return mc.tables.open_table(service.url, SEATS, seed=1)


def built_by(make) -> tuple[object, list[W.Widget]]:
    """(what `make()` returns, the widgets it left open: those the page sends the browser)."""
    before = set(_instances)
    made = make()
    return made, [w for key, w in _instances.items() if key not in before]


def test_the_seat_page_sends_one_board_and_no_hot_seat_tools(service, table):
    page, opened = built_by(lambda: SeatPage(mc.tables.connect(service.url, table.codes["Mokia"])))
    figures = [w for w in opened if isinstance(w, BasicFigureWidget)]
    assert figures == [page.app.parts.board_view.view.figure]
    # the board shows the table as it is (the free picks under way), not an empty preview
    assert page.app.parts.board_view.corps == list(SEATS)
    classes = {c for w in opened for c in getattr(w, "_dom_classes", ())}
    assert not classes & HOT_SEAT_ONLY, classes & HOT_SEAT_ONLY
    assert page.app.form.widget.comm is None and page.app.new_button.comm is None
    # the bridge to the browser (the window's size, the rules' links) is still on the page
    assert page.app.bridge in page.app.sidebar.children and page.app.bridge.comm is not None
    assert len(opened) < 200


def test_the_projector_draws_its_money_chart_once_the_page_is_drawn(service, table):
    page, opened = built_by(lambda: SpectatorPage(mc.tables.watch(service.url, table.table)))
    assert [w for w in opened if isinstance(w, BasicFigureWidget)] == [page.board.figure]
    assert page.chart.figure is None
    page._on_change(page.follower)          # the first update pushed after the page's first view
    assert isinstance(page.chart.figure, BasicFigureWidget) and page.chart.box.children == (page.chart.figure,)


def test_a_preheated_kernel_warms_up_without_building_any_widget():
    _, opened = built_by(pages.warm_up)
    assert opened == []
