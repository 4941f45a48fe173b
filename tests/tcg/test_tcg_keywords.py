"""Every glossary keyword and every way to win, each exercised (the ones the worked examples
do not already cover), and the rulings' options that change play."""
from megacorps.tcg import Abrupt, Activate, Attack, Buy, PlayEvent, Sell, board
from tcgtools import card, in_zone, labels, money, options, pass_, pass_to, pick, scen


def test_development_tokens_raise_value_and_a_charter_wins_at_the_start_of_the_turn():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "resources": {"Ana": [], "Nick": []},
              "networks": {"Ana": [{"id": "N4", "at": [0, 1]}, {"id": "I2", "at": [0, -1]},
                                   {"id": "N11", "at": [-1, 0], "tokens": 5}]}})
    road, charter = card(g, "Ring Highway"), card(g, "Monopoly Charter")
    g.apply(Activate("Ana", road, 0))
    pick(g, "Ana", "Lineage Hierarch")               # QC 4: two tokens
    pass_(g, 2)
    assert g.state.cards[road].tokens == 2 and board.value(g.state, road) == 4
    g.apply(Activate("Ana", charter, 0))
    pick(g, "Ana", "Progenitor Matron")
    pass_(g, 2)
    assert g.state.cards[charter].tokens == 6
    assert not any(isinstance(a, Activate) and a.card == charter for a in g.legal_actions("Ana"))  # once a turn
    pass_to(g, "buy", "Nick")
    assert not g.is_over
    pass_to(g, "buy", "Ana")
    assert g.is_over and g.winners() == ["Ana"] and "Monopoly Charter" in g.state.end_reason


def test_loyal_cards_cannot_be_bought_from_the_network_nor_sold():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "turns_done": {"Nick": 4},
              "networks": {"Nick": [{"id": "RN2", "at": [0, 1], "engaged": True}, {"id": "RN1", "at": [0, -1], "engaged": True}]}})
    buyable = [a.card for a in g.legal_actions("Ana") if isinstance(a, Buy)]
    assert card(g, "Bargain Hunters") in buyable and card(g, "Loyal Subscribers") not in buyable
    g = scen({"active": "Ana", "phase": "divest", "networks": {"Ana": [{"id": "RN2", "at": [0, 1]}]}})
    assert Sell("Ana", card(g, "Loyal Subscribers")) not in g.legal_actions("Ana")


def test_permanent_events_stay_and_keep_their_effect():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "pools": {"Ana": {"QM": 1}},
              "hands": {"Ana": ["G10"]}, "networks": {"Ana": [{"id": "G1", "at": [0, 1]}]}}, decks=("gnosts", "incarnes"))
    acolyte = card(g, "Gnost Acolyte")
    vigil = card(g, "Vigil of Martyrs", "hand")
    g.apply(PlayEvent("Ana", vigil))
    pick(g, "Ana", "slot:Ana:0:2")
    pass_(g, 2)
    pass_to(g, "buy", "Nick")
    assert in_zone(g, vigil) == "network" and board.traits(g.state, acolyte)["QM"] == 3


def test_precision_attacks_cannot_be_blocked_reflexes_retaliates_twice():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "N12", "at": [0, 1]}, {"id": "I1", "at": [0, -1]}],
                           "Nick": [{"id": "G4", "at": [0, 1]}, {"id": "G2", "at": [1, 1]}]}})
    sniper, neo, adept = card(g, "Hired Sniper"), card(g, "Vat-Born Neonate"), card(g, "Telekinetic Adept")
    g.apply(Attack("Ana", sniper, adept, "QE"))         # QE 0: nobody is hurt
    pass_(g, 4)                                       # no blockers offered against PRECISION
    pick(g, "Nick", f"ret:{adept}")
    g.apply(Attack("Ana", neo, adept, "QE"))
    pass_(g, 2)
    pick(g, "Nick", "no more blockers")
    pass_(g, 2)
    assert options(g)[0] == f"ret:{adept}"            # REFLEXES: a second retaliation this turn
    assert g.state.cards[adept].retaliations == 1


def test_terrain_goes_under_the_newcomer():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "hands": {"Ana": ["I1"]},
              "networks": {"Ana": [{"id": "N9", "at": [0, 1]}]}})
    wet = card(g, "Reclaimed Wetlands")
    g.apply(Buy("Ana", "hand", card(g, "Vat-Born Neonate", "hand")))
    pick(g, "Ana", f"terrain:{wet}")
    neo = card(g, "Vat-Born Neonate")
    assert g.state.networks["Ana"][(0, 1)] == neo and g.state.cards[wet].under == neo
    assert not board.has(g.state, neo, "TERRAIN")


def test_upkeep_is_paid_or_the_card_is_destroyed():
    for answer, zone, left in (("pay", "network", 5), ("refuse", "market", 6)):
        g = scen({"active": "Ana", "phase": "accounting", "money": {"Ana": 4}, "resources": {"Ana": []},
                  "networks": {"Ana": [{"id": "RN3", "at": [0, 1]}]}}, decks=("gnosts", "incarnes"))
        clientele = card(g, "Premium Clientele")
        pick(g, "Ana", answer)                        # after its CASHFLOW 2
        assert in_zone(g, clientele) == zone and money(g)["Ana"] == left
    g = scen({"active": "Ana", "phase": "accounting", "money": {"Ana": 4}, "resources": {"Ana": []},
              "networks": {"Ana": [{"id": "G8", "at": [0, 1]}]}}, decks=("gnosts", "incarnes"))
    sanctuary = card(g, "Sanctuary of the Quorum")
    pick(g, "Ana", "refuse")
    assert in_zone(g, sanctuary) == "network"         # INDESTRUCTIBLE: never destroyed


def test_abruption_deploys_in_the_rivals_turn():
    g = scen({"active": "Nick", "phase": "challenge", "money": {"Ana": 5}, "hands": {"Ana": ["C13"]}},
             decks=("corporation", "gnosts"))
    op = card(g, "Ambush Operative", "hand")
    assert Abrupt("Ana", op) not in g.legal_actions("Ana")     # not Ana's priority yet
    pass_(g)
    g.apply(Abrupt("Ana", op))
    pick(g, "Ana", "slot:Ana:0:1")
    assert in_zone(g, op) == "network" and money(g)["Ana"] == 2


def test_cancel_an_event_destroys_it_cancel_an_ability_spares_its_source():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 9}, "pools": {"Nick": {"QE": 2}},
              "hands": {"Ana": ["N8"], "Nick": ["G11"]}})
    panic = card(g, "Market Panic", "hand")
    g.apply(PlayEvent("Ana", panic))
    pick(g, "Ana", "slot:Ana:0:1")
    sid = g.state.stack[-1].sid
    g.apply(PlayEvent("Nick", card(g, "Mind Shield", "hand"), f"stack:{sid}"))
    pick(g, "Nick", "slot:Nick:0:1")
    pass_(g, 2)
    assert not g.state.stack and in_zone(g, panic) == "market" and money(g)["Nick"] == 7
    g = scen({"active": "Nick", "phase": "buy", "money": {"Ana": 9, "Nick": 9}, "pools": {"Ana": {"QI": 2}},
              "hands": {"Ana": ["C12"]}, "networks": {"Nick": [{"id": "G3", "at": [0, 1]}]}},
             decks=("corporation", "gnosts"))
    seer = card(g, "Magellan Seer")
    g.apply(Activate("Nick", seer, 0))
    sid = g.state.stack[-1].sid
    g.apply(PlayEvent("Ana", card(g, "Firewall Protocol", "hand"), f"stack:{sid}"))
    pick(g, "Ana", "slot:Ana:0:1")
    pass_(g, 2)
    assert not g.state.stack and in_zone(g, seer) == "network" and g.state.cards[seer].engaged


def test_discard_from_a_looked_at_hand():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QI": 1}},
              "hands": {"Ana": ["N14"], "Nick": ["G6", "G13"]}})
    g.apply(PlayEvent("Ana", card(g, "Insider Leak", "hand"), "seat:Nick"))
    pick(g, "Ana", "slot:Ana:0:1")
    pass_(g, 2)
    assert sorted(labels(g)) == ["Psionic Shriek", "Revelation"]
    assert g.view("Nick").prompt.options is None      # private to Ana
    pick(g, "Ana", "Revelation")
    assert g.state.players["Nick"].market[-1] == card(g, "Revelation", "market")


def test_unbond_and_redeploy_with_recall_order():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "hands": {"Ana": ["N13"]},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1], "pile": ["I3"]}]}})
    neo = card(g, "Vat-Born Neonate")
    graft = g.state.cards[neo].pile[0]
    g.apply(PlayEvent("Ana", card(g, "Recall Order", "hand"), f"card:{graft}"))
    pick(g, "Ana", "slot:Ana:0:2")
    pass_(g, 2)
    pick(g, "Ana", "slot:Ana:-1:0")                   # the graft is deployed again...
    pick(g, "Ana", "Vat-Born Neonate")                # ...and its BOND fires again
    assert g.state.cards[graft].under == neo


def test_a_mech_bonds_an_engaged_pilot_and_becomes_engaged():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QI": 2}},
              "hands": {"Ana": ["C7"]}, "networks": {"Ana": [{"id": "C1", "at": [0, 1], "engaged": True}]}},
             decks=("corporation", "gnosts"))
    g.apply(Buy("Ana", "hand", card(g, "Exo-Frame Mech", "hand")))
    pick(g, "Ana", "slot:Ana:0:2")
    pick(g, "Ana", "yes")
    pick(g, "Ana", "Nanoblood Clerk")
    mech = card(g, "Exo-Frame Mech")
    assert g.state.cards[mech].engaged and g.state.cards[mech].pile == [card(g, "Nanoblood Clerk")]


def test_a_mech_without_a_pilot_cannot_attack():
    g = scen({"active": "Ana", "phase": "challenge", "networks": {"Ana": [{"id": "C7", "at": [0, 1]}]}},
             decks=("corporation", "gnosts"))
    mech = card(g, "Exo-Frame Mech")
    assert any(isinstance(a, Attack) for a in g.legal_actions("Ana"))          # the founder may
    assert not any(isinstance(a, Attack) and a.attacker == mech for a in g.legal_actions("Ana"))


def test_destroying_the_rival_company_in_combat_wins():
    g = scen({"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}], "Nick": [{"id": "N9", "at": [0, 1]}]}})
    company = g.state.players["Nick"].company
    qc = g.state.cards[company].card.traits["QC"]
    g.state.cards[company].damage["QC"] = qc - 2        # the Neonate's QC 2 finishes it
    g.apply(Attack("Ana", card(g, "Vat-Born Neonate"), company, "QC"))
    pass_(g, 2)
    pick(g, "Nick", "no more blockers")
    pass_(g, 2)
    assert g.is_over and g.winners() == ["Ana"] and "company was destroyed" in g.state.end_reason


def test_option_resolved_events_leave_at_once():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 8}, "hands": {"Ana": ["N8"]}},
             resolved_events="leave_at_once")
    panic = card(g, "Market Panic", "hand")
    g.apply(PlayEvent("Ana", panic))
    pick(g, "Ana", "slot:Ana:0:1")
    pass_(g, 2)
    assert in_zone(g, panic) == "market" and g.state.players["Ana"].market[0] == panic


def test_option_classic_accounting_order_pays_upkeep_before_cashflow():
    spec = {"active": "Ana", "phase": "accounting", "money": {"Ana": 0}, "resources": {"Ana": []},
            "networks": {"Ana": [{"id": "RN3", "at": [0, 1]}]}}
    g = scen(spec)
    assert options(g)[0] == "pay"                   # French order: the cashflow came first
    g = scen(spec, accounting_order="classic")
    assert options(g) == ["refuse"]                 # classic: upkeep first, with no money yet


def test_option_engaged_defenders_may_retaliate():
    spec = {"active": "Ana", "phase": "challenge", "founders": {"Nick": None},
            "networks": {"Ana": [{"id": "I1", "at": [0, 1]}], "Nick": [{"id": "G2", "at": [0, 1], "engaged": True}]}}
    for allowed in (False, True):
        g = scen(spec, engaged_defender_retaliates=allowed)
        g.apply(Attack("Ana", card(g, "Vat-Born Neonate"), card(g, "Quorum Cleric"), "QI"))
        pass_(g, 2)
        pick(g, "Nick", "no more blockers")
        pass_(g, 2)
        asked = g.prompt.kind == "choose" and any(k.startswith("ret:") for k in options(g))
        assert asked == allowed


def test_option_no_bidding():
    from megacorps import tcg
    g = tcg.new_game(["Ana", "Nick"], seed=2, options={"bidding": False})
    assert g.prompt.kind == "choose" and money(g) == {"Ana": 10, "Nick": 10}


def test_annihilate_by_an_event_is_for_good():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QI": 1}},
              "hands": {"Ana": ["N15"]}, "networks": {"Nick": [{"id": "G1", "at": [0, 1]}, {"id": "G3", "at": [0, -1]}]}})
    acolyte, seer = card(g, "Gnost Acolyte"), card(g, "Magellan Seer")
    erasure = card(g, "Erasure Protocol", "hand")
    targets = {a.target for a in g.legal_actions("Ana") if isinstance(a, PlayEvent) and a.card == erasure}
    assert f"card:{acolyte}" in targets and f"card:{seer}" not in targets     # worth 2M or less
    g.apply(PlayEvent("Ana", erasure, f"card:{acolyte}"))
    pick(g, "Ana", "slot:Ana:0:1")
    pass_(g, 2)
    assert in_zone(g, acolyte) == "annihilated"
    assert not any(isinstance(a, Buy) and a.card == acolyte for a in g.legal_actions("Ana"))


def test_a_penetrator_attacks_a_card_under_another():
    g = scen({"active": "Ana", "phase": "challenge",
              "networks": {"Ana": [{"id": "C1", "at": [0, 1], "pile": ["C6"]}, {"id": "C8", "at": [0, -1]}],
                           "Nick": [{"id": "I1", "at": [0, 1], "pile": ["I4"]}]}}, decks=("corporation", "incarnes"))
    neo = card(g, "Vat-Born Neonate")
    hide = g.state.cards[neo].pile[0]
    clerk, raider = card(g, "Nanoblood Clerk"), card(g, "Corporate Raider")
    legal = g.legal_actions("Ana")
    assert Attack("Ana", clerk, hide, "QC") in legal and Attack("Ana", raider, hide, "QC") not in legal


def test_a_target_is_checked_again_when_the_effect_resolves():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QI": 1}},
              "hands": {"Ana": ["N15"]}, "networks": {"Nick": [{"id": "N4", "at": [0, 1]}, {"id": "I1", "at": [0, 2]}]}})
    road = card(g, "Ring Highway")
    g.apply(PlayEvent("Ana", card(g, "Erasure Protocol", "hand"), f"card:{road}"))
    pick(g, "Ana", "slot:Ana:0:1")
    g.apply(Activate("Nick", road, 0))             # Nick answers: tokens raise the road's value above 2M
    pick(g, "Nick", "Vat-Born Neonate")
    pass_(g, 2)
    assert g.state.cards[road].tokens == 1
    pass_(g, 2)
    assert in_zone(g, road) == "network"
    assert any("no longer a legal target" in e.text for e in g.log)


def test_a_bonded_card_lends_its_written_ability_to_the_top_card():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5},
              "networks": {"Ana": [{"id": "C7", "at": [0, 1], "pile": ["G2"]},
                                   {"id": "C1", "at": [0, -1], "damage": {"QI": 1}}]}}, decks=("corporation", "gnosts"))
    mech, clerk = card(g, "Exo-Frame Mech"), card(g, "Nanoblood Clerk")
    heal = Activate("Ana", mech, 0, f"card:{clerk}")
    assert heal in g.legal_actions("Ana")
    g.apply(heal)
    assert g.state.cards[mech].engaged                 # the pile's top engages to pay
    pass_(g, 2)
    assert not g.state.cards[clerk].damage
