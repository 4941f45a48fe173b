"""What a move would do and what a decision is about, in game terms: the engine's previews
(`megacorps.previews`, read by the app's forms, the lessons and `Game.preview`)."""
import megacorps as mc
import pytest
from megacorps.errors import IllegalAction
from megacorps.previews import decision_context, preview


def test_sending_mercenaries_previews_the_war_with_them_on_the_chosen_side():
    # the preview repeated the war as it stood, whatever side and number were chosen
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1, mercenaries={"Mokia": 3, "Nonintendo": 2},
                       countries={"Japan": "Globbo"})
    game.apply(mc.LaunchWar("Mokia", "Japan"))  # attack 3 against Japan's defense 4
    assert "Nonintendo" in game.deciders
    to_defender = preview(game, mc.SupportWar("Nonintendo", "defender", 2))
    to_attacker = preview(game, mc.SupportWar("Nonintendo", "attacker", 2))
    assert "attack 3 against defense 6" in to_defender and "defender would hold" in to_defender
    assert "attack 5 against defense 4" in to_attacker and "attacker would win" in to_attacker
    assert "to Globbo" in to_defender and "to Mokia" in to_attacker


def test_the_mercenaries_preview_counts_in_good_english():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1, companies={"NAFTA/Defense": "Mokia"})
    texts = {a.from_box: preview(game, a) for a in game.legal_actions("Mokia") if a.kind == "mercenaries"}
    assert texts[0].endswith("for 0 Euros = 1 mercenary.")   # it said "= 1 mercenaries"
    assert "for 1 Euro = 2 mercenaries." in texts[1]


def test_a_card_preview_says_what_it_would_do_without_repeating_the_cards_text():
    # the preview of Play a card was the card's own text, shown just above it in the hand
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1,
                       companies={"Japan/Aerospace": "Globbo", "NAFTA/Biotech": "Mokia", "China/Metals": "nationalized"})
    state = game.state
    kinds = {"Dictatorship": None, "Kleptocracy": None, "Democracy": None}
    for country in state.board.country_by_name:
        kinds[game.government(country)] = kinds.get(game.government(country)) or country
    targets = {"payout": "Aerospace", "auction": kinds["Kleptocracy"], "election": kinds["Democracy"],
               "set_government": kinds["Democracy"], "syndicalize": "Japan/Aerospace", "privatize": "China/Metals"}
    seen = 0
    for spec in state.deck_spec.cards:
        if spec.effect == "modify_competitors":
            continue  # only during a payout: tested with the payout window
        text = preview(game, mc.PlayCard("Mokia", spec.name, targets.get(spec.effect)))
        assert text, f"no preview for {spec.name}"
        assert spec.summary not in text and spec.summary.split(":")[0] not in text, (spec.name, text)
        seen += 1
    assert seen >= 10
    assert "Globbo would lose Japan/Aerospace and get 4 Euros" in preview(game, mc.PlayCard("Mokia", "General Strike", "Japan/Aerospace"))
    assert "Mokia owns 1 Biotech company" in preview(game, mc.PlayCard("Mokia", "Clone Soldiers"))


def test_the_war_under_way_counts_mercenaries_already_lent_to_an_uncontrolled_country():
    # a newcomer was told "Attack 5 against Caliphate's defense 4: the attacker would win"
    # after Nonintendo had lent Caliphate a mercenary; the war then ended 5 against 5, lost
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1, mercenaries={"Mokia": 2, "Globbo": 1, "Nonintendo": 2})
    country = next(c.name for c in game.state.board.countries if game.state.controllers.get(c.name) is None
                   and c.defense >= 3)
    defense = game.state.board.country_by_name[country].defense
    game.apply(mc.LaunchWar("Mokia", country))
    before = decision_context(game, "Globbo")
    assert f"defense {defense} ({defense} Defense + 0 mercenaries)" in before
    lender = game.deciders[0]
    game.apply(mc.SupportWar(lender, "defender", 1))
    after = decision_context(game, game.deciders[0])
    assert f"defense {defense + 1} ({defense} Defense + 1 mercenaries)" in after, after


def test_an_auction_says_which_card_started_it():
    # "Auction for ASEAN: Mokia must bid in secret" came in the middle of another corp's war,
    # with nothing on the decision saying where it came from
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1, hands={"Globbo": ["Greedy Kleptocrats"]})
    klepto = next(c for c in game.state.board.country_by_name if game.government(c) == "Kleptocracy")
    game.apply(mc.PlayCard("Globbo", "Greedy Kleptocrats", klepto))
    context = decision_context(game, "Mokia")
    assert context.startswith(f"Globbo plays Greedy Kleptocrats on {klepto}. "), context
    assert "Already decided" in context


def test_buying_no_mercenaries_at_all_is_called_out_before_the_turn_is_spent():
    # a newcomer confirmed "Buy Mercenaries" with nothing chosen: 0 free + 0 from the box
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1)
    nothing = preview(game, mc.BuyMercenaries("Mokia", from_box=0, ask_owners=False))
    assert "= 0 mercenaries" in nothing and "buys nothing" in nothing
    assert "buys nothing" not in preview(game, mc.BuyMercenaries("Mokia", from_box=2, ask_owners=False))


def test_buying_in_a_rivals_country_warns_what_its_government_may_do():
    # a newcomer bought Mercosur/Biotech in Globbo's Wikisyndicalism and lost it at once, surprised
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1, countries={"Mercosur": "Globbo", "Japan": "Mokia"},
                       governments={"Mercosur": "Wikisyndicalism"})
    risky = preview(game, mc.BuyCompany("Mokia", "Mercosur/Biotech"))
    assert "Globbo controls Mercosur (Wikisyndicalism)" in risky and "the company is syndicalized, with 4 Euros paid to you" in risky
    assert "Government Intervention" not in preview(game, mc.BuyCompany("Mokia", "Japan/Aerospace"))  # its own
    free = next(c for c in game.state.board.country_by_name if game.state.controllers.get(c) is None)
    company = next(co for co in game.state.companies if co.startswith(free + "/") and game.state.companies[co] == "unowned")
    assert "Government Intervention" not in preview(game, mc.BuyCompany("Mokia", company))


def test_the_games_preview_gives_the_engines_sentence_and_refuses_what_apply_would():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1, countries={"Japan": "Globbo"},
                       companies={"Japan/Aerospace": "Globbo"})
    said = game.preview(mc.PayoutIndustry("Mokia", "Aerospace"))
    assert said == preview(game, mc.PayoutIndustry("Mokia", "Aerospace")) and "Globbo" in said
    before = game.to_json()
    with pytest.raises(IllegalAction):
        game.preview(mc.PayoutIndustry("Globbo", "Aerospace"))      # not Globbo's turn
    assert game.to_json() == before


def test_an_intervention_is_described_once_for_the_intervener_and_for_the_buyer_at_risk():
    # each government's effect was written twice in the app, in two wordings
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1, countries={"Japan": "Mokia"},
                       governments={"Japan": "Kleptocracy"}, companies={"Japan/Aerospace": "Globbo"})
    assert preview(game, mc.Intervene("Mokia", "Japan/Aerospace")) == \
        "Japan is a Kleptocracy: the company passes from Globbo to Mokia."
