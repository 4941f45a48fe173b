"""The rules engine: the game as one generator that yields a `Prompt` each time someone must
decide and receives the (already checked) action.

Set-up and the bid (L328-361), the five phases A-B-C-D-E (L363-658), priority windows around the
rules stack (L679-766, ruling A21), combat (L487-625), state checks after every step (0 traits,
damage, UNIQUE, INDEPENDENT, companies), and the six ways to win (L660-677). Effects of cards are
the verbs of effects.py; nothing here depends on a card's name.
"""
from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from . import board as B
from .actions import Abrupt, Activate, Attack, Buy, Pass, PlayEvent, Produce, Sell
from .cards import TRAITS, Filter, Pool, Search
from .effects import EffectsMixin
from .log import LogEntry, rule
from .options import Options
from .state import CardInst, Player, State, StackItem


class GameOver(Exception):
    """Raised inside the engine when someone wins or loses: the game stops at once."""


@dataclass
class Prompt:
    kind: str                                   # bid, choose, priority
    seats: list[str]
    text: str
    options: list[tuple[str, str]] = field(default_factory=list)   # choose: (key, label)
    main: str | None = None                     # priority: the phase actions open (buy, challenge, divest, reveal)
    private: bool = False                       # the options are seen by the deciding seat only
    from_hidden: bool = False                   # decided on cards only the decider sees (its hand, at a mulligan)

    @property
    def decided_in_private(self) -> bool:
        """Whether the answer is weighed on what only the decider may know: a secret bid (L333-346),
        a choice among hidden cards (a search of one's own deck, DEAD DROP, a looked-at hand) or
        keeping or taking a mulligan on one's own hand (L353-357). A bot's reason for it may name
        those cards or that amount."""
        return self.kind == "bid" or self.private or self.from_hidden


def slot_key(net: str, pos) -> str:
    return f"slot:{net}:{pos[0]}:{pos[1]}"


class Engine(EffectsMixin):
    def __init__(self, seats: list[str], decks: list, pool: Pool, options: Options, seed: int | None):
        self.o = options
        self.pool = pool
        self.rng = random.Random(seed)
        self.entries: list[LogEntry] = []
        self.revealed = False                   # did the last step show hidden information (undo policy)
        players = {s: Player(s) for s in seats}
        self.s = State(seats=list(seats), players=players, cards={}, networks={s: {} for s in seats})
        uid = itertools.count(1)
        for seat, deck in zip(seats, decks):
            p = players[seat]
            for part, ids in (("company", [deck.company]), ("founder", [deck.founder]),
                              ("resource", [c for c, n in sorted(deck.resource.items()) for _ in range(n)]),
                              ("main", [c for c, n in sorted(deck.main.items()) for _ in range(n)])):
                for cid in ids:
                    inst = CardInst(next(uid), pool[cid], seat, seat, zone=part)
                    self.s.cards[inst.uid] = inst
                    if part == "company":
                        p.company = inst.uid
                    elif part == "founder":
                        p.founder = inst.uid
                    else:
                        getattr(p, part).append(inst.uid)
            self.rng.shuffle(p.main)
            self.rng.shuffle(p.resource)

    # --- helpers ---------------------------------------------------------------------------------
    def log(self, ref: str, text: str, secret: dict | None = None):
        self.entries.append(LogEntry(self.s.turn, ref, text, secret or {}))

    def name(self, uid: int) -> str:
        return self.s.cards[uid].name

    def lose(self, seats, reason: str):
        s = self.s
        s.losers |= set(seats)
        if not s.end_reason:
            s.end_reason = reason
        self.log(rule("win"), reason)
        raise GameOver

    def win(self, seat: str, reason: str):
        self.lose([x for x in self.s.seats if x != seat], reason)

    def choose(self, seat: str, text: str, options: list[tuple[str, str]], private: bool = False,
               from_hidden: bool = False):
        action = yield Prompt("choose", [seat], text, options, private=private, from_hidden=from_hidden)
        return action.key

    def pay(self, seat: str, money: int, traits: dict, to: str | None = None):
        p = self.s.players[seat]
        p.money -= money
        for t, n in traits.items():
            p.pool[t] -= n
        if to is not None:
            self.s.players[to].money += money

    def can_pay(self, seat: str, money: int, traits: dict) -> bool:
        p = self.s.players[seat]
        return p.money >= money and all(p.pool[t] >= n for t, n in traits.items())

    def set_money(self, seat: str, amount: int):
        self.s.players[seat].money = max(0, amount)       # money never goes below 0 (notes §1.3)

    # --- the game ----------------------------------------------------------------------------------
    def run(self, start: str | None = None):
        """The whole game; `start`: a phase to begin in, for a position set up by hand (scenario.py)."""
        try:
            if start is None:
                yield from self.setup()
            else:
                yield from self.state_checks()      # a position set by hand obeys the rules at once
                yield from self.turn(start)
            while True:
                yield from self.turn()
        except GameOver:
            s = self.s
            s.over = True
            s.phase = "over"
            s.stack.clear()
        return

    def setup(self):
        """The secret bid for the first turn (L333-346, A19), five cards each, mulligans (L353-357,
        A20), then each company and founder enter their network (L359-360)."""
        s, o = self.s, self.o
        a, b = s.seats
        s.phase = "bid"
        first = None
        if o.bidding:
            for round_ in range(3):
                bids: dict[str, int | None] = {}
                # after a tie the question says so: the same question again read as a lost click
                ask = "The bids tied: bid again" if round_ else "Bid"
                while len(bids) < 2:
                    action = yield Prompt("bid", [x for x in s.seats if x not in bids],
                                          f"{ask} for the first turn (0 to {o.max_bid}), in secret, or decline")
                    bids[action.seat] = action.amount
                    self.log(rule("bid"), f"{action.seat} has made a bid", {action.seat: f"{action.seat} bids {action.amount}"})
                self.revealed = True                 # both bids are shown: the last one cannot be taken back
                if None in bids.values():
                    self.log(rule("nobid"), "A player declines to bid: the first player is drawn at random, "
                             "both keep 10M")
                    break
                self.log(rule("bid"), f"Bids revealed: {a} {bids[a]}, {b} {bids[b]}")
                if bids[a] != bids[b]:
                    first = a if bids[a] > bids[b] else b
                    for x in s.seats:
                        s.players[x].money = 10 - bids[x]
                        s.players[x].bid = bids[x]
                    break
                if round_ < 2:   # a tie: bid again (L333-342)
                    self.log(rule("bid"), "A tie: both bid again (a third tie in a row draws the first "
                             "player at random)")
                if round_ == 2:
                    for x in s.seats:
                        s.players[x].money = 10 - bids[x]
                        s.players[x].bid = bids[x]
                    self.log(rule("bid"), "Three ties in a row: the first player is drawn at random")
        if first is None:
            first = self.rng.choice(s.seats)
        s.first = s.active = first
        self.log(rule("bid"), f"{first} plays first; money: " + ", ".join(f"{x} {s.players[x].money}M" for x in s.seats))
        for x in s.seats:
            self.draw(x, 5, lose_if_empty=False)
        s.phase = "mulligan"
        for x in (first, s.other(first)):
            size = 5
            while size > 0:
                key = yield from self.choose(x, f"Keep this hand of {size} cards, or shuffle it back and draw {size - 1}",
                                             [("keep", "keep the hand"), ("mulligan", f"mulligan to {size - 1}")],
                                             from_hidden=True)
                if key == "keep":
                    break
                p = s.players[x]
                p.main.extend(p.hand)
                for u in p.hand:
                    s.cards[u].zone = "main"
                p.hand.clear()
                self.rng.shuffle(p.main)
                size -= 1
                self.revealed = True
                self.draw(x, size, lose_if_empty=False)
                self.log(rule("mulligan"), f"{x} takes a mulligan and draws {size}")
                if self.o.mulligans == "once":
                    break
        for x in s.seats:
            p = s.players[x]
            self.place(p.company, x, (0, 0), x)
            self.place(p.founder, x, (1, 0), x)
        self.log(rule("setup"), "Each company enters its network with its founder next to it")

    def draw(self, seat: str, n: int, lose_if_empty: bool = True):
        p = self.s.players[seat]
        for _ in range(n):
            if not p.main:
                if lose_if_empty:   # L674-675
                    self.lose([seat], f"{seat} cannot draw from an empty main deck and loses")
                return
            u = p.main.pop()
            self.s.cards[u].zone = "hand"
            p.hand.append(u)
            self.revealed = True
            self.log(rule("draw"), f"{seat} draws a card", {seat: f"{seat} draws {self.name(u)}"})

    PHASES = ("accounting", "buy", "challenge", "divest", "end")

    def turn(self, start: str = "accounting"):
        """One turn of the active player: the five phases A-E in order (L363-367)."""
        s, o = self.s, self.o
        me = s.active
        if start == "accounting":
            s.turn += 1
            if s.turn > o.max_turns:
                s.end_reason = f"The safety limit of {o.max_turns} turns is reached: a tie"
                s.losers |= set(s.seats)
                raise GameOver
            self.log(rule("turn"), f"Turn {s.turn}: {me}'s turn begins")
        for phase in self.PHASES[self.PHASES.index(start):]:
            s.phase = phase
            if phase == "accounting":
                yield from self.accounting(me)
            elif phase == "buy":
                yield from self.window(me, "buy")
                if s.players[me].revealed is not None:
                    self.to_bottom_of_resource(me)
            elif phase == "challenge":
                yield from self.window(me, "challenge")
            elif phase == "divest":
                s.sold_this_phase = False
                self.unique_forced_sales(me)
                yield from self.window(me, "divest")
            else:
                yield from self.end_phase(me)
        s.active = s.other(me)

    # --- A: Accounting (L369-396) -------------------------------------------------------------
    def accounting(self, me: str):
        """A (L369-396, X2): start-of-turn effects, cashflow, disengage, upkeep, reveal, draw."""
        steps = (["triggers", "cashflow", "disengage", "upkeep"] if self.o.accounting_order == "french"
                 else ["triggers", "upkeep", "cashflow", "disengage"])
        for step in steps:
            if step == "triggers":
                yield from self.start_of_turn_triggers(me)
            elif step == "cashflow":
                gained = 0
                for u in self.controlled_tops(me):
                    c = self.s.cards[u]
                    n = B.keywords(self.s, u).get("CASHFLOW")
                    if n and not c.engaged:
                        gained += n
                self.s.players[me].money += gained
                self.log(rule("cashflow"), f"{me} gains {gained}M of cashflow")
            elif step == "disengage":
                for u in self.controlled_all(me, scope=self.o.disengage_scope):
                    self.s.cards[u].engaged = False
                self.log(rule("disengage"), f"{me} disengages their cards")
            else:
                yield from self.upkeep(me)
            yield from self.state_checks()
        yield from self.reveal(me)
        if not (self.s.turn == 1 and not self.o.first_player_draws):
            self.draw(me, 1)

    def controlled_tops(self, seat: str) -> list[int]:
        return [u for u in B.in_play_tops(self.s) if self.s.cards[u].controller == seat]

    def controlled_all(self, seat: str, scope: str = "controlled") -> list[int]:
        return [u for u in B.in_play_all(self.s) if self.s.cards[u].controller == seat
                and (scope == "controlled" or self.s.cards[B.top_of(self.s, u)].net == seat)]

    def start_of_turn_triggers(self, me: str):
        for u in self.controlled_all(me):
            c = self.s.cards[u]
            for trig in c.card.triggers:
                if trig.when == "start_of_turn" and c.zone == "network":
                    yield from self.run_effects(trig.effects, {"controller": me, "source": u})

    def upkeep(self, me: str):
        for u in sorted(self.controlled_all(me)):
            c = self.s.cards[u]
            n = B.keywords(self.s, u).get("UPKEEP")
            if not n or c.zone != "network":
                continue
            opts = [("refuse", f"let {c.name} go (destroyed)")]
            if self.s.players[me].money >= n:
                opts.insert(0, ("pay", f"pay {n}M upkeep for {c.name}"))
            key = yield from self.choose(me, f"Upkeep of {c.name}: {n}M", opts)
            if key == "pay":
                self.s.players[me].money -= n
                self.log(rule("upkeep"), f"{me} pays {n}M upkeep for {c.name}")
            else:
                self.log(rule("upkeep"), f"{me} does not pay the upkeep of {c.name}: it is destroyed")
                self.destroy(u, "upkeep")
            yield from self.state_checks()

    def reveal(self, me: str):
        p = self.s.players[me]
        if not p.resource:
            if self.o.empty_resource_deck_loses:
                self.lose([me], f"{me} has no resource card to reveal and loses (option)")
            self.log(rule("reveal"), f"{me}'s resource deck is empty: no reveal")
            return
        u = p.resource.pop()
        self.s.cards[u].zone = "revealed"
        p.revealed = u
        self.revealed = True
        self.log(rule("reveal"), f"{me} reveals {self.name(u)} from the resource deck")
        if self.o.reveal_buy == "buy_phase":
            return
        self.s.phase = "reveal"
        while p.revealed is not None:
            action = yield Prompt("priority", [me], f"Buy {self.name(u)} now, or put it at the bottom of "
                                  "your resource deck", main="reveal")
            if isinstance(action, Pass):
                self.to_bottom_of_resource(me)
            else:
                yield from self.priority_action(action)
        self.s.phase = "accounting"

    def to_bottom_of_resource(self, me: str):
        p = self.s.players[me]
        u = p.revealed
        p.revealed = None
        p.resource.insert(0, u)
        self.s.cards[u].zone = "resource"
        self.log(rule("reveal"), f"{me} puts {self.name(u)} at the bottom of the resource deck")

    # --- priority windows (L683-697, ruling A21) -----------------------------------------------
    def window(self, first: str, main: str | None = None):
        """Players act in turn until both pass in a row with the stack empty. With `main`, the
        active player may also take that phase's actions while the stack is empty."""
        s = self.s
        seat, passes = first, 0
        while True:
            action = yield Prompt("priority", [seat], self.priority_text(seat, main), main=main)
            if isinstance(action, Pass):
                passes += 1
                if passes >= 2:
                    if s.stack:
                        yield from self.resolve_top()
                        seat, passes = s.active, 0
                        continue
                    return
                seat = s.other(seat)
                continue
            passes = 0
            added = yield from self.priority_action(action)
            yield from self.state_checks()
            if added:
                seat = s.other(action.seat)

    def priority_text(self, seat: str, main: str | None) -> str:
        if self.s.stack:
            return f"{seat}: respond to {self.s.stack[-1].label}, or pass"
        if main and seat == self.s.active:
            return f"{seat}: {main} phase — act, or pass to end it"
        return f"{seat}: play an event or ability, or pass"

    def priority_action(self, a):
        """Carry out a checked priority action; True if it put something on the rules stack."""
        s = self.s
        if isinstance(a, Produce):
            self.produce(a.seat, a.card, a.trait)
            return False
        if isinstance(a, Buy):
            yield from self.buy(a)
            return False
        if isinstance(a, Abrupt):
            c = s.cards[a.card]
            self.pay(a.seat, c.card.value, c.card.trait_cost)
            s.players[a.seat].hand.remove(a.card)
            c.zone = "limbo"
            self.log(rule("ABRUPTION"), f"{a.seat} deploys {c.name} at once (ABRUPTION)")
            yield from self.deploy(a.card, a.seat, from_hand=True)
            return False
        if isinstance(a, PlayEvent):
            yield from self.play_event(a)
            return True
        if isinstance(a, Activate):
            return (yield from self.activate(a))
        if isinstance(a, Attack):
            yield from self.combat(a)
            return False
        if isinstance(a, Sell):
            self.sell(a.seat, a.card)
            return False
        raise AssertionError(f"unexpected action {a!r}")

    def produce(self, seat: str, uid: int, trait: str):
        """Engage a card for one trait: its score goes to the trait pool, off the stack (L429-436)."""
        c = self.s.cards[uid]
        n = (B.traits(self.s, uid)[trait] if self.o.production_amount == "current" else c.card.traits[trait])
        n += B.production_bonus(self.s, uid, trait)
        c.engaged = True
        self.s.players[seat].pool[trait] += n
        self.log(rule("produce"), f"{seat} engages {c.name} for {n} {trait}")

    # --- buying and deploying (L412-476) -----------------------------------------------------------
    def price(self, seat: str, source: str, uid: int) -> int:
        s = self.s
        base = B.pile_value(s, uid) if source == "network" else s.cards[uid].card.value
        return max(0, base - B.buy_discount(s, seat, uid))

    def buy(self, a: Buy):
        s = self.s
        c = s.cards[a.card]
        price = self.price(a.seat, a.source, a.card)
        to = None
        if a.source == "network":
            to = c.controller
        elif a.source == "market" and self.o.market_price_to == "pile_owner":
            to = c.owner
        self.pay(a.seat, price, c.card.trait_cost, to=to)
        where = {"hand": "from hand", "market": f"from {c.owner}'s market", "reveal": "from the resource reveal",
                 "network": f"from {c.controller}'s network, paying {c.controller}"}[a.source]
        self.log(rule("buy"), f"{a.seat} buys {c.name} {where} for {price}M"
                 + "".join(f" + {n} {t}" for t, n in c.card.trait_cost.items()))
        if a.source == "hand":
            s.players[a.seat].hand.remove(a.card)
        elif a.source == "market":
            s.players[c.owner].market.remove(a.card)
        elif a.source == "reveal":
            s.players[a.seat].revealed = None
        if a.source != "network":
            c.zone = "limbo"                     # on its way to a slot
        else:
            if c.card.type == "company":   # L670
                self.win(a.seat, f"{a.seat} buys {c.controller}'s company and wins")
            self.lift(a.card)
            for u in [a.card, *c.pile]:
                s.cards[u].controller = a.seat
                if self.o.purchase_transfers_ownership:
                    s.cards[u].owner = a.seat
        yield from self.deploy(a.card, a.seat, from_hand=a.source == "hand")

    def lift(self, uid: int):
        """Take a top card (and its pile) out of its slot: it leaves play as the card it was (A23)."""
        s = self.s
        c = s.cards[uid]
        del s.networks[c.net][c.pos]
        for u in [uid, *c.pile]:
            x = s.cards[u]
            x.epoch += 1
            x.last_exit = "bought"
            x.damage.clear()
            x.mods.clear()
        c.net = c.pos = None
        c.zone = "limbo"

    def slot_options(self, uid: int) -> list[tuple[str, str]]:
        s = self.s
        opts = [(slot_key(net, p), f"{net}'s network, {B.place_words(p)}") for net, p in B.deploy_slots(s)]
        if s.cards[uid].card.type != "event":
            for u in B.in_play_tops(s):
                if B.has(s, u, "TERRAIN"):
                    x = s.cards[u]
                    opts.append((f"terrain:{u}", f"onto {x.name} in {x.net}'s network (TERRAIN)"))
        return opts

    def deploy(self, uid: int, seat: str, from_hand: bool, slot: str | None = None):
        """Deploy a card: the player picks an empty anchored slot in either network (L460-476);
        then its 'when deployed' effects happen at once, off the stack (L704-705)."""
        s = self.s
        c = s.cards[uid]
        if slot is None:
            slot = yield from self.choose(seat, f"Where does {c.name} go?", self.slot_options(uid))
        terrain = None
        if slot.startswith("terrain:"):
            terrain = int(slot.split(":")[1])
            t = s.cards[terrain]
            net, pos = t.net, t.pos
            del s.networks[net][pos]
        else:
            _, net, x, y = slot.split(":")
            pos = (int(x), int(y))
        self.place(uid, net, pos, seat)
        if terrain is not None:
            # TERRAIN (L1119-1130, ruling A28): the Terrain card bonds under the newcomer
            t = s.cards[terrain]
            c.pile.extend([terrain, *t.pile])
            for u in [terrain, *t.pile]:
                s.cards[u].under = uid
            t.pile = []
            t.net = t.pos = None
        self.log(rule("deploy"), f"{c.name} is deployed in {net}'s network, {B.place_words(pos)}"
                 + (f", onto {s.cards[terrain].name}" if terrain is not None else ""))
        yield from self.on_deploy(uid, seat, from_hand)
        yield from self.state_checks()

    def place(self, uid: int, net: str, pos, seat: str):
        s = self.s
        c = s.cards[uid]
        s.networks[net][pos] = uid
        c.zone, c.net, c.pos, c.controller, c.engaged, c.under = "network", net, pos, seat, False, None
        c.damage.clear()
        c.mods.clear()
        s.arrivals += 1
        c.arrived = s.arrivals
        for u in c.pile:
            s.cards[u].zone = "network"

    def on_deploy(self, uid: int, seat: str, from_hand: bool):
        s = self.s
        c = s.cards[uid]
        kw = B.keywords(s, uid)
        if "UNIQUE" in kw:
            hand = ", ".join(sorted(self.name(u) for u in s.players[seat].hand)) or "nothing"
            self.log(rule("UNIQUE"), f"{seat} deploys the UNIQUE {c.name} and shows their hand: {hand}")
        if "DISASTER LEVEL" in kw:
            yield from self.disaster_searches(uid, seat, kw["DISASTER LEVEL"])
        if from_hand and "MUTATION" in kw:
            where = "bond_under_self" if self.o.mutation_placement == "bonded" else "adjacent"
            yield from self.search(seat, uid, Search(verb="search", deck="main", to=where,
                                   filter=Filter(tags=["Mutation"], max_value=kw["MUTATION"])), why="MUTATION")
        if from_hand and "DEAD DROP" in kw:
            yield from self.dead_drop(uid, seat, kw["DEAD DROP"])
        for trig in c.card.triggers:
            if trig.when == "deployed" and (from_hand or not trig.from_hand_only) and c.zone == "network":
                yield from self.run_trigger(trig, uid, seat)

    def disaster_searches(self, uid: int, seat: str, level: int):
        """DISASTER LEVEL X (L716-723, L1053-1056, rulings X7, A27): the other players may take a
        crisis card from their main deck into their hand, off the stack."""
        searchers = [x for x in self.s.seats if x != seat or self.o.disaster_searchers == "everyone"]
        for x in searchers:
            f = Filter(crisis_at_most=level)
            yield from self.search(x, uid, Search(verb="search", deck="main", to="hand", filter=f), why="DISASTER LEVEL",
                                   exact_crisis=level if self.o.crisis_match == "exactly" else None)

    def dead_drop(self, uid: int, seat: str, budget: int):
        """DEAD DROP n (L953-965, A26): equipment of total value <= n from the main deck, deployed
        free next to this card, one at a time."""
        s = self.s
        p = s.players[seat]
        while True:
            c = s.cards[uid]
            if c.zone != "network":
                break
            grid = s.networks[c.net]
            free = [q for q in B.neighbours(c.pos) if q not in grid]
            found = sorted((u for u in p.main if s.cards[u].card.type == "equipment"
                            and s.cards[u].card.value <= budget), key=lambda u: (self.name(u), u))
            if not free or not found:
                break
            opts = [(f"card:{u}", f"{self.name(u)} ({s.cards[u].card.value}M)") for u in found] + [("none", "stop")]
            self.revealed = True
            key = yield from self.choose(seat, f"DEAD DROP: equipment worth {budget}M or less in all", opts, private=True)
            if key == "none":
                break
            e = int(key.split(":")[1])
            budget -= s.cards[e].card.value
            p.main.remove(e)
            s.cards[e].zone = "limbo"
            self.log(rule("DEAD DROP"), f"{seat} finds {self.name(e)} by DEAD DROP")
            slot = yield from self.choose(seat, f"Where does {self.name(e)} go?",
                                          [(slot_key(c.net, q), f"next to {c.name} at {q}") for q in free])
            yield from self.deploy(e, seat, from_hand=False, slot=slot)
        if self.o.shuffle_after_search:
            self.rng.shuffle(p.main)

    # --- events and abilities (L693-712) ---------------------------------------------------------
    def play_event(self, a: PlayEvent):
        s = self.s
        c = s.cards[a.card]
        self.pay(a.seat, c.card.value, c.card.trait_cost)
        if a.source == "hand":
            s.players[a.seat].hand.remove(a.card)
        else:
            s.players[c.owner].market.remove(a.card)
        c.zone = "limbo"
        self.log(rule("event"), f"{a.seat} plays {c.name}" + (f" on {self.target_label(a.target)}" if a.target else ""))
        target = self.freeze_target(a.target)
        yield from self.deploy(a.card, a.seat, from_hand=a.source == "hand")
        item = StackItem(s.next_sid, "event", a.card, c.epoch, a.seat, list(c.card.effects), target,
                         label=f"{c.name} ({a.seat})", spec=c.card.target)
        s.next_sid += 1
        s.stack.append(item)

    def activate(self, a: Activate):
        s = self.s
        c = s.cards[a.card]
        if a.ability == -1:
            pay = int(a.target.split(":")[1]) if a.target else None
            if pay is not None:
                self.annihilate(pay, "REGENERATE cost")
            item = StackItem(s.next_sid, "ability", a.card, c.epoch, a.seat, ["regenerate"], None,
                             label=f"REGENERATE of {c.name}")
            s.next_sid += 1
            s.stack.append(item)
            self.log(rule("REGENERATE"), f"{a.seat} activates REGENERATE of {c.name}")
            return True
        ab = B.abilities(s, a.card)[a.ability]
        cost = ab.cost
        self.pay(a.seat, cost.money, cost.traits)
        if cost.engage_self:
            c.engaged = True
        if cost.once_per_turn:
            c.used.add(a.ability)
        other = None
        if cost.engage_other is not None:
            opts = [(f"card:{u}", self.name(u)) for u in self.engage_other_options(a.seat, a.card, cost.engage_other)]
            key = yield from self.choose(a.seat, "Which card do you engage to pay?", opts)
            other = int(key.split(":")[1])
            s.cards[other].engaged = True
        target = self.freeze_target(a.target)
        item = StackItem(s.next_sid, "ability", a.card, c.epoch, a.seat, list(ab.effects), target,
                         label=f"{c.name}'s ability ({a.seat})", engaged_other=other, spec=ab.target)
        s.next_sid += 1
        s.stack.append(item)
        self.log(rule("ability"), f"{a.seat} activates {c.name}'s ability"
                 + (f" on {self.target_label(a.target)}" if a.target else ""))
        return True

    def engage_other_options(self, seat: str, source: int, f: Filter) -> list[int]:
        s = self.s
        return [u for u in self.controlled_tops(seat) if not s.cards[u].engaged and u != source
                and B.matches(s, u, f, source, seat)]

    def freeze_target(self, key: str | None):
        """A target as the rules see it: the slot of a card (L946-951), a stack item, a seat."""
        if key is None:
            return None
        kind, _, rest = key.partition(":")
        if kind == "card":
            u = int(rest)
            c = self.s.cards[u]
            return ("card", u, c.net, c.pos)
        if kind == "stack":
            return ("stack", int(rest))
        if kind == "seat":
            return ("seat", rest)
        _, net, x, y = key.split(":")
        return ("slot", net, (int(x), int(y)))

    def target_label(self, key: str) -> str:
        kind, _, rest = key.partition(":")
        if kind == "card":
            return self.name(int(rest))
        if kind == "stack":
            item = next((i for i in self.s.stack if i.sid == int(rest)), None)
            return item.label if item else "an item of the stack"
        if kind == "seat":
            return rest
        return key

    def resolve_top(self):
        """The top item resolves (LIFO, L687-689), unless its source left play (fizzling,
        L732-733, A23)."""
        s = self.s
        item = s.stack.pop()
        src = s.cards[item.source]
        if src.epoch != item.epoch and (self.o.fizzle_on == "leaves_play" or src.last_exit == "destroyed"):
            self.log(rule("fizzle"), f"{item.label} fizzles: its source left play")
            return
        self.log(rule("resolve"), f"{item.label} resolves")
        if item.effects == ["regenerate"]:
            self.regenerate(item.source)
        else:
            ctx = {"controller": item.controller, "source": item.source, "target": self.live_target(item),
                   "engaged_other": item.engaged_other, "item": item}
            yield from self.run_effects(item.effects, ctx)
        if item.kind == "event":
            yield from self.event_resolved(item)
        yield from self.state_checks()

    def live_target(self, item: StackItem):
        t = item.target
        s = self.s
        if t is None:
            return None
        if t[0] == "card":
            _, u, net, pos = t
            if pos is None:                      # a bonded card: targeted while it stays in play
                now = u if s.cards[u].zone == "network" else None
            else:                                # a slot: whatever card stands there now (L946-951)
                now = s.networks[net].get(pos)
            if now is not None and item.spec is not None and not (
                    B.matches(s, now, item.spec.filter, item.source, item.controller) and not B.camouflaged(s, now)):
                self.log(rule("resolve"), f"{self.name(now)} is no longer a legal target: that part does nothing")
                return None
            return now
        if t[0] == "stack":
            return next((i for i in s.stack if i.sid == t[1]), None)
        if t[0] == "seat":
            return t[1]
        return t if t[2] not in s.networks[t[1]] else None

    def event_resolved(self, item: StackItem):
        s = self.s
        ev = s.cards[item.source]
        for u in B.in_play_all(s):
            c = s.cards[u]
            for i, trig in enumerate(c.card.triggers):
                if trig.when != "event_resolves":
                    continue
                if trig.filter is not None and not (B.card_matches(ev.card, trig.filter)
                                                    and (trig.filter.control != "you" or item.controller == c.controller)):
                    continue
                if trig.once_per_turn:
                    if ("trigger", i) in c.used:
                        continue
                    c.used.add(("trigger", i))
                yield from self.run_trigger(trig, u, c.controller)
        if self.o.resolved_events == "leave_at_once" and ev.zone == "network" and not B.has(s, ev.uid, "PERMANENT"):
            self.leave_play(ev.uid, "market_bottom", "resolved")

    # --- state checks (notes §1.3, §1.9, UNIQUE, INDEPENDENT) ------------------------------------
    def doomed_card(self):
        """The first card in play that must be destroyed now, and why (the trait, or a DEMOLISHER
        mark); None. Reads the state only (with the cache on)."""
        s = self.s
        for u in sorted(B.in_play_all(s)):
            c = s.cards[u]
            if B.has(s, u, "INDESTRUCTIBLE"):
                continue
            if c.doomed:
                return u, None
            t = B.destroyable_by_damage(s, u, self.o.zero_damage_destroys, self.o.damage_destroys == "any_card")
            if t is not None:
                return u, t
        return None

    def state_checks(self):
        s = self.s
        while True:
            gone = [x for x in s.seats if s.cards[s.players[x].company].zone != "network"]
            if gone:   # L672
                self.lose(gone, " and ".join(gone) + " loses: the company was destroyed")
            s.cache = {}
            found = self.doomed_card()
            s.cache = None
            if found is not None:
                yield from self.settle_doomed(*found)
                continue
            s.cache = {}
            dup = self.unique_duplicate()
            s.cache = None
            if dup is not None:
                c = s.cards[dup]
                self.log(rule("UNIQUE"), f"{c.controller} controls two {c.name}: the newer one is destroyed")
                self.destroy(dup, "UNIQUE")
                continue
            changed = yield from self.independent_check()
            if not changed:
                return

    def settle_doomed(self, u: int, t: str | None):
        """Destroy a doomed card: REGENERATE may save it from damage (L1087-1105); an ASSASSIN's
        victim in combat is annihilated instead (L927-929)."""
        s = self.s
        c = s.cards[u]
        if t is None:
            self.log(rule("DEMOLISHER"), f"{c.name} is destroyed ({c.doomed})")
            self.destroy(u, c.doomed)
            return
        if c.damage.get(t, 0) > 0 and (yield from self.offer_regeneration(u)):
            return
        killer = s.cards[c.hit_by] if c.hit_by is not None else None
        why = f"{c.damage.get(t, 0)} damage in {t}" if c.damage.get(t, 0) else f"{t} brought to 0"
        if s.combat is not None and killer is not None and B.has(s, killer.uid, "ASSASSIN"):
            self.log(rule("ASSASSIN"), f"{c.name} is killed by the ASSASSIN {killer.name}: annihilated")
            self.annihilate(u, "ASSASSIN")
        else:
            self.log(rule("destroy"), f"{c.name} is destroyed ({why})")
            self.destroy(u, why)

    def offer_regeneration(self, u: int):
        """REGENERATE (L1087-1105): the controller may pay to cancel the destruction."""
        s = self.s
        c = s.cards[u]
        kw = B.keywords(s, u)
        if "REGENERATE" not in kw:
            return False
        opts = [(f"regen:{p}", f"annihilate {self.name(p)} to regenerate {c.name}")
                for p in self.regeneration_payments(u, kw["REGENERATE"])]
        if not opts:
            return False
        key = yield from self.choose(c.controller, f"{c.name} is about to be destroyed: regenerate it?",
                                     opts + [("let", f"let {c.name} be destroyed")])
        if key == "let":
            return False
        self.annihilate(int(key.split(":")[1]), "REGENERATE cost")
        self.regenerate(u)
        return True

    def regeneration_payments(self, u: int, tag) -> list[int]:
        s = self.s
        c = s.cards[u]
        if tag is None:
            return [u]
        return [p for p in self.controlled_tops(c.controller) if p != u
                and tag.lower() in {t.lower() for t in s.cards[p].card.tags}]

    def regenerate(self, u: int):
        c = self.s.cards[u]
        if c.zone != "network":
            return
        c.damage.clear()
        if self.o.regenerate_clears_changes:
            c.mods.clear()
        c.doomed = None
        if self.s.combat is not None:
            c.regenerated = True
        self.log(rule("REGENERATE"), f"{c.name} regenerates: all damage and changes removed")

    def unique_duplicate(self) -> int | None:
        """UNIQUE (L1132-1141, A35): one player never controls two of the same name; the newer goes."""
        s = self.s
        seen: set = set()
        for u in sorted(B.in_play_tops(s), key=lambda u: s.cards[u].arrived):
            c = s.cards[u]
            if not B.has(s, u, "UNIQUE") or B.has(s, u, "INDESTRUCTIBLE"):
                continue
            if (c.controller, c.name) in seen:
                return u
            seen.add((c.controller, c.name))
        return None

    def independent_check(self):
        """INDEPENDENT (L1000-1002): an orphaned independent card moves at once to an anchored slot."""
        s = self.s
        for net in s.seats:
            for u in B.orphans(s, net):
                if not B.has(s, u, "INDEPENDENT"):
                    continue
                spots = B.anchored_empty_slots(s, net, moving=u)
                if not spots:
                    continue
                c = s.cards[u]
                key = yield from self.choose(c.controller, f"{c.name} is orphaned: where does it move (INDEPENDENT)?",
                                             [(slot_key(net, p), B.place_words(p)) for p in spots])
                _, _, x, y = key.split(":")
                self.move_card(u, (int(x), int(y)))
                self.log(rule("INDEPENDENT"), f"{c.name} moves to {c.pos} (INDEPENDENT)")
                return True
        return False

    def move_card(self, u: int, pos):
        s = self.s
        c = s.cards[u]
        del s.networks[c.net][c.pos]
        s.networks[c.net][pos] = u
        c.pos = pos

    # --- leaving play ------------------------------------------------------------------------
    def leave_play(self, uid: int, dest: str, how: str):
        """A card (a top card takes its pile along) leaves play for a market or the annihilation
        zone. dest: market_top, market_bottom, annihilated."""
        s = self.s
        c = s.cards[uid]
        if c.under is not None:
            top = s.cards[c.under]
            top.pile.remove(uid)
            movers = [uid]
        else:
            if c.pos is not None and s.networks[c.net].get(c.pos) == uid:
                del s.networks[c.net][c.pos]
            movers = [uid, *c.pile]
            c.pile = []
        for i, u in enumerate(movers):
            x = s.cards[u]
            x.epoch += 1
            x.last_exit = how
            x.damage.clear()
            x.mods.clear()
            x.tokens = 0
            x.engaged = False
            x.under = None
            x.net = x.pos = None
            x.used.clear()
            x.doomed = None
            x.hit_by = None
            x.controller = x.owner
            if dest == "annihilated" and i == 0:
                x.zone = "annihilated"
                s.annihilated.append(u)
            else:
                x.zone = "market"
                owner = s.players[x.owner]
                if dest == "market_bottom":
                    owner.market.insert(0, u)
                else:
                    owner.market.append(u)

    def destroy(self, uid: int, why: str) -> bool:
        """Destroyed: to the top of its owner's market with its pile (L570-572, L783-784);
        INDESTRUCTIBLE cards never are (L1003-1009)."""
        if self.s.cards[uid].zone != "network" or B.has(self.s, uid, "INDESTRUCTIBLE"):
            return False
        self.leave_play(uid, "market_top", "destroyed")
        return True

    def annihilate(self, uid: int, why: str):
        """To the annihilation zone, for good (L904-907); cards under it are destroyed."""
        if self.s.cards[uid].zone != "network":
            return
        self.leave_play(uid, "annihilated", "annihilated")
        self.log(rule("ANNIHILATE"), f"{self.name(uid)} is annihilated ({why})")

    # --- C: challenges (L487-625) ------------------------------------------------------------
    def combat(self, a: Attack):
        from .combat import run_combat
        yield from run_combat(self, a)

    # --- D: divest (L627-640) ----------------------------------------------------------------
    def unique_forced_sales(self, me: str):
        """UNIQUE (L1133-1135, X15): copies in hand of a UNIQUE card you have in play are sold."""
        s = self.s
        p = s.players[me]
        names = {s.cards[u].name for u in self.controlled_tops(me) if B.has(s, u, "UNIQUE")}
        for u in list(p.hand):
            c = s.cards[u]
            if c.name in names:
                p.hand.remove(u)
                p.money += c.card.value
                c.zone = "market"
                p.market.append(u)
                self.log(rule("UNIQUE"), f"{me} must sell the copy of {c.name} in hand for {c.card.value}M")
                if self.o.unique_sales_use_the_sale:
                    s.sold_this_phase = True

    def sell(self, seat: str, uid: int):
        s = self.s
        amount = B.pile_value(s, uid)
        name = self.name(uid)
        s.players[seat].money += amount
        self.leave_play(uid, "market_top", "sold")
        s.sold_this_phase = True
        self.log(rule("sell"), f"{seat} sells {name} for {amount}M")

    # --- E: end (L642-658) -------------------------------------------------------------------
    def sweep_orphans(self):
        """Orphans are destroyed, into their owners' markets (L482, L654-655); INDESTRUCTIBLE ones stay (A34)."""
        s = self.s
        for net in s.seats:
            for u in B.orphans(s, net):
                if self.destroy(u, "orphan"):
                    self.log(rule("orphan"), f"The orphan {self.name(u)} is destroyed")

    def end_phase(self, me: str):
        s = self.s
        if B.company_orphaned(s, me):   # L647-649
            self.lose([me], f"{me}'s company has no card next to it at the End phase: {me} loses")
        broke = [x for x in s.seats if s.players[x].money <= 0
                 and (self.o.broke_check == "everyone" or x == me)]
        if broke:   # L651, L664-665
            self.lose(broke, " and ".join(broke) + (" have" if len(broke) > 1 else " has")
                      + " no money at the End phase and " + ("lose" if len(broke) > 1 else "loses")
                      + (": a tie" if len(broke) == len(s.seats) else ""))
        for x in s.seats:
            s.players[x].pool = {t: 0 for t in TRAITS}
        self.sweep_orphans()
        for u in list(B.in_play_tops(s)):
            c = s.cards[u]
            if c.card.type == "event" and not B.has(s, u, "PERMANENT"):
                self.leave_play(u, "market_bottom", "end of turn")
                self.log(rule("event end"), f"{c.name} goes to the bottom of {c.owner}'s market")
        if self.o.sweep_orphans_after_events:
            self.sweep_orphans()
        for c in s.cards.values():
            c.damage.clear() if c.zone == "network" else None
            c.mods.clear()
            c.attacked = False
            c.times_attacked = 0
            c.retaliations = 0
            c.used.clear()
        s.players[me].turns_done += 1
        yield from self.state_checks()
