"""Computer players. Each bot owns its own seeded random generator and only ever picks from
the game's legal actions.

- `RandomBot`: any legal choice, now and then an event card.
- `GreedyBot`: the choice that earns it money soonest (its money plus what its companies
  would earn if their industries paid out now), with simple habits for secret choices.
"""
from __future__ import annotations

import random
from typing import Protocol

from .actions import (Action, Bid, LeaveGame, NoCard, OfferMercenaries, PlayCard, StayOut,
                      SupportWar, Vote)
from .game import Game
from .payouts import payout_amounts
from .state import GameState, PayoutFrame


class Bot(Protocol):
    name: str

    def choose(self, game: Game, corp: str) -> Action: ...


def decision_choices(game: Game, corp: str) -> list[Action]:
    """The choices of `corp`'s pending decision (no interruptions)."""
    return game._current().get(corp, [])


def card_plays(game: Game, corp: str) -> list[Action]:
    """Event cards `corp` may play right now without being asked (any-time cards)."""
    return [a for a in game.interruptions(corp) if isinstance(a, PlayCard)]


class RandomBot:
    """Plays uniformly random legal moves; plays an event card now and then."""

    name = "Random"

    def __init__(self, seed: int | None = None, card_rate: float = 0.1):
        self.rng = random.Random(seed)
        self.card_rate = card_rate

    def choose(self, game: Game, corp: str) -> Action:
        if self.rng.random() < self.card_rate:
            plays = card_plays(game, corp)
            if plays:
                return self.rng.choice(plays)
        return self.rng.choice(decision_choices(game, corp))


def holdings_value(state: GameState, corp: str) -> int:
    """What `corp`'s companies would earn if every industry paid out now."""
    return sum(payout_amounts(state, i).get(corp, 0) for i in state.board.industries)


class GreedyBot:
    """Prefers what earns it money soonest: one step of look-ahead on its own money plus half
    the value of its holdings; bids, votes and prices by simple rules of thumb."""

    name = "Greedy"

    def __init__(self, seed: int | None = None):
        self.rng = random.Random(seed)

    def _score(self, game: Game, corp: str, action: Action) -> float:
        trial = Game(game.state)
        trial._apply_checked(action)
        state = trial.state
        return state.money[corp] + 0.5 * holdings_value(state, corp)

    def choose(self, game: Game, corp: str) -> Action:
        choices = decision_choices(game, corp)
        first = choices[0]
        if isinstance(first, Bid):
            country = game.state.top_frame.country
            worth = 6 + 2 * len(game.state.board.companies_of_country[country])
            return Bid(corp, min(game.money(corp) // 3, worth))
        if isinstance(first, Vote):
            return Vote(corp, corp)
        if isinstance(first, OfferMercenaries):
            count = max(a.count for a in choices)
            price = 2 * count
            return OfferMercenaries(corp, count, price) if any(
                a.count == count and a.price == price for a in choices) else OfferMercenaries(corp, 0, 0)
        if isinstance(first, (StayOut, SupportWar)):
            return StayOut(corp)
        if isinstance(game.state.top_frame, PayoutFrame):
            return self._payout_card(game, corp, choices)
        plays = [a for a in card_plays(game, corp) if not isinstance(a, LeaveGame)]
        scored = [(self._score(game, corp, a), self.rng.random(), a) for a in choices + plays]
        return max(scored, key=lambda t: (t[0], t[1]))[2]

    def _payout_card(self, game: Game, corp: str, choices: list[Action]) -> Action:
        frame: PayoutFrame = game.state.top_frame
        spec = game.state.deck_spec.card_by_name
        base = sum(int(spec[c].params.get("by", 0)) for c in frame.modifiers)
        best, best_gain = NoCard(corp), payout_amounts(game.state, frame.industry, base).get(corp, 0)
        for action in choices:
            if isinstance(action, PlayCard):
                mod = base + int(spec[action.card].params.get("by", 0))
                gain = payout_amounts(game.state, frame.industry, mod).get(corp, 0)
                if gain > best_gain:
                    best, best_gain = action, gain
        return best


LEVELS: dict[str, type] = {"Random": RandomBot, "Greedy": GreedyBot}


def play_out(game: Game, bots: dict[str, Bot], max_steps: int = 100_000) -> Game:
    """Let `bots` (one per corp) play `game` to the end; returns the same game."""
    for _ in range(max_steps):
        if game.is_over:
            return game
        corp = game.deciders[0]
        game.apply(bots[corp].choose(game, corp))
    raise RuntimeError(f"the game did not end within {max_steps} steps")
