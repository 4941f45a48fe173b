"""Two versions of the table pages side by side: `python -m tableserver.page_ab OLD NEW --pairs 5`.

OLD and NEW are two checkouts of this project (e.g. `git worktree add /tmp/old <commit>`). Starts
the class command from each (its own notebooks and code, `--pool 3`), opens a table on each,
then opens the seat page and the projector of each alternately, one page at a time (the order
of each pair alternates), each in a new browser context, and reports the seconds to a usable
page (the board drawn, the page live) and the ratio NEW/OLD of each pair: both versions
measured at the same moment, so under the same load, which on a shared machine moves more
than most changes do. Debian's Chromium; nothing leaves the machine.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time

import psutil

from .page_bench import BOARD, KEY, SEATS, open_page, wait_quiet

POOLED = 2 + 3 + 1   # voila.json's two for the app, --pool 3 for table.ipynb, one for spectate.ipynb


@contextlib.contextmanager
def served_from(root: str, cmd: list[str], port: int, env: dict[str, str]):
    """`cmd` run from the checkout `root` (its notebooks and code) until `port` answers."""
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        deadline = time.time() + 300
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if proc.poll() is not None or time.time() > deadline:
                    raise RuntimeError(f"the class command from {root} did not start") from None
                time.sleep(0.5)
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tableserver.page_ab", description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    import megacorps as mc
    from widgets.testing.voila_runner import chromium, free_port
    trees = {"old": args.old, "new": args.new}
    pages = ("seat", "projector")
    times: dict[tuple[str, str], list[float]] = {(n, p): [] for n in trees for p in pages}
    with contextlib.ExitStack() as stack:
        classes = {}
        for name, root in trees.items():
            port, voila_port = free_port(), free_port()
            data = stack.enter_context(tempfile.TemporaryDirectory())
            cmd = [sys.executable, "-m", "tableserver", "class", "--host", "127.0.0.1", "--port", str(port),
                   "--voila-port", str(voila_port), "--data", data, "--bot-pause", "0", "--pool", "3"]
            env = dict(os.environ, PYTHONPATH=root, MEGACORPS_CREATE_KEY=KEY)
            proc = stack.enter_context(served_from(root, cmd, voila_port, env))
            classes[name] = (psutil.Process(proc.pid), port, f"http://127.0.0.1:{voila_port}/voila/render")
        browser = stack.enter_context(chromium(stack.enter_context(sync_playwright())))
        urls = {}
        for name, (server, port, base) in classes.items():
            wait_quiet(server, POOLED)
            table = mc.tables.open_table(f"http://127.0.0.1:{port}", SEATS, seed=1, key=KEY)
            urls[name] = {"seat": f"{base}/table.ipynb?code={table.codes['Mokia']}",
                          "projector": f"{base}/spectate.ipynb?table={table.table}"}
        load_before = os.getloadavg()[0]
        for i in range(args.pairs):
            for page in pages:
                for name in (["old", "new"] if i % 2 == 0 else ["new", "old"]):
                    seconds = open_page(browser, urls[name][page], [BOARD, ".mc-connection b.ok"])
                    times[(name, page)].append(seconds)
                    print(f"pair {i + 1} {page} {name}: {seconds:.2f} s (load {os.getloadavg()[0]:.1f})", flush=True)
                    wait_quiet(classes[name][0], POOLED)
    print(f"\n{args.pairs} pairs, load average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after")
    for page in pages:
        old, new = times[("old", page)], times[("new", page)]
        ratios = [n / o for n, o in zip(new, old)]
        print(f"{page}: old median {statistics.median(old):.2f} s, new median {statistics.median(new):.2f} s; "
              f"new/old per pair: median {statistics.median(ratios):.2f} ({', '.join(f'{r:.2f}' for r in ratios)}), "
              f"new faster in {sum(r < 1 for r in ratios)} of {len(ratios)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
