"""Every registered game passes the kit's conformance suite (megacorps/kit/conformance.py)."""
from __future__ import annotations

import pytest

from megacorps import kit
from megacorps.kit import conformance

GAMES = kit.names()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_play_to_the_end_keeps_the_protocol(name, seed):
    game, actions = conformance.random_play(name, seed)
    assert game.is_over and actions and game.winners()


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("check", conformance.CHECKS, ids=lambda c: c.__name__)
def test_conformance(name, check):
    check(name, 3)


def test_undo_is_tried_somewhere():
    """The undo check is not vacuous: some undo is taken in each game."""
    for name in GAMES:
        assert conformance.check_undo_policy(name, 5) > 0, name
