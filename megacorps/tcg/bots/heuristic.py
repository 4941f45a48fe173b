"""Heuristic: a simple plan read off the seat's view. Keep a money reserve (no money at an End
phase loses), buy the rival's company the moment it can, buy the strongest affordable card,
attack where the blow kills and the retaliation does not, block only to save the company, pay
upkeep while it can afford it, sell a card rather than go broke."""
from __future__ import annotations

from ...bots.protocol import BaseBot, Decision
from ..actions import Activate, Attack, Bid, Buy, Choose, Pass, Produce, Sell

RESERVE = 2


class HeuristicBot(BaseBot):
    name = "Heuristic"
    description = "keeps a money reserve, buys strong cards, attacks for kills, defends its company"

    def decide(self, game, seat: str) -> Decision:
        actions = game.legal_actions(seat)
        if len(actions) == 1:                 # nothing to weigh (and no view to build: look aheads play many)
            only = actions[0]
            return Decision(only, "passes: nothing else is allowed now" if isinstance(only, Pass)
                            else f"{only}: the only thing allowed now")
        view = game.view(seat)
        cards = {c.uid: c for net in view.networks.values() for c in net}
        for c in list(cards.values()):
            for b in c.pile:
                cards[b.uid] = b
        me = view.players[seat]
        rival = next(x for x in view.seats if x != seat)
        kinds = {type(a) for a in actions}
        if Bid in kinds:
            return Decision(Bid(seat, 1), "bids 1: cheap, and often enough to start")
        if Choose in kinds:
            return self.choose(view, seat, actions, cards)
        # the resource reveal, the phases, and response windows
        for a in actions:
            if isinstance(a, Buy) and a.source == "network" and cards[a.card].type == "company":
                return Decision(a, f"buys {rival}'s engaged company: that wins the game")
        if view.stack or view.combat is not None:
            return Decision(Pass(seat), "lets the stack resolve")
        if view.phase == "reveal":
            buy = next((a for a in actions if isinstance(a, Buy)), None)
            if buy and me.money - me.revealed.value >= RESERVE:
                return Decision(buy, f"buys the revealed {me.revealed.name}: income for later turns")
            return Decision(Pass(seat), "keeps its money: the revealed card goes to the bottom")
        if view.active != seat:
            return Decision(Pass(seat), "waits for its own turn")
        if view.phase == "buy":
            return self.buy(game.pool, view, seat, actions, cards, me, rival)
        if view.phase == "challenge":
            return self.attack(view, seat, actions, cards, rival)
        if view.phase == "divest" and me.money <= 1:
            sells = [a for a in actions if isinstance(a, Sell)]
            if sells:
                best = max(sells, key=lambda a: cards[a.card].value)
                return Decision(best, f"sells {cards[best.card].name} rather than end the turn broke")
        return Decision(Pass(seat), f"ends the {view.phase} phase")

    # --- buying --------------------------------------------------------------------------------
    def buy(self, pool, view, seat, actions, cards, me, rival):
        """`pool`: the game's public card list (the sample pool and any cards of the players')."""
        hand = {c.uid: c for c in me.hand or []}
        company = next(c for c in view.networks[seat] if c.type == "company")
        if any(isinstance(a, Activate) and a.card == company.uid for a in actions) and view.players[rival].money + 2 < company.value:
            a = next(a for a in actions if isinstance(a, Activate) and a.card == company.uid)
            return Decision(a, f"engages its company for 2M: {rival} cannot afford to buy it")
        best, best_score = None, 0.0
        for a in actions:
            if not isinstance(a, Buy):
                continue
            c = hand.get(a.card) or cards.get(a.card) or next((x for p in view.players.values() for x in p.market
                                                               if x.uid == a.card), None)
            if c is None:
                continue
            price = c.value
            if me.money - price < RESERVE:
                continue
            card = pool[c.id] if c.id in pool else None
            cash = next((int(k.split()[1]) for k in c.keywords if k.startswith("CASHFLOW")), 0)
            score = sum(c.traits.values()) + 3 * cash - price
            if card is not None and card.type == "character":
                score += 2
            if score > best_score:
                best, best_score = a, score
        if best is not None:
            return Decision(best, f"buys the strongest card it can afford and keep {RESERVE}M")
        need = self.trait_buy(pool, seat, actions, cards, me, hand)
        if need is not None:
            return need
        return Decision(Pass(seat), "keeps its money in reserve")

    def trait_buy(self, pool, seat, actions, cards, me, hand):
        """Engage a character for the trait a card in hand needs, when the money is there."""
        for c in hand.values():
            card = pool[c.id] if c.id in pool else None
            if card is None or card.type == "event" or not card.trait_cost:
                continue
            if me.money - card.value < RESERVE:
                continue
            for t, n in card.trait_cost.items():
                if me.pool.get(t, 0) >= n:
                    continue
                for a in actions:
                    if isinstance(a, Produce) and a.trait == t and cards[a.card].traits.get(t, 0) + me.pool.get(t, 0) >= n:
                        # every seat reads this reason: it names no card of the hand
                        return Decision(a, f"engages {cards[a.card].name} for {t} to pay for a card in its hand")
        return None

    # --- fighting ------------------------------------------------------------------------------
    def attack(self, view, seat, actions, cards, rival):
        best, best_score, why = None, 0.0, ""
        for a in actions:
            if not isinstance(a, Attack):
                continue
            att, tgt = cards[a.attacker], cards.get(a.target)
            if tgt is None or tgt.controller == seat:
                continue
            score_att = att.traits.get(a.trait, 0)
            left = tgt.traits.get(a.trait, 0) - tgt.damage.get(a.trait, 0)
            kills = score_att > 0 and score_att >= left and "INDESTRUCTIBLE" not in tgt.keywords
            back = tgt.traits.get(a.trait, 0) if tgt.type == "character" and not tgt.engaged else 0
            dies = back > 0 and back >= att.traits.get(a.trait, 0) - att.damage.get(a.trait, 0)
            value = 0.0
            if tgt.type == "company":
                value = 1000 if kills else score_att * 0.5
                reason = "destroys the rival company" if kills else "wears down the rival company"
            elif kills:
                value = 5 + tgt.value
                reason = f"destroys {tgt.name}"
            else:
                continue
            if dies:
                value -= 5 + att.value
            if value > best_score:
                best, best_score, why = a, value, f"{att.name} attacks in {a.trait}: {reason}"
        if best is not None:
            return Decision(best, why)
        return Decision(Pass(seat), "sees no attack worth its retaliation")

    # --- choices in the middle of a rule ---------------------------------------------------------
    def choose(self, view, seat, actions, cards):
        opts = [a.key for a in actions]
        labels = dict(view.prompt.options or [])
        if "keep" in opts:
            return Decision(Choose(seat, "keep"), "keeps its opening hand")
        if "pay" in opts:
            if view.players[seat].money >= RESERVE + 1:
                return Decision(Choose(seat, "pay"), "pays the upkeep: it can afford it")
            return Decision(Choose(seat, "refuse"), "lets the card go rather than run out of money")
        regen = [k for k in opts if k.startswith("regen:")]
        if regen:
            return Decision(Choose(seat, regen[0]), "regenerates: a consumer is cheaper than the card")
        splits = [k for k in opts if k.startswith("split:")]
        if splits:
            return Decision(Choose(seat, max(splits, key=lambda k: self.kills(k, view, cards))),
                            "splits the damage to destroy as many blockers as it can")
        if any(k.startswith("ret:") for k in opts):
            return Decision(Choose(seat, opts[0]), "strikes back with every defender it can")
        if any(k.startswith("block:") for k in opts):
            cb = view.combat or {}
            target = cards.get(cb.get("target"))
            blocks = [k for k in opts if k.startswith("block:")]
            if target is not None and target.type == "company" and blocks:
                return Decision(Choose(seat, blocks[0]), "blocks to shield its company")
            return Decision(Choose(seat, "done"), "does not block")
        slots = [k for k in opts if k.startswith("slot:")]
        if slots:
            own = [k for k in slots if k.split(":")[1] == seat] or slots
            near = min(own, key=lambda k: abs(int(k.split(":")[2])) + abs(int(k.split(":")[3])))
            return Decision(Choose(seat, near), "deploys close to its company, where it stays anchored")
        cardish = [k for k in opts if k.startswith("card:")]
        if cardish:
            return Decision(Choose(seat, cardish[0]), f"takes {labels.get(cardish[0], 'the first card')}")
        if "yes" in opts:
            return Decision(Choose(seat, "yes"), "uses the card's effect")
        return Decision(Choose(seat, opts[0]), f"picks {labels.get(opts[0], opts[0])}")

    @staticmethod
    def kills(key, view, cards) -> int:
        trait = (view.combat or {}).get("trait", "QC")
        n = 0
        for part in key[6:].split(","):
            u, dmg = (int(x) for x in part.split("="))
            c = cards.get(u)
            if c is not None and dmg > 0 and dmg >= c.traits.get(trait, 0) - c.damage.get(trait, 0):
                n += 1
        return n
