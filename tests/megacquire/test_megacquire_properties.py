"""Random play: the invariants hold at every step (certificates conserved, no safe company
defunct, one tile a cell, cash never negative), every game ends, an action is accepted exactly
when it is in the legal list, and a refused action leaves the game byte-identical."""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from megacorps import megacquire as mq
from mqtools import P4, check_invariants, frozen, play_random, random_move


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), disclosure=st.integers(1, 4),
       change_rule=st.sampled_from(["strict", "literal"]))
def test_random_games_keep_the_invariants_and_end(seed, players, disclosure, change_rule):
    game = mq.new_game(mq.options.DEFAULT_SEATS[:players], seed=seed,
                       options={"disclosure": disclosure, "change_rule": change_rule})
    play_random(game, random.Random(seed), check=check_invariants)
    assert game.is_over and game.deciders == [] and game.winners()
    assert max(game.scores().values()) == game.scores()[game.winners()[0]]
    s = game.state
    assert all(n == 0 for h in s.holdings.values() for c, n in enumerate(h) if s.sizes[c])  # all sold


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_random_games_with_early_end_votes_end(seed):
    """Random play that proposes and votes too: an agreed end finishes the round."""
    game = mq.new_game(P4, seed=seed)
    rng = random.Random(seed)
    agreed_in = None
    while not game.is_over:
        game.apply(random_move(game, rng, propose=rng.random() < 0.02))
        check_invariants(game)
        if game.state.end_agreed and agreed_in is None:
            agreed_in = game.state.round
    if agreed_in is not None and "agreement" in game.state.end_reason:
        assert game.state.round == agreed_in and game.state.turn == 3


def candidate_actions(game: mq.Game, rng: random.Random) -> list:
    """A spread of actions, legal and not, for whoever decides and for someone else."""
    s = game.state
    o = s.options
    seat = game.deciders[0]
    other = next(p for p in s.seats if p != seat)
    names = list(o.company_names) + ["Nowhere"]
    tiles = [o.geometry.names[c] for c in s.hands[seat]] + rng.sample(o.geometry.names, 5) + ["Z-99"]
    out = [mq.PlayTile(seat, t) for t in tiles] + [mq.PlayTile(other, tiles[0]), mq.NoPlay(seat)]
    out += [mq.BuyShare(seat, n) for n in names] + [mq.Found(seat, n) for n in names]
    out += [mq.ChooseSurvivor(seat, n) for n in names[:4]] + [mq.ChooseDefunct(seat, n) for n in names[:4]]
    out += [mq.Dispose(seat, n, k) for n in names for k in (0, 1, 30, -1)]
    out += [mq.EndTurn(seat), mq.EndTurn(other), mq.EndTurn(seat, (("Regal", 1),)),
            mq.EndTurn(seat, (("Solon", 2), ("Acorn", 1))), mq.ProposeEnd(seat), mq.ProposeEnd(other),
            mq.Vote(seat, True), mq.Vote(other, False), mq.NoPlay("Stranger")]
    out += [mq.Dispose(seat, "Solon", "3"), mq.EndTurn(seat, "Regal"), mq.PlayTile(seat, ["A-1"]), "not an action"]
    return out


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_legal_exactly_when_listed_and_refusals_change_nothing(seed):
    rng = random.Random(seed)
    game = mq.new_game(P4, seed=seed, options={"disclosure": rng.randint(1, 4)})
    steps = 0
    while not game.is_over:
        if steps % 7 == 0:
            legal = set(game.legal_actions(game.deciders[0]))
            before = frozen(game)
            for action in candidate_actions(game, rng):
                try:
                    game.check(action)
                    accepted = True
                except mq.IllegalAction as err:
                    accepted = False
                    assert str(err)  # says why
                try:
                    is_legal = action in legal
                except TypeError:  # unhashable junk
                    is_legal = False
                # legal exactly when listed; only a trade-in may be legal unlisted (the list of
                # trade-ins is capped: turns.py)
                assert accepted == is_legal or (accepted and isinstance(action, mq.EndTurn) and action.trade), action
                if not accepted:
                    try:
                        game.apply(action)
                        raise AssertionError(f"{action} was applied")
                    except mq.IllegalAction:
                        pass
            assert frozen(game) == before  # after every refusal of the batch
        game.apply(random_move(game, rng))
        steps += 1


def test_a_refusal_message_names_the_action_and_the_reason():
    game = mq.new_game(P4, seed=5)
    seat = game.deciders[0]
    other = next(p for p in P4 if p != seat)
    try:
        game.apply(mq.PlayTile(other, "A-1"))
    except mq.IllegalAction as err:
        assert str(err).startswith(f"{other} plays A-1: refused: it is not {other}'s decision")
    else:
        raise AssertionError("not refused")
