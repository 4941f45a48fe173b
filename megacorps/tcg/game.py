"""`Game`: the one surface the app, the bots and the tests use (the kit's protocol): who decides,
the legal actions, a checked `apply` that leaves the game exactly as it was when it refuses,
views without hidden information, the log, undo, saves, previews."""
from __future__ import annotations

import random

from ..errors import IllegalAction
from ..kit.protocol import trailing_undoable
from . import board as B
from .actions import ACTIONS, Abrupt, Activate, Attack, Bid, Buy, Choose, Pass, PlayEvent, Produce, Sell
from .cards import DeckFile, Pool, check_deck, sample_deck, sample_pool
from .combat import blocker_candidates, can_retaliate
from .engine import Engine
from .explain import why_not
from .legal import legal_actions, priority_actions
from .options import SEATS, Options, parse_options
from .scenario import apply_scenario


def build_pool(options: Options) -> Pool:
    pool = sample_pool()
    return pool.merged(Pool(options.extra_cards)) if options.extra_cards else pool


def resolve_decks(options: Options, pool: Pool) -> list[DeckFile]:
    decks = []
    for i, d in enumerate(options.decks):
        try:
            decks.append(sample_deck(d) if isinstance(d, str) else check_deck(d, pool, f"decks[{i}]"))
        except ValueError as err:
            raise ValueError(f"option decks[{i}]: {err}") from None
    return decks


def check_seats(seats) -> list[str]:
    if isinstance(seats, str) or not isinstance(seats, list | tuple):
        raise ValueError("seats must be a list of player names")
    if len(seats) != SEATS:
        raise ValueError(f"seats: the trading card game is played by {SEATS} players here, not {len(seats)}")
    for i, x in enumerate(seats):
        if not isinstance(x, str) or not x.strip() or len(x) > 40 or ":" in x:
            raise ValueError(f"seats[{i}]: a player name is 1-40 characters without ':'")
    if len(set(seats)) != len(seats):
        raise ValueError("seats: two players have the same name")
    return list(seats)


class Game:
    def __init__(self, seats: list[str], seed: int | None = None, options: Options | dict | None = None,
                 scenario: dict | None = None):
        # without a seed, one is drawn now and kept: the save must replay the same deals
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        self.scenario = scenario
        self.options = parse_options(options)
        self._seats = check_seats(seats)
        if len(self.options.decks) != len(self._seats):
            raise ValueError(f"option decks: one deck per seat ({len(self._seats)}), not {len(self.options.decks)}")
        self.pool = build_pool(self.options)
        self.decks = resolve_decks(self.options, self.pool)
        self._start()

    def _start(self):
        self.engine = Engine(self._seats, self.decks, self.pool, self.options, self.seed)
        start = apply_scenario(self.engine, self.scenario) if self.scenario is not None else None
        self._flow = self.engine.run(start)
        self.engine.s.cache = None
        try:
            self._prompt = next(self._flow)
        except StopIteration:                # a scenario may end the game before anyone decides
            self._prompt = None
        self.engine.s.cache = {}
        self._actions: list = []
        self._in_private: list[bool] = []    # per action: was it decided in private (Prompt.decided_in_private)
        self._legal: dict = {}
        self._undoable: list[bool] = []      # per action: it showed nothing hidden (see undo below)

    # --- who decides --------------------------------------------------------------------------
    @property
    def state(self):
        return self.engine.s

    @property
    def seats(self) -> list[str]:
        return list(self._seats)

    @property
    def prompt(self):
        return None if self.is_over else self._prompt

    @property
    def deciders(self) -> list[str]:
        return [] if self.is_over else list(self._prompt.seats)

    @property
    def is_over(self) -> bool:
        return self.engine.s.over

    # --- the kit's protocol (megacorps/kit/protocol.py) ----------------------------------------
    @property
    def decision(self) -> str:
        """Who must decide what, in one sentence."""
        return "The game is over." if self.is_over else self._prompt.text

    def decision_kind(self) -> str:
        """What kind of decision is under way: "bid" (the opening bid), "choose" (a choice among
        options: a target, a slot, a search), "priority" (act in the phase or pass), or "over"."""
        return "over" if self.is_over else self._prompt.kind

    def phase_opened(self) -> str | None:
        """The phase the priority window under way belongs to (buy, challenge, divest, reveal:
        the active player passing ends it), or None (a window on the stack, a bid, a choice)."""
        prompt = self.prompt
        return prompt.main if prompt is not None and prompt.kind == "priority" else None

    def has_decision(self, seat: str) -> bool:
        """Whether `seat` must decide now (every response goes through a priority prompt: nobody
        acts unasked)."""
        return seat in self.deciders

    def nothing_to_play(self, seat: str) -> bool:
        """Whether `seat` has nothing to play now, so that passing loses it nothing but the use of
        an ability of a card already in play: a priority window where nothing is allowed but
        passing, engaging characters for traits and (with nothing to answer) such abilities (no
        event, ABRUPTION, purchase, attack or sale), and where even every trait those characters
        could make, all at once, would not pay for one. While something is on the stack or a
        challenge is under way, an ability is an answer to it: then the seat has something to
        play. The page's automatic pass asks this."""
        if self.is_over or seat not in self._prompt.seats or self._prompt.kind != "priority":
            return False
        answering = bool(self.engine.s.stack) or self.engine.s.combat is not None
        idle = (Pass, Produce) if answering else (Pass, Produce, Activate)
        legal = self.legal_actions(seat)
        if not all(isinstance(a, idle) for a in legal):
            return False
        producing = [a for a in legal if isinstance(a, Produce)]
        if not producing:
            return True
        s = self.engine.s
        pool = s.players[seat].pool
        before = dict(pool)
        try:            # more than can really be made (a character makes one trait a turn): a bound
            for a in producing:
                pool[a.trait] += B.traits(s, a.card)[a.trait] + B.production_bonus(s, a.card, a.trait)
            richer = priority_actions(self.engine, seat, self._prompt.main)
        finally:
            pool.clear()
            pool.update(before)
        return all(isinstance(a, idle) for a in richer)

    def may_act_unasked(self, seat: str) -> bool:
        """Never: the rules stack asks each player in turn whether to respond (a priority prompt)."""
        return False

    @property
    def turn_order(self) -> list[str]:
        return list(self._seats)

    def legal_actions(self, seat: str) -> list:
        if self.is_over:
            return []
        if seat not in self._legal:
            self._legal[seat] = legal_actions(self.engine, self._prompt, seat)
        return self._legal[seat]

    def check(self, action) -> None:
        if not isinstance(action, tuple(ACTIONS.values())):
            raise IllegalAction(f"{action!r} is not an action of the trading card game")
        if self.is_over:
            raise IllegalAction(f"{action}: the game is over")
        if action.seat not in self._seats:
            raise IllegalAction(f"{action}: {action.seat!r} is not a player of this game")
        if action.seat not in self._prompt.seats:
            raise IllegalAction(f"{action}: it is not {action.seat}'s decision now ({self._prompt.text})")
        try:
            legal = action in set(self.legal_actions(action.seat))
        except TypeError:
            legal = False
        if not legal:
            raise IllegalAction(f"{action}: not allowed now — {self.why_not(action)}")

    def why_not(self, action) -> str:
        p = self._prompt
        if p.kind == "choose":
            if not isinstance(action, Choose):
                return f"{p.text}: answer with one of the choices offered"
            if p.private:                    # a search or a looked-at hand: never listed in a message
                return f"{p.text}: that is not one of the choices offered"
            return f"the choice is among {', '.join(k for k, _ in p.options[:8])}" + ("..." if len(p.options) > 8 else "")
        if p.kind == "bid":
            return f"a bid is a whole number from 0 to {self.options.max_bid}, or None to decline"
        if isinstance(action, Choose | Bid):
            return f"{p.text}: there is no choice to make"
        return why_not(self.engine, p, action)

    def apply(self, action) -> "Game":
        self.check(action)
        eng = self.engine
        in_private = self._prompt.decided_in_private
        eng.s.cache = None
        eng.revealed = False
        try:
            self._prompt = self._flow.send(action)
        except StopIteration:
            self._prompt = None
        eng.s.cache = {}
        self._legal = {}
        self._actions.append(action)
        self._in_private.append(in_private)
        self._undoable.append(not eng.revealed and not self.is_over)
        return self

    # --- undo: the last action, by its own seat (None: the table, in hot-seat), while it showed
    # nothing hidden (a draw, a search, a reveal, a shuffle: what was seen cannot be unseen) ------
    def can_undo(self, seat: str | None = None) -> bool:
        return (bool(self._actions) and self._undoable[-1]
                and (seat is None or self._actions[-1].seat == seat))

    def takeback_depth(self) -> int:
        """How many of the last actions the table may take back one after another (each showed
        nothing hidden): a page takes back a human's action with its bot's answers after it."""
        return trailing_undoable(self._undoable)

    def undo(self, seat: str | None = None):
        if not self.can_undo(seat):
            raise IllegalAction(f"{seat} cannot take back an action now: only your own last action, and only "
                                "while it showed no hidden card (a draw, a search, a reveal, a shuffle)")
        keep = self._actions[:-1]
        taken = self._actions[-1]
        self._start()
        for a in keep:
            self.apply(a)
        return taken

    # --- results ------------------------------------------------------------------------------
    def winners(self) -> list[str]:
        s = self.engine.s
        if not s.over:
            return []
        return [x for x in self._seats if x not in s.losers]

    def scores(self) -> dict[str, int]:
        w = set(self.winners())
        return {x: int(x in w) for x in self._seats}

    @property
    def actions(self) -> list:
        return list(self._actions)

    def decided_in_private(self, step: int) -> bool:
        """Whether action `step` answered a decision taken on what only its seat may know (a secret
        bid, a search, a looked-at hand, a mulligan: `Prompt.decided_in_private`)."""
        return self._in_private[step]

    @property
    def log(self):
        return list(self.engine.entries)

    def money(self, seat: str) -> int:
        return self.engine.s.players[seat].money

    def find(self, name: str, zone: str | None = None, owner: str | None = None) -> int:
        """The number of the one card called `name` (in `zone`, of `owner`), for tests and lessons."""
        found = [u for u, c in self.engine.s.cards.items() if c.card.name == name
                 and (zone is None or c.zone == zone) and (owner is None or c.owner == owner)]
        if len(found) != 1:
            raise ValueError(f"{len(found)} cards called {name!r} match, not 1")
        return found[0]

    def find_all(self, name: str, zone: str | None = None) -> list[int]:
        return sorted(u for u, c in self.engine.s.cards.items() if c.card.name == name and (zone is None or c.zone == zone))

    # --- views and saves ------------------------------------------------------------------------
    def view(self, seat: str | None = None):
        from .view import build_view
        if seat is not None and seat not in self._seats:
            raise ValueError(f"{seat!r} is not a player of this game")
        return build_view(self, seat)

    def to_json(self, seat: str | None = "*") -> str:
        from .saves import dump_game
        return dump_game(self, seat)

    @classmethod
    def from_json(cls, text) -> "Game":
        from .saves import load_game
        return load_game(text)

    # --- words ----------------------------------------------------------------------------------
    def card_name(self, uid: int) -> str:
        c = self.engine.s.cards.get(uid)
        return c.card.label() if c else f"card {uid}"

    def public_text(self, action) -> str:
        """What the other seats are told of `action`."""
        if isinstance(action, Bid):
            return f"{action.seat} makes a secret bid" if action.amount is not None else f"{action.seat} declines to bid"
        if isinstance(action, Choose):
            p = self._prompt
            if p is not None and action.seat in p.seats and p.kind == "choose" and not p.private:
                label = dict(p.options).get(action.key, action.key)
                return f"{action.seat}: {label}"
            return f"{action.seat} makes a choice"
        if isinstance(action, Pass):
            return f"{action.seat} passes"
        if isinstance(action, Produce):
            return f"{action.seat} engages {self.card_name(action.card)} for {action.trait}"
        if isinstance(action, Buy):
            return f"{action.seat} buys {self.card_name(action.card)} ({action.source})"
        if isinstance(action, PlayEvent):
            tgt = f" on {self.engine.target_label(action.target)}" if action.target else ""
            return f"{action.seat} plays {self.card_name(action.card)}{tgt}"
        if isinstance(action, Attack):
            return (f"{action.seat}'s {self.card_name(action.attacker)} attacks {self.card_name(action.target)} "
                    f"in {action.trait}" + (" (zone attack)" if action.zone else ""))
        if isinstance(action, Activate):
            what = "REGENERATE" if action.ability == -1 else "an ability"
            tgt = f" on {self.engine.target_label(action.target)}" if action.target else ""
            return f"{action.seat} activates {what} of {self.card_name(action.card)}{tgt}"
        if isinstance(action, Abrupt):
            return f"{action.seat} deploys {self.card_name(action.card)} at once (ABRUPTION)"
        if isinstance(action, Sell):
            return f"{action.seat} sells {self.card_name(action.card)}"
        return str(action)

    def struck(self, action) -> list[int]:
        """The cards an attack would strike if nobody blocks or responds: its target, or with a ZONE
        ATTACK every card of the rectangle it can hit (ruling A12); [] for any other action."""
        if not isinstance(action, Attack):
            return []
        if action.zone:
            from .combat import zone_defenders
            s = self.engine.s
            return zone_defenders(s, action.attacker, s.cards[action.target].net, action.zone, action.trait)
        return [action.target]

    def preview(self, action) -> str:
        """What `action` would do, in game terms, without changing the game."""
        self.check(action)
        eng = self.engine
        s = eng.s
        if isinstance(action, Attack):
            return attack_preview(self, action)
        if isinstance(action, Buy):
            price = eng.price(action.seat, action.source, action.card)
            cost = s.cards[action.card].card.trait_cost
            paid = f" to {s.cards[action.card].controller}" if action.source == "network" else ""
            return (f"{self.public_text(action)}: pay {price}M{paid}" + "".join(f" + {n} {t}" for t, n in cost.items())
                    + f", leaving {s.players[action.seat].money - price}M; then choose its slot")
        if isinstance(action, PlayEvent):
            c = s.cards[action.card].card
            return f"{self.public_text(action)}: pay {c.value}M" + "".join(
                f" + {n} {t}" for t, n in c.trait_cost.items()) + f"; {c.text or 'no effect'} (the other player may respond)"
        if isinstance(action, Produce):
            n = B.traits(s, action.card)[action.trait] + B.production_bonus(s, action.card, action.trait)
            return f"{self.public_text(action)}: +{n} {action.trait} in your pool until the end of the turn"
        if isinstance(action, Sell):
            return f"{self.public_text(action)}: +{B.pile_value(s, action.card)}M (trait costs are not refunded)"
        if isinstance(action, Pass):
            return pass_preview(self, action.seat)
        if isinstance(action, Choose) and self._prompt.kind == "choose":
            return dict(self._prompt.options).get(action.key, action.key)
        return self.public_text(action)


def pass_preview(game: Game, seat: str) -> str:
    """What passing does now: the other player is asked; if they pass too, the top of the stack
    resolves or the phase (or window) ends (L683-689)."""
    s = game.engine.s
    p = game.prompt
    if s.stack:
        return f"{seat} lets {s.stack[-1].label} resolve, unless {s.other(seat)} responds first"
    if p.main in ("buy", "challenge", "divest") and seat == s.active:
        return f"{seat} ends the {p.main} phase, unless {s.other(seat)} plays something first"
    if p.main == "reveal":
        return f"{seat} puts the revealed card at the bottom of the resource deck"
    return f"{seat} plays nothing now"


def attack_preview(game: Game, a: Attack) -> str:
    """The outcome if nobody responds: damage dealt, destruction, blockers possible, retaliation."""
    eng = game.engine
    s = eng.s
    score = max(0, B.traits(s, a.attacker).get(a.trait, 0))
    att, tgt = s.cards[a.attacker], s.cards[a.target]
    lines = [f"{att.name} ({a.trait} {score}) attacks {tgt.name}."]

    def left(u):
        return B.traits(s, u).get(a.trait, 0) - s.cards[u].damage.get(a.trait, 0)

    if a.zone:
        hit = game.struck(a)
        lines.append("Zone attack, no blockers: " + "; ".join(
            f"{s.cards[u].name} takes {score}" + (" and is destroyed" if score >= left(u) and score > 0 and not B.has(s, u, "INDESTRUCTIBLE") else "")
            for u in hit))
        defenders = hit
    else:
        # the attack will engage the attacker (not with OVERWATCH): does it still fly then?
        flyer = B.has(s, a.attacker, "FLIGHT") and (eng.o.flight_while_attacking or B.has(s, a.attacker, "OVERWATCH"))
        blockers = [] if B.has(s, a.attacker, "PRECISION") else blocker_candidates(s, a.attacker, a.target, a.trait,
                                                                                    flyer)
        if blockers:
            lines.append("Possible blockers: " + ", ".join(s.cards[u].name for u in blockers) + ".")
        fate = ("is destroyed" if score > 0 and score >= left(a.target) and not B.has(s, a.target, "INDESTRUCTIBLE")
                else "survives")
        if tgt.card.type == "company" and fate == "is destroyed":
            fate += f": {tgt.controller} loses the game"
        lines.append(f"Unblocked, {tgt.name} takes {score} {a.trait} ({left(a.target)} left) and {fate}.")
        defenders = [a.target]
    back = sum(B.traits(s, d).get(a.trait, 0) for d in defenders if can_retaliate(eng, d, a.attacker, a.trait))
    if back:
        dies = back >= left(a.attacker) and not B.has(s, a.attacker, "INDESTRUCTIBLE")
        lines.append(f"Retaliation can deal up to {back} {a.trait} to {att.name}, which "
                     + ("would be destroyed" if dies else "would survive") + ".")
    else:
        lines.append("No retaliation is possible.")
    if B.has(s, a.attacker, "INITIATIVE"):
        lines.append(f"{att.name} has INITIATIVE: it strikes first.")
    return " ".join(lines)


def new_game(seats: list[str], seed: int | None = None, options: Options | dict | None = None) -> Game:
    return Game(seats, seed, options)


def scenario(spec: dict, seats=("Ana", "Nick"), seed: int = 0, options: Options | dict | None = None) -> Game:
    """A game from a position set up by hand (scenario.py)."""
    return Game(list(seats), seed, options, scenario=spec)


__all__ = ["Game", "new_game", "scenario"]
