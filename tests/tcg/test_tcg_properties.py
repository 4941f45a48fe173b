"""Properties of random play through the checked door: money never below 0, every card in
exactly one zone, the rules stack empty between turns, no orphan left after an End phase (save
INDESTRUCTIBLE ones), pools and damage cleared, and every game ending."""
import random

from hypothesis import given, settings, strategies as st

from megacorps import tcg
from megacorps.tcg import Pass, board
from megacorps.tcg.cards import DECK_NAMES


def zones_ok(g):
    s = g.state
    where: dict[int, list[str]] = {u: [] for u in s.cards}
    for x in s.seats:
        p = s.players[x]
        for part in ("main", "resource", "hand", "market"):
            for u in getattr(p, part):
                where[u].append(part)
                assert s.cards[u].zone == part, (u, part, s.cards[u].zone)
        if p.revealed is not None:
            where[p.revealed].append("revealed")
    for u in s.annihilated:
        where[u].append("annihilated")
    for net in s.seats:
        for pos, u in s.networks[net].items():
            c = s.cards[u]
            assert c.pos == pos and c.net == net and c.zone == "network" and c.under is None
            where[u].append("network")
            for b in c.pile:
                assert s.cards[b].under == u
                where[b].append("pile")
    for u, c in s.cards.items():
        if c.zone in ("limbo", "company", "founder"):     # company and founder: set aside until set-up
            where[u].append(c.zone)
        if c.under is not None and s.cards[c.under].zone == "limbo":
            where[u].append("pile")
        assert len(where[u]) == 1, (c.name, where[u], c.zone)
    assert sum(c.zone == "limbo" and c.under is None for c in s.cards.values()) <= 1


def play(seed: int, decks, check=True, max_steps=6000):
    g = tcg.new_game(["Ana", "Nick"], seed=seed, options={"decks": list(decks)})
    rng = random.Random(seed)
    turn = 0
    for _ in range(max_steps):
        if g.is_over:
            break
        s = g.state
        if check:
            assert all(p.money >= 0 for p in s.players.values())
            zones_ok(g)
            if s.turn != turn and s.phase in ("accounting", "reveal", "buy"):
                turn = s.turn
                assert not s.stack
                start = max(i for i, e in enumerate(g.log) if "turn begins" in e.text)
                if any("destroyed" in e.text or "annihilated" in e.text for e in g.log[start:]):
                    continue                          # a card left play since the End phase (upkeep)
                for net in s.seats:
                    for u in board.orphans(s, net):
                        assert board.has(s, u, "INDESTRUCTIBLE") or board.has(s, u, "INDEPENDENT"), s.cards[u].name
        acts = g.legal_actions(g.deciders[0])
        busy = [a for a in acts if not isinstance(a, Pass)]
        g.apply(rng.choice(busy) if busy and rng.random() < 0.5 else rng.choice(acts))
    return g


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 10**6), st.sampled_from(DECK_NAMES), st.sampled_from(DECK_NAMES))
def test_random_play_keeps_the_rules_invariants_and_ends(seed, a, b):
    g = play(seed, (a, b))
    assert g.is_over
    s = g.state
    assert not s.stack and s.end_reason
    assert set(g.winners()) | s.losers == set(g.seats)
    assert sum(g.scores().values()) == len(g.winners())


def test_the_pools_and_the_damage_are_cleared_at_every_end_phase():
    g = tcg.new_game(["Ana", "Nick"], seed=11)
    rng = random.Random(11)
    last = None
    while not g.is_over:
        s = g.state
        if s.phase == "accounting" and s.turn != last:
            last = s.turn
            assert all(not any(p.pool.values()) for p in s.players.values())
            assert all(not c.damage for c in s.cards.values() if c.zone == "network")
        acts = g.legal_actions(g.deciders[0])
        g.apply(rng.choice(acts))
