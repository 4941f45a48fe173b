"""`python -m tableserver class`: everything a class needs on one machine: the table service
and Voila serving the table pages, started together and stopped together (Ctrl+C). A service
that stops (a crash, kill -9) is started again at once; Voila and the pages stay."""
from __future__ import annotations

import ipaddress
import json
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
RESTARTS_PER_MINUTE = 5   # more than this: something is wrong that a restart will not mend


def project_folder() -> Path:
    """The repository folder holding notebooks/ and voila.json: the current folder (as the
    README says), or this package's checkout (an editable install)."""
    for folder in (Path.cwd(), ROOT):
        if (folder / "notebooks" / "table.ipynb").exists():
            return folder
    raise SystemExit("Run this from the MegaCorps repository's folder (it serves notebooks/table.ipynb).")


def lan_address() -> str | None:
    """This machine's address as other machines on its network see it, or None when it has
    none but loopback. The host name often resolves to 127.0.0.1 (Debian's /etc/hosts), which
    no other machine can open: the address of the interface that a route leaves by comes first
    (a UDP socket's connect sends nothing), then the host name's addresses, loopback never."""
    candidates = []
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("10.254.254.254", 9))
            candidates.append(probe.getsockname()[0])
    except OSError:
        pass
    try:
        candidates += [info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)]
    except OSError:
        pass
    return next((a for a in candidates if not ipaddress.ip_address(a).is_loopback
                 and not ipaddress.ip_address(a).is_unspecified), None)


def public_address(host: str, voila_port: int, public_url: str | None) -> tuple[str, str]:
    """(Voila's address for the links, a warning for the teacher or "")."""
    if public_url:
        return public_url.rstrip("/"), ""
    if host not in ("0.0.0.0", "::", ""):
        return f"http://{host}:{voila_port}", ""
    address = lan_address()
    if address is None:
        return (f"http://127.0.0.1:{voila_port}",
                "  Warning: this machine has no network address other than 127.0.0.1, so the links below\n"
                "  open only on this machine. Connect it to the class's network, find its address\n"
                "  (hostname -I on Linux, ipconfig on Windows) and start again with\n"
                f"  --public-url http://<that address>:{voila_port}\n")
    return f"http://{address}:{voila_port}", ""


def kernel_pools(root: Path, pool: int) -> dict:
    """Voila's preheated kernels: voila.json's (the hot-seat app's), and `pool` for the table
    pages (one for the projector's when `pool` > 0). A page then opens on a kernel that has
    already imported everything and waits only for its address (widgets/networked/pages.py,
    page_query): seconds sooner than a kernel started for it."""
    try:
        config = json.loads((root / "voila.json").read_text())
        pools = dict(config["VoilaKernelManager"]["kernel_pools_config"])
    except (OSError, KeyError, ValueError):
        pools = {"default": {"pool_size": 0}}
    pools["table.ipynb"] = {"pool_size": max(0, pool)}
    pools["spectate.ipynb"] = {"pool_size": min(1, max(0, pool))}
    return pools


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
    public, warning = public_address(args.host, args.voila_port, args.public_url)
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
             "--MappingKernelManager.cull_connected=False",
             f"--VoilaKernelManager.kernel_pools_config={json.dumps(kernel_pools(root, args.pool))}"]
    procs: list[subprocess.Popen] = []
    try:
        procs.append(subprocess.Popen(service, cwd=root, env=service_env))
        _wait_for_port("127.0.0.1", args.port, procs[0], "the table service")
        procs.append(subprocess.Popen(voila, cwd=root, env=env))
        _wait_for_port("127.0.0.1", args.voila_port, procs[1], "Voila")
        lobby = f"{public}/voila/render/table.ipynb"
        print(f"\nMegaCorps class tables are ready.\n{warning}"
              f"  Your lobby (opens tables; keep this link to yourself):\n"
              f"                         {lobby}?key={host_key}\n"
              f"  For the players (join a table with their seat link or code):\n"
              f"                         {lobby}\n"
              f"  Hot-seat app:          {public}/voila/render/play.ipynb\n"
              f"  Table service (for play-by-notebook, mc.tables.connect): http://{service_host}:{args.port}\n"
              f"Press Ctrl+C to stop both (the tables stay in the database).\n", flush=True)
        restarts: list[float] = []
        while procs[1].poll() is None:
            if procs[0].poll() is not None:
                # the service stopped (a crash, kill -9, out of memory): start it again at once;
                # Voila and every page stay, and the pages rejoin their tables by themselves
                restarts = [t for t in restarts if t > time.monotonic() - 60] + [time.monotonic()]
                if len(restarts) > RESTARTS_PER_MINUTE:
                    print(f"The table service stopped {len(restarts)} times within a minute (exit code "
                          f"{procs[0].returncode}); stopping the class: see the messages above.", flush=True)
                    return 1
                print(f"The table service stopped (exit code {procs[0].returncode}); starting it again "
                      "(the tables are in the database; the pages reconnect by themselves).", flush=True)
                procs[0] = subprocess.Popen(service, cwd=root, env=service_env)
                try:
                    _wait_for_port("127.0.0.1", args.port, procs[0], "the table service")
                except SystemExit as err:
                    print(err, flush=True)
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
