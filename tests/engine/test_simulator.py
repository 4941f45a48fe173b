"""The fast path for search bots: `game.simulator()` plays exactly like the checked door, and
`mc.determinize` samples hidden information consistently with what one corp may see."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import megacorps as mc
from megacorps.flow import decisions
from megacorps.view import build_view
from enginetools import full_state, random_game, random_move

FOUR = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]


# === The simulator =============================================================================

@pytest.mark.parametrize("seed", range(12))
def test_a_simulator_playout_from_any_position_ends_where_the_checked_door_ends(seed):
    """From positions all through a game (trades, cards out of turn, contests), a simulator
    given the same actions lists the same deciders and choices at every step and ends in
    exactly the same final state."""
    rng = random.Random(seed)
    game = mc.new_game(rng.sample(mc.CORPS, rng.randint(3, 6)), seed=seed)
    running: list[mc.Simulator] = []
    while not game.is_over:
        if rng.random() < 0.04:
            running.append(game.simulator())
        real = _real_deciders(game)
        for sim in running if real else ():  # none: the simulator has already moved past the window
            assert sim.deciders == real
            for corp in game.corps:
                listed = game.legal_actions(corp)
                decision = game._current().get(corp, []) if corp in real else []
                assert sim.choices(corp) == decision == listed[:len(decision)]
                assert sim.card_plays(corp) == [a for a in listed[len(game._current().get(corp, [])):]
                                                if isinstance(a, mc.PlayCard)]
        action = random_move(rng, game, trades=0.08, cards=0.08)
        game.apply(action)
        for sim in running:
            if not isinstance(action, mc.NoCard) or action in sim.choices(action.corp):
                sim.step(action)  # (a No Card the simulator answered for itself is not repeated)
    assert running, "no position was tried"
    for sim in running:
        assert sim.is_over and sim.deciders == []
        assert full_state(sim.state) == full_state(game.state)
        assert sim.scores() == game.scores() and sim.winners() == game.winners()


def _real_deciders(game: mc.Game) -> list[str]:
    """The game's deciders less those whose only choice is No Card in a payout window: the
    simulator answers for them (it knows every hand; the checked door asks every card holder
    so as not to show who holds Oversupply or Shortages)."""
    current = game._current()
    return [c for c in game.deciders if current[c] != [mc.NoCard(c)]]


def test_the_simulator_asks_in_a_payout_window_only_the_corps_that_can_play_a_payout_card():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies={"Japan/Aerospace": "Mokia"},
                       hands={"Mokia": ["Boom"], "Globbo": ["Oversupply"], "Nonintendo": ["Elections"]})
    game.apply(mc.PayoutIndustry("Mokia", "Aerospace"))
    assert game.deciders == ["Mokia", "Globbo", "Nonintendo"]  # every card holder, hiding who may play
    sim = game.simulator()
    assert sim.deciders == ["Globbo"]
    sim.step(mc.PlayCard("Globbo", "Oversupply"))
    for corp in ("Mokia", "Nonintendo"):
        game.apply(mc.NoCard(corp))
    game.apply(mc.PlayCard("Globbo", "Oversupply"))
    assert game.deciders == ["Mokia", "Nonintendo"]  # asked again, to answer the Oversupply
    for corp in ("Mokia", "Nonintendo"):
        game.apply(mc.NoCard(corp))
    assert sim.deciders == game.deciders == ["Globbo"] and full_state(sim.state) == full_state(game.state)
    nobody = game.simulator()
    game.apply(mc.Pass("Globbo"))  # Globbo's turn; nobody can play a payout card on the next payout
    nobody.step(mc.Pass("Globbo"))
    assert full_state(nobody.state) == full_state(game.state)


def test_a_simulator_from_a_position_with_a_decision_pending_plays_like_the_game():
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo"}, deck=["Boom"])
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    twin = mc.Game(game.state)  # a trial copy, as a bot or a scenario makes one
    sim = twin.simulator()
    assert sim.deciders == ["Mokia"] and sim.choices("Mokia") == [mc.Permit("Mokia"), mc.Veto("Mokia")]
    for action in (mc.Veto("Mokia"), mc.Pass("Nonintendo"), mc.Pass("Mokia"), mc.Pass("Globbo")):
        twin.apply(action)
        sim.step(action)
        assert full_state(sim.state) == full_state(twin.state)


def test_a_simulator_and_its_copies_never_change_the_game_or_each_other():
    game = random_game(3, steps=60, corps=FOUR)
    before = full_state(game.state)
    sim = game.simulator()
    twin = sim.copy()
    rng = random.Random(1)
    while not sim.is_over:
        sim.step(rng.choice(sim.choices(sim.deciders[0])))
    assert full_state(game.state) == before
    assert full_state(twin.state) == before and not twin.is_over
    assert sim.state.deck == [] and game.deck_size > 0


def test_the_simulator_keeps_no_log_and_lists_the_games_own_action_values():
    game = mc.new_game(FOUR, seed=2)
    sim = game.simulator()
    corp = game.deciders[0]
    assert all(a is b for a, b in zip(sim.choices(corp), game.legal_actions(corp)))
    log = list(game.log)
    sim.step(sim.choices(corp)[0])
    assert game.log == log and not hasattr(sim, "log")


# === determinize ===============================================================================

def _places_of(state: mc.GameState, card: str) -> set[str]:
    found = {c for c, hand in state.hands.items() if card in hand}
    if card in state.deck:
        found.add("deck")
    if card in state.set_aside:
        found.add("set aside")
    return found


def _assert_consistent(game: mc.Game, corp: str, sim: mc.Simulator) -> None:
    """What `corp` sees is unchanged; every card is somewhere, once. (Read before asking the
    simulator who decides: in a payout window it then answers No Card for some corps.)"""
    real, made = game.state, sim.state
    assert made.hands[corp] == real.hands[corp]
    assert {c: len(h) for c, h in made.hands.items()} == {c: len(h) for c, h in real.hands.items()}
    assert len(made.deck) == len(real.deck) and len(made.set_aside) == len(real.set_aside)
    assert build_view(made, corp, [], list(decisions(made))) == build_view(real, corp, [], game.deciders)
    public = ("money", "mercenaries", "companies", "controllers", "governments", "discard", "in_play",
              "paid", "active", "round", "phase", "to_act", "departed", "corps")
    for name in public:
        assert getattr(made, name) == getattr(real, name), name
    everywhere = made.deck + made.discard + made.set_aside + made.in_play + [c for h in made.hands.values() for c in h]
    assert Counter(everywhere) == Counter(made.deck_spec.all_cards)


@pytest.mark.parametrize("seed", range(10))
def test_determinize_keeps_everything_the_corp_sees_and_every_card_once(seed):
    rng = random.Random(seed)
    game = mc.new_game(rng.sample(mc.CORPS, rng.randint(3, 6)), seed=seed)
    tried = 0
    while not game.is_over:
        if rng.random() < 0.1:
            corp = rng.choice(game.state.corps)
            sim = mc.determinize(game, corp, random.Random(tried))
            _assert_consistent(game, corp, sim)
            tried += 1
        game.apply(random_move(rng, game, trades=0.1, cards=0.05))
    assert tried > 5


def test_determinize_is_reproducible_from_the_rng_and_varies_with_it():
    game = random_game(5, steps=40, corps=FOUR)
    first = mc.determinize(game, "Mokia", random.Random(9))
    again = mc.determinize(game, "Mokia", random.Random(9))
    assert full_state(first.state) == full_state(again.state)
    deals = {repr((s.state.hands, s.state.deck)) for s in
             (mc.determinize(game, "Mokia", random.Random(k)) for k in range(20))}
    assert len(deals) > 10
    rng = random.Random(4)
    one, two = mc.determinize(game, "Mokia", rng), mc.determinize(game, "Mokia", rng)
    assert full_state(one.state) != full_state(two.state)  # the rng moved on


def _twin(game: mc.Game, change) -> mc.Game:
    start = game._start.clone()
    change(start)
    return mc.Game(start, game._setup_log)


@pytest.mark.parametrize("seed", range(8))
def test_determinize_depends_only_on_what_the_corp_sees(seed):
    """Two games that differ only in cards the corp has not seen (other hands, the deck order,
    the cards set aside) and are played with the same public moves give that corp exactly the
    same sampled positions from the same rng: nothing hidden leaks into the sample."""
    rng = random.Random(seed)
    corps = rng.sample(mc.CORPS, 4)
    one = mc.new_game(corps, seed=seed)
    me = corps[seed % 4]

    def reshuffle(state):
        others = [c for c in corps if c != me]
        pool = [c for o in others for c in state.hands[o]] + state.deck + state.set_aside
        random.Random(seed + 1).shuffle(pool)
        for o in others:
            n = len(state.hands[o])
            state.hands[o], pool = pool[:n], pool[n:]
        state.deck, state.set_aside = pool[:len(state.deck)], pool[len(state.deck):]

    two = _twin(one, reshuffle)
    assert one.hand(me) == two.hand(me)
    for step in range(140):
        if one.is_over:
            break
        if one.hand(me) != two.hand(me):
            break  # the corp drew different cards: from here on it sees different things
        if step % 7 == 0:
            a = mc.determinize(one, me, random.Random(step))
            b = mc.determinize(two, me, random.Random(step))
            assert full_state(a.state) == full_state(b.state), (seed, step)
        corp = one.deciders[0]
        blind = [a for a in one.legal_actions(corp) if not isinstance(a, (mc.PlayCard, mc.LeaveGame))
                 and not (isinstance(a, mc.Bid) and a.amount)]
        action = rng.choice(blind)
        one.apply(action)
        two.apply(action)


def test_determinize_puts_every_card_the_corp_saw_change_hands_where_it_is():
    """Cards the corp handed over, or was shown in an offer, are where it knows them to be; when
    their holder passes cards on unseen, they are in one of the two hands; when it leaves, they
    are with the cards set aside; when it plays one, the fact is gone."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"],
                       hands={"Mokia": ["Revolution", "Military Coup"], "Globbo": ["Privatization", "Boom"],
                              "Nonintendo": ["Elections"]})

    def places(card: str) -> set[frozenset[str]]:
        return {frozenset(_places_of(mc.determinize(game, "Mokia", random.Random(k)).state, card))
                for k in range(30)}

    game.apply(mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(cards=("Revolution",))))
    game.apply(mc.Accept("Globbo"))
    game.apply(mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(cards=("Privatization",)),
                             take=mc.Bundle(money=30)))
    game.apply(mc.Decline("Mokia"))
    assert places("Revolution") == {frozenset({"Globbo"})}
    assert places("Privatization") == {frozenset({"Globbo"})}
    assert len(places("Boom")) > 1  # never seen: anywhere it could be
    # Globbo hands one card to Nonintendo: Mokia sees only "1 card".
    game.apply(mc.OfferTrade("Globbo", to="Nonintendo", give=mc.Bundle(cards=("Boom",))))
    game.apply(mc.Accept("Nonintendo"))
    for card in ("Revolution", "Privatization"):
        seen = places(card)
        assert seen <= {frozenset({"Globbo"}), frozenset({"Nonintendo"})} and len(seen) == 2
    # Globbo plays Privatization... it holds none to play here, so it plays Revolution: the
    # Revolution fact is spent, Privatization is still in one of the two hands.
    game.apply(mc.PlayCard("Globbo", "Revolution", "China"))
    assert places("Privatization") <= {frozenset({"Globbo"}), frozenset({"Nonintendo"})}
    game.apply(mc.LeaveGame("Nonintendo"))
    assert places("Privatization") <= {frozenset({"Globbo"}), frozenset({"set aside"})}
    for k in range(30):
        _assert_consistent(game, "Mokia", mc.determinize(game, "Mokia", random.Random(k)))


def test_determinize_redraws_other_corps_sealed_bids():
    def bidding(globbo_bid: int) -> mc.Game:
        game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Mokia": ["Greedy Kleptocrats"]})
        game.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "ASEAN"))
        game.apply(mc.Bid("Globbo", globbo_bid))
        game.apply(mc.Bid("Mokia", 7))
        return game

    low, high = bidding(1), bidding(30)
    for k in range(10):
        a = mc.determinize(low, "Mokia", random.Random(k))
        b = mc.determinize(high, "Mokia", random.Random(k))
        assert full_state(a.state) == full_state(b.state)
        assert a.state.top_frame.bids["Mokia"] == 7
    assert mc.determinize(low, "Globbo", random.Random(0)).state.top_frame.bids["Globbo"] == 1


def test_determinize_refuses_a_corp_not_in_the_game():
    with pytest.raises(ValueError, match="'Windoze' is not playing"):
        mc.determinize(mc.new_game(FOUR, seed=1), "Windoze", random.Random(0))


def test_the_benchmark_plays_complete_games_on_both_paths():
    from megacorps import bench
    for path in bench.PATHS:
        seconds, steps = bench.run(path, 2)
        assert steps > 100 and seconds > 0
