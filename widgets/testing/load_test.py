"""A class on one server: `python -m widgets.testing.load_test --pages 1 5 10 20`.

Starts one Voila exactly as the README's Play command does (voila.json: preheated kernels,
culling), then for each count N opens N pages at once from headless Chromium on loopback, each
in its own browser context (a pupil's own browser), and measures per page the time from the
request to a clickable board (its company boxes drawn and the page's bridge answering), the
pages that failed (no board within `--bound` seconds, or a page error), the memory of the
server and its kernels at the peak, and, after the pages are closed, how long until every
kernel of a closed page is gone (culled). Bounded: every wait has a deadline.

Prints one line per run and a Markdown table for the README.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import re
import time
import urllib.error
import urllib.request

import psutil

from ..megacorps_app.kernels import POOL_VARIABLE
from .voila_runner import CHROMIUM, CHROMIUM_ARGS, PATIENCE_S, voila_server

BOARD = ".mc-board .barlayer .trace .point path"

# Resolves when the board is drawn and the page's bridge answers. Watched by the page itself
# (a MutationObserver), not polled by Playwright: its wait_for_selector costs the browser about
# 0.03 s of CPU per second of waiting, and wait_for_function's default polling (every animation
# frame) 0.06 s: with twenty pages waiting a minute each, that was tens of seconds of the
# browsers' CPU spent on the test's own watching, which a class's browsers do not do.
CLICKABLE = """(selector) => new Promise((resolve) => {
  const ready = () => document.querySelector(selector) && window.__mcBridge !== undefined;
  if (ready()) return resolve(true);
  let timer = null;
  const check = () => { if (ready()) { watch.disconnect(); clearInterval(timer); resolve(true); } };
  const watch = new MutationObserver(check);
  watch.observe(document, {childList: true, subtree: true});
  timer = setInterval(check, 250);   // the bridge appears without changing the page
})"""


def kernels_of(server: psutil.Process) -> list[psutil.Process]:
    """The Jupyter kernels a Voila server started (its ipykernel processes)."""
    out = []
    for p in server.children(recursive=True):
        try:
            if "ipykernel" in " ".join(p.cmdline()):
                out.append(p)
        except psutil.Error:
            pass
    return out


def _is_browser(p: psutil.Process) -> bool:
    try:
        return p.name().startswith("chrom")
    except psutil.Error:
        return False


def _memory_mb(server: psutil.Process) -> float:
    total = 0
    for p in [server, *server.children(recursive=True)]:
        try:
            if p.name().startswith("chrom"):
                continue
            total += p.memory_info().rss
        except psutil.Error:
            pass
    return total / 1024 / 1024


async def _one_page(browser, url: str, bound: float, kernel_ids: set[str]) -> tuple[float | None, str]:
    context = await browser.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    errors: list[str] = []
    # the page's kernel, from its websocket's address (.../api/kernels/<id>/channels)
    page.on("websocket", lambda ws: kernel_ids.update(re.findall(r"/api/kernels/([0-9a-f-]{36})/", ws.url)))
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda m: errors.append(m.text) if "Failed to initialize model" in m.text else None)
    start = time.perf_counter()
    try:
        await page.goto(url, timeout=bound * 1000)
        await asyncio.wait_for(page.evaluate(CLICKABLE, BOARD), timeout=bound)
        took = time.perf_counter() - start
        return took, ("; ".join(errors[:2]) if errors else "")
    except Exception as err:  # noqa: BLE001 - a failed page is a result
        return None, f"{type(err).__name__}: {str(err).splitlines()[0][:80]}"
    finally:
        page._mc_context = context


async def _run(url: str, n: int, bound: float, server: psutil.Process) -> dict:
    from playwright.async_api import async_playwright
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        peak = 0.0
        done = asyncio.Event()

        async def sample():
            nonlocal peak
            while not done.is_set():
                peak = max(peak, _memory_mb(server))
                await asyncio.sleep(0.5)

        sampler = asyncio.create_task(sample())
        load = os.getloadavg()[0]
        server_cpu = cpu_seconds([server, *kernels_of(server)])
        kernel_ids: set[str] = set()
        results = await asyncio.gather(*(_one_page(browser, url, bound, kernel_ids) for _ in range(n)))
        done.set()
        await sampler
        kernels_open = len(kernels_of(server))
        # CPU seconds this run took: the server and its kernels, and the browser (all its pages)
        server_cpu = cpu_seconds([server, *kernels_of(server)]) - server_cpu
        browser_cpu = cpu_seconds([c for c in psutil.Process().children(recursive=True) if _is_browser(c)])
        await browser.close()   # every page closes
    closed_at = time.perf_counter()
    return {"n": n, "load": load, "times": [t for t, _ in results if t is not None],
            "failures": [e for t, e in results if t is None], "warnings": [e for t, e in results if t and e],
            "peak_mb": peak, "kernels_open": kernels_open, "closed_at": closed_at, "kernel_ids": kernel_ids,
            "server_cpu": server_cpu, "browser_cpu": browser_cpu}


def _kernel_exists(url: str, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}api/kernels/{kernel_id}", timeout=PATIENCE_S):
            return True
    except urllib.error.HTTPError as err:
        return err.code != 404
    except OSError:
        return True


def _wait_for_culling(url: str, kernel_ids: set[str], limit: float) -> tuple[float | None, int]:
    """Seconds until every kernel the closed pages used is gone (None: not within `limit`),
    asked of the server by kernel id; and how many are left."""
    start = time.perf_counter()
    left = set(kernel_ids)
    while time.perf_counter() - start < limit:
        left = {k for k in left if _kernel_exists(url, k)}
        if not left:
            return time.perf_counter() - start, 0
        time.sleep(2)
    return None, len(left)


def cpu_seconds(processes: list[psutil.Process]) -> float:
    """The CPU time (user and system) these processes have used, those gone since counted as 0."""
    total = 0.0
    for p in processes:
        try:
            times = p.cpu_times()
            total += times.user + times.system
        except psutil.Error:
            pass
    return total


def _wait_for_pool(server: psutil.Process, pool: int, limit: float) -> float:
    """Wait (at most `limit` seconds) until `pool` kernels are running and they and the server
    are done heating (together under a tenth of a core over two seconds, twice running: the
    server runs the notebook in each kernel in turn); returns the seconds waited."""
    start = time.perf_counter()
    quiet = 0
    while time.perf_counter() - start < limit:
        kernels = kernels_of(server)
        if len(kernels) >= pool:
            before = cpu_seconds([server, *kernels])
            time.sleep(2)
            quiet = quiet + 1 if cpu_seconds([server, *kernels]) - before < 0.2 else 0
            if quiet >= 2:
                return time.perf_counter() - start
        else:
            time.sleep(1)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, nargs="+", default=[1, 5, 10, 20])
    parser.add_argument("--bound", type=float, default=120.0, help="seconds a page may take before it counts as failed")
    parser.add_argument("--cull-limit", type=float, default=180.0, help="seconds to wait for closed pages' kernels to go")
    parser.add_argument("--pool", type=int, default=None,
                        help="preheated kernels to keep ready (MEGACORPS_POOL, as for a class); "
                             "default: voila.json's 2")
    args = parser.parse_args()
    env = {} if args.pool is None else {POOL_VARIABLE: str(args.pool)}
    pool = 2 if args.pool is None else args.pool
    rows = []
    with tempfile.TemporaryDirectory() as data, \
            voila_server(bot_pause=0.0, env={"MEGACORPS_DATA": data, **env}, log_name="voila-load.log") as url:
        server = next(p for p in psutil.Process().children()
                      if any(name in " ".join(p.cmdline()) for name in ("voila", "widgets.megacorps_app.serve")))
        for n in args.pages:
            heated = _wait_for_pool(server, pool, 180)
            print(f"(pool of {pool} heated after {heated:.0f} s)", flush=True)
            before = _memory_mb(server)
            r = asyncio.run(_run(url, n, args.bound, server))
            gone, left = _wait_for_culling(url, r["kernel_ids"], args.cull_limit)
            gone_after = None if gone is None else time.perf_counter() - r["closed_at"]
            times = sorted(r["times"])
            line = (f"{n:>2} pages (load {r['load']:.1f}): clickable {len(times)}/{n}"
                    + (f", median {statistics.median(times):.1f} s, slowest {times[-1]:.1f} s" if times else "")
                    + f"; failed {len(r['failures'])}; memory {before:.0f} -> peak {r['peak_mb']:.0f} MB; "
                    f"kernels while open {r['kernels_open']}; CPU: server and kernels {r['server_cpu']:.0f} s, "
                    f"browser {r['browser_cpu']:.0f} s; closed pages' kernels gone after "
                    + (f"{gone_after:.0f} s" if gone is not None else f"> {args.cull_limit:.0f} s ({left} left)"))
            print(line, flush=True)
            for f in r["failures"][:3]:
                print("   failure:", f)
            for w in r["warnings"][:3]:
                print("   warning:", w)
            rows.append((n, r, times, gone_after if gone is not None else None, before))
            time.sleep(5)
    print("\n| pages at once | load at start | clickable | median | slowest | failed | server + kernels memory, peak "
          "| CPU: server + kernels / browser | closed pages' kernels gone after |")
    print("|---|---|---|---|---|---|---|---|---|")
    for n, r, times, gone, before in rows:
        print(f"| {n} | {r['load']:.1f} | {len(times)}/{n} | "
              + (f"{statistics.median(times):.1f} s | {times[-1]:.1f} s" if times else "- | -")
              + f" | {len(r['failures'])} | {r['peak_mb']:,.0f} MB | {r['server_cpu']:.0f} s / {r['browser_cpu']:.0f} s | "
              + (f"{gone:.0f} s" if gone is not None else "not within the limit") + " |")


if __name__ == "__main__":
    main()
