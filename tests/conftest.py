"""Browser fixtures for tests/test_browser.py (Voila + Debian's Chromium through Playwright)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from widgets.testing.voila_runner import require_chromium

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture(scope="module")
def voila_url():
    require_chromium()
    from widgets.testing.voila_runner import voila_server
    Path("test-artifacts").mkdir(exist_ok=True)
    with voila_server(preheat=False, bot_pause=0.0) as url:
        yield url


@pytest.fixture()
def app_page(voila_url):
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, route_cdn
    with sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        page.console_texts = []
        page.on("console", lambda msg: page.console_texts.append(f"{msg.type}: {msg.text}"))
        route_cdn(page)
        page.goto(voila_url)
        yield page


# --- Markers: `-m "not browser"`, `-m "not postgres"`, `-m "not slow"` (pyproject.toml registers them) --

_BROWSER_WORDS = ("sync_playwright", "voila_url", "app_page")
_SLOW_MODULES = {"test_levels.py", "test_notecard_bots.py", "test_tournament.py"}
_module_is_browser: dict[str, bool] = {}


def _uses_a_browser(item) -> bool:
    path = str(item.fspath)
    if path not in _module_is_browser:
        try:
            text = Path(path).read_text()
        except OSError:
            text = ""
        _module_is_browser[path] = any(word in text for word in _BROWSER_WORDS)
    return _module_is_browser[path]


def pytest_collection_modifyitems(config, items):
    """Mark each test by what it needs: a real browser (Chromium through Voila), a PostgreSQL
    server, or minutes of CPU (every browser and PostgreSQL test is also slow)."""
    for item in items:
        browser = _uses_a_browser(item)
        params = getattr(getattr(item, "callspec", None), "params", {})
        postgres = "postgres_url" in getattr(item, "fixturenames", ()) or "postgres" in params.values()
        if browser:
            item.add_marker(pytest.mark.browser)
        if postgres:
            item.add_marker(pytest.mark.postgres)
        if browser or postgres or Path(str(item.fspath)).name in _SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
