"""What the engine answers the page: anchoring in the views (each card in a network anchored or
an orphan, surrounded or not) and the previews of selling and passing, in game terms."""
from tcgtools import card, scen

from megacorps import tcg


def test_the_view_says_which_cards_are_anchored_and_surrounded():
    spec = {"active": "Ana", "phase": "buy",
            "networks": {"Ana": [{"id": "I1", "at": [5, 5]}, {"id": "I5", "at": [0, 1]},
                                 {"id": "I3", "at": [-1, 0]}, {"id": "X7", "at": [0, -1]}]}}
    g = scen(spec)
    view = {c.name: c for c in g.view("Nick").networks["Ana"]}
    assert view["Vat-Born Neonate"].anchored is False          # at (5, 5): no chain to the company
    assert view["Hornet Swarm"].anchored is True and view["Hornet Swarm"].surrounded is False
    company = next(c for c in view.values() if c.type == "company")
    assert company.anchored is True and company.surrounded is True   # its four neighbours are taken
    hand = g.view("Ana").players["Ana"].hand or []
    assert all(c.anchored is None for c in hand)                # not in a network: no answer


def test_the_preview_of_a_sale_gives_the_money():
    spec = {"active": "Ana", "phase": "divest", "money": {"Ana": 2},
            "networks": {"Ana": [{"id": "I5", "at": [0, 1], "pile": ["I3"]}]}}
    g = scen(spec)
    hornet = card(g, "Hornet Swarm")
    value = sum(g.state.cards[u].card.value for u in [hornet, *g.state.cards[hornet].pile])
    sale = tcg.Sell("Ana", hornet)
    assert f"+{value}M" in g.preview(sale)
    g.apply(sale)
    assert g.money("Ana") == 2 + value


def test_the_preview_of_passing_says_what_it_ends():
    g = scen({"active": "Ana", "phase": "buy"})
    assert "ends the buy phase" in g.preview(tcg.Pass("Ana"))
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "hands": {"Ana": ["N7"]}})
    event = next(a for a in g.legal_actions("Ana") if isinstance(a, tcg.PlayEvent))
    g.apply(event)
    while g.prompt.kind == "choose":
        g.apply(tcg.Choose(g.deciders[0], g.prompt.options[0][0]))
    seat = g.deciders[0]
    assert g.state.stack and f"lets {g.state.stack[-1].label} resolve" in g.preview(tcg.Pass(seat))
