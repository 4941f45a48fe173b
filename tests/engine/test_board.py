"""The board: neutral places (megacorps/board.py)."""
from __future__ import annotations

import pytest

import megacorps as mc
from enginetools import THREE


def test_neutral_places_cannot_be_controlled_attacked_or_intervened_in():
    with pytest.raises(ValueError, match="neutral"):
        mc.scenario(THREE, countries={"Switzerland": "Mokia"})
    game = mc.scenario(THREE, mercenaries={"Mokia": 9}, companies={"Switzerland/Finance": "Globbo"})
    assert "Switzerland" not in game.state.controllers
    assert not any(isinstance(a, mc.Intervene) for a in game.legal_actions("Mokia"))
    # Open Source Software is syndicalized for good and counts as a Software competitor.
    assert game.company_status("Open Source Software/Software") == "syndicalized"
    assert mc.competitors(game.state, "Software") == 5
    assert mc.competitors(game.state, "Metals") == 4 and mc.competitors(game.state, "Nanotech") == 4
