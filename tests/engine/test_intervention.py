"""Government Intervention (megacorps/intervention.py)."""
from __future__ import annotations

import pytest

import megacorps as mc
from enginetools import THREE, assert_illegal


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
