"""The board and the event deck (megacorps/board.py): the default ones, neutral places, and
broken or hostile board and deck files refused naming the bad entry."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

import megacorps as mc
from enginetools import THREE


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


DATA = Path(mc.__file__).parent / "data"


def write(tmp_path: Path, name: str, data) -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return path


def board_with(edit):
    data = json.loads((DATA / "board.json").read_text())
    edit(data)
    return data


def deck_with(edit):
    data = json.loads((DATA / "deck.json").read_text())
    edit(data)
    return data


@pytest.mark.parametrize("data, entry", [
    ('{"name": "board", ', "not valid JSON"),
    (board_with(lambda b: b["countries"][2]["companies"].append("Tea")), "countries.Japan: unknown industry 'Tea'"),
    (board_with(lambda b: b["countries"][2].update(defense=-1)), "entry countries.2.defense"),
    (board_with(lambda b: b["countries"][11].update(government="Democracy")), "entry countries.11"),
    (board_with(lambda b: b["countries"][4].pop("government")), "entry countries.4"),
    (board_with(lambda b: b["countries"].append(b["countries"][0])), "'NAFTA' appears twice"),
    (board_with(lambda b: b.update(payout_table=[12, 10])), "entry payout_table"),
    (board_with(lambda b: b.update(colour="red")), "entry colour"),
    (board_with(lambda b: b["corps"][0].update(starts_with="Atlantis")), "corps.Mokia: unknown country"),
    (board_with(lambda b: b["corps"][0].update(starts_with="Switzerland")), "corps.Mokia: Switzerland is neutral"),
    (board_with(lambda b: b.update(random_start_countries=["ASEAN", "L-5"])), "random_start_countries: L-5"),
    (board_with(lambda b: b["deck_size_by_players"].pop("3")), "deck_size_by_players: no deck size for 3"),
    (board_with(lambda b: b.update(starting_cards_by_countries=[])), "starting_cards_by_countries"),
    (board_with(lambda b: b["countries"][0].update(force="strong")), "entry countries.0.force"),
    (board_with(lambda b: (b["industries"].remove("Media"),
                           [c["companies"].remove("Media") for c in b["countries"] if "Media" in c["companies"]])),
     "industries: the rules need a Media industry"),
])
def test_a_broken_board_file_is_refused_naming_the_entry(tmp_path, data, entry):
    path = write(tmp_path, "board.json", data)
    with pytest.raises(mc.BadDataFile) as info:
        mc.load_board(path)
    assert entry in str(info.value) and str(path) in str(info.value)


def test_a_missing_board_file_is_refused():
    with pytest.raises(mc.BadDataFile, match="cannot be read"):
        mc.load_board("/nonexistent/board.json")


@pytest.mark.parametrize("data, entry", [
    ("[", "not valid JSON"),
    (deck_with(lambda d: d["cards"][3].update(effect="explode")), "entry cards.3: Value error, unknown effect"),
    (deck_with(lambda d: d["cards"][0].update(timing="never")), "entry cards.0.timing"),
    (deck_with(lambda d: d["cards"][0].update(copies=0)), "entry cards.0.copies"),
    (deck_with(lambda d: d["cards"][0].pop("summary")), "entry cards.0.summary"),
    (deck_with(lambda d: d["cards"][3]["target"].update(kind="planet")), "entry cards.3.target.kind"),
    (deck_with(lambda d: next(c for c in d["cards"] if c["name"] == "L-5")["params"].update(company="Mars/Metals")),
     "entry cards.L-5: unknown company 'Mars/Metals'"),
    (deck_with(lambda d: d.update(cards=[c for c in d["cards"] if c["name"] != "Asteroid"])),
     "waits for card 'Asteroid'"),
    (deck_with(lambda d: next(c for c in d["cards"] if c["name"] == "Clone Soldiers")["params"].update(
        mercenary_industry="Wizardry")), "entry cards.Clone Soldiers: unknown industry 'Wizardry'"),
])
def test_a_broken_deck_file_is_refused_naming_the_entry(tmp_path, data, entry):
    path = write(tmp_path, "deck.json", data)
    with pytest.raises(mc.BadDataFile) as info:
        mc.load_deck(path)
    assert entry in str(info.value)


def test_a_corrected_board_file_is_used_by_a_new_game(tmp_path):
    path = write(tmp_path, "board.json", board_with(lambda b: b["countries"][2].update(defense=7)))
    board = mc.load_board(path)
    game = mc.new_game(THREE, seed=1, board=board)
    assert game.board.country_by_name["Japan"].defense == 7
    assert mc.Game.from_json(game.to_json()).board.country_by_name["Japan"].defense == 7



def test_the_default_board():
    board = mc.load_board()
    assert len(board.industries) == 12 and "Electronics" in board.industries
    assert len(board.companies) == 60
    assert all(len(cos) == 5 for cos in board.companies_of_industry.values())
    country = board.country_by_name
    assert country["Japan"].defense == 4 and country["Great Russia"].force == 2
    assert country["African Federation"].companies == ["Metals", "Solar"]
    assert "Finance" in country["China"].companies
    assert "Aerospace" in country["European Union"].companies and "Aerospace" in country["Japan"].companies
    assert country["China"].government.value != "Democracy"
    assert {c.name for c in board.countries if c.neutral} == {"Switzerland", "L-5", "Asteroid",
                                                              "Open Source Software"}
    assert country["Switzerland"].companies == ["Finance"]
    assert country["L-5"].companies == ["Nanotech"] and country["L-5"].absent_until_card == "L-5"
    assert country["Asteroid"].companies == ["Metals"] and country["Asteroid"].absent_until_card == "Asteroid"
    assert country["Open Source Software"].companies == ["Software"] and country["Open Source Software"].starts_syndicalized
    assert {c.name: c.starts_with for c in board.corps} == {
        "Mokia": "European Union", "Globbo": "Mercosur", "Nonintendo": "Japan", "Lenogo": "China",
        "The Mouse": None, "Windoze": None}
    assert board.random_start_countries == ["ASEAN", "African Federation"]
    assert board.payout_table == [12, 10, 8, 6, 4, 3]
    assert board.deck_size_by_players == {3: 18, 4: 16, 5: 15, 6: 12}
    assert board.starting_cards_by_countries == [2, 1, 0]
    assert (board.starting_money, board.starting_mercenaries, board.company_price,
            board.divestment_compensation, board.mercenary_price) == (40, 1, 4, 4, 1)
    governments = Counter(c.government.value for c in board.countries if not c.neutral)
    assert governments == {"Democracy": 5, "Dictatorship": 3, "Kleptocracy": 3}


def test_the_default_deck():
    deck = mc.load_deck()
    assert len(deck.all_cards) == 21
    assert {c.name: c.copies for c in deck.cards} == {
        "Oversupply": 2, "Shortages": 2, "Clone Soldiers": 1, "Greedy Kleptocrats": 2, "Elections": 2,
        "Vote of No Confidence": 1, "Wikisyndicalism": 1, "L-5": 1, "Asteroid": 1, "Boom": 3,
        "Military Coup": 1, "Revolution": 1, "Corruption Scandal": 1, "General Strike": 1, "Privatization": 1}
    assert {c.name for c in deck.cards if c.timing == "payout"} == {"Oversupply", "Shortages"}


@pytest.mark.parametrize("edit, entry", [
    (lambda b: b.update(mercenary_price=0), "entry mercenary_price"),        # play divided by it
    (lambda b: b.update(payout_table=[12, 10, 8, 6, -4, 3]), "entry payout_table.4"),
    (lambda b: b.update(starting_money=-1), "entry starting_money"),
    (lambda b: b.update(starting_money=10**12), "entry starting_money"),
    (lambda b: b.update(starting_mercenaries=-2), "entry starting_mercenaries"),
    (lambda b: b.update(company_price=10**15), "entry company_price"),
    (lambda b: b.update(divestment_compensation=-4), "entry divestment_compensation"),
    (lambda b: b["countries"][0].update(defense=10**9), "entry countries.0.defense"),
    (lambda b: b["deck_size_by_players"].update({"4": 10**9}), "entry deck_size_by_players.4"),
    (lambda b: b.update(starting_cards_by_countries=[100, 1, 0]), "entry starting_cards_by_countries.0"),
    (lambda b: b.update(name="x" * 10_000), "entry name"),
])
def test_a_board_file_with_numbers_the_rules_cannot_work_with_is_refused(tmp_path, edit, entry):
    """Issue 7, items 8 and 9: a mercenary price of 0 loaded and then play divided by zero; a
    negative payout table or starting money drove money below zero; huge numbers hung the game."""
    path = write(tmp_path, "board.json", board_with(edit))
    with pytest.raises(mc.BadDataFile) as info:
        mc.load_board(path)
    assert entry in str(info.value)


def _card(deck, name):
    return next(c for c in deck["cards"] if c["name"] == name)


@pytest.mark.parametrize("edit, entry", [
    (lambda d: d["cards"][0].update(copies=10**9), "entry cards.0.copies"),
    (lambda d: d["cards"][0].update(copies=1e9), "entry cards.0.copies"),
    (lambda d: _card(d, "Military Coup")["params"].update(government="Monarchy"), "cards.Military Coup: params.government"),
    (lambda d: _card(d, "Oversupply")["params"].update(by="plenty"), "cards.Oversupply: params.by"),
    (lambda d: _card(d, "Oversupply")["params"].update(by=7), "cards.Oversupply: params.by"),
    (lambda d: _card(d, "General Strike")["params"].update(compensation=-4), "cards.General Strike: params.compensation"),
    (lambda d: _card(d, "Boom")["target"].update(kind="none"), "cards.Boom: target"),
    (lambda d: _card(d, "Elections")["target"].update(kind="company"), "cards.Elections: target"),
    (lambda d: _card(d, "Oversupply").update(timing="any_time"), "cards.Oversupply: timing"),
    (lambda d: _card(d, "L-5")["params"].pop("company"), "cards.L-5: params.company"),
    (lambda d: d["cards"].append(dict(_card(d, "Boom"))), "card 'Boom' appears twice"),
])
def test_a_deck_file_with_values_the_rules_cannot_work_with_is_refused(tmp_path, edit, entry):
    """Issue 7, item 9: `copies: 1e9` loaded and hung; card parameters were never checked and
    failed with KeyError or ValueError only when the card was played."""
    path = write(tmp_path, "deck.json", deck_with(edit))
    with pytest.raises(mc.BadDataFile) as info:
        mc.load_deck(path)
    assert entry in str(info.value)


def test_a_board_whose_starting_hands_and_deck_need_more_cards_than_the_deck_has_is_refused(tmp_path):
    """Issue 7, item 9: `starting_cards_by_countries: [100, ...]` raised IndexError while dealing."""
    board = mc.load_board(write(tmp_path, "board.json", board_with(
        lambda b: b.update(starting_cards_by_countries=[9, 1, 0]))))
    with pytest.raises(mc.BadDataFile, match="needs up to .* cards; the deck has 21"):
        mc.load_deck(DATA / "deck.json", board=board)
    with pytest.raises(mc.BadDataFile, match="the deck has 21"):
        mc.new_game(["Mokia", "Globbo", "The Mouse", "Windoze"], seed=1, board=board)


@pytest.mark.parametrize("name", ["board.json", "deck.json"])
def test_a_data_file_that_is_not_utf8_or_too_big_is_refused(tmp_path, name):
    path = tmp_path / name
    path.write_bytes(b'{"name": "\xff\xfe caf\xe9"}')
    load = mc.load_board if name == "board.json" else mc.load_deck
    with pytest.raises(mc.BadDataFile, match="not UTF-8"):
        load(path)
    path.write_text(" " * 3_000_000 + "{}")
    with pytest.raises(mc.BadDataFile, match="too big"):
        load(path)
