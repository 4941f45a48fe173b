"""`python -m tableserver class`: everything a class needs on one machine: the table service
and Voila serving the table pages, started together and stopped together (Ctrl+C)."""
from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

from .settings import SECRETS, secrets_from
from .store import new_code

ROOT = Path(__file__).resolve().parents[1]


def project_folder() -> Path:
    """The repository folder holding notebooks/ and voila.json: the current folder (as the
    README says), or this package's checkout (an editable install)."""
    for folder in (Path.cwd(), ROOT):
        if (folder / "notebooks" / "table.ipynb").exists():
            return folder
    raise SystemExit("Run this from the MegaCorps repository's folder (it serves notebooks/table.ipynb).")


def lan_address() -> str:
    """This machine's address as other machines on its network see it (best guess; override
    with --public-url)."""
    try:
        address = socket.gethostbyname(socket.gethostname())
    except OSError:
        address = "127.0.0.1"
    return address


def _wait_for_port(host: str, port: int, proc: subprocess.Popen, what: str, timeout: float = 90) -> None:
    deadline = time.time() + timeout
    while True:
        if proc.poll() is not None:
            raise SystemExit(f"{what} stopped (exit code {proc.returncode})")
        try:
            socket.create_connection((host, port), timeout=1).close()
            return
        except OSError:
            if time.time() > deadline:
                raise SystemExit(f"{what} did not start within {timeout:.0f} s")
            time.sleep(0.3)


def _stop_on_sigterm(_signum, _frame) -> None:
    raise KeyboardInterrupt   # stopped by a service manager or a test: stop both, as on Ctrl+C


def run_class(args) -> int:
    # without this, SIGTERM ended this process at once and left the service, Voila and its
    # kernels running (seen after the class browser test: three sets left)
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    root = project_folder()
    database, host_key = secrets_from(args)
    host_key = host_key or new_code()   # without one, anyone who reaches Voila could open tables
    service_host = args.service_host or "127.0.0.1"
    service = [sys.executable, "-m", "tableserver", "serve", "--host", service_host, "--port", str(args.port),
               "--bot-pause", str(args.bot_pause), "--tables-per-minute", str(args.tables_per_minute),
               "--wrong-codes-per-minute", str(args.wrong_codes_per_minute)]
    if args.data:
        service += ["--data", args.data]
    public = args.public_url or (f"http://{lan_address() if args.host == '0.0.0.0' else args.host}:{args.voila_port}")
    env = {k: v for k, v in os.environ.items() if k not in SECRETS}
    env.update(MEGACORPS_TABLES_URL=f"http://127.0.0.1:{args.port}", MEGACORPS_PUBLIC_URL=public,
               PYTHONPATH=os.pathsep.join(filter(None, [str(root), os.environ.get("PYTHONPATH")])))
    # the secrets reach the service through its environment only: never a command line (ps
    # shows those to every user), never Voila's kernels
    service_env = dict(env, MEGACORPS_CREATE_KEY=host_key, **({"MEGACORPS_DATABASE_URL": database} if database else {}))
    voila = [sys.executable, "-m", "voila", "notebooks", "--no-browser", f"--Voila.ip={args.host}",
             f"--port={args.voila_port}", "--Voila.port_retries=0",
             # voila.json culls idle kernels even while their page is open (the hot-seat app's
             # pages are busy); a seat's page may wait quietly for a long time: keep it while open
             "--MappingKernelManager.cull_connected=False"]
    procs: list[subprocess.Popen] = []
    try:
        procs.append(subprocess.Popen(service, cwd=root, env=service_env))
        _wait_for_port("127.0.0.1", args.port, procs[0], "the table service")
        procs.append(subprocess.Popen(voila, cwd=root, env=env))
        _wait_for_port("127.0.0.1", args.voila_port, procs[1], "Voila")
        lobby = f"{public}/voila/render/table.ipynb"
        print(f"\nMegaCorps class tables are ready.\n"
              f"  Your lobby (opens tables; keep this link to yourself):\n"
              f"                         {lobby}?key={host_key}\n"
              f"  For the players (join a table with their seat link or code):\n"
              f"                         {lobby}\n"
              f"  Hot-seat app:          {public}/voila/render/play.ipynb\n"
              f"  Table service (for play-by-notebook, mc.tables.connect): http://{service_host}:{args.port}\n"
              f"Press Ctrl+C to stop both (the tables stay in the database).\n", flush=True)
        while all(p.poll() is None for p in procs):
            time.sleep(0.5)
        return 1
    except KeyboardInterrupt:
        return 0
    finally:
        for proc in reversed(procs):
            if proc.poll() is None:
                proc.send_signal(signal.SIGINT)
        for proc in reversed(procs):
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
