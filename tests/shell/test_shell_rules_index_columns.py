"""The rules viewer's index of sections (widgets/shell/rules_view.py) in a real browser, on
MEGAcquire's page at 1024x700, where it runs in several columns: every item's bullet keeps clear
of the text of the column before it (the bullets of the second and later columns sat in the
gap between columns, against the words of the column to their left: seen on MEGAcquire's
first-game lesson, whose font fills the columns). The items' boxes are compared: an item's words
may run to its box's right edge, so between that edge and where the next column's items start
there must be room for a bullet and a clear space (2em), whatever the words.

Skips only when /usr/bin/chromium is missing and CI is not set (see tests/conftest.py)."""
from __future__ import annotations

import pytest

from widgets.testing.voila_runner import PATIENCE_MS, require_chromium, shell_page, voila_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

# per column of the index's first list: where its items' boxes start and end; the font size
COLUMNS = """() => {
    const items = [...document.querySelector('.shell-rules-index ul').children];
    const columns = new Map();
    for (const li of items) {
        const box = li.getBoundingClientRect();
        columns.set(Math.round(box.left), {left: box.left, right: box.right});
    }
    return {em: parseFloat(getComputedStyle(items[0]).fontSize),
            columns: [...columns.values()].sort((a, b) => a.left - b.left)};
}"""


def test_the_rules_index_bullets_keep_clear_of_the_column_before():
    require_chromium()
    with voila_server(preheat=False, notebook="notebooks/megacquire/play.ipynb",
                      log_name="voila-rules-index.log") as url, shell_page(url) as (page, errors):
        page.click(".shell-rules-button")
        page.wait_for_selector(".shell-rules-index li", state="visible", timeout=PATIENCE_MS)
        found = page.evaluate(COLUMNS)
        columns, em = found["columns"], found["em"]
        assert len(columns) >= 3, found        # at 1024 px the index runs in columns
        for before, after in zip(columns, columns[1:]):
            assert after["left"] - before["right"] >= 2 * em, found
        assert errors == []
