"""Hidden information: views, the log, undo, the readable part of saves, secret choices."""
from __future__ import annotations

import json
import random

import pytest

import megacorps as mc
from megacorps import saves

THREE = ["Mokia", "Globbo", "Nonintendo"]
# Cards with a single copy whose names appear nowhere else on the table (L-5 and Asteroid are
# also place names, so they are left out).
UNIQUE = ["Clone Soldiers", "Wikisyndicalism", "Vote of No Confidence", "Military Coup", "Revolution",
          "Corruption Scandal", "General Strike", "Privatization"]


def view_text(game: mc.Game, corp: str | None) -> str:
    return json.dumps(game.view(corp).model_dump())


def readable_part(game: mc.Game) -> dict:
    data = json.loads(game.to_json())
    del data["sealed"]
    return data



def test_a_view_shows_the_own_hand_and_never_another():
    game = mc.scenario(THREE, hands={"Mokia": ["Revolution"], "Globbo": ["Privatization", "Military Coup"]})
    mokia, globbo, spectator = view_text(game, "Mokia"), view_text(game, "Globbo"), view_text(game, None)
    assert "Revolution" in mokia and "Privatization" not in mokia and "Military Coup" not in mokia
    assert "Privatization" in globbo and "Military Coup" in globbo and "Revolution" not in globbo
    for card in ("Revolution", "Privatization", "Military Coup"):
        assert card not in spectator
    view = game.view("Nonintendo")
    assert view.hand == [] and view.hand_sizes == {"Mokia": 1, "Globbo": 2, "Nonintendo": 0}
    assert view.deck_size == len(game.state.deck)
    assert not {"deck", "set_aside", "hands", "frames"} & set(view.model_dump())


def test_the_view_of_a_corp_not_in_the_game_is_refused():
    """It used to raise KeyError; a ValueError names the corps that are playing."""
    game = mc.scenario(THREE)
    with pytest.raises(ValueError, match="'Windoze' is not playing"):
        game.view("Windoze")
    game.apply(mc.LeaveGame("Globbo"))
    assert game.view("Globbo").hand == []  # a corp that left still sees the public table


def test_the_deck_order_is_in_no_view_log_or_readable_save():
    deck = list(mc.load_deck().all_cards)
    one, two = mc.scenario(THREE, deck=deck), mc.scenario(THREE, deck=list(reversed(deck)))
    for game in (one, two):
        game.apply(mc.BuyCompany("Mokia", "India/Solar"))
        game.apply(mc.Pass("Globbo"))
    for corp in THREE + [None]:
        assert one.view(corp) == two.view(corp)
    assert [e.text for e in one.log] == [e.text for e in two.log]
    assert readable_part(one) == readable_part(two)
    assert one.to_json() != two.to_json()  # the order is in the sealed part, to resume the game


def test_a_drawn_card_is_seen_only_by_its_drawer():
    game = mc.scenario(THREE, deck=["Revolution", "Boom"])
    for corp in THREE:
        game.apply(mc.Pass(corp))
    assert game.hand("Globbo") == ["Revolution"]
    assert "Revolution" in view_text(game, "Globbo")
    for corp in ("Mokia", "Nonintendo", None):
        assert "Revolution" not in view_text(game, corp)
    assert all("Revolution" not in e.text for e in game.log)
    assert "Revolution" not in json.dumps(readable_part(game))


def test_setup_draws_are_secret():
    for seed in range(40):
        game = mc.new_game(list(mc.CORPS), seed=seed)
        for corp in mc.CORPS:
            others = {c for other in mc.CORPS if other != corp for c in game.hand(other)}
            hidden = [c for c in UNIQUE if c in others]
            text = view_text(game, corp)
            assert not [c for c in hidden if c in text], (seed, corp)
            assert all(c in text for c in game.hand(corp))
        public = " ".join(e.text for e in game.log)
        assert not [c for c in UNIQUE if c in public]


def test_a_trade_of_cards_shows_the_cards_to_its_two_parties_only():
    game = mc.scenario(THREE, hands={"Mokia": ["Revolution"], "Globbo": ["Privatization"]})
    game.apply(mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(cards=("Revolution",)),
                             take=mc.Bundle(cards=("Privatization",))))
    assert "Revolution" in game.view("Globbo").trade_offer and "Privatization" in game.view("Mokia").trade_offer
    assert "Revolution" not in game.view("Nonintendo").trade_offer
    assert "1 card" in game.view("Nonintendo").trade_offer
    game.apply(mc.Accept("Globbo"))
    assert game.hand("Mokia") == ["Privatization"] and game.hand("Globbo") == ["Revolution"]
    for corp in (None, "Nonintendo"):
        text = view_text(game, corp)
        assert "Revolution" not in text and "Privatization" not in text
    assert "Privatization" in game.view("Mokia").log[-1] and "Revolution" in game.view("Globbo").log[-2]


def test_cards_of_a_corp_that_leaves_are_never_shown():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"], hands={"Globbo": ["Revolution"]})
    game.apply(mc.LeaveGame("Globbo"))
    for corp in (None, "Mokia", "Globbo"):
        assert "Revolution" not in view_text(game, corp)
    assert "Revolution" not in json.dumps(readable_part(game))


def test_undo_does_not_reopen_a_draw_or_opened_bids():
    game = mc.scenario(THREE, deck=["Revolution", "Boom"], hands={"Mokia": ["Greedy Kleptocrats"]})
    game.apply(mc.Pass("Mokia"))
    game.apply(mc.Pass("Globbo"))
    game.apply(mc.Pass("Nonintendo"))  # Globbo draws Revolution
    with pytest.raises(mc.IllegalAction) as info:
        game.undo()
    assert "Revolution" not in str(info.value)
    assert game.hand("Globbo") == ["Revolution"]
    # Undoing what came after the draw shows nothing new.
    game.apply(mc.Pass("Globbo"))
    assert game.undo() == mc.Pass("Globbo")
    assert "Revolution" not in view_text(game, "Mokia")
    # A secret bid can be taken back by its own corp before the bids open, but not after, and
    # never by the table or another seat.
    game.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "ASEAN"))
    game.apply(mc.Bid("Mokia", 11))
    for other in (game, game.seat("Globbo")):
        with pytest.raises(mc.IllegalAction) as info:
            other.undo()
        assert "11" not in str(info.value)
    assert game.seat("Mokia").undo() == mc.Bid("Mokia", 11)
    assert game.view("Mokia").my_secret is None and all("11" not in e.text for e in game.log)
    for corp, amount in (("Mokia", 11), ("Globbo", 3), ("Nonintendo", 0)):
        game.apply(mc.Bid(corp, amount))
    assert not game.can_undo()


def _twin(game: mc.Game, change) -> mc.Game:
    """The same game with its hidden information changed by `change(start_state)`."""
    start = game._start.clone()
    change(start)
    return mc.Game(start, game._setup_log)


def _blind_choice(rng: random.Random, game: mc.Game, corp: str):
    """A choice that depends only on public information: never a card, never a bid above 0."""
    choices = [a for a in game.legal_actions(corp)
               if not isinstance(a, (mc.PlayCard, mc.LeaveGame)) and not (isinstance(a, mc.Bid) and a.amount)]
    return rng.choice(choices)


@pytest.mark.parametrize("seed", range(40))
def test_nothing_a_corp_can_see_depends_on_hidden_cards_it_has_not_seen(seed):
    """Non-interference: two games that differ only in the deck order and in one corp's hand.
    Played with the same public moves, every corp whose own cards are the same in both sees
    exactly the same view, log, decision, legal actions and error messages, and the readable
    part of the save is the same."""
    rng = random.Random(seed)
    corps = rng.sample(mc.CORPS, rng.randint(3, 6))
    one = mc.new_game(corps, seed=seed)
    secret_holder = next((c for c in corps if one.hand(c)), corps[0])
    deck_order = list(one.state.deck)
    rng.shuffle(deck_order)

    def change(state):
        pool = state.hands[secret_holder] + state.deck + state.set_aside
        rng_local = random.Random(seed + 1)
        rng_local.shuffle(pool)
        n = len(state.hands[secret_holder])
        state.hands[secret_holder] = pool[:n]
        state.deck = pool[n:n + len(state.deck)]
        state.set_aside = pool[n + len(state.deck):]

    two = _twin(one, change)
    differs = {secret_holder} if one.hand(secret_holder) != two.hand(secret_holder) else set()
    for step in range(400):
        if one.is_over:
            break
        for corp in list(corps):
            if one.state.hands[corp] != two.state.hands[corp]:
                differs.add(corp)
        for corp in [c for c in corps if c not in differs] + [None]:
            assert one.view(corp) == two.view(corp), (seed, step, corp)
            if corp is not None:
                assert one.legal_actions(corp) == two.legal_actions(corp)
        assert one.deciders == two.deciders and one.decision == two.decision
        assert [e.text for e in one.log] == [e.text for e in two.log]
        if step % 10 == 0:
            assert readable_part(one) == readable_part(two)
        # Probing: the same attempt by a corp that sees the same table meets the same answer.
        prober = rng.choice([c for c in one.corps if c not in differs] or [None])
        if prober is not None and one.may_offer_trades(prober):
            target = rng.choice([c for c in one.corps if c != prober])
            card = rng.choice(list(one.state.deck_spec.card_by_name))
            probe = mc.OfferTrade(prober, to=target, give=mc.Bundle(money=min(1, one.money(prober))),
                                  take=mc.Bundle(cards=(card,)))
            outcomes = []
            for game in (one, two):
                try:
                    game.apply(probe)
                    outcomes.append(("accepted", game.decision))
                    game.undo()
                except mc.IllegalAction as err:
                    outcomes.append(("refused", str(err)))
            assert outcomes[0] == outcomes[1], outcomes
        corp = one.deciders[0]
        action = _blind_choice(rng, one, corp)
        one.apply(action)
        two.apply(action)
        if one.can_undo() and rng.random() < 0.05:
            assert one.undo() == two.undo() == action


def test_a_save_seals_hands_and_deck_and_shows_only_public_facts():
    game = mc.scenario(THREE, hands={"Globbo": ["Privatization"]}, deck=["Revolution", "Military Coup"])
    text = game.to_json()
    data = json.loads(text)
    assert set(data) == {"format", "version", "corps", "round", "phase", "money", "sealed"}
    assert data["money"] == game.state.money and data["corps"] == THREE
    for card in ("Privatization", "Revolution", "Military Coup"):
        assert card not in text
    full = saves.unseal(text)
    assert full["start"]["hands"]["Globbo"] == ["Privatization"]
    assert full["start"]["deck"] == ["Revolution", "Military Coup"]



@pytest.mark.parametrize("seed", range(25))
def test_unseen_unique_cards_never_appear_in_a_view_during_random_play_with_card_trades(seed):
    """Random games with card trades, undos and card plays: a single-copy card that a corp has
    never held, never seen played and never seen in a trade offer of its own is in none of its
    views (nor in a spectator's, nor in the readable part of the save)."""
    rng = random.Random(seed)
    corps = rng.sample(mc.CORPS, rng.randint(3, 6))
    game = mc.new_game(corps, seed=seed)
    bots = {c: mc.bots.RandomBot(seed * 10 + i, card_rate=0.2) for i, c in enumerate(corps)}
    seen = {c: set(game.hand(c)) for c in corps}
    for step in range(600):
        if game.is_over:
            break
        if rng.random() < 0.1 and game.may_offer_trades(game.corps[0]):
            giver, taker = rng.sample(game.corps, 2)
            give = tuple(rng.sample(game.hand(giver), min(1, len(game.hand(giver)))))
            take = (rng.choice(UNIQUE),) if rng.random() < 0.5 else ()
            offer = mc.OfferTrade(giver, to=taker, give=mc.Bundle(cards=give, money=1 if not give else 0),
                                  take=mc.Bundle(cards=take))
            try:
                game.apply(offer)
                for party in (giver, taker):
                    seen[party] |= set(give) | set(take)
            except mc.IllegalAction:
                pass
        elif rng.random() < 0.03 and game.can_undo():
            game.undo()
        else:
            corp = game.deciders[0]
            game.apply(bots[corp].choose(game, corp))
        public = set(game.state.discard) | set(game.state.in_play)
        for corp in game.corps:
            seen[corp] |= set(game.hand(corp))
        for corp in game.corps + [None]:
            text = view_text(game, corp)
            unseen = [c for c in UNIQUE if c not in public and (corp is None or c not in seen[corp])]
            assert not [c for c in unseen if c in text], (seed, step, corp)
        if step % 25 == 0:
            readable = json.dumps(readable_part(game))
            assert not [c for c in UNIQUE if c in readable]



@pytest.mark.parametrize("card, first, second", [
    ("Greedy Kleptocrats", mc.Bid("Globbo", 17), mc.Bid("Mokia", 3)),
    ("Elections", mc.Vote("Globbo", "Nonintendo"), mc.Vote("Mokia", "Mokia")),
])
def test_a_secret_bid_or_vote_is_in_nothing_public_on_the_game_until_all_are_in(card, first, second):
    """Issue 7, item 6: `game.actions` and `undo()` used to show a bid or vote before all were
    in. Now the actions list shows who has chosen, not what; the table cannot take a sealed
    choice back (only its own seat can), and no refusal or text names the choice."""
    target = "ASEAN" if card == "Greedy Kleptocrats" else "Japan"
    game = mc.scenario(THREE, hands={"Mokia": [card]},
                       companies={"NAFTA/Media": "Globbo", "Japan/Media": "Mokia", "ASEAN/Media": "Nonintendo"})
    game.apply(mc.PlayCard("Mokia", card, target))
    game.apply(first)
    secret = str(first).split(" ", 2)[2]  # "bids 17 Euros" / "votes for Nonintendo"
    assert game.actions[-1] == mc.Sealed("Globbo", first.kind)
    public = [repr(game.actions), str(game.actions[-1]), game.decision, repr(game), *[e.text for e in game.log]]
    assert not [text for text in public if secret in text or repr(first) in text]
    for door in (game, game.seat("Mokia"), game.seat("Nonintendo")):
        with pytest.raises(mc.IllegalAction) as info:
            door.undo()
        assert secret not in str(info.value) and "17" not in str(info.value)
    assert not game.can_undo() and game.seat("Globbo").can_undo()
    game.apply(second)
    assert game.actions[-2:] == [mc.Sealed("Globbo", first.kind), mc.Sealed("Mokia", second.kind)]
    assert game.seat("Mokia").undo() == second  # its own: it knows it
    game.apply(second)
    game.apply({"Greedy Kleptocrats": mc.Bid("Nonintendo", 0),
                "Elections": mc.Vote("Nonintendo", "Mokia")}[card])
    assert first in game.actions and second in game.actions  # opened together: public now
    assert not any(isinstance(a, mc.Sealed) for a in game.actions)
