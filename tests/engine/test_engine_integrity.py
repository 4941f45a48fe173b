"""The engine's copy-on-apply promise: applying an action never changes a state that anybody
may still hold (the previous state kept for undo, a state a bot or widget looked at)."""
import pytest

import megacorps as mc
from megacorps.bots import RandomBot


def _snapshot(state: mc.GameState):
    return state.model_dump(), repr(state.frames)


def test_no_earlier_state_ever_changes():
    for seed in range(25):
        game = mc.new_game(["Mokia", "Globbo", "Nonintendo", "Lenogo", "Windoze"][: 3 + seed % 3], seed=seed)
        bots = {corp: RandomBot(seed * 7 + i, card_rate=0.3) for i, corp in enumerate(game.corps)}
        seen = []
        while not game.is_over:
            assert tuple(game.state.companies) == game.board.companies  # always in board order
            seen.append((game.state, _snapshot(game.state)))
            corp = game.deciders[0]
            game.apply(bots[corp].choose(game, corp))
        for state, snapshot in seen:
            assert _snapshot(state) == snapshot


def test_undo_returns_the_exact_earlier_state():
    game = mc.new_game(["Mokia", "Globbo", "Nonintendo"], seed=3)
    bot = RandomBot(1)
    before = _snapshot(game.state)
    game.apply(bot.choose(game, game.deciders[0]))
    assert _snapshot(game.state) != before
    game.undo()
    assert _snapshot(game.state) == before


def test_listed_actions_are_shared_values_equal_to_fresh_ones():
    game = mc.new_game(["Mokia", "Globbo", "Nonintendo"], seed=1)
    corp = game.deciders[0]
    listed = game.legal_actions(corp)
    company = listed[0].company
    assert mc.PickCompany(corp, company) in listed
    assert game.legal_actions(corp)[0] is listed[0]


def test_nothing_comes_between_a_war_and_the_winners_intervention():
    """When the War is Over: the winner intervenes at once (ruling R24), so no card can take the
    country away from it first."""
    game = mc.scenario(["Lenogo", "Nonintendo", "Globbo"], countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"},
                       companies={"Japan/Media": "Nonintendo"}, mercenaries={"Lenogo": 3},
                       hands={"Globbo": ["Elections"], "Nonintendo": ["Revolution"]})
    game.apply(mc.LaunchWar("Lenogo", "Japan"))
    assert game.controller("Japan") == "Lenogo" and game.deciders == ["Lenogo"]
    assert not any(isinstance(a, mc.PlayCard) for a in game.legal_actions("Globbo"))
    assert not game.may_offer_trades("Nonintendo")
    with pytest.raises(mc.IllegalAction, match="resolved"):
        game.apply(mc.PlayCard("Globbo", "Elections", "Japan"))
    game.apply(mc.Intervene("Lenogo", "Japan/Media"))
    assert game.company_status("Japan/Media") == "unowned" and game.money("Nonintendo") == 44


def test_every_list_or_dict_in_a_frame_is_copied_with_it():
    """GameState.clone copies a frame's lists and dicts by name: none may be forgotten."""
    import dataclasses

    from megacorps import state

    for frame_type, parts in state._MUTABLE_PARTS.items():
        for field in dataclasses.fields(frame_type):
            if str(field.type).startswith(("list", "dict")):
                assert field.name in parts, (frame_type.__name__, field.name)
