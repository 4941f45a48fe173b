"""What one seat may see (None: a spectator): everything public on the table, its own hand, its
own private choices; never the rival's hand, any deck's order, a secret bid or the seed."""
from __future__ import annotations

from pydantic import BaseModel, Field

from . import board as B
from .cards import SAMPLE_NOTICE


class CardView(BaseModel):
    uid: int
    id: str
    name: str
    type: str
    founder: bool = Field(False, description="A founder: the character that starts next to its company (L359-360)")
    owner: str
    controller: str
    value: int
    trait_cost: dict[str, int] = Field({}, description="Traits paid from the pool on top of the value (L427-429)")
    printed_traits: dict[str, int]
    traits: dict[str, int] = Field(description="Current traits; a trait missing is '–'")
    damage: dict[str, int] = {}
    engaged: bool = False
    tokens: int = 0
    keywords: list[str] = []
    tags: list[str] = []
    text: str = ""
    pos: tuple[int, int] | None = None
    anchored: bool | None = Field(None, description="In a network: joined to its company by a chain of "
                                  "neighbours (L460-471); an orphan (False) leaves play at the End phase")
    surrounded: bool | None = Field(None, description="In a network: its four neighbours are taken "
                                    "(only PENETRATOR or MELEE reach it)")
    pile: list["CardView"] = Field([], description="Cards bonded under this one, in order")
    notice: str = ""


class PlayerView(BaseModel):
    name: str
    money: int
    pool: dict[str, int]
    hand_size: int
    hand: list[CardView] | None = Field(None, description="Only in the view of its own seat")
    main_left: int
    resource_left: int
    market: list[CardView] = Field(description="Bottom first; the last is the top card, buyable")
    revealed: CardView | None = None
    turns_done: int
    bid: int | None = None


class StackItemView(BaseModel):
    sid: int
    kind: str
    label: str
    controller: str
    target: str | None = None


class PromptView(BaseModel):
    seats: list[str]
    kind: str
    text: str
    options: list[tuple[str, str]] | None = Field(None, description="Only for the seat deciding")


class SeatView(BaseModel):
    seat: str | None
    seats: list[str]
    turn: int
    phase: str
    active: str
    first: str
    players: dict[str, PlayerView]
    networks: dict[str, list[CardView]]
    annihilated: list[CardView]
    stack: list[StackItemView] = Field(description="Bottom first; the last resolves first")
    combat: dict | None = None
    prompt: PromptView | None = None
    over: bool
    winners: list[str]
    end_reason: str
    log: list[str]
    notice: str = "Every card here is a sample card invented for this project, not an official Megacorp card."


def card_view(game, uid: int, live: bool = True) -> CardView:
    s = game.engine.s
    c = s.cards[uid]
    live = live and c.zone == "network"
    return CardView(
        uid=uid, id=c.card.id, name=c.card.name, type=c.card.type, founder=c.card.founder, owner=c.owner, controller=c.controller,
        value=B.value(s, uid) if live else c.card.value, trait_cost=dict(c.card.trait_cost),
        printed_traits=dict(c.card.traits),
        traits=B.traits(s, uid) if live else dict(c.card.traits), damage=dict(c.damage), engaged=c.engaged,
        tokens=c.tokens, keywords=[k if v is None else f"{k} {v}" for k, v in
                                   (B.keywords(s, uid) if live else {k.kw: k.param for k in c.card.keywords}).items()],
        tags=list(c.card.tags), text=c.card.text, pos=c.pos,
        anchored=not B.is_orphan(s, uid) if live else None, surrounded=B.surrounded(s, uid) if live else None,
        pile=[card_view(game, u) for u in c.pile] if c.under is None else [],
        notice=SAMPLE_NOTICE if c.card.sample else "")


def build_view(game, seat: str | None) -> SeatView:
    s = game.engine.s
    players = {}
    for x in s.seats:
        p = s.players[x]
        players[x] = PlayerView(
            name=x, money=p.money, pool=dict(p.pool), hand_size=len(p.hand),
            hand=[card_view(game, u, live=False) for u in sorted(p.hand)] if x == seat else None,
            main_left=len(p.main), resource_left=len(p.resource),
            market=[card_view(game, u, live=False) for u in p.market],
            revealed=card_view(game, p.revealed, live=False) if p.revealed is not None else None,
            turns_done=p.turns_done, bid=p.bid)
    networks = {x: [card_view(game, u) for u in sorted(s.networks[x].values())] for x in s.seats}
    stack = [StackItemView(sid=i.sid, kind=i.kind, label=i.label, controller=i.controller,
                           target=_target_text(game, i.target)) for i in s.stack]
    combat = None
    if s.combat is not None:
        cb = s.combat
        combat = {"attacker": cb.attacker, "trait": cb.trait, "target": cb.target_uid,
                  "defenders": list(cb.defenders), "blocked": cb.blocked, "zone": cb.zone}
    prompt = None
    pr = game.prompt
    if pr is not None:
        show = seat in pr.seats or (not pr.private and pr.kind == "choose")
        prompt = PromptView(seats=list(pr.seats), kind=pr.kind, text=pr.text,
                            options=list(pr.options) if show and pr.kind == "choose" else None)
    return SeatView(seat=seat, seats=list(s.seats), turn=s.turn, phase=s.phase, active=s.active, first=s.first,
                    players=players, networks=networks,
                    annihilated=[card_view(game, u, live=False) for u in s.annihilated], stack=stack, combat=combat,
                    prompt=prompt, over=s.over, winners=game.winners(), end_reason=s.end_reason,
                    log=[e.for_seat(seat) for e in game.log])


def _target_text(game, t) -> str | None:
    if t is None:
        return None
    if t[0] == "card":
        return game.engine.s.cards[t[1]].name
    if t[0] == "stack":
        return f"stack item {t[1]}"
    if t[0] == "seat":
        return t[1]
    return f"{t[1]}'s slot {t[2]}"
