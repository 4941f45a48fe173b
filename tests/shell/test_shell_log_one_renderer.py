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
    session = hot_seat(mc.new_game(list(seats), seed=5), seats, bots_move=False).session
    for _ in range(40):
        session.bot_step()
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
