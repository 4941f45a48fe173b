"""Property tests over random legal play: thousands of seeded random games (random bots, random
trade offers, random card plays by corps that are not asked, random undos, random illegal
actions), checking the invariants of the rules at every step."""
from __future__ import annotations

import copy
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import megacorps as mc
from megacorps.state import MARKERS

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FAST = settings(deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow])
MAX_STEPS = 5000


# --- random material -------------------------------------------------------------------------

def random_bundle(rng: random.Random, game: mc.Game, corp: str) -> mc.Bundle:
    """Mostly things `corp` has, now and then something it has not (an invalid offer)."""
    state = game.state
    if rng.random() < 0.5:
        return mc.Bundle()
    owned = state.owned_by(corp)
    countries = state.countries_of(corp)
    hand = state.hands[corp]
    stretch = rng.random() < 0.15
    return mc.Bundle(
        money=rng.randint(0, state.money[corp] + (5 if stretch else 0)) if rng.random() < 0.6 else 0,
        mercenaries=rng.randint(0, state.mercenaries[corp] + (2 if stretch else 0)) if rng.random() < 0.3 else 0,
        companies=tuple(rng.sample(owned, min(len(owned), rng.randint(0, 2)))) if owned else
        ((rng.choice(state.board.companies),) if stretch else ()),
        countries=tuple(rng.sample(countries, min(len(countries), rng.randint(0, 1)))),
        cards=tuple(rng.sample(hand, min(len(hand), rng.randint(0, 1)))) if hand else
        (("Boom",) if stretch else ()))


def random_offer(rng: random.Random, game: mc.Game) -> mc.OfferTrade:
    corp, to = rng.sample(game.corps, 2)
    return mc.OfferTrade(corp, to=to, give=random_bundle(rng, game, corp), take=random_bundle(rng, game, to))


def random_action(rng: random.Random, game: mc.Game):
    """Any action at all, most of them illegal now."""
    state = game.state
    board = state.board
    corp = rng.choice(list(state.corps) + ["Windoze", "Acme"])
    corp_or_not = rng.choice(list(state.corps) + ["Acme"])
    company = rng.choice(board.companies + ("Atlantis/Oil",))
    country = rng.choice([c.name for c in board.countries] + ["Atlantis"])
    industry = rng.choice(board.industries + ["Tea"])
    card = rng.choice(list(state.deck_spec.card_by_name) + ["Joker"])
    target = rng.choice([None, company, country, industry])
    return rng.choice([
        mc.PickCompany(corp, company), mc.BuyCompany(corp, company), mc.PayoutIndustry(corp, industry),
        mc.Intervene(corp, company), mc.BuyMercenaries(corp, rng.randint(-1, 9), rng.random() < 0.5),
        mc.LaunchWar(corp, country), mc.Pass(corp), mc.Permit(corp), mc.Veto(corp),
        mc.OfferMercenaries(corp, rng.randint(-1, 4), rng.randint(-1, 60)), mc.Accept(corp), mc.Decline(corp),
        mc.SupportWar(corp, rng.choice(["attacker", "defender", "referee"]), rng.randint(-1, 4)),
        mc.StayOut(corp), mc.Bid(corp, rng.randint(-1, 90)), mc.Vote(corp, corp_or_not),
        mc.PlayCard(corp, card, target), mc.NoCard(corp), mc.LeaveGame(corp),
    ])


def snapshot(game: mc.Game):
    return (game.state.model_dump(), copy.deepcopy(game.state.frames), len(game.log), len(game.actions))


def check_rejected(game: mc.Game, action) -> bool:
    """Apply `action` if legal (returns True); if illegal, it must raise IllegalAction naming the
    action and leave the game exactly as it was (returns False)."""
    if not isinstance(action, mc.OfferTrade) and action.corp in game.state.corps \
            and (action in game.legal_actions(action.corp) or any(action in r for r in game.ranges(action.corp))):
        game.apply(action)
        return True
    before = snapshot(game)
    try:
        game.apply(action)
    except mc.IllegalAction as err:
        assert snapshot(game) == before, f"{action} changed the game although it was refused"
        message = str(err)
        if isinstance(action, mc.OfferTrade):
            assert len(message) > 20, f"no reason given: {message}"
        else:  # "<the action>: <why, in game terms>"
            assert message.startswith(f"{action}: ") and len(message) > len(str(action)) + 10, message
        return False
    assert isinstance(action, mc.OfferTrade), f"{action} was accepted but is not listed as legal"
    return True


# --- invariants ------------------------------------------------------------------------------

def check_invariants(game: mc.Game, previous_deck: list[str]) -> None:
    state = game.state
    board = state.board
    playing = set(state.playing)
    assert min(state.money.values()) >= 0, state.money
    assert min(state.mercenaries.values()) >= 0, state.mercenaries
    # Every company box holds exactly one status: a corp still playing, or one marker.
    assert state.companies.keys() == set(board.companies)
    for company, status in state.companies.items():
        if status not in playing:
            assert status in MARKERS, (company, status)
            if status == "absent":
                assert board.country_by_name[company.split("/")[0]].absent_until_card
    assert all(owner is None or owner in playing for owner in state.controllers.values())
    assert state.paid is None or state.paid in playing  # the Paid card: at most one holder
    # The deck only shrinks, from the top.
    assert len(state.deck) <= len(previous_deck)
    assert state.deck == previous_deck[len(previous_deck) - len(state.deck):]
    # Every card is somewhere, once.
    everywhere = (state.deck + state.discard + state.set_aside + state.in_play
                  + [c for h in state.hands.values() for c in h])
    assert Counter(everywhere) == _all_cards(state)
    for corp in state.departed:
        assert state.hands[corp] == [] and state.money[corp] == 0
    if game.is_over:
        assert game.deciders == [] and state.frames == []
    else:
        assert game.deciders, "a game that is not over must wait for someone"
        assert all(game.legal_actions(c) for c in game.deciders)


_CARDS: dict = {}


def _all_cards(state) -> Counter:
    spec = state.deck_spec
    if id(spec) not in _CARDS:
        _CARDS[id(spec)] = (spec, Counter(spec.all_cards))
    return _CARDS[id(spec)][1]


def random_game(seed: int, *, trades=0.04, illegal=0.04, undo=0.02, interrupt=0.03, leave=0.002,
                on_step=None) -> mc.Game:
    """Play one random game to the end, checking the invariants after every step."""
    rng = random.Random(seed)
    corps = rng.sample(mc.CORPS, rng.randint(3, 6))
    game = mc.new_game(corps, seed=seed)
    bots = {c: mc.bots.RandomBot(rng.randrange(2**32), card_rate=0.15) for c in corps}
    deck = list(game.state.deck)
    for step in range(MAX_STEPS):
        if game.is_over:
            break
        r = rng.random()
        if r < trades:
            check_rejected(game, random_offer(rng, game))
        elif r < trades + illegal:
            check_rejected(game, random_action(rng, game))
        elif r < trades + illegal + undo and game.can_undo():
            game.undo()
        elif r < trades + illegal + undo + interrupt:
            corp = rng.choice(game.corps)
            plays = [a for a in game.legal_actions(corp) if isinstance(a, mc.PlayCard)]
            if plays:
                game.apply(rng.choice(plays))
        elif r < trades + illegal + undo + interrupt + leave:
            corp = rng.choice(game.corps)
            if mc.LeaveGame(corp) in game.legal_actions(corp):
                game.apply(mc.LeaveGame(corp))
        else:
            corp = game.deciders[0]
            game.apply(bots[corp].choose(game, corp))
        check_invariants(game, deck)
        deck = list(game.state.deck)
        if on_step is not None:
            on_step(game, step)
    assert game.is_over, f"seed {seed}: the game did not end within {MAX_STEPS} steps"
    assert game.winners() and set(game.winners()) <= set(game.corps)
    best = max(game.scores().values())
    assert all(game.money(c) == best for c in game.winners())
    return game


# --- the properties ---------------------------------------------------------------------------

@settings(FAST, max_examples=1300)
@given(SEEDS)
def test_random_games_keep_every_invariant_and_end(seed):
    random_game(seed)


@settings(FAST, max_examples=300)
@given(SEEDS)
def test_random_illegal_actions_are_rejected_and_change_nothing(seed):
    random_game(seed, trades=0.1, illegal=0.3, undo=0.0, interrupt=0.02)


def replay(corps, seed, actions, disturb: random.Random | None) -> mc.Game:
    game = mc.new_game(corps, seed=seed)
    for action in actions:
        if disturb is not None:  # whatever else the process does with the global RNG
            random.seed(disturb.random())
            random.random()
            random.shuffle(list(range(10)))
        game.apply(action)
    return game


@settings(FAST, max_examples=150)
@given(SEEDS)
def test_same_seed_and_same_actions_give_the_same_game(seed):
    first = random_game(seed, undo=0.0)
    corps = first.state.corps
    second = replay(corps, seed, first.actions, disturb=random.Random(seed + 1))
    assert second == first
    assert second.to_json() == first.to_json()
    assert [e.text for e in second.log] == [e.text for e in first.log]
    # The whole random game, bots included, is repeatable whatever the global RNG does.
    random.seed(seed ^ 0xBEEF)
    again = random_game(seed, undo=0.0)
    assert again == first
    assert mc.new_game(corps, seed=seed).state.model_dump() == mc.new_game(corps, seed=seed).state.model_dump()


@settings(FAST, max_examples=60)
@given(SEEDS)
def test_save_and_load_give_the_same_game_at_every_stage(seed):
    checked = []

    def save_now_and_then(game, step):
        if step % 37 == 0 or game.is_over:
            loaded = mc.Game.from_json(game.to_json())
            assert loaded == game
            assert loaded.deciders == game.deciders
            assert loaded.legal_actions() == game.legal_actions()
            checked.append(step)

    game = random_game(seed, on_step=save_now_and_then)
    assert checked and game.is_over
    loaded = mc.Game.from_json(game.to_json())
    assert loaded == game and loaded.scores() == game.scores()


@settings(FAST, max_examples=40)
@given(SEEDS)
def test_a_loaded_game_plays_on_exactly_like_the_original(seed):
    rng = random.Random(seed)
    corps = rng.sample(mc.CORPS, rng.randint(3, 6))
    game = mc.new_game(corps, seed=seed)
    bots = {c: mc.bots.RandomBot(seed + i) for i, c in enumerate(corps)}
    for _ in range(rng.randint(0, 150)):
        if game.is_over:
            break
        corp = game.deciders[0]
        game.apply(bots[corp].choose(game, corp))
    loaded = mc.Game.from_json(game.to_json())
    twin_bots = {c: mc.bots.RandomBot(seed + 1000 + i) for i, c in enumerate(corps)}
    while not game.is_over:
        corp = game.deciders[0]
        action = twin_bots[corp].choose(game, corp)
        game.apply(action)
        loaded.apply(action)
    assert loaded == game


@settings(FAST, max_examples=30)
@given(SEEDS)
def test_greedy_and_random_bots_together_keep_every_invariant(seed):
    rng = random.Random(seed)
    corps = rng.sample(mc.CORPS, rng.randint(3, 6))
    game = mc.new_game(corps, seed=seed)
    bots = {c: (mc.bots.GreedyBot(seed + i) if i % 2 else mc.bots.RandomBot(seed + i, card_rate=0.3))
            for i, c in enumerate(corps)}
    deck = list(game.state.deck)
    for _ in range(MAX_STEPS):
        if game.is_over:
            break
        corp = game.deciders[0]
        game.apply(bots[corp].choose(game, corp))
        check_invariants(game, deck)
        deck = list(game.state.deck)
    assert game.is_over
    assert mc.Game.from_json(game.to_json()) == game


@settings(FAST, max_examples=100)
@given(SEEDS)
def test_undo_restores_exactly_the_game_before_the_action(seed):
    rng = random.Random(seed)
    corps = rng.sample(mc.CORPS, rng.randint(3, 6))
    game = mc.new_game(corps, seed=seed)
    bots = {c: mc.bots.RandomBot(seed + i, card_rate=0.3) for i, c in enumerate(corps)}
    undone = 0
    while not game.is_over:
        corp = game.deciders[0]
        action = bots[corp].choose(game, corp)
        before = (snapshot(game), [e.text for e in game.log], game.deciders, game.legal_actions(corp))
        game.apply(action)
        if game.can_undo() and rng.random() < 0.3:
            assert game.undo() == action
            assert (snapshot(game), [e.text for e in game.log], game.deciders, game.legal_actions(corp)) == before
            game.apply(action)
            undone += 1
    assert game.is_over and undone > 0
