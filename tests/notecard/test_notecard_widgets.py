"""The note-card page (the kit's page shell with `NotecardParts`), driven headlessly (the same calls
its buttons make): a whole hot-seat game, secret cards that leave nothing in the page's widgets,
refusals shown to the writer only, taking a card back, the moderator's reveal step by step, the
chart, saves (reviewed on the form before play resumes), errors."""
from __future__ import annotations

import base64
import json
import re
import zlib
from html import escape

import ipywidgets
import ipywidgets.widgets.widget as widget_registry
import pytest

from megacorps import notecard as nc
from megacorps.notecard.log import money
from widgets.testing.widget_tree import flat
from widgets.notecard.parts import NotecardParts
from widgets.notecard.session import reveal_steps
from widgets.shell import OFF, Shell


def App(pause: float = 0) -> Shell:
    """The page, as notebooks/notecard/play.ipynb shows it."""
    return Shell(NotecardParts(), pause=pause)


def new_app(seats: dict[str, str], seed: int = 4, **options) -> Shell:
    app = App(pause=0)
    for name, kind, (corp, player) in zip(app.form.picker.names, app.form.picker.kinds, [*seats.items(), *[("", OFF)] * 6]):
        name.value, kind.value = corp, player
    app.form.seed.value = str(seed)
    app.form.options.variable_yield.value = options.get("variable_yield", False)
    app.form.options.variable_industries.value = options.get("variable_industries", False)
    app.form.options.last_quarter.value = options.get("last_quarter", 3)
    app.form.start.click()
    assert app.error.value == "", app.error.value
    return app


def write(app: Shell, corp: str, invest=None, sabotage=None) -> None:
    """What a player does: at the gate, say who they are (a lone human against bots is never asked:
    the screen is hers); type the card; hand it in."""
    assert app.human_to_decide() == corp, (app.human_to_decide(), corp)
    if app.lone_human() == corp:
        assert not app.gated() and app.gate.layout.display == "none"
    else:
        assert app.gated() and app.gate_button.description == f"I am {corp}: show my note card"
        app.gate_button.click()
    desk = app.parts.desk
    assert desk.writer == corp
    desk.fill(invest, sabotage)
    desk.hand_in_button.click()


def test_a_whole_hot_seat_game_with_a_bot():
    app = new_app({"Maraya": "Human", "Jeff": "Human", "Rob": "Balanced"}, last_quarter=3)
    game, reveal = app.game, app.parts.reveal
    assert game.state.pending.keys() == {"Rob"}  # the bot wrote at once, face down
    for quarter in (1, 2, 3):
        write(app, "Maraya", {"Industry 1": 2, "Industry 2": 2})
        assert app.gated() and app.human_to_decide() == "Jeff" and app.parts.desk.widget.comm is None
        write(app, "Jeff", {"Industry 3": 3}, {("Maraya", "Industry 1"): 1})
        assert reveal.active and reveal.quarter == quarter
        assert reveal.done_button.disabled  # the quarter must be revealed before play goes on
        # nobody writes now: no gate, no card, and the results wait for the reveal
        assert app.human_to_decide() is None and app.gate.layout.display == "none"
        assert choices(app) == [] and app.results.value == ""
        reveal.next_button.click()
        assert "data-step='1'" in reveal.now.value and reveal.reasons.value == ""
        reveal.all_button.click()
        assert reveal.finished and "Rob" in reveal.reasons.value  # the bot's reason, now
        reveal.done_button.click()
        assert not reveal.active
    assert game.is_over and "Game over" in app.results.value
    shown = re.search(r"data-winners='([^']*)'", app.results.value).group(1).split("|")
    assert shown == game.winners()
    # the chart: one money line and one bar series per corporation, as the engine counted
    lines = [t for t in app.parts.chart.figure.data if t.type == "scatter"]
    assert [t.name for t in lines] == game.players
    assert list(lines[0].y) == [m["Maraya"] or None for m in game.money_by_quarter()]


def choices(app: Shell) -> list:
    """The note card's fields and buttons on the page now (none when nobody may write)."""
    return [w for w in flat(app.decision) if isinstance(w, (ipywidgets.Button, ipywidgets.IntText))]


def page_state(app: Shell) -> list:
    """Every widget reachable from the page, in order, with its synced state (model references
    and plotly's random trace ids left out): what the browser holds."""
    seen, out = set(), []

    def walk(widget):
        if id(widget) in seen:
            return
        seen.add(id(widget))
        state = widget.get_state()
        clean = {}
        for key, value in state.items():
            if isinstance(value, str) and (value.startswith("IPY_MODEL_") or value == widget.model_id):
                continue   # a reference to a model, or the widget's own id (the bridge's key)
            if isinstance(value, (list, tuple)) and value and all(isinstance(v, str) and v.startswith("IPY_MODEL_") for v in value):
                continue
            clean[key] = value
        text = json.dumps(clean, sort_keys=True, default=str)
        out.append((type(widget).__name__, re.sub(r'"uid": "[^"]*"', '"uid": ""', text)))
        for name in widget.keys:
            value = getattr(widget, name, None)
            for child in (value if isinstance(value, (list, tuple)) else [value]):
                if isinstance(child, widget_registry.Widget):
                    walk(child)

    walk(app)
    return out


def test_the_page_holds_nothing_of_a_card_once_handed_in():
    older = set(widget_registry._instances)  # other tests' widgets are not this page's
    apps = [new_app({"Maraya": "Human", "Jeff": "Human", "Rob": "Cautious"}, seed=9) for _ in range(2)]
    write(apps[0], "Maraya", {"Industry 2": 7}, {("Jeff", "Industry 3"): 3})
    write(apps[1], "Maraya", {"Industry 1": 1})
    # Jeff is asked next; whatever Maraya wrote, the page is the same, widget for widget
    assert apps[0].human_to_decide() == apps[1].human_to_decide() == "Jeff" and apps[0].gated()
    assert page_state(apps[0]) == page_state(apps[1])
    # and no live widget anywhere (even one not on the page) holds her card
    for model_id, w in list(widget_registry._instances.items()):
        if model_id in older:
            continue
        text = json.dumps(w.get_state(), default=str)
        assert "$7M" not in text and "Industry 2: 7" not in text
        if "nc-invest" in str(getattr(w, "_dom_classes", ())) or "nc-sab-amount" in str(getattr(w, "_dom_classes", ())):
            assert w.value == 0
    # Jeff opens his card: still nothing of Maraya's
    apps[0].gate_button.click()
    desk = apps[0].parts.desk
    assert desk.writer == "Jeff" and all(f.value == 0 for f in desk.invest.values())
    assert "Maraya" in desk.sab_target[0].options  # he may sabotage her, knowing nothing


def test_a_refused_card_is_explained_on_the_card_and_nothing_changes():
    app = new_app({"Maraya": "Human", "Jeff": "Human"})
    before = app.game.to_json()
    app.gate_button.click()
    desk = app.parts.desk
    desk.fill({"Industry 1": 12})
    assert "allocates $12M but has only $10M" in desk.summary.value
    desk.hand_in_button.click()
    assert "Not accepted: Maraya allocates $12M but has only $10M" in desk.message.value
    assert app.error.value == "" and desk.writer == "Maraya"
    assert app.game.to_json() == before
    desk.hide_button.click()  # she walks away: her card is gone from the page, the gate is up
    assert desk.widget.comm is None and all(f.comm is None for f in desk.invest.values())
    assert choices(app) == [] and app.gated() and app.human_to_decide() == "Maraya"
    app.gate_button.click()   # back at the screen: a fresh card
    assert app.parts.desk is not desk and all(f.value == 0 for f in app.parts.desk.invest.values())


def test_taking_back_a_card_asks_for_its_writer_first():
    app = new_app({"Maraya": "Human", "Jeff": "Human", "Rob": "Cautious"})
    write(app, "Maraya", {"Industry 3": 5})
    app.gate_button.click()   # Jeff is at the screen, his card open
    board = app.board
    assert list(board.back_corp.options) == ["Maraya"] and board.back_row.layout.display is None
    board.back_button.click()
    assert app.gated() and app.human_to_decide() == "Maraya" and choices(app) == []
    assert app.gate_button.description == "I am Maraya: show my note card"
    assert "$5M" not in app.info.value and "Industry 3" not in app.info.value  # nothing told before she is there
    app.gate_button.click()
    desk = app.parts.desk
    assert desk.writer == "Maraya" and desk.invest["Industry 3"].value == 5
    assert "Maraya" in app.game.deciders
    desk.fill({"Industry 3": 4})
    desk.hand_in_button.click()
    assert app.game.state.pending["Maraya"] == nc.Allocate("Maraya", {"Industry 3": 4})


def test_the_reveal_follows_the_moderators_steps():
    game = nc.scenario(["Maraya", "Jeff"], {"variable_yield": True},
                       top_cards={"Industry 1": [3], "Industry 2": [2], "Industry 3": [5]})
    game.apply(nc.Allocate("Maraya", invest={"Industry 1": 4, "Industry 2": 3, "Industry 3": 3}))
    game.apply(nc.Allocate("Jeff", invest={"Industry 1": 3, "Industry 2": 2, "Industry 3": 2},
                           sabotage={("Maraya", i): 1 for i in ("Industry 1", "Industry 2", "Industry 3")}))
    steps = reveal_steps(game.reports[-1], game.log)
    kinds = [s.rule.split(":")[0] for s in steps]
    assert kinds[:3] == ["Variable Yield Industries"] * 3
    assert kinds[3:6] == ["Moderator steps 1-2", "Moderator steps 3-4", "Moderator step 5"]
    # the chips move as in the rules' example: Maraya's ten go on the table, then come back
    assert steps[3].money == {"Maraya": 6, "Jeff": 10} and steps[4].money == {"Maraya": 6, "Jeff": 9}
    assert steps[5].money["Maraya"] == 12 and steps[5].cells[("Maraya", "Industry 1")].earnings == 6
    assert steps[-1].money == {"Maraya": 13, "Jeff": 23}
    assert [s.text for s in steps] == [e.text for e in game.log if e.quarter == 1 and e.rule != "Game Play: note cards"][:len(steps)]


def test_a_game_of_bots_plays_itself_to_the_end():
    app = new_app({"A": "Odds", "B": "Saboteur", "C": "Cautious"}, variable_yield=True,
                  variable_industries=True, last_quarter=4)
    game = app.game
    assert game.is_over and "Game over" in app.results.value
    assert len(app.parts.chart.figure.data[0].x) == len(game.reports) + 1


@pytest.fixture(autouse=True)
def server_data(tmp_path, monkeypatch):
    """The server's data folder (and so its save key) for this test alone."""
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path))
    monkeypatch.delenv("MEGACORPS_SAVE_KEY", raising=False)


def test_the_save_file_holds_no_unrevealed_card_and_loads():
    app = new_app({"Maraya": "Human", "Jeff": "Human", "Rob": "Cautious"})
    write(app, "Maraya", {"Industry 2": 7})
    name, data = app.save_file()
    assert name == "megacorp-quarter-1.json"
    app.new_button.click()
    app.review_bytes(data, name)
    assert "Loaded: megacorp-quarter-1.json: quarter 1" in app.form.loaded_info.value
    assert [k.value for k in app.form.picker.kinds[:3]] == ["Human", "Human", "Cautious"]  # who played
    assert [n.value for n in app.form.picker.names[:3]] == ["Maraya", "Jeff", "Rob"]
    app.form.start.click()
    game = app.game
    assert game.quarter == 1 and game.state.pending.keys() == {"Rob"}  # Maraya's card was not saved
    assert app.human_to_decide() == "Maraya"


def revealing(blob: str, secrets: list[str], depth: int = 0) -> list[str]:
    """The secrets readable in `blob`: in plain text, or in any base64 run in it that decodes
    (and inflates, if it is zlib data) to text holding one, however deeply packed."""
    found = [s for s in secrets if s in blob]
    if depth > 3:
        return found
    for run in set(re.findall(r"[A-Za-z0-9+/=_-]{24,}", blob)):
        try:
            raw = base64.b64decode(run + "=" * (-len(run) % 4), altchars=b"-_" if "-" in run or "_" in run else None)
        except ValueError:
            continue
        try:
            raw = zlib.decompressobj().decompress(raw, 1 << 24)
        except zlib.error:
            pass
        found += revealing(raw.decode("latin-1"), secrets, depth + 1)
    return found


def test_neither_the_save_file_nor_the_page_reveals_the_seed_or_a_stack_order():
    """Issue 26: the Save link held the seed and every yield stack's order in base64 + zlib, and the
    form kept showing the seed. Now the save is sealed with the server's key and the seed leaves the
    page when the game starts: nothing in the file or in any widget's state tells a stack's order."""
    older = set(widget_registry._instances)
    seed = 987654321
    app = new_app({"Maraya": "Human", "Rob": "Balanced", "Ida": "Odds"}, seed=seed, variable_yield=True,
                  variable_industries=True)
    write(app, "Maraya", {"Industry 1": 4, "Industry 4": 3})
    app.parts.reveal.all_button.click()
    app.parts.reveal.done_button.click()
    game = app.game
    assert game.quarter == 2 and game.state.stacks["Industry 4"].discard
    orders = [json.dumps(s.draw[:6])[:-1] for s in game.state.stacks.values()]  # "[2, 3, 4, 4, 1, 3"
    orders += [",".join(map(str, s.draw[:6])) for s in game.state.stacks.values()]
    secrets = [str(seed), '"draw"', *orders]
    assert app.form.seed.value == ""
    _name, data = app.save_file()
    assert revealing(data.decode(), secrets) == []
    for model_id, w in list(widget_registry._instances.items()):
        if model_id not in older and w.comm is not None:  # (a closed widget has left the page)
            assert revealing(json.dumps(w.get_state(), default=str), secrets) == [], w
    # the check itself can see a stack's order where there is one: the engine's own save has them
    assert revealing(game.to_json(), secrets)
    # and the sealed file still resumes the game, stacks and all
    app.new_button.click()
    app.review_bytes(data, "x.json")
    assert app.form.loaded[0].state.stacks == game.state.stacks


def test_a_save_sealed_by_another_server_is_refused(monkeypatch):
    from cryptography.fernet import Fernet
    app = new_app({"Maraya": "Human", "Rob": "Cautious"})
    _name, data = app.save_file()
    monkeypatch.setenv("MEGACORPS_SAVE_KEY", Fernet.generate_key().decode())
    app.guard(lambda: app.review_bytes(data, "x.json"))()
    assert "sealed by another Megacorp (the note-card game) server" in app.error.value


def test_a_file_too_big_is_refused_before_it_is_read():
    app = App(pause=0)
    app.guard(lambda: app.review_bytes(b"{" * (3 * 1024 * 1024), "big.json"))()
    assert "at most 2 MB" in app.error.value


def test_a_typed_seed_replays_and_a_bad_one_is_explained():
    apps = [new_app({"Maraya": "Human", "Rob": "Odds"}, seed=31, variable_yield=True) for _ in range(2)]
    assert apps[0].game.state == apps[1].game.state
    app = App(pause=0)
    app.form.seed.value = "twelve"
    app.form.start.click()
    assert "The seed must be a whole number" in app.error.value and app.game is None


@pytest.mark.parametrize("how, words", [
    (lambda app: app.review_bytes(b"{not json", "x.json"), "This file cannot be loaded"),
    (lambda app: app.review_bytes(b'{"format": "megacorp-notecard-save"}', "x.json"), "entry version"),
])
def test_errors_are_shown_on_the_page(how, words):
    app = App(pause=0)
    app.guard(how)(app)
    assert words in app.error.value and "Traceback" not in app.error.value


def test_bad_seats_are_explained():
    app = App(pause=0)
    assert OFF not in app.form.picker.kinds[1].options   # the page cannot even be asked for one corporation
    app.form.picker.names[1].value = app.form.picker.names[0].value
    app.form.start.click()
    assert escape("Two players are called 'Northwind'") in app.error.value and app.game is None


def test_the_page_keeps_its_kernel_while_someone_thinks():
    """voila.json culls a kernel idle for a minute even with its page open; the note-card table
    carries the ticker that tells the server someone is still at the page."""
    app = App(pause=0)
    tickers = [c for c in app.children if type(c).__name__ == "KeepAlive"]
    assert len(tickers) == 1 and tickers[0].layout.display == "none"
    assert 0 < tickers[0].seconds < 60, "it must beat faster than the server culls (60 s)"


def test_a_lone_human_is_never_asked_to_the_screen():
    # with one human and bots there is nobody to hide the card from: a gate every quarter ("Pass the
    # screen to Maraya; everyone else, look away") cost a click each time for nothing, and the one
    # asked at the start asked her to pass the screen to herself. Her card is open at once.
    app = new_app({"Maraya": "Human", "Rob": "Balanced"}, last_quarter=2)
    assert not app.gated() and app.gate.layout.display == "none" and app.shown_seat() == "Maraya"
    desk = app.parts.desk
    assert desk.writer == "Maraya" and desk.hide_button.layout.display == "none"  # nobody to hide from
    desk.fill({"Industry 1": 2})
    desk.hand_in_button.click()
    reveal = app.parts.reveal
    assert reveal.active
    reveal.all_button.click()
    reveal.done_button.click()
    assert not app.gated() and app.gate.layout.display == "none"  # quarter 2: straight to the card
    desk = app.parts.desk
    assert desk.writer == "Maraya" and all(f.value == 0 for f in desk.invest.values())  # a fresh card


def test_the_reveal_is_not_spoiled_by_the_rest_of_the_page():
    """While the players step through a quarter's reveal, the corporations' cards, the log, the
    chart, the header and the waiting line still show the quarter before; they catch up when the
    reveal has told it all (the results when the players continue)."""
    app = new_app({"Maraya": "Human", "Jeff": "Human"}, last_quarter=1)
    write(app, "Maraya", {"Industry 1": 6})
    write(app, "Jeff", {"Industry 2": 4}, {("Maraya", "Industry 1"): 2})
    game, reveal, corps = app.game, app.parts.reveal, app.board.corps
    assert reveal.active and reveal.index == -1 and game.is_over   # the last quarter: the game is decided
    after = game.view(None).money
    before = reveal.before
    assert after != before, "the quarter changed someone's money (else the test proves nothing)"
    changed = [c for c in after if after[c] != before[c]]
    for corp in changed:
        assert f"{money(after[corp])}</div>" not in corps.value
        assert f"{money(before[corp])}</div>" in corps.value
    quarter_lines = [e.text for e in game.log if e.quarter == reveal.quarter]
    assert quarter_lines and not any(escape(t) in app.log_box.value for t in quarter_lines)
    chart_money = {t.name: list(t.y) for t in app.parts.chart.figure.data if t.type == "scatter"}
    assert all(len(ys) == 1 for ys in chart_money.values()), "the chart waits for the reveal"
    nothing_yet = [a for a in app.parts.chart.figure.layout.annotations if a.name == "nothing-earned"]
    assert len(nothing_yet) == 1 and nothing_yet[0].visible   # not an empty grid before the first reveal
    # the header, the waiting line and the results do not tell that the game is over, nor who won
    for winner in game.winners():
        assert winner not in app.status.value
    assert "game over" not in app.status.value.lower() and "data-over='0'" in app.status.value
    assert "turns the cards over" in app.decision.children[0].value
    assert app.results.value == "" and "winner" not in corps.value
    reveal.next()
    assert not any(escape(t) in app.log_box.value for t in quarter_lines)
    reveal.all_button.click()  # the last step is shown: the page catches up
    assert reveal.active
    for corp in changed:
        assert f"{money(after[corp])}</div>" in corps.value
    assert all(escape(t) in app.log_box.value for t in quarter_lines)
    assert all(len(t.y) == 2 for t in app.parts.chart.figure.data if t.type == "scatter")
    assert not nothing_yet[0].visible and any(any(t.y) for t in app.parts.chart.figure.data if t.type == "bar")
    assert app.results.value == ""          # ... but the results wait for "See the result"
    assert reveal.done_button.description == "See the result"
    reveal.done_button.click()
    assert "Game over" in app.results.value and "data-over='1'" in app.status.value


def test_the_form_starts_on_the_rules_ending_and_labels_the_house_rule():
    """Ruling N4: the rules' own ending is the default; the quarter limit is a house rule the form names."""
    app = App(pause=0)
    options = app.form.options
    assert options.last_quarter.value == 0 and options.values()["last_quarter"] is None
    assert "the rules' ending" in options.ending.value and "house rule" not in options.ending.value
    options.last_quarter.value = 12
    assert "house rule: the game ends after quarter 12" in options.ending.value
    # the form's note explains the two endings once; the line under the box only says which is on
    form_text = "".join(w.value for w in options.widget.children if hasattr(w, "value") and isinstance(w.value, str))
    assert form_text.count("8 quarters") == 1 and "8 quarters" not in options.ending.value
    options.last_quarter.value = 0
    app.form.start.click()
    assert app.game.options.last_quarter is None
    assert "the rules' ending" in app.game.log[0].text


def test_while_a_quarter_is_revealed_the_title_and_seats_stay_on_that_quarter():
    """Issue 26: while quarter 1 was revealed the title already said "Quarter 2 · cards in: 0 of 3"
    and the seats "writing". Until the players continue, the page is on the quarter being revealed."""
    app = new_app({"Maraya": "Human", "Jeff": "Human", "Rob": "Cautious"}, variable_yield=True,
                  variable_industries=True)
    write(app, "Maraya", {"Industry 1": 6})
    write(app, "Jeff", {"Industry 2": 4})
    reveal, corps, where = app.parts.reveal, app.board.corps, app.board.where
    assert app.game.quarter == 2 and reveal.active
    for stage in ("stepping", "all shown"):
        title = app.status.value
        assert "Quarter 1" in title and "Quarter 2" not in title and "cards in" not in title, (stage, title)
        assert "turns the cards over" in title and "data-quarter='1'" in where.value
        assert "writing" not in corps.value and "card turned over" in corps.value, stage
        reveal.all_button.click()
    reveal.done_button.click()
    assert "Quarter 2" in app.status.value and "cards in: 1 of 3" in app.status.value  # Rob's is in
    assert "writing" in corps.value
    assert "Note cards \u00b7 quarter 2<" in app.parts.desk.title.value or app.gated()
    # the modules and the ending are told on the board, in full
    assert "<span class='nc-where-rules'>Variable Yield + Variable Industries + house rule: last quarter 3</span>" \
        in where.value


def test_the_money_axis_is_labelled_at_powers_of_ten_only():
    """Issue 26: the log-scale money axis showed bare minor labels ("5", "2") that read as noise."""
    from widgets.notecard.chart import log_ticks
    assert log_ticks({"A": [10, 30, 90], "B": [10, 24, None]}) == ([10, 100], ["$10M", "$100M"])
    assert log_ticks({"A": [7, 5_314_410]})[0] == [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000]
    app = new_app({"Maraya": "Human", "Jeff": "Human"})
    write(app, "Maraya", {"Industry 1": 10})
    write(app, "Jeff", {"Industry 2": 10})
    app.parts.reveal.all_button.click()
    axis = app.parts.chart.figure.layout.yaxis
    assert axis.type == "log" and list(axis.tickvals) == [10, 100] and list(axis.ticktext) == ["$10M", "$100M"]
    assert axis.range[0] < 1 and axis.range[1] > 2  # both ticks inside the axis (log10 units)


def test_the_card_offers_the_open_industries_and_the_next_ones_as_they_open():
    """Ruling N6: no seventh-industry wall; the card always offers the next industries to open."""
    app = new_app({"Maraya": "Human", "Rob": "Cautious"}, variable_industries=True, last_quarter=0)
    app.gate_button.click()
    desk = app.parts.desk
    assert list(desk.invest) == [f"Industry {n}" for n in range(1, 7)]
    desk.fill({"Industry 4": 2, "Industry 5": 2, "Industry 6": 2})
    desk.hand_in_button.click()
    app.parts.reveal.all_button.click()
    app.parts.reveal.done_button.click()
    assert app.game.state.industries[-1] == "Industry 6"
    desk = app.parts.desk
    assert list(desk.invest) == [f"Industry {n}" for n in range(1, 10)]
    assert list(desk.sab_industry[0].options) == list(desk.invest)
    desk.fill({"Industry 9": 1})
    desk.hand_in_button.click()
    assert app.game.reports[-1].opened == ["Industry 9"]


def test_a_bot_moving_while_a_card_is_open_leaves_the_card_as_typed():
    """The quarter's cards are written at once: a bot handing in its card (one per pause, in the
    background) must not wipe the card a human is typing."""
    app = new_app({"Maraya": "Human", "Rob": "Cautious", "Ida": "Odds"})
    app.game.undo("Rob")                      # the bots wrote at once (no pause): Rob's card is pending again
    assert "Rob" in app.game.deciders
    app.gate_button.click()
    desk = app.parts.desk
    desk.fill({"Industry 2": 3})
    assert app.bot_step()                     # what the bots' background task does: a move ...
    app.refresh()                             # ... and a redraw
    assert "Rob" in app.game.state.pending
    assert app.parts.desk is desk and desk.widget.comm is not None and desk.invest["Industry 2"].value == 3
    desk.hand_in_button.click()
    assert app.game.reports and app.game.reports[-1].lines   # the quarter settled with her card
    assert any(line.corp == "Maraya" and line.invested == 3 for line in app.game.reports[-1].lines)


def test_once_the_last_human_hands_in_the_screen_shows_nobodys_card_while_a_bot_writes():
    """The screen stays on the table, not on the player who just handed in: Maraya, waiting with
    Jeff for a slow bot, must not read Jeff's card in the log (and change hers to answer it)."""
    app = new_app({"Maraya": "Human", "Jeff": "Human", "Rob": "Cautious"})
    app.game.undo("Rob")
    app.bots.clear()                          # Rob thinks for a long time: his card stays unwritten
    write(app, "Maraya", {"Industry 1": 2})
    write(app, "Jeff", {"Industry 2": 4}, {("Maraya", "Industry 1"): 1})
    assert app.game.deciders == ["Rob"] and app.viewer is None and app.shown_seat() is None
    assert "Jeff hands in its note card, face down" in app.log_box.value
    assert "$4M" not in app.log_box.value and "$4M" not in app.decision.children[0].value
    assert list(app.board.back_corp.options) == ["Maraya", "Jeff"]   # either may still take theirs back


class BotsHeldParts(NotecardParts):
    """The note-card parts, the bots held until `slow` is cleared (a slow bot)."""

    slow = True

    def holds_bots(self, shell) -> bool:
        return self.slow or super().holds_bots(shell)


def test_the_reason_of_the_bot_whose_card_ends_the_quarter_is_told_with_the_reveal():
    parts = BotsHeldParts()
    app = Shell(parts, pause=0)
    for name, kind, (corp, player) in zip(app.form.picker.names, app.form.picker.kinds, [("Maraya", "Human"), ("Rob", "Saboteur"), *[("", OFF)] * 4]):
        name.value, kind.value = corp, player
    app.form.start.click()
    write(app, "Maraya", {"Industry 1": 3})
    assert app.game.deciders == ["Rob"] and not app.game.reports   # Rob has not written yet
    parts.slow = False
    app.run_bots()                                                  # his card ends the quarter
    assert parts.reveal.active and parts.reveal.quarter == 1
    parts.reveal.all_button.click()
    assert "Rob" in parts.reveal.reasons.value and parts.revealed_reasons(app, 1).keys() == {"Rob"}


def test_the_form_puts_an_open_card_away_and_the_gate_asks_again_on_the_way_back():
    app = new_app({"Maraya": "Human", "Jeff": "Human"})
    app.gate_button.click()
    desk = app.parts.desk
    desk.fill({"Industry 2": 6})
    app.new_button.click()                      # someone opens New / Load while her card is open
    assert desk.widget.comm is None and all(f.comm is None for f in desk.invest.values())
    app.form.back.click()                       # ... and goes back to the game
    assert app.gated() and app.human_to_decide() == "Maraya" and choices(app) == []
    app.gate_button.click()
    assert all(f.value == 0 for f in app.parts.desk.invest.values())   # a fresh card


def test_a_first_game_is_against_two_bots_that_play_well():
    app = App(pause=0)
    assert [k.value for k in app.form.picker.kinds] == ["Human", "Odds", "Balanced", OFF, OFF, OFF]
    app.form.start.click()
    assert app.players == {"Northwind": "Human", "Halcyon": "Odds", "Vantage": "Balanced"}
