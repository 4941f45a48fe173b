"""One rules viewer (widgets/shell/rules_view.py) on every page: a log line's rules link opens it
at the section explaining that line's rule, on a shell game's page (MEGAcquire) and on
MegaCorps' page, and brings it into view; its index opens any other section; MegaCorps' card
pages follow the game's deck."""
from __future__ import annotations

import re
from html import unescape

import pytest

from widgets.megacorps_app import rules
from widgets.megacorps_app.app import App
from widgets.megacorps_app.source import HUMAN as MC_HUMAN
from widgets.megacorps_app.seat_picker import EMPTY
from widgets.megacquire.app import MegacquireParts
from widgets.shell import HUMAN, Shell
from widgets.shell.rules_view import RulesView


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))


def click_topic(bridge, topic: str) -> None:
    """What the page's script sends when a rules link is clicked (widgets/megacorps_app/browser.py)."""
    bridge._received(bridge, {"type": "topic", "topic": topic}, [])


def shown_section(view: RulesView) -> str:
    return re.search(r"data-section='([^']*)'", view.widget.value).group(1)


def start_megacorps(app: App) -> None:
    """One human (Mokia) against two bots."""
    for box, corp in zip(app.form.picker.choices, ("Mokia", "Globbo", "Nonintendo", EMPTY, EMPTY, EMPTY)):
        box[0].value = corp
        box[1].value = MC_HUMAN if corp == "Mokia" else "Greedy"
    app.form.seed.value = "5"
    app.form.start.click()
    assert app.session is not None and app.error.value == ""


def test_a_log_lines_rules_link_opens_the_same_viewer_at_its_rule_on_a_shell_page_and_on_megacorps(monkeypatch):
    # a shell game: MEGAcquire, one human and two bots, played until the log has lines of several rules
    shell = Shell(MegacquireParts(), pause=0)
    sent: list[dict] = []
    monkeypatch.setattr(shell.bridge, "send", lambda content, buffers=None: sent.append(content))
    game = shell.spec.new_game(["Ada", "Bo", "Cy"], seed=4)
    shell.start(game, {"Ada": HUMAN, "Bo": "Tycoon", "Cy": "Tycoon"})
    for _ in range(6):
        shell.act(game.legal_actions("Ada")[0])
    links = re.findall(r"<span class='shell-line'>([^<]*)</span> <a href='#shell-rule-[^']*' class='shell-rule-link' data-mc-topic='([^']*)'",
                       shell.log_box.value)
    keys = {key for _, key in links}
    assert len(keys) >= 2
    for text, key in links[:6]:
        rule = next(e.rule for e in game.log if e.for_seat("Ada") == unescape(text))
        assert shell.rules_help.section_for(rule) == key
        click_topic(shell.bridge, key)                     # the link's key, as the page's script reads it
        assert shown_section(shell.rules_view) == key and shell.rules_box.layout.display is None
        assert sent[-1] == {"type": "scroll", "selector": ".shell-rules"}
    shell_view = shell.rules_view

    # MegaCorps: one human against bots; its log's rule names link to the same viewer
    app = App(pause=0)
    sent = []
    monkeypatch.setattr(app.bridge, "send", lambda content, buffers=None: sent.append(content))
    start_megacorps(app)
    view = app.table.rules_view
    assert type(view) is type(shell_view) is RulesView
    log = app.table.log.value
    topics = re.findall(r"class='mc-rule-link mc-log-rule' data-mc-topic='([^']*)'", log)
    assert topics
    for topic in dict.fromkeys(topics):
        app.table.tabs.selected_index = 0                  # the log's tab in front, as when its link is clicked
        click_topic(app.bridge, topic)
        assert shown_section(view) == topic and app.table.tabs.selected_index == 2
        assert f"<h3>{rules.TOPICS[topic][0]}</h3>" in unescape(view.widget.value)
        assert sent[-1] == {"type": "reveal", "selector": ".mc-tabs", "always": True}


def test_the_index_opens_every_section_and_megacorps_card_pages_follow_the_deck(monkeypatch):
    app = App(pause=0)
    monkeypatch.setattr(app.bridge, "send", lambda content, buffers=None: None)
    app.rules_button.click()                               # before a game: the topics, no card yet
    view = app.table.rules_view
    assert shown_section(view) == "Goal" and "card:" not in view.widget.value
    for key in rules.TOPICS:
        assert key == "Goal" or f"data-mc-topic='{key}'" in unescape(view.widget.value)
    start_megacorps(app)                                   # a game: its deck's cards get their pages
    deck = app.session.game.state.deck_spec
    assert deck.cards and f"data-mc-topic='card:{deck.cards[0].name}'" in unescape(view.widget.value)
    for card in deck.cards:
        click_topic(app.bridge, rules.CARD_TOPIC_PREFIX + card.name)
        assert shown_section(view) == rules.CARD_TOPIC_PREFIX + card.name
        assert f"Card: {card.name}" in unescape(view.widget.value)
    # a topic naming a payout card opens that card's page once the deck is known
    click_topic(app.bridge, "Oversupply")
    assert shown_section(view) == "card:Oversupply"
    # a rule with no section of its own opens the one the help says explains it
    click_topic(app.bridge, "Government Intervention: Democracies")
    assert shown_section(view) == "Government Intervention"


@pytest.mark.parametrize("game_name", ["megacquire", "notecard", "tcg"])
def test_the_decision_panels_help_link_opens_the_section_of_the_decision_under_way(monkeypatch, game_name):
    from widgets.notecard.parts import NotecardParts
    from widgets.tcg.app import TcgParts
    parts = {"megacquire": MegacquireParts, "notecard": NotecardParts, "tcg": TcgParts}[game_name]()
    shell = Shell(parts, pause=0)
    monkeypatch.setattr(shell.bridge, "send", lambda content, buffers=None: None)
    seats = shell.spec.seats_for(shell.spec.min_seats)
    game = shell.spec.new_game(seats, seed=2)
    shell.start(game, {seat: HUMAN if i == 0 else shell.form.picker.kinds[1].options[1] for i, seat in enumerate(seats)})
    linked = 0
    for _ in range(12):
        seat = shell.human_to_decide()
        if seat is None or game.is_over:
            break
        title = shell._decision_title.value
        key = shell.rules_help.section_for_decision(game.decision_kind())
        found = re.search(r"class='shell-rule-link shell-help-link' data-mc-topic='([^']*)'", title)
        assert (found.group(1) if found else None) == key, (game.decision_kind(), title)
        if key is not None:
            linked += 1
            click_topic(shell.bridge, key)
            assert shown_section(shell.rules_view) == key
        shell.act(game.legal_actions(seat)[0])
    assert linked >= 1


def test_megacorps_decision_help_link_names_the_section_of_its_decision(monkeypatch):
    app = App(pause=0)
    monkeypatch.setattr(app.bridge, "send", lambda content, buffers=None: None)
    start_megacorps(app)
    game = app.session.game
    expected = rules.rules_help().section_for_decision(game.decision_kind()) or "Rounds"
    assert f"class='mc-rule-link mc-help-link' data-mc-topic='{expected}'" in app.table.prompt.value
