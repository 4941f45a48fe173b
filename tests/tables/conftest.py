"""Fixtures for the table service: a real service process (uvicorn) on loopback, over SQLite
in a temporary data folder or over a real PostgreSQL server (Debian's package)."""
from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from tables_helpers import ROOT, Foreign, running_service

from widgets.testing.voila_runner import PATIENCE_S

PG_SCRIPT = ROOT / "scripts" / "postgres-for-tests.sh"


def _postgres_installed() -> bool:
    return any(Path("/usr/lib/postgresql").glob("*/bin/initdb"))


@pytest.fixture(scope="session")
def postgres_url(postgres_server):
    """A database of this test process's own on the PostgreSQL server (pytest-xdist runs the
    suite in several processes: each gets a fresh database, so none sees another's tables or
    races it creating them), dropped at the end."""
    import psycopg
    from sqlalchemy.engine import make_url
    name = f"megacorps_test_{os.environ.get('PYTEST_XDIST_WORKER', 'main')}_{os.getpid()}"
    server = make_url(postgres_server)
    with psycopg.connect(server.render_as_string(hide_password=False), autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield server.set(database=name).render_as_string(hide_password=False)
    finally:
        with psycopg.connect(server.render_as_string(hide_password=False), autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="session")
def postgres_server():
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
                             text=True, timeout=PATIENCE_S).stdout.strip().splitlines()[-1]
        yield url
    finally:
        subprocess.run(["bash", str(PG_SCRIPT), "stop", folder], capture_output=True, timeout=PATIENCE_S)
        shutil.rmtree(folder, ignore_errors=True)


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


@pytest.fixture()
def foreign():
    host = Foreign()
    yield host
    host.close()
