"""What one corp knows about where the hidden cards are, from what it has seen.

A corp always sees its own hand, the discard pile, the lasting cards in play, every hand's
size and the size of the deck. Beyond that it learns where a card is only through trades it
takes part in: a card it hands over is then in the other hand, and a card offered to it is in
the offerer's hand. What it learns can blur again: when that corp later hands cards to a third
corp (the table sees only how many), the card may be in either hand; when it plays a card of
that name, or leaves the game, the fact is updated or moved to the cards set aside.

`Facts` keeps this as a list of facts, each about a distinct physical card: (card name, the
places it may be in), a place being a corp's hand or `SET_ASIDE`. Every fact is derived from
actions the corp saw, never from hidden state, so two games that look the same to the corp
give the same facts. `facts_of(game, corp)` replays the game's history to find them; the
result is cached on the game and extended as actions are added.
"""
from __future__ import annotations

from collections import Counter

from .actions import Accept, LeaveGame, OfferTrade, PlayCard
from .state import TradeFrame

SET_ASIDE = "(set aside)"


class Facts:
    """The facts one corp holds about other hands: a list of (card, places) pairs, each about
    a different copy of the card. Places are corp names or SET_ASIDE."""

    __slots__ = ("corp", "items")

    def __init__(self, corp: str):
        self.corp = corp
        self.items: list[tuple[str, tuple[str, ...]]] = []

    def copy(self) -> "Facts":
        new = Facts(self.corp)
        new.items = list(self.items)
        return new

    def holds(self, holder: str, cards) -> None:
        """`holder` is seen to hold at least these cards (a trade offer shows them)."""
        for card, n in sorted(Counter(cards).items()):
            exact = sum(1 for c, places in self.items if c == card and places == (holder,))
            for i, (c, places) in enumerate(self.items):
                if exact >= n:
                    break
                if c == card and holder in places and places != (holder,):
                    # a copy known to be here or elsewhere is, as far as anyone can tell, this one
                    self.items[i] = (card, (holder,))
                    exact += 1
            self.items += [(card, (holder,))] * (n - exact)

    def loses(self, holder: str, card: str) -> None:
        """`holder` no longer holds one copy of `card` (played it, or handed it over openly).
        The copy gone may be any of those thought to be in its hand: the first such fact goes,
        and the others of that card widen to where it might have been."""
        found = [i for i, (c, places) in enumerate(self.items) if c == card and holder in places]
        if not found:
            return
        gone = self.items.pop(found[0])[1]
        for i in found[1:]:
            i -= 1  # one item before it was removed
            c, places = self.items[i]
            self.items[i] = (c, _union(places, gone))

    def passes(self, giver: str, receiver: str) -> None:
        """`giver` handed `receiver` cards this corp did not see: any card thought to be in the
        giver's hand may now be in the receiver's."""
        self.items = [(c, _union(places, (receiver,)) if giver in places else places)
                      for c, places in self.items]

    def leaves(self, corp: str) -> None:
        """`corp` left the game: its cards were set aside unseen."""
        self.items = [(c, tuple(sorted({SET_ASIDE if p == corp else p for p in places})))
                      if corp in places else (c, places) for c, places in self.items]


def _union(a: tuple[str, ...], b: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(sorted(set(a) | set(b)))


def observe(facts: Facts, action, on_table: OfferTrade | None = None) -> None:
    """Update `facts` with what its corp learns from `action`; `on_table` is the trade offer
    waiting for an answer when `action` was taken (None: no offer)."""
    me = facts.corp
    kind = type(action)
    if kind is PlayCard:
        if action.corp != me:
            facts.loses(action.corp, action.card)
    elif kind is OfferTrade:
        if action.to == me and action.give.cards:
            facts.holds(action.corp, action.give.cards)  # an offer shows the cards to both parties
    elif kind is Accept:
        if on_table is not None:
            _trade_done(facts, on_table)
    elif kind is LeaveGame:
        if action.corp != me:
            facts.leaves(action.corp)


def _trade_done(facts: Facts, offer: OfferTrade) -> None:
    me = facts.corp
    if me in (offer.corp, offer.to):
        other = offer.to if me == offer.corp else offer.corp
        mine, theirs = (offer.give, offer.take) if me == offer.corp else (offer.take, offer.give)
        for card in theirs.cards:
            facts.loses(other, card)
        if mine.cards:
            facts.holds(other, mine.cards)
        return
    if offer.give.cards:
        facts.passes(offer.corp, offer.to)
    if offer.take.cards:
        facts.passes(offer.to, offer.corp)


def facts_of(game, corp: str) -> Facts:
    """The facts `corp` holds at the current position of `game` (cached, extended lazily)."""
    actions = game._actions
    cache = game._facts
    cached = cache.get(corp)
    # still the same history up to where the cache stopped: nothing was taken back since
    if cached is not None and cached[1] == game._undos and cached[0] <= len(actions):
        done, _, facts = cached
        if done == len(actions):
            return facts
        facts = facts.copy()
    else:
        done, facts = 0, Facts(corp)
    for i in range(done, len(actions)):
        observe(facts, actions[i], _offer_on_table(game, i))
    cache[corp] = (len(actions), game._undos, facts)
    return facts


def _offer_on_table(game, i: int) -> OfferTrade | None:
    """The trade offer waiting for an answer when action `i` was taken. An offer is answered by
    the very next action (no card, other offer or leaving while one is resolved: R28, R29), so
    it is the action before, or for the first action an offer already on the table where the
    game started."""
    if i:
        previous = game._actions[i - 1]
        return previous if type(previous) is OfferTrade else None
    frames = game.state_before(0).frames  # the game's start: a checkpoint, nothing replayed
    return frames[-1].offer if frames and type(frames[-1]) is TradeFrame else None
