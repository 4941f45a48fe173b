"""The MEGAcquire page's features on the kit's shell, driven headlessly as a player clicks:
since-your-last-turn, a rules link on every log line, the end screen with where each player's
money came from, the disclosure method behind the hot-seat gate, the trade-when-short form,
undo and save/load keeping the marks."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from megacorps import megacquire as mq
from mqtools import P, choices, flat, row, started, step
from widgets.megacquire.app import HUMAN, App
from widgets.megacquire.rules_help import rules_help


def test_since_your_last_turn_shows_what_happened_since_as_the_seat_reads_it():
    app = started([HUMAN, "Random", "Random"], seed=5)
    app.gate_button.click()
    assert "Since the start, Ada" in app.since.value   # before her first move: the set-up lines
    assert escape(app.game.log[0].for_seat("Ada")) in app.since.value
    # Ada plays a whole turn, then the bots play theirs (at once: no pause), and it is Ada's turn again
    while not any(isinstance(a, mq.EndTurn) and a.seat == "Ada" for a in app.game.actions):
        step(app)
    assert app.decider() == "Ada" and not app.gated()
    mark = app.seen["Ada"]
    log = app.game.log
    assert mark < len(log)
    since = app.since.value
    assert "Since your last turn, Ada" in since and app.since.layout.display is None
    for entry in log[mark:]:
        assert escape(entry.for_seat("Ada")) in since
    # Ada's own last line (her draw, told only to her) came before the mark: not repeated
    own = log[mark - 1].for_seat("Ada")
    assert own.startswith("Ada") and escape(own) not in since
    # another player's secret (the tile Bo drew) is never in it
    assert not any(e.secret and "Bo" in e.secret and escape(e.secret["Bo"]) in since for e in log)


def test_since_your_last_turn_stays_behind_the_gate_and_survives_save_and_load():
    app = started([HUMAN, HUMAN, "Random"], seed=11)
    for _ in range(40):
        if app.gated():
            assert app.since.value == "" and app.since.layout.display == "none"
        if app.gated() and app.seen.get(app.human_to_decide()):
            break
        step(app)
    waiting = app.human_to_decide()
    assert app.gated() and app.seen.get(waiting)
    _, data = app.save_file()
    other = App(pause=0)
    other.load_bytes(data)
    assert other.seen == app.seen
    other.gate_button.click()
    assert "Since your last turn, " + waiting in other.since.value


def test_a_whole_game_ends_on_where_each_players_money_came_from_with_a_rules_link_on_every_line():
    app = started([HUMAN, "Tycoon", "Tycoon"], seed=4)
    for _ in range(3000):
        if app.game.is_over:
            break
        step(app)
    game = app.game
    assert game.is_over
    # the end screen: every player's cash, and where it came from (adding up to it)
    sources = game.score_sources()
    results = app.results.value
    assert "Where each player's cash came from" in results
    for seat, cash in game.scores().items():
        assert sum(sources[seat].values()) == cash
        assert f"<b>${cash:,}</b>" in results
        assert sources[seat]["starting cash"] == game.options.starting_cash
    for kind in ("starting cash", "bonuses", "sales in mergers", "final sale", "stock bought"):
        assert any(s[kind] for s in sources.values())   # a whole game of Tycoons has them all
        assert f"<th>{escape(kind)}</th>" in results
    # the log: every rule it cites has its section in the rules help, and every line shown its link
    help_ = rules_help()
    keys = {s.key for s in help_.sections}
    for entry in game.log:
        assert help_.section_for(entry.rule) in keys, entry.rule
    shown = app.log_box.value.count("class='shell-log-entry'")   # each line, a bot's reason inside it
    assert shown and app.log_box.value.count("class='shell-rule-link'") == shown
    for key in keys:   # each opens in the rules viewer, where a log line's link points
        app.rules_view.open(key)
        assert f"id='shell-rule-{key}'" in app.rules_box.value


def test_money_sources_of_a_set_merger_are_the_bonuses_and_the_sale():
    game = mq.scenario(P, companies={"Regal": row("A", 1, 4), "Solon": row("A", 6, 8)},
                       hands={"P1": ["A-5", "Q-13"]}, holdings={"P1": {"Solon": 4}, "P2": {"Solon": 2}}, turn="P1")
    game.apply(mq.PlayTile("P1", "A-5"))
    o = game.options
    c = o.company_index["Solon"]
    game.apply(mq.Dispose("P1", "Solon", 3))
    sources = game.score_sources()
    assert sources["P1"]["bonuses"] == o.majority_bonus[c][3]
    assert sources["P2"]["bonuses"] == o.minority_bonus[c][3]
    assert sources["P1"]["sales in mergers"] == 3 * o.prices[c][3]
    assert all(sum(sources[p].values()) == game.scores()[p] for p in P)
    game.undo("P1")   # undone, the sale is gone from the sources too
    assert game.score_sources()["P1"]["sales in mergers"] == 0


def players_cells(app: App) -> str:
    return app.players_box.value


def test_disclosure_one_hides_the_others_holdings_and_cash_and_the_gate_hides_ones_own():
    app = started([HUMAN, HUMAN, "Random"], seed=3, disclosure=1)
    assert app.game.options.disclosure == 1
    for _ in range(400):   # until someone holds stock
        if any(any(h) for h in app.game.state.holdings.values()) and app.gated():
            break
        step(app)
    waiting = app.human_to_decide()
    state = app.game.state
    # behind the gate: nobody's holdings or cash
    assert players_cells(app).count("hidden") == 2 * len(app.game.seats)
    app.gate_button.click()
    table = players_cells(app)
    held = [f"{n} {app.game.options.company_names[c]}" for c, n in enumerate(state.holdings[waiting]) if n]
    for text in held:
        assert text in table
    assert f"${state.cash[waiting]:,}" in table
    assert table.count("hidden") == 2 * (len(app.game.seats) - 1)
    assert "Bank:" not in table


def test_disclosure_three_shows_holdings_to_all_but_not_cash():
    app = started([HUMAN, "Random", "Random"], seed=3, disclosure=3)
    for _ in range(400):
        if sum(sum(h) for p, h in app.game.state.holdings.items() if p != "Ada") and not app.gated():
            break
        step(app)
    table = players_cells(app)
    state = app.game.state
    for seat in ("Bo", "Cy"):
        for c, n in enumerate(state.holdings[seat]):
            if n:
                assert f"{n} {app.game.options.company_names[c]}" in table
    assert table.count("hidden") == 2   # Bo's and Cy's cash


def short_of_cash() -> App:
    game = mq.scenario(P, companies={"Regal": row("A", 1, 4), "Solon": row("C", 1, 3)},
                       hands={"P1": ["Q-13"]}, holdings={"P1": {"Regal": 3}}, cash={"P1": 100}, turn="P1")
    app = App(pause=0)
    app.start(game, {"P1": HUMAN, "P2": "Random", "P3": "Random"})
    app.gate_button.click()
    next(b for b in choices(app) if b.description == "Q-13").click()
    next(b for b in choices(app) if b.description.startswith("Buy Solon")).click()
    assert app.error.value == ""
    return app


def test_the_trade_when_short_form_pays_with_certificates_and_says_the_change():
    app = short_of_cash()
    forms = [w for w in flat(app.decision) if isinstance(w, W.BoundedIntText) and "mq-trade-count" in w._dom_classes]
    assert [f.description.split(" ")[0] for f in forms] == ["Regal"] and forms[0].max == 3
    o = app.game.options
    regal = o.prices[o.company_index["Regal"]][4]
    solon = o.prices[o.company_index["Solon"]][3]
    short = solon - 100
    head = next(w for w in flat(app.decision) if isinstance(w, W.HTML) and "mq-trade-head" in w.value)
    assert f"short by <b>${short:,}</b>" in head.value
    need = -(-short // regal)
    assert forms[0].value == need   # filled in with the first valid trade-in
    summary = next(w for w in flat(app.decision) if isinstance(w, W.HTML) and "mq-trade-summary" in w._dom_classes)
    assert f"the change is <b>${need * regal - short:,}</b>" in summary.value
    confirm = next(b for b in choices(app) if "mq-trade-confirm" in b._dom_classes)
    confirm.click()
    assert app.error.value == ""
    assert mq.EndTurn("P1", (("Regal", need),)) in app.game.actions   # (the bots played on since)
    assert any(e.text.endswith(f"getting ${need * regal - short:,} change") for e in app.game.log)
    sources = app.game.score_sources()["P1"]
    assert sources["stock traded in"] == need * regal and sources["stock bought"] == -solon


def test_a_trade_that_does_not_cover_the_purchase_is_refused_and_changes_nothing():
    app = short_of_cash()
    before = app.game.to_json("*")
    count = next(w for w in flat(app.decision) if isinstance(w, W.BoundedIntText))
    count.value = 0
    summary = next(w for w in flat(app.decision) if isinstance(w, W.HTML) and "mq-trade-summary" in w._dom_classes)
    assert "still missing" in summary.value
    next(b for b in choices(app) if "mq-trade-confirm" in b._dom_classes).click()
    assert "Not allowed" in app.error.value and "trade in" in app.error.value
    assert app.game.to_json("*") == before


def test_undo_takes_back_a_purchase():
    app = short_of_cash()
    before = len(app.game.actions)
    assert not app.undo_button.disabled
    app.undo_button.click()
    assert len(app.game.actions) == before - 1 and "Taken back: P1 buys a Solon certificate" in app.info.value
    # with nothing bought, the turn ends with a plain button again, no trade form
    assert not [w for w in flat(app.decision) if isinstance(w, W.BoundedIntText)]
    assert any(b.description == "End the turn" for b in choices(app))


def test_undo_of_a_sale_takes_back_its_since_mark():
    game = mq.scenario(P, companies={"Regal": row("A", 1, 4), "Solon": row("A", 6, 8)},
                       hands={"P1": ["A-5", "Q-13"]}, holdings={"P1": {"Solon": 4}}, turn="P1")
    app = App(pause=0)
    app.start(game, {"P1": HUMAN, "P2": HUMAN, "P3": HUMAN})
    app.gate_button.click()
    next(b for b in choices(app) if b.description == "A-5").click()
    after_play = app.seen["P1"]
    next(b for b in choices(app) if b.description == "Confirm").click()   # holds all 4
    assert app.seen["P1"] > after_play
    app.undo_button.click()
    assert app.error.value == "" and app.seen["P1"] == after_play


def test_the_boards_title_names_the_round_and_the_reconstructed_data_in_a_line_that_fits():
    app = started([HUMAN, "Random", "Random"], seed=5)
    title = app.figure.layout.title.text
    assert title.startswith("Round 1") and "reconstructed" in title
    assert all(name in title for name in app.game.view(None).reconstructed)
    assert len(title) < 100   # about 560 px at 12 px: the board is 640 px wide


def test_bots_reasons_stay_off_the_screen_while_the_disclosure_method_hides_holdings():
    # a Tycoon's reason names the certificates it holds and the bonuses a merger paid it: under
    # disclosure 1 the hot-seat page showed them to everyone at the screen
    hidden = started([HUMAN, "Tycoon", "Tycoon"], seed=5, disclosure=1)
    open_ = started([HUMAN, "Tycoon", "Tycoon"], seed=5, disclosure=4)
    for app in (hidden, open_):
        while not any(a.seat != "Ada" for a in app.game.actions) or app.gated():
            step(app)
        assert app.reasons, "the bots gave reasons"
    assert "reason:" not in hidden.log_box.value
    assert "reason:" in open_.log_box.value
    # once the game is over every reason may be read (the holdings are then public)
    assert hidden.spec.table_parts.reason_is_public(hidden.game, 0) is False
