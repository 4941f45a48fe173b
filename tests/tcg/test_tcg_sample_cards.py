"""The sample pool's own behaviours, written as data, work: companies, founders, resources and a
few main cards not met elsewhere."""
from megacorps.tcg import Activate, Buy, PlayEvent, Produce, board
from tcgtools import card, labels, money, pass_, pick, scen


def test_gnost_company_draws_once_a_turn_when_a_psionic_event_resolves():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QE": 2}},
              "hands": {"Ana": ["G13", "G13"]}, "mains": {"Ana": ["G1"] * 6}}, decks=("gnosts", "incarnes"))
    first, second = g.find_all("Revelation", "hand")
    g.apply(PlayEvent("Ana", first))
    pick(g, "Ana", "slot:Ana:0:1")
    pass_(g, 2)
    assert len(g.state.players["Ana"].hand) == 1 + 2 + 1        # Revelation's 2, the company's 1
    g.apply(PlayEvent("Ana", second))
    pick(g, "Ana", "slot:Ana:0:2")
    pass_(g, 2)
    assert len(g.state.players["Ana"].hand) == 4 - 1 + 2          # once a turn only


def test_company_discounts_apply_to_their_kind_of_card():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "hands": {"Ana": ["C5", "C1"]}},
             decks=("corporation", "gnosts"))
    g.apply(Buy("Ana", "hand", card(g, "Suppression Rifle", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    assert money(g)["Ana"] == 8                                     # 2M equipment for 1M


def test_tithing_congregants_cashflow_two_next_to_a_psionic_character():
    spec = {"active": "Ana", "phase": "accounting", "money": {"Ana": 1}, "resources": {"Ana": []},
            "networks": {"Ana": [{"id": "RG1", "at": [0, 1]}]}}
    g = scen(spec, decks=("gnosts", "incarnes"))
    assert money(g)["Ana"] == 2
    spec["networks"]["Ana"].append({"id": "G1", "at": [-1, 1]})
    spec["networks"]["Ana"].append({"id": "N1", "at": [-1, 0]})
    g = scen(spec, decks=("gnosts", "incarnes"))
    assert money(g)["Ana"] == 1 + 2 + 1


def test_nanoblood_subscribers_produce_one_more_qi():
    g = scen({"active": "Ana", "phase": "buy", "networks": {"Ana": [{"id": "RC1", "at": [0, 1]}]}},
             decks=("corporation", "gnosts"))
    g.apply(Produce("Ana", card(g, "Nanoblood Subscribers"), "QI"))
    assert g.state.players["Ana"].pool["QI"] == 3


def test_founder_abilities():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "mains": {"Ana": ["C4", "C6", "C3"]}},
             decks=("corporation", "gnosts"))
    integrator = g.state.players["Ana"].founder
    g.apply(Activate("Ana", integrator, 0))
    pass_(g, 2)
    assert [lbl.split(" (")[0] for lbl in labels(g)] == ["Breaching Charge", "Rail Pistol", "take nothing"]
    pick(g, "Ana", "Rail Pistol")
    pick(g, "Ana", "slot:Ana:1:1")
    pick(g, "Ana", "Chief Integrator")                # the pistol bonds under the adjacent founder
    assert g.state.cards[integrator].pile and money(g)["Ana"] == 5
    assert board.has(g.state, integrator, "PRECISION")
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "mains": {"Ana": ["I3", "I4"]}})
    matron = g.state.players["Ana"].founder
    g.apply(Activate("Ana", matron, 0))
    pass_(g, 2)
    pick(g, "Ana", "Feline Reflex Graft")
    assert money(g)["Ana"] == 4 and board.has(g.state, matron, "INITIATIVE")
    assert not any(isinstance(a, Activate) and a.card == matron and a.ability == 0 for a in g.legal_actions("Ana"))
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "mains": {"Ana": ["G6", "G1"]}},
             decks=("gnosts", "incarnes"))
    voice = g.state.players["Ana"].founder
    g.apply(Activate("Ana", voice, 0))
    pass_(g, 2)
    pick(g, "Ana", "Psionic Shriek")
    assert money(g)["Ana"] == 4 and any("shows Psionic Shriek" in e.text for e in g.log)


def test_quorum_cleric_heals_and_shapeshifter_grows():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5},
              "networks": {"Ana": [{"id": "G2", "at": [0, 1]}, {"id": "G1", "at": [0, -1], "damage": {"QM": 1}}]}},
             decks=("gnosts", "incarnes"))
    acolyte = card(g, "Gnost Acolyte")
    g.apply(Activate("Ana", card(g, "Quorum Cleric"), 0, f"card:{acolyte}"))
    pass_(g, 2)
    assert not g.state.cards[acolyte].damage
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "networks": {"Ana": [{"id": "I11", "at": [0, 1]}]}})
    adept = card(g, "Shapeshifter Adept")
    g.apply(Activate("Ana", adept, 0))
    pass_(g, 2)
    pick(g, "Ana", "trait:QC")
    assert board.traits(g.state, adept)["QC"] == 4 and money(g)["Ana"] == 4


def test_talent_scout_searches_either_deck_when_deployed_from_hand():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 5}, "hands": {"Ana": ["N16"]},
              "mains": {"Ana": ["N1"]}, "resources": {"Ana": ["RN2", "RG1"]}}, decks=("gnosts", "incarnes"))
    g.apply(Buy("Ana", "hand", card(g, "Talent Scout", "hand")))
    pick(g, "Ana", "slot:Ana:0:1")
    assert [lbl.split(" (")[0] for lbl in labels(g)] == ["Loyal Subscribers", "Tithing Congregants", "take nothing"]
    pick(g, "Ana", "Tithing Congregants")
    assert len(g.state.players["Ana"].resource) == 1 and len(g.state.players["Ana"].hand) == 1


def test_shareholder_revolt_engages_a_company_and_a_market_event_can_be_played():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "pools": {"Ana": {"QE": 2}},
              "markets": {"Nick": ["N10"]}})
    company = g.state.players["Nick"].company
    g.apply(PlayEvent("Ana", card(g, "Shareholder Revolt", "market"), f"card:{company}", "market"))
    pick(g, "Ana", "slot:Ana:0:1")
    pass_(g, 2)
    assert g.state.cards[company].engaged and money(g)["Ana"] == 5


def test_hardened_hide_bonds_and_its_bonus_follows_the_character():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "hands": {"Ana": ["I4"]},
              "networks": {"Ana": [{"id": "I1", "at": [0, 1]}]}})
    neo = card(g, "Vat-Born Neonate")
    g.apply(Buy("Ana", "hand", card(g, "Hardened Hide", "hand")))
    pick(g, "Ana", "slot:Ana:0:2")
    assert "Vat-Born Neonate" in labels(g)
    pick(g, "Ana", "Vat-Born Neonate")
    t = board.traits(g.state, neo)
    assert (t["QC"], t["QM"]) == (4, 1) and (0, 2) not in g.state.networks["Ana"]
    assert money(g)["Ana"] == 7                        # 3M less the Incarnés' 1M off for Mutations
