"""The notes' derived acceptance tests (§4.2, D1-D26)."""
from megacorps.tcg import Activate, Attack, Buy, PlayEvent, Produce, Sell, board
from tcgtools import card, in_zone, money, options, pass_, pass_to, pick, scen


def _buyable(g, seat):
    return [a.card for a in g.legal_actions(seat) if isinstance(a, Buy) and a.source == "network"]


def test_D1_buying_from_the_rival_network_is_asymmetric():
    g = scen({"active": "Ana", "phase": "accounting", "turn": 0, "turns_done": {"Ana": 0, "Nick": 0},
              "money": {"Ana": 30, "Nick": 30}, "resources": {"Ana": [], "Nick": []},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}], "Nick": [{"id": "G5", "at": [0, 1]}]}})
    ana_card, nick_card = card(g, "Vat-Born Neonate"), card(g, "Veiled Pilgrim")
    seen = []
    for turn in range(1, 6):
        me = "Ana" if turn % 2 else "Nick"
        mine = ana_card if me == "Ana" else nick_card
        pass_to(g, "buy", me)
        rival_card = nick_card if me == "Ana" else ana_card
        seen.append((me, rival_card in _buyable(g, me)))
        g.apply(Produce(me, mine, "QC"))          # engaged: the rival may buy it in its own turn, if allowed
        pass_to(g, "challenge", me)
    assert seen == [("Ana", False), ("Nick", False), ("Ana", False), ("Nick", True), ("Ana", True)]


def test_D2_a_card_engaged_in_the_rivals_turn_gives_no_cashflow_and_can_be_bought():
    g = scen({"active": "Nick", "phase": "buy", "money": {"Ana": 5, "Nick": 9}, "hands": {"Ana": ["N2"]},
              "resources": {"Ana": [], "Nick": []}, "turns_done": {"Ana": 3, "Nick": 3},
              "networks": {"Ana": [{"id": "N1", "at": [0, 1]}]}})
    vendor = card(g, "Street Vendor")
    pass_(g)                                          # Nick would end his Buy phase: Ana may act first
    g.apply(Produce("Ana", vendor, "QE"))            # to pay for an event in Nick's turn
    pass_(g)
    assert g.deciders == ["Nick"] and g.state.phase == "buy"
    assert vendor in _buyable(g, "Nick")
    pass_to(g, "buy", "Ana")
    assert money(g)["Ana"] == 5                       # no CASHFLOW from the engaged vendor


def test_D3_overwatch_attacks_without_engaging_but_once():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "C2", "at": [0, 1]}], "Nick": [{"id": "G1", "at": [0, 1]}]}},
             decks=("corporation", "gnosts"))
    drone, acolyte = card(g, "Sentry Drone"), card(g, "Gnost Acolyte")
    g.apply(Attack("Ana", drone, acolyte, "QI"))
    pass_(g, 4)
    pick(g, "Nick", "no retaliation") if g.prompt.kind == "choose" else None
    assert not g.state.cards[drone].engaged
    assert not any(isinstance(a, Attack) and a.attacker == drone for a in g.legal_actions("Ana"))
    assert Produce("Ana", drone, "QC") in g.legal_actions("Ana")


def test_D4_suppressor_engages_the_blocker_the_attacker_picks_which_cannot_retaliate():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "C9", "at": [0, 1], "pile": ["C5"]}],
                           "Nick": [{"id": "G5", "at": [0, 1]}, {"id": "G2", "at": [1, 1]}, {"id": "G1", "at": [-1, 1]}]}},
             decks=("corporation", "gnosts"))
    att, pilgrim = card(g, "Nanoblood Sentinel"), card(g, "Veiled Pilgrim")
    cleric, acolyte = card(g, "Quorum Cleric"), card(g, "Gnost Acolyte")
    g.apply(Attack("Ana", att, pilgrim, "QM"))
    pass_(g, 2)
    pick(g, "Nick", "block with Quorum Cleric")
    pick(g, "Nick", "block with Gnost Acolyte")
    pick(g, "Nick", "no more blockers")
    assert set(options(g)) == {f"card:{cleric}", f"card:{acolyte}"}
    pick(g, "Ana", "Quorum Cleric")
    assert g.state.cards[cleric].engaged
    pass_(g, 2)
    pick(g, "Ana", f"split:{cleric}=0,{acolyte}=2")
    assert options(g) == [f"ret:{acolyte}", "ret:"]  # the engaged Cleric cannot retaliate (A6)


def test_D5_an_elusive_card_is_attacked_once_a_turn():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}, {"id": "I1", "at": [0, -1]}],
                           "Nick": [{"id": "G5", "at": [0, 1]}]}})
    a, b = g.find_all("Vat-Born Neonate", "network")
    pilgrim = card(g, "Veiled Pilgrim")
    g.apply(Attack("Ana", a, pilgrim, "QE"))       # 0 damage: it survives
    pass_(g, 2)
    pick(g, "Nick", "no more blockers") if g.prompt.kind == "choose" and "done" in options(g) else None
    pass_(g, 2)
    if g.prompt.kind == "choose":
        pick(g, "Nick", "no retaliation")
    assert in_zone(g, pilgrim) == "network"
    assert not any(isinstance(x, Attack) and x.target == pilgrim for x in g.legal_actions("Ana"))
    assert any(isinstance(x, Attack) and x.attacker == b for x in g.legal_actions("Ana"))


def test_D6_flight_attackers_are_blocked_only_by_flyers_and_suffer_no_retaliation_from_others():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "I5", "at": [0, 1]}],
                           "Nick": [{"id": "G9", "at": [0, 1]}, {"id": "G2", "at": [1, 1]}]}})
    hornet, guard = card(g, "Hornet Swarm"), card(g, "Zealot Guard")
    g.apply(Attack("Ana", hornet, guard, "QC"))
    pass_(g, 4)                                      # no blockers asked for: the Cleric cannot fly
    assert g.prompt.kind == "priority" and in_zone(g, guard) == "market"
    assert not g.state.cards[hornet].damage


def test_D7_a_disengaged_flyer_is_attacked_only_by_flyers():
    spec = {"active": "Ana", "phase": "challenge",
            "networks": {"Ana": [{"id": "I1", "at": [0, 1]}], "Nick": [{"id": "I5", "at": [0, 1]}]}}
    g = scen(spec)
    neo, hornet = card(g, "Vat-Born Neonate"), card(g, "Hornet Swarm")
    assert Attack("Ana", neo, hornet, "QC") not in g.legal_actions("Ana")
    spec["networks"]["Nick"][0]["engaged"] = True
    g = scen(spec)
    assert Attack("Ana", neo, hornet, "QC") in g.legal_actions("Ana")


def test_D8_regenerating_early_does_not_protect_later():
    g = scen({"active": "Nick", "phase": "buy", "money": {"Nick": 9}, "pools": {"Nick": {"QI": 2}},
              "founders": {"Ana": "X6"}, "hands": {"Nick": ["C11"]},
              "networks": {"Ana": [{"id": "X4", "at": [0, 1]}, {"id": "X1", "at": [0, -1]}]}},
             decks=("incarnes", "corporation"))
    raamaa = card(g, "Raamaa")
    g.state.cards[raamaa].damage["QC"] = 2
    pass_(g)                                          # Nick would end his Buy phase: Ana may act
    regen = [a for a in g.legal_actions("Ana") if isinstance(a, Activate) and a.ability == -1]
    g.apply(next(a for a in regen if a.target == f"card:{card(g, 'Compulsive Customers')}"))
    pass_(g, 2)
    assert not g.state.cards[raamaa].damage
    g.apply(PlayEvent("Nick", card(g, "Logic Virus", "hand"), f"card:{raamaa}"))
    pick(g, "Nick", "slot:Nick:0:1")
    pass_(g, 2)
    assert "let Raamaa be destroyed" in [lbl for _, lbl in g.prompt.options]   # asked again
    pick(g, "Ana", "let Raamaa be destroyed")
    assert in_zone(g, raamaa) == "market"


def test_D9_a_regenerated_defender_cannot_retaliate():
    g = scen({"active": "Nick", "phase": "challenge", "founders": {"Ana": "X6"}, "hands": {"Nick": ["X11"]},
              "networks": {"Ana": [{"id": "X4", "at": [0, 1]}],
                           "Nick": [{"id": "I2", "at": [0, 1]}]}}, decks=("incarnes", "incarnes"))
    raamaa, hier = card(g, "Raamaa"), card(g, "Lineage Hierarch")
    g.apply(Attack("Nick", hier, raamaa, "QC"))
    pass_(g)                                         # Ana, the defender, speaks first
    g.apply(PlayEvent("Nick", card(g, "Gallian Heritage", "hand"), f"card:{hier}"))
    pick(g, "Nick", "slot:Nick:0:2")
    pass_(g, 2)                                      # the Heritage resolves
    pass_(g, 2)
    pick(g, "Ana", "no more blockers")
    pass_(g, 2)
    pick(g, "Ana", f"ret:{raamaa}")                  # Raamaa means to strike back
    pick(g, "Ana", "annihilate Compulsive Customers")   # Hierarch's INITIATIVE hit: regenerate
    assert in_zone(g, raamaa) == "network" and not g.state.cards[hier].damage


def test_D10_unique_one_copy_per_controller():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9},
              "hands": {"Ana": ["N12"]}, "networks": {"Ana": [{"id": "N12", "at": [0, 1]}],
                                                     "Nick": [{"id": "N12", "at": [0, 1]}]}})
    old = g.state.networks["Ana"][(0, 1)]
    g.apply(Buy("Ana", "hand", card(g, "Hired Sniper", "hand")))
    pick(g, "Ana", "slot:Ana:0:-1")
    snipers = g.find_all("Hired Sniper", "network")
    assert old in snipers and len(snipers) == 2       # Ana's old one and Nick's
    assert any("shows their hand" in e.text for e in g.log)


def test_D11_unique_copies_in_hand_are_sold_at_divest_and_one_sale_remains():
    g = scen({"active": "Ana", "phase": "divest", "money": {"Ana": 1}, "hands": {"Ana": ["N12", "I1"]},
              "networks": {"Ana": [{"id": "N12", "at": [0, 1]}, {"id": "I1", "at": [0, -1]}]}})
    assert money(g)["Ana"] == 5
    assert [g.state.cards[u].name for u in g.state.players["Ana"].hand] == ["Vat-Born Neonate"]
    assert Sell("Ana", card(g, "Vat-Born Neonate")) in g.legal_actions("Ana")


def test_D12_an_orphaned_independent_card_moves_at_once():
    g = scen({"active": "Nick", "phase": "buy", "money": {"Nick": 9}, "pools": {"Nick": {"QE": 2}},
              "founders": {"Ana": None}, "hands": {"Nick": ["G6"]},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}, {"id": "I11", "at": [0, 2]}]}},
             decks=("incarnes", "gnosts"))
    neo, adept = card(g, "Vat-Born Neonate"), card(g, "Shapeshifter Adept")
    g.apply(PlayEvent("Nick", card(g, "Psionic Shriek", "hand"), f"card:{neo}"))
    pick(g, "Nick", "slot:Nick:0:1")
    pass_(g, 2)
    assert g.deciders == ["Ana"] and "INDEPENDENT" in g.prompt.text
    pick(g, "Ana", "slot:Ana:0:1")
    assert g.state.cards[adept].pos == (0, 1) and not board.is_orphan(g.state, adept)


def test_D13_an_orphan_can_be_sold_or_is_destroyed_at_the_end():
    spec = {"active": "Ana", "phase": "divest", "money": {"Ana": 2},
            "networks": {"Ana": [{"id": "I1", "at": [5, 5]}, {"id": "I5", "at": [6, 5]}]}}
    g = scen(spec)
    neo, hornet = card(g, "Vat-Born Neonate"), card(g, "Hornet Swarm")
    assert board.is_orphan(g.state, neo)
    g.apply(Sell("Ana", neo))
    assert money(g)["Ana"] == 4
    pass_(g, 2)
    assert in_zone(g, hornet) == "market"


def test_D14_a_pile_costs_the_sum_of_its_values():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 0}, "turns_done": {"Nick": 3},
              "networks": {"Nick": [{"id": "I5", "at": [0, 1], "engaged": True, "pile": ["I3"]}]}})
    hornet = card(g, "Hornet Swarm")
    g.apply(Buy("Ana", "network", hornet))
    pick(g, "Ana", "slot:Ana:0:1")
    assert money(g) == {"Ana": 4, "Nick": 5}
    assert g.state.cards[card(g, "Feline Reflex Graft")].controller == "Ana"


def test_D15_buying_the_rivals_engaged_company_wins():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 25}, "turns_done": {"Nick": 2}})
    company = g.state.players["Nick"].company
    g.state.cards[company].engaged = True
    g.state.cache = {}
    g.apply(Buy("Ana", "network", company))
    assert g.is_over and g.winners() == ["Ana"] and money(g)["Nick"] == 30


def test_D16_a_card_lacking_the_trait_cannot_block_a_zero_can():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}],
                           "Nick": [{"id": "G5", "at": [0, 1]}, {"id": "G12", "at": [1, 1]}, {"id": "G1", "at": [-1, 1]}]}})
    g.apply(Attack("Ana", card(g, "Vat-Born Neonate"), card(g, "Veiled Pilgrim"), "QI"))
    pass_(g, 2)
    assert "block with Gnost Acolyte" in [lbl for _, lbl in g.prompt.options]
    assert "block with Pilgrim Caravan" not in [lbl for _, lbl in g.prompt.options]   # it has no QI
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}],
                           "Nick": [{"id": "G5", "at": [0, 1]}, {"id": "RN1", "at": [1, 1]}]}})
    g.apply(Attack("Ana", card(g, "Vat-Born Neonate"), card(g, "Veiled Pilgrim"), "QM"))
    pass_(g, 2)
    assert "block with Bargain Hunters" in [lbl for _, lbl in g.prompt.options]    # QM 0 blocks


def test_D17_camouflage_hides_from_targets_and_attacks_but_not_from_zone_effects():
    g = scen({"active": "Nick", "phase": "buy", "money": {"Nick": 9}, "pools": {"Nick": {"QE": 5}},
              "hands": {"Nick": ["G6", "G7"]},
              "networks": {"Ana": [{"id": "I7", "at": [0, 1]}, {"id": "N9", "at": [0, 2]}],
                           "Nick": [{"id": "I1", "at": [0, 1], "controller": "Nick"}]}}, decks=("incarnes", "gnosts"))
    stalker = card(g, "Chimera Stalker")
    assert not any(isinstance(a, PlayEvent) and a.target == f"card:{stalker}" for a in g.legal_actions("Nick"))
    hysteria = card(g, "Mass Hysteria", "hand")
    g.apply(PlayEvent("Nick", hysteria))
    pick(g, "Nick", "slot:Ana:1:1")                  # next to the Stalker, in Ana's network
    pass_(g, 2)
    assert g.state.cards[stalker].damage.get("QE") == 1 or in_zone(g, stalker) == "market"


def test_D18_demolisher_destroys_a_tagged_card_it_damages():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "C1", "at": [0, 1], "pile": ["C6"]}],
                           "Nick": [{"id": "N5", "at": [0, 1]}]}}, decks=("corporation", "gnosts"))
    towers = card(g, "Luxury Towers")
    g.apply(Attack("Ana", card(g, "Nanoblood Clerk"), towers, "QM"))     # QM 1 against QM 2
    pass_(g, 2)
    pick(g, "Nick", "no more blockers")
    pass_(g, 2)
    assert in_zone(g, towers) == "market"


def test_D19_an_assassin_annihilates_a_founder_and_the_game_goes_on():
    g = scen({"active": "Ana", "phase": "challenge",
              "networks": {"Ana": [{"id": "I7", "at": [0, 1]}], "Nick": [{"id": "G1", "at": [0, 1]}]}})
    founder = g.state.players["Nick"].founder
    g.apply(Attack("Ana", card(g, "Chimera Stalker"), founder, "QC"))
    pass_(g, 2)
    pick(g, "Nick", "no more blockers") if g.prompt.kind == "choose" and "done" in options(g) else None
    pass_(g, 2)
    if g.prompt.kind == "choose":
        pick(g, "Nick", "no retaliation")
    assert in_zone(g, founder) == "annihilated" and not g.is_over


def test_D20_mutation_only_from_hand():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QC": 3}},
              "markets": {"Nick": ["X8"]}, "mains": {"Ana": ["X12"]}})
    g.apply(Buy("Ana", "market", card(g, "Incarnate Hierarch", "market")))
    pick(g, "Ana", "slot:Ana:0:1")
    assert g.prompt.kind == "priority"               # no mutation search


def test_D21_disaster_level_only_the_other_player_searches_and_may_decline():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "hands": {"Ana": ["N6"]},
              "mains": {"Ana": ["N7"], "Nick": ["N7"]},
              "networks": {"Nick": [{"id": "N4", "at": [0, 1]}]}})
    g.apply(PlayEvent("Ana", card(g, "Flash Flood", "hand"), f"card:{card(g, 'Ring Highway')}"))
    pick(g, "Ana", "slot:Ana:0:1")
    assert g.deciders == ["Nick"]
    pick(g, "Nick", "none")
    assert g.prompt.kind == "priority" and len(g.state.players["Ana"].main) == 1


def test_D22_an_engaged_company_can_be_bought_in_the_rivals_next_buy_phase():
    g = scen({"active": "Nick", "phase": "buy", "money": {"Ana": 25, "Nick": 5}, "turns_done": {"Ana": 3, "Nick": 3},
              "resources": {"Ana": [], "Nick": []}})
    company = g.state.players["Nick"].company
    g.apply(Activate("Nick", company, 0))
    pass_(g, 2)
    assert money(g)["Nick"] == 7 and g.state.cards[company].engaged
    pass_to(g, "buy", "Ana")
    assert company in _buyable(g, "Ana")


def test_D23_both_broke_at_an_end_phase_is_a_tie():
    g = scen({"active": "Ana", "phase": "divest", "money": {"Ana": 0, "Nick": 0}})
    pass_(g, 2)
    assert g.is_over and g.winners() == [] and "tie" in g.state.end_reason


def test_D24_money_stops_at_zero():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 3, "Nick": 1}, "hands": {"Ana": ["N8"]}})
    g.apply(PlayEvent("Ana", card(g, "Market Panic", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    pass_(g, 2)
    assert money(g) == {"Ana": 0, "Nick": 0}


def test_D25_selling_a_character_sells_its_pile():
    g = scen({"active": "Ana", "phase": "divest", "money": {"Ana": 1},
              "networks": {"Ana": [{"id": "C1", "at": [0, 1], "pile": ["C4"]}]}}, decks=("corporation", "gnosts"))
    clerk = card(g, "Nanoblood Clerk")
    pistol = g.state.cards[clerk].pile[0]
    g.apply(Sell("Ana", clerk))
    assert money(g)["Ana"] == 3 and in_zone(g, pistol) == "market"


def test_D26_ownership_stays_the_bought_card_returns_to_its_owners_market():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 0}, "turns_done": {"Nick": 3},
              "hands": {"Ana": ["N2"]}, "pools": {"Ana": {"QE": 1}},
              "networks": {"Nick": [{"id": "I5", "at": [0, 1], "engaged": True}]}})
    hornet = card(g, "Hornet Swarm")
    g.apply(Buy("Ana", "network", hornet))
    pick(g, "Ana", "slot:Ana:0:1")
    assert money(g)["Nick"] == 3
    pass_to(g, "divest", "Ana")
    assert Sell("Ana", hornet) not in g.legal_actions("Ana")
    g.state.cards[hornet].damage["QC"] = 3            # as if a big hit
    g.state.cache = {}
    g.apply(PlayEvent("Ana", card(g, "Bribery Scandal", "hand"), f"card:{hornet}"))
    pick(g, "Ana", "slot:Ana:0:2")
    pass_(g, 2)
    assert in_zone(g, hornet) == "market" and hornet in g.state.players["Nick"].market
