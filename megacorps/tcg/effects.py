"""The effect verbs: each card's behaviour is a list of these, written in its data file
(cards.py); each verb is carried out here once, for every card.

A verb gets a context: the controller, the source card, the target as it stands now (a card,
a stack item, a seat, or None when the targeted slot is empty: then that part does nothing,
ruling A23), and for DEVELOPMENT the character engaged to pay.
"""
from __future__ import annotations

from . import board as B
from .cards import TRAITS
from .log import rule
from .state import Mod


class EffectsMixin:
    def run_effects(self, effects, ctx):
        for e in effects:
            steps = getattr(self, "fx_" + e.verb)(e, ctx)   # a generator when the verb asks a player
            if steps is not None:
                yield from steps
            if self.s.over:
                return

    def run_trigger(self, trig, uid: int, seat: str):
        """A trigger's effects, at once and off the stack (L704-705); a target is picked now."""
        ctx = {"controller": seat, "source": uid, "target": None, "engaged_other": None}
        if trig.target is not None:
            opts = [(k, lbl) for k, lbl in self.target_options(seat, uid, trig.target)]
            if not opts:
                return
            if trig.optional:
                opts.append(("none", "do nothing"))
            key = yield from self.choose(seat, f"{self.name(uid)}: choose a target", opts)
            if key == "none":
                return
            ctx["target"] = self.live_target_key(key)
        elif trig.optional:
            key = yield from self.choose(seat, f"Use the effect of {self.name(uid)}?", [("yes", "yes"), ("no", "no")])
            if key == "no":
                return
        yield from self.run_effects(trig.effects, ctx)

    def live_target_key(self, key: str):
        kind, _, rest = key.partition(":")
        if kind == "card":
            return int(rest)
        if kind == "seat":
            return rest
        return key

    # --- targets --------------------------------------------------------------------------------
    def target_options(self, seat: str, source: int, spec) -> list[tuple[str, str]]:
        """Legal targets for a Target spec (L946-951): never a CAMOUFLAGE-hidden card."""
        s = self.s
        f = spec.filter
        if spec.kind == "card":
            pool = B.in_play_all(s) if f.under_another else B.in_play_tops(s)
            return [(f"card:{u}", s.cards[u].name) for u in pool
                    if B.matches(s, u, f, source, seat) and not B.camouflaged(s, u)]
        if spec.kind in ("event", "ability"):
            return [(f"stack:{i.sid}", i.label) for i in s.stack if i.kind == spec.kind]
        if spec.kind == "opponent":
            return [(f"seat:{x}", x) for x in s.seats if x != seat]
        c = s.cards[source]
        if c.zone != "network":
            return []
        return [(f"slot:{c.net}:{p[0]}:{p[1]}", B.place_words(p)) for p in B.anchored_empty_slots(s, c.net, moving=source)]

    def target_card(self, e, ctx):
        """The card a verb acts on, or None."""
        to = getattr(e, "to", "target")
        s = self.s
        if to == "self":
            u = ctx["source"]
        elif to == "above":
            u = s.cards[ctx["source"]].under
        else:
            u = ctx.get("target")
        if not isinstance(u, int) or s.cards[u].zone != "network":
            return None
        return u

    # --- the verbs ----------------------------------------------------------------------------------
    def fx_deal_damage(self, e, ctx):
        """Direct damage: no blockers, no retaliation (L760-762). `zone`: ZONE EFFECT (L993-998, A13)."""
        s = self.s
        if e.to == "zone":
            src = s.cards[ctx["source"]]
            if src.zone != "network":
                return
            radius = B.keywords(s, src.uid).get("ZONE EFFECT", 0)
            hits = []
            for u in B.in_play_tops(s):
                c = s.cards[u]
                if u == src.uid or c.net != src.net:
                    continue
                dx, dy = abs(c.pos[0] - src.pos[0]), abs(c.pos[1] - src.pos[1])
                dist = max(dx, dy) if self.o.zone_effect_distance == "chebyshev" else dx + dy
                if dist <= radius:
                    hits.append(u)
        else:
            u = self.target_card(e, ctx)
            hits = [u] if u is not None else []
        for u in hits:
            c = s.cards[u]
            if e.trait in B.traits(s, u):
                c.damage[e.trait] = c.damage.get(e.trait, 0) + e.amount
                self.log(rule("damage"), f"{self.name(ctx['source'])} deals {e.amount} {e.trait} to {c.name}")

    def fx_gain_money(self, e, ctx):
        self.s.players[ctx["controller"]].money += e.amount
        self.log(rule("money"), f"{ctx['controller']} gains {e.amount}M")

    def fx_lose_money(self, e, ctx):
        s = self.s
        who = [x for x in s.seats if x != ctx["controller"]] if e.who == "opponents" else [ctx["controller"]]
        for x in who:
            self.set_money(x, s.players[x].money - e.amount)
            self.log(rule("money"), f"{x} loses {e.amount}M (never below 0)")

    def fx_engage(self, e, ctx):
        u = self.target_card(e, ctx)
        if u is not None:
            self.s.cards[u].engaged = True
            self.log(rule("engage"), f"{self.name(u)} is engaged")

    def fx_draw(self, e, ctx):
        self.draw(ctx["controller"], e.amount)

    def fx_search(self, e, ctx):
        yield from self.search(ctx["controller"], ctx["source"], e, why="search")

    def search(self, seat: str, source: int, e, why: str, exact_crisis: int | None = None):
        """Search one's deck(s) (L321-325): the seat sees the matching cards (in name order, so the
        deck order stays hidden), may take one, then the deck is shuffled (ruling §1.4)."""
        s = self.s
        p = s.players[seat]
        decks = {"main": [p.main], "resource": [p.resource], "either": [p.main, p.resource]}[e.deck]
        src = s.cards[source]
        if e.to in ("adjacent", "bond_under_self") and src.zone != "network":
            return
        free = []
        if e.to == "adjacent":
            free = [q for q in B.neighbours(src.pos) if q not in s.networks[src.net]] if src.under is None else []
            if not free:
                return
        found = []
        for deck in decks:
            for u in deck:
                card = s.cards[u].card
                if not B.card_matches(card, e.filter):
                    continue
                if exact_crisis is not None and card.keyword("CRISIS").param != exact_crisis:
                    continue
                found.append(u)
        found.sort(key=lambda u: (self.name(u), u))
        self.revealed = True
        opts = [(f"card:{u}", f"{self.name(u)} ({s.cards[u].card.value}M)") for u in found] + [("none", "take nothing")]
        key = yield from self.choose(seat, f"{why}: pick a card from your deck", opts, private=True)
        for deck in decks:
            if key != "none" and int(key.split(":")[1]) in deck:
                deck.remove(int(key.split(":")[1]))
            if self.o.shuffle_after_search:
                self.rng.shuffle(deck)
        if key == "none":
            self.log(rule("search"), f"{seat} searches ({why}) and takes nothing")
            return
        u = int(key.split(":")[1])
        c = s.cards[u]
        c.zone = "limbo"
        if e.to == "hand":
            c.zone = "hand"
            p.hand.append(u)
            if e.reveal:
                self.log(rule("search"), f"{seat} searches ({why}) and shows {c.name}, taken into hand")
            else:
                self.log(rule("search"), f"{seat} searches ({why}) and takes a card into hand",
                         {seat: f"{seat} searches ({why}) and takes {c.name}"})
        elif e.to == "adjacent":
            slot = yield from self.choose(seat, f"Where does {c.name} go?",
                                          [(f"slot:{src.net}:{q[0]}:{q[1]}", B.place_words(q)) for q in free])
            self.log(rule("search"), f"{seat} searches ({why}) and deploys {c.name} for free")
            yield from self.deploy(u, seat, from_hand=False, slot=slot)
        else:
            self.log(rule("BOND"), f"{seat} searches ({why}) and bonds {c.name} under {src.name}, for free")
            self.bond_under(u, src.uid)
            yield from self.on_deploy(u, seat, from_hand=False)

    def bond_under(self, uid: int, top: int):
        """`uid` (and anything under it) goes under `top` (L774-775)."""
        s = self.s
        c = s.cards[uid]
        t = s.cards[B.top_of(s, top)]
        if c.zone == "network" and c.under is None and c.pos is not None:
            del s.networks[c.net][c.pos]
        elif c.under is not None:
            s.cards[c.under].pile.remove(uid)
        movers = [uid, *c.pile]
        c.pile = []
        for u in movers:
            x = s.cards[u]
            x.under, x.zone, x.net, x.pos = t.uid, "network", None, None
            x.controller = t.controller
        t.pile.extend(movers)

    def fx_bond(self, e, ctx):
        """BOND (L930-939): the source goes under the target."""
        s = self.s
        src = s.cards[ctx["source"]]
        u = ctx.get("target")
        if not isinstance(u, int) or s.cards[u].zone != "network" or src.zone != "network" or src.under is not None:
            return
        self.bond_under(src.uid, u)
        self.log(rule("BOND"), f"{src.name} bonds under {self.name(u)}")

    def fx_bond_adjacent(self, e, ctx):
        """The mech (L938-939): an adjacent card goes under the source; if it was engaged, the
        source becomes engaged."""
        s = self.s
        src = s.cards[ctx["source"]]
        if src.zone != "network" or src.under is not None:
            return
        cands = [u for u in B.adjacent_tops(s, src.uid) if B.matches(s, u, e.filter, src.uid, ctx["controller"])]
        if not cands:
            return
        key = yield from self.choose(ctx["controller"], f"Bond a card under {src.name}?",
                                     [(f"card:{u}", self.name(u)) for u in cands] + [("none", "no")])
        if key == "none":
            return
        u = int(key.split(":")[1])
        was_engaged = s.cards[u].engaged
        self.bond_under(u, src.uid)
        if was_engaged:
            src.engaged = True
        self.log(rule("BOND"), f"{self.name(u)} bonds under {src.name}" + (", which becomes engaged" if was_engaged else ""))

    def fx_unbond_redeploy(self, e, ctx):
        """Unbond (L801-805) and REDEPLOY (L1079-1081): out of its pile, deployed again, free."""
        s = self.s
        u = ctx.get("target")
        if not isinstance(u, int) or s.cards[u].under is None:
            return
        c = s.cards[u]
        s.cards[c.under].pile.remove(u)
        c.under = None
        c.zone = "limbo"
        c.epoch += 1
        self.log(rule("REDEPLOY"), f"{c.name} is unbonded and redeployed")
        yield from self.deploy(u, ctx["controller"], from_hand=False)

    def fx_cancel(self, e, ctx):
        """CANCEL (L908-911): a cancelled event is destroyed; a cancelled ability does nothing."""
        item = ctx.get("target")
        s = self.s
        if item is None or item not in s.stack:
            return
        s.stack.remove(item)
        self.log(rule("CANCEL"), f"{item.label} is cancelled")
        if item.kind == "event" and s.cards[item.source].zone == "network":
            if self.o.cancelled_events == "annihilated":
                self.annihilate(item.source, "cancelled")
            else:
                self.leave_play(item.source, "market_top", "destroyed")

    def fx_annihilate(self, e, ctx):
        u = self.target_card(e, ctx)
        if u is not None:
            self.annihilate(u, self.name(ctx["source"]))

    def fx_destroy(self, e, ctx):
        u = self.target_card(e, ctx)
        if u is not None and self.destroy(u, self.name(ctx["source"])):
            self.log(rule("destroy"), f"{self.name(u)} is destroyed by {self.name(ctx['source'])}")

    def fx_modify(self, e, ctx):
        u = self.target_card(e, ctx)
        if u is None:
            return
        traits = dict(e.traits)
        if e.one_trait is not None:
            has = [t for t in TRAITS if t in B.traits(self.s, u)]
            if not has:
                return
            key = yield from self.choose(ctx["controller"], f"Which trait of {self.name(u)} changes by {e.one_trait:+d}?",
                                         [(f"trait:{t}", t) for t in has])
            traits[key[6:]] = traits.get(key[6:], 0) + e.one_trait
        self.s.cards[u].mods.append(Mod(traits, tuple(e.keywords)))
        what = ", ".join([f"{n:+d} {t}" for t, n in traits.items()] + [str(k) for k in e.keywords])
        self.log(rule("modify"), f"{self.name(u)} gets {what} until the end of the turn")

    def fx_heal(self, e, ctx):
        u = self.target_card(e, ctx)
        if u is not None:
            self.s.cards[u].damage.clear()
            self.log(rule("heal"), f"All damage is removed from {self.name(u)}")

    def fx_add_tokens(self, e, ctx):
        """DEVELOPMENT (L976-981): tokens; more when the engaged character is strong."""
        s = self.s
        c = s.cards[ctx["source"]]
        if c.zone != "network":
            return
        n = e.amount
        other = ctx.get("engaged_other")
        if e.strong_bonus and other is not None:
            t = B.traits(s, other)
            if t.get("QI", 0) >= 4 or t.get("QC", 0) >= 4:
                n += e.strong_bonus
        c.tokens = min(e.max, c.tokens + n)
        self.log(rule("DEVELOPMENT"), f"{c.name} now has {c.tokens} development tokens")

    def fx_win(self, e, ctx):
        c = self.s.cards[ctx["source"]]
        if c.zone == "network" and c.tokens >= e.min_tokens:   # L677
            self.win(ctx["controller"], f"{ctx['controller']} wins by the text of {c.name}")

    def fx_discard_from_hand(self, e, ctx):
        """Look at a hand and pick the card discarded (DISCARD: top of the market, L966-967)."""
        s = self.s
        victim = ctx.get("target")
        if victim not in s.seats or not s.players[victim].hand:
            return
        hand = sorted(s.players[victim].hand, key=lambda u: (self.name(u), u))
        self.revealed = True
        key = yield from self.choose(ctx["controller"], f"{victim}'s hand: pick the card they discard",
                                     [(f"card:{u}", self.name(u)) for u in hand], private=True)
        u = int(key.split(":")[1])
        s.players[victim].hand.remove(u)
        s.cards[u].zone = "market"
        s.players[s.cards[u].owner].market.append(u)
        self.log(rule("DISCARD"), f"{victim} discards {self.name(u)}")

    def fx_move(self, e, ctx):
        """MOVE (L1033-1041): to another anchored slot of the same network; not a redeploy."""
        s = self.s
        t = ctx.get("target")
        c = s.cards[ctx["source"]]
        if t is None or c.zone != "network" or c.under is not None or t[1] != c.net:
            return
        if t[2] not in B.anchored_empty_slots(s, c.net, moving=c.uid):
            return
        self.move_card(c.uid, t[2])
        self.log(rule("MOVE"), f"{c.name} moves to {t[2]}")

    def fx_swap(self, e, ctx):
        """SWAP (L1113-1117): two cards of one network trade slots."""
        s = self.s
        a = s.cards[ctx["source"]]
        u = ctx.get("target")
        if not isinstance(u, int) or a.zone != "network" or a.under is not None:
            return
        b = s.cards[u]
        if b.net != a.net or b.under is not None:
            return
        grid = s.networks[a.net]
        a.pos, b.pos = b.pos, a.pos
        grid[a.pos], grid[b.pos] = a.uid, b.uid
        self.log(rule("SWAP"), f"{a.name} and {b.name} trade places")
