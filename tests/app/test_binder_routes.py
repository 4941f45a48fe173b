"""The two Binder links, served the way Binder serves them: Jupyter Server (with the Voila and
JupyterLab extensions) started from the repository root, with binder/jupyter_server_config.json
as its user config (binder/postBuild copies it to ~/.jupyter), opened in Debian's Chromium.

    ?urlpath=voila/render/notebooks/play.ipynb   -> the app
    ?urlpath=lab/tree/notebooks/00-first-game.ipynb -> the first lesson in JupyterLab

Skips only when /usr/bin/chromium is missing and CI is not set (see conftest.py).
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest

from widgets.testing.voila_runner import LOCAL_KERNEL_SOCKETS, PATIENCE_MS, require_chromium

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
# the offline flags of /work/shared/design/toolchain.md; Binder itself passes its own token
SERVER_FLAGS = ["--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", "--no-browser",
                "--IdentityProvider.token=", "--allow-root", "--LabApp.news_url=None",
                "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                "--LabApp.extension_manager=readonly",
                "--LabApp.expose_app_in_browser=True", *LOCAL_KERNEL_SOCKETS]   # tests run a notebook's cells through window.jupyterapp

pytestmark = pytest.mark.timeout(1200)


@pytest.fixture(scope="module")
def jupyter_server(tmp_path_factory):
    """Jupyter Server from this environment, as on Binder; yields its base URL."""
    require_chromium()
    from widgets.testing.voila_runner import free_port, serving
    config_dir = tmp_path_factory.mktemp("jupyter-config")
    shutil.copy(ROOT / "binder" / "jupyter_server_config.json", config_dir)
    # JupyterLab here serves the repository itself: it must never save a notebook it ran (a slow
    # run autosaved lessons with their outputs into the working tree), nor restore the notebooks
    # another test left open
    settings = tmp_path_factory.mktemp("lab-settings")
    docmanager = settings / "@jupyterlab" / "docmanager-extension"
    docmanager.mkdir(parents=True)
    (docmanager / "plugin.jupyterlab-settings").write_text('{"autosave": false}')
    workspaces = tmp_path_factory.mktemp("lab-workspaces")
    flags = [*SERVER_FLAGS, f"--LabApp.user_settings_dir={settings}", f"--LabApp.workspaces_dir={workspaces}"]
    port = free_port()
    # a short runtime folder: the kernels' socket files live there (LOCAL_KERNEL_SOCKETS)
    runtime = tempfile.TemporaryDirectory(prefix="jrt-")
    env = dict(os.environ, JUPYTER_CONFIG_DIR=str(config_dir), JUPYTER_RUNTIME_DIR=runtime.name,
               MEGACORPS_BOT_PAUSE="0")
    ARTIFACTS.mkdir(exist_ok=True)
    with runtime, open(ARTIFACTS / "jupyter-server.log", "w") as log, \
            serving([sys.executable, "-m", "jupyter_server", f"--port={port}", *flags], port, env, log):
        yield f"http://127.0.0.1:{port}"


@pytest.fixture()
def page():
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, route_cdn
    with sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.js_errors = []
        page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
        route_cdn(page)
        yield page


def test_binder_voila_route_opens_the_app(jupyter_server, page):
    page.goto(f"{jupyter_server}/voila/render/notebooks/play.ipynb")
    try:
        page.wait_for_selector(".mc-start", timeout=PATIENCE_MS)
        page.wait_for_selector(".mc-board .barlayer .trace .point path", timeout=PATIENCE_MS)
    finally:
        page.screenshot(path=str(ARTIFACTS / "binder-voila.png"))
    assert page.inner_text(".mc-brand").replace("\n", "").startswith("MEGACORPS")
    assert page.locator(".mc-start").is_visible()  # the new-game form
    assert "Traceback" not in page.inner_text("body")
    # Voila's MathJax under Jupyter Server: without binder/jupyter_server_config.json the page
    # fetched MathJax 3 from a CDN and called it with MathJax 2's API ("MathJax is not defined")
    assert page.js_errors == []


def test_binder_lab_route_opens_the_first_lesson(jupyter_server, page):
    page.goto(f"{jupyter_server}/lab/tree/notebooks/00-first-game.ipynb")
    try:
        title = page.wait_for_selector(".jp-Notebook .jp-MarkdownOutput h1", timeout=PATIENCE_MS)
    finally:
        page.screenshot(path=str(ARTIFACTS / "binder-lab.png"))
    assert "Your first game" in title.inner_text()
    assert page.js_errors == []


def test_binder_app_links_open_the_lessons(jupyter_server, page):
    """The app's lesson links are relative to its page: on Binder (voila/render/notebooks/
    play.ipynb) they open the lesson beside it, as under the README's Play command."""
    from test_browser import open_a_lesson_from_the_rules
    page.goto(f"{jupyter_server}/voila/render/notebooks/play.ipynb")
    page.wait_for_selector(".mc-board .barlayer .trace .point path", timeout=PATIENCE_MS)
    page.wait_for_function("() => window.__mcBridge !== undefined", timeout=PATIENCE_MS)
    name, lesson = open_a_lesson_from_the_rules(page)
    assert lesson.url.endswith(f"/voila/render/notebooks/{name}")


def test_lab_app_links_open_the_lessons_in_jupyterlab(jupyter_server, page):
    """Lesson 17 runs the app in JupyterLab: its lesson links open the lesson's notebook there
    (the app once caught them as if it were a Voila serving the app alone)."""
    stored = {p.name: p.read_bytes() for p in (ROOT / "notebooks").glob("*.ipynb")}
    page.goto(f"{jupyter_server}/lab/tree/notebooks/17-the-app.ipynb")
    page.wait_for_selector(".jp-Notebook", timeout=PATIENCE_MS)
    # the app object is waited for before it is used (the notebook's drawing says nothing of it)
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=PATIENCE_MS)
    assert page.evaluate("async () => (await window.jupyterapp.serviceManager.settings"
                         ".fetch('@jupyterlab/docmanager-extension:plugin')).settings.autosave") is False
    page.wait_for_function("() => document.querySelector('.jp-Notebook-ExecutionIndicator, .jp-Toolbar-kernelStatus') !== null",
                           timeout=PATIENCE_MS)
    # the lesson's notebook is the current one (the workspace may first restore another) and its
    # kernel is up: run-all-cells acts on the current notebook
    page.wait_for_function("() => { const w = window.jupyterapp.shell.currentWidget;"
                           " if (!w || !w.context || !w.context.path.endsWith('17-the-app.ipynb')) return false;"
                           " const k = w.sessionContext && w.sessionContext.session"
                           " && w.sessionContext.session.kernel; return !!k && k.status === 'idle'; }")
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    try:
        page.wait_for_selector(".mc-rules-button", timeout=PATIENCE_MS)
        page.click(".mc-rules-button")
        link = page.locator("a.mc-lesson-link:visible").first
        link.wait_for(timeout=PATIENCE_MS)
        name = link.get_attribute("href").split("/")[-1]
        with page.context.expect_page(timeout=PATIENCE_MS) as opened:
            link.click()
        lesson = opened.value
        lesson.wait_for_selector(".jp-Notebook .jp-MarkdownOutput h1", timeout=PATIENCE_MS)
        lesson.screenshot(path=str(ARTIFACTS / "binder-lab-lesson-opened.png"))
    finally:
        page.screenshot(path=str(ARTIFACTS / "binder-lab-lesson-link.png"))
    assert "/lab/" in lesson.url and lesson.url.endswith(f"/tree/notebooks/{name}")
    assert "cannot open here" not in page.inner_text("body")
    changed = [n for n, data in stored.items() if (ROOT / "notebooks" / n).read_bytes() != data]
    assert changed == [], f"notebooks saved with what the test ran: {changed}"
