"""One test (or a small table of tests) per rule of the rulebook, driven through `mc.Game`."""
from __future__ import annotations

import megacorps as mc


def test_scenario_accepts_cards_already_in_play():
    """`scenario(in_play=...)`: lasting cards stay in play, others are discarded, and neither is
    left in the deck (this used to crash with UnboundLocalError)."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], in_play=["Clone Soldiers", "L-5"])
    state = game.state
    assert state.in_play == ["Clone Soldiers"]
    assert state.discard == ["L-5"]
    assert "Clone Soldiers" not in state.deck and "L-5" not in state.deck
    assert len(state.deck) == 21 - 2
    assert game.company_status("L-5/Nanotech") == "unowned"
