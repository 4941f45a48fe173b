"""Each ruling's other reading, switched on by its option, changes play as documented."""
from megacorps import tcg
from megacorps.tcg import Activate, Attack, Bid, Buy, PlayEvent, Produce, Sell, board
from tcgtools import card, in_zone, labels, money, options, pass_, pass_to, pick, scen


def test_first_player_draws_option():
    for draws, hand in ((False, 0), (True, 1)):
        g = scen({"active": "Ana", "phase": "accounting", "turn": 0, "hands": {"Ana": []}, "resources": {"Ana": []}},
                 first_player_draws=draws)
        assert len(g.state.players["Ana"].hand) == hand


def test_disaster_searchers_everyone():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "hands": {"Ana": ["X13"]},
              "mains": {"Ana": ["X14"], "Nick": ["X14"]}}, disaster_searchers="everyone")
    g.apply(PlayEvent("Ana", card(g, "Tidal Wave", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    assert g.deciders == ["Ana"] and "Stock Market Crash" in labels(g)[0]


def test_crisis_match_exactly():
    spec = {"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "hands": {"Ana": ["X13"]},
            "mains": {"Nick": ["N7", "X14"]}}             # crisis 1 and crisis 2; the wave is level 2
    for match, found in (("at_most", 2), ("exactly", 1)):
        g = scen(spec, crisis_match=match)
        g.apply(PlayEvent("Ana", card(g, "Tidal Wave", "hand")))
        pick(g, "Ana", "slot:Ana:0:1")
        assert len(options(g)) - 1 == found


def test_fizzle_only_on_destruction():
    spec = {"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "hands": {"Ana": []},
            "mains": {"Ana": ["G1", "G6"]}, "networks": {"Ana": [{"id": "X9", "at": [0, 1]}]}}
    for rule, searched in (("leaves_play", False), ("destroyed", True)):
        g = scen(spec, fizzle_on=rule)
        ill = card(g, "Illithis, Gnost Prophet")
        g.apply(Activate("Ana", ill, 0))
        g.engine.leave_play(ill, "market_top", "sold")   # as if sold in answer
        pass_(g, 2)
        assert (g.prompt.kind == "choose") == searched


def test_mutation_placement_adjacent():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QC": 3}},
              "hands": {"Ana": ["X8"]}, "mains": {"Ana": ["X12"]}}, mutation_placement="adjacent")
    g.apply(Buy("Ana", "hand", card(g, "Incarnate Hierarch", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    pick(g, "Ana", "Gallian Lineage")
    pick(g, "Ana", "slot:Ana:0:2")
    assert g.state.cards[card(g, "Gallian Lineage")].pos == (0, 2)


def test_founder_sellable_option():
    for allowed in (True, False):
        g = scen({"active": "Ana", "phase": "divest"}, founder_sellable=allowed)
        assert (Sell("Ana", g.state.players["Ana"].founder) in g.legal_actions("Ana")) == allowed
        assert Sell("Ana", g.state.players["Ana"].company) not in g.legal_actions("Ana")


def test_disengage_scope_own_network():
    spec = {"active": "Ana", "phase": "accounting", "resources": {"Ana": []},
            "networks": {"Nick": [{"id": "I1", "at": [0, 1], "controller": "Ana", "engaged": True}]}}
    for scope, engaged in (("controlled", False), ("own_network", True)):
        g = scen(spec, disengage_scope=scope)
        pass_to(g, "buy", "Ana")
        assert g.state.cards[card(g, "Vat-Born Neonate")].engaged == engaged


def test_zone_effect_distance_manhattan():
    spec = {"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QE": 3}},
            "hands": {"Ana": ["G7"]}}
    for rule, diagonal_hit in (("chebyshev", True), ("manhattan", False)):
        g = scen(spec, decks=("gnosts", "incarnes"), zone_effect_distance=rule)
        g.apply(PlayEvent("Ana", card(g, "Mass Hysteria", "hand")))
        pick(g, "Ana", "slot:Ana:0:1")               # next to the company (0, 0), diagonal to the founder (1, 0)
        pass_(g, 2)
        s = g.state
        assert s.cards[s.players["Ana"].company].damage.get("QE") == 1
        assert (s.cards[s.players["Ana"].founder].damage.get("QE") == 1) == diagonal_hit


def test_attack_range_same_network():
    spec = {"active": "Ana", "phase": "challenge", "networks": {"Ana": [{"id": "I1", "at": [0, 1]}]}}
    for rule, reach in (("anywhere", True), ("same_network", False)):
        g = scen(spec, attack_range=rule)
        neo = card(g, "Vat-Born Neonate")
        assert any(isinstance(a, Attack) and a.attacker == neo and g.state.cards[a.target].net == "Nick"
                   for a in g.legal_actions("Ana")) == reach


def test_purchase_transfers_ownership_and_market_price_to_pile_owner():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 0}, "turns_done": {"Nick": 3},
              "networks": {"Nick": [{"id": "I5", "at": [0, 1], "engaged": True}]}}, purchase_transfers_ownership=True)
    hornet = card(g, "Hornet Swarm")
    g.apply(Buy("Ana", "network", hornet))
    pick(g, "Ana", "slot:Ana:0:1")
    assert g.state.cards[hornet].owner == "Ana"
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 0}, "markets": {"Nick": ["I1"]}},
             market_price_to="pile_owner")
    g.apply(Buy("Ana", "market", card(g, "Vat-Born Neonate", "market")))
    assert money(g) == {"Ana": 7, "Nick": 2}


def test_production_amount_printed_and_producers_any_card():
    g = scen({"active": "Ana", "phase": "buy", "networks": {"Ana": [{"id": "I1", "at": [0, 1], "pile": ["I4"]}]}},
             production_amount="printed")
    g.apply(Produce("Ana", card(g, "Vat-Born Neonate"), "QC"))
    assert g.state.players["Ana"].pool["QC"] == 2                   # not 4 with the Hide
    g = scen({"active": "Ana", "phase": "buy", "networks": {"Ana": [{"id": "N9", "at": [0, 1]}]}}, producers="any_card")
    assert Produce("Ana", card(g, "Reclaimed Wetlands"), "QC") in g.legal_actions("Ana")


def test_damage_lasts_to_the_end_of_combat():
    spec = {"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
            "networks": {"Ana": [{"id": "I1", "at": [0, 1]}], "Nick": [{"id": "G2", "at": [0, 1]}]}}
    for rule, left in (("end_of_turn", 2), ("end_of_combat", 0)):
        g = scen(spec, damage_lasts=rule)
        cleric = card(g, "Quorum Cleric")
        g.apply(Attack("Ana", card(g, "Vat-Born Neonate"), cleric, "QC"))
        pass_(g, 2)
        pick(g, "Nick", "no more blockers")
        pass_(g, 2)
        pick(g, "Nick", "no retaliation")
        assert g.state.cards[cleric].damage.get("QC", 0) == left or in_zone(g, cleric) == "market"


def test_initiative_only_for_attackers():
    spec = {"active": "Nick", "phase": "challenge", "founders": {"Ana": None}, "hands": {"Ana": ["I9"]},
            "money": {"Ana": 5},
            "networks": {"Ana": [{"id": "I1", "at": [0, 1]}], "Nick": [{"id": "I1", "at": [0, 1]}]}}
    for sym, survives in ((True, True), (False, False)):
        g = scen(spec, initiative_for_defenders=sym)
        mine, theirs = g.state.networks["Ana"][(0, 1)], g.state.networks["Nick"][(0, 1)]
        g.apply(Attack("Nick", theirs, mine, "QC"))
        g.apply(PlayEvent("Ana", card(g, "Adrenal Heritage", "hand"), f"card:{mine}"))
        pick(g, "Ana", "slot:Ana:0:2")
        pass_(g, 2)
        pass_(g, 2)
        pick(g, "Ana", "no more blockers")
        pass_(g, 2)
        pick(g, "Ana", f"ret:{mine}")
        assert (in_zone(g, mine) == "network") == survives   # with INITIATIVE it strikes first and kills


def test_zero_damage_destroys_option():
    for rule, zone in ((False, "network"), (True, "market")):
        g = scen({"active": "Ana", "phase": "buy", "networks": {"Nick": [{"id": "RN1", "at": [0, 1], "damage": {"QI": 0}}]}},
                 zero_damage_destroys=rule)
        hunters = g.find_all("Bargain Hunters", zone)
        assert len(hunters) == 1 and g.state.cards[hunters[0]].owner == "Nick"   # 0 damage on a printed QI 0


def test_zone_attack_rotation_option():
    spec = {"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
            "networks": {"Ana": [{"id": "T-Z", "at": [0, 1]}], "Nick": [{"id": "C9", "at": [0, 1]}]}}
    wide = {"id": "T-Z", "name": "Test Wide Zone", "deck": "main", "type": "character", "value": 3,
            "traits": {"QC": 3}, "keywords": [{"kw": "ZONE ATTACK", "param": "QC 3x1"}]}
    shapes = {}
    for rot in (True, False):
        g = scen(spec, extra_cards=[wide], zone_attack_rotation=rot)
        shapes[rot] = {a.zone[2:] for a in g.legal_actions("Ana") if isinstance(a, Attack) and a.zone}
    assert shapes[True] == {(3, 1), (1, 3)} and shapes[False] == {(3, 1)}


def test_max_bid_and_once_only_mulligan():
    g = tcg.new_game(["Ana", "Nick"], seed=1, options={"max_bid": 4, "mulligans": "once"})
    assert Bid("Ana", 5) not in g.legal_actions("Ana") and Bid("Ana", 4) in g.legal_actions("Ana")
    g.apply(Bid("Ana", 4)).apply(Bid("Nick", 0))
    pick(g, "Ana", "mulligan")
    assert g.deciders == ["Nick"] and len(g.state.players["Ana"].hand) == 4


def test_reveal_buy_through_the_buy_phase():
    g = scen({"active": "Ana", "phase": "accounting", "money": {"Ana": 5}, "resources": {"Ana": ["RN1"]}},
             reveal_buy="buy_phase")
    assert g.state.phase == "buy"
    hunters = card(g, "Bargain Hunters", "revealed")
    assert Buy("Ana", "reveal", hunters) in g.legal_actions("Ana")
    pass_to(g, "challenge", "Ana")
    assert in_zone(g, hunters) == "resource"


def test_broke_check_active_player_only():
    for rule, over in (("everyone", True), ("active_player", False)):
        g = scen({"active": "Ana", "phase": "divest", "money": {"Ana": 3, "Nick": 0}}, broke_check=rule)
        pass_(g, 2)
        assert g.is_over == over


def test_cancelled_events_annihilated():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 9}, "pools": {"Nick": {"QE": 2}},
              "hands": {"Ana": ["N8"], "Nick": ["G11"]}}, cancelled_events="annihilated")
    panic = card(g, "Market Panic", "hand")
    g.apply(PlayEvent("Ana", panic))
    pick(g, "Ana", "slot:Ana:0:1")
    g.apply(PlayEvent("Nick", card(g, "Mind Shield", "hand"), f"stack:{g.state.stack[-1].sid}"))
    pick(g, "Nick", "slot:Nick:0:1")
    pass_(g, 2)
    assert in_zone(g, panic) == "annihilated"


def test_unique_sales_use_the_sale_option():
    spec = {"active": "Ana", "phase": "divest", "hands": {"Ana": ["N12"]},
            "networks": {"Ana": [{"id": "N12", "at": [0, 1]}, {"id": "I1", "at": [0, -1]}]}}
    for rule, can_sell in ((False, True), (True, False)):
        g = scen(spec, unique_sales_use_the_sale=rule)
        assert (Sell("Ana", card(g, "Vat-Born Neonate")) in g.legal_actions("Ana")) == can_sell


def test_sell_from_rival_network_option():
    spec = {"active": "Ana", "phase": "divest", "networks": {"Nick": [{"id": "I1", "at": [0, 1], "controller": "Ana"}]}}
    for rule in (False, True):
        g = scen(spec, sell_from_rival_network=rule)
        assert (Sell("Ana", card(g, "Vat-Born Neonate")) in g.legal_actions("Ana")) == rule


def test_regenerate_clears_changes_option():
    for rule, qc in ((True, 4), (False, 6)):
        g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QC": 1}},
                  "founders": {"Ana": "X6"}, "hands": {"Ana": ["I10"]},
                  "networks": {"Ana": [{"id": "X4", "at": [0, 1]}]}}, regenerate_clears_changes=rule)
        raamaa = card(g, "Raamaa")
        g.apply(PlayEvent("Ana", card(g, "Primal Surge", "hand"), f"card:{raamaa}"))
        pick(g, "Ana", "slot:Ana:0:2")
        pass_(g, 2)
        g.state.cards[raamaa].damage["QC"] = 1        # as if hit
        g.state.cache = {}
        g.apply(Activate("Ana", raamaa, -1, f"card:{card(g, 'Compulsive Customers')}"))
        pass_(g, 2)
        assert not g.state.cards[raamaa].damage and board.traits(g.state, raamaa)["QC"] == qc


def test_empty_resource_deck_loses_option():
    for rule in (False, True):
        g = scen({"active": "Ana", "phase": "accounting", "resources": {"Ana": []}}, empty_resource_deck_loses=rule)
        assert g.is_over == rule


def test_damage_destroys_characters_and_companies_only():
    for rule, zone in (("any_card", "market"), ("characters_and_companies", "network")):
        g = scen({"active": "Ana", "phase": "buy", "networks": {"Nick": [{"id": "N9", "at": [0, 1], "damage": {"QM": 1}}]}},
                 damage_destroys=rule)
        assert len(g.find_all("Reclaimed Wetlands", zone)) == 1


def test_flight_while_attacking_option():
    spec = {"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
            "networks": {"Ana": [{"id": "I5", "at": [0, 1]}],
                         "Nick": [{"id": "G9", "at": [0, 1]}, {"id": "G2", "at": [1, 1]}]}}
    for keeps, blockers_asked in ((True, False), (False, True)):
        g = scen(spec, flight_while_attacking=keeps)
        g.apply(Attack("Ana", card(g, "Hornet Swarm"), card(g, "Zealot Guard"), "QC"))
        pass_(g, 2)
        assert (g.prompt.kind == "choose" and "block with Quorum Cleric" in labels(g)) == blockers_asked


def test_decks_in_one_word_as_the_tournament_passes_them():
    from megacorps.tcg.options import parse_options
    assert parse_options({"decks": "incarnes, gnosts"}).decks == ["incarnes", "gnosts"]
    game = tcg.new_game(["Ana", "Nick"], seed=1, options={"decks": "gnosts,corporation"})
    assert [d.company for d in game.decks] == ["CG", "CC"]
