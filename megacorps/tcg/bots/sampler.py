"""Sampler: the Heuristic bot, plus a look ahead in its own Buy and Challenge phases.

For a few candidate actions it imagines the game as its seat sees it — the rival's hand and both
decks' order drawn at random from the cards it has not seen (the decklists are public: each
player shows both decks at set-up, L330-331) — plays the candidate and the rest of its turn with
the Heuristic bot on both sides, and scores the result (money, the value of the cards in play, a
win or a loss). It keeps the candidate with the best average. It reads only `game.view(seat)`,
the legal actions and the public decklists, never the true hidden cards.
"""
from __future__ import annotations

import random
from collections import Counter

from ...bots.protocol import BaseBot, Decision
from ..actions import Activate, Attack, Bid, Buy, Pass, PlayEvent, Produce
from .heuristic import HeuristicBot

CANDIDATES = 4
SAMPLES = 1                 # one imagined deal per candidate: four cores' worth of games a day, not one
FIRST_TURN_BID = 2          # see `bid`
ROLLOUT_STEPS = 80


class SamplerBot(BaseBot):
    name = "Sampler"
    description = "looks one turn ahead over imagined hands and decks drawn from what it has not seen"

    def __init__(self, seed: int | None = None):
        super().__init__(seed)
        self.plain = HeuristicBot(seed)

    def decide(self, game, seat: str) -> Decision:
        view = game.view(seat)
        if any(isinstance(a, Bid) for a in game.legal_actions(seat)):
            return self.bid(seat)
        plain = self.plain.decide(game, seat)
        if not (view.active == seat and view.phase in ("buy", "challenge") and not view.stack
                and view.combat is None and view.prompt is not None and view.prompt.kind == "priority"):
            return plain
        if any(c.type == "company" and c.pos != (0, 0) for net in view.networks.values() for c in net):
            return plain                      # a moved company: the imagined game cannot place it
        actions = [a for a in game.legal_actions(seat) if isinstance(a, Buy | Attack | PlayEvent | Activate)]
        if not actions:
            return plain
        others = [a for a in actions if a != plain.action]
        self.rng.shuffle(others)
        candidates = [plain.action] + ([Pass(seat)] if plain.action != Pass(seat) else []) + others[:CANDIDATES]
        scores = {}
        for i, action in enumerate(candidates):
            total = 0.0
            for k in range(SAMPLES):
                total += self.imagine(game, view, seat, action, random.Random(f"{self.seed}/{view.turn}/{i}/{k}"))
            scores[i] = total / SAMPLES
        best = max(scores, key=lambda i: (scores[i], -i))
        action = candidates[best]
        if best == 0:
            return Decision(action, f"{plain.reason} (and the look ahead agrees: {scores[0]:+.1f})")
        return Decision(action, f"the look ahead over imagined hands prefers this ({scores[best]:+.1f} against "
                        f"{scores[0]:+.1f} for the plain choice)")

    @staticmethod
    def bid(seat: str) -> Decision:
        """The first player skips the first draw (L395-396), so when both sides only draw, the
        rival's main deck runs out a turn earlier and the rival loses (L674-675): most games that
        last go to the first player. That is worth a bid one above the usual cheap 1M."""
        return Decision(Bid(seat, FIRST_TURN_BID), f"bids {FIRST_TURN_BID}: playing first means drawing one card "
                        "fewer, so the rival's main deck runs out first")

    # --- an imagined game consistent with the view ---------------------------------------------
    def imagine(self, game, view, seat, action, rng) -> float:
        from .. import scenario as make
        det = make(imagined_spec(game, view, rng), seats=view.seats, seed=rng.randrange(1 << 30),
                   options=game.options)
        copy_companies(view, det)
        moved = translate(action, view, det)
        if moved is None or moved not in det.legal_actions(seat):
            return -1e9
        det.apply(moved)
        players = {x: HeuristicBot(rng.randrange(1 << 30)) for x in view.seats}
        for _ in range(ROLLOUT_STEPS):
            if det.is_over or det.state.active != seat:
                break
            x = det.deciders[0]
            det.apply(players[x].decide(det, x).action)
        return evaluate(det, seat)


def seen_cards(view, owner: str) -> Counter:
    out = Counter()
    for net in view.networks.values():
        for c in net:
            for x in (c, *c.pile):
                if x.owner == owner:
                    out[x.id] += 1
    for x in view.players[owner].market:
        out[x.id] += 1
    for x in view.annihilated:
        if x.owner == owner:
            out[x.id] += 1
    p = view.players[owner]
    if p.revealed is not None:
        out[p.revealed.id] += 1
    for x in p.hand or []:
        out[x.id] += 1
    return out


def imagined_spec(game, view, rng) -> dict:
    """A scenario matching the view: hidden cards drawn from the unseen part of each decklist."""
    spec = {"active": view.active, "phase": view.phase, "turn": view.turn, "money": {}, "pools": {},
            "turns_done": {}, "hands": {}, "mains": {}, "resources": {}, "markets": {}, "founders": {},
            "networks": {}}
    for i, x in enumerate(view.seats):
        p = view.players[x]
        deck = game.decks[i]
        seen = seen_cards(view, x)
        unseen_main = Counter(deck.main) - seen
        unseen_res = Counter(deck.resource) - seen
        mains = sorted(unseen_main.elements())
        rng.shuffle(mains)
        if p.hand is not None:
            hand = [c.id for c in p.hand]
        else:
            hand, mains = mains[:p.hand_size], mains[p.hand_size:]
        res = sorted(unseen_res.elements())
        rng.shuffle(res)
        spec["money"][x], spec["pools"][x], spec["turns_done"][x] = p.money, dict(p.pool), p.turns_done
        spec["hands"][x], spec["mains"][x], spec["resources"][x] = hand, mains[:p.main_left], res[:p.resource_left]
        spec["markets"][x] = [c.id for c in p.market]
        spec["founders"][x] = None
        spec["networks"][x] = [{"id": c.id, "at": list(c.pos), "engaged": c.engaged, "controller": c.controller,
                                "owner": c.owner, "damage": dict(c.damage), "tokens": c.tokens,
                                "pile": [b.id for b in c.pile]}
                               for c in view.networks[x] if c.type != "company"]
    return spec


def copy_companies(view, det):
    s = det.state
    for x in view.seats:
        c = next(c for c in view.networks[x] if c.type == "company")
        inst = s.cards[s.players[x].company]
        inst.engaged, inst.damage, inst.tokens = c.engaged, dict(c.damage), c.tokens
    s.cache = {}
    det._legal = {}


def _at(view, uid):
    for net, cards in view.networks.items():
        for c in cards:
            if c.uid == uid:
                return net, c.pos, None
            for i, b in enumerate(c.pile):
                if b.uid == uid:
                    return net, c.pos, i
    return None


def _there(det, where):
    if where is None:
        return None
    net, pos, depth = where
    top = det.state.networks[net].get(tuple(pos))
    if top is None or depth is None:
        return top
    pile = det.state.cards[top].pile
    return pile[depth] if depth < len(pile) else None


def translate(action, view, det):
    """The same action in the imagined game: cards found by their place (or by name in hand)."""
    s = det.state
    seat = action.seat

    def card_of(uid):
        where = _at(view, uid)
        if where is not None:
            return _there(det, where)
        me = view.players[seat]
        for c in me.hand or []:
            if c.uid == uid:
                return next((u for u in s.players[seat].hand if s.cards[u].card.id == c.id), None)
        for x in view.seats:
            market = view.players[x].market
            if market and market[-1].uid == uid:
                return s.players[x].market[-1] if s.players[x].market else None
        if me.revealed is not None and me.revealed.uid == uid:
            return s.players[seat].revealed
        return None

    def target_of(key):
        if key is None or not key.startswith("card:"):
            return key
        u = card_of(int(key[5:]))
        return None if u is None else f"card:{u}"

    if isinstance(action, Pass):
        return action
    if isinstance(action, Produce):
        u = card_of(action.card)
        return None if u is None else Produce(seat, u, action.trait)
    if isinstance(action, Buy):
        u = card_of(action.card)
        return None if u is None else Buy(seat, action.source, u)
    if isinstance(action, Attack):
        a, t = card_of(action.attacker), card_of(action.target)
        return None if a is None or t is None else Attack(seat, a, t, action.trait, action.zone)
    if isinstance(action, PlayEvent):
        u = card_of(action.card)
        return None if u is None else PlayEvent(seat, u, target_of(action.target), action.source)
    if isinstance(action, Activate):
        u = card_of(action.card)
        return None if u is None else Activate(seat, u, action.ability, target_of(action.target))
    return None


def evaluate(det, seat: str) -> float:
    """Money, the value of the cards in play, and the result, from `seat`'s side."""
    if det.is_over:
        won = det.winners()
        return 0.0 if len(won) != 1 else (10_000.0 if won == [seat] else -10_000.0)
    s = det.state
    rival = s.other(seat)
    from .. import board as B
    worth = {x: 0.0 for x in s.seats}
    for u in B.in_play_tops(s):
        c = s.cards[u]
        if c.card.type != "company":
            worth[c.controller] += B.pile_value(s, u) + sum(B.traits(s, u).values()) / 2
    return (s.players[seat].money - s.players[rival].money) + 1.5 * (worth[seat] - worth[rival])
