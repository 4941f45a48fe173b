"""The MEGAcquire page driven headlessly, as a player clicks it: a whole game of one human against
two bots, an illegal (stale) choice refused with the engine's reason and nothing changed, the
hot-seat gate hiding a human's tiles from the other human, undo, save and load."""
from __future__ import annotations

import ipywidgets as W
from ipywidgets.widgets.widget import _instances
import pytest

from megacorps import megacquire as mq
from mqtools import P, choices, flat, row, started
from widgets.megacquire.app import HUMAN, App


def previews(app: App) -> str:
    return "".join(w.value for w in flat(app.decision) if isinstance(w, W.HTML) and "mq-previews" in w._dom_classes)


def hand_traces(app: App) -> list:
    return [t for t in app.figure.data if t.name in ("your tiles", "play a tile")]


def test_a_whole_game_of_one_human_against_two_bots_by_clicks():
    app = started([HUMAN, "Random", "Random"], seed=5)
    assert [s for s, kind in app.players.items() if kind == HUMAN] == ["Ada"]
    clicks = carts = 0
    while not app.game.is_over:
        assert clicks < 3000
        if app.gated():
            app.gate_button.click()
            continue
        assert app.decider() == "Ada"
        first = choices(app)[0]
        bought = first.description.startswith("Buy ")
        first.click()
        if bought and app.decider() == "Ada":   # what is bought so far is on the form
            assert "Bought this turn" in "".join(w.value for w in flat(app.decision) if isinstance(w, W.HTML))
            carts += 1
        clicks += 1
        assert app.error.value == "", app.error.value
    assert carts > 0
    human = [a for a in app.game.actions if a.seat == "Ada"]
    assert len(human) == clicks
    assert len(app.game.actions) > clicks   # the bots moved too
    winners = app.game.winners()
    assert winners and f"Game over: {' and '.join(winners)}" in app.results.value
    assert "Game over" in app.results.value and app.decision.children[0].value == ""
    # the bots said why they did what they did, in the log
    assert "reason:" in app.log_box.value


def test_a_stale_choice_is_refused_with_the_engines_reason_and_changes_nothing():
    app = started([HUMAN, "Random", "Random"], seed=7)
    if app.gated():
        app.gate_button.click()
    tile_button = choices(app)[0]
    tile_button.click()                      # plays the tile: the button is now stale
    if app.decider() != "Ada" or app.gated():
        return_to_ada(app)
    before = (app.game.to_json("*"), app.game.actions)
    tile_button.click()                      # the same tile again
    assert "Not allowed" in app.error.value and "refused" in app.error.value
    assert tile_button.description in app.error.value
    assert (app.game.to_json("*"), app.game.actions) == before


def return_to_ada(app: App) -> None:
    while app.decider() != "Ada" or app.gated():
        if app.gated():
            app.gate_button.click()
        else:
            choices(app)[0].click()


def test_the_gate_hides_one_humans_tiles_from_the_other():
    earlier = set(_instances)   # widgets of other tests' pages, left open in this process
    app = started([HUMAN, HUMAN, "Random"], seed=11)
    seen_gate_for = set()
    for _ in range(60):
        if app.game.is_over:
            break
        waiting = app.decider()
        if app.gated():
            seen_gate_for.add(waiting)
            assert f"Pass the screen to {waiting}" in app.gate_text.value
            assert app.gate.layout.display is None
            assert choices(app) == [] and previews(app) == "" and hand_traces(app) == []
            app.gate_button.click()
        assert app.gate.layout.display == "none"
        other = next(s for s in ("Ada", "Bo") if s != waiting)
        mine = set(app.game.view(waiting).hand)
        theirs = set(app.game.view(other).hand)
        labels = {b.description for b in choices(app)}
        assert not labels & theirs
        for trace in hand_traces(app):
            if trace.customdata is not None:
                assert set(trace.customdata) == mine
        assert not any(f"<b>{t}</b>" in previews(app) for t in theirs)
        # no widget still open (still mirrored in the browser) carries the other human's tiles
        live = [w for key, w in _instances.items() if key not in earlier and isinstance(w, W.Button)]
        assert not {b.description for b in live} & theirs
        choices(app)[0].click()
    assert seen_gate_for == {"Ada", "Bo"}


def test_undo_save_and_load():
    app = started([HUMAN, "Random", "Random"], seed=3)
    # play until Ada has an action she may take back (buying a certificate, naming a company...)
    for _ in range(400):
        if app.gated():
            app.gate_button.click()
        if app.header.undo_possible:
            break
        choices(app)[0].click()
    assert app.header.undo_possible
    before = app.game.actions
    app.undo_button.click()
    assert app.game.actions == before[:-1] and "Taken back" in app.info.value
    name, data = app.save_file()
    assert name.endswith(".json")
    hand = app.game.view("Ada").hand
    assert not any(f'"{t}"' in data.decode() for t in hand)   # the engine's save is sealed
    other = App(pause=0)
    other.load_bytes(data)
    assert other.game.actions == app.game.actions and other.players == app.players
    with pytest.raises(mq.BadSaveFile):
        other.load_bytes(b"{not json")
    assert other.game.actions == app.game.actions   # a bad file changes nothing...
    other.guard(other.load_bytes)(b"{not json")
    assert "cannot be loaded" in other.error.value   # ...and says why on the page


def test_the_merger_disposition_is_one_form_with_the_money_each_choice_brings():
    game = mq.scenario(P, companies={"Regal": row("A", 1, 4), "Solon": row("A", 6, 8)},
                       hands={"P1": ["A-5", "Q-13"]}, holdings={"P1": {"Solon": 4}}, turn="P1")
    app = App(pause=0)
    app.start(game, {"P1": HUMAN, "P2": "Random", "P3": "Random"})
    app.gate_button.click()
    merge = next(b for b in choices(app) if b.description == "A-5")
    assert "merge" in merge.tooltip and "Solon" in merge.tooltip   # the engine's preview
    merge.click()
    sliders = [w for w in flat(app.decision) if isinstance(w, W.IntSlider)]
    assert len(sliders) == 1 and (sliders[0].min, sliders[0].max) == (0, 4)   # sell 0 to the 4 Solon held
    options = app.game.options
    price = options.prices[options.company_index["Solon"]][3]   # the chart's price of a 3-tile Solon
    sell_all = next(b for b in flat(app.decision) if isinstance(b, W.Button) and "mq-dispose-all" in b._dom_classes)
    assert sell_all.description == f"Sell all 4 (${4 * price:,})"
    sell_all.click()
    summary = next(w for w in flat(app.decision) if isinstance(w, W.HTML) and "mq-dispose-summary" in w._dom_classes)
    assert f"<b>${4 * price:,}</b>" in summary.value and "hold <b>0</b>" in summary.value
    cash = app.game.view("P1").cash["P1"]
    next(b for b in choices(app) if b.description == "Confirm").click()
    assert app.error.value == ""
    assert app.game.view("P1").cash["P1"] == cash + 4 * price
    assert "Solon" not in app.game.view("P1").holdings["P1"]


def test_clicking_a_tile_on_the_board_plays_it():
    from plotly.callbacks import InputDeviceState, Points

    app = started([HUMAN, "Random", "Random"], seed=7)
    app.gate_button.click()
    trace = next(t for t in app.figure.data if t.name == "play a tile")
    tile = trace.customdata[1]
    assert tile in app.game.view("Ada").hand
    points = Points(point_inds=[1], xs=[trace.x[1]], ys=[trace.y[1]], trace_name=trace.name, trace_index=0)
    trace._dispatch_on_click(points, InputDeviceState(ctrl=False, alt=False, shift=False, meta=False,
                                                      button=0, buttons=1))
    assert app.error.value == ""
    assert mq.PlayTile("Ada", tile) in app.game.actions
    assert tile not in app.game.view("Ada").hand


def test_a_bad_form_says_what_is_wrong_and_starts_nothing():
    app = App(pause=0)
    app.form.seed.value = "twelve"
    app.form.start.click()
    assert "The seed must be a whole number" in app.error.value and app.game is None
    app.form.seed.value = ""
    app.form.picker.names[1].value = "Ada"
    app.form.start.click()
    assert "Two players are called &#x27;Ada&#x27;" in app.error.value and app.game is None


def test_the_disclosure_choice_fits_and_its_whole_sentence_is_shown_beside_it():
    """The choice list showed each method's sentence, cut off at 1024x700; it now names each in a
    few words and the line under it says the chosen method's whole sentence."""
    from html import escape

    from megacorps.megacquire.options import DISCLOSURES
    form = App(pause=0).form.options
    assert all(len(label) <= 20 for label, _ in form.disclosure.options)
    for method, sentence in DISCLOSURES.items():
        form.disclosure.value = method
        assert escape(sentence[1:]) in form.disclosure_text.value
