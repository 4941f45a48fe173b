"""The bots: legal moves with reasons, decided from the seat's view only, and the heuristic
beating the yardstick."""
from megacorps import tcg
from megacorps.tcg.bots import LEVELS, HeuristicBot, RandomBot, SamplerBot, play_out
from tcgtools import scen


def test_levels_weakest_first():
    assert list(LEVELS) == ["Random", "Heuristic", "Sampler"]


def test_every_decision_is_legal_and_has_a_reason():
    for name, cls in LEVELS.items():
        g = tcg.new_game(["Ana", "Nick"], seed=4, options={"decks": ["gnosts", "corporation"]})
        bots = {x: cls(seed=i) for i, x in enumerate(g.seats)}
        for _ in range(150 if name == "Sampler" else 400):
            if g.is_over:
                break
            seat = g.deciders[0]
            d = bots[seat].decide(g, seat)
            assert d.action in g.legal_actions(seat) and d.reason, (name, d)
            g.apply(d.action)


def test_the_heuristic_bot_decides_the_same_on_hidden_information_twins():
    base = {"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 6}, "hands": {"Ana": ["I1", "I5"]},
            "resources": {"Ana": ["RN1"], "Nick": ["RN1"]},
            "networks": {"Nick": [{"id": "G5", "at": [0, 1], "engaged": True}]}}
    one = scen(dict(base, hands={**base["hands"], "Nick": ["G6", "N2"]}, mains={"Ana": ["I1"], "Nick": ["G1", "G2"]}))
    two = scen(dict(base, hands={**base["hands"], "Nick": ["G13", "G9"]}, mains={"Ana": ["I1"], "Nick": ["G2", "G1"]}))
    # twins: Nick's hand and deck order differ, their sizes (which Ana sees) do not
    assert one.view("Ana") == two.view("Ana")
    for _ in range(30):
        if one.is_over or one.deciders != ["Ana"]:
            break
        for cls in (HeuristicBot, SamplerBot):
            a, b = cls(seed=1).decide(one, "Ana"), cls(seed=1).decide(two, "Ana")
            assert a == b
        one.apply(a.action)
        two.apply(b.action)


def test_the_heuristic_bot_beats_the_random_bot():
    wins = 0
    for seed in range(16):
        g = tcg.new_game(["Ana", "Nick"], seed=seed, options={"decks": ["incarnes", "gnosts"] if seed % 2 else ["gnosts", "corporation"]})
        smart = g.seats[seed % 2]
        play_out(g, {x: HeuristicBot(seed) if x == smart else RandomBot(seed) for x in g.seats})
        wins += g.winners() == [smart]
    assert wins >= 13


def test_the_balance_table_counts_every_game_once():
    from megacorps.tcg.balance import balance
    table = balance(2, "Random")
    assert len(table) == 6 and all(sum(v[:3]) == 2 and v[3] <= v[0] + v[1] for v in table.values())


def test_the_sampler_looks_ahead_in_its_own_buy_phase():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 6}, "hands": {"Ana": ["I1", "I5", "N8"]},
              "resources": {"Ana": ["RN1"], "Nick": ["RN1"]}})
    d = SamplerBot(seed=3).decide(g, "Ana")
    assert d.action in g.legal_actions("Ana") and "look ahead" in d.reason


def test_head_to_head_counts_every_game():
    from megacorps.tcg.ladder import head_to_head
    r = head_to_head(3, "Heuristic", "Random")
    assert r["Heuristic"] + r["Random"] + r["ties"] == 3 and len(r["turns"]) == 3


def test_a_balance_run_shared_by_processes_is_summed_once(tmp_path):
    import csv

    from megacorps.tcg.balance import PAIRS, balance, summary
    files = []
    for start in (0, 1, 0):          # the third file repeats the first one's games
        rows = []
        balance(1, "Random", on_row=rows.append, start=start)
        assert {r["seed"] for r in rows} == {start}
        files.append(tmp_path / f"run{len(files)}.csv")
        with open(files[-1], "w", newline="") as f:
            writer = csv.DictWriter(f, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows(rows)
    table = summary([str(p) for p in files])
    lines = [line for line in table.splitlines() if line.startswith("| ") and "deck A" not in line]
    assert len(lines) == len(PAIRS) and all("| 2 (0–1) |" in line for line in lines)
    assert f"All pairs: {2 * len(PAIRS)} games" in table


def test_the_sampler_bench_times_only_positions_where_the_sampler_looks_ahead():
    from itertools import islice

    from megacorps.tcg.sampler_bench import keywords, positions
    assert keywords("race=0,fast=1") == {"race": 0, "fast": 1} and keywords("") == {}
    seen = 0
    for game, seat in islice(positions(1, every=8), 6):
        d = SamplerBot(seed=seen).decide(game, seat)
        assert d.action in game.legal_actions(seat) and "look ahead" in d.reason
        seen += 1
    assert seen == 6
