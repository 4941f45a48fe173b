"""One test (or a small table of tests) per rule of the rulebook, driven through `mc.Game`."""
from __future__ import annotations

import copy
import itertools
import re
import json
from collections import Counter

import pytest

import megacorps as mc
from megacorps.state import AuctionFrame, PayoutFrame, WarFrame

THREE = ["Mokia", "Globbo", "Nonintendo"]
FIXED_START = {"Mokia": "European Union", "Globbo": "Mercosur", "Nonintendo": "Japan", "Lenogo": "China"}
DECK_SIZE = {3: 18, 4: 16, 5: 15, 6: 12}
SEATINGS = [list(c) for n in range(3, 7) for c in itertools.combinations(mc.CORPS, n)]


def snapshot(game: mc.Game):
    """Everything an illegal action must leave alone."""
    return (game.state.model_dump(), copy.deepcopy(game.state.frames), len(game.log), list(game.actions))


def assert_illegal(game: mc.Game, action, *fragments: str) -> str:
    """`action` raises IllegalAction naming it and the reason, and changes nothing."""
    before = snapshot(game)
    with pytest.raises(mc.IllegalAction) as info:
        game.apply(action)
    message = str(info.value)
    for fragment in fragments:
        assert fragment in message, f"{fragment!r} not in {message!r}"
    assert snapshot(game) == before
    return message


def pass_all(game: mc.Game) -> None:
    """Everyone still to act this round passes."""
    round_ = game.round
    while game.round == round_ and not game.is_over:
        game.apply(mc.Pass(game.deciders[0]))


def no_cards(game: mc.Game) -> None:
    """Everyone asked in the payout window plays no card."""
    while isinstance(game.state.top_frame, PayoutFrame):
        game.apply(mc.NoCard(game.deciders[0]))


def turn_choices(game: mc.Game, corp: str) -> list:
    return [a for a in game.legal_actions(corp) if not isinstance(a, (mc.PlayCard, mc.LeaveGame))]


# === Setting Up ===============================================================================

@pytest.mark.parametrize("corps", [["Mokia", "Globbo"], list(mc.CORPS) + ["Mokia"], ["Mokia", "Mokia", "Globbo"],
                                   ["Mokia", "Globbo", "Apple"]])
def test_setup_refuses_a_bad_list_of_corps(corps):
    with pytest.raises(ValueError):
        mc.new_game(corps, seed=1)


@pytest.mark.parametrize("corps", SEATINGS, ids=lambda c: "+".join(x[:3] for x in c))
def test_setup_for_every_seating(corps):
    """Fixed starting countries (uncontrolled without their corp), ASEAN and the African
    Federation to two different corps, cards by countries held, deck size by players, 40 Euros
    and one mercenary each, every one of the 21 cards somewhere."""
    seen_random_owners = set()
    for seed in range(12):
        game = mc.new_game(corps, seed=seed)
        state = game.state
        for corp, country in FIXED_START.items():
            assert game.controller(country) == (corp if corp in corps else None)
        asean, africa = game.controller("ASEAN"), game.controller("African Federation")
        assert asean in corps and africa in corps and asean != africa
        seen_random_owners |= {asean, africa}
        for country in ("NAFTA", "India", "Caliphate", "Maghreb", "Great Russia"):
            assert game.controller(country) is None
        for corp in corps:
            held = len(state.countries_of(corp))
            assert len(game.hand(corp)) == {0: 2, 1: 1}.get(held, 0)
            assert game.money(corp) == 40 and game.mercenaries(corp) == 1
            assert game.companies_of(corp) == []
        assert game.deck_size == DECK_SIZE[len(corps)]
        all_cards = state.deck + state.set_aside + [c for h in state.hands.values() for c in h]
        assert Counter(all_cards) == Counter(state.deck_spec.all_cards)
        assert state.phase == "setup" and game.active_corp in corps
        assert state.paid is None and state.discard == [] and state.in_play == []
    assert len(seen_random_owners) >= 3


@pytest.mark.parametrize("corps", SEATINGS, ids=lambda c: "+".join(x[:3] for x in c))
def test_the_21_cards_always_suffice(corps):
    """Whoever the cup gives ASEAN and the African Federation to, the starting hands plus the
    deck never need more than the 21 event cards."""
    board = mc.load_board()
    need_most = 0
    for asean, africa in itertools.permutations(corps, 2):
        held = Counter(FIXED_START[c] and c for c in corps if c in FIXED_START)
        held.update([asean, africa])
        hands = sum(board.starting_cards_by_countries[min(held[c], 2)] for c in corps)
        need_most = max(need_most, hands + board.deck_size_by_players[len(corps)])
    assert need_most <= len(mc.load_deck().all_cards) == 21


def test_setup_picks_two_rounds_clockwise_from_the_active_corp_free_and_without_antitrust():
    game = mc.new_game(["Mokia", "Globbo", "Nonintendo", "Lenogo"], seed=5)
    state = game.state
    order = state.corps_from(game.active_corp)
    assert order[0] == game.active_corp
    assert state.to_act == order + order
    first = order[0]
    # The first picker takes NAFTA's Aerospace, then, in the second round, the Aerospace company
    # of a country another corp controls: a purchase that would need permission, but not here.
    protected = next(f"{c}/Aerospace" for c in ("European Union", "Japan", "China")
                     if game.controller(c) not in (None, first))
    wanted = iter(["NAFTA/Aerospace", "NAFTA/Media", "European Union/Media", "Japan/Media",
                   protected, "India/Biotech", "Mercosur/Biotech", "ASEAN/Biotech"])
    for expected in order + order:
        assert game.deciders == [expected]
        assert all(isinstance(a, mc.PickCompany) for a in game.legal_actions(expected))
        for card in set(game.hand(expected)):  # no event cards during the picks
            assert_illegal(game, mc.PlayCard(expected, card), card)
        assert_illegal(game, mc.Pass(expected), "not one of the choices")
        assert_illegal(game, mc.BuyCompany(expected, "Maghreb/Oil"), "not one of the choices")
        game.apply(mc.PickCompany(expected, next(wanted)))
        assert game.state.frames == []
    assert game.company_status("NAFTA/Aerospace") == first and game.company_status(protected) == first
    assert game.state.phase == "rounds" and game.round == 1
    assert all(game.money(c) == 40 for c in order)
    assert all(len(game.companies_of(c)) == 2 for c in order)
    # The first round begins: the active corp drew a card and acts first.
    assert game.deciders == [game.active_corp]
    assert game.deck_size == 15


# === Rounds ===================================================================================

def test_round_draw_order_and_the_active_card_passing_left():
    game = mc.scenario(["Globbo", "Lenogo", "Mokia"], deck=["Boom", "Revolution", "Elections"])
    assert game.deciders == ["Globbo"]
    game.apply(mc.Pass("Globbo"))
    assert game.deciders == ["Lenogo"]
    game.apply(mc.Pass("Lenogo"))
    assert game.deciders == ["Mokia"]
    game.apply(mc.Pass("Mokia"))
    # Round 2: the card passed left to Lenogo, who drew the top card and acts first.
    assert game.round == 2 and game.active_corp == "Lenogo"
    assert game.hand("Lenogo") == ["Boom"] and game.deck_size == 2
    assert game.hand("Globbo") == [] and game.hand("Mokia") == []
    assert game.state.to_act == ["Lenogo", "Mokia", "Globbo"]
    pass_all(game)
    assert game.active_corp == "Mokia" and game.hand("Mokia") == ["Revolution"]
    pass_all(game)
    assert game.active_corp == "Globbo" and game.hand("Globbo") == ["Elections"] and game.deck_size == 0
    pass_all(game)  # the final round was played: the deck is empty at the next round's start
    assert game.is_over and game.deciders == []


def test_only_one_payout_industry_action_per_round():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo"})
    game.apply(mc.PayoutIndustry("Mokia", "Oil"))
    assert not any(isinstance(a, mc.PayoutIndustry) for a in game.legal_actions("Globbo"))
    assert_illegal(game, mc.PayoutIndustry("Globbo", "Solar"), "already")
    pass_all(game)
    # A new round: Globbo (not holding Paid) may choose it again.
    assert mc.PayoutIndustry("Globbo", "Solar") in game.legal_actions("Globbo")


def test_the_paid_card():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo"}, deck=["Boom"] * 1 + ["Revolution"])
    assert game.paid_holder is None
    game.apply(mc.PayoutIndustry("Mokia", "Oil"))
    assert game.paid_holder == "Mokia"
    game.apply(mc.Pass("Globbo"))
    game.apply(mc.Pass("Nonintendo"))
    # Round 2 begins with Globbo; Mokia holds Paid and may never choose the action.
    game.apply(mc.PayoutIndustry("Globbo", "Oil"))
    no_cards(game)  # Globbo drew a card, so it is asked about Oversupply / Shortages
    assert game.paid_holder == "Globbo"
    game.apply(mc.Pass("Nonintendo"))
    assert mc.PayoutIndustry("Mokia", "Oil") not in game.legal_actions("Mokia")
    game.apply(mc.Pass("Mokia"))
    # Round 3 (Nonintendo active): Globbo holds Paid, Mokia is free again.
    game.apply(mc.Pass("Nonintendo"))
    assert mc.PayoutIndustry("Mokia", "Oil") in game.legal_actions("Mokia")
    game.apply(mc.Pass("Mokia"))
    assert_illegal(game, mc.PayoutIndustry("Globbo", "Oil"), "Globbo holds the Paid card")


def test_boom_pays_out_without_moving_paid_or_using_the_rounds_payout():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo"}, hands={"Globbo": ["Boom", "Boom"]},
                       paid="Nonintendo")
    game.apply(mc.PlayCard("Globbo", "Boom", "Oil"))
    no_cards(game)
    assert game.money("Globbo") == 43  # Oil: Globbo + 4 unowned = 5 competitors: 3
    assert game.paid_holder == "Nonintendo"
    assert not game.state.payout_taken
    assert mc.PayoutIndustry("Mokia", "Oil") in game.legal_actions("Mokia")
    # The holder of Paid may still trigger payouts with cards.
    game2 = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo"}, hands={"Globbo": ["Boom"]}, paid="Globbo")
    game2.apply(mc.PlayCard("Globbo", "Boom", "Oil"))
    assert game2.money("Globbo") == 43 and game2.paid_holder == "Globbo"


# === Buy Company ================================================================================

def test_buy_company_costs_4_and_only_unowned_existing_companies_are_for_sale():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Globbo", "China/Metals": "nationalized"})
    buys = {a.company for a in game.legal_actions("Mokia") if isinstance(a, mc.BuyCompany)}
    assert "Mercosur/Oil" not in buys and "China/Metals" not in buys
    assert "Open Source Software/Software" not in buys
    assert "L-5/Nanotech" not in buys and "Asteroid/Metals" not in buys
    assert "Switzerland/Finance" in buys and "Maghreb/Oil" in buys
    assert_illegal(game, mc.BuyCompany("Mokia", "Mercosur/Oil"), "already belongs to Globbo")
    assert_illegal(game, mc.BuyCompany("Mokia", "China/Metals"), "Nationalized")
    assert_illegal(game, mc.BuyCompany("Mokia", "Open Source Software/Software"), "Syndicalized")
    assert_illegal(game, mc.BuyCompany("Mokia", "L-5/Nanotech"), "does not exist")
    assert_illegal(game, mc.BuyCompany("Mokia", "Atlantis/Oil"), "no company")
    game.apply(mc.BuyCompany("Mokia", "Maghreb/Oil"))
    assert game.company_status("Maghreb/Oil") == "Mokia" and game.money("Mokia") == 36
    assert game.deciders == ["Globbo"]


def test_buy_company_needs_4_euros():
    game = mc.scenario(THREE, money={"Mokia": 3})
    assert not any(isinstance(a, mc.BuyCompany) for a in game.legal_actions("Mokia"))
    assert_illegal(game, mc.BuyCompany("Mokia", "Maghreb/Oil"), "3 Euros")


# === Antitrust ==================================================================================

@pytest.mark.parametrize("company, owned, controller, asks", [
    ("European Union/Aerospace", "Japan/Aerospace", "Mokia", "Mokia"),      # the rulebook case
    ("European Union/Aerospace", "Japan/Media", "Mokia", None),             # no other Aerospace
    ("European Union/Aerospace", "Japan/Aerospace", None, None),            # nobody controls the EU
    ("European Union/Aerospace", "Japan/Aerospace", "Nonintendo", None),    # the buyer controls it
    ("Switzerland/Finance", "NAFTA/Finance", None, None),                   # neutral: never protected
])
def test_antitrust_permission(company, owned, controller, asks):
    countries = {"Japan": "Mokia"}
    if controller is not None:
        countries["European Union"] = controller
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], companies={owned: "Nonintendo"}, countries=countries)
    game.apply(mc.BuyCompany("Nonintendo", company))
    if asks:
        assert game.deciders == [asks]
        assert game.company_status(company) == "unowned"
    else:
        assert game.company_status(company) == "Nonintendo"
        assert game.deciders == ["Mokia"]


def test_after_a_veto_the_buyer_may_only_buy_another_company_or_pass():
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo", "NAFTA/Biotech": "Nonintendo"},
                       mercenaries={"Nonintendo": 2})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    game.apply(mc.Veto("Mokia"))
    assert_illegal(game, mc.PayoutIndustry("Nonintendo", "Oil"), "must buy a different company or pass")
    assert_illegal(game, mc.LaunchWar("Nonintendo", "Maghreb"), "must buy")
    assert_illegal(game, mc.BuyMercenaries("Nonintendo", 0, False), "must buy")
    # A second vetoed purchase in the same turn: both stay excluded.
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Biotech"))
    game.apply(mc.Veto("Mokia"))
    buys = {a.company for a in turn_choices(game, "Nonintendo") if isinstance(a, mc.BuyCompany)}
    assert not {"European Union/Aerospace", "European Union/Biotech"} & buys
    game.apply(mc.Pass("Nonintendo"))
    assert game.deciders == ["Mokia"] and game.money("Nonintendo") == 40
    assert not game.state.must_buy and game.state.vetoed == []


def test_a_permitted_purchase_that_became_impossible_meanwhile_commits_the_buyer_as_a_veto_does():
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo"}, money={"Nonintendo": 5})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    # While Mokia decides, Nonintendo gives money away (trades may come at any time).
    game.apply(mc.OfferTrade("Nonintendo", to="Globbo", give=mc.Bundle(money=2)))
    game.apply(mc.Accept("Globbo"))
    assert game.deciders == ["Mokia"]
    game.apply(mc.Permit("Mokia"))
    assert game.company_status("European Union/Aerospace") == "unowned" and game.money("Nonintendo") == 3
    assert turn_choices(game, "Nonintendo") == [mc.Pass("Nonintendo")]


@pytest.mark.parametrize("winner, decider", [("Globbo", "Globbo"), ("Nonintendo", None)])
def test_a_veto_pending_when_the_country_changes_hands_is_decided_by_the_new_controller(winner, decider):
    """Antitrust is judged as things stand: if an election during the pending veto gives the
    country to another corp, that corp decides; if it gives it to the buyer, nobody does (the
    old controller used to keep the veto)."""
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo", "Japan/Media": "Nonintendo"},
                       hands={"Globbo": ["Elections"]})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    assert game.deciders == ["Mokia"]
    game.apply(mc.PlayCard("Globbo", "Elections", "European Union"))
    game.apply(mc.Vote("Nonintendo", winner))
    assert game.controller("European Union") == winner
    if decider:
        assert game.deciders == [decider]
        assert "Globbo controls European Union" in game.decision
        assert_illegal(game, mc.Veto("Mokia"), "not Mokia's decision")
        game.apply(mc.Veto("Globbo"))
        assert game.company_status("European Union/Aerospace") == "unowned"
    else:
        assert game.company_status("European Union/Aerospace") == "Nonintendo"
        assert game.money("Nonintendo") == 36 and game.deciders == ["Mokia"]


def test_a_veto_pending_when_permission_is_no_longer_needed_lets_the_purchase_through():
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo"})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    game.apply(mc.OfferTrade("Nonintendo", to="Globbo", give=mc.Bundle(companies=("Japan/Aerospace",))))
    game.apply(mc.Accept("Globbo"))  # Nonintendo owns no other Aerospace company now
    assert game.company_status("European Union/Aerospace") == "Nonintendo"
    assert game.deciders == ["Mokia"] and game.state.frames == []


# === Government Intervention ====================================================================

@pytest.mark.parametrize("government, status, globbo_money, mokia_money", [
    ("Democracy", "unowned", 44, 40),
    ("Kleptocracy", "Mokia", 40, 40),
    ("Dictatorship", "nationalized", 40, 40),
    ("Wikisyndicalism", "syndicalized", 44, 40),
])
def test_government_intervention_by_government_type(government, status, globbo_money, mokia_money):
    game = mc.scenario(THREE, countries={"India": "Mokia"}, governments={"India": government},
                       companies={"India/Solar": "Globbo"})
    game.apply(mc.Intervene("Mokia", "India/Solar"))
    assert game.company_status("India/Solar") == status
    assert game.money("Globbo") == globbo_money and game.money("Mokia") == mokia_money
    assert game.deciders == ["Globbo"]


def test_intervention_needs_a_controlled_country_and_another_corps_company():
    game = mc.scenario(THREE, countries={"India": "Mokia"},
                       companies={"India/Solar": "Globbo", "India/Software": "Mokia", "Mercosur/Oil": "Globbo"})
    targets = {a.company for a in game.legal_actions("Mokia") if isinstance(a, mc.Intervene)}
    assert targets == {"India/Solar"}
    assert_illegal(game, mc.Intervene("Mokia", "India/Software"), "not owned by another corp")
    assert_illegal(game, mc.Intervene("Mokia", "India/Robotics"), "not owned by another corp")
    assert_illegal(game, mc.Intervene("Mokia", "Mercosur/Oil"), "does not control Mercosur")
    assert_illegal(game, mc.Intervene("Mokia", "Switzerland/Finance"), "does not control Switzerland")
    no_country = mc.scenario(THREE, companies={"India/Solar": "Globbo"})
    assert not any(isinstance(a, mc.Intervene) for a in no_country.legal_actions("Mokia"))


# === Buying Mercenaries =========================================================================

def test_mercenaries_free_from_own_defense_companies_and_one_euro_each_from_the_box():
    game = mc.scenario(THREE, companies={"NAFTA/Defense": "Mokia", "China/Defense": "Mokia",
                                         "Caliphate/Defense": "nationalized", "Maghreb/Defense": "Globbo"},
                       money={"Mokia": 1})
    box = {a.from_box for a in game.legal_actions("Mokia") if isinstance(a, mc.BuyMercenaries)}
    assert box == {0, 1}  # two in the box (Caliphate, Great Russia) but only 1 Euro
    assert_illegal(game, mc.BuyMercenaries("Mokia", 2), "Mokia buys mercenaries")
    game.apply(mc.BuyMercenaries("Mokia", 1))
    assert game.mercenaries("Mokia") == 2 + 1 and game.money("Mokia") == 0
    assert game.money("Globbo") == 40  # the box is paid, not a corp
    assert game.deciders == ["Globbo"]  # not asked to sell: Mokia did not ask the owners


def test_mercenary_sellers_are_asked_clockwise_and_may_not_ask_more_than_the_buyer_has():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"],
                       companies={"NAFTA/Defense": "Lenogo", "China/Defense": "Globbo", "Maghreb/Defense": "Globbo"},
                       money={"Mokia": 3})
    game.apply(mc.BuyMercenaries("Mokia", 2, True))
    assert game.money("Mokia") == 1
    assert game.deciders == ["Globbo"]
    offers = [a for a in game.legal_actions("Globbo") if isinstance(a, mc.OfferMercenaries)]
    assert max(a.count for a in offers) == 2 and max(a.price for a in offers) == 1
    assert_illegal(game, mc.OfferMercenaries("Globbo", 3, 0), "Globbo may sell at most 2")
    game.apply(mc.OfferMercenaries("Globbo", 2, 1))
    game.apply(mc.Accept("Mokia"))
    assert game.money("Globbo") == 41 and game.mercenaries("Mokia") == 4
    assert game.deciders == ["Lenogo"]
    game.apply(mc.OfferMercenaries("Lenogo", 1, 0))
    game.apply(mc.Accept("Mokia"))
    assert game.mercenaries("Mokia") == 5 and game.deciders == ["Globbo"]


def test_a_mercenary_price_the_buyer_cannot_pay_can_only_be_declined():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies={"China/Defense": "Globbo"},
                       money={"Mokia": 5})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    game.apply(mc.OfferMercenaries("Globbo", 1, 5))
    game.apply(mc.OfferTrade("Mokia", to="Nonintendo", give=mc.Bundle(money=1)))
    game.apply(mc.Accept("Nonintendo"))
    assert game.money("Mokia") == 4
    assert mc.Accept("Mokia") not in game.legal_actions("Mokia")
    assert mc.Decline("Mokia") in game.legal_actions("Mokia")
    assert_illegal(game, mc.Accept("Mokia"), "cannot pay 5")


def test_a_seller_who_trades_its_defense_companies_away_meanwhile_sells_fewer():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"],
                       companies={"China/Defense": "Nonintendo", "Maghreb/Defense": "Nonintendo",
                                  "NAFTA/Defense": "Globbo"})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    assert game.deciders == ["Globbo"]
    # Before being asked, Nonintendo hands one of its two Defense companies to Globbo.
    game.apply(mc.OfferTrade("Nonintendo", to="Globbo", give=mc.Bundle(companies=("Maghreb/Defense",))))
    game.apply(mc.Accept("Globbo"))
    game.apply(mc.OfferMercenaries("Globbo", 0, 0))
    assert game.deciders == ["Nonintendo"]
    assert max(a.count for a in game.legal_actions("Nonintendo") if isinstance(a, mc.OfferMercenaries)) == 1
    assert_illegal(game, mc.OfferMercenaries("Nonintendo", 2, 0), "Nonintendo may sell at most 1")


def test_clone_soldiers_adds_biotech_to_buy_mercenaries():
    before = mc.scenario(THREE, companies={"NAFTA/Biotech": "Mokia", "India/Biotech": "Globbo"})
    most = max(a.from_box for a in before.legal_actions("Mokia") if isinstance(a, mc.BuyMercenaries))
    assert most == 5  # the five Defense companies
    game = mc.scenario(THREE, hands={"Mokia": ["Clone Soldiers"]},
                       companies={"NAFTA/Biotech": "Mokia", "India/Biotech": "Globbo"})
    game.apply(mc.PlayCard("Mokia", "Clone Soldiers"))
    assert game.state.in_play == ["Clone Soldiers"]
    assert not any(isinstance(a, mc.PlayCard) for a in game.legal_actions("Mokia"))
    most = max(a.from_box for a in game.legal_actions("Mokia") if isinstance(a, mc.BuyMercenaries))
    assert most == 5 + 3  # plus EU, Mercosur and ASEAN Biotech, still unowned
    game.apply(mc.BuyMercenaries("Mokia", 2, True))
    assert game.mercenaries("Mokia") == 1 + 2  # one free from NAFTA/Biotech
    assert game.deciders == ["Globbo"]  # Globbo's Biotech company may sell one
    offers = [a for a in game.legal_actions("Globbo") if isinstance(a, mc.OfferMercenaries)]
    assert max(a.count for a in offers) == 1


def test_mercenaries_are_not_limited_by_the_21_counters():
    game = mc.scenario(THREE, mercenaries={"Mokia": 20, "Globbo": 5},
                       companies={"NAFTA/Defense": "Mokia", "China/Defense": "Mokia"})
    game.apply(mc.BuyMercenaries("Mokia", 3))
    assert sum(game.state.mercenaries.values()) == 20 + 5 + 2 + 3


# === Launch a War ===============================================================================

def test_war_needs_a_mercenary_and_a_country_not_controlled_and_never_a_neutral_place():
    game = mc.scenario(THREE, countries={"India": "Mokia"})
    assert not any(isinstance(a, mc.LaunchWar) for a in game.legal_actions("Mokia"))
    assert_illegal(game, mc.LaunchWar("Mokia", "Maghreb"), "no mercenaries")
    armed = mc.scenario(THREE, countries={"India": "Mokia"}, mercenaries={"Mokia": 1})
    targets = {a.country for a in armed.legal_actions("Mokia") if isinstance(a, mc.LaunchWar)}
    assert targets == set(armed.board.playable_countries) - {"India"}
    for neutral in ("Switzerland", "L-5", "Asteroid", "Open Source Software"):
        assert_illegal(armed, mc.LaunchWar("Mokia", neutral), "never be attacked")
    assert_illegal(armed, mc.LaunchWar("Mokia", "India"), "already controls India")


def test_war_ties_go_to_the_defender_and_the_defenders_other_countries_do_not_help():
    # Attacker: NAFTA Force 4 + 1 mercenary = 5. Defender: Maghreb Defense 2 + 3 mercenaries = 5.
    game = mc.scenario(THREE, countries={"NAFTA": "Mokia", "Maghreb": "Globbo", "China": "Globbo"},
                       mercenaries={"Mokia": 1, "Globbo": 3})
    game.apply(mc.LaunchWar("Mokia", "Maghreb"))
    assert game.controller("Maghreb") == "Globbo"
    assert game.mercenaries("Mokia") == 0 and game.mercenaries("Globbo") == 2


def test_war_attacker_adds_the_force_of_every_country_it_controls():
    # NAFTA 4 + India 3 + 1 mercenary = 8 against China's Defense 6 + 1 = 7.
    game = mc.scenario(THREE, countries={"NAFTA": "Mokia", "India": "Mokia", "China": "Globbo"},
                       mercenaries={"Mokia": 1, "Globbo": 1})
    game.apply(mc.LaunchWar("Mokia", "China"))
    assert game.controller("China") == "Mokia"
    assert game.mercenaries("Mokia") == 0 and game.mercenaries("Globbo") == 0  # equal: both removed


@pytest.mark.parametrize("attacking, defending, left_a, left_d", [
    (3, 0, 2, 0),   # only the attacker used mercenaries: it loses one
    (3, 1, 2, 0),   # the rulebook's example
    (1, 3, 0, 2),   # the smaller force is the attacker's
    (2, 2, 0, 0),   # equal forces: both removed
])
def test_war_losses(attacking, defending, left_a, left_d):
    game = mc.scenario(THREE, countries={"Mercosur": "Globbo"},
                       mercenaries={"Mokia": attacking, "Globbo": defending})
    game.apply(mc.LaunchWar("Mokia", "Mercosur"))
    assert game.mercenaries("Mokia") == left_a and game.mercenaries("Globbo") == left_d


def test_war_on_an_uncontrolled_country_lent_mercenaries_are_lost_and_no_intervention():
    game = mc.scenario(THREE, mercenaries={"Mokia": 3, "Nonintendo": 2},
                       companies={"Maghreb/Oil": "Globbo"})
    game.apply(mc.LaunchWar("Mokia", "Maghreb"))
    assert game.deciders == ["Nonintendo"]  # Globbo has no mercenaries and is not asked
    game.apply(mc.SupportWar("Nonintendo", "defender", 2))
    # 3 against Maghreb's 2 + 2 lent = 4: Maghreb holds; the smaller force (2 lent) is lost, the
    # attacker loses 2 as well.
    assert game.controller("Maghreb") is None
    assert game.mercenaries("Mokia") == 1 and game.mercenaries("Nonintendo") == 0
    assert game.deciders == ["Globbo"]  # no intervention step
    won = mc.scenario(THREE, mercenaries={"Mokia": 3}, companies={"Maghreb/Oil": "Globbo"})
    won.apply(mc.LaunchWar("Mokia", "Maghreb"))
    assert won.controller("Maghreb") == "Mokia"
    assert won.company_status("Maghreb/Oil") == "Globbo"  # no intervention after the war
    assert won.deciders == ["Globbo"]


def test_the_defender_who_wins_may_intervene_against_the_attackers_companies_there():
    game = mc.scenario(THREE, countries={"Caliphate": "Globbo"}, mercenaries={"Mokia": 1},
                       companies={"Caliphate/Oil": "Mokia", "Caliphate/Solar": "Nonintendo"})
    game.apply(mc.LaunchWar("Mokia", "Caliphate"))
    assert game.controller("Caliphate") == "Globbo"
    assert game.deciders == ["Globbo"]
    spoils = [a for a in game.legal_actions("Globbo") if isinstance(a, mc.Intervene)]
    assert spoils == [mc.Intervene("Globbo", "Caliphate/Oil")]  # only the loser's companies
    game.apply(mc.Intervene("Globbo", "Caliphate/Oil"))
    assert game.company_status("Caliphate/Oil") == "nationalized"  # a Dictatorship
    assert game.deciders == ["Globbo"]  # Mokia's war was its action; Globbo's turn now


def test_the_winner_may_decline_to_intervene_and_there_is_none_without_the_losers_companies():
    game = mc.scenario(THREE, countries={"Great Russia": "Globbo", "NAFTA": "Mokia"},
                       mercenaries={"Mokia": 2}, companies={"Great Russia/Oil": "Globbo"})
    game.apply(mc.LaunchWar("Mokia", "Great Russia"))
    assert game.controller("Great Russia") == "Mokia"
    game.apply(mc.Pass("Mokia"))
    assert game.company_status("Great Russia/Oil") == "Globbo"
    assert game.deciders == ["Globbo"]
    nothing = mc.scenario(THREE, countries={"Great Russia": "Globbo", "NAFTA": "Mokia"},
                          mercenaries={"Mokia": 2})
    nothing.apply(mc.LaunchWar("Mokia", "Great Russia"))
    assert nothing.deciders == ["Globbo"]


def test_the_winners_intervention_follows_the_government_kleptocracy_theft():
    game = mc.scenario(THREE, countries={"Great Russia": "Globbo", "NAFTA": "Mokia"},
                       mercenaries={"Mokia": 2}, companies={"Great Russia/Oil": "Globbo"})
    game.apply(mc.LaunchWar("Mokia", "Great Russia"))
    game.apply(mc.Intervene("Mokia", "Great Russia/Oil"))
    assert game.company_status("Great Russia/Oil") == "Mokia"


def test_a_war_on_a_country_the_attacker_comes_to_control_during_the_pause_is_not_fought():
    game = mc.scenario(THREE, countries={"ASEAN": "Globbo"}, mercenaries={"Mokia": 2, "Nonintendo": 1},
                       hands={"Nonintendo": ["Greedy Kleptocrats"]})
    game.apply(mc.LaunchWar("Mokia", "ASEAN"))
    game.apply(mc.PlayCard("Nonintendo", "Greedy Kleptocrats", "ASEAN"))  # interrupts the pause
    for corp, bid in (("Mokia", 5), ("Globbo", 1), ("Nonintendo", 0)):
        game.apply(mc.Bid(corp, bid))
    assert game.controller("ASEAN") == "Mokia"
    assert isinstance(game.state.top_frame, WarFrame) and game.deciders == ["Nonintendo"]
    game.apply(mc.StayOut("Nonintendo"))
    assert game.controller("ASEAN") == "Mokia" and game.mercenaries("Mokia") == 2  # no war, no losses
    assert "there is no war" in game.log[-1].text
    assert game.deciders == ["Globbo"]


def test_war_gifts_are_asked_of_every_other_corp_with_mercenaries_at_once():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo", "Windoze"], countries={"Mercosur": "Globbo"},
                       mercenaries={"Mokia": 1, "Globbo": 1, "Nonintendo": 2, "Lenogo": 0, "Windoze": 1})
    game.apply(mc.LaunchWar("Mokia", "Mercosur"))
    assert sorted(game.deciders) == ["Nonintendo", "Windoze"]  # not the two sides, not Lenogo
    game.apply(mc.SupportWar("Windoze", "defender", 1))  # answers come in any order
    assert game.mercenaries("Globbo") == 2
    game.apply(mc.SupportWar("Nonintendo", "attacker", 2))
    # Mokia 0 Force + 3 against Mercosur 3 + 2: Globbo holds; 2 < 3, both lose 2.
    assert game.controller("Mercosur") == "Globbo"
    assert game.mercenaries("Mokia") == 1 and game.mercenaries("Globbo") == 0


# === Event cards ================================================================================

def test_every_card_of_the_default_deck_is_tested_here():
    tested = {"Oversupply", "Shortages", "Clone Soldiers", "Greedy Kleptocrats", "Elections",
              "Vote of No Confidence", "Wikisyndicalism", "L-5", "Asteroid", "Boom", "Military Coup",
              "Revolution", "Corruption Scandal", "General Strike", "Privatization"}
    assert set(mc.load_deck().card_by_name) == tested


def card_targets(game, corp, card):
    return {a.target for a in game.legal_actions(corp) if isinstance(a, mc.PlayCard) and a.card == card}


@pytest.mark.parametrize("card, allowed, changed, government", [
    ("Wikisyndicalism", "Democracy", "India", "Wikisyndicalism"),
    ("Military Coup", "not Dictatorship", "India", "Dictatorship"),
    ("Revolution", "Dictatorship Kleptocracy", "China", "Democracy"),
    ("Corruption Scandal", "Democracy", "Japan", "Kleptocracy"),
])
def test_government_changing_cards(card, allowed, changed, government):
    game = mc.scenario(THREE, hands={"Globbo": [card]})
    govs = game.state.governments
    if allowed == "not Dictatorship":
        expected = {c for c, g in govs.items() if g.value != "Dictatorship"}
    else:
        expected = {c for c, g in govs.items() if g.value in allowed.split()}
    assert card_targets(game, "Globbo", card) == expected
    game.apply(mc.PlayCard("Globbo", card, changed))
    assert game.government(changed) == government
    assert card in game.state.discard and game.hand("Globbo") == []
    assert game.deciders == ["Mokia"]  # played out of turn; Mokia still to act


def test_a_change_of_government_leaves_the_markers_already_placed():
    game = mc.scenario(THREE, hands={"Globbo": ["Revolution"]}, countries={"China": "Mokia"},
                       companies={"China/Finance": "nationalized", "China/Metals": "Nonintendo"})
    game.apply(mc.PlayCard("Globbo", "Revolution", "China"))
    assert game.government("China") == "Democracy" and game.controller("China") == "Mokia"
    assert game.company_status("China/Finance") == "nationalized"
    assert game.company_status("China/Metals") == "Nonintendo"
    # Only later interventions follow the new government: now a forced sale, not nationalization.
    game.apply(mc.Intervene("Mokia", "China/Metals"))
    assert game.company_status("China/Metals") == "unowned" and game.money("Nonintendo") == 44


def test_military_coup_on_a_wikisyndicalism_and_revolution_leaves_wikisyndicalism_alone():
    game = mc.scenario(THREE, governments={"India": "Wikisyndicalism"},
                       hands={"Globbo": ["Military Coup", "Revolution"]})
    assert "India" not in card_targets(game, "Globbo", "Revolution")
    game.apply(mc.PlayCard("Globbo", "Military Coup", "India"))
    assert game.government("India") == "Dictatorship"


def test_l5_and_asteroid_bring_their_companies_into_existence():
    game = mc.scenario(THREE, hands={"Globbo": ["L-5", "Asteroid"]},
                       companies={"European Union/Nanotech": "Mokia"})
    assert mc.competitors(game.state, "Nanotech") == 4
    game.apply(mc.PlayCard("Globbo", "L-5"))
    assert game.company_status("L-5/Nanotech") == "unowned"
    assert mc.competitors(game.state, "Nanotech") == 5
    game.apply(mc.PlayCard("Globbo", "Asteroid"))
    assert game.company_status("Asteroid/Metals") == "unowned"
    game.apply(mc.BuyCompany("Mokia", "L-5/Nanotech"))  # no antitrust in a neutral place
    assert game.company_status("L-5/Nanotech") == "Mokia"


def test_general_strike_syndicalizes_an_owned_company_outside_the_neutral_places():
    game = mc.scenario(THREE, hands={"Nonintendo": ["General Strike"]},
                       companies={"India/Solar": "Globbo", "Switzerland/Finance": "Globbo",
                                  "Caliphate/Oil": "nationalized", "Mercosur/Oil": "Nonintendo"})
    assert card_targets(game, "Nonintendo", "General Strike") == {"India/Solar", "Mercosur/Oil"}
    game.apply(mc.PlayCard("Nonintendo", "General Strike", "India/Solar"))
    assert game.company_status("India/Solar") == "syndicalized"
    assert game.money("Globbo") == 44
    # A syndicalized company counts as a competitor even for the country's controller.
    assert mc.competitors(game.state, "Solar") == 5


def test_privatization_makes_a_nationalized_company_unowned():
    game = mc.scenario(THREE, hands={"Nonintendo": ["Privatization"]},
                       companies={"Caliphate/Oil": "nationalized", "Maghreb/Oil": "nationalized",
                                  "Mercosur/Oil": "Globbo"})
    assert card_targets(game, "Nonintendo", "Privatization") == {"Caliphate/Oil", "Maghreb/Oil"}
    game.apply(mc.PlayCard("Nonintendo", "Privatization", "Caliphate/Oil"))
    assert game.company_status("Caliphate/Oil") == "unowned"
    game.apply(mc.BuyCompany("Mokia", "Caliphate/Oil"))
    assert game.company_status("Caliphate/Oil") == "Mokia"


def test_boom_any_industry_pays_out_at_once():
    game = mc.scenario(THREE, hands={"Nonintendo": ["Boom"]},
                       companies={"Mercosur/Oil": "Globbo", "Caliphate/Oil": "Globbo", "Maghreb/Oil": "Mokia"})
    assert card_targets(game, "Nonintendo", "Boom") == set(game.board.industries)
    game.apply(mc.PlayCard("Nonintendo", "Boom", "Oil"))
    # Oil: Globbo, Mokia + Great Russia and ASEAN unowned = 4 competitors: 4 per company
    assert game.money("Globbo") == 48 and game.money("Mokia") == 44
    assert game.paid_holder is None


@pytest.mark.parametrize("plays, modifier", [
    ([("Globbo", "Oversupply")], +1),
    ([("Globbo", "Shortages")], -1),
    ([("Globbo", "Oversupply"), ("Mokia", "Shortages")], 0),
    ([("Globbo", "Shortages"), ("Nonintendo", "Oversupply")], 0),
    ([("Globbo", "Shortages"), ("Nonintendo", "Oversupply"), ("Mokia", "Shortages")], -1),
])
def test_oversupply_and_shortages_alternate_and_cancel(plays, modifier):
    # Aerospace with three competitors: Mokia 2, Globbo 1, Nonintendo 2.
    holdings = {"NAFTA/Aerospace": "Mokia", "European Union/Aerospace": "Mokia", "Japan/Aerospace": "Globbo",
                "China/Aerospace": "Nonintendo", "Great Russia/Aerospace": "Nonintendo"}
    game = mc.scenario(THREE, companies=holdings, hands={
        "Mokia": ["Shortages"], "Globbo": ["Oversupply", "Shortages"], "Nonintendo": ["Oversupply"]})
    game.apply(mc.PayoutIndustry("Mokia", "Aerospace"))
    assert sorted(game.deciders) == sorted(THREE)  # every card holder, the caller included
    last = None
    for corp, card in plays:
        if last is not None:  # the card just played cannot be answered by another of its kind
            for other in game.deciders:
                assert mc.PlayCard(other, last) not in game.legal_actions(other)
                if last in game.hand(other):
                    assert_illegal(game, mc.PlayCard(other, last), last)
        game.apply(mc.PlayCard(corp, card))
        assert corp not in game.deciders  # the corp that just played is not asked again
        last = card
    no_cards(game)
    per = {2: 8, 3: 6, 4: 4}[3 + modifier]
    assert game.money("Mokia") == 40 + 2 * per and game.money("Globbo") == 40 + per
    assert game.money("Nonintendo") == 40 + 2 * per


def test_only_oversupply_and_shortages_during_a_payout_and_every_card_holder_is_asked():
    game = mc.scenario(THREE, companies={"Mercosur/Oil": "Mokia"},
                       hands={"Globbo": ["Boom", "Elections"], "Nonintendo": ["Oversupply"]})
    game.apply(mc.PayoutIndustry("Mokia", "Oil"))
    assert sorted(game.deciders) == ["Globbo", "Nonintendo"]  # Mokia holds no card: not asked
    assert game.legal_actions("Globbo") == [mc.NoCard("Globbo")]
    assert_illegal(game, mc.PlayCard("Globbo", "Boom", "Oil"), "no other card")
    assert_illegal(game, mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=1)), "no trade")
    game.apply(mc.NoCard("Globbo"))
    assert game.deciders == ["Nonintendo"]
    game.apply(mc.NoCard("Nonintendo"))
    assert game.money("Mokia") == 43 and game.paid_holder == "Mokia"


def test_payout_cards_cannot_be_played_outside_a_payout():
    game = mc.scenario(THREE, hands={"Globbo": ["Oversupply"]})
    assert not any(isinstance(a, mc.PlayCard) for a in game.legal_actions("Globbo"))
    assert_illegal(game, mc.PlayCard("Globbo", "Oversupply"), "only be played while an industry pays out")


def test_a_card_interrupts_another_corps_turn_and_play_returns_to_it():
    game = mc.scenario(THREE, hands={"Nonintendo": ["Elections"]},
                       companies={"Japan/Media": "Nonintendo"}, countries={"Japan": "Mokia"})
    assert game.deciders == ["Mokia"]
    assert mc.PlayCard("Nonintendo", "Elections", "Japan") in game.legal_actions("Nonintendo")
    game.apply(mc.PlayCard("Nonintendo", "Elections", "Japan"))
    assert game.deciders == ["Nonintendo"]
    game.apply(mc.Vote("Nonintendo", "Nonintendo"))
    assert game.controller("Japan") == "Nonintendo"
    assert game.deciders == ["Mokia"] and game.state.to_act == THREE


def test_cards_may_interrupt_a_veto_and_the_war_pause():
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo"}, hands={"Globbo": ["Revolution"]})
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    assert mc.PlayCard("Globbo", "Revolution", "China") in game.legal_actions("Globbo")
    game.apply(mc.PlayCard("Globbo", "Revolution", "China"))
    assert game.deciders == ["Mokia"] and game.government("China") == "Democracy"
    war = mc.scenario(THREE, mercenaries={"Mokia": 1, "Globbo": 1}, hands={"Nonintendo": ["Military Coup"]})
    war.apply(mc.LaunchWar("Mokia", "India"))
    assert isinstance(war.state.top_frame, WarFrame)
    war.apply(mc.PlayCard("Nonintendo", "Military Coup", "India"))
    assert isinstance(war.state.top_frame, WarFrame) and war.deciders == ["Globbo"]


def test_no_cards_during_the_final_payouts():
    game = mc.scenario(THREE, deck=[], companies={"Mercosur/Oil": "Mokia", "Maghreb/Oil": "Mokia"},
                       hands={"Globbo": ["Shortages", "Boom"]})
    pass_all(game)
    assert game.is_over
    assert game.legal_actions("Globbo") == [] and game.deciders == []
    # Oil pays out once with 4 competitors (Mokia + 3 unowned) and nobody was asked.
    assert game.money("Mokia") == 40 + 2 * 4
    assert game.hand("Globbo") == ["Shortages", "Boom"]
    assert_illegal(game, mc.PlayCard("Globbo", "Boom", "Oil"), "game is over")
    assert_illegal(game, mc.Pass("Mokia"), "game is over")
    assert_illegal(game, mc.OfferTrade("Globbo", to="Mokia", give=mc.Bundle(money=1)), "game is over")


# === Auctions ===================================================================================

def auction(money=None, controller=None):
    game = mc.scenario(THREE, hands={"Nonintendo": ["Greedy Kleptocrats"]}, money=money or {},
                       countries={"Great Russia": controller} if controller else {})
    assert card_targets(game, "Nonintendo", "Greedy Kleptocrats") == {
        c for c, g in game.state.governments.items() if g.value == "Kleptocracy"}
    game.apply(mc.PlayCard("Nonintendo", "Greedy Kleptocrats", "Great Russia"))
    assert isinstance(game.state.top_frame, AuctionFrame)
    return game


def test_auction_bids_are_secret_until_all_are_in():
    game = auction()
    assert sorted(game.deciders) == sorted(THREE)
    others_before = {c: game.view(c).model_dump() for c in ("Globbo", "Nonintendo")}
    game.apply(mc.Bid("Mokia", 17))
    for corp in ("Globbo", "Nonintendo"):
        view = game.view(corp)
        assert view.my_secret is None
        assert view.has_decided == ["Mokia"]
        after = view.model_dump()
        changed = {k for k in after if after[k] != others_before[corp][k]}
        assert changed <= {"has_decided", "log", "deciders", "decision"}
        assert "17" not in json.dumps(after)
    assert game.view("Mokia").my_secret == 17
    assert "17" not in game.decision and all("17" not in e.text for e in game.log)
    game.apply(mc.Bid("Globbo", 5))
    game.apply(mc.Bid("Nonintendo", 0))
    assert game.controller("Great Russia") == "Mokia"
    assert game.money("Mokia") == 40 - 17 and game.money("Globbo") == 40  # only the winner pays
    assert any("Mokia 17" in e.text for e in game.log)  # revealed together at the end


def test_auction_tie_leaves_the_country_uncontrolled_and_nobody_pays():
    game = auction(controller="Nonintendo")
    for corp, bid in (("Mokia", 9), ("Globbo", 9), ("Nonintendo", 3)):
        game.apply(mc.Bid(corp, bid))
    assert game.controller("Great Russia") is None
    assert all(game.money(c) == 40 for c in THREE)


def test_auction_without_any_bid_changes_nothing():
    game = auction(controller="Globbo")
    for corp in THREE:
        game.apply(mc.Bid(corp, 0))
    assert game.controller("Great Russia") == "Globbo"


def test_auction_a_corp_without_money_is_not_asked_and_bids_are_capped_by_money():
    game = auction(money={"Globbo": 0, "Mokia": 6})
    assert sorted(game.deciders) == ["Mokia", "Nonintendo"]
    assert max(a.amount for a in game.legal_actions("Mokia")) == 6
    assert_illegal(game, mc.Bid("Mokia", 7), "Mokia has only 6 Euros to bid")
    game.apply(mc.Bid("Mokia", 6))
    assert_illegal(game, mc.Bid("Mokia", 5), "not Mokia's decision")
    game.apply(mc.Bid("Nonintendo", 2))
    assert game.controller("Great Russia") == "Mokia" and game.money("Mokia") == 0


def test_undo_may_take_back_a_bid_but_not_the_opening_of_the_bids():
    game = auction()
    game.apply(mc.Bid("Mokia", 3))
    assert not game.can_undo() and game.seat("Mokia").can_undo()
    assert game.seat("Mokia").undo() == mc.Bid("Mokia", 3)
    game.apply(mc.Bid("Mokia", 4))
    game.apply(mc.Bid("Globbo", 1))
    game.apply(mc.Bid("Nonintendo", 2))
    assert not game.can_undo()
    with pytest.raises(mc.IllegalAction, match="revealed hidden information"):
        game.undo()


# === Elections ==================================================================================

def election(holdings, card="Elections", country="Japan", controller=None):
    game = mc.scenario(THREE, hands={"Mokia": [card]}, companies=holdings,
                       countries={country: controller} if controller else {})
    game.apply(mc.PlayCard("Mokia", card, country))
    return game


def test_election_one_vote_per_media_company_and_any_corp_may_be_voted_for():
    game = election({"NAFTA/Media": "Globbo", "Japan/Media": "Globbo", "ASEAN/Media": "Nonintendo",
                     "Mercosur/Media": "nationalized"})
    assert sorted(game.deciders) == ["Globbo", "Nonintendo"]  # Mokia owns no Media: no vote
    assert {a.candidate for a in game.legal_actions("Globbo")} == set(THREE)
    game.apply(mc.Vote("Globbo", "Mokia"))  # for a corp that owns no Media
    assert game.view("Globbo").my_secret == "Mokia" and game.view("Nonintendo").my_secret is None
    assert game.log[-1].text == "Globbo has voted" and "Mokia" not in game.decision
    game.apply(mc.Vote("Nonintendo", "Nonintendo"))
    assert game.controller("Japan") == "Mokia"  # 2 votes to 1


def test_election_tie_makes_the_country_uncontrolled():
    game = election({"NAFTA/Media": "Globbo", "ASEAN/Media": "Nonintendo"}, controller="Mokia")
    game.apply(mc.Vote("Globbo", "Globbo"))
    game.apply(mc.Vote("Nonintendo", "Nonintendo"))
    assert game.controller("Japan") is None


def test_election_with_no_media_owner_leaves_the_country_as_it_was():
    game = election({}, controller="Globbo", country="Japan")
    assert game.controller("Japan") == "Globbo"
    assert game.deciders == ["Mokia"]
    assert game.can_undo()  # nothing secret was opened


def test_vote_of_no_confidence_only_on_a_democracy_another_corp_controls():
    game = mc.scenario(THREE, hands={"Mokia": ["Vote of No Confidence"]},
                       countries={"Japan": "Globbo", "India": "Mokia", "China": "Globbo"},
                       companies={"NAFTA/Media": "Mokia"})
    assert card_targets(game, "Mokia", "Vote of No Confidence") == {"Japan"}
    game.apply(mc.PlayCard("Mokia", "Vote of No Confidence", "Japan"))
    game.apply(mc.Vote("Mokia", "Mokia"))
    assert game.controller("Japan") == "Mokia"
    assert not game.can_undo()  # the votes were opened


def test_elections_target_any_democracy():
    game = mc.scenario(THREE, hands={"Mokia": ["Elections"]})
    assert card_targets(game, "Mokia", "Elections") == {
        c for c, g in game.state.governments.items() if g.value == "Democracy"}


# === Neutral places =============================================================================

def test_neutral_places_cannot_be_controlled_attacked_or_intervened_in():
    with pytest.raises(ValueError, match="neutral"):
        mc.scenario(THREE, countries={"Switzerland": "Mokia"})
    game = mc.scenario(THREE, mercenaries={"Mokia": 9}, companies={"Switzerland/Finance": "Globbo"})
    assert "Switzerland" not in game.state.controllers
    assert not any(isinstance(a, mc.Intervene) for a in game.legal_actions("Mokia"))
    # Open Source Software is syndicalized for good and counts as a Software competitor.
    assert game.company_status("Open Source Software/Software") == "syndicalized"
    assert mc.competitors(game.state, "Software") == 5
    assert mc.competitors(game.state, "Metals") == 4 and mc.competitors(game.state, "Nanotech") == 4


# === Trades =====================================================================================

def trade_game():
    return mc.scenario(THREE, companies={"Mercosur/Oil": "Mokia", "India/Solar": "Globbo"},
                       countries={"Japan": "Mokia", "India": "Globbo"}, mercenaries={"Mokia": 2, "Globbo": 1},
                       hands={"Mokia": ["Boom", "Revolution"], "Globbo": ["Elections"]})


def test_a_trade_of_every_kind_of_item_is_handed_over_when_accepted():
    game = trade_game()
    offer = mc.OfferTrade("Mokia", to="Globbo",
                          give=mc.Bundle(money=5, mercenaries=2, companies=("Mercosur/Oil",), countries=("Japan",),
                                         cards=("Boom",)),
                          take=mc.Bundle(money=1, mercenaries=1, companies=("India/Solar",), countries=("India",),
                                         cards=("Elections",)))
    assert game.may_offer_trades("Mokia")
    game.apply(offer)
    assert game.deciders == ["Globbo"]
    assert set(game.legal_actions("Globbo")) == {mc.Accept("Globbo"), mc.Decline("Globbo")}
    assert_illegal(game, mc.Pass("Mokia"), "not Mokia's decision")
    game.apply(mc.Accept("Globbo"))
    assert game.money("Mokia") == 36 and game.money("Globbo") == 44
    assert game.mercenaries("Mokia") == 1 and game.mercenaries("Globbo") == 2
    assert game.company_status("Mercosur/Oil") == "Globbo" and game.company_status("India/Solar") == "Mokia"
    assert game.controller("Japan") == "Globbo" and game.controller("India") == "Mokia"
    assert sorted(game.hand("Mokia")) == ["Elections", "Revolution"] and game.hand("Globbo") == ["Boom"]
    assert game.deciders == ["Mokia"]  # a trade is not an action: Mokia's turn goes on


def test_a_declined_trade_changes_nothing_but_the_log():
    game = trade_game()
    before = game.state.model_dump()
    game.apply(mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money=5)))
    game.apply(mc.Decline("Globbo"))
    assert game.state.model_dump() == before
    assert "declines" in game.log[-1].text


@pytest.mark.parametrize("give, take, reason", [
    (mc.Bundle(money=41), mc.Bundle(), "Mokia has only 40 Euros"),
    (mc.Bundle(money=-1), mc.Bundle(), "negative"),
    (mc.Bundle(mercenaries=3), mc.Bundle(), "only 2 mercenaries"),
    (mc.Bundle(companies=("India/Solar",)), mc.Bundle(), "Mokia does not own India/Solar"),
    (mc.Bundle(countries=("India",)), mc.Bundle(), "Mokia does not control India"),
    (mc.Bundle(cards=("Elections",)), mc.Bundle(), "Mokia does not hold"),
    (mc.Bundle(cards=("Boom", "Boom")), mc.Bundle(), "Mokia does not hold"),
    (mc.Bundle(), mc.Bundle(money=99), "Globbo has only 40 Euros"),
    (mc.Bundle(), mc.Bundle(companies=("Mercosur/Oil",)), "Globbo does not own Mercosur/Oil"),
    (mc.Bundle(), mc.Bundle(countries=("Japan",)), "Globbo does not control Japan"),
    (mc.Bundle(), mc.Bundle(), "empty"),
    (mc.Bundle(companies=("Mercosur/Oil", "Mercosur/Oil")), mc.Bundle(), "twice"),
])
def test_invalid_trade_offers_are_refused_with_a_reason(give, take, reason):
    game = trade_game()
    assert_illegal(game, mc.OfferTrade("Mokia", to="Globbo", give=give, take=take), reason)


def test_trades_with_oneself_or_an_absent_corp_are_refused():
    game = trade_game()
    assert_illegal(game, mc.OfferTrade("Mokia", to="Mokia", give=mc.Bundle(money=1)), "itself")
    assert_illegal(game, mc.OfferTrade("Mokia", to="Windoze", give=mc.Bundle(money=1)), "still in the game")


def test_during_the_war_pause_selling_mercenaries_is_a_trade_offer():
    game = mc.scenario(THREE, countries={"Mercosur": "Globbo"}, mercenaries={"Mokia": 1, "Nonintendo": 2})
    game.apply(mc.LaunchWar("Mokia", "Mercosur"))
    assert game.may_offer_trades("Nonintendo")
    game.apply(mc.OfferTrade("Nonintendo", to="Mokia", give=mc.Bundle(mercenaries=2), take=mc.Bundle(money=6)))
    game.apply(mc.Accept("Mokia"))
    assert game.mercenaries("Mokia") == 3 and game.money("Nonintendo") == 46
    assert isinstance(game.state.top_frame, WarFrame) and game.deciders == ["Nonintendo"]
    assert [a for a in game.legal_actions("Nonintendo") if not isinstance(a, mc.PlayCard)] == [
        mc.StayOut("Nonintendo")]  # it has nothing left to give
    game.apply(mc.StayOut("Nonintendo"))
    # 3 mercenaries against Mercosur's Defense 3: a tie, the defender keeps it.
    assert game.controller("Mercosur") == "Globbo" and game.mercenaries("Mokia") == 2


# === Leaving a game =============================================================================

def test_a_corp_that_leaves_loses_everything_and_its_cards_are_discarded_unseen():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"], paid="Globbo",
                       companies={"Mercosur/Oil": "Globbo"}, countries={"India": "Globbo"},
                       mercenaries={"Globbo": 3}, hands={"Globbo": ["Boom", "Elections"]})
    assert mc.LeaveGame("Globbo") in game.legal_actions("Globbo")
    game.apply(mc.LeaveGame("Globbo"))
    assert game.corps == ["Mokia", "Nonintendo", "Lenogo"]
    assert game.company_status("Mercosur/Oil") == "unowned" and game.controller("India") is None
    assert game.hand("Globbo") == [] and game.state.discard == []
    assert sorted(game.state.set_aside[-2:]) == ["Boom", "Elections"]
    assert game.paid_holder is None and game.mercenaries("Globbo") == 0
    assert "Globbo" not in game.scores()
    view = game.view("Mokia").model_dump()
    assert "Boom" not in json.dumps(view) and "Elections" not in json.dumps(view)
    game.apply(mc.Pass("Mokia"))
    assert game.deciders == ["Nonintendo"]  # Globbo's turn is skipped
    assert_illegal(game, mc.Pass("Globbo"), "left the game")
    assert_illegal(game, mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money=1)), "still in the game")


def test_a_departed_active_corp_keeps_the_card_until_the_round_ends():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"], deck=["Boom", "Boom"])
    game.apply(mc.LeaveGame("Mokia"))
    assert game.active_corp == "Mokia" and game.deciders == ["Globbo"]
    pass_all(game)
    assert game.active_corp == "Globbo" and game.hand("Globbo") == ["Boom"]
    game.apply(mc.LeaveGame("Nonintendo"))
    # Only two corps remain: nobody else may leave.
    assert not any(isinstance(a, mc.LeaveGame) for c in game.corps for a in game.legal_actions(c))
    assert_illegal(game, mc.LeaveGame("Lenogo"), "Lenogo leaves the game", "only two corps are left")


# === Game end ===================================================================================

def test_game_end_final_payouts_and_a_single_winner():
    game = mc.scenario(THREE, deck=[], money={"Mokia": 10, "Globbo": 20, "Nonintendo": 30},
                       companies={"Mercosur/Oil": "Mokia", "China/Metals": "nationalized", "India/Solar": "Globbo"})
    pass_all(game)
    assert game.is_over
    # Oil 5+: Mokia 3; Solar: Globbo + 4 unowned = 5+: 3.
    assert game.scores() == {"Mokia": 13, "Globbo": 23, "Nonintendo": 30}
    assert game.winners() == ["Nonintendo"]
    assert any("Nonintendo wins" in e.text for e in game.log)


def test_game_end_shared_win():
    game = mc.scenario(THREE, deck=[], money={"Mokia": 30, "Globbo": 30, "Nonintendo": 29})
    pass_all(game)
    assert game.winners() == ["Mokia", "Globbo"]
    assert "draw" in game.log[-1].text


def test_the_last_card_starts_the_final_round():
    game = mc.scenario(THREE, deck=["Boom"])
    pass_all(game)
    assert game.round == 2 and not game.is_over and game.deck_size == 0
    assert "final round" in game.view("Globbo").log[-1]
    pass_all(game)
    assert game.is_over and game.round == 2


# === Illegal actions ============================================================================

def test_illegal_actions_say_why_and_change_nothing():
    game = mc.scenario(THREE, paid="Mokia", money={"Mokia": 3}, countries={"India": "Globbo"},
                       hands={"Globbo": ["Boom"]}, companies={"India/Solar": "Mokia"})
    assert_illegal(game, mc.Pass("Globbo"), "not Globbo's decision", "Mokia chooses an action")
    assert_illegal(game, mc.PayoutIndustry("Mokia", "Oil"), "Paid card")
    assert_illegal(game, mc.PayoutIndustry("Globbo", "Oil"), "not Globbo's decision")
    assert_illegal(game, mc.BuyCompany("Mokia", "Maghreb/Oil"), "3 Euros", "a company costs 4")
    assert_illegal(game, mc.LaunchWar("Mokia", "India"), "no mercenaries")
    assert_illegal(game, mc.Intervene("Mokia", "India/Solar"), "does not control India")
    assert_illegal(game, mc.PlayCard("Mokia", "Boom", "Oil"), "Mokia does not hold Boom")
    assert_illegal(game, mc.PlayCard("Globbo", "Boom", "Atlantis"), "not a target")
    assert_illegal(game, mc.Pass("Windoze"), "not playing")
    assert_illegal(game, mc.Permit("Globbo"), "not Globbo's decision")
    assert_illegal(game, mc.Vote("Mokia", "Mokia"), "not one of the choices")
    assert_illegal(game, mc.BuyMercenaries("Mokia", -1), "negative")
    with pytest.raises(mc.IllegalAction, match="not a MegaCorps action"):
        game.apply("Mokia passes")
    assert isinstance(mc.IllegalAction("x"), ValueError)


def test_illegal_answers_in_a_decision_say_why():
    """Messages for choices out of range name the limit, not just "not one of the choices"."""
    game = mc.scenario(THREE, countries={"Mercosur": "Globbo"}, mercenaries={"Mokia": 1, "Nonintendo": 1},
                       companies={"China/Defense": "Globbo"}, money={"Mokia": 3})
    assert_illegal(game, mc.BuyMercenaries("Mokia", 4), "Mokia has 3 Euros; 4 from the box cost 4")
    rich = mc.scenario(THREE, money={"Mokia": 30})
    assert_illegal(rich, mc.BuyMercenaries("Mokia", 6), "the box sells only 5")
    assert_illegal(rich, mc.BuyMercenaries("Mokia", 1, True), "no other corp owns a company that could sell")
    game.apply(mc.LaunchWar("Mokia", "Mercosur"))
    assert_illegal(game, mc.SupportWar("Nonintendo", "attacker", 2), "Nonintendo has only 1 mercenaries")
    assert_illegal(game, mc.SupportWar("Nonintendo", "referee", 1), "attacker or to the defender")
    assert_illegal(game, mc.LeaveGame("Nonintendo"), "only between steps")
    auction = mc.scenario(THREE, hands={"Mokia": ["Greedy Kleptocrats"]}, money={"Globbo": 5})
    auction.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "ASEAN"))
    assert_illegal(auction, mc.Bid("Globbo", 6), "Globbo has only 5 Euros to bid")
    assert_illegal(auction, mc.Bid("Globbo", -1), "negative")
    deal = mc.scenario(THREE, companies={"China/Defense": "Globbo"}, money={"Mokia": 5})
    deal.apply(mc.BuyMercenaries("Mokia", 0, True))
    assert_illegal(deal, mc.OfferMercenaries("Globbo", 2, 1), "Globbo may sell at most 1")
    assert_illegal(deal, mc.OfferMercenaries("Globbo", 1, 6), "Mokia has only 5 Euros")
    deal.apply(mc.OfferMercenaries("Globbo", 1, 5))
    deal.apply(mc.OfferTrade("Mokia", to="Nonintendo", give=mc.Bundle(money=1)))
    deal.apply(mc.Accept("Nonintendo"))
    assert_illegal(deal, mc.Accept("Mokia"), "Mokia has 4 Euros and cannot pay 5")
    vote = mc.scenario(THREE, hands={"Mokia": ["Elections"]}, companies={"NAFTA/Media": "Globbo"})
    vote.apply(mc.PlayCard("Mokia", "Elections", "Japan"))
    assert_illegal(vote, mc.Vote("Globbo", "Windoze"), "not a corp still in the game")
    setup = mc.new_game(THREE, seed=1)
    for corp in THREE:
        assert_illegal(setup, mc.LeaveGame(corp), "only once the rounds have begun")
    two_left = mc.scenario(THREE)
    two_left.apply(mc.LeaveGame("Globbo"))
    assert_illegal(two_left, mc.LeaveGame("Nonintendo"), "only two corps are left")


# === Undo =======================================================================================

def test_undo_takes_back_one_action_at_a_time():
    game = mc.scenario(THREE, deck=["Boom", "Boom"])
    with pytest.raises(mc.IllegalAction, match="nothing to undo"):
        game.undo()
    start = snapshot(game)
    game.apply(mc.BuyCompany("Mokia", "Mercosur/Oil"))
    middle = snapshot(game)
    game.apply(mc.Pass("Globbo"))
    assert game.undo() == mc.Pass("Globbo")
    assert snapshot(game) == middle
    assert game.undo() == mc.BuyCompany("Mokia", "Mercosur/Oil")
    assert snapshot(game) == start


def test_undo_refuses_to_take_back_a_card_draw():
    game = mc.scenario(THREE, deck=["Boom", "Revolution"])
    game.apply(mc.Pass("Mokia"))
    game.apply(mc.Pass("Globbo"))
    game.apply(mc.Pass("Nonintendo"))  # ends the round: Globbo draws Boom
    assert game.hand("Globbo") == ["Boom"]
    before = snapshot(game)
    assert not game.can_undo()
    with pytest.raises(mc.IllegalAction, match="revealed hidden information"):
        game.undo()
    assert snapshot(game) == before
    game.apply(mc.Pass("Globbo"))
    game.undo()  # actions after the draw can still be taken back
    assert snapshot(game) == before


@pytest.mark.parametrize("position, fragment", [
    (dict(companies={"Atlantis/Oil": "Mokia"}), "unknown company 'Atlantis/Oil'"),
    (dict(companies={"Japan/Media": "Zed"}), "status 'Zed'"),
    (dict(companies={"Japan/Media": "absent"}), "status 'absent'"),
    (dict(countries={"Switzerland": "Mokia"}), "neutral places cannot be controlled"),
    (dict(countries={"Japan": "Zed"}), "unknown corp 'Zed'"),
    (dict(governments={"Japan": "Monarchy"}), "Monarchy"),
    (dict(governments={"Atlantis": "Democracy"}), "unknown country 'Atlantis'"),
    (dict(money={"Mokia": -1}), "cannot be negative"),
    (dict(mercenaries={"Zed": 1}), "unknown corp 'Zed'"),
    (dict(hands={"Mokia": ["Joker"]}), "unknown card 'Joker'"),
    (dict(paid="Zed"), "unknown corp 'Zed'"),
    (dict(deck=["Joker"]), "unknown card 'Joker'"),
    (dict(in_play=["Joker"]), "unknown card 'Joker'"),
])
def test_a_scenario_naming_something_unknown_is_refused(position, fragment):
    with pytest.raises(ValueError, match=re.escape(fragment)):
        mc.scenario(THREE, **position)


# === Regressions: engine bugs found while writing these tests ==================================

def test_scenario_accepts_cards_already_in_play():
    """`scenario(in_play=...)`: lasting cards stay in play, others are discarded, and neither is
    left in the deck (this used to crash with UnboundLocalError)."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], in_play=["Clone Soldiers", "L-5"])
    state = game.state
    assert state.in_play == ["Clone Soldiers"]
    assert state.discard == ["L-5"]
    assert "Clone Soldiers" not in state.deck and "L-5" not in state.deck
    assert len(state.deck) == 21 - 2
    assert game.company_status("L-5/Nanotech") == "unowned"


def test_attacker_who_gave_away_every_mercenary_during_the_pause_loses_none():
    """Losses: an attacker that traded away all its mercenaries during the war pause used none,
    so it cannot lose one (its count used to go to -1)."""
    game = mc.scenario(["Lenogo", "Nonintendo", "Globbo"],
                       countries={"Great Russia": "Lenogo", "Japan": "Nonintendo"},
                       mercenaries={"Lenogo": 1, "Globbo": 1, "Nonintendo": 0})
    game.apply(mc.LaunchWar("Lenogo", "Japan"))
    game.apply(mc.OfferTrade("Lenogo", to="Globbo", give=mc.Bundle(mercenaries=1)))
    game.apply(mc.Accept("Globbo"))
    game.apply(mc.StayOut("Globbo"))
    assert game.controller("Japan") == "Nonintendo"
    assert game.mercenaries("Lenogo") == 0
    assert game.mercenaries("Globbo") == 2


def test_scenario_defaults_are_as_documented():
    """`mc.scenario`: unspecified means unowned, uncontrolled, the board's governments, 40 Euros,
    0 mercenaries (it used to give the 1 mercenary of a new game), empty hands."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"])
    state = game.state
    assert state.mercenaries == {"Mokia": 0, "Globbo": 0, "Nonintendo": 0}
    assert state.money == {"Mokia": 40, "Globbo": 40, "Nonintendo": 40}
    assert all(h == [] for h in state.hands.values())
    assert set(state.controllers.values()) == {None}
    assert game.government("China") == "Dictatorship"
    assert game.company_status("L-5/Nanotech") == "absent"
    assert game.company_status("Open Source Software/Software") == "syndicalized"
    assert len(state.deck) == 21 and state.to_act == ["Mokia", "Globbo", "Nonintendo"]


def test_a_trade_offer_cannot_be_used_to_probe_another_hand():
    """Trades / hidden hands: asking for a card the recipient does not hold is a legal offer
    (it used to be refused with "does not hold that card", telling the offerer what the other
    hand lacks); the recipient can then only decline."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Globbo": ["Boom"]})
    for card, holds in (("Boom", True), ("Revolution", False)):
        offer = mc.OfferTrade("Mokia", to="Globbo", give=mc.Bundle(money=5), take=mc.Bundle(cards=(card,)))
        game.apply(offer)
        assert game.deciders == ["Globbo"]
        assert (mc.Accept("Globbo") in game.legal_actions("Globbo")) is holds
        assert mc.Decline("Globbo") in game.legal_actions("Globbo")
        game.undo()
    bad = mc.OfferTrade("Mokia", to="Globbo", take=mc.Bundle(cards=("No Such Card",)))
    try:
        game.apply(bad)
    except mc.IllegalAction as err:
        assert "No Such Card" in str(err)
    else:
        raise AssertionError("an unknown card name must be refused")


def test_undo_of_an_action_that_opens_a_decision_restores_the_empty_stack():
    """Undo: a state's clone must not share the (empty) frame stack with the original, or the
    frame pushed by an action survives its undo (the speed-up of GameState.clone did this)."""
    game = mc.scenario(["Nonintendo", "Mokia", "Globbo"], countries={"European Union": "Mokia"},
                       companies={"Japan/Aerospace": "Nonintendo"})
    before = (game.state.model_dump(), list(game.state.frames))
    game.apply(mc.BuyCompany("Nonintendo", "European Union/Aerospace"))
    assert game.deciders == ["Mokia"]
    game.undo()
    assert (game.state.model_dump(), list(game.state.frames)) == before
    assert game.deciders == ["Nonintendo"]
    assert game._start.frames == []


def test_legal_actions_of_a_corp_not_in_the_game_is_empty():
    """`legal_actions(corp)` for a corp that is not playing: no choices (it used to raise
    KeyError from the hands table)."""
    game = mc.scenario(THREE, hands={"Mokia": ["Boom"]})
    assert game.legal_actions("Windoze") == []
    assert game.legal_actions("Nobody") == []
    assert_illegal(game, mc.PlayCard("Windoze", "Boom", "Oil"), "not playing")


# === docs/rulings.md ============================================================================

def test_every_test_named_in_the_rulings_exists():
    """docs/rulings.md cites, for each ruling, the tests that check it: they must exist."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    text = (root / "docs" / "rulings.md").read_text()
    cited = re.findall(r"`((?:\w+/)?test_\w+\.py)::(test_\w+)", text)
    assert len(cited) > 40
    for filename, function in cited:
        source = (root / "tests" / filename).read_text()
        assert f"def {function}(" in source, f"docs/rulings.md cites {filename}::{function}, which does not exist"
    numbers = re.findall(r"^### R(\d+)\.", text, flags=re.M)
    assert len(numbers) == len(set(numbers)) and "5" in numbers


def test_an_owner_who_gains_a_defense_company_during_a_mercenary_deal_is_asked_too():
    """Buying Mercenaries: the owners are read as things stand when each is asked, so a corp
    that received a Defense company by a trade during the deal may sell from it."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo", "Lenogo"],
                       companies={"NAFTA/Defense": "Globbo", "China/Defense": "Globbo"})
    game.apply(mc.BuyMercenaries("Mokia", 0, True))
    assert game.deciders == ["Globbo"]
    game.apply(mc.OfferTrade("Globbo", to="Lenogo", give=mc.Bundle(companies=("China/Defense",))))
    game.apply(mc.Accept("Lenogo"))
    assert max(a.count for a in game.legal_actions("Globbo") if isinstance(a, mc.OfferMercenaries)) == 1
    game.apply(mc.OfferMercenaries("Globbo", 0, 0))
    assert game.deciders == ["Lenogo"] and "Lenogo may sell mercenaries to Mokia" in game.decision
    game.apply(mc.OfferMercenaries("Lenogo", 1, 2))
    game.apply(mc.Accept("Mokia"))
    assert game.mercenaries("Mokia") == 1 and game.money("Lenogo") == 42
    assert game.deciders == ["Globbo"]  # the deal is over: Globbo's turn
