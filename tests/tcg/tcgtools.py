"""Helpers for the trading card game's tests: positions by hand, and short ways to act."""
from megacorps import tcg
from megacorps.tcg import Pass


def scen(spec: dict, decks=("incarnes", "gnosts"), seed: int = 0, **options) -> tcg.Game:
    return tcg.scenario(spec, seed=seed, options={"decks": list(decks), **options})


def pick(g, seat: str, needle: str):
    """Choose the option whose key is `needle`, else the first whose label contains it."""
    p = g.prompt
    assert p is not None and p.kind == "choose" and seat in p.seats, f"no choice for {seat}: {p and p.text}"
    for k, _ in p.options:
        if k == needle:
            return g.apply(tcg.Choose(seat, k))
    for k, label in p.options:
        if needle in label:
            return g.apply(tcg.Choose(seat, k))
    raise AssertionError(f"{needle!r} is not among {p.options}")


def options(g) -> list[str]:
    return [k for k, _ in g.prompt.options]


def labels(g) -> list[str]:
    return [lbl for _, lbl in g.prompt.options]


def pass_(g, times: int = 1):
    for _ in range(times):
        assert g.prompt.kind == "priority", g.prompt.text
        g.apply(Pass(g.deciders[0]))
    return g


def pass_to(g, phase: str, active: str | None = None, limit: int = 200):
    """Everyone passes (answering no choice) until `phase` of `active`'s turn, or the game ends."""
    for _ in range(limit):
        s = g.state
        if g.is_over:
            return g
        if s.phase == phase and (active is None or s.active == active) and g.prompt.kind == "priority":
            return g
        p = g.prompt
        if p.kind == "priority":
            g.apply(Pass(p.seats[0]))
        elif p.kind == "choose" and "keep" in options(g):
            pick(g, p.seats[0], "keep")
        elif p.kind == "choose" and "pay" in options(g):
            pick(g, p.seats[0], "pay")
        elif p.kind == "choose" and "none" in options(g):
            pick(g, p.seats[0], "none")
        else:
            raise AssertionError(f"unexpected choice on the way to {phase}: {p.text} {p.options}")
    raise AssertionError(f"never reached {phase}")


def card(g, name: str, zone: str | None = "network", owner: str | None = None) -> int:
    return g.find(name, zone, owner)


def money(g) -> dict:
    return {x: g.money(x) for x in g.seats}


def in_zone(g, uid: int) -> str:
    return g.state.cards[uid].zone
