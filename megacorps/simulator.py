"""The fast path for search: a position played forward in place, unchecked and without a log.

    sim = game.simulator()                   # full information: a copy of the table
    sim = mc.determinize(game, "Mokia", rng) # what Mokia may know, the rest drawn at random
    while not sim.is_over:
        corp = sim.deciders[0]
        sim.step(rng.choice(sim.choices(corp)))
    sim.scores()

The simulator asks only real decisions. In a payout window the checked door asks every corp
holding a card (asking only the holders of Oversupply and Shortages would show who holds them);
the simulator knows every hand, so when it is asked who decides it first answers No Card for the
corps that cannot play either card, and asks the others (a fifth of a random game's steps are
such answers). A position it starts from (`game.simulator()`, `determinize`) is the game's own
until then.

`Simulator.step` trusts its caller: it applies any action the checked door would accept, with
the same result (tests/engine/test_simulator.py plays the same actions through both), but an
action that is not legal now leaves the position in an undefined state. Use the values
`choices` and `card_plays` list, or check with the `Game` first.
"""
from __future__ import annotations

import random
from collections import Counter

from .actions import Action, Bundle, OfferTrade, PlayCard
from .flow import HANDLERS, card_plays, decisions, ranges, settle, turn_options
from .knowledge import SET_ASIDE, facts_of
from .state import AuctionFrame, ElectionFrame, GameState, PayoutFrame, TradeFrame


class _Quiet:
    """A step that keeps no log: the simulator's stand-in for `log.Step`."""

    __slots__ = ("state", "reveals")

    def __init__(self, state: GameState):
        self.state = state
        self.reveals = False

    keeps_log = False

    # Any arguments, nothing kept, at C speed (a Python no-op costs a call each log line).
    log = "".format


class Simulator:
    """A position that search plays forward in place: no legality check, no log, no undo."""

    __slots__ = ("state", "_decisions", "_step")

    def __init__(self, state: GameState):
        """Play on `state` itself (it is changed in place: give it a state nobody else holds,
        as `game.simulator()`, `determinize` and `copy` do)."""
        self.state = state
        self._decisions: dict[str, list] | None = None
        self._step = _Quiet(state)

    def _current(self) -> dict[str, list]:
        """`flow.decisions`, inlined for a turn (most steps), after answering No Card for the
        corps that cannot play a payout card."""
        state = self.state
        frames = state.frames
        if frames:
            if type(frames[-1]) is PayoutFrame:
                self._answer_no_card()
            current = self._decisions = decisions(state)
        elif state.phase == "rounds" and state.to_act:
            corp = state.to_act[0]
            current = self._decisions = {corp: turn_options(state, corp)}
        else:
            current = self._decisions = decisions(state)
        return current

    @property
    def deciders(self) -> list[str]:
        """Corps that must decide now ([] when the game is over)."""
        current = self._decisions  # _current, inlined (a call costs as much as the rest)
        return list(current if current is not None else self._current())

    def choices(self, corp: str) -> list[Action]:
        """The choices of `corp`'s pending decision (the same values `Game.legal_actions`
        lists, without any-time cards and leaving); [] if it has none. Do not change the list."""
        current = self._decisions
        return (current if current is not None else self._current()).get(corp, [])

    def ranges(self, corp: str) -> list:
        """The whole ranges of amounts `corp`'s decision accepts (`Game.ranges`); `choices`
        lists sensible steps of them, and `step` takes any amount in range."""
        return ranges(self.state).get(corp, [])

    def card_plays(self, corp: str) -> list[PlayCard]:
        """Any-time cards `corp` may play right now, with every legal target."""
        return card_plays(self.state, corp)

    def step(self, action: Action) -> None:
        """Apply a legal action (unchecked) and everything that follows from it, in place."""
        step = self._step  # flow.apply_action, inlined
        state = self.state
        frames = state.frames
        HANDLERS[type(frames[-1]) if frames else None][type(action)](step, action)
        if frames or not state.to_act:  # (otherwise the turn order goes on: nothing to settle)
            settle(step)
        self._decisions = None

    def _answer_no_card(self) -> None:
        """In a payout window, No Card for every corp asked that cannot play Oversupply or
        Shortages now (after one of them, only the other may follow); a window nobody can
        answer resolves, and play goes on to the next real decision."""
        state = self.state
        frames = state.frames
        cards = state.index.payout_cards
        hands = state.hands
        while frames and type(frames[-1]) is PayoutFrame:
            frame = frames[-1]
            last = frame.modifiers[-1] if frame.modifiers else None
            playable = cards - {last} if last else cards
            frame.waiting = [c for c in frame.waiting if not playable.isdisjoint(hands[c])]
            if frame.waiting:
                return
            settle(self._step)

    def copy(self) -> "Simulator":
        """An independent copy of this position."""
        return Simulator(self.state.fork())

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    def scores(self) -> dict[str, int]:
        """Money of every corp still in the game."""
        money = self.state.money
        return {c: money[c] for c in self.state.playing}

    def winners(self) -> list[str]:
        scores = self.scores()
        best = max(scores.values())
        return [c for c, m in scores.items() if m == best]


# --- Sampling the hidden information ------------------------------------------------------------

def _unseen(game, corp: str) -> tuple[list[str], list[tuple[str, int]]]:
    """The cards `corp` has not seen (sorted) and the places they fill, with their sizes:
    every other corp's hand, the deck, the cards set aside. Depends on public facts only."""
    state = game.state
    cached = game._unseen.get(corp)
    if cached is not None and cached[0] is state:
        return cached[1], cached[2]
    pool = Counter(state.deck_spec.all_cards)
    pool.subtract(state.hands[corp])
    pool.subtract(state.discard)
    pool.subtract(state.in_play)
    cards = sorted(pool.elements())
    places = [(c, len(state.hands[c])) for c in state.corps if c != corp]
    places += [("deck", len(state.deck)), (SET_ASIDE, len(state.set_aside))]
    game._unseen[corp] = (state, cards, places)
    return cards, places


def _place_facts(facts, room: dict[str, int], rng: random.Random) -> list[tuple[str, str]] | None:
    """Put each known card in one of its possible places with room left (None: impossible)."""
    placed: list[tuple[str, str]] = []

    def place(i: int) -> bool:
        if i == len(facts):
            return True
        card, where = facts[i]
        options = [p for p in where if room.get(p, 0) > 0]
        rng.shuffle(options)
        for p in options:
            room[p] -= 1
            placed.append((card, p))
            if place(i + 1):
                return True
            room[p] += 1
            placed.pop()
        return False

    return placed if place(0) else None


def determinize(game, corp: str, rng: random.Random) -> Simulator:
    """A full position consistent with everything `corp` may see, as a Simulator.

    `corp`'s own hand, the discard pile, the lasting cards, every hand's size, the deck's size
    and every card `corp` has seen change hands in a trade stay as they are; the other hands,
    the deck order and the cards set aside are drawn from the cards `corp` has not seen, using
    only `rng` (the same rng state gives the same position). Other corps' sealed bids and votes
    are drawn at random among their legal choices. Raises ValueError for a corp not in the game.
    """
    state = game.state
    if corp not in state.hands:
        raise ValueError(f"{corp!r} is not playing in this game (the corps are {', '.join(state.corps)})")
    cards, places = _unseen(game, corp)
    cards = list(cards)
    facts = facts_of(game, corp).items
    placed: list[tuple[str, str]] = []
    if facts:
        room = dict(places)
        for usable in (facts, [f for f in facts if len(f[1]) == 1], []):
            found = _place_facts(usable, dict(room), rng)
            if found is not None:
                placed = found
                break
        for card, _ in placed:
            cards.remove(card)
    rng.shuffle(cards)
    new = state.fork()
    d = new.__dict__
    hands = dict(d["hands"])
    at = 0
    set_aside: list[str] = []
    for place, size in places:
        mine = [c for c, p in placed if p == place]
        take = size - len(mine)
        drawn = mine + cards[at:at + take]
        at += take
        if place == "deck":
            d["deck"] = drawn
        elif place == SET_ASIDE:
            set_aside = drawn
        else:
            hands[place] = drawn
    d["hands"] = hands
    d["set_aside"] = set_aside
    _redraw_secrets(new, corp, rng)
    return Simulator(new)


def _redraw_secrets(state: GameState, corp: str, rng: random.Random) -> None:
    """Replace what `corp` may not see in the decisions under way: other corps' sealed bids and
    votes, and the cards of a trade offer between two other corps."""
    for frame in state.frames:
        if isinstance(frame, AuctionFrame):
            for other in sorted(frame.bids):
                if other != corp and state.money[other] > 0:
                    frame.bids[other] = rng.randint(0, state.money[other])
        elif isinstance(frame, ElectionFrame):
            for other in sorted(frame.votes):
                if other != corp:
                    frame.votes[other] = rng.choice(state.playing)
        elif isinstance(frame, TradeFrame):
            offer: OfferTrade = frame.offer
            if corp in (offer.corp, offer.to) or not (offer.give.cards or offer.take.cards):
                continue
            give = _redraw_cards(offer.give, state.hands[offer.corp], state, rng)
            take = _redraw_cards(offer.take, state.hands[offer.to], state, rng)
            frame.offer = OfferTrade(offer.corp, to=offer.to, give=give, take=take)


def _redraw_cards(bundle: Bundle, hand: list[str], state: GameState, rng: random.Random) -> Bundle:
    n = len(bundle.cards)
    if not n:
        return bundle
    source = hand if len(hand) >= n else sorted(state.deck_spec.card_by_name) * n
    return Bundle(bundle.money, bundle.mercenaries, bundle.companies, bundle.countries,
                  tuple(rng.sample(source, n)))
