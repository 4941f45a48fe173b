"""Start the app under Voila and open it in Debian's Chromium through Playwright: shared by
`widgets/bench_app.py` and `tests/test_browser.py`. Never downloads a browser."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def voila_server(preheat: bool = True, bot_pause: float = 0.0, timeout: float = 90.0,
                 extra_args: tuple[str, ...] = ()):
    """Serve notebooks/play.ipynb on 127.0.0.1; yields the app's URL."""
    port = free_port()
    cmd = [sys.executable, "-m", "voila", str(ROOT / "notebooks" / "play.ipynb"), "--no-browser",
           "--Voila.ip=127.0.0.1", f"--port={port}", "--Voila.port_retries=0"]
    if preheat:
        cmd += ["--preheat_kernel=True", "--pool_size=1"]
    cmd += list(extra_args)
    env = dict(os.environ, MEGACORPS_BOT_PAUSE=str(bot_pause), PYTHONPATH=str(ROOT))
    logfile = open(ROOT / "test-artifacts" / "voila.log", "w") if (ROOT / "test-artifacts").is_dir() \
        else subprocess.DEVNULL
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=logfile, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.time() + timeout
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"voila exited with code {proc.returncode}")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if time.time() > deadline:
                    raise RuntimeError("voila did not start in time")
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        if logfile is not subprocess.DEVNULL:
            logfile.close()


FA_CSS = "/* font awesome answered locally */"


def route_cdn(page) -> None:
    """Answer Font Awesome (and any other CDN) requests locally so nothing leaves the machine."""
    def handle(route):
        url = route.request.url
        if url.endswith(".css"):
            route.fulfill(status=200, content_type="text/css", body=FA_CSS)
        else:
            route.fulfill(status=200, body="")
    page.route("**/cdnjs.cloudflare.com/**", handle)
    page.route("**/cdn.jsdelivr.net/**", handle)
    page.route("**/unpkg.com/**", handle)


@contextmanager
def chromium(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
    try:
        yield browser
    finally:
        browser.close()
