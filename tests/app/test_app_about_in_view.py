"""MegaCorps' page in a real browser at 1024x700: pressing About while the sidebar is scrolled
down (the Rules tab open, long) brings the About panel into view. It opens at the top of the
sidebar, which scrolls on its own: it used to open out of sight above, like a button that does
nothing (found playing the page).

Skips only when /usr/bin/chromium is missing and CI is not set (see tests/conftest.py)."""
from __future__ import annotations

import pytest

from widgets.testing.voila_runner import PATIENCE_MS, block_outside, chromium, require_chromium, settle, voila_server

pytestmark = [pytest.mark.browser, pytest.mark.timeout(900)]

SIDEBAR_SCROLLED = "() => document.querySelector('.mc-sidebar').scrollTop > 100"
# the panel's top lies where the sidebar shows it, inside the window
ABOUT_IN_VIEW = """() => {
    const about = document.querySelector('.mc-about');
    if (!about || about.offsetParent === null) return false;
    const s = document.querySelector('.mc-sidebar').getBoundingClientRect(), r = about.getBoundingClientRect();
    return Math.max(s.top, 0) - 1 <= r.top && r.top < Math.min(s.bottom, window.innerHeight) - 40;
}"""


def test_about_opens_in_view_when_the_sidebar_is_scrolled_down(tmp_path):
    require_chromium()
    from playwright.sync_api import sync_playwright
    with voila_server(env={"MEGACORPS_DATA": str(tmp_path)}, log_name="voila-about.log") as url, \
            sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1024, "height": 700})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        block_outside(page)
        page.goto(url)
        page.wait_for_selector(".mc-start", timeout=PATIENCE_MS)
        page.wait_for_function("() => window.__mcBridge !== undefined", timeout=PATIENCE_MS)
        page.click(".mc-rules-button")                   # the Rules tab, under the form: the sidebar scrolls down
        page.wait_for_selector(".mc-rules-index", state="visible", timeout=PATIENCE_MS)
        page.evaluate("() => { const s = document.querySelector('.mc-sidebar'); s.scrollTop = s.scrollHeight; }")
        assert settle(page, SIDEBAR_SCROLLED), "the sidebar did not scroll: nothing to test"
        page.click(".mc-about-button")
        assert settle(page, ABOUT_IN_VIEW), page.evaluate(
            "() => [document.querySelector('.mc-sidebar').scrollTop,"
            " JSON.stringify(document.querySelector('.mc-about')?.getBoundingClientRect())]")
        assert errors == []
