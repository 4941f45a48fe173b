"""One renderer draws the log on every page (widgets/shell/log.py): on a shell game and on
MegaCorps' page alike, newest first under a note saying so, and a bot's reason inside the line
it explains, under that line's text (MegaCorps: the first line of the bot's step naming its corp;
the shell: the first line the bot's move wrote)."""
from __future__ import annotations

import re
from html import escape

import pytest

import megacorps as mc

import widgets.shell.log as shared
from widgets.megacorps_app import panels
from widgets.testing.mc_tables import hot_seat
from widgets.shell import GameParts, Shell


def entries_of(html: str, entry_class: str) -> list[str]:
    """The log's lines as rendered, newest first: each line's HTML, its reasons inside it."""
    return html.split(f"<div class='{entry_class}'")[1:]


@pytest.fixture
def rendered(monkeypatch):
    """The prefixes the shared renderer drew lines for (a page with its own renderer draws none)."""
    calls: list[str] = []
    draw = shared.line_html

    def spy(line, classes, rule_link):
        calls.append(classes.entry)
        return draw(line, classes, rule_link)
    monkeypatch.setattr(shared, "line_html", spy)
    return calls


def test_a_shell_games_bot_reason_sits_under_the_first_line_its_move_wrote(rendered):
    seats = {"Ada": "Tycoon", "Bo": "Random", "Cy": "Tycoon"}
    shell = Shell(GameParts("megacquire"), pause=0)
    shell.start(shell.spec.new_game(list(seats), seed=3, options={"last_round": 3}), seats)   # bots only
    log, html = shell.game.log, shell.log_box.value
    assert "shell-log-entry" in rendered
    assert html.index(shared.NEWEST_FIRST) < html.index("shell-log-entry")
    lines = entries_of(html, "shell-log-entry")
    assert len(lines) == min(len(log), shared.LOG_LIMIT)
    first_shown = len(log) - len(lines)
    reasons = [(at, text) for at, text in shell.shown_reasons() if at >= first_shown]
    assert reasons
    for at, text in reasons:
        line = lines[len(log) - 1 - at]   # newest first
        said = f"<span class='shell-line'>{escape(log[at].for_seat(None))}</span>"
        why = f"<div class='shell-reason'>{escape(text)}</div>"
        assert -1 < line.find(said) < line.find(why), (at, text)
    assert html.count("class='shell-reason'") == len(reasons)   # each reason once, nowhere else
    # a line with a round carries its label ("R2", "Round 2" on hover)
    assert any(e.round == 2 for e in log) and "title='Round 2'>R2</span>" in html


def test_a_megacorps_bots_reason_sits_under_the_line_of_its_step_naming_its_corp(rendered):
    seats = {"Mokia": "Greedy", "Globbo": "Shrewd", "Nonintendo": "Random"}
    app = hot_seat(mc.new_game(list(seats), seed=5), seats, bots_move=False)
    session = app.session
    for _ in range(40):
        app.bot_step()
    entries = session.log_entries()
    html = panels.log_html(entries)
    assert "mc-log-entry" in rendered
    assert html.startswith("<div class='mc-log'>") and html.index(shared.NEWEST_FIRST) < html.index("mc-log-entry")
    lines = entries_of(html, "mc-log-entry")
    assert len(lines) == len(entries)
    explained = 0
    for e, line in zip(reversed(entries), lines):
        assert line.startswith(f" data-step='{e.step}'>")
        if "mc-bot-reason" not in line:
            continue
        explained += 1
        first = next(x for x in entries if x.step == e.step and e.by in x.text)
        assert first.index == e.index and e.bot == seats[e.by]   # the first line of its step naming its corp
        why = f"<div class='mc-bot-reason'>{escape(e.by)} ({e.bot} bot) thinks: {escape(e.reason)}</div>"
        assert -1 < line.find(f"<span class='mc-log-text'>{escape(e.text)}</span>") < line.find(why)
    steps = {e.step for e in entries if e.bot and e.reason and any(e.by in x.text for x in entries if x.step == e.step)}
    assert explained == len(steps) > 10   # one reason a bot's step, under its own line
    # every line's rule is its link to the Rules tab, after the text
    assert all(re.search(r"</span> <a href='#mc-rule-[^']+' class='mc-rule-link mc-log-rule' data-mc-topic='[^']+'", line) for line in lines)


def test_the_megacquire_first_games_log_is_the_kits_with_rule_links_and_no_rivals_secret(rendered):
    """The guided first game (widgets/megacquire/first_game.py) draws its log with the kit's
    renderer: newest first, each line with its round, a rule link that opens the lesson's own
    rules viewer, and only what Cy may read (a rival's drawn tile stays "a tile")."""
    from megacorps import megacquire as mq
    from megacorps.megacquire.log import FOUND, SETUP
    from widgets.megacquire.first_game import FOUND_TILE, YOU, FirstGame

    fg = FirstGame()
    fg.next()
    fg.act(mq.PlayTile(YOU, FOUND_TILE))
    fg.act(mq.Found(YOU, "Harbor"))
    fg.next()
    fg.act(mq.BuyShare(YOU, "Harbor"))
    fg.act(mq.BuyShare(YOU, "Harbor"))
    fg.act(mq.EndTurn(YOU))   # Cy draws, then Ada and Bo play their turns and draw
    log, html = fg.game.log, fg.log_box.value
    assert "mq-log-entry" in rendered
    assert html.index(shared.NEWEST_FIRST) < html.index("mq-log-entry")
    played = [e for e in log if e.rule != SETUP]   # the set position's line is not the learner's
    lines = entries_of(html, "mq-log-entry")
    assert len(lines) == len(played) > 8
    for entry, line in zip(reversed(played), lines):   # newest first, each with its round
        assert line.startswith(f"><span class='mq-log-round' title='Round {entry.round}'>R{entry.round}</span>"
                               f"<span class='mq-log-text'>{escape(entry.for_seat(YOU))}</span>"), line
    # the founding line links to the section of the rules help explaining founding ...
    key = fg.rules_view.find(FOUND)
    founding = lines[len(played) - 1 - next(i for i, e in enumerate(played) if e.rule == FOUND)]
    assert key and f"class='mq-rule-link' data-mc-topic='{key}'" in founding
    # ... and its click, as the page's bridge hands it to the kernel, opens the viewer there
    assert fg.rules_view.widget.layout.display == "none"
    assert not fg.bridge.uploads and not fg.bridge.watch   # a lesson's bridge: links only, no cover over JupyterLab
    fg.bridge._received(fg.bridge, {"type": "topic", "topic": key}, [])
    assert fg.rules_view.widget.layout.display != "none"
    assert f"id='mq-rule-{key}' data-section='{key}'" in fg.rules_view.widget.value
    # what only one seat may read: Cy's own drawn tile is shown, never Ada's or Bo's
    secrets = [(seat, text) for e in log for seat, text in (e.secret or {}).items()]
    assert {seat for seat, _ in secrets} == {YOU, "Ada", "Bo"}
    for seat, text in secrets:
        assert (escape(text) in html) == (seat == YOU), (seat, text)
