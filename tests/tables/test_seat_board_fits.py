"""A networked seat page at 1024x700 draws its board to the width of its column. Found playing:
the seat page (`TableShell`) has no resume list, the part that takes the page's hello on the
hot-seat page, so the sizes the browser measured at the start were dropped and the seat's board
stayed 853 px wide in a 668 px column all game long (Oil, Robotics, Software and Solar cut off)
until the window was resized. `TableShell` now passes the hello's sizes to the board."""
from __future__ import annotations

import pytest

import megacorps as mc
from test_browser_pages import BOARD_DRAWN, HOST_KEY, SEATS, class_in_browser
from widgets.testing.voila_runner import PATIENCE_MS, settle

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

# the board's drawing (Plotly's main svg) as wide as its column, or narrower
FITS = """() => {
    const slot = document.querySelector('.mc-board-slot');
    const svg = slot && slot.querySelector('svg.main-svg');
    return !!svg && Number(svg.getAttribute('width')) <= Math.floor(slot.getBoundingClientRect().width);
}"""
WIDTHS = """() => {
    const slot = document.querySelector('.mc-board-slot');
    return [Number(slot.querySelector('svg.main-svg').getAttribute('width')), slot.getBoundingClientRect().width];
}"""


def test_a_seat_pages_board_fits_its_column_at_1024x700(tmp_path):
    with class_in_browser(tmp_path, "tables-board-fits.log", {"MEGACORPS_CREATE_KEY": HOST_KEY}) as klass:
        table = mc.tables.open_table(klass.service, SEATS, seed=14, key=HOST_KEY)
        page = klass.browser.new_context(viewport={"width": 1024, "height": 700}).new_page()
        page.goto(f"{klass.base}/table.ipynb?code={table.codes['Mokia']}", wait_until="commit")
        page.wait_for_selector(BOARD_DRAWN, timeout=PATIENCE_MS)
        page.wait_for_selector(".mc-connection b.ok", timeout=PATIENCE_MS)
        # a redraw comes in a message of its own: wait for it (60 s), then say what the page holds
        settle(page, FITS, timeout=60_000)
        svg_width, column = page.evaluate(WIDTHS)
        assert svg_width <= column, f"the board is {svg_width} px wide in a {column} px column"
