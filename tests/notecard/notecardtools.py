"""Shared helpers for the note-card game's tests (a module, not a conftest: several folders of
tests have a conftest.py, so a test never imports one by name)."""
from __future__ import annotations

import pytest

from megacorps import notecard as nc

CORE = ("Industry 1", "Industry 2", "Industry 3")


def maraya_card() -> nc.Allocate:
    """The rules' example: Maraya puts $4M into Industry 1 and $3M each into Industries 2 and 3."""
    return nc.Allocate("Maraya", invest={"Industry 1": 4, "Industry 2": 3, "Industry 3": 3})


def jeff_card() -> nc.Allocate:
    """Jeff sabotages each of Maraya's industries with $1M and invests 3, 2 and 2."""
    return nc.Allocate("Jeff", invest={"Industry 1": 3, "Industry 2": 2, "Industry 3": 2},
                       sabotage={("Maraya", i): 1 for i in CORE})


@pytest.fixture
def example_game() -> nc.Game:
    return nc.new_game(["Maraya", "Jeff"], seed=1)
