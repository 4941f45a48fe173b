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
