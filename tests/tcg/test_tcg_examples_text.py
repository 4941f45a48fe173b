"""The notes' acceptance tests from the rulebook text (§4.1, T2-T28; T1 is in test_cards.py).
Each sets a position by hand and plays it through the checked door."""
from megacorps import tcg
from megacorps.tcg import Activate, Attack, Bid, Buy, PlayEvent, Produce, Sell
from tcgtools import card, in_zone, labels, money, options, pass_, pass_to, pick, scen


def test_T2_the_higher_bid_starts_and_both_pay_their_bids():
    g = tcg.new_game(["Ana", "Nick"], seed=1)
    g.apply(Bid("Ana", 3)).apply(Bid("Nick", 1))
    assert g.state.first == "Ana"
    assert money(g) == {"Ana": 7, "Nick": 9}


def test_T3_three_ties_then_a_random_first_player():
    firsts = set()
    for seed in range(8):
        g = tcg.new_game(["Ana", "Nick"], seed=seed)
        for _ in range(3):
            g.apply(Bid("Ana", 2)).apply(Bid("Nick", 2))
        assert g.prompt.kind == "choose"            # the mulligan: bidding is over
        assert money(g) == {"Ana": 8, "Nick": 8}
        firsts.add(g.state.first)
    assert firsts == {"Ana", "Nick"}


def test_T4_nobody_bids_random_first_and_10M_each():
    firsts = set()
    for seed in range(8):
        g = tcg.new_game(["Ana", "Nick"], seed=seed)
        g.apply(Bid("Ana", None)).apply(Bid("Nick", None))
        assert money(g) == {"Ana": 10, "Nick": 10}
        firsts.add(g.state.first)
    assert firsts == {"Ana", "Nick"}


def test_T5_a_mulligan_reshuffles_and_draws_one_fewer():
    g = tcg.new_game(["Ana", "Nick"], seed=3)
    g.apply(Bid("Ana", 3)).apply(Bid("Nick", 1))
    before = list(g.state.players["Ana"].main)
    pick(g, "Ana", "mulligan")
    p = g.state.players["Ana"]
    assert len(p.hand) == 4 and len(p.main) == 36
    assert p.main != before[:36]
    pick(g, "Ana", "keep")
    assert len(g.state.players["Ana"].hand) == 4


def test_T6_first_turn_accounting_reveal_buy_and_no_draw():
    g = scen({"active": "Ana", "phase": "accounting", "turn": 0, "money": {"Ana": 7},
              "founders": {"Ana": "X5"}, "resources": {"Ana": ["X1", "X2"]}, "hands": {"Ana": []}})
    assert g.state.players["Ana"].revealed == card(g, "Affluent Customers", "revealed")
    assert money(g)["Ana"] == 7                      # no cashflow, no upkeep
    g.apply(Buy("Ana", "reveal", card(g, "Affluent Customers", "revealed")))
    assert "slot:Ana:2:0" in options(g)              # next to the founder
    pick(g, "Ana", "slot:Ana:2:0")
    assert money(g)["Ana"] == 5
    assert g.state.phase == "buy"
    assert g.state.players["Ana"].hand == []          # the first player does not draw on turn 1 (X3)


def _accounting_with_affluent(engaged: bool):
    g = scen({"active": "Ana", "phase": "accounting", "turn": 6, "money": {"Ana": 4}, "resources": {"Ana": []},
              "networks": {"Ana": [{"id": "X2", "at": [0, 1], "engaged": engaged}]}})
    pass_to(g, "buy", "Ana")
    return g


def test_T7_cashflow_only_from_disengaged_cards():
    assert money(_accounting_with_affluent(False))["Ana"] == 5
    g = _accounting_with_affluent(True)
    assert money(g)["Ana"] == 4
    assert not g.state.cards[card(g, "Affluent Customers")].engaged     # disengaged after the cashflow


def test_T8_buying_the_neonate_from_hand():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "hands": {"Ana": ["X7"]}})
    g.apply(Buy("Ana", "hand", card(g, "Incarnate Neonate", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    neo = card(g, "Incarnate Neonate")
    assert money(g)["Ana"] == 3 and not g.state.cards[neo].engaged


def test_T9_paying_a_trait_cost_from_the_pool_and_the_pool_empties_at_the_end():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 6}, "hands": {"Ana": ["X8"]},
              "founders": {"Ana": "X6"}, "mains": {"Ana": ["X7"] * 5}})
    hier = card(g, "Incarnate Hierarch", "hand")
    assert Buy("Ana", "hand", hier) not in g.legal_actions("Ana")       # no QC in the pool yet
    g.apply(Produce("Ana", card(g, "Raamaa"), "QC"))
    assert g.state.players["Ana"].pool["QC"] == 4
    g.apply(Buy("Ana", "hand", hier))
    pick(g, "Ana", "slot:Ana:0:1")
    pick(g, "Ana", "none")                          # MUTATION finds nothing to take
    assert money(g)["Ana"] == 2 and g.state.players["Ana"].pool["QC"] == 1
    pass_to(g, "reveal", "Nick")
    assert g.state.players["Ana"].pool["QC"] == 0


def _t10(play_heritage: bool):
    g = scen({"active": "Ana", "phase": "challenge", "money": {"Ana": 5, "Nick": 5},
              "founders": {"Ana": "X6", "Nick": None}, "hands": {"Ana": ["X11"]},
              "networks": {"Ana": [{"id": "X4", "at": [0, 1]}],
                           "Nick": [{"id": "X3", "at": [0, 1]}, {"id": "X9", "at": [-1, 0]},
                                    {"id": "X10", "at": [0, -1]}]}})
    raamaa, company = card(g, "Raamaa"), g.state.players["Nick"].company
    g.apply(Attack("Ana", raamaa, company, "QC"))
    pass_(g, 2)                                      # no response to the declaration
    for name in ("Passionate Customers", "Illithis, Gnost Prophet", "Gnost Cleric"):
        pick(g, "Nick", f"block with {name}")
    if play_heritage:
        heritage = card(g, "Gallian Heritage", "hand")
        g.apply(PlayEvent("Ana", heritage, f"card:{raamaa}"))
        pick(g, "Ana", "slot:Ana:0:2")
        pass_(g, 2)                                  # Nick does not respond; Heritage resolves
    pass_(g, 2)
    illithis, cleric, passionate = (card(g, n) for n in ("Illithis, Gnost Prophet", "Gnost Cleric",
                                                          "Passionate Customers"))
    pick(g, "Ana", f"split:{passionate}=0,{illithis}=2,{cleric}=2")
    pick(g, "Nick", f"ret:{passionate},{illithis},{cleric}")
    return g, raamaa, company


def test_T10_blockers_split_retaliation_and_regeneration():
    g, raamaa, company = _t10(False)
    assert "let Raamaa be destroyed" in labels(g)
    pick(g, "Ana", "annihilate Compulsive Customers")
    s = g.state
    assert in_zone(g, card(g, "Compulsive Customers", None)) == "annihilated"
    assert s.cards[raamaa].zone == "network" and s.cards[raamaa].engaged and not s.cards[raamaa].damage
    for name in ("Illithis, Gnost Prophet", "Gnost Cleric"):
        assert in_zone(g, card(g, name, None)) == "market"
        assert card(g, name, None) in s.players["Nick"].market
    assert in_zone(g, card(g, "Passionate Customers", None)) == "network"
    assert not s.cards[company].damage
    assert g.state.phase == "challenge" and g.prompt.kind == "priority"


def test_T11_initiative_kills_the_blockers_before_they_strike():
    g, raamaa, company = _t10(True)
    s = g.state
    assert g.prompt.kind == "priority"               # no regeneration asked for
    assert s.cards[raamaa].zone == "network" and s.cards[raamaa].damage.get("QC", 0) == 0
    for name in ("Illithis, Gnost Prophet", "Gnost Cleric"):
        assert in_zone(g, card(g, name, None)) == "market"
    assert in_zone(g, card(g, "Compulsive Customers", None)) == "network"


def test_T12_disaster_search_a_response_and_the_event_staying_until_the_end():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 8, "Nick": 6}, "hands": {"Ana": ["X13"], "Nick": []},
              "mains": {"Nick": ["X7", "X14", "X7"]}})
    wave = card(g, "Tidal Wave", "hand")
    g.apply(PlayEvent("Ana", wave))
    pick(g, "Ana", "slot:Ana:0:1")
    assert g.deciders == ["Nick"] and labels(g)[0].startswith("Stock Market Crash")   # Nick searches, off the stack
    pick(g, "Nick", "Stock Market Crash")
    crash = card(g, "Stock Market Crash", "hand")
    assert len(g.state.players["Nick"].main) == 2
    g.apply(PlayEvent("Nick", crash))
    pick(g, "Nick", "slot:Nick:0:1")
    assert [i.label for i in g.state.stack] == ["Tidal Wave (Ana)", "Stock Market Crash (Nick)"]
    pass_(g, 2)
    assert money(g)["Nick"] == 6 - 2 + 2 and len(g.state.stack) == 1   # paid 2M, the Crash resolved first: +2M
    pass_(g, 2)
    assert money(g)["Nick"] == 4 and not g.state.stack                 # then the Wave: -2M
    assert in_zone(g, wave) == "network"
    pass_to(g, "reveal", "Nick")
    assert g.state.players["Ana"].market[0] == wave    # the bottom of Ana's market


def test_T13_destroying_the_source_fizzles_the_search():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5, "Nick": 5}, "hands": {"Ana": [], "Nick": ["X15"]},
              "networks": {"Ana": [{"id": "X9", "at": [0, 1]}]}})
    illithis = card(g, "Illithis, Gnost Prophet")
    g.apply(Activate("Ana", illithis, 0))
    assert g.state.cards[illithis].engaged
    g.apply(PlayEvent("Nick", card(g, "Psionic Scream", "hand"), f"card:{illithis}"))
    pick(g, "Nick", "slot:Nick:0:1")
    pass_(g, 2)
    assert in_zone(g, illithis) == "market"
    pass_(g, 2)
    assert g.prompt.kind == "priority" and not g.state.stack           # no search was offered
    assert g.state.players["Ana"].hand == [] and money(g)["Ana"] == 5
    assert any("fizzles" in e.text for e in g.log)


def test_T14_an_event_destroyed_on_the_stack_never_resolves_and_goes_on_top_of_the_market():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 8, "Nick": 6}, "hands": {"Ana": ["X13"], "Nick": ["X16"]},
              "mains": {"Nick": ["X7", "X7"]}})
    wave = card(g, "Tidal Wave", "hand")
    g.apply(PlayEvent("Ana", wave))
    pick(g, "Ana", "slot:Ana:0:1")
    pick(g, "Nick", "none")                          # not obliged to search
    g.apply(PlayEvent("Nick", card(g, "Rampant Bribery", "hand"), f"card:{wave}"))
    pick(g, "Nick", "slot:Nick:0:1")
    pass_(g, 2)
    assert in_zone(g, wave) == "market" and g.state.players["Ana"].market[-1] == wave
    pass_(g, 2)
    assert money(g)["Nick"] == 5                     # paid 1M for the Bribery, lost nothing to the Wave


def test_T15_mutation_bonds_a_mutation_under_the_newcomer():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QC": 3}},
              "hands": {"Ana": ["X8"], "Nick": ["X16"]}, "mains": {"Ana": ["X7", "X12", "X7"]}})
    hier = card(g, "Incarnate Hierarch", "hand")
    g.apply(Buy("Ana", "hand", hier))
    pick(g, "Ana", "slot:Ana:0:1")
    pick(g, "Ana", "Gallian Lineage")
    lineage = card(g, "Gallian Lineage")
    s = g.state
    assert s.cards[lineage].under == hier and s.cards[hier].pile == [lineage]
    assert money(g)["Ana"] == 5                      # the Lineage was free
    from megacorps.tcg import board
    assert board.has(s, hier, "INITIATIVE") and board.traits(s, hier)["QC"] == 5
    pass_to(g, "buy", "Nick")
    targets = [a.target for a in g.legal_actions("Nick") if isinstance(a, PlayEvent)]
    assert f"card:{hier}" in targets and f"card:{lineage}" not in targets
    g.apply(PlayEvent("Nick", card(g, "Rampant Bribery", "hand"), f"card:{hier}"))
    pick(g, "Nick", "slot:Nick:0:1")
    s.cards[hier].damage["QC"] = 99                  # what a big hit would leave
    pass_(g, 2)
    assert in_zone(g, hier) == "market" and in_zone(g, lineage) == "market"


def test_T16_a_zone_attack_hits_every_card_and_the_attacker_falls_after_all_hits():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "I8", "at": [0, 1]}],
                           "Nick": [{"id": "C9", "at": [0, 1]}, {"id": "C9", "at": [0, 2]}, {"id": "C9", "at": [1, 2]}]}})
    titan = card(g, "Titan Abomination")
    sentinels = g.find_all("Nanoblood Sentinel")
    attack = Attack("Ana", titan, sentinels[0], "QC", (0, 1, 2, 2))
    assert attack in g.legal_actions("Ana")
    g.apply(attack)
    pass_(g, 2)
    pick(g, "Nick", "ret:" + ",".join(map(str, sentinels)))
    for u in sentinels:
        assert in_zone(g, u) == "market"
    assert in_zone(g, titan) == "market"
    hits = [e.text for e in g.log if e.text.startswith("Titan Abomination deals")]
    assert len(hits) == 3 and all("6 QC" in h for h in hits)


def test_T17_dead_drop_deploys_equipment_within_its_total_value():
    dd7 = {"id": "T-QM", "name": "Test Quartermaster", "deck": "main", "type": "character", "value": 4,
           "traits": {"QI": 3, "QC": 2}, "keywords": [{"kw": "DEAD DROP", "param": 7}]}
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "hands": {"Ana": ["T-QM"]},
              "mains": {"Ana": ["X18", "X19", "X20", "X7"]}}, decks=("corporation", "gnosts"), extra_cards=[dd7])
    g.apply(Buy("Ana", "hand", card(g, "Test Quartermaster", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    assert [l.split(" (")[0] for l in labels(g)] == ["Arc Welder", "Grav Lifter", "Plasma Cutter", "stop"]
    pick(g, "Ana", "Arc Welder")
    pick(g, "Ana", "next to")
    assert [l.split(" (")[0] for l in labels(g)] == ["Grav Lifter", "stop"]       # 3 + 5 > 7
    pick(g, "Ana", "Grav Lifter")
    pick(g, "Ana", "next to")
    assert g.prompt.kind == "priority"                # nothing worth 0M is left
    assert money(g)["Ana"] == 5
    assert in_zone(g, card(g, "Arc Welder")) == in_zone(g, card(g, "Grav Lifter")) == "network"


def test_T18_mutation_takes_one_card_within_its_level():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QC": 3}},
              "hands": {"Ana": ["X8"]}, "mains": {"Ana": ["X21", "X12"]}})
    g.apply(Buy("Ana", "hand", card(g, "Incarnate Hierarch", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    assert [l.split(" (")[0] for l in labels(g)] == ["Gallian Lineage", "take nothing"]


def _raider(block: bool):
    g = scen({"active": "Ana", "phase": "challenge", "money": {"Ana": 5, "Nick": 8}, "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "C8", "at": [0, 1]}], "Nick": [{"id": "G1", "at": [0, 1]}]}},
             decks=("corporation", "gnosts"))
    raider, company = card(g, "Corporate Raider"), g.state.players["Nick"].company
    g.apply(Attack("Ana", raider, company, "QI"))
    pass_(g, 2)
    pick(g, "Nick", "block with Gnost Acolyte" if block else "no more blockers")
    pass_(g, 2)
    if g.prompt.kind == "choose":
        pick(g, "Nick", "no retaliation")
    return g


def test_T19_disruptor_costs_money_only_for_damage_to_the_company():
    assert money(_raider(False))["Nick"] == 5
    assert money(_raider(True))["Nick"] == 8


def test_T20_a_hypermarket_sells_for_15M_with_enough_infrastructure():
    g = scen({"active": "Ana", "phase": "divest", "money": {"Ana": 1},
              "networks": {"Ana": [{"id": "X17", "at": [0, 1]}, {"id": "N4", "at": [0, -1]}, {"id": "N4", "at": [-1, 0]}]}})
    g.apply(Sell("Ana", card(g, "Hypermarket")))
    assert money(g)["Ana"] == 16


def _rival_card(turns_done: int):
    return scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 1}, "turns_done": {"Nick": turns_done},
                 "networks": {"Nick": [{"id": "G5", "at": [0, 1], "engaged": True}]}})


def test_T21_buying_a_rivals_engaged_card_after_its_second_turn():
    g = _rival_card(1)
    pilgrim = card(g, "Veiled Pilgrim")
    assert Buy("Ana", "network", pilgrim) not in g.legal_actions("Ana")
    g = _rival_card(2)
    g.apply(Buy("Ana", "network", pilgrim))
    pick(g, "Ana", "slot:Ana:0:1")
    assert money(g) == {"Ana": 7, "Nick": 3}
    assert g.state.cards[pilgrim].controller == "Ana" and g.state.cards[pilgrim].owner == "Nick"


def test_T22_one_sale_a_divest_phase_traits_not_refunded_engaged_cards_unsellable():
    g = scen({"active": "Ana", "phase": "divest", "money": {"Ana": 1},
              "networks": {"Ana": [{"id": "X8", "at": [0, 1]}, {"id": "X7", "at": [0, -1]},
                                   {"id": "X9", "at": [-1, 0], "engaged": True}]}})
    hier, neo, ill = card(g, "Incarnate Hierarch"), card(g, "Incarnate Neonate"), card(g, "Illithis, Gnost Prophet")
    assert Sell("Ana", ill) not in g.legal_actions("Ana")
    g.apply(Sell("Ana", hier))
    assert money(g)["Ana"] == 5
    assert Sell("Ana", neo) not in g.legal_actions("Ana")


def test_T23_an_orphaned_company_at_its_own_end_phase_loses():
    g = scen({"active": "Ana", "phase": "divest", "founders": {"Ana": None}})
    pass_(g, 2)
    assert g.is_over and g.winners() == ["Nick"]


def test_T24_no_money_at_the_start_of_an_end_phase_loses():
    g = scen({"active": "Ana", "phase": "divest", "money": {"Ana": 3, "Nick": 0}})
    pass_(g, 2)
    assert g.is_over and g.winners() == ["Ana"] and "no money" in g.state.end_reason
    assert "Nick has no money" in g.state.end_reason and "loses" in g.state.end_reason


def test_T24_both_without_money_lose_together_and_the_words_say_so():
    g = scen({"active": "Ana", "phase": "divest", "money": {"Ana": 0, "Nick": 0}})
    pass_(g, 2)
    assert g.is_over and g.winners() == []
    assert "Ana and Nick have no money at the End phase and lose: a tie" in g.state.end_reason


def test_T25_an_empty_main_deck_at_the_draw_loses():
    g = scen({"active": "Ana", "phase": "accounting", "mains": {"Ana": []}, "resources": {"Ana": []}})
    assert g.is_over and g.winners() == ["Nick"] and "cannot draw" in g.state.end_reason


def test_T26_surrounded_cards_only_for_penetrator_and_melee():
    net = [{"id": "X7", "at": [0, 1]}, {"id": "X7", "at": [-1, 1]}, {"id": "X7", "at": [1, 1]}, {"id": "X7", "at": [0, 2]}]
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Ana": None},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}, {"id": "I6", "at": [5, 0], "controller": "Ana"},
                                   {"id": "C1", "at": [0, -1], "pile": ["C6"]}],
                           "Nick": net + [{"id": "I6", "at": [1, 2], "controller": "Ana"}]}})
    middle = g.state.networks["Nick"][(0, 1)]
    neonate = g.state.networks["Ana"][(0, 1)]
    brute_far, brute_near = g.state.networks["Ana"][(5, 0)], g.state.networks["Nick"][(1, 2)]
    clerk = g.state.networks["Ana"][(0, -1)]
    legal = g.legal_actions("Ana")
    assert Attack("Ana", neonate, middle, "QC") not in legal
    assert Attack("Ana", brute_far, middle, "QC") not in legal        # MELEE: only around itself
    assert Attack("Ana", brute_near, middle, "QC") in legal           # MELEE, diagonal neighbour
    assert Attack("Ana", clerk, middle, "QC") in legal                # PENETRATOR from the Breaching Charge


def test_T27_a_trait_brought_to_zero_destroys_but_a_printed_zero_does_not():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QE": 3}},
              "hands": {"Ana": ["N17", "N17", "N17"]},
              "networks": {"Nick": [{"id": "RN1", "at": [0, 1]}, {"id": "G8", "at": [0, -1]}]}})
    hunters, sanctuary = card(g, "Bargain Hunters"), card(g, "Sanctuary of the Quorum")
    smears = g.find_all("Smear Campaign", "hand")
    assert in_zone(g, hunters) == "network"           # printed QI 0 and QM 0: it stays
    for smear, target, slot in ((smears[0], sanctuary, "slot:Ana:0:1"), (smears[1], sanctuary, "slot:Ana:0:2"),
                                (smears[2], hunters, "slot:Ana:0:3")):
        g.apply(PlayEvent("Ana", smear, f"card:{target}"))
        pick(g, "Ana", slot)
        pass_(g, 2)
        pick(g, "Ana", "trait:QE")
    from megacorps.tcg import board
    assert board.traits(g.state, sanctuary)["QE"] == 0 and in_zone(g, sanctuary) == "network"   # INDESTRUCTIBLE
    assert in_zone(g, hunters) == "market"


def _t28(defence: str):
    g = scen({"active": "Ana", "phase": "challenge", "money": {"Nick": 5},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}],
                           "Nick": [{"id": "G5", "at": [0, 1]}, {"id": "G9", "at": [0, 2]}, {"id": "G4", "at": [-1, 0]}]}},
             decks=("incarnes", "gnosts"))
    neo, pilgrim = card(g, "Vat-Born Neonate"), card(g, "Veiled Pilgrim")
    guard, adept = card(g, "Zealot Guard"), card(g, "Telekinetic Adept")
    if defence == "move":
        g.apply(Attack("Ana", neo, adept, "QC"))
        g.apply(Activate("Nick", adept, 0, "slot:Nick:-1:1"))
    else:
        g.apply(Attack("Ana", neo, pilgrim, "QC"))
        g.apply(Activate("Nick", guard, 0, f"card:{pilgrim}"))
    pass_(g, 2)                                      # the ability resolves
    pass_(g, 2)                                      # nobody else responds to the declaration
    return g, neo, pilgrim, guard, adept


def test_T28_a_swap_redirects_the_attack_and_a_move_cancels_it():
    g, neo, pilgrim, guard, adept = _t28("swap")
    assert g.state.cards[guard].pos == (0, 1)
    assert any("now stands in the target slot" in e.text for e in g.log)
    assert g.state.combat is not None and g.state.cards[neo].engaged
    g, neo, pilgrim, guard, adept = _t28("move")
    assert g.state.cards[adept].pos == (-1, 1)
    assert g.state.combat is None and g.state.cards[neo].engaged
    assert any("attack is cancelled" in e.text for e in g.log)
