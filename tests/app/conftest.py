"""Fixtures of the app's tests: every test keeps its tables and save key in a folder of its own."""
from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))
    monkeypatch.setenv("MEGACORPS_PAYOUT_WINDOW", "0")
    yield tmp_path / "megacorps-data"
