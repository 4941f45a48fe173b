"""Helpers shared by the engine tests: random play through the checked door, with trades of
every kind (cards included) and cards played out of turn, and snapshots of a whole position."""
from __future__ import annotations

import copy
import random

import pytest

import megacorps as mc
from megacorps.state import PayoutFrame


def full_state(state: mc.GameState):
    """Everything in a position, the decisions under way included."""
    return state.model_dump(), repr(state.frames)


def random_bundle(rng: random.Random, state: mc.GameState, corp: str) -> mc.Bundle:
    """Things `corp` has (an offer it can make)."""
    if rng.random() < 0.4:
        return mc.Bundle()
    owned = state.owned_by(corp)
    hand = state.hands[corp]
    return mc.Bundle(
        money=rng.randint(0, min(state.money[corp], 6)) if rng.random() < 0.5 else 0,
        mercenaries=rng.randint(0, state.mercenaries[corp]) if rng.random() < 0.3 else 0,
        companies=tuple(rng.sample(owned, 1)) if owned and rng.random() < 0.3 else (),
        cards=tuple(rng.sample(hand, 1)) if hand and rng.random() < 0.6 else ())


def random_move(rng: random.Random, game: mc.Game, trades: float = 0.06, cards: float = 0.05):
    """A legal move: mostly a decider's random choice, now and then a trade offer or a card
    played by any corp that may play one."""
    state = game.state
    r = rng.random()
    if r < trades:
        corp, to = rng.sample(game.corps, 2)
        if game.may_offer_trades(corp):
            offer = mc.OfferTrade(corp, to=to, give=random_bundle(rng, state, corp),
                                  take=random_bundle(rng, state, to))
            if not (offer.give.is_empty() and offer.take.is_empty()):
                return offer
    elif r < trades + cards:
        corp = rng.choice(game.corps)
        plays = [a for a in game.legal_actions(corp) if isinstance(a, mc.PlayCard)]
        if plays:
            return rng.choice(plays)
    corp = game.deciders[0]
    return rng.choice([a for a in game.legal_actions(corp) if not isinstance(a, mc.LeaveGame)])


def random_game(seed: int, steps: int = 10_000, corps: list[str] | None = None, **odds) -> mc.Game:
    """A game played by random legal moves for `steps` steps or to its end."""
    rng = random.Random(seed)
    corps = corps or rng.sample(mc.CORPS, rng.randint(3, 6))
    game = mc.new_game(corps, seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(random_move(rng, game, **odds))
    return game


THREE = ["Mokia", "Globbo", "Nonintendo"]


def snapshot(game: mc.Game):
    """Everything an illegal action must leave alone."""
    return (game.state.model_dump(), copy.deepcopy(game.state.frames), len(game.log),
            list(game._actions))


def assert_illegal(game: mc.Game, action, *fragments: str) -> str:
    """`action` raises IllegalAction naming it and the reason, and changes nothing."""
    before = snapshot(game)
    with pytest.raises(mc.IllegalAction) as info:
        game.apply(action)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert snapshot(game) == before
    return message


def pass_all(game: mc.Game) -> None:
    """Everyone still to act this round passes."""
    round_ = game.round
    while game.round == round_ and not game.is_over:
        game.apply(mc.Pass(game.deciders[0]))


def no_cards(game: mc.Game) -> None:
    """Everyone asked in the payout window plays no card."""
    while isinstance(game.state.top_frame, PayoutFrame):
        game.apply(mc.NoCard(game.deciders[0]))


def turn_choices(game: mc.Game, corp: str) -> list:
    """The corp's turn choices, without any-time cards and leaving."""
    return [a for a in game.legal_actions(corp) if not isinstance(a, (mc.PlayCard, mc.LeaveGame))]


def card_targets(game: mc.Game, corp: str, card: str) -> set:
    """The targets `corp` may play `card` on now."""
    return {a.target for a in game.legal_actions(corp) if isinstance(a, mc.PlayCard) and a.card == card}


def simulated_positions(rng: random.Random, corps: list[str], seed: int, cards: float = 0.2):
    """Every position of a random game played through the simulator (a card play, when there is
    one, with probability `cards`), yielded before each step; the simulator's state is live."""
    from megacorps.setup import new_game_state
    from megacorps.simulator import Simulator
    sim = Simulator(new_game_state(corps, seed, quiet=True)[0])
    while not sim.is_over:
        yield sim.state
        corp = sim.deciders[0]
        plays = sim.card_plays(corp)
        if plays and rng.random() < cards:
            sim.step(plays[int(rng.random() * len(plays))])
        else:
            choices = sim.choices(corp)
            sim.step(choices[int(rng.random() * len(choices))])
