"""The Binder landing link of the README, served the way Binder serves it (Jupyter Server with the
Voila extension, started from the repository root with binder/jupyter_server_config.json):
?urlpath=voila/render/notebooks/00-first-game.ipynb opens the guided first game, which answers."""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from widgets.testing.voila_runner import LOCAL_KERNEL_SOCKETS, PATIENCE_MS, require_chromium

ROOT = Path(__file__).resolve().parents[2]
FLAGS = ["--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--no-browser", "--IdentityProvider.token=",
         "--allow-root", "--LabApp.news_url=None", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "--LabApp.extension_manager=readonly", *LOCAL_KERNEL_SOCKETS]

pytestmark = pytest.mark.timeout(1200)


def test_the_binder_landing_link_opens_the_first_game(tmp_path):
    require_chromium()
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, free_port, route_cdn, serving
    config = tmp_path / "config"
    config.mkdir()
    shutil.copy(ROOT / "binder" / "jupyter_server_config.json", config)
    port = free_port()
    # a short runtime folder: the kernels' socket files live there (LOCAL_KERNEL_SOCKETS)
    runtime = tempfile.TemporaryDirectory(prefix="jrt-")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(config), JUPYTER_RUNTIME_DIR=runtime.name)
    with runtime, serving([sys.executable, "-m", "jupyter_server", f"--port={port}", *FLAGS], port, env), \
            sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        route_cdn(page)
        page.goto(f"http://127.0.0.1:{port}/voila/render/notebooks/00-first-game.ipynb", timeout=PATIENCE_MS)
        page.locator("button:has-text('Continue')").click(timeout=PATIENCE_MS)
        page.wait_for_selector("text=Most money wins", timeout=PATIENCE_MS)  # the coach's second note
        assert "Traceback" not in page.inner_text("body")
        harmless = ("setData is not a function", "[anywidget] Failed to initialize model")
        assert not [e for e in errors if not any(h in e for h in harmless)], errors
