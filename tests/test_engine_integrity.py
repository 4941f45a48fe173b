"""The engine's copy-on-apply promise: applying an action never changes a state that anybody
may still hold (the previous state kept for undo, a state a bot or widget looked at)."""
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
