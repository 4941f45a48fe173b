"""Help inside the app and the corp palette: every event of a game links to a rule that
explains it, lesson links point at lessons that exist, "since your last turn" and "why can't
I?" say what they should, the end screen accounts for every Euro, and the corp colours stay
apart under the common colour-vision deficiencies."""
from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

import megacorps as mc
from widgets.board.colors import CORP_COLORS, CORP_DASHES, CORP_SYMBOLS, STATUS_STYLE
from widgets.megacorps_app import rules
from widgets.megacorps_app.hot_seat import HotSeatTable
from widgets.megacorps_app.source import HUMAN
from widgets.testing.mc_tables import hot_seat
from widgets.megacorps_app.summary import money_sources, since_last_turn, turning_points


@pytest.fixture(autouse=True)
def _data_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))


def _bot_game(seed: int, corps=("Mokia", "Globbo", "Nonintendo", "Lenogo")) -> HotSeatTable:
    seats = {c: ("Random" if i % 2 else "Greedy") for i, c in enumerate(corps)}
    session = hot_seat(mc.new_game(list(corps), seed=seed), seats).session   # the bots play it out
    assert session.game.is_over
    return session


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_event_of_a_game_has_a_rule_that_explains_it(seed):
    session = _bot_game(seed)
    sections = {s.key: s for s in rules.rules_help(session.game.state.deck_spec).sections}
    for entry in session.log_entries():
        topic = rules.topic_for_rule(entry.rule)
        assert topic in rules.TOPICS, (entry.rule, entry.text)
        # the fallback is kept for rules nobody named: every rule the engine logs is named
        assert topic != "Rounds" or entry.rule in ("Rounds",), (entry.rule, entry.text)
        assert sections[topic].title and len(sections[topic].html) > 80


def test_every_card_and_decision_has_a_page_and_every_lesson_link_exists():
    deck = mc.new_game(["Mokia", "Globbo", "Nonintendo"], seed=1).state.deck_spec
    sections = {s.key: s for s in rules.rules_help(deck).sections}
    for card in deck.cards:
        page = sections[rules.CARD_TOPIC_PREFIX + card.name]
        assert card.name in page.title and card.summary.split(":")[0][:20] in page.html
    for group, topic in rules.GROUP_TOPIC.items():
        assert topic in rules.TOPICS and rules.ACTION_TIPS[group]
    missing = [name for name in rules.all_lesson_files() if not (rules.LESSONS_DIR / name).exists()]
    assert missing == [], f"lesson links to missing notebooks: {missing}"


def test_why_cant_i_says_why_in_game_terms():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1, paid="Mokia", money={"Mokia": 3})
    state = game.state
    offered = {a.kind for a in game.legal_actions("Mokia")}
    reasons = {label: why for label, why, _ in rules.why_not(state, "Mokia", offered)}
    assert "Paid card" in reasons["Payout Industry"]
    assert "3" in reasons["Buy Company"] and "4 Euros" in reasons["Buy Company"]
    assert "control no country" in reasons["Government Intervention"]
    assert "no mercenaries" in reasons["Launch a War"]   # a scenario starts without any


def test_since_your_last_turn_names_what_changed_and_why():
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    game = mc.scenario(list(seats), round=1, companies={"Japan/Aerospace": "Mokia"}, mercenaries={"Globbo": 9},
                       countries={"Japan": "Mokia"})
    app = hot_seat(game, seats, bots_move=False)
    session = app.session
    app.act(mc.Pass("Mokia"))
    app.game.apply(mc.LaunchWar("Globbo", "Japan"))   # as Globbo's bot would
    app.version += 1
    while app.bot_step() and session.game.round == 1:
        pass
    events = since_last_turn(session.timeline(), "Mokia")
    lost = [e for e in events if "lost control of Japan" in e.effect]
    assert lost and lost[0].topic in ("Resolving a War", "Launch a War", "When the War is Over")


def test_since_your_last_turn_lists_only_the_lines_that_involve_the_corp():
    # a step that logs what happened to several corps was listed whole under "involving Mokia"
    from widgets.megacorps_app.source import Entry, Step
    money = {"Mokia": 40, "Globbo": 40}
    lines = (Entry(0, 2, "Globbo wins the war for Japan", "Resolving a War", 1, "Globbo"),
             Entry(1, 2, "Globbo takes Japan/Nanotech for free", "When the War is Over", 1, "Globbo"),
             Entry(2, 2, "Mokia loses 2 mercenaries sent to Japan", "Resolving a War", 1, "Globbo"))
    timeline = [Step(0, 2, "Mokia", "pass", "Mokia passes", (), money, money),
                Step(1, 2, "Globbo", "war", "Globbo launches a war", lines, money, money)]
    [event] = since_last_turn(timeline, "Mokia")
    assert event.text == "Mokia loses 2 mercenaries sent to Japan"


@pytest.mark.parametrize("seed", [4, 5])
def test_the_end_screen_accounts_for_every_euro(seed):
    session = _bot_game(seed)
    timeline = session.timeline()
    corps = session.corps
    sources = money_sources(timeline, corps, list(session.game.board.industries))
    start = timeline[0].money_before
    for corp in corps:
        assert start[corp] + sum(sources[corp].values()) == session.game.state.money[corp], (corp, sources[corp])
    assert any(k.startswith("Final payouts: ") for c in corps for k in sources[c])
    points = turning_points(timeline, corps)
    assert points and all(p.text for p in points)


def _rgb(h: str) -> np.ndarray:
    return np.array([int(h[i:i + 2], 16) / 255 for i in (1, 3, 5)])


def test_corp_colours_stay_apart_under_colour_vision_deficiencies():
    """Distance in CAM02-UCS between every two corp colours, and between each and the board's
    grey statuses, under normal vision and simulated deuteranomaly, protanomaly and
    tritanomaly at full severity (Machado et al., via colorspacious)."""
    from colorspacious import cspace_convert, deltaE
    sims = [None] + [{"name": "sRGB1+CVD", "cvd_type": t, "severity": 100}
                     for t in ("deuteranomaly", "protanomaly", "tritanomaly")]
    colours = dict(CORP_COLORS)
    statuses = {s: STATUS_STYLE[s][0] for s in ("unowned", "nationalized", "syndicalized")}

    def seen(hex_colour, sim):
        c = _rgb(hex_colour)
        return c if sim is None else np.clip(cspace_convert(c, sim, "sRGB1"), 0, 1)

    worst = []
    for sim in sims:
        for (a, ca), (b, cb) in itertools.combinations(colours.items(), 2):
            worst.append((deltaE(seen(ca, sim), seen(cb, sim), input_space="sRGB1"), a, b, sim and sim["cvd_type"]))
        for a, ca in colours.items():
            for s, cs in statuses.items():
                worst.append((deltaE(seen(ca, sim), seen(cs, sim), input_space="sRGB1"), a, s, sim and sim["cvd_type"]))
    assert min(worst)[0] >= 15, min(worst)
    # and colour is never alone: every corp has its own marker and dash on charts
    assert len(set(CORP_SYMBOLS.values())) == len(CORP_COLORS) == len(set(CORP_DASHES.values()))
    assert set(CORP_SYMBOLS) == set(CORP_COLORS) == set(mc.CORPS)


def test_the_end_screen_says_in_words_where_each_corps_money_came_from():
    # the chart alone asked a newcomer to match eleven colours to clipped legend labels
    from widgets.megacorps_app.panels import EndCharts
    session = _bot_game(4)
    charts = EndCharts()
    charts.show(session)
    text = charts.text.value
    sources = money_sources(session.timeline(), session.corps, list(session.game.board.industries))
    for corp in session.corps:
        payouts = sum(e for cat, e in sources[corp].items() if "ayouts: " in cat)
        if payouts:
            assert f"+{payouts} \u20ac from payouts" in text, corp
    assert "40 \u20ac at the start" in text and "companies bought" in text


def test_a_turning_point_at_the_final_payouts_is_named_so():
    # the step that ends the game begins with the last "plays no more cards": the big final
    # swing read "Lenogo plays no more cards (Nonintendo gains 38 Euros at once)"
    session = _bot_game(4)
    timeline = session.timeline()
    final = next(s for s in timeline if any(e.text.startswith("Final payout of ") for e in s.entries))
    points = {p.index: p for p in turning_points(timeline, session.corps, most=50)}
    assert final.index in points, "the final payouts move money: they are a turning point"
    assert points[final.index].text == "The final payouts"


def test_a_lesson_link_in_a_voila_serving_only_the_app_answers_where_it_was_clicked():
    # the note on how to open the lesson went only to the top of the sidebar, out of view when
    # the link was clicked in the Rules tab below: the click seemed to do nothing
    from widgets.megacorps_app.app import App
    app = App(pause=0)
    app.open_topic("Goal")
    app.bridge.on_lesson("00-first-game.ipynb")
    assert "megacorps-play" in app.table.rules.value
    assert "How to win" in app.table.rules.value  # the same topic, with the note under it


def test_the_money_chart_labels_rounds_so_that_they_do_not_run_together():
    from widgets.shell.money_chart import MoneySeries, money_figure
    xs = list(range(18))
    data = MoneySeries(xs, {"Mokia": [40 + x for x in xs], "Globbo": [40] * 18})
    assert money_figure(data, 1000, 320).layout.xaxis.dtick == 1    # room for every round
    narrow = money_figure(data, 330, 320).layout.xaxis.dtick       # the sidebar at 1024x700
    assert narrow >= 2 and 18 / narrow * 24 <= 330 - 114


@pytest.mark.parametrize("seed", [2, 5])
def test_a_turning_point_names_the_line_that_moved_the_money(seed):
    # the step's first line was named: "Lenogo has placed a bid" for the auction its bid ended
    # (Lenogo paid 42 Euros), "Globbo permits Mokia to buy ..." for Mokia's purchase
    session = _bot_game(seed)
    timeline = session.timeline()
    corps = session.corps
    checked = 0
    for point in turning_points(timeline, corps, most=50):
        step = timeline[point.index]
        if point.text == "The final payouts" or point.why == "a country changes hands":
            continue
        changed = [c for c in corps if step.money_after.get(c, 0) != step.money_before.get(c, 0)]
        assert point.text in [e.text for e in step.entries]
        assert any(c in point.text for c in changed), (point, changed)
        assert re.search(r"\d+ Euros?|earns \d|pays out", point.text), point
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("seed", [2, 4, 5])
def test_a_turning_points_reason_has_no_brackets_of_its_own(seed):
    # shown in brackets on the end screen, a reason in brackets read "(Lenogo takes the lead with
    # 40 Euros (Nonintendo down to 36))"
    session = _bot_game(seed)
    points = turning_points(session.timeline(), session.corps, most=50)
    assert any("takes the lead" in p.why for p in points)
    for point in points:
        assert "(" not in point.why and ")" not in point.why, point.why
    falls = [p.why for p in points if ", as " in p.why]
    assert all(re.search(r", as \w[\w ]* drops to \d+", why) for why in falls), falls


def test_the_log_names_the_setup_phase_one_way():
    # each setup line read "Setup  Setting Up  Globbo takes ... for free": two names, one phase
    from widgets.megacorps_app.panels import log_html
    seats = {"Mokia": HUMAN, "Globbo": "Greedy", "Nonintendo": "Greedy"}
    app = hot_seat(mc.new_game(list(seats), seed=4), seats, bots_move=False)
    session = app.session
    while session.game.state.phase == "setup":
        corp = session.game.deciders[0]
        session.game.apply(session.game.legal_actions(corp)[0])
    app.version += 1   # the moves above went to the game itself
    log = log_html(session.log_entries())
    text = re.sub(r"<[^>]+>", " ", log)
    assert "Setting Up" in text and "takes" in text
    assert "Setup" not in text


@pytest.mark.parametrize("government", ["Democracy", "Dictatorship", "Wikisyndicalism", "Kleptocracy"])
def test_an_intervention_names_who_made_it(government):
    # "Mercosur (Dictatorship) nationalizes Mercosur/Metals, taking it from Nonintendo": a newcomer
    # could not tell that the corp controlling Mercosur chose it (nor see its bot's reason)
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], round=1, countries={"Mercosur": "Mokia"},
                       governments={"Mercosur": government}, companies={"Mercosur/Metals": "Nonintendo"})
    game.apply(mc.Intervene("Mokia", "Mercosur/Metals"))
    line = next(e.text for e in reversed(game.log) if e.rule.startswith("Government Intervention"))
    assert "Mokia" in line and "Nonintendo" in line and "Mercosur/Metals" in line, line
