"""The app driven headlessly, as a player would: setting widget values and clicking buttons."""
from __future__ import annotations

import json
import re

import pytest

import megacorps as mc
from megacorps.state import PayoutFrame
from widgets.sealed_files import MAX_FILE_BYTES
from widgets.megacorps_app.app import App
from widgets.megacorps_app.source import HUMAN
from widgets.megacorps_app.seat_picker import EMPTY
from widgets.megacorps_app.summary import since_last_turn
from widgets.testing.mc_tables import hot_seat, table_line


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    """Every test keeps its tables and save key in a folder of its own; no payout window wait."""
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))
    monkeypatch.setenv("MEGACORPS_PAYOUT_WINDOW", "0")



def card_names(game: mc.Game) -> set[str]:
    return set(game.state.deck_spec.card_by_name)


def seat(app: App, seats: list[tuple[str, str]], seed: int = 3) -> None:
    for i, (corp_box, player_box) in enumerate(app.form.picker.choices):
        corp, player = seats[i] if i < len(seats) else (EMPTY, "Greedy")
        corp_box.value = corp
        player_box.value = player
    app.form.seed.value = str(seed)


def all_text(widget) -> str:
    """Every string a widget tree would send to the browser (values, options, descriptions)."""
    out = []
    stack = [widget]
    seen = set()
    while stack:
        w = stack.pop()
        if id(w) in seen:
            continue
        seen.add(id(w))
        for attr in ("value", "description", "options", "tooltip", "placeholder"):
            v = getattr(w, attr, None)
            if isinstance(v, str):
                out.append(v)
            elif isinstance(v, (list, tuple)):
                out += [str(x) for x in v]
        stack += list(getattr(w, "children", ()) or ())
    return "\n".join(out)


def visible_text(widget) -> str:
    """Like all_text, but skipping widgets hidden with display: none."""
    if getattr(getattr(widget, "layout", None), "display", None) == "none":
        return ""
    parts = []
    for attr in ("value", "description", "options"):
        v = getattr(widget, attr, None)
        if isinstance(v, str):
            parts.append(v)
        elif isinstance(v, (list, tuple)):
            parts += [str(x) for x in v]
    for child in getattr(widget, "children", ()) or ():
        parts.append(visible_text(child))
    return "\n".join(parts)


def play_first_option(app: App, prefer=("Pass",)) -> None:
    """The human who must decide picks a simple legal option through the widgets."""
    table = app.table
    if table.window_open():
        table.expire_window()
        return
    if table.gate.layout.display != "none":
        table.gate_button.click()
    ch = table.chooser
    options = list(ch.kind.options)
    for label in prefer:
        if label in options:
            ch.choose(label)
            break
    else:
        if ch.group is None:
            usable = [o for o in options if o not in ("Play a card", "Offer a trade", "Leave")]
            ch.kind.value = usable[0]
    for name in ch._names:
        if name not in ch._chosen:
            box = ch._inputs[name]
            box.index = 0
    assert not ch.confirm.disabled, (ch.group, app.session.game.decision)
    ch.confirm.click()
    assert app.error.value == "", app.error.value


def test_the_board_before_the_first_game_shows_no_deal():
    # it showed an example deal while the page said "No game yet", unlike the deal to come
    app = App(pause=0)
    state = app.board_view.public_game().state
    assert not any(state.controllers.values())
    assert not set(state.companies.values()) & set(state.corps)
    assert "No game yet" in app.status.value


def test_one_human_two_bots_play_to_the_end():
    app = App(pause=0)
    seat(app, [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Random")], seed=11)
    app.form.start.click()
    game = app.session.game
    for _ in range(2000):
        if game.is_over:
            break
        assert app.session.human_deciders() == ["Mokia"], game.decision
        play_first_option(app, prefer=("Pick a company", "Pass", "No card", "Stay out", "Permit"))
    assert game.is_over
    shown = re.search(r"data-winners='([^']*)'", app.results.value).group(1).split("|")
    assert shown == game.winners()
    assert app.results_box.layout.display != "none"
    for line in (e.text for e in game.log if e.rule == "Game End"):
        assert line.replace("&", "&amp;") in app.results.value or line in app.results.value
    xs, series = app.session.money_history()
    assert set(series) == set(game.state.corps) and len(xs) >= game.round


def test_all_bots_run_to_the_end():
    app = App(pause=0)
    seat(app, [("Lenogo", "Greedy"), ("The Mouse", "Random"), ("Windoze", "Random"), ("Globbo", "Greedy")])
    app.form.start.click()
    assert app.session.game.is_over
    assert "wins" in app.results.value or "draw" in app.results.value.lower()


def test_hot_seat_hands_hidden_until_revealed():
    app = App(pause=0)
    seat(app, [("Mokia", HUMAN), ("Globbo", HUMAN), ("Nonintendo", HUMAN)], seed=5)
    app.form.start.click()
    game = app.session.game
    names = card_names(game)
    reveals = 0
    while not game.is_over and game.round <= 3:
        focus = app.table.focus
        assert focus == app.session.human_deciders()[0]
        # nothing of any hand is in the widgets before the owner asks
        text = all_text(app)
        held = {c for hand in game.state.hands.values() for c in hand}
        for card in held:
            assert card not in text, f"{card} visible before reveal"
        if game.state.hands[focus]:
            app.table.show_hand.click()
            reveals += 1
            shown = all_text(app.table.hand_box)
            for card in game.state.hands[focus]:
                assert card in shown
            others = {c for corp, hand in game.state.hands.items() if corp != focus for c in hand}
            for card in others - set(game.state.hands[focus]):
                assert card not in all_text(app), f"another corp's {card} is visible"
        before = focus
        play_first_option(app, prefer=("Pick a company", "Pass", "No card", "Stay out", "Permit"))
        if app.table.focus != before:
            assert app.table.revealed is None
            assert not any(c in app.table.hand_cards.value for c in names)
    assert reveals > 0
    assert game.round > 3 or game.is_over


def test_illegal_action_and_undo_refusal_are_shown():
    app = App(pause=0)
    seat(app, [("Mokia", HUMAN), ("Globbo", HUMAN), ("Nonintendo", HUMAN)], seed=2)
    app.form.start.click()
    app.undo_button.click()  # nothing to undo yet
    assert "Nothing to take back" in app.error.value
    assert "mc-disabled" in app.undo_button._dom_classes and "Nothing" in app.undo_button.tooltip
    game = app.session.game
    corp = app.table.focus
    # a stale form: the company was taken meanwhile (here: a company that is not for sale)
    taken = next(co for co, st in game.state.companies.items() if st == "syndicalized")
    n = len(game.actions)
    app.table.chooser.on_apply(mc.PickCompany(corp, taken))
    assert "Not allowed" in app.error.value and "Syndicalized" in app.error.value
    assert "Traceback" not in app.error.value
    assert len(game.actions) == n
    # a good action clears the message; undo takes it back
    play_first_option(app, prefer=("Pick a company",))
    assert app.error.value == ""
    # at a hot-seat table, taking back another corp's action needs that corp's agreement
    assert app.table.focus != corp
    app.undo_button.click()
    assert len(game.actions) == n + 1
    assert app.undo_box.layout.display != "none" and f"Only <b>{corp}</b> may agree" in app.undo_text.value
    app.undo_no.click()
    assert len(game.actions) == n + 1
    app.undo_button.click()
    assert app.undo_yes.description == f"I am {corp}: take it back"
    app.undo_yes.click()
    assert len(game.actions) == n and "Taken back" in app.info.value
    assert app.table.focus == corp


def test_an_undo_refused_says_why_in_one_sentence_and_goes_when_the_table_moves_on():
    """A newcomer clicked Undo against bots after a card was drawn: the refusal read "Not allowed:
    Undo: Cannot take back ..." and stayed above every later question."""
    app = App(pause=0)
    seat(app, [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Random")], seed=11)
    app.form.start.click()
    game = app.session.game
    for _ in range(400):
        offer = app.undo_offer()
        if not offer.possible and "hidden information" in offer.reason:
            break
        play_first_option(app, prefer=("Pick a company", "Pass", "No card", "Stay out", "Permit"))
    else:
        pytest.fail("no card was drawn after Mokia's action in 400 moves")
    n = len(game.actions)
    app.undo_button.click()
    assert len(game.actions) == n                                   # nothing taken back
    assert "Undo is not possible now. Cannot take back" in app.error.value
    assert "Not allowed" not in app.error.value and "Undo: " not in app.error.value
    app.refresh()                                                   # a redraw for nothing keeps it
    assert "Undo is not possible now" in app.error.value
    # the table moves on without a click of this page (as a bot's move does, or a seat's at the
    # table): the next redraw drops the message, which no longer applies
    decider = game.deciders[0]
    game.apply(game.legal_actions(decider)[0])
    app.refresh()
    assert len(game.actions) > n and app.error.value == ""


def test_rules_read_before_the_game_leave_the_log_shown_when_it_starts():
    """A newcomer pressed "Rules" on the set-up screen, and the Rules tab stayed in front all
    game: the log never showed unless its tab was clicked."""
    app = App(pause=0)
    app.rules_button.click()
    assert app.table.tabs.selected_index == 2
    seat(app, [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Random")], seed=11)
    app.form.start.click()
    assert app.table.tabs.selected_index == 0 and "mc-log" in app.table.log.value
    # the header names the Active Player *card*, and says it is not whose decision it is
    active = app.session.game.state.active
    assert f"Active Player card: <b>{active}</b>" in app.status.value and "Who decides now" in app.status.value
    app.rules_button.click()                      # asked for during the game, the rules stay in front
    play_first_option(app, prefer=("Pick a company", "Pass", "No card", "Stay out", "Permit"))
    assert app.table.tabs.selected_index == 2


def test_seat_form_checks_the_corps():
    app = App(pause=0)
    seat(app, [("Mokia", HUMAN), ("Mokia", "Greedy"), ("Globbo", "Greedy")])
    app.form.start.click()
    assert "two seats" in app.error.value and app.session is None
    seat(app, [("Mokia", HUMAN), ("Globbo", "Greedy")])
    app.form.start.click()
    assert "3 to 6" in app.error.value and app.session is None


def test_seats_sent_by_the_page_are_checked():
    """The seats come back from the page as plain strings: anything not offered is refused,
    with the seat named, and no game starts."""
    app = App(pause=0)
    with pytest.raises(ValueError, match="not a choice for seat 2"):
        app.form.picker.choices[1][0].value = "Evil Corp"
    picker = app.form.picker.widget
    picker.seats = [["Mokia", HUMAN], ["Evil Corp", "Greedy"], *picker.seats[2:]]   # as the page would
    app.form.start.click()
    assert "Seat 2: there is no corp called &#x27;Evil Corp&#x27;" in app.error.value and app.session is None
    picker.seats = [["Mokia", "Overlord"], *picker.seats[1:]]
    app.form.start.click()
    assert "Seat 1: &#x27;Overlord&#x27; is not a kind of player" in app.error.value and app.session is None


def test_the_same_position_saved_at_two_tables_is_offered_once_for_resume():
    """Save, load that file (a new table), reload the page: the old table and the new one held the
    same position, and the page offered two identical Resume lines."""
    first = App(pause=0)
    seat(first, [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Random")], seed=5)
    first.form.start.click()
    play_first_option(first, prefer=("Pick a company",))
    _name, data = first.save_file()
    second = App(pause=0)
    _upload(second, data)
    second.form.start.click()                                  # the saved game, at a new table
    assert second.keeper.table != first.keeper.table
    other = App(pause=0)
    other.form.start.click()                                   # and a different game
    page = App(pause=0)                                        # the page reloaded: the browser's list
    page.bridge.on_hello([second.keeper.table, first.keeper.table, other.keeper.table], {})
    lines = list(page.resume_box.children[1:])
    assert len(lines) == 2                                     # one line a position
    texts = [line.children[0].value for line in lines]
    assert len(set(texts)) == 2 and "Mokia" in texts[0]
    lines[0].children[1].click()                               # the line kept is the newest table's
    assert page.keeper.table == second.keeper.table


def test_forget_takes_one_table_off_the_resume_list_and_keeps_the_others():
    """The Resume list is the shell's (widgets/shell/resume.py): *Forget* on one line took every
    line off MegaCorps' page; now it takes that one only, and the browser forgets that id only."""
    tables = []
    for seed in (5, 6):
        app = App(pause=0)
        seat(app, [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Random")], seed=seed)
        app.form.start.click()
        tables.append(app.keeper.table)
    page = App(pause=0)
    forgotten = []
    page.bridge.forget = forgotten.append
    page.bridge.on_hello(tables, {})
    lines = list(page.resume_box.children[1:])
    assert len(lines) == 2 and page.resume_box.layout.display is None
    lines[0].children[2].click()                               # Forget the first
    assert forgotten == [tables[0]]
    assert list(page.resume_box.children[1:]) == [lines[1]] and page.resume_box.layout.display is None
    lines[1].children[2].click()
    assert page.resume_box.children == () and page.resume_box.layout.display == "none"


def test_a_saved_game_is_placed_in_the_same_words_on_the_form_the_resume_list_and_the_info():
    """The loaded-save review said "setup", the Resume list "setting up" and the line after Resume
    "set-up" for the same position (three copies of one rule); now one helper says it."""
    first = App(pause=0)
    seat(first, [("Mokia", HUMAN), ("Globbo", HUMAN), ("Nonintendo", HUMAN)], seed=5)
    first.form.start.click()
    assert first.session.game.state.phase == "setup"
    _name, data = first.save_file()
    second = App(pause=0)
    _upload(second, data)
    assert "Mokia, Globbo, Nonintendo, setting up." in second.form.loaded_info.value
    second.form.start.click()
    assert "(Mokia, Globbo, Nonintendo, setting up)" in second.info.value
    listed = table_line(second.keeper.table)
    assert listed.endswith(": setting up")
    for _ in range(40):                                          # on to round 1
        play_first_option(second, prefer=("Pick a company", "Pass", "No card", "Stay out", "Permit"))
        if second.session.game.state.round >= 1:
            break
    round_ = second.session.game.state.round
    assert round_ >= 1
    assert table_line(second.keeper.table).endswith(f": round {round_}")
    third = App(pause=0)
    _upload(third, second.save_file()[1])
    assert f", round {round_}." in third.form.loaded_info.value


def test_the_first_page_builds_few_widget_models():
    """Every widget is a model each page's browser builds before the board is drawn (about
    3 ms of CPU each on a slow machine): the page as it opens holds fewer than 100 (it had 179
    when the new-game form was built from dropdowns and the rarely used panels came with it)."""
    from ipywidgets.widgets.widget import _instances
    before = set(_instances)
    app = App(pause=0)
    built = [w for k, w in _instances.items() if k not in before]
    assert app in built and app.form.picker.widget in built
    assert len(built) < 100, f"{len(built)} widget models on a new page"
    # the rarely used panels are built when first needed, in their place in the sidebar
    assert not app.about.built and app.undo_question._parts is None and app.results_panel._parts is None
    assert app.parts.panel._table is None   # the table too, with the first game
    app.about.button.value = True
    assert app.sidebar.children.index(app.about.panel) == app.sidebar.children.index(app.error) - 1
    assert app.about.panel.layout.display is None


def _upload(app: App, text: str | bytes, name: str = "save.json") -> None:
    data = text.encode("utf-8") if isinstance(text, str) else text
    app.bridge._received(app.bridge, {"type": "upload", "purpose": "save", "name": name}, [data])   # as the page sends it


def _download(app: App) -> tuple[str, bytes]:
    got = []
    app.bridge.download = lambda name, data: got.append((name, data))
    app.save_button.click()
    assert app.error.value == "", app.error.value
    assert len(got) == 1
    return got[0]


def test_save_and_load_round_trip_through_the_widgets():
    app = App(pause=0)
    seat(app, [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", HUMAN)], seed=8)
    app.form.start.click()
    game = app.session.game
    for _ in range(12):
        play_first_option(app, prefer=("Pick a company", "Pass", "No card", "Stay out", "Permit"))
    name, data = _download(app)
    text = data.decode("utf-8")
    saved = json.loads(text)
    # the readable part is public; the seats are recorded; nothing hidden can be read
    assert saved["players"] == {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": HUMAN}
    for card in {c for h in game.state.hands.values() for c in h} | set(game.state.deck):
        assert card not in text
    assert "hands" not in text and "deck" not in text.replace("deck_", "")

    other = App(pause=0)
    _upload(other, text)
    assert other.error.value == "", other.error.value
    assert "Resume" in other.form.start.description
    # the page says the same as its button (it said "press Start game" under a "Resume" button)
    assert "<b>Resume saved game</b>" in other.welcome.value and "Start game" not in other.welcome.value
    assert [p.value for _, p in other.form.picker.choices[:3]] == [HUMAN, "Greedy", HUMAN]  # seats as saved
    other.form.start.click()
    loaded = other.session.game
    assert loaded.actions == game.actions
    assert loaded.state.money == game.state.money and loaded.state.companies == game.state.companies
    assert other.session.human_deciders() == app.session.human_deciders()


def test_a_save_from_another_server_is_refused_by_name(monkeypatch):
    app = App(pause=0)
    seat(app, [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Greedy")], seed=8)
    app.form.start.click()
    _, data = _download(app)
    from cryptography.fernet import Fernet
    monkeypatch.setenv("MEGACORPS_SAVE_KEY", Fernet.generate_key().decode())
    other = App(pause=0)
    _upload(other, data)
    assert "another MegaCorps server" in other.error.value and other.form.loaded is None


def test_too_big_an_upload_is_explained():
    app = App(pause=0)
    app.bridge._received(app.bridge, {"type": "upload-refused", "purpose": "save", "name": "holiday.mp4",
                                       "size": 12 * 1024 * 1024}, [])   # the page refused to send it
    assert "too big to be a saved game of MegaCorps" in app.error.value and "12.0 MB" in app.error.value
    _upload(app, b"x" * (MAX_FILE_BYTES + 1), "big.json")
    assert "at most 2 MB" in app.error.value


def test_a_plain_engine_save_still_loads():
    game = mc.new_game(["Mokia", "Globbo", "Nonintendo"], seed=4)
    game.apply(game.legal_actions(game.deciders[0])[0])
    app = App(pause=0)
    _upload(app, game.to_json(), "from-code.json")
    assert app.error.value == "" and app.form.loaded is not None
    app.form.start.click()
    assert app.session.game.actions == game.actions


def test_bad_save_file_is_reported():
    app = App(pause=0)
    _upload(app, '{"format": "something else"}', "junk.json")
    assert "cannot be loaded" in app.error.value
    assert app.form.loaded is None


def play_card(app: App, card: str, target: str) -> None:
    """The human at the screen shows their hand and plays `card` on `target`."""
    table = app.table
    table.show_hand.click()
    table.chooser.choose("Play a card")
    table.chooser.set_field("card", card)
    table.chooser.set_field("target", target)
    table.chooser.confirm.click()


def _scenario_app(seats: dict[str, str], **position) -> App:
    app = App(pause=0)
    game = mc.scenario(list(seats), round=1, **position)
    app.start(game, seats)
    return app


def test_secret_bids_one_player_at_a_time():
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": HUMAN}
    app = _scenario_app(seats, hands={"Mokia": ["Greedy Kleptocrats"]})
    game = app.session.game
    table = app.table
    assert "Greedy Kleptocrats" not in all_text(app)
    play_card(app, "Greedy Kleptocrats", "ASEAN")
    assert app.error.value == "", app.error.value
    # 13 and 11 are not among the listed steps (every amount to 10, then 12, 15, ...): any
    # amount of the range is accepted as entered, without a note
    bids = {"Mokia": 13, "Globbo": 3, "Nonintendo": 11}
    entered = []
    while type(game.state.top_frame).__name__ == "AuctionFrame":
        corp = table.focus
        # the gate: pass the screen; no bid form before the player unlocks it
        assert table.gate.layout.display != "none"
        assert "Pass the screen to" in table.gate_text.value and corp in table.gate_text.value
        assert table.chooser.widget.layout.display == "none"
        table.gate_button.click()
        assert table.chooser.group == "bid"
        table.chooser.set_field("amount", bids[corp])
        assert table.chooser.note.value == "" and not table.chooser.confirm.disabled
        # earlier bids are nowhere on screen
        for other in entered:
            assert f"bids {bids[other]}" not in visible_text(app)
        table.chooser.confirm.click()
        assert app.error.value == "", app.error.value
        entered.append(corp)
    assert sorted(entered) == sorted(bids)
    assert "Mokia 13" in app.table.log.value  # revealed together once all were in


def test_card_out_of_turn():
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Globbo": ["Boom"], "Mokia": ["Elections"]},
                        companies={"Japan/Aerospace": "Globbo"})
    game = app.session.game
    table = app.table
    assert table.focus == "Mokia"
    assert table.oot_box.layout.display != "none"
    assert "Boom" not in all_text(app)
    table.oot_corp.value = "Globbo"
    table.oot_show.click()
    assert "Boom" in table.oot_hand.value and "Elections" not in all_text(app)
    table.oot_chooser.set_field("card", "Boom")
    table.oot_chooser.set_field("target", "Aerospace")
    money = game.state.money["Globbo"]
    table.oot_chooser.confirm.click()
    assert app.error.value == "", app.error.value
    # the payout window: holders of cards are asked; Mokia (human) answers through the widgets
    for _ in range(5):
        if app.session.human_deciders():
            play_first_option(app, prefer=("No card", "Pass"))
    assert game.state.money["Globbo"] > money
    assert table.oot_revealed is None


def test_payout_preview_and_board_click():
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, companies={"Japan/Aerospace": "Mokia", "NAFTA/Aerospace": "Globbo"})
    ch = app.table.chooser
    ch.choose("Payout Industry")
    ch.set_field("industry", "Aerospace")
    expected = mc.payout_amounts(app.session.game.state, "Aerospace")
    assert f"Mokia {expected['Mokia']}" in ch.preview.value
    # a click on a box of the board fills the form
    ch.choose("Buy Company")
    app.board_click("India/Biotech")
    assert ch.group == "buy"
    assert ch.selected_action() == mc.BuyCompany("Mokia", "India/Biotech")
    assert app.board_view.highlight == ("India/Biotech",)
    ch.confirm.click()
    assert app.session.game.company_status("India/Biotech") == "Mokia"


def test_a_card_with_its_target_still_to_choose_previews_no_target():
    # choosing Boom previewed a payout of the first industry, a target nobody had chosen
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Mokia": ["Boom"]}, companies={"Mercosur/Oil": "Mokia"})
    ch = app.table.chooser
    app.table.show_hand.click()
    ch.choose("Play a card")
    ch.set_field("card", "Boom")
    assert ch.confirm.disabled and ch.preview.value == ""
    ch.set_field("target", "Oil")
    paid = mc.payout_amounts(app.session.game.state, "Oil")["Mokia"]
    assert "Oil has" in ch.preview.value and f"Mokia {paid} Euros" in ch.preview.value, ch.preview.value
    assert "(Euros)" not in ch.preview.value


def test_war_preview_and_trade_offer():
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": "Greedy"}
    app = _scenario_app(seats, mercenaries={"Mokia": 3}, countries={"Japan": "Globbo"},
                        companies={"Japan/Aerospace": "Globbo"})
    game = app.session.game
    ch = app.table.chooser
    ch.choose("Launch a War")
    ch.set_field("country", "Japan")
    assert "Attack 3" in ch.preview.value and "Globbo" in ch.preview.value
    # a trade: Mokia gives Globbo 5 Euros for Japan/Aerospace; Globbo answers at the same screen
    ch.choose("Offer a trade")
    form = ch._trade
    form.to.value = "Globbo"
    form.give["money"].value = 5
    next(b for b in form.take["companies"] if b.description == "Japan/Aerospace").value = True
    assert not ch.confirm.disabled
    ch.confirm.click()
    assert app.error.value == "", app.error.value
    assert app.table.focus == "Globbo"
    assert "Japan/Aerospace" in app.table.prompt.value
    # before answering, Globbo sees what accepting gives up and what it does to its payouts
    app.table.chooser.choose("Accept")
    said = app.table.chooser.preview.value
    assert "Globbo gets 5 Euros and gives up Japan/Aerospace" in said, said
    before = mc.payout_amounts(game.state, "Aerospace").get("Globbo", 0)
    assert before > 0 and f"Aerospace {before} → 0" in said, said
    app.table.chooser.choose("Decline")
    assert "Nothing changes hands" in app.table.chooser.preview.value
    app.table.chooser.choose("Accept")
    app.table.chooser.confirm.click()
    assert game.company_status("Japan/Aerospace") == "Mokia"
    assert game.state.money["Mokia"] == 35


def test_bots_move_in_a_background_task_with_a_pause():
    import asyncio

    async def main():
        app = App(pause=0.005)
        seat(app, [("Mokia", "Random"), ("Globbo", "Random"), ("Nonintendo", "Random")], seed=4)
        app.form.start.click()
        game = app.session.game
        assert not game.is_over  # the bots move one step at a time, in the background
        assert "thinking" in app.table.prompt.value
        for _ in range(4000):
            if game.is_over:
                break
            await asyncio.sleep(0.005)
        assert game.is_over
        await asyncio.sleep(0.05)
        assert app.results_box.layout.display != "none"

    asyncio.run(main())


def test_undo_never_leaves_bot_moves_half_taken_back():
    seats = {"Mokia": HUMAN, "Globbo": "Random", "Nonintendo": "Random"}
    app = hot_seat(mc.new_game(list(seats), seed=9), seats)   # the bots answer each move at once
    game = app.game
    # play until a human action is followed by a draw (the end of a round)
    for _ in range(400):
        if game.is_over:
            break
        before = list(game.actions)
        corp = app.session.human_deciders()[0]
        app.act(game.legal_actions(corp)[-1 if game.state.phase == "setup" else 0])
        after = list(game.actions)
        try:
            app.undo()
        except ValueError as err:
            assert "hidden information" in str(err)
            assert game.actions == after  # nothing changed
        else:
            assert game.actions == before
            break


def test_secret_votes_one_player_at_a_time():
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": HUMAN}
    app = _scenario_app(seats, hands={"Mokia": ["Elections"]},
                        companies={"NAFTA/Media": "Mokia", "Japan/Media": "Globbo",
                                   "European Union/Media": "Globbo"})
    game, table = app.session.game, app.table
    play_card(app, "Elections", "NAFTA")
    assert "Election in NAFTA" in table.prompt.value
    votes = {"Mokia": "Nonintendo", "Globbo": "Globbo"}
    for _ in range(2):
        corp = table.focus
        assert table.chooser.widget.layout.display == "none" and "vote" in table.gate_button.description
        table.gate_button.click()
        table.chooser.set_field("candidate", votes[corp])
        table.chooser.confirm.click()
        assert app.error.value == "", app.error.value
        assert "votes for" not in visible_text(app) or type(game.state.top_frame).__name__ != "ElectionFrame"
    assert game.controller("NAFTA") == "Globbo"


def test_a_lone_humans_hand_simply_stays_shown():
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Mokia": ["Boom"]})
    table = app.table
    assert "Boom" in table.hand_cards.value and table.show_hand.layout.display == "none"
    play_first_option(app, prefer=("Pass",))
    if table.focus == "Mokia":
        assert "Boom" in table.hand_cards.value


def test_hot_seat_hand_hidden_again_when_anything_happens():
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Mokia": ["Boom"], "Globbo": ["Elections"]})
    table = app.table
    table.show_hand.click()
    assert "Boom" in table.hand_cards.value
    # Globbo plays a card out of turn: the table changed, so Mokia's hand is hidden again
    table.oot_corp.value = "Globbo"
    table.oot_show.click()
    assert "Elections" in table.oot_hand.value and "Boom" not in all_text(app)
    table.oot_hide.click()
    assert "Elections" not in all_text(app)
    table.show_hand.click()
    assert "Boom" in table.hand_cards.value
    app.act(mc.PlayCard("Globbo", "Elections", "NAFTA"))  # something happens
    app.refresh()
    assert table.revealed is None and "Boom" not in all_text(app)


def test_card_out_of_turn_hidden_when_the_turn_passes():
    """The issue's bug: a hand shown for a card out of turn stayed on screen after the turn
    passed to another corp."""
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": HUMAN}
    app = _scenario_app(seats, hands={"Nonintendo": ["Boom"]})
    table = app.table
    table.oot_corp.value = "Nonintendo"
    table.oot_show.click()
    assert "Boom" in table.oot_hand.value
    play_first_option(app, prefer=("Pass",))   # Mokia passes: Globbo is at the screen now
    assert table.focus == "Globbo"
    assert table.oot_revealed is None and "Boom" not in all_text(app)


def test_results_show_a_shared_win_as_a_draw():
    from widgets.megacorps_app.panels import results_html
    from widgets.megacorps_app.source import Results
    html = results_html(Results(["Final payout of Oil (2 competitors): Mokia 6, Globbo 6"],
                                {"Mokia": 50, "Globbo": 50, "Lenogo": 20}, ["Mokia", "Globbo"]))
    assert "A draw" in html and "Mokia and Globbo" in html
    assert "data-winners='Mokia|Globbo'" in html
    assert "Final payout of Oil" in html


def test_money_chart_built_when_its_tab_opens():
    app = App(pause=0)
    seat(app, [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Greedy")], seed=6)
    app.form.start.click()
    chart = app.table.chart
    assert chart.figure is None  # no second 1.3 MB FigureWidget module until someone looks at it
    app.table.tabs.selected_index = 1
    assert chart.figure is not None
    names = {t.name for t in chart.figure.data}
    assert names == {"Mokia", "Globbo", "Nonintendo"}


def test_the_money_chart_is_as_wide_as_the_sidebar():
    # at 1024 x 700 the chart was drawn 440 px wide in a sidebar of about 320 and cut off
    from widgets.megacorps_app.panels import end_chart_width
    app = App(pause=0)
    seat(app, [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Greedy")], seed=6)
    app.form.start.click()
    app.table.tabs.selected_index = 1
    figure = app.table.chart.figure
    app.bridge.on_size({"width": 1024, "height": 700, "board": 640})
    assert app.error.value == ""
    assert app.table.chart.figure is figure and figure.layout.width == end_chart_width(1024) < 330


def test_a_board_click_never_changes_the_chosen_action_and_says_why():
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, mercenaries={"Mokia": 2}, companies={"Japan/Aerospace": "Globbo"},
                        countries={"Japan": "Globbo"})
    ch = app.table.chooser
    app.board_click("Japan/Aerospace")          # no action chosen yet: nothing is chosen for the player
    assert ch.group is None and "Choose an action first" in app.info.value
    ch.choose("Buy Company")
    app.board_click("Japan/Aerospace")          # owned by Globbo: the form stays on Buy Company
    assert ch.group == "buy" and ch.selected_action() is None
    assert "Globbo" in app.info.value and "Not a choice for Buy Company" in app.info.value
    app.board_click("L-5/Nanotech")
    assert ch.group == "buy" and "not" in app.info.value.lower()
    app.board_click("India/Biotech")
    assert ch.selected_action() == mc.BuyCompany("Mokia", "India/Biotech")


def test_numbers_are_never_clamped_without_a_word():
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats)
    ch = app.table.chooser
    ch.choose("Buy Mercenaries")
    box = ch._inputs["from_box"]
    most = box._mc_range[1]
    box.value = most + 7
    assert box.value == most
    assert f"You entered {most + 7}" in ch.note.value and f"set to <b>{most}</b>" in ch.note.value
    box.value = -5
    assert box.value == 0 and "-5" in ch.note.value


def test_lone_human_is_not_asked_about_payout_cards_it_does_not_hold():
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Mokia": ["Boom"]}, companies={"Japan/Aerospace": "Mokia"})
    game = app.session.game
    ch = app.table.chooser
    ch.choose("Payout Industry")
    ch.set_field("industry", "Aerospace")
    ch.confirm.click()
    # Mokia holds a card, so the engine waits for its answer; the table answers for it
    assert all(type(f).__name__ != "PayoutFrame" for f in game.state.frames)
    assert any(isinstance(a, mc.NoCard) and a.corp == "Mokia" for a in game.actions)
    assert "Oversupply" not in app.table.prompt.value


def test_hot_seat_payout_window_counts_down_and_a_holder_claims_it():
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Mokia": ["Boom"], "Globbo": ["Oversupply"]},
                        companies={"Japan/Aerospace": "Mokia", "NAFTA/Aerospace": "Globbo"})
    table = app.table
    table.window_seconds = 60   # a window that stays open for the test
    game = app.session.game
    table.chooser.choose("Payout Industry")
    table.chooser.set_field("industry", "Aerospace")
    table.chooser.confirm.click()
    app.refresh()
    assert table.window_open() and table.window_box.layout.display != "none"
    assert "Payout window" in table.window_text.value and "Oversupply" not in all_text(app)
    # everyone sees the same window: nothing says who holds a payout card
    assert set(table.window_who.options) == {"Mokia", "Globbo"}
    table.window_who.value = "Globbo"
    table.window_claim.click()
    assert table.focus == "Globbo" and table.chooser.widget.layout.display != "none"
    table.show_hand.click()
    table.chooser.choose("Play a card")
    table.chooser.set_field("card", "Oversupply")
    table.chooser.confirm.click()
    assert app.error.value == "", app.error.value
    app.refresh()
    # Mokia may answer the card; with no answer the window closes and the payout happens
    table.expire_window()
    assert all(type(f).__name__ != "PayoutFrame" for f in game.state.frames)
    assert any("Oversupply" in e.text for e in game.log)


def test_a_new_game_gets_a_fresh_seed_unless_one_is_set():
    corps = ["Mokia", "Globbo", "Nonintendo"]
    app = App(pause=0)
    app.run_bots = lambda: None   # the deals compared as dealt
    seat(app, [(c, "Random") for c in corps], seed=0)
    app.form.seed.value = ""
    app.form.start.click()
    first = app.session.game.state.deck
    app.form.start.click()
    assert app.session.game.state.deck != first   # empty seed: a new deal each time
    app.form.seed.value = "77"
    app.form.start.click()
    assert app.session.game.to_json() == mc.new_game(corps, seed=77).to_json()
    assert app.form.seed.value == ""              # the seed tells the hidden order: it leaves the page
    app.form.seed.value = "seven"
    app.form.start.click()
    assert "whole number" in app.error.value


def test_the_new_game_form_describes_every_bot_level():
    app = App(pause=0)
    for level, cls in mc.bots.LEVELS.items():
        assert f"<b>{level} bot</b>" in app.form.bots.value
        if getattr(cls, "description", ""):
            assert cls.description.split(".")[0][1:30].replace("'", "&#x27;") in app.form.bots.value \
                or cls.description.split(".")[0][1:30] in app.form.bots.value


def test_trades_can_offer_and_ask_for_cards():
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Mokia": ["Boom"], "Globbo": ["Elections"]})
    table = app.table
    table.show_hand.click()
    ch = table.chooser
    ch.choose("Offer a trade")
    form = ch._trade
    form.to.value = "Globbo"
    next(b for b in form.give["cards"] if b.description == "Boom").value = True
    asked = [b for b in form.take["cards"] if b.description == "Elections"]
    assert asked and "secret" in all_text(form.widget)   # any card may be asked for: the hand is secret
    asked[0].value = True
    assert ch.selected_action() == mc.OfferTrade("Mokia", "Globbo", mc.Bundle(cards=("Boom",)),
                                                 mc.Bundle(cards=("Elections",)))
    ch.confirm.click()
    assert app.error.value == "", app.error.value
    table.chooser.choose("Accept")
    table.chooser.confirm.click()
    game = app.session.game
    assert game.state.hands["Mokia"] == ["Elections"] and game.state.hands["Globbo"] == ["Boom"]


def test_a_bots_reason_for_a_secret_bid_waits_until_the_bids_are_revealed():
    # the bots' reasons name their amounts ("bids 13 for ASEAN"): shown before the human's own
    # bid, they gave the auction away
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Shrewd"}
    app = _scenario_app(seats, hands={"Mokia": ["Greedy Kleptocrats"]})
    game, table = app.session.game, app.table
    play_card(app, "Greedy Kleptocrats", "ASEAN")
    assert game.deciders == ["Mokia"] and table.chooser.group == "bid"
    secret = re.compile(r"bids \d+ for ASEAN")
    assert not secret.search(all_text(app)) and "Globbo has placed a bid" in table.log.value
    table.chooser.set_field("amount", 1)
    table.chooser.confirm.click()
    assert app.error.value == "", app.error.value
    assert secret.search(table.log.value)  # revealed with the bids themselves




def test_a_bots_reason_sits_under_the_line_its_move_wrote():
    # newest first, the reason sat under the step's newest line ("Round 4: Mokia draws ...")
    # and a silent pass in a payout window explained "Mokia takes the Paid card"
    from widgets.megacorps_app.panels import log_html
    from widgets.megacorps_app.source import Entry
    entries = [Entry(0, 3, "Nonintendo buys Japan/Media for 4 Euros", "Buy Company", 5, "Nonintendo", "Shrewd",
                     "takes Japan/Media"),
               Entry(1, 3, "The Active Player card passes to Mokia", "Rounds", 5, "Nonintendo", "Shrewd",
                     "takes Japan/Media"),
               Entry(2, 4, "Mokia takes the Paid card", "The Paid Card", 6, "Lenogo", "Random",
                     "picked at random among 1 choices")]
    rows = re.findall(r"<div class='mc-log-entry'.*?(?=<div class='mc-log-entry'|</div></div>$)", log_html(entries))
    by_text = {next(e.text for e in entries if e.text in row): row for row in rows}
    assert "takes Japan/Media" in by_text["Nonintendo buys Japan/Media for 4 Euros"]
    assert "thinks" not in by_text["The Active Player card passes to Mokia"]
    assert "thinks" not in by_text["Mokia takes the Paid card"]
    # and the log says which way it runs (newest first), before its first line
    text = log_html(entries)
    assert -1 < text.find("Newest first") < text.find("Mokia takes the Paid card")


def test_since_your_last_turn_says_it_lists_only_what_involved_you():
    # "1 event" after a round with a war, a card in play and three purchases read as if
    # nothing else had happened
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, companies={"ASEAN/Oil": "Mokia", "ASEAN/Nanotech": "Mokia"},
                        countries={"ASEAN": "Globbo"})  # a Kleptocracy: Globbo may take them
    app.table.chooser.choose("Pass")
    app.table.chooser.confirm.click()
    assert app.error.value == "", app.error.value
    assert since_last_turn(app.session.timeline(), "Mokia")
    text = app.table._since_html(app.session, "Mokia")
    assert "involving Mokia" in text and "Game log" in text




def test_a_purchase_the_controller_may_veto_says_so_in_the_choice_itself():
    # the veto risk showed only in the preview, after a company was chosen: a newcomer picking
    # from the list did not see, at the decision, which purchases Globbo could forbid
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, companies={"NAFTA/Aerospace": "Mokia"}, countries={"Japan": "Globbo"})
    ch = app.table.chooser
    ch.choose("Buy Company")
    options = dict(zip(ch._inputs["company"]._mc_values, ch._inputs["company"].options))
    assert "Globbo may veto" in options["Japan/Aerospace"]       # Globbo controls Japan; Mokia owns Aerospace
    assert options["India/Biotech"] == "India/Biotech"             # nobody can veto this one
    assert not any("may veto" in label for company, label in options.items() if not company.startswith("Japan/"))
    ch.set_field("company", "Japan/Aerospace")                     # choosing still works by company
    assert ch.selected_action() == mc.BuyCompany("Mokia", "Japan/Aerospace")








def test_a_purchase_that_needs_permission_is_reported_as_asked_not_done():
    # "Mokia buys European Union/Robotics." stood above "its purchase was vetoed"
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": "Greedy"}
    app = _scenario_app(seats, companies={"NAFTA/Aerospace": "Mokia"}, countries={"Japan": "Globbo"})
    ch = app.table.chooser
    ch.choose("Buy Company")
    ch.set_field("company", "Japan/Aerospace")
    ch.confirm.click()
    assert app.error.value == "", app.error.value
    assert "Mokia buys" not in app.info.value
    assert "wants to buy Japan/Aerospace" in app.info.value and "may veto" in app.info.value


def test_what_the_players_action_did_is_marked_earlier_once_another_corp_has_moved():
    """"Mokia passes." stayed in the info line, as if it were the latest news, while the bots
    played on: once another corp has moved it says it is earlier (the log has the rest)."""
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats)
    app.run_bots = lambda: None   # the bots move one at a time, below, as the background task does
    app.table.chooser.choose("Pass")
    app.table.chooser.confirm.click()
    assert app.error.value == "", app.error.value
    assert "Mokia passes." in app.info.value and "Earlier" not in app.info.value   # the latest news, for now
    app.refresh()                  # a redraw with nobody else moved leaves it so
    assert "Earlier" not in app.info.value and "mc-info-earlier" not in app.info.value
    assert app.bot_step()
    app.refresh()
    assert app.session.timeline()[-1].corp == "Globbo"
    assert "Earlier: Mokia passes." in app.info.value and "mc-info-earlier" in app.info.value
    # through the whole bot loop (at once, headless): the same once the bots have played to Mokia
    app = _scenario_app(seats)
    app.table.chooser.choose("Pass")
    app.table.chooser.confirm.click()
    assert app.session.human_deciders() == ["Mokia"]
    assert {step.corp for step in app.session.timeline()[1:]} >= {"Globbo", "Nonintendo"}
    assert "Earlier: Mokia passes." in app.info.value and "mc-info-earlier" in app.info.value


def test_the_bid_prompt_on_screen_names_the_card_that_started_the_auction():
    # the public game the table shows from has no log: the line must come from the table's log
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": HUMAN}
    app = _scenario_app(seats, hands={"Mokia": ["Greedy Kleptocrats"]})
    play_card(app, "Greedy Kleptocrats", "ASEAN")
    assert app.error.value == "", app.error.value
    table = app.table
    table.gate_button.click()
    assert table.chooser.group == "bid"
    assert "Mokia plays Greedy Kleptocrats on ASEAN." in table.prompt.value




def test_a_vote_says_how_many_votes_it_carries_and_who_else_votes():
    # "Vote for" had no preview: a newcomer could not tell how much its vote weighed
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Mokia": ["Elections"]},
                        companies={"NAFTA/Media": "Mokia", "Japan/Media": "Globbo", "European Union/Media": "Globbo"})
    democracy = next(c for c in app.session.game.state.board.country_by_name
                     if app.session.game.government(c) == "Democracy")
    play_card(app, "Elections", democracy)
    assert app.error.value == "", app.error.value
    ch = app.table.chooser
    assert ch.group == "vote"
    ch.set_field("candidate", "Mokia")
    import html
    text = html.unescape(ch.preview.value)
    assert "Mokia's 1 vote (one per Media company) goes to Mokia" in text and "the others: Globbo 2" in text




def test_a_choice_made_while_others_answer_the_same_payout_is_kept():
    """A lone human holding Oversupply picks "No card" while the bots still answer the payout:
    each bot's answer redraws the table, and the choice must survive it (a click was lost when
    the form was rebuilt under the pointer, and Confirm stayed grey)."""
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Mokia": ["Oversupply"], "Globbo": ["Boom"], "Nonintendo": ["Boom"]},
                        companies={"Japan/Aerospace": "Mokia", "NAFTA/Aerospace": "Globbo"})
    app.run_bots = lambda: None   # the bots answer one at a time, below, as the background task does
    ch = app.table.chooser
    ch.choose("Payout Industry")
    ch.set_field("industry", "Aerospace")
    ch.confirm.click()
    game = app.session.game
    assert type(game.state.top_frame).__name__ == "PayoutFrame" and "Mokia" in game.deciders
    ch.choose("No card")
    assert not ch.confirm.disabled
    buttons = (ch.kind, ch.confirm)
    moved = 0
    while app.session.bots_to_move():
        app.bot_step()
        app.refresh()
        moved += 1
        assert ch.group == "no-card" and not ch.confirm.disabled, "the choice was lost as a bot answered"
        assert (ch.kind, ch.confirm) == buttons
    assert moved == 2
    ch.confirm.click()
    assert app.error.value == "", app.error.value
    assert any(isinstance(a, mc.NoCard) and a.corp == "Mokia" for a in game.actions)


def test_a_war_against_the_player_is_announced_with_its_odds_while_others_decide():
    """Globbo (bot) attacks Mokia's Maghreb; Nonintendo (bot) may still send mercenaries. Mokia
    has nothing to decide (defending is automatic) and was never told: the decision panel says
    so at once, with the odds as things stand."""
    seats = {"Globbo": "Greedy", "Mokia": HUMAN, "Nonintendo": "Greedy"}
    game = mc.scenario(list(seats), round=1, countries={"NAFTA": "Globbo", "Maghreb": "Mokia"},
                       mercenaries={"Globbo": 3, "Mokia": 1, "Nonintendo": 2})
    game.apply(mc.LaunchWar("Globbo", "Maghreb"))
    app = App(pause=0)
    app.run_bots = lambda: None   # Nonintendo has not answered yet
    app.start(game, seats)
    alert = app.table.war_alert.value
    attack, defense, _ = mc.war_totals(game.state, "Globbo", "Maghreb")
    assert "War on Mokia's Maghreb" in alert
    assert f"attacks with {attack}" in alert and f"defense {defense}" in alert and (attack, defense) == (7, 3)
    assert "Globbo would win: Mokia would lose Maghreb and 1 mercenary" in alert
    assert "Nonintendo may still give up to 2 mercenaries" in alert
    assert "Defending is automatic" in alert
    assert app.table.war_against_here().country == "Maghreb"
    # the war is decided: the alert goes
    app.bot_step()
    app.refresh()
    assert app.table.war_alert.value == "" and app.table.war_against_here() is None
    assert game.controller("Maghreb") == "Globbo"


def test_a_war_between_others_raises_no_alert():
    seats = {"Globbo": "Greedy", "Mokia": HUMAN, "Nonintendo": "Greedy"}
    game = mc.scenario(list(seats), round=1, countries={"NAFTA": "Globbo", "Maghreb": "Nonintendo"},
                       mercenaries={"Globbo": 3, "Mokia": 1})
    game.apply(mc.LaunchWar("Globbo", "Maghreb"))
    app = App(pause=0)
    app.run_bots = lambda: None
    app.start(game, seats)
    assert app.table.war_alert.value == ""


def test_a_bots_silent_no_card_puts_no_reason_under_the_payout_it_let_happen():
    """Globbo's "no card" closes the payout window: the payout's lines belong to its step, and
    "Globbo (Mastermind bot) thinks: its only choice" stood under a payout it chose nothing in."""
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Globbo": ["Boom"]},
                        companies={"Japan/Aerospace": "Mokia", "NAFTA/Aerospace": "Globbo"})
    ch = app.table.chooser
    ch.choose("Payout Industry")
    ch.set_field("industry", "Aerospace")
    ch.confirm.click()
    game = app.session.game
    step = next(i for i, a in enumerate(game.actions) if isinstance(a, mc.NoCard) and a.corp == "Globbo")
    lines = [e for e in app.session.log_entries() if e.step == step]
    assert lines and any("Globbo" in e.text for e in lines)   # the payout, written in Globbo's step
    assert app.session.reasons[step]                          # the bot gave a reason...
    assert all(e.reason == "" for e in lines)                 # ...that is not put under the payout
    assert f"data-step='{step}'" in app.table.log.value
    for chunk in app.table.log.value.split("mc-log-entry")[1:]:
        if f"data-step='{step}'" in chunk:
            assert "mc-bot-reason" not in chunk


def test_a_corp_asked_to_sell_mercenaries_it_does_not_hold_is_told_where_they_come_from():
    """"Mokia may sell mercenaries to Nonintendo (1 to 2)" while Mokia held none: they come
    from its Biotech companies, which supply mercenaries while Clone Soldiers is in play."""
    seats = {"Nonintendo": "Greedy", "Mokia": HUMAN, "Globbo": "Greedy"}
    game = mc.scenario(list(seats), round=1, in_play=["Clone Soldiers"],
                       companies={"India/Biotech": "Mokia", "Mercosur/Biotech": "Mokia"})
    game.apply(mc.BuyMercenaries("Nonintendo", 0, True))
    assert game.deciders == ["Mokia"] and game.mercenaries("Mokia") == 0
    app = App(pause=0)
    app.run_bots = lambda: None
    app.start(game, seats)
    prompt = app.table.prompt.value
    assert "Mokia may sell mercenaries to Nonintendo" in prompt
    assert "India/Biotech, Mercosur/Biotech" in prompt
    assert "Biotech companies supply them too while Clone Soldiers is in play" in prompt
    assert "whatever Mokia holds" in prompt


def _payout_by_globbo(**position) -> App:
    """Globbo (a bot) has just called a payout of Aerospace; Mokia, the lone human, holds
    Oversupply and is asked."""
    seats = {"Globbo": "Greedy", "Mokia": HUMAN, "Nonintendo": "Greedy"}
    position.setdefault("hands", {"Mokia": ["Oversupply"]})
    game = mc.scenario(list(seats), round=1, **position)
    game.apply(mc.PayoutIndustry("Globbo", "Aerospace"))
    app = App(pause=0)
    app.run_bots = lambda: None
    app.start(game, seats)
    return app


def test_a_lone_human_may_skip_payout_card_prompts_for_the_rest_of_the_round():
    app = _payout_by_globbo(companies={"Japan/Aerospace": "Mokia", "NAFTA/Aerospace": "Globbo"},
                            hands={"Mokia": ["Oversupply", "Boom"]})
    table, game = app.table, app.session.game
    assert table.focus == "Mokia" and table.payout_ask.layout.display != "none"
    assert "No card" in table.chooser.kind.options
    table.payout_ask.value = "round"
    # answered at once: no card, and the payout happened
    assert any(isinstance(a, mc.NoCard) and a.corp == "Mokia" for a in game.actions)
    assert not any(isinstance(f, PayoutFrame) for f in game.state.frames)
    # Mokia's Boom makes Aerospace pay out again, the same round: the table answers for it
    assert game.deciders == ["Mokia"]
    del app.run_bots   # from now on the table moves by itself again
    play_card(app, "Boom", "Aerospace")
    assert sum(isinstance(a, mc.NoCard) and a.corp == "Mokia" for a in game.actions) == 2
    assert "Oversupply" in game.hand("Mokia")   # kept, not played
    assert app.error.value == "", app.error.value


def test_a_lone_human_may_be_asked_only_when_its_card_would_change_a_payout():
    # every Aerospace company but Globbo's is unowned: five competitors, and Oversupply keeps it five
    app = _payout_by_globbo(companies={"NAFTA/Aerospace": "Globbo"})
    table, game = app.table, app.session.game
    assert not mc.card_changes_payout(game.state, "Oversupply")
    table.payout_ask.value = "changes"
    assert any(isinstance(a, mc.NoCard) and a.corp == "Mokia" for a in game.actions)
    # where it would change the money, Mokia is asked
    app = _payout_by_globbo(companies={"Japan/Aerospace": "Mokia", "NAFTA/Aerospace": "Globbo",
                                       "China/Aerospace": "Globbo", "European Union/Aerospace": "Nonintendo",
                                       "Great Russia/Aerospace": "Nonintendo"})
    app.table.payout_ask.value = "changes"
    assert mc.card_changes_payout(app.session.game.state, "Oversupply")
    assert app.table.focus == "Mokia" and not any(isinstance(a, mc.NoCard) for a in app.session.game.actions)


def test_a_choice_stays_chosen_when_another_corps_card_changes_the_other_choices():
    """Mokia (lone human) picked "No card" in a payout; Globbo then plays Shortages, so Mokia's
    own Shortages is no longer playable and the form is rebuilt: "No card" stays chosen."""
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Mokia": ["Shortages", "Oversupply"], "Globbo": ["Shortages"]},
                        companies={"Japan/Aerospace": "Mokia", "NAFTA/Aerospace": "Globbo"})
    app.run_bots = lambda: None
    ch = app.table.chooser
    ch.choose("Payout Industry")
    ch.set_field("industry", "Aerospace")
    ch.confirm.click()
    ch.choose("No card")
    session = app.session
    before = session.legal_actions("Mokia")
    session.game.apply(mc.PlayCard("Globbo", "Shortages"))   # as Globbo's bot would, between two refreshes
    app.version += 1
    app.refresh()
    assert session.legal_actions("Mokia") != before            # the choices did change
    assert ch.group == "no-card" and not ch.confirm.disabled
    ch.confirm.click()
    assert app.error.value == "", app.error.value
    assert any(isinstance(a, mc.NoCard) and a.corp == "Mokia" for a in session.game.actions)


def test_a_hot_seat_undo_is_not_offered_through_another_corps_sealed_bid():
    """Mokia (human) played the card that opened an auction, Globbo (a bot) bid in secret, and the
    humans are to bid: Undo offered to take back Mokia's card, and then failed on Globbo's sealed
    bid, which only Globbo's seat may take back; now it says so at once and nothing changes."""
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Mokia": ["Greedy Kleptocrats"]})
    game.apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "Great Russia"))
    app = hot_seat(game, {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": HUMAN})
    session = app.session
    corp, move = app.last_bot_move   # the bot bid as the page opened
    assert isinstance(move.action, mc.Bid) and corp == "Globbo"
    assert {"Mokia", "Nonintendo"} <= set(session.deciders()) and not session.bots_to_move()
    offer = app.undo_offer()
    assert not offer.possible and "still sealed" in offer.reason
    before = session.game.to_json()
    with pytest.raises(ValueError, match="still sealed"):
        app.undo()
    assert session.game.to_json() == before


def test_the_trade_form_says_once_that_the_other_corp_holds_no_cards():
    """"Cards (Globbo holds 0; its hand is secret, so ask for any...)" stood above "Globbo holds no
    cards": an empty hand is said once; a hand of some cards keeps the note on asking for any."""
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": "Greedy"}
    app = _scenario_app(seats, hands={"Nonintendo": ["Boom"]})
    ch = app.table.chooser
    ch.choose("Offer a trade")
    form = ch._trade
    form.to.value = "Globbo"
    said = all_text(form.take_box)
    assert "Globbo holds no cards" in said and "ask for any" not in said and "holds 0" not in said
    form.to.value = "Nonintendo"
    said = all_text(form.take_box)
    assert "Nonintendo holds 1; its hand is secret, so ask for any" in said and "holds no cards" not in said
