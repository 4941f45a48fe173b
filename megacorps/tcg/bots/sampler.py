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
from ..actions import Activate, Attack, Bid, Buy, Choose, Pass, PlayEvent, Produce
from .heuristic import HeuristicBot

CANDIDATES = 4
FIRST_TURN_BID = 2          # see `bid`
ROLLOUT_STEPS = 80
RACE_WEIGHT = 30.0          # a card short in the race to the bottom of the main deck (see `race_margin`)


class SamplerBot(BaseBot):
    name = "Sampler"
    description = "looks one turn ahead over imagined hands and decks drawn from what it has not seen"

    def __init__(self, seed: int | None = None, race: int = 1, shared: int = 1, fast: int = 1,
                 candidates: int = CANDIDATES):
        """`race`, `shared`, `fast` and `candidates` switch this version's changes off one by one
        for paired experiments (docs/tcg.md): the deck race, one imagined deal for every
        candidate, the cheap rollout, how many other actions are weighed."""
        super().__init__(seed)
        self.plain = RaceHeuristic(seed) if race else HeuristicBot(seed)
        self.race, self.shared, self.fast, self.candidates = race, shared, fast, candidates

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
        if isinstance(plain.action, Buy) and plain.action.source == "network":
            return plain                      # a purchase from the rival's network: its company (that wins)
                                              # or an engaged card, which the rival loses: taken unweighed
        actions = [a for a in game.legal_actions(seat) if isinstance(a, Buy | Attack | PlayEvent | Activate)]
        if not actions:
            return plain
        others = [a for a in actions if a != plain.action]
        self.rng.shuffle(others)
        candidates = [plain.action] + ([Pass(seat)] if plain.action != Pass(seat) else []) + others[:self.candidates]
        deal = self.rng.randrange(1 << 30)
        scores, margins = {}, {}
        for i, action in enumerate(candidates):
            # one imagined deal for every candidate (`shared`): they are compared on the same cards
            rng = random.Random(f"{self.seed}/{deal}" if self.shared else f"{self.seed}/{view.turn}/{i}")
            scores[i], margins[i] = self.imagine(game, view, seat, action, rng)
        best = max(scores, key=lambda i: (scores[i], -i))
        action = candidates[best]
        if best == 0:
            return Decision(action, f"{plain.reason} (and the look ahead agrees: {scores[0]:+.1f})")
        race = (": its main deck stays the one that runs out last" if self.race and margins[0] < 0 <= margins[best]
                else "")
        return Decision(action, f"the look ahead over imagined hands prefers this ({scores[best]:+.1f} against "
                        f"{scores[0]:+.1f} for the plain choice){race}")

    @staticmethod
    def bid(seat: str) -> Decision:
        """The first player skips the first draw (L395-396), so when both sides only draw, the
        rival's main deck runs out a turn earlier and the rival loses (L674-675): most games that
        last go to the first player. That is worth a bid one above the usual cheap 1M."""
        return Decision(Bid(seat, FIRST_TURN_BID), f"bids {FIRST_TURN_BID}: playing first means drawing one card "
                        "fewer, so the rival's main deck runs out first")

    # --- an imagined game consistent with the view ---------------------------------------------
    def imagine(self, game, view, seat, action, rng) -> tuple[float, int]:
        """The score of `action` played out on one imagined deal to the end of the seat's turn,
        and the seat's race margin then (`race_margin`)."""
        from .. import scenario as make
        det = make(imagined_spec(game, view, rng), seats=view.seats, seed=rng.randrange(1 << 30),
                   options=game.options)
        copy_companies(view, det)
        moved = translate(action, view, det)
        if moved is None or moved not in det.legal_actions(seat):
            return -1e9, 0
        det.apply(moved)
        mine = RaceHeuristic if self.race else HeuristicBot
        players = {x: (mine if x == seat else HeuristicBot)(rng.randrange(1 << 30)) for x in view.seats}
        for _ in range(ROLLOUT_STEPS):
            if det.is_over or det.state.active != seat:
                break
            x = det.deciders[0]
            quick = waiting_pass(det, x) if self.fast else None
            det.apply(quick or players[x].decide(det, x).action)
        return evaluate(det, seat, self.race), state_race(det.state, seat)


# --- the race to the bottom of the main deck ----------------------------------------------------
def race_margin(mine: int, theirs: int, active: str, phase: str, seat: str) -> int:
    """How many cards `seat` can still take out of its own main deck (a search, DEAD DROP,
    MUTATION, an extra draw) and still not be the first who cannot draw (L674-675), if from now on
    both sides only draw one card a turn (L395-396); negative: it would run out first. `mine` and
    `theirs`: the cards left in each main deck. The active player has drawn once the Accounting
    phase (with its reveal) is over."""
    drawn = phase not in ("accounting", "reveal")
    mine_next = (active == seat) != drawn          # whose draw comes first from now on
    # seat fails at its (mine + 1)th draw, the rival at its (theirs + 1)th: draws alternate
    return mine - theirs - (1 if mine_next else 0)


def state_race(s, seat: str) -> int:
    """`race_margin` in an (imagined) game's state."""
    rival = s.other(seat)
    return race_margin(len(s.players[seat].main), len(s.players[rival].main), s.active, s.phase, seat)


def view_race(view, seat: str) -> int:
    rival = next(x for x in view.seats if x != seat)
    return race_margin(view.players[seat].main_left, view.players[rival].main_left, view.active, view.phase, seat)


def takes_from_main_deck(game, view, seat: str) -> bool:
    """Does this choice offer cards of the seat's own main deck (DEAD DROP, MUTATION, a search)?
    Read from the prompt's card names and the seat's public decklist."""
    prompt = view.prompt
    if prompt is None or prompt.kind != "choose" or not prompt.options:
        return False
    keys = [k for k, _ in prompt.options]
    if not any(k.startswith("card:") for k in keys) or not ({"none"} & set(keys)):
        return False
    deck = game.decks[view.seats.index(seat)]
    names = {game.pool[c].name for c in deck.main if c in game.pool}
    return any(label.rsplit(" (", 1)[0] in names for k, label in prompt.options if k.startswith("card:"))


class RaceHeuristic(HeuristicBot):
    """The Heuristic bot, except that it leaves a card in its main deck (takes nothing from a
    search, stops a DEAD DROP) when taking it would make its main deck run out first."""

    def decide(self, game, seat: str) -> Decision:
        prompt = game.prompt
        if prompt is not None and prompt.kind == "choose" and seat in prompt.seats:
            view = game.view(seat)
            if takes_from_main_deck(game, view, seat) and view_race(view, seat) <= 0:
                return Decision(Choose(seat, "none"), "leaves the card in its main deck: one card fewer there "
                                "and its main deck would run out before the rival's")
        return super().decide(game, seat)


def waiting_pass(det, seat: str):
    """The Heuristic bot's move, found without building a view, where the seat can only wait: it
    is not its turn, or the stack or a challenge holds the floor, and it cannot buy the rival's
    company. None where the Heuristic bot has something to weigh."""
    s = det.state
    actions = det.legal_actions(seat)
    if len(actions) == 1:
        return actions[0]
    if s.active == seat and not s.stack and s.combat is None:
        return None
    for a in actions:
        if isinstance(a, Bid | Choose) or (isinstance(a, Buy) and a.source == "network"
                                           and s.cards[a.card].card.type == "company"):
            return None
    return Pass(seat) if Pass(seat) in actions else None


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


def evaluate(det, seat: str, race: int = 1) -> float:
    """Money, the value of the cards in play, the race to the bottom of the main deck (most games
    end there) and the result, from `seat`'s side."""
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
    score = (s.players[seat].money - s.players[rival].money) + 1.5 * (worth[seat] - worth[rival])
    if race:
        score += RACE_WEIGHT * min(state_race(s, seat), 0)
    return score
