"""Every worked example of the notes (megacquire-notes.md, section 4: T2, T4-T18; T1 and T3
are in test_megacquire_data.py) and every example of the rules text, each a named test."""
from __future__ import annotations

import pytest

from megacorps import megacquire as mq
from megacorps.megacquire.mergers import bonuses
from megacorps.megacquire.setup import first_player
from megacorps.megacquire.stock import TRADE_CHOICES

from mqtools import P, P4, frozen, row, rows

SOLON41 = rows("ABC") + ["D-1", "D-2"]          # 41 connected cells in rows A-D


def cell(name: str) -> int:
    return mq.Options().geometry.cell(name)


def refused(game, action, match: str):
    before = frozen(game)
    with pytest.raises(mq.IllegalAction, match=match):
        game.apply(action)
    assert frozen(game) == before


# --- set-up -------------------------------------------------------------------------------

def test_T2_first_player_is_the_tile_closest_to_A1():
    """Notes T2 [L15]: draws B-1, A-13, C-5: the A-13 player starts (row A comes before row B,
    whatever the number), and play runs to their left."""
    first, order = first_player(["P1", "P2", "P3"], {"P1": cell("B-1"), "P2": cell("A-13"), "P3": cell("C-5")})
    assert first == "P2" and order == ["P2", "P3", "P1"]


@pytest.mark.parametrize("seed", range(5))
def test_T2_after_the_opening_draw_the_board_is_empty(seed):
    """Notes T2 [L15-17]: the opening tiles go back; everyone holds 12 tiles and $12,000."""
    game = mq.new_game(P4, seed=seed)
    s = game.state
    assert all(v == -1 for v in s.cells)
    assert all(len(h) == 12 for h in s.hands.values()) and len(s.supply) == 221 - 48
    assert set(s.cash.values()) == {12_000}
    first = min(s.opening, key=s.opening.get)
    assert s.order[0] == first and game.deciders == [first]
    assert s.order == (P4 + P4)[P4.index(first):P4.index(first) + 4]


# --- trading (L45-53) ---------------------------------------------------------------------

def trading_game(cash: int, regal: int = 6) -> mq.Game:
    """Regal has 3 tiles, Solon 41; P1 holds `regal` Regal and `cash`, and has played a tile."""
    game = mq.scenario(P, companies={"Solon": SOLON41, "Regal": row("G", 1, 3)},
                       hands={"P1": ["K-5"]}, holdings={"P1": {"Regal": regal}}, cash={"P1": cash})
    game.apply(mq.PlayTile("P1", "K-5"))
    for _ in range(3):
        game.apply(mq.BuyShare("P1", "Solon"))
    return game


def test_T4_trade_even_the_rules_example():
    """Notes T4 [L51]: Regal at 3 tiles is $500, Solon at 41 tiles $1,000: six Regal trade
    for three Solon, exactly even."""
    game = trading_game(cash=0)
    assert game.legal_actions("P1")[-1] == mq.EndTurn("P1", (("Regal", 6),))
    before = game.state
    game.apply(mq.EndTurn("P1", (("Regal", 6),)))
    s = game.state
    regal, solon = (s.options.company_index[c] for c in ("Regal", "Solon"))
    assert s.holdings["P1"][regal] == 0 and s.holdings["P1"][solon] == 3 and s.cash["P1"] == 0
    assert s.bank[regal] == before.bank[regal] + 6 and s.bank[solon] == before.bank[solon] - 3


def test_T5_trade_with_change():
    """Notes T5 (ruling A9): $1,200 cash, 3 Solon cost $3,000: 4 Regal cover the $1,800
    missing with $200 change; 5 Regal would leave change worth a Regal."""
    game = trading_game(cash=1200)
    assert [a.trade for a in game.legal_actions("P1") if isinstance(a, mq.EndTurn)] == [(("Regal", 4),)]
    refused(game, mq.EndTurn("P1", (("Regal", 5),)), "change would be \\$700")
    refused(game, mq.EndTurn("P1", (("Regal", 3),)), "does not cover")
    refused(game, mq.EndTurn("P1"), "say which certificates")
    game.apply(mq.EndTurn("P1", (("Regal", 4),)))
    assert game.state.cash["P1"] == 200


def test_T5_no_trade_when_the_cash_suffices():
    """Notes T5 [L47]: with $3,000 any trade is refused."""
    game = trading_game(cash=3000)
    refused(game, mq.EndTurn("P1", (("Regal", 1),)), "may trade stock only when short of cash")
    assert [a for a in game.legal_actions("P1") if isinstance(a, mq.EndTurn)] == [mq.EndTurn("P1")]


def test_T5_literal_change_rule_allows_change_equal_to_a_certificate():
    """Ruling A9's alternative: the literal reading lets the change equal one certificate."""
    game = mq.scenario(P, options={"change_rule": "literal"}, companies={"Solon": SOLON41, "Regal": row("G", 1, 3)},
                       hands={"P1": ["K-5"]}, holdings={"P1": {"Regal": 6}}, cash={"P1": 1500})
    game.apply(mq.PlayTile("P1", "K-5"))
    for _ in range(3):
        game.apply(mq.BuyShare("P1", "Solon"))
    trades = [a.trade for a in game.legal_actions("P1") if isinstance(a, mq.EndTurn)]
    assert trades == [(("Regal", 3),), (("Regal", 4),)]  # shortfall $1,500: exact, or $500 change


def test_trade_never_in_the_company_being_bought():
    """Ruling A8: certificates of the company being bought cannot be traded in for it."""
    game = mq.scenario(P, companies={"Solon": SOLON41, "Regal": row("G", 1, 3)}, hands={"P1": ["K-5"]},
                       holdings={"P1": {"Solon": 5}}, cash={"P1": 0})
    game.apply(mq.PlayTile("P1", "K-5"))
    refused(game, mq.BuyShare("P1", "Solon"), "cannot pay")


def test_T6_at_most_six_certificates_a_turn():
    """Notes T6 [L23, L53]: a seventh certificate is refused."""
    game = mq.scenario(P, companies={"Solon": SOLON41}, hands={"P1": ["K-5"]}, cash={"P1": 50_000})
    game.apply(mq.PlayTile("P1", "K-5"))
    for _ in range(6):
        game.apply(mq.BuyShare("P1", "Solon"))
    refused(game, mq.BuyShare("P1", "Solon"), "6 certificates have been obtained")
    assert not any(isinstance(a, mq.BuyShare) for a in game.legal_actions("P1"))


def test_T6_six_obtained_while_trading_in_ten():
    """Notes T6: six Solon ($6,000) for ten Acorn at $600 (a small company of 6 tiles)."""
    game = mq.scenario(P, companies={"Solon": SOLON41, "Acorn": row("G", 1, 6)}, hands={"P1": ["K-5"]},
                       holdings={"P1": {"Acorn": 10}}, cash={"P1": 0})
    game.apply(mq.PlayTile("P1", "K-5"))
    for _ in range(6):
        game.apply(mq.BuyShare("P1", "Solon"))
    game.apply(mq.EndTurn("P1", (("Acorn", 10),)))
    s = game.state
    assert s.holdings["P1"][s.options.company_index["Solon"]] == 6 and s.cash["P1"] == 0


def test_T6_the_founders_free_certificate_does_not_count():
    """Notes T6 and section 2.4: found, take the free certificate, then still buy six."""
    game = mq.scenario(P, loose=["K-4"], hands={"P1": ["K-5"]})
    game.apply(mq.PlayTile("P1", "K-5"))
    game.apply(mq.Found("P1", "Delta"))
    for _ in range(6):
        game.apply(mq.BuyShare("P1", "Delta"))
    game.apply(mq.EndTurn("P1"))
    s = game.state
    delta = s.options.company_index["Delta"]
    assert s.holdings["P1"][delta] == 7 and s.cash["P1"] == 12_000 - 6 * 300 and s.bank[delta] == 18


# --- bonuses (L91-99) ---------------------------------------------------------------------

def test_T7_majority_tie_shares_both_bonuses_rounded_up():
    """Notes T7 [L97]: medium at 2 tiles (bonuses $3,000 / $1,500), P1 = P2 = 4: $2,300 each,
    P3 nothing. Regal at 3 tiles, two tied: $7,500 / 2 -> $3,800 each."""
    assert bonuses({"P1": 4, "P2": 4, "P3": 1}, 3000, 1500) == {"P1": 2300, "P2": 2300}
    assert bonuses({"P1": 2, "P2": 2}, 5000, 2500) == {"P1": 3800, "P2": 3800}


def test_majority_tie_among_three_shares_among_all():
    """Ruling A5: three tied for the most share both bonuses; nobody else is paid."""
    assert bonuses({"P1": 3, "P2": 3, "P3": 3, "P4": 1}, 5000, 2500) == {"P1": 2500, "P2": 2500, "P3": 2500}


def test_T8_minority_tie_rounded_up():
    """Notes T8 (ruling A4): Regal at 3 tiles, P1 = 6, P2 = P3 = 2: P1 $5,000, P2 and P3
    $1,300; a small company of 11-20 tiles, three tied for minority: $1,200 each."""
    assert bonuses({"P1": 6, "P2": 2, "P3": 2}, 5000, 2500) == {"P1": 5000, "P2": 1300, "P3": 1300}
    assert bonuses({"P1": 9, "P2": 1, "P3": 1, "P4": 1}, 7000, 3500) == {"P1": 7000, "P2": 1200, "P3": 1200,
                                                                          "P4": 1200}


def test_T9_sole_holder_takes_both():
    """Notes T9 [L95]: Solon at 8 tiles held by P2 alone: $6,000 + $3,000; nobody holding: none."""
    assert bonuses({"P1": 0, "P2": 3, "P3": 0}, 6000, 3000) == {"P2": 9000}
    assert bonuses({"P1": 0, "P2": 0}, 6000, 3000) == {}


# --- mergers (L78-107) ----------------------------------------------------------------------

def t10_game() -> mq.Game:
    """Delta (medium) 9 tiles on row E, Acorn (small) 5 tiles on row G; F-1 touches both."""
    return mq.scenario(P, companies={"Delta": row("E", 1, 9), "Acorn": row("G", 1, 5)},
                       hands={"P1": ["F-1", "K-5"]},
                       holdings={"P3": {"Acorn": 7}, "P1": {"Acorn": 4}, "P2": {"Acorn": 4}})


def test_T10_two_company_merger():
    """Notes T10 [L80-107]: the larger (9 against 5, the merging tile not counted) survives;
    Acorn's bonuses at 5 tiles: P3 $5,000, P1 and P2 $1,300; P3 decides first, then P1 (the
    merge maker) and P2; no exchange is offered; Delta ends with 15 tiles; only P1 buys."""
    game = t10_game()
    game.apply(mq.PlayTile("P1", "F-1"))
    s = game.state
    assert s.cash == {"P1": 13_300, "P2": 13_300, "P3": 17_000}
    assert game.deciders == ["P3"]
    assert game.view("P2").merger.holders_left == ["P3", "P1", "P2"]
    assert game.legal_actions("P3") == [mq.Dispose("P3", "Acorn", n) for n in range(8)]
    game.apply(mq.Dispose("P3", "Acorn", 5))
    assert game.state.cash["P3"] == 17_000 + 2_500
    assert game.deciders == ["P1"]
    game.apply(mq.Dispose("P1", "Acorn", 0))
    game.apply(mq.Dispose("P2", "Acorn", 4))
    s = game.state
    acorn, delta = s.options.company_index["Acorn"], s.options.company_index["Delta"]
    assert s.sizes[delta] == 15 and s.sizes[acorn] == 0
    assert [s.holdings[p][acorn] for p in P] == [4, 0, 2] and s.bank[acorn] == 25 - 6
    assert game.deciders == ["P1"] and s.phase is mq.Phase.BUY
    assert mq.BuyShare("P1", "Delta") in game.legal_actions("P1")
    assert mq.BuyShare("P1", "Acorn") not in game.legal_actions("P1")  # defunct: not on the board
    assert game.legal_actions("P2") == []


def test_L107_sell_seven_hold_three():
    """[L107]: a holder of ten sells seven and holds three, at the price before the merger."""
    game = mq.scenario(P, companies={"Delta": row("E", 1, 9), "Acorn": row("G", 1, 5)},
                       hands={"P1": ["F-1"]}, holdings={"P2": {"Acorn": 10}})
    game.apply(mq.PlayTile("P1", "F-1"))
    cash = game.state.cash["P2"]
    game.apply(mq.Dispose("P2", "Acorn", 7))
    s = game.state
    assert s.holdings["P2"][s.options.company_index["Acorn"]] == 3 and s.cash["P2"] == cash + 7 * 500


def test_held_defunct_stock_can_be_founded_again_and_is_worth_nothing_at_the_end():
    """L103: held stock waits for the company to be founded again; L115-117 pay only
    companies on the board (section 2.4: defunct stock is worthless at the end)."""
    game = t10_game()
    game.apply(mq.PlayTile("P1", "F-1"))
    for seat in ("P3", "P1", "P2"):
        game.apply(mq.Dispose(seat, "Acorn", 0))
    s = game.state
    assert s.sizes[s.options.company_index["Acorn"]] == 0
    assert mq.Found("P1", "Acorn") not in game.legal_actions("P1")  # not now: no founding tile played


def test_T11_equal_sizes_the_merge_maker_chooses():
    """Notes T11 [L84]: two companies of 7: either may survive, as the merge maker says."""
    for survivor, defunct in (("Delta", "Empire"), ("Empire", "Delta")):
        game = mq.scenario(P, companies={"Delta": row("E", 1, 7), "Empire": row("G", 1, 7)}, hands={"P1": ["F-1"]})
        game.apply(mq.PlayTile("P1", "F-1"))
        assert game.legal_actions("P1") == [mq.ChooseSurvivor("P1", "Delta"), mq.ChooseSurvivor("P1", "Empire")]
        refused(game, mq.ChooseSurvivor("P1", "Regal"), "not one of the largest")
        game.apply(mq.ChooseSurvivor("P1", survivor))
        s = game.state
        assert s.sizes[s.options.company_index[survivor]] == 15
        assert s.sizes[s.options.company_index[defunct]] == 0


T12_A = rows("DE") + row("F", 2, 5)       # 30 tiles: safe
T12_B = row("H", 1, 5) + row("I", 1, 3)   # 8 tiles
T12_C = row("G", 7, 11)                    # 5 tiles


def test_T12_three_way_merger_smallest_defunct_first():
    """Notes T12 [L86]: A (30, safe), B (8), C (5) meet at G-6: A survives, C is settled first
    (bonuses at 5 tiles, then disposition), then B (at 8 tiles); unlike classic Acquire."""
    game = mq.scenario(P, companies={"Frontier": T12_A, "Granite": T12_B, "Harbor": T12_C},
                       hands={"P1": ["G-6"]}, holdings={"P2": {"Harbor": 2}, "P3": {"Granite": 3}})
    game.apply(mq.PlayTile("P1", "G-6"))
    view = game.view(None)
    assert view.merger.survivor == "Frontier" and view.merger.current == "Harbor"
    assert view.merger.defunct_left == ["Granite"]
    assert game.deciders == ["P2"]
    assert game.state.cash["P2"] == 12_000 + 6_000 + 3_000  # Harbor (medium) at 5: both bonuses, sole holder
    game.apply(mq.Dispose("P2", "Harbor", 2))
    assert game.state.cash["P2"] == 12_000 + 9_000 + 2 * 600
    assert game.deciders == ["P3"] and game.view(None).merger.current == "Granite"
    game.apply(mq.Dispose("P3", "Granite", 3))
    assert game.state.cash["P3"] == 12_000 + 10_500 + 3 * 700  # Granite (medium) at 8, sole holder
    s = game.state
    assert s.sizes[s.options.company_index["Frontier"]] == 44


def test_equal_defunct_companies_the_merge_maker_picks_the_order():
    """Ruling A7: two defunct companies of the same size: the merge maker says which goes first."""
    game = mq.scenario(P, companies={"Frontier": T12_A, "Granite": row("H", 1, 5), "Harbor": T12_C},
                       hands={"P1": ["G-6"]}, holdings={"P2": {"Harbor": 1}, "P3": {"Granite": 1}})
    game.apply(mq.PlayTile("P1", "G-6"))
    assert game.legal_actions("P1") == [mq.ChooseDefunct("P1", "Granite"), mq.ChooseDefunct("P1", "Harbor")]
    game.apply(mq.ChooseDefunct("P1", "Granite"))
    assert game.deciders == ["P3"]


# --- safe companies and dead tiles (L71-75) ---------------------------------------------------

SAFE_A = row("A", 1, 13) + row("B", 1, 8)       # 21 tiles
SAFE_B = row("D", 1, 13) + row("E", 1, 12)      # 25 tiles


def test_T13_a_tile_between_two_safe_companies_is_turned_over_even_out_of_turn():
    """Notes T13 [L75]: C-2 touches A (21) and B (25): in P3's hand at the start, it is turned
    face down on its space at once and P3 draws a replacement."""
    game = mq.scenario(P, companies={"Solon": SAFE_A, "Regal": SAFE_B},
                       hands={"P1": ["K-5"], "P2": ["M-5"], "P3": ["C-2", "K-1"]}, supply=["K-9"])
    s = game.state
    assert s.cells[cell("C-2")] == -3 and s.hands["P3"] == [cell("K-1"), cell("K-9")]
    assert "P3 turns C-2 face down" in game.log[-2].text
    assert game.log[-1].for_seat("P3") == "P3 draws K-9" and game.log[-1].for_seat("P1") == "P3 draws a tile"


def test_T13_a_company_becoming_safe_kills_tiles_in_other_hands_at_once():
    """L75 (ruling A2): P1's tile makes B safe; P3's tile between A and B is dead at once, out
    of turn, and replaced; the turnover tile never joins a company."""
    game = mq.scenario(P, companies={"Solon": SAFE_A, "Regal": row("D", 1, 13) + row("E", 1, 7)},
                       hands={"P1": ["E-8", "K-5"], "P3": ["C-2", "K-1"]}, supply=["K-9"])
    assert game.state.cells[cell("C-2")] == -1
    refused(game, mq.PlayTile("P1", "C-2"), "does not hold")
    game.apply(mq.PlayTile("P1", "E-8"))
    s = game.state
    assert s.sizes[s.options.company_index["Regal"]] == 21
    assert s.cells[cell("C-2")] == -3 and cell("C-2") not in s.hands["P3"] and len(s.hands["P3"]) == 2
    assert not game.can_undo("P1")


def test_T13_safe_absorbs_unsafe():
    """Notes T13: A (21) and B (20): a tile touching both is legal; A absorbs B."""
    game = mq.scenario(P, companies={"Solon": SAFE_A, "Regal": row("D", 1, 13) + row("E", 1, 7)},
                       hands={"P1": ["C-2"]})
    game.apply(mq.PlayTile("P1", "C-2"))
    s = game.state
    assert s.sizes[s.options.company_index["Solon"]] == 42 and s.sizes[s.options.company_index["Regal"]] == 0


def test_T13_a_tile_touching_two_safe_and_one_unsafe_is_dead():
    """Notes T13 and ruling A3: A (21), B (25) and C (4) around one cell: dead."""
    game = mq.scenario(P, companies={"Solon": row("A", 1, 13) + row("B", 1, 4) + row("B", 10, 13),
                                     "Regal": row("D", 1, 4) + row("E", 1, 13) + row("F", 1, 8),
                                     "Acorn": row("C", 6, 9)},
                       hands={"P2": ["C-5"]}, supply=["K-9"])
    s = game.state  # C-5 touches B-4 (Solon), D-4 (Regal) and C-6 (Acorn)
    assert s.cells[cell("C-5")] == -3


def test_T13_a_safe_company_is_never_defunct():
    """Notes T13 [L73]: a safe company of 21 merging with a larger unsafe one is impossible (an
    unsafe company has at most 20 tiles), so the safe one always survives."""
    game = mq.scenario(P, companies={"Solon": SAFE_A, "Regal": row("D", 1, 13) + row("E", 1, 7)},
                       hands={"P1": ["C-2"]})
    game.apply(mq.PlayTile("P1", "C-2"))
    assert any("Solon survives; defunct, from the smallest: Regal" in e.text for e in game.log)


# --- no tile to play, founding (L63-67) --------------------------------------------------------

FOURTEEN = {name: row(r, c, c + 1) for name, (r, c) in zip(
    mq.Options().company_names,
    [("A", 1), ("A", 4), ("A", 7), ("A", 10), ("C", 1), ("C", 4), ("C", 7), ("C", 10),
     ("E", 1), ("E", 4), ("E", 7), ("E", 10), ("G", 1), ("G", 4)])}
LOOSE8 = ["K-1", "K-4", "K-7", "K-10", "M-1", "M-4", "M-7", "M-10"]
FOUNDERS = ["K-2", "K-5", "K-8", "K-11", "M-2", "M-5", "M-8", "M-11", "L-1", "L-4", "L-7", "L-10"]


def test_T14_no_company_left_to_found_no_tile_played_none_drawn():
    """Notes T14 [L63]: every company on the board, every tile in hand would found one: no tile
    is played, none drawn, the hand stays 12, and the player may still buy."""
    game = mq.scenario(P, companies=FOURTEEN, loose=LOOSE8, hands={"P1": FOUNDERS})
    assert game.legal_actions("P1") == [mq.NoPlay("P1"), mq.ProposeEnd("P1")]
    refused(game, mq.PlayTile("P1", "K-2"), "every company is already on the board")
    supply = len(game.state.supply)
    game.apply(mq.NoPlay("P1"))
    assert game.state.phase is mq.Phase.BUY and mq.BuyShare("P1", "Solon") in game.legal_actions("P1")
    game.apply(mq.EndTurn("P1"))
    assert len(game.state.hands["P1"]) == 12 and len(game.state.supply) == supply


def test_T14_a_playable_tile_must_be_played():
    """Notes T14: with one playable tile in hand, that tile must be played."""
    game = mq.scenario(P, companies=FOURTEEN, loose=LOOSE8, hands={"P1": FOUNDERS[:11] + ["P-5"]})
    refused(game, mq.NoPlay("P1"), "must play a tile: P-5")
    assert [a for a in game.legal_actions("P1") if not isinstance(a, mq.ProposeEnd)] == [mq.PlayTile("P1", "P-5")]


@pytest.mark.parametrize("loose,price", [(["K-1"], 200), (["K-1", "K-3"], 300)])
def test_T15_founding_when_the_bank_is_empty(loose, price):
    """Notes T15 [L67] (ruling A14): players hold all 25 Acorn: founding Acorn with 2 tiles pays
    $200 instead of the certificate, with 3 tiles $300."""
    game = mq.scenario(P, loose=loose, hands={"P1": ["K-2"]}, holdings={"P2": {"Acorn": 20}, "P3": {"Acorn": 5}})
    game.apply(mq.PlayTile("P1", "K-2"))
    game.apply(mq.Found("P1", "Acorn"))
    s = game.state
    assert s.cash["P1"] == 12_000 + price and s.holdings["P1"][s.options.company_index["Acorn"]] == 0
    assert s.sizes[s.options.company_index["Acorn"]] == len(loose) + 1


def test_founding_gives_a_free_certificate_and_takes_in_every_connected_loose_tile():
    """L65 and section 2.4: the founding tile joins every unincorporated tile it touches."""
    game = mq.scenario(P, loose=["K-3", "J-1", "L-1"], hands={"P1": ["K-2"]})
    game.apply(mq.PlayTile("P1", "K-2"))
    assert game.legal_actions("P1") == [mq.Found("P1", n) for n in mq.Options().company_names]
    game.apply(mq.Found("P1", "Regal"))
    s = game.state
    regal = s.options.company_index["Regal"]
    assert s.sizes[regal] == 4 and s.holdings["P1"][regal] == 1 and s.bank[regal] == 24


def test_growth_takes_in_loose_tiles():
    """Ruling A12: a tile that grows a company also takes in the loose tiles it touches."""
    game = mq.scenario(P, companies={"Delta": row("E", 1, 3)}, loose=["E-6"], hands={"P1": ["E-5", "E-4"]})
    game.apply(mq.PlayTile("P1", "E-4"))
    s = game.state
    assert s.sizes[s.options.company_index["Delta"]] == 4
    game.apply(mq.EndTurn("P1"))


# --- the end (L109-119) ---------------------------------------------------------------------------

def test_T16_early_end_by_agreement_finishes_the_round():
    """Notes T16 [L113]: order P2, P3, P4, P1; agreed during P3's turn, P4 and P1 still play
    and the game ends after P1's; bonuses for every company on the board, all its stock sold,
    held defunct stock worthless, the most cash wins."""
    game = mq.scenario(P4, order=["P2", "P3", "P4", "P1"], turn="P3",
                       companies={"Delta": row("E", 1, 9)},
                       hands={p: [t] for p, t in zip(P4, ["K-1", "K-5", "K-9", "M-3"])},
                       holdings={"P1": {"Delta": 4, "Acorn": 9}, "P2": {"Delta": 2}, "P4": {"Delta": 2}})
    game.apply(mq.ProposeEnd("P3"))
    assert game.deciders == ["P4"]
    refused(game, mq.ProposeEnd("P4"), "must vote")
    for seat in ("P4", "P1", "P2"):
        game.apply(mq.Vote(seat, True))
    for seat, tile in (("P3", "K-9"), ("P4", "M-3"), ("P1", "K-1")):
        assert game.deciders == [seat] and not game.is_over
        game.apply(mq.PlayTile(seat, tile))
        game.apply(mq.EndTurn(seat))
    assert game.is_over and "by agreement" in game.state.end_reason
    # Delta (medium) 9 tiles: $700 a certificate, bonuses $7,000 / $3,500 shared by P2 and P4
    assert game.scores() == {"P1": 12_000 + 7_000 + 4 * 700, "P2": 12_000 + 1_800 + 2 * 700,
                             "P3": 12_000, "P4": 12_000 + 1_800 + 2 * 700}
    assert game.winners() == ["P1"]


def test_early_end_refused_by_one_goes_on():
    game = mq.scenario(P, hands={"P1": ["K-1"]})
    game.apply(mq.ProposeEnd("P1"))
    game.apply(mq.Vote("P2", True))
    game.apply(mq.Vote("P3", False))
    assert game.deciders == ["P1"] and mq.ProposeEnd("P1") not in game.legal_actions("P1")
    assert not game.state.end_agreed


def test_shared_victory_on_equal_cash():
    """Section 2.4: a tie for the most cash shares the victory."""
    game = mq.scenario(P, options={"last_round": 1}, hands={"P1": ["K-1"], "P2": ["K-5"], "P3": ["K-9"]})
    for seat, tile in zip(P, ["K-1", "K-5", "K-9"]):
        game.apply(mq.PlayTile(seat, tile))
        game.apply(mq.EndTurn(seat))
    assert game.is_over and game.winners() == P and "time limit" in game.state.end_reason


SMALL = {"board": {"rows": 5, "columns": 13, "offset": "odd-r"}, "hand_size": 2}
GAP = [f"{r}-6" for r in "ABCDE"]


def test_T17_the_game_ends_when_every_disputed_border_is_settled():
    """Notes T17 (ruling A1) on a 13 x 5 board: Solon (columns 1-5 but A-1 and B-1) and Regal
    (columns 7-13), both safe, with column 6 between. While a gap cell is empty the game goes
    on; once each holds a turnover tile, it ends: A-1 and B-1 join Solon, the turnover tiles
    count for nobody, then bonuses and the sale at the new sizes."""
    solon = [f"{r}-{c}" for r in "ABCDE" for c in range(1, 6) if (r, c) not in (("A", 1), ("B", 1))]
    regal = [f"{r}-{c}" for r in "ABCDE" for c in range(7, 14)]
    game = mq.scenario(P, options=SMALL, companies={"Solon": solon, "Regal": regal},
                       hands={"P1": ["A-1"], "P2": [], "P3": []}, supply=GAP + ["B-1"],
                       holdings={"P1": {"Solon": 3}, "P2": {"Regal": 2}})
    assert not game.is_over and all(game.state.cells[cell(c)] == -1 for c in GAP)
    game.apply(mq.PlayTile("P1", "A-1"))
    game.apply(mq.EndTurn("P1"))      # draws B-1 (playable), the game goes on: the gap is empty
    assert not game.is_over
    game.apply(mq.NoPlay("P2"))
    game.apply(mq.EndTurn("P2"))
    game.apply(mq.NoPlay("P3"))
    game.apply(mq.EndTurn("P3"))
    game.apply(mq.PlayTile("P1", "B-1"))
    game.apply(mq.EndTurn("P1"))      # draws gap tiles: each dead, turned over, replaced
    s = game.state
    assert game.is_over and "disputed border" in s.end_reason
    assert all(s.cells[cell(c)] == -3 for c in GAP)
    assert s.sizes[s.options.company_index["Solon"]] == 25 and s.sizes[s.options.company_index["Regal"]] == 35
    # Solon (small) 25: $800, sole holder P1 $8,000 + $4,000; Regal (large) 35: $1,100, P2 $11,000 + $5,500
    assert game.scores() == {"P1": 12_000 + 12_000 + 3 * 800, "P2": 12_000 + 16_500 + 2 * 1_100, "P3": 12_000}


def test_T17_remaining_tiles_fill_their_region():
    """Ruling A1: remaining tiles of a region touching one company join it at the end."""
    solon = [f"{r}-{c}" for r in "ABCDE" for c in range(1, 6) if (r, c) not in (("A", 1), ("B", 1))]
    regal = [f"{r}-{c}" for r in "ABCDE" for c in range(7, 14)]
    game = mq.scenario(P, options=SMALL, companies={"Solon": solon, "Regal": regal}, dead=GAP,
                       hands={"P1": ["A-1"], "P2": ["B-1"], "P3": []}, supply=[])
    game.apply(mq.ProposeEnd("P1"))
    game.apply(mq.Vote("P2", False))
    assert not game.is_over  # the border check comes at the end of a turn
    game.apply(mq.PlayTile("P1", "A-1"))
    game.apply(mq.EndTurn("P1"))
    s = game.state
    assert game.is_over and s.sizes[s.options.company_index["Solon"]] == 25 and not s.hands["P2"]


# --- disclosure (L35-43) ------------------------------------------------------------------------

@pytest.mark.parametrize("method,bank,others,cash", [(1, False, False, False), (2, True, False, False),
                                                     (3, False, True, False), (4, True, True, True)])
def test_T18_disclosure_views(method, bank, others, cash):
    """Notes T18 [L35-43] (ruling A11): what another player's holdings, the bank's certificates
    and cash look like in each method; a merger reveals every holding in the defunct company."""
    game = mq.scenario(P, options={"disclosure": method}, companies={"Delta": row("E", 1, 9), "Acorn": row("G", 1, 5)},
                       hands={"P1": ["F-1"]}, holdings={"P1": {"Delta": 2}, "P2": {"Acorn": 3, "Delta": 1}})
    view = game.view("P1")
    assert view.holdings["P1"] == {"Delta": 2}
    assert ("P2" in view.holdings) is others
    assert (view.companies[0].bank is not None) is bank
    assert set(view.cash) == ({"P1", "P2", "P3"} if cash else {"P1"})
    game.apply(mq.PlayTile("P1", "F-1"))
    view = game.view("P3")
    assert view.merger.revealed == {"P1": 0, "P2": 3, "P3": 0}


def test_millions_of_valid_trade_ins_are_listed_in_part_and_any_is_accepted():
    """A player holding 12 of each of eight cheap companies, short $7,200: millions of trade-ins
    are valid (A9); the list holds some, single companies first, and any valid one is accepted."""
    spots = [("F", 1), ("F", 5), ("F", 9), ("H", 1), ("H", 5), ("H", 9), ("J", 1), ("J", 5)]
    cheap = ["Acorn", "Bayside", "Cardinal", "Solon", "Delta", "Empire", "Frontier", "Granite"]
    companies = {"Regal": SOLON41, **{c: row(r, k, k + 1) for c, (r, k) in zip(cheap, spots)}}
    game = mq.scenario(P, companies=companies, hands={"P1": ["Q-9"]}, holdings={"P1": {c: 12 for c in cheap}},
                       cash={"P1": 0})
    game.apply(mq.PlayTile("P1", "Q-9"))
    for _ in range(6):
        game.apply(mq.BuyShare("P1", "Regal"))          # $7,200, no cash
    trades = [a.trade for a in game.legal_actions("P1") if isinstance(a, mq.EndTurn)]
    assert len(trades) == TRADE_CHOICES and len(set(trades)) == TRADE_CHOICES
    for trade in trades[:5]:
        assert game.preview(mq.EndTurn("P1", trade))
    unlisted = (("Acorn", 6), ("Bayside", 6), ("Cardinal", 6), ("Delta", 4), ("Empire", 4), ("Frontier", 4))
    assert unlisted not in trades
    refused(game, mq.EndTurn("P1", unlisted[:-1] + (("Frontier", 5),)), "change would be \\$300")
    game.apply(mq.EndTurn("P1", unlisted))              # 3 x 6 x $200 + 3 x 4 x $300 = $7,200
    s = game.state
    assert s.cash["P1"] == 0 and s.holdings["P1"][s.options.company_index["Regal"]] == 6


def test_a_single_company_trade_in_is_listed_first():
    game = trading_game(cash=0)
    assert [a.trade for a in game.legal_actions("P1") if isinstance(a, mq.EndTurn)][0] == (("Regal", 6),)


def test_when_every_certificate_is_needed_the_one_trade_in_is_found():
    """Ruling A9 at its edge: twelve companies, two certificates each, worth exactly the $6,800
    missing: the only valid trade-in gives up all of them."""
    names = ["Acorn", "Bayside", "Cardinal", "Solon", "Delta", "Empire", "Frontier", "Granite", "Harbor",
             "Summit", "Monarch", "Pinnacle"]
    spots = [(r, k) for r in "FHJL" for k in (1, 5, 9)]
    companies = {"Regal": SOLON41, **{c: row(r, k, k + 1) for c, (r, k) in zip(names, spots)}}
    game = mq.scenario(P, companies=companies, hands={"P1": ["Q-9"]}, holdings={"P1": {c: 2 for c in names}},
                       cash={"P1": 400})
    game.apply(mq.PlayTile("P1", "Q-9"))
    for _ in range(6):
        game.apply(mq.BuyShare("P1", "Regal"))
    ends = [a for a in game.legal_actions("P1") if isinstance(a, mq.EndTurn)]
    assert ends == [mq.EndTurn("P1", tuple((c, 2) for c in sorted(names)))]
