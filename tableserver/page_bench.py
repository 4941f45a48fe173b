"""How fast the table pages open: `python -m tableserver.page_bench --runs 3 --pool 3`.

Starts the class command (the service + Voila, `--pool` preheated kernels for the table pages)
on loopback ports, waits until its kernels are heated and quiet, opens a table (two human
seats, two bots), then opens each page `--runs` times, one page at a time, each in a new
browser context (a pupil's own browser), and reports the seconds from the request until the
page is usable:

- the lobby (the teacher's link): until *Open a table* shows;
- a seat: until the board is drawn and the page is live (following its table);
- the projector: the same.

Between two pages it waits for the kernels to be quiet again (the pool refilled). Then, the
service killed (SIGKILL) under an open seat page: the seconds until the class has started it
again and the page is live again, and until a move made then shows on the page. Prints the
medians, and the load average before and after (the machine may be shared: say so with the
figures). Debian's Chromium; nothing leaves the machine.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

from widgets.testing.load_test import cpu_seconds, kernels_of

ROOT = Path(__file__).resolve().parents[1]
BOARD = ".mc-board .barlayer .trace .point path"
KEY = "bench-host-key"
SEATS = {"Mokia": "Human", "Globbo": "Human", "Nonintendo": "Greedy", "Lenogo": "Greedy"}


def wait_quiet(server: psutil.Process, kernels: int, limit: float = 300) -> None:
    """Until `kernels` kernels run and the class's processes use under a tenth of a core over
    two seconds, twice running."""
    start, quiet = time.monotonic(), 0
    while time.monotonic() - start < limit and quiet < 2:
        procs = [server, *server.children(recursive=True)]
        if len(kernels_of(server)) < kernels:
            time.sleep(1)
            continue
        before = cpu_seconds(procs)
        time.sleep(2)
        quiet = quiet + 1 if cpu_seconds(procs) - before < 0.2 else 0


def open_page(browser, url: str, ready: list[str]) -> float:
    from widgets.testing.voila_runner import route_cdn
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    route_cdn(page)
    start = time.perf_counter()
    page.goto(url, wait_until="commit")
    for selector in ready:
        page.wait_for_selector(selector, timeout=180_000)
    seconds = time.perf_counter() - start
    context.close()
    return seconds


def measure_rejoin(browser, server: psutil.Process, url: str, table) -> str:
    import signal

    import megacorps as mc
    from widgets.testing.voila_runner import route_cdn
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    route_cdn(page)
    page.goto(url)
    page.wait_for_selector(BOARD, timeout=180_000)
    page.wait_for_selector(".mc-connection b.ok", timeout=60_000)
    service = next(p for p in server.children(recursive=True) if "serve" in p.cmdline())
    start = time.perf_counter()
    os.kill(service.pid, signal.SIGKILL)
    page.wait_for_selector(".mc-connection b.lost", timeout=60_000)
    page.wait_for_selector(".mc-connection b.ok", timeout=120_000)
    live = time.perf_counter() - start
    seat = next(s for s in map(table.seat, table.codes) if s.is_my_turn())
    moved = time.perf_counter()
    seat.apply(next(a for a in seat.legal_actions() if not isinstance(a, mc.LeaveGame)))
    page.wait_for_function(f"() => Number(document.querySelector('.mc-status-text').dataset.actions) >= {seat.at}",
                           timeout=60_000)
    shown = time.perf_counter() - moved
    context.close()
    return (f"service killed under an open seat page: live again after {live:.1f} s (no reload); "
            f"a move made then shown after {shown:.2f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tableserver.page_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--pool", type=int, default=3, help="the class command's --pool")
    parser.add_argument("--pages", default="lobby,seat,projector", help="which pages, comma-separated")
    parser.add_argument("--no-rejoin", action="store_true", help="skip the rejoin after the service is killed")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    import megacorps as mc
    from widgets.testing.voila_runner import chromium, free_port, serving
    port, voila_port = free_port(), free_port()
    with tempfile.TemporaryDirectory() as data:
        cmd = [sys.executable, "-m", "tableserver", "class", "--host", "127.0.0.1", "--port", str(port),
               "--voila-port", str(voila_port), "--data", data, "--bot-pause", "0", "--pool", str(args.pool)]
        env = dict(os.environ, PYTHONPATH=str(ROOT), MEGACORPS_CREATE_KEY=KEY)
        base = f"http://127.0.0.1:{voila_port}/voila/render"
        with serving(cmd, voila_port, env, timeout=120) as proc, sync_playwright() as p, chromium(p) as browser:
            server = psutil.Process(proc.pid)
            pooled = 2 + args.pool + min(1, args.pool)   # voila.json's two for the app, and the class's
            wait_quiet(server, pooled)
            table = mc.tables.open_table(f"http://127.0.0.1:{port}", SEATS, seed=1, key=KEY)
            pages = {"lobby": (f"{base}/table.ipynb?key={KEY}", [".mc-open-table"]),
                     "seat": (f"{base}/table.ipynb?code={table.codes['Mokia']}", [BOARD, ".mc-connection b.ok"]),
                     "projector": (f"{base}/spectate.ipynb?table={table.table}", [BOARD, ".mc-connection b.ok"])}
            pages = {name: pages[name] for name in args.pages.split(",")}
            load_before = os.getloadavg()
            times: dict[str, list[float]] = {name: [] for name in pages}
            for run in range(args.runs):
                for name, (url, ready) in pages.items():
                    times[name].append(open_page(browser, url, ready))
                    print(f"run {run + 1} {name}: {times[name][-1]:.2f} s (load {os.getloadavg()[0]:.1f})", flush=True)
                    wait_quiet(server, pooled)
            rejoin = "" if args.no_rejoin else measure_rejoin(
                browser, server, f"{base}/table.ipynb?code={table.codes['Mokia']}", table)
            load_after = os.getloadavg()
    if rejoin:
        print(rejoin)
    print(f"\n--pool {args.pool}, {args.runs} runs, load average before {load_before[0]:.2f} "
          f"(5 min {load_before[1]:.2f}), after {load_after[0]:.2f} (5 min {load_after[1]:.2f})")
    for name, seconds in times.items():
        print(f"{name:10s} median {statistics.median(seconds):.2f} s, best {min(seconds):.2f} s, "
              f"all {', '.join(f'{s:.2f}' for s in seconds)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
