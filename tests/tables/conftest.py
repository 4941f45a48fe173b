"""Fixtures for the table service: a real service process (uvicorn) on loopback, over SQLite
in a temporary data folder or over a real PostgreSQL server (Debian's package)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from contextlib import ExitStack, contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PG_SCRIPT = ROOT / "scripts" / "postgres-for-tests.sh"


def _postgres_installed() -> bool:
    return any(Path("/usr/lib/postgresql").glob("*/bin/initdb"))


@pytest.fixture(scope="session")
def postgres_url():
    """A PostgreSQL server: MEGACORPS_TEST_DATABASE_URL (the install script starts one), or a
    throwaway one started here. Skipped when PostgreSQL is not installed, a failure in CI."""
    url = os.environ.get("MEGACORPS_TEST_DATABASE_URL")
    if url:
        yield url
        return
    if not _postgres_installed():
        if os.environ.get("CI"):
            pytest.fail("PostgreSQL is not installed, and CI is set: the PostgreSQL tests must run in CI")
        pytest.skip("PostgreSQL is not installed (apt-get install postgresql; CI=true makes this a failure)")
    folder = tempfile.mkdtemp(prefix="mc-pg-")
    try:
        url = subprocess.run(["bash", str(PG_SCRIPT), "start", folder], check=True, capture_output=True,
                             text=True, timeout=120).stdout.strip().splitlines()[-1]
        yield url
    finally:
        subprocess.run(["bash", str(PG_SCRIPT), "stop", folder], capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


class Service:
    """A table service process; `restart()` kills it (no clean shutdown) and starts it again
    on the same database."""

    def __init__(self, database: str | None, data: Path, bot_pause: float = 0.0):
        from widgets.testing.voila_runner import free_port
        self.database, self.data, self.bot_pause = database, data, bot_pause
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self._stack: ExitStack | None = None
        self.proc = None

    def command(self) -> list[str]:
        cmd = [sys.executable, "-m", "tableserver", "serve", "--port", str(self.port),
               "--data", str(self.data), "--bot-pause", str(self.bot_pause)]
        if self.database:
            cmd += ["--database", self.database]
        return cmd

    def start(self) -> None:
        from widgets.testing.voila_runner import serving
        self._stack = ExitStack()
        log = open(self.data / "service.log", "a")
        self._stack.callback(log.close)
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = self._stack.enter_context(serving(self.command(), self.port, env, log, timeout=60))

    def kill(self) -> None:
        self.proc.kill()
        self.proc.wait(10)
        self._stack.close()

    def restart(self) -> None:
        self.kill()
        self.start()

    def stop(self) -> None:
        if self._stack is not None:
            self._stack.close()


@contextmanager
def running_service(database: str | None, data: Path, bot_pause: float = 0.0):
    service = Service(database, data, bot_pause)
    service.start()
    try:
        yield service
    finally:
        service.stop()


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request, tmp_path):
    """The database URL for each backend (None: SQLite in the data folder)."""
    if request.param == "postgres":
        return request.getfixturevalue("postgres_url")
    return None


@pytest.fixture(scope="module")
def service(tmp_path_factory):
    """One SQLite-backed service for a whole test module."""
    with running_service(None, tmp_path_factory.mktemp("tables")) as svc:
        yield svc
