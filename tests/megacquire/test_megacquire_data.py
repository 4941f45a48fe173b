"""The data files (board, companies, price and bonus chart): the defaults are reconstructions
labelled as such, a player's own file replaces them, and a bad file names its bad entry."""
from __future__ import annotations

import json

import pytest

from megacorps import megacquire as mq
from megacorps.errors import BadDataFile
from megacorps.megacquire.board import Geometry

DATA = ["board", "companies", "chart"]


def default_json(name: str) -> dict:
    from importlib import resources
    return json.loads(resources.files("megacorps.megacquire").joinpath("data", f"{name}.json").read_text())


def write(tmp_path, data, name="mine.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data) if not isinstance(data, str) else data)
    return path


def test_defaults_are_labelled_reconstructions():
    options = mq.Options()
    assert options.reconstructed == ["board", "companies", "price and bonus chart"]
    assert "reconstructed" in options.describe()
    for name in DATA:
        assert default_json(name)["reconstructed"] is True
        assert "Reconstruction" in default_json(name)["note"]
    view = mq.new_game(["Ada", "Bo", "Cy"], seed=1).view("Ada")
    assert view.reconstructed == ["board", "companies", "price and bonus chart"]


def test_default_board_companies_and_tiers():
    """Notes 2.2-2.3: 13 x 17 = 221 cells; 14 companies, 4 small / 6 medium / 4 large; the
    chart forces Regal to be large and Solon small."""
    options = mq.Options()
    assert len(options.geometry) == 221
    assert options.geometry.names[0] == "A-1" and options.geometry.names[-1] == "Q-13"
    tiers = dict(zip(options.company_names, options.tiers))
    assert len(tiers) == 14
    assert sorted(tiers.values()).count("small") == 4 and list(tiers.values()).count("medium") == 6
    assert list(tiers.values()).count("large") == 4
    assert tiers["Regal"] == "large" and tiers["Solon"] == "small"


@pytest.mark.parametrize("company,size,price", [
    ("Regal", 3, 500), ("Solon", 41, 1000),           # the rules' trading example (L51)
    ("Solon", 2, 200), ("Solon", 10, 600), ("Solon", 11, 700), ("Solon", 20, 700), ("Solon", 21, 800),
    ("Solon", 60, 1000), ("Delta", 2, 300), ("Delta", 21, 900), ("Regal", 41, 1200),
])
def test_T3_prices(company, size, price):
    """Notes T3 (source L51 and the reconstructed chart)."""
    options = mq.Options()
    assert options.prices[options.company_index[company]][size] == price


def test_T3_bonuses_of_a_large_company_at_three_tiles():
    options = mq.Options()
    regal = options.company_index["Regal"]
    assert (options.majority_bonus[regal][3], options.minority_bonus[regal][3]) == (5000, 2500)


def test_T1_hex_neighbours():
    """Notes T1: odd rows shifted right (odd-r), on the 13 x 17 board."""
    g = mq.Options().geometry

    def around(name):
        return {g.names[n] for n in g.neighbours[g.cell(name)]}

    assert around("A-1") == {"A-2", "B-1"}
    assert around("B-1") == {"B-2", "A-1", "A-2", "C-1", "C-2"}
    assert around("C-7") == {"C-6", "C-8", "B-6", "B-7", "D-6", "D-7"}
    assert around("D-13") == {"D-12", "C-13", "E-13"}
    for i, near in enumerate(g.neighbours):
        r, c = g.coords[i]
        if 0 < r < 16 and 1 < c < 13:
            assert len(near) == 6
        for n in near:
            assert i in g.neighbours[n]


def test_even_r_offset_mirrors_the_shift():
    board = mq.BoardData(rows=5, columns=13, offset="even-r")
    g = Geometry(board)
    assert {g.names[n] for n in g.neighbours[g.cell("B-2")]} == {"B-1", "B-3", "A-1", "A-2", "C-1", "C-2"}


def test_a_players_own_files_replace_the_defaults(tmp_path):
    board = dict(default_json("board"), rows=5, reconstructed=False, note="my board", holes=["E-13"])
    companies = {"reconstructed": False, "companies": [
        {"name": "Regal", "tier": "large"}, {"name": "Solon", "tier": "small"}, {"name": "Tower", "tier": "medium"}]}
    chart = default_json("chart")
    chart["reconstructed"] = False
    options = {"board": mq.load_board(write(tmp_path, board, "b.json")),
               "companies": mq.load_companies(write(tmp_path, companies, "c.json")),
               "chart": mq.load_chart(write(tmp_path, chart, "p.json"))}
    game = mq.new_game(["Ada", "Bo", "Cy"], seed=3, options=options)
    view = game.view("Ada")
    assert len(view.board) == 64 and "E-13" not in view.cell_names
    assert [c.name for c in view.companies] == ["Regal", "Solon", "Tower"]
    assert view.reconstructed == []


@pytest.mark.parametrize("loader,data,where", [
    ("board", {"rows": 0, "columns": 13, "offset": "odd-r"}, "entry rows"),
    ("board", {"rows": 27, "columns": 13, "offset": "odd-r"}, "entry rows"),
    ("board", {"rows": 5, "columns": 13, "offset": "sideways"}, "entry offset"),
    ("board", {"rows": 5, "columns": 13, "offset": "odd-r", "holes": ["A-1", "Z-9"]}, "holes[1]"),
    ("board", {"rows": 5, "columns": 13, "offset": "odd-r", "colour": "red"}, "entry colour"),
    ("companies", {"companies": [{"name": "Regal", "tier": "large"}, {"name": "regal", "tier": "small"}]},
     "companies[1]"),
    ("companies", {"companies": [{"name": "", "tier": "large"}]}, "entry companies.0.name"),
    ("companies", {"companies": []}, "entry companies"),
])
def test_bad_board_or_company_file_names_the_entry(tmp_path, loader, data, where):
    load = {"board": mq.load_board, "companies": mq.load_companies}[loader]
    with pytest.raises(BadDataFile) as err:
        load(write(tmp_path, data))
    assert where in str(err.value) and "mine.json" in str(err.value)


def test_chart_with_a_gap_names_the_row(tmp_path):
    chart = default_json("chart")
    chart["rows"][5]["sizes"]["small"] = [12, 20]      # 11 is missing
    with pytest.raises(BadDataFile, match=r"rows\[5\]\.sizes\.small: starts at 12"):
        mq.load_chart(write(tmp_path, chart))


def test_chart_without_an_open_end_names_the_tier(tmp_path):
    chart = default_json("chart")
    chart["rows"][10]["sizes"]["large"] = [41, 50]
    with pytest.raises(BadDataFile, match=r"tiers\[2\]: the large sizes stop at 50"):
        mq.load_chart(write(tmp_path, chart))


def test_chart_with_an_unknown_type_names_the_row(tmp_path):
    chart = default_json("chart")
    chart["rows"][0]["sizes"]["huge"] = [2, 2]
    with pytest.raises(BadDataFile, match=r"rows\[0\]\.sizes\.huge: not a company type"):
        mq.load_chart(write(tmp_path, chart))


def test_a_company_whose_type_is_not_on_the_chart_names_the_company():
    companies = mq.CompaniesData(companies=[{"name": "Regal", "tier": "large"}, {"name": "Odd", "tier": "giant"}])
    with pytest.raises(BadDataFile, match=r"companies\[1\]\.tier: Odd's type 'giant'"):
        mq.new_game(["Ada", "Bo", "Cy"], seed=1, options={"companies": companies})


def test_a_bad_file_given_as_a_dict_in_the_options_names_the_entry():
    with pytest.raises(BadDataFile, match=r"board data: entry board\.rows"):
        mq.new_game(["Ada", "Bo", "Cy"], options={"board": {"rows": 99, "columns": 13, "offset": "odd-r"}})


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    ('{"rows": 5, "rows": 6, "columns": 13, "offset": "odd-r"}', "appears twice"),
    ("[" * 150_000 + "]" * 150_000, "too big"),
    ("[" * 20_000 + "]" * 20_000, "nested too deeply"),
])
def test_unreadable_files_are_refused_with_the_reason(tmp_path, content, message):
    with pytest.raises(BadDataFile, match=message):
        mq.load_board(write(tmp_path, content))


def test_a_missing_file_is_refused(tmp_path):
    with pytest.raises(BadDataFile, match="cannot be read"):
        mq.load_chart(tmp_path / "nowhere.json")


def test_a_board_too_small_for_the_hands_is_refused():
    with pytest.raises(ValueError, match="do not fit a board"):
        mq.new_game(["Ada", "Bo", "Cy"], options={"board": mq.BoardData(rows=2, columns=13, offset="odd-r")})
