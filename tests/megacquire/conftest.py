"""MEGAcquire's page keeps its tables on the server (the shell's autosave): in tests, in a folder
of each test's own, never in the user's data folder."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _tables_in_tmp(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))
