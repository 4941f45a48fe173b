"""What a bot may know, and the choices in front of it.

No peeking: a bot decides from what its corp may see (`game.view(corp)`): the public table, its
own hand and its own secret bid or vote. Bots never read another hand, the deck order or the
others' secret choices from the game; where a bot needs a complete game to look ahead, it
uses a *determinization*: a copy of the game in which everything hidden from the corp is
dealt again at random from the cards it has not seen (`megacorps.determinize`).
"""
from __future__ import annotations

import random

from ..actions import Action, PlayCard


def decision_choices(game, corp: str) -> list[Action]:
    """The choices of `corp`'s pending decision (empty when it has none), without the
    any-time cards and leaving that `legal_actions` adds."""
    legal = game.legal_actions(corp)
    extra = game.interruptions(corp)
    return legal[:len(legal) - len(extra)] if extra else legal


def card_plays(game, corp: str) -> list[PlayCard]:
    """Event cards `corp` may play right now without being asked (any-time cards)."""
    return [a for a in game.interruptions(corp) if isinstance(a, PlayCard)]


def public_sim(game, corp: str):
    """A position to look ahead on that holds nothing `corp` may not see: the engine's
    determinization with a fixed generator, so the hidden cards are dealt the same way whatever
    they really are (the same view gives the same copy)."""
    from ..simulator import determinize
    return determinize(game, corp, random.Random(0))
