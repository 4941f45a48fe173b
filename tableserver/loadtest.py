"""A bounded load test of the table service on loopback: `python -m tableserver.loadtest`.

Starts a service (SQLite in a temporary folder, bots not used, no pause), or `--processes P`
services on the PostgreSQL database of MEGACORPS_DATABASE_URL (each seat then joins process
number seat % P, so that every move must cross between processes), opens N tables of
S human seats, joins every seat over its WebSocket (each seat subscribed to its pushes) and
lets every seat answer as fast as its pushed state allows with a random legal choice, until
every game is over or the time limit. Prints joins, actions per second, the latency from an
action being sent to each other seat of the table receiving the update, and the service's
memory. Loopback only; stops by itself.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo", "The Mouse", "Windoze"]


def cpu_seconds(process) -> float:
    """User + system CPU time of a process, its children included."""
    t = process.cpu_times()
    return t.user + t.system + t.children_user + t.children_system


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Stats:
    def __init__(self):
        self.join: list[float] = []
        self.latency: list[float] = []
        self.sent: dict[tuple[str, int], float] = {}   # (table, index of the action) -> when sent
        self.accepted = 0
        self.refused = 0
        self.pushes = 0


async def seat(url: str, table: str, code: str, stats: Stats, rng: random.Random, deadline: float,
               over: asyncio.Event) -> None:
    import websockets
    t0 = time.perf_counter()
    async with websockets.connect(url.replace("http", "ws", 1) + "/api/ws", max_size=2**24) as ws:
        await ws.send(json.dumps({"code": code}))
        state = json.loads(await ws.recv())
        stats.join.append(time.perf_counter() - t0)
        seen = state["at"]
        waiting = False
        while time.monotonic() < deadline and not over.is_set():
            if not waiting and state.get("type") == "state" and not state["over"] \
                    and state["corp"] in state["view"]["deciders"] and state["choices"]:
                choices = [c for c in state["choices"] if c["type"] not in ("leave", "play")] or state["choices"]
                stats.sent.setdefault((table, state["at"]), time.perf_counter())
                await ws.send(json.dumps({"type": "act", "action": rng.choice(choices), "at": state["at"]}))
                waiting = True
            try:
                message = json.loads(await asyncio.wait_for(ws.recv(), max(0.1, deadline - time.monotonic())))
            except asyncio.TimeoutError:
                break
            now = time.perf_counter()
            if message["type"] == "result":
                stats.accepted += message["ok"]
                stats.refused += not message["ok"]
                waiting = waiting and message["ok"]  # refused (stale): choose again from the next state
                if not message["ok"]:
                    waiting = False
                continue
            stats.pushes += 1
            for index in range(seen, message["at"]):
                sent = stats.sent.get((table, index))
                if sent is not None:
                    stats.latency.append(now - sent)
            seen = max(seen, message["at"])
            state = message
            waiting = False
            if state["over"]:
                return


async def run(urls: list[str], tables: int, seats: int, seconds: float, seed: int) -> Stats:
    from megacorps.tables import open_table
    stats = Stats()
    rng = random.Random(seed)
    invitations = [await asyncio.to_thread(open_table, urls[0], {c: "Human" for c in CORPS[:seats]}, seed + i)
                   for i in range(tables)]
    deadline = time.monotonic() + seconds
    over = asyncio.Event()
    tasks = [seat(urls[i % len(urls)], inv.table, code, stats, random.Random(rng.random()), deadline, over)
             for inv in invitations for i, code in enumerate(inv.codes.values())]
    await asyncio.gather(*tasks)
    return stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tableserver.loadtest", description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seats", type=int, default=6, choices=range(3, 7))
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit (the run stops by itself)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--processes", type=int, default=1,
                        help="service processes on one database (more than 1 needs MEGACORPS_DATABASE_URL: PostgreSQL)")
    args = parser.parse_args(argv)
    from contextlib import ExitStack

    from widgets.testing.voila_runner import free_port, serving
    database = os.environ.get("MEGACORPS_DATABASE_URL")
    if args.processes > 1 and not database:
        raise SystemExit("--processes > 1 needs a PostgreSQL database in MEGACORPS_DATABASE_URL")
    ports = [free_port() for _ in range(args.processes)]
    urls = [f"http://127.0.0.1:{port}" for port in ports]
    with tempfile.TemporaryDirectory() as data, ExitStack() as stack:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        load_before = os.getloadavg()[0]
        procs = [stack.enter_context(serving(
            [sys.executable, "-m", "tableserver", "serve", "--port", str(port), "--data", data, "--bot-pause", "0",
             "--tables-per-minute", str(max(20, args.tables))], port, env, timeout=60)) for port in ports]
        idle = sum(rss_mb(p.pid) for p in procs)
        services = [psutil.Process(p.pid) for p in procs]
        cpu_before = [cpu_seconds(p) for p in services], cpu_seconds(psutil.Process()), psutil.cpu_times()
        start = time.perf_counter()
        stats = asyncio.run(run(urls, args.tables, args.seats, args.seconds, args.seed))
        elapsed = time.perf_counter() - start
        cpu_after = [cpu_seconds(p) for p in services], cpu_seconds(psutil.Process()), psutil.cpu_times()
        busy = sum(rss_mb(p.pid) for p in procs)
        stack.close()
        load_after = os.getloadavg()[0]
    n = args.tables * args.seats
    lat = sorted(stats.latency)

    def q(p):
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")
    where = (f"{args.processes} service process(es) on PostgreSQL" if database else "1 service process on SQLite")
    print(f"{where}: {args.tables} tables x {args.seats} seats ({n} seats, each subscribed), {elapsed:.1f} s, "
          f"load average {load_before:.2f} -> {load_after:.2f}")
    print(f"joins: {len(stats.join)}/{n} at once, all in {max(stats.join) * 1000:.0f} ms "
          f"({len(stats.join) / max(stats.join):.0f}/s), median {statistics.median(stats.join) * 1000:.0f} ms each")
    print(f"actions: {stats.accepted} accepted ({stats.accepted / elapsed:.0f}/s), {stats.refused} refused as stale; "
          f"{stats.pushes} updates pushed ({stats.pushes / elapsed:.0f}/s)")
    print(f"update latency (action sent -> each seat of the table has it): median {q(0.5):.0f} ms, "
          f"p95 {q(0.95):.0f} ms, max {q(1.0):.0f} ms ({len(lat)} samples)")
    print(f"service memory (RSS, all processes): {idle:.0f} MB idle, {busy:.0f} MB at the end")
    service_cpu = [a - b for a, b in zip(cpu_after[0], cpu_before[0])]
    machine = cpu_after[2]
    used = sum(getattr(machine, f) - getattr(cpu_before[2], f) for f in ("user", "nice", "system", "irq", "softirq"))
    per_action = 1000 * sum(service_cpu) / max(1, stats.accepted)
    print(f"CPU: the service {sum(service_cpu):.1f} s ({', '.join(f'{c:.1f}' for c in service_cpu)} per process), "
          f"{per_action:.1f} ms per accepted action; this test's clients {cpu_after[1] - cpu_before[1]:.1f} s; "
          f"the whole machine {used:.1f} s of {elapsed * psutil.cpu_count():.1f} s on {psutil.cpu_count()} cores "
          f"(the database server and everything else running: the rest)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
