"""The weakest level: any legal choice, now and then an event card."""
from __future__ import annotations

from .knowledge import card_plays, decision_choices
from .protocol import BaseBot, Decision


class RandomBot(BaseBot):
    """Plays uniformly random legal moves; plays an event card now and then (`card_rate`)."""

    name = "Random"
    description = "Picks any legal move at random: a sparring partner for learning the rules."

    def __init__(self, seed: int | None = None, card_rate: float = 0.1):
        super().__init__(seed)
        self.card_rate = card_rate

    def decide(self, game, corp: str) -> Decision:
        if self.rng.random() < self.card_rate:
            plays = card_plays(game, corp)
            if plays:
                return Decision(self.rng.choice(plays), "plays a card on a whim")
        choices = decision_choices(game, corp)
        action = self.rng.choice(choices)
        if len(choices) == 1:
            return Decision(action, "its only choice")
        return Decision(action, f"picked at random among {len(choices)} choices")
