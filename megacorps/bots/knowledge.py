"""What a bot may know, and the choices in front of it.

No peeking: a bot decides from what its corp may see (`game.view(corp)`): the public table, its
own hand and its own secret bid or vote. Bots never read another hand, the deck order or the
others' secret choices from the game; where a bot needs a complete game to look ahead, it
uses a *determinization*: a copy of the game in which everything hidden from the corp is
dealt again at random from the cards it has not seen (`sample_position`).
"""
from __future__ import annotations

import random
from collections import Counter

from ..actions import Action, PlayCard
from ..state import GameState


def decision_choices(game, corp: str) -> list[Action]:
    """The choices of `corp`'s pending decision (empty when it has none), without the
    any-time cards and leaving that `legal_actions` adds."""
    legal = game.legal_actions(corp)
    extra = game.interruptions(corp)
    return legal[:len(legal) - len(extra)] if extra else legal


def card_plays(game, corp: str) -> list[PlayCard]:
    """Event cards `corp` may play right now without being asked (any-time cards)."""
    return [a for a in game.interruptions(corp) if isinstance(a, PlayCard)]


def unseen_cards(state: GameState, corp: str) -> list[str]:
    """The cards `corp` has not seen, in a fixed order (so that drawing from them with a seeded
    generator depends on nothing hidden): every card of the deck less those played (the discard
    pile and the lasting cards in play) and less its own hand."""
    seen = Counter(state.discard) + Counter(state.in_play) + Counter(state.hands[corp])
    out = []
    for card in sorted(state.deck_spec.all_cards):
        if seen[card]:
            seen[card] -= 1
        else:
            out.append(card)
    return out


def sample_hidden(state: GameState, corp: str, rng: random.Random) -> GameState:
    """A copy of `state` in which the other hands, the deck and the cards set aside are dealt
    again from the cards `corp` has not seen (hand sizes and the deck's size as they are).
    The secret bids and votes of the others are left out of the copy. Reads nothing hidden:
    the result depends only on what `corp` may see and on `rng`."""
    pool = unseen_cards(state, corp)
    rng.shuffle(pool)
    copy = state.clone()
    hands = dict(state.hands)
    for other in state.corps:
        if other != corp:
            n = len(state.hands[other])
            hands[other], pool = pool[:n], pool[n:]
    copy.__dict__["hands"] = hands
    n = len(state.deck)
    copy.__dict__["deck"], copy.__dict__["set_aside"] = pool[:n], pool[n:]
    _forget_secret_choices(copy, corp)
    return copy


def _forget_secret_choices(state: GameState, corp: str) -> None:
    from ..state import AuctionFrame, ElectionFrame
    for frame in state.frames:
        if isinstance(frame, AuctionFrame):
            for other in [c for c in frame.bids if c != corp]:
                if state.money[other] > 0:  # a corp without money bid 0 without choosing: public
                    del frame.bids[other]
                    frame.waiting.append(other)
        elif isinstance(frame, ElectionFrame):
            for other in [c for c in frame.votes if c != corp]:
                del frame.votes[other]
                frame.waiting.append(other)
