"""The game's history keeps a checkpoint state every `CHECKPOINT_EVERY` actions and rebuilds any
other earlier state by replaying (megacorps/game.py): undo, `states()` and `state_before(i)` must
give exactly the states the game was in, across checkpoints, trades, cards and undos."""
import gc
import random
import weakref

import pytest

import megacorps as mc
from megacorps.game import CHECKPOINT_EVERY

from enginetools import random_move

CORPS = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


def _snapshot(state: mc.GameState):
    return state.model_dump(), repr(state.frames)


@pytest.mark.parametrize("seed", [21, 22, 23])
def test_states_and_undo_give_exactly_the_states_the_game_was_in(seed):
    rng = random.Random(seed)
    game = mc.new_game(CORPS, seed=seed)
    seen = [_snapshot(game.state)]  # the state after each action, as it was when reached
    crossed = 0                     # undos that went back past a checkpoint
    while not game.is_over:
        game.apply(random_move(rng, game, trades=0.15, cards=0.15))
        seen.append(_snapshot(game.state))
        if rng.random() < 0.25:     # take back as much as may be taken back
            while game.can_undo():
                game.undo()
                seen.pop()
                assert _snapshot(game.state) == seen[-1]
                crossed += len(game.actions) % CHECKPOINT_EVERY == CHECKPOINT_EVERY - 1
    assert [_snapshot(s) for s in game.states()] == seen
    for i in range(len(seen)):
        assert _snapshot(game.state_before(i)) == seen[i]
    assert len(seen) > 4 * CHECKPOINT_EVERY and crossed > 0  # the replay was really exercised


def test_a_game_that_undoes_past_a_checkpoint_plays_on_like_a_fresh_game():
    rng = random.Random(5)
    game = mc.new_game(CORPS, seed=5)
    tried, crossed = set(), 0  # each checkpoint is tried once, then play goes on
    while len(game.actions) < 6 * CHECKPOINT_EVERY:
        game.apply(random_move(rng, game, trades=0.1, cards=0.1))
        n = len(game.actions)
        if n % CHECKPOINT_EVERY == 1 and n not in tried and game.can_undo():
            tried.add(n)
            game.undo()  # onto the checkpoint
            if game.can_undo():
                game.undo()  # past it: rebuilt from the checkpoint before
                crossed += 1
    fresh = mc.new_game(CORPS, seed=5)
    for action in game._actions:
        fresh.apply(action)
    assert game == fresh and game.log == fresh.log
    assert crossed > 0


def test_state_before_refuses_a_number_outside_the_history():
    game = mc.new_game(CORPS, seed=1)
    game.apply(game.legal_actions(game.deciders[0])[0])
    assert game.state_before(1) is game.state
    with pytest.raises(IndexError, match="no action 2: the game has 1"):
        game.state_before(2)


def test_the_game_keeps_only_its_checkpoints_alive():
    """Every state the game passed through used to be kept for undo (the collector walked them
    all game long); now only every CHECKPOINT_EVERY-th is, the rest are freed."""
    rng = random.Random(2)
    game = mc.new_game(CORPS, seed=2)
    refs = []
    for _ in range(3 * CHECKPOINT_EVERY):
        refs.append(weakref.ref(game.state))
        game.apply(random_move(rng, game, trades=0.0, cards=0.1))
    gc.collect()
    alive = [i for i, ref in enumerate(refs) if ref() is not None]
    assert alive == list(range(0, 3 * CHECKPOINT_EVERY, CHECKPOINT_EVERY))
