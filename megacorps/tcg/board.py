"""The networks as grids (notes §1.5) and the live numbers of a card in play (traits, keywords
and value after continuous effects, bonded cards and changes until the end of the turn).

A network is its own unbounded grid with its company at (0, 0) (ruling A2). "Adjacent" is the 4
orthogonal neighbours (A1); "around" (MELEE) and ZONE EFFECT count diagonals too (A13)."""
from __future__ import annotations

from .cards import TRAITS, Filter
from .state import CardInst, Pos, State

ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
AROUND = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0))


def place_words(pos: tuple[int, int]) -> str:
    """Where a slot is, in players' words: from the network's company at (0, 0), x growing to the
    right and y downwards as the page draws the grid ("left of the company", "2 right and 1 up
    from the company"); the log and the choices said "(-1, 0)", which no page or lesson explains."""
    x, y = pos
    if (x, y) == (0, 0):
        return "in the company's place"
    if not (x and y):   # on one line with the company
        n = abs(x or y)
        side = ("left of" if x < 0 else "right of") if x else ("above" if y < 0 else "below")
        return f"{'' if n == 1 else f'{n} '}{side} the company"
    steps = [f"{abs(x)} {'left' if x < 0 else 'right'}"] if x else []
    steps += [f"{abs(y)} {'up' if y < 0 else 'down'}"] if y else []
    return " and ".join(steps) + " from the company"


def neighbours(pos: Pos) -> list[Pos]:
    return [(pos[0] + dx, pos[1] + dy) for dx, dy in ORTHO]


def cached(fn):
    """Memoise a pure reading of the state while the engine waits for a decision (State.cache is
    a dict then; None while the engine changes the state)."""
    def wrapper(s: State, *args):
        cache = getattr(s, "cache", None)
        if cache is None:
            return fn(s, *args)
        key = (fn.__name__, *args)
        if key not in cache:
            cache[key] = fn(s, *args)
        return cache[key]
    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


def in_play_tops(s: State) -> list[int]:
    return [uid for net in s.seats for uid in s.networks[net].values()]


def in_play_all(s: State) -> list[int]:
    out = []
    for uid in in_play_tops(s):
        out.append(uid)
        out.extend(s.cards[uid].pile)
    return out


def top_of(s: State, uid: int) -> int:
    c = s.cards[uid]
    return c.under if c.under is not None else uid


def adjacent_tops(s: State, uid: int) -> list[int]:
    c = s.cards[top_of(s, uid)]
    if c.pos is None:
        return []
    grid = s.networks[c.net]
    return [grid[p] for p in neighbours(c.pos) if p in grid]


def is_adjacent(s: State, a: int, b: int) -> bool:
    ca, cb = s.cards[top_of(s, a)], s.cards[top_of(s, b)]
    return (ca.net == cb.net and ca.pos is not None and cb.pos is not None
            and abs(ca.pos[0] - cb.pos[0]) + abs(ca.pos[1] - cb.pos[1]) == 1)


def is_around(s: State, a: int, b: int) -> bool:
    """b is in one of the 8 slots around a (MELEE, L1022-1024)."""
    ca, cb = s.cards[top_of(s, a)], s.cards[top_of(s, b)]
    return (ca.net == cb.net and ca.pos is not None and cb.pos is not None and ca.pos != cb.pos
            and max(abs(ca.pos[0] - cb.pos[0]), abs(ca.pos[1] - cb.pos[1])) == 1)


def company_pos(s: State, net: str) -> Pos | None:
    c = s.cards[s.players[net].company]
    return c.pos if c.zone == "network" and c.net == net else None


@cached
def anchored(s: State, net: str) -> frozenset:
    """The top cards of `net` joined to that network's company by a chain of orthogonal
    neighbours (L460-471; ruling A3: towards the network's own company)."""
    start = company_pos(s, net)
    grid = s.networks[net]
    if start is None:
        return frozenset()
    seen = {start}
    todo = [start]
    while todo:
        p = todo.pop()
        for q in neighbours(p):
            if q in grid and q not in seen:
                seen.add(q)
                todo.append(q)
    return frozenset(grid[p] for p in seen)


def orphans(s: State, net: str) -> list[int]:
    ok = anchored(s, net)
    return sorted(uid for uid in s.networks[net].values() if uid not in ok)


def is_orphan(s: State, uid: int) -> bool:
    c = s.cards[top_of(s, uid)]
    return c.zone == "network" and c.uid not in anchored(s, c.net)


def company_orphaned(s: State, seat: str) -> bool:
    """No card next to the company (L484-485)."""
    pos = company_pos(s, seat)
    return pos is None or not any(q in s.networks[seat] for q in neighbours(pos))


def surrounded(s: State, uid: int) -> bool:
    c = s.cards[top_of(s, uid)]
    return c.pos is not None and all(q in s.networks[c.net] for q in neighbours(c.pos))


def deploy_slots(s: State) -> list[tuple[str, Pos]]:
    """Empty slots orthogonally next to a card of a network, in either network (L460-471)."""
    out = []
    for net in s.seats:
        grid = s.networks[net]
        spots = {q for p in grid for q in neighbours(p) if q not in grid}
        out.extend((net, p) for p in sorted(spots))
    return out


def anchored_empty_slots(s: State, net: str, moving: int | None = None) -> list[Pos]:
    """Empty slots of `net` that a card (`moving`, already there, or a new one) may take and be
    anchored in (MOVE, INDEPENDENT)."""
    grid = dict(s.networks[net])
    if moving is not None:
        grid = {p: u for p, u in grid.items() if u != moving}
    start = company_pos(s, net)
    if start is None or start not in grid:
        return []
    seen = {start}
    todo = [start]
    while todo:
        p = todo.pop()
        for q in neighbours(p):
            if q in grid and q not in seen:
                seen.add(q)
                todo.append(q)
    spots = {q for p in seen for q in neighbours(p) if q not in grid}
    return sorted(spots)


# --- live numbers ------------------------------------------------------------------------------

def _static_holds(s: State, src: CardInst, static) -> bool:
    if static.while_adjacent_to is None:
        return True
    return any(matches(s, u, static.while_adjacent_to, src.uid, src.controller) for u in adjacent_tops(s, src.uid))


@cached
def auras(s: State) -> dict:
    """uid -> list of continuous effects (Static) applying to it, from every card in play."""
    out: dict[int, list] = {}
    tops = in_play_tops(s)
    for src_uid in in_play_all(s):
        src = s.cards[src_uid]
        for st in src.card.statics:
            if not (st.traits or st.keywords or st.value_per_token or st.value_if or st.production_bonus
                    or st.attack_needs_bonded_character):
                continue                  # a price rule only (buy_discount): it changes no card
            if not _static_holds(s, src, st):
                continue
            if st.applies_to == "self":
                hit = [src_uid]
            elif st.applies_to == "above":
                hit = [src.under] if src.under is not None else []
            elif st.applies_to == "adjacent":
                hit = adjacent_tops(s, src_uid) if src.under is None else []
            else:
                hit = tops
            for u in hit:
                if st.applies_to in ("self", "above") or matches(s, u, st.filter, src_uid, src.controller):
                    out.setdefault(u, []).append(st)
    return out


@cached
def traits(s: State, uid: int) -> dict:
    """The card's current traits; a trait it lacks ("–") is not a key (L254-262)."""
    c = s.cards[uid]
    out = dict(c.card.traits)
    for st in auras(s).get(uid, ()):
        for t, n in st.traits.items():
            if t in out:
                out[t] += n
    for m in c.mods:
        for t, n in m.traits.items():
            if t in out:
                out[t] += n
    return out


@cached
def keywords(s: State, uid: int) -> dict:
    """Keyword -> parameter, printed and gained (an engaged flyer is attackable by anyone: legal.py)."""
    c = s.cards[uid]
    out = {k.kw: k.param for k in c.card.keywords}
    for st in auras(s).get(uid, ()):
        for k in st.keywords:
            if k.kw == "CASHFLOW" and isinstance(out.get("CASHFLOW"), int):
                out["CASHFLOW"] = max(out["CASHFLOW"], k.param)
            else:
                out[k.kw] = k.param
    for m in c.mods:
        for k in m.keywords:
            out[k.kw] = k.param
    return out


def abilities(s: State, uid: int) -> list:
    """The activated abilities a top card can use: its own, then those of the cards bonded under
    it, which lend their written abilities to the top card (L935-937)."""
    c = s.cards[uid]
    return [*c.card.abilities, *(ab for u in c.pile for ab in s.cards[u].card.abilities)]


def has(s: State, uid: int, kw: str) -> bool:
    return kw in keywords(s, uid)


def has_attack_limit(s: State, uid: int) -> bool:
    return any(st.attack_needs_bonded_character for st in auras(s).get(uid, ()))


def production_bonus(s: State, uid: int, trait: str) -> int:
    return sum(st.production_bonus.get(trait, 0) for st in auras(s).get(uid, ()))


def buy_discount(s: State, buyer: str, uid: int) -> int:
    """Money off for `buyer` buying card `uid` (company texts)."""
    off = 0
    for src_uid in in_play_all(s):
        src = s.cards[src_uid]
        if src.controller != buyer:
            continue
        for st in src.card.statics:
            if st.buy_discount and card_matches(s.cards[uid].card, st.filter):
                off += st.buy_discount
    return off


def card_matches(card, f: Filter, printed_value: bool = True) -> bool:
    """The printed part of a filter (for cards not in play: searches, hands)."""
    if f.types and card.type not in f.types:
        return False
    tags = {t.lower() for t in card.tags}
    if f.tags and not all(t.lower() in tags for t in f.tags):
        return False
    if f.tags_any and not any(t.lower() in tags for t in f.tags_any):
        return False
    if printed_value and f.max_value is not None and card.value > f.max_value:
        return False
    if f.not_company and card.type == "company":
        return False
    if f.crisis_at_most is not None:
        k = card.keyword("CRISIS")
        if k is None or k.param > f.crisis_at_most:
            return False
    return True


def value(s: State, uid: int) -> int:
    """A card's current value (A36: computed live)."""
    c = s.cards[uid]
    v = c.card.value
    for st in auras(s).get(uid, ()) if c.zone == "network" else ():
        if st.value_if is not None:
            count = sum(1 for u in in_play_tops(s) if matches(s, u, st.value_if.count, uid, c.controller))
            if count >= st.value_if.at_least:
                v = st.value_if.value
    for st in auras(s).get(uid, ()) if c.zone == "network" else ():
        v += st.value_per_token * c.tokens
    return v


def pile_value(s: State, uid: int) -> int:
    """A pile is bought and sold for the sum of its values (L454-455, L639-640)."""
    return value(s, uid) + sum(value(s, u) for u in s.cards[uid].pile)


def matches(s: State, uid: int, f: Filter, source: int | None, controller: str) -> bool:
    """Whether card `uid` (in play) passes filter `f`, seen from `source` and its controller."""
    c = s.cards[uid]
    if f.other_than_source and source is not None and uid == source:
        return False
    if not card_matches(c.card, f, printed_value=False):
        return False
    if f.max_value is not None and value(s, uid) > f.max_value:
        return False
    if f.control == "you" and c.controller != controller:
        return False
    if f.control == "opponent" and c.controller == controller:
        return False
    if f.adjacent_to_source and (source is None or not is_adjacent(s, uid, source)):
        return False
    if f.same_network_as_source and (source is None or s.cards[top_of(s, source)].net != s.cards[top_of(s, uid)].net):
        return False
    if f.under_another != (c.under is not None):
        return False
    if f.owned_by_you and c.owner != controller:
        return False
    return True


def camouflaged(s: State, uid: int) -> bool:
    """CAMOUFLAGE: X: next to a card tagged X, it cannot be targeted or attacked (L940-945)."""
    kw = keywords(s, uid)
    tag = kw.get("CAMOUFLAGE")
    if not tag:
        return False
    return any(tag.lower() in {t.lower() for t in s.cards[u].card.tags} for u in adjacent_tops(s, uid))


def destroyable_by_damage(s: State, uid: int, zero_destroys: bool, any_card: bool = True) -> str | None:
    """The trait whose marked damage destroys the card now (L570-572, A9; X12: any card with
    traits, or with `any_card` False only characters and companies), or one that an effect
    brought to 0 from a printed score above 0 (L268-276); None if neither."""
    c = s.cards[uid]
    if not any_card and c.card.type not in ("character", "company"):
        return None
    now = traits(s, uid)
    for t in TRAITS:
        if t not in now:
            continue
        d = c.damage.get(t, 0)
        if (d > 0 or (zero_destroys and t in c.damage)) and d >= now[t]:
            return t
        if now[t] <= 0 and c.card.traits.get(t, 0) > 0:
            return t
    return None
