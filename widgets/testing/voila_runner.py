"""Start the app under Voila and open it in Debian's Chromium through Playwright: shared by
`widgets/bench_app.py` and the browser tests. Never downloads a browser."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# The tests' servers reach their kernels over local (ipc) sockets, not TCP ports: Jupyter picks
# a kernel's ports before the kernel binds them, so with many kernels starting at once (tests in
# several processes) another one can take a port first and the kernel dies at start ("Address
# already in use"). A socket file's path must stay under 107 characters: it is the connection
# file's path in Jupyter's runtime folder plus "-ipc-N", so a test giving its server a runtime
# folder of its own makes it a short one (tempfile.mkdtemp, not pytest's long tmp_path). The
# lesson notebooks' kernels under nbval do the same (widgets/testing/nbval_kernels.py).
LOCAL_KERNEL_SOCKETS = ["--KernelManager.transport=ipc"] if os.name == "posix" else []


def _patience_seconds() -> float:
    """How long a test waits for something that should happen (a server answering, a page
    drawing, a bot moving) before calling it a failure: 300 s, or MEGACORPS_TEST_PATIENCE.
    Tests wait for the condition itself, so a fast machine loses nothing; the limit is only
    there for a real hang, and must hold on a busy 2-core machine (load ~8)."""
    try:
        return max(10.0, float(os.environ.get("MEGACORPS_TEST_PATIENCE", "300")))
    except ValueError:
        return 300.0


PATIENCE_S = _patience_seconds()
PATIENCE_MS = int(PATIENCE_S * 1000)
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 # pages opened together stand for separate machines: none is throttled as a background tab
                 "--disable-renderer-backgrounding", "--disable-background-timer-throttling",
                 "--disable-backgrounding-occluded-windows"]


def settle(page, condition: str, arg=None, timeout: int = PATIENCE_MS) -> bool:
    """Wait until `condition` (a JavaScript function of `arg`) holds on `page`; False when it did
    not within `timeout`. For reading what a widget message of its own brings (each widget's update
    reaches the page apart, maybe after the one a test waited on): settle, then assert on what the
    page shows, so that a page that never gets there fails with what it holds, not a bare timeout."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    try:
        page.wait_for_function(condition, arg=arg, timeout=timeout)
        return True
    except PlaywrightTimeout:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serving(cmd: list[str], port: int, env: dict[str, str], log=subprocess.DEVNULL,
            timeout: float = PATIENCE_S):
    """Run a server process (Voila, Jupyter Server) from the repository root until its port on
    127.0.0.1 answers; stop it afterwards. Raises RuntimeError if it exits or is too slow."""
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"{' '.join(cmd[:3])} exited with code {proc.returncode}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError(f"{' '.join(cmd[:3])} did not start in {timeout:.0f} s")
                time.sleep(0.3)
        yield proc
    finally:
        proc.terminate()
        try:   # longer than the class command gives its own Voila to stop (15 s): killed
            proc.wait(30)   # sooner, it left that Voila and its kernels running
        except subprocess.TimeoutExpired:
            proc.kill()


def voila_command(notebook: Path, port: int) -> list[str]:
    """Voila serving one notebook on 127.0.0.1:`port`, failing rather than moving port."""
    return [sys.executable, "-m", "voila", str(notebook), "--no-browser", *_local_flags(port)]


def play_command(port: int) -> list[str]:
    """The README's Play command (`megacorps-play`: Voila on notebooks/, the app as its landing
    page, the lessons beside it) on 127.0.0.1:`port`."""
    return [sys.executable, "-m", "widgets.megacorps_app.serve", "--no-browser", *_local_flags(port)]


def _local_flags(port: int) -> list[str]:
    return ["--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0", *LOCAL_KERNEL_SOCKETS]


APP_NOTEBOOK = "notebooks/play.ipynb"


@contextmanager
def voila_server(preheat: bool = True, bot_pause: float = 0.0, timeout: float = PATIENCE_S,
                 extra_args: tuple[str, ...] = (), notebook: str | Path = APP_NOTEBOOK,
                 env: dict[str, str] | None = None, log_name: str = "voila.log"):
    """Serve `notebook` (by default the MegaCorps app, notebooks/play.ipynb; a path relative to
    the repository root) on 127.0.0.1 as the README's Play command does, with the project's
    voila.json (preheated kernels for the app, culling); yields the page's URL. `preheat`
    False turns the preheated kernels off; `env` adds environment variables (MEGACORPS_DATA...)."""
    port = free_port()
    # the app as the README's Play command serves it; any other notebook on its own
    cmd = play_command(port) if Path(notebook) == Path(APP_NOTEBOOK) else voila_command(ROOT / notebook, port)
    if not preheat:
        cmd += ["--VoilaConfiguration.preheat_kernel=False"]
    cmd += list(extra_args)
    env = dict(os.environ, MEGACORPS_BOT_PAUSE=str(bot_pause), PYTHONPATH=str(ROOT), **(env or {}))
    artifacts = ROOT / "test-artifacts"
    logfile = open(artifacts / log_name, "w") if artifacts.is_dir() else subprocess.DEVNULL
    try:
        with serving(cmd, port, env, logfile, timeout):
            yield f"http://127.0.0.1:{port}/"
    finally:
        if logfile is not subprocess.DEVNULL:
            logfile.close()


def require_chromium() -> None:
    """For tests: skip when Chromium is missing on a developer's machine; in CI (CI set) fail."""
    import pytest
    if Path(CHROMIUM).exists():
        return
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing, and CI is set: the browser tests must run in CI")
    pytest.skip(f"{CHROMIUM} is missing (set CI=true to make this a failure)")


FA_CSS = "/* font awesome answered locally */"


def route_cdn(page) -> None:
    """Answer Font Awesome (and any other CDN) requests locally so nothing leaves the machine
    (for pages other than the app, such as the lessons under Voila's default template)."""
    def handle(route):
        url = route.request.url
        if url.endswith(".css"):
            route.fulfill(status=200, content_type="text/css", body=FA_CSS)
        else:
            route.fulfill(status=200, body="")
    page.route("**/cdnjs.cloudflare.com/**", handle)
    page.route("**/cdn.jsdelivr.net/**", handle)
    page.route("**/unpkg.com/**", handle)


def block_outside(page) -> list[str]:
    """Refuse every request from `page` to another host than 127.0.0.1 (a classroom may have
    no internet); returns the list the refused addresses are added to, for tests to check."""
    refused: list[str] = []

    def handle(route):
        refused.append(route.request.url)
        route.abort()
    page.route(lambda url: not url.startswith(("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")), handle)
    return refused


class PatientBrowser:
    """A Playwright browser whose pages wait up to `PATIENCE_MS` for what they are told to wait
    for (Playwright's own default, 30 s, fails on a busy machine). Anything else goes through."""

    def __init__(self, browser):
        self._browser = browser

    def new_context(self, **kwargs):
        context = self._browser.new_context(**kwargs)
        context.set_default_timeout(PATIENCE_MS)
        context.set_default_navigation_timeout(PATIENCE_MS)
        return context

    def new_page(self, **kwargs):
        page = self._browser.new_page(**kwargs)   # its own context, closed with the page
        page.context.set_default_timeout(PATIENCE_MS)
        page.context.set_default_navigation_timeout(PATIENCE_MS)
        return page

    def __getattr__(self, name):
        return getattr(self._browser, name)


@contextmanager
def chromium(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=PATIENCE_MS)
    try:
        yield PatientBrowser(browser)
    finally:
        browser.close()


@contextmanager
def page_with_save_key(notebook: str, data_dir: Path, bot_pause: float = 0.0, log_name: str = "voila.log"):
    """A game page (`notebook`) served as `voila_server` does, with a fresh save key and data
    directory that this process shares (MEGACORPS_SAVE_KEY, MEGACORPS_DATA set here too, and put
    back afterwards), so that a test can open the saves the page downloads. Yields the URL."""
    from cryptography.fernet import Fernet
    require_chromium()
    (ROOT / "test-artifacts").mkdir(exist_ok=True)
    env = {"MEGACORPS_DATA": str(data_dir), "MEGACORPS_SAVE_KEY": Fernet.generate_key().decode()}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    try:
        with voila_server(preheat=False, bot_pause=bot_pause, notebook=notebook, env=env, log_name=log_name) as url:
            yield url
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def download_save(page) -> bytes:
    """Press the page shell's Save button and return the file the browser receives."""
    with page.expect_download() as download:
        page.get_by_role("button", name="Save").click()
    return Path(download.value.path()).read_bytes()


@contextmanager
def shell_page(url: str, width: int = 1024, height: int = 700):
    """A page-shell game page (widgets/shell) open in Chromium at `width` x `height`, its new-game
    form shown; yields (page, errors): the JavaScript errors the page raised, for tests to check."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": width, "height": height})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        route_cdn(page)
        page.goto(url, timeout=PATIENCE_MS)
        page.wait_for_selector(".shell-start", state="visible", timeout=PATIENCE_MS)
        yield page, errors


@contextmanager
def notebook_page(notebook: Path, width: int = 1024, height: int = 700, timeout: float = PATIENCE_S):
    """A notebook (a lesson) served by Voila on its own, as a learner opens it, in Chromium at
    `width` x `height`; yields (page, errors): the JavaScript errors the page raised. The page
    has been asked for, not waited on: a test waits for what it reads."""
    from playwright.sync_api import sync_playwright
    require_chromium()
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with serving(voila_command(Path(notebook), port), port, env, timeout=timeout), sync_playwright() as p, \
            chromium(p) as browser:
        page = browser.new_page(viewport={"width": width, "height": height})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        route_cdn(page)
        page.goto(f"http://127.0.0.1:{port}/", timeout=PATIENCE_MS)
        yield page, errors
