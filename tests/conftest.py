"""Markers for the whole suite: what each test needs (a browser, PostgreSQL, minutes of CPU)."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

# --- Markers: `-m "not browser"`, `-m "not postgres"`, `-m "not slow"` (pyproject.toml registers them) --

# what a module that opens Chromium calls: playwright itself, or widgets/testing/voila_runner.py's
# pages (a shell game's page, a lesson) and tests/tables/test_browser_pages.py's class
_BROWSER_WORDS = ("sync_playwright", "class_in_browser", "shell_page(", "notebook_page(")
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


@pytest.hookimpl(tryfirst=True)   # before pytest-xdist reads the xdist_group marks added here
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
        if _shares_a_fixture(item):
            # pytest-xdist (`--dist loadgroup`, scripts/run-tests.sh) runs a group on one worker:
            # the module's server or browser starts once, not once per worker
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items[:] = _heavy_modules_first(items)


def _heavy_modules_first(items):
    """The modules with browser tests first, then those with other slow tests, then the rest,
    each module's tests in their own order: pytest-xdist hands out the tests in this order,
    so a long browser test does not start last while the other worker has nothing left."""
    rank: dict[str, int] = {}
    for item in items:
        weight = 0 if item.get_closest_marker("browser") else 1 if item.get_closest_marker("slow") else 2
        rank[item.nodeid.split("::", 1)[0]] = min(weight, rank.get(item.nodeid.split("::", 1)[0], 2))
    return sorted(items, key=lambda item: rank[item.nodeid.split("::", 1)[0]])


def _shares_a_fixture(item) -> bool:
    """Whether the test uses a fixture kept for its module or class (a Voila, a table
    service, a browser): the tests sharing it should run in one process."""
    info = getattr(item, "_fixtureinfo", None)
    return info is not None and any(d.scope in ("module", "class", "package")
                                    for defs in info.name2fixturedefs.values() for d in defs)
