"""The game log as every page shows it, the shell's pages and MegaCorps' alike (`log_html`):
newest first under a note saying so, each line with its round (or turn, or quarter) label, its
text as the shown seat may read it, a link to the rule it applies (built by the page: the
shell's rules help anchor, MegaCorps' Rules tab topic) and, under the line it explains, a bot's
reason; and "since your last turn" (`since_html`), the lines a seat has not yet seen, oldest first.

A page hands the renderer `LogLine`s: which reasons it may show, and under which line, the page
decides before (a sealed bid's reason waits for the reveal: `Shell.shown_reasons`, MegaCorps'
`HotSeatTable._build_log`). `prefix` ("shell", "mc", "nc" or "mq") names the classes, so each page's
own selectors (`shell-line`, `shell-reason`; `mc-log-entry`, `mc-bot-reason`) keep working; a page
without the shell's styles takes its log's from `log_css`."""
from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import Callable, NamedTuple, Sequence

from .parts import RulesHelp
from .rules_view import section_link

#: how many lines the log shows (the latest; a MegaCorps game writes about 300, a long one 1,000)
LOG_LIMIT = 250


class LogLine(NamedTuple):
    """One line as a page shows it: `text` as the shown seat may read it, the rule it applies,
    its round label ("R3", with `label_title` "Round 3" on hover; "" for none), the action that
    wrote it (`step`, when the page knows it) and the bots' reasons it explains (already judged
    fit for this screen). A tuple: the log is redrawn after every move, 250 lines at a time."""

    text: str
    rule: str = ""
    label: str = ""
    label_title: str = ""
    step: int | None = None
    reasons: tuple[str, ...] = ()


@dataclass(frozen=True)
class LogClasses:
    """The classes of a page's log: the whole, the "newest first" note, a line, its round label,
    its text and a bot's reason under it."""

    log: str
    order: str
    entry: str
    label: str
    text: str
    reason: str


CLASSES = {
    "shell": LogClasses("shell-log-lines", "shell-log-order", "shell-log-entry", "shell-log-round", "shell-line",
                        "shell-reason"),
    "mc": LogClasses("mc-log", "mc-log-order mc-small", "mc-log-entry", "mc-log-round", "mc-log-text",
                     "mc-bot-reason"),
    "nc": LogClasses("nc-log-lines", "nc-log-order nc-small", "nc-log-line", "nc-log-round", "nc-log-text",
                     "nc-bot-reason"),   # the note-card game's networked pages (widgets/notecard/table_pages.py)
    "mq": LogClasses("mq-log", "mq-log-order", "mq-log-entry", "mq-log-round", "mq-log-text",
                     "mq-reason"),   # MEGAcquire's guided first game (widgets/megacquire/first_game.py)
}

# read top-down, a log newest first tells causes after their effects: it says which way it runs
NEWEST_FIRST = "Newest first (scroll down for earlier moves)."


def line_html(line: LogLine, classes: LogClasses, rule_link: Callable[[str], str]) -> str:
    """One line: its label, its text, the link to its rule and the reasons it explains under it.
    The rule comes after the text: a player reads what happened first, and why the rules say so
    when they wish."""
    step = f" data-step='{line.step}'" if line.step is not None else ""
    label = (f"<span class='{classes.label}' title='{escape(line.label_title)}'>{escape(line.label)}</span>"
             if line.label else "")
    link = rule_link(line.rule) if line.rule else ""
    why = "".join(f"<div class='{classes.reason}'>{escape(reason)}</div>" for reason in line.reasons)
    return (f"<div class='{classes.entry}'{step}>{label}<span class='{classes.text}'>{escape(line.text)}</span>"
            f"{' ' + link if link else ''}{why}</div>")


def log_html(lines: Sequence[LogLine], prefix: str, rule_link: Callable[[str], str],
             limit: int = LOG_LIMIT) -> str:
    """The log, newest first (its latest `limit` lines), under the note saying so."""
    classes = CLASSES[prefix]
    shown = lines[-limit:] if limit else ()
    rows = "".join(line_html(line, classes, rule_link) for line in reversed(shown))
    head = f"<div class='{classes.order}'>{NEWEST_FIRST}</div>" if rows else ""
    return f"<div class='{classes.log}'>{head}{rows}</div>"


def log_css(prefix: str) -> str:
    """The styles of a log's lines (no <style> tag): its "newest first" note, a line wrapping on
    under its text and not under its round label, a bot's reason, and the rule link."""
    c = CLASSES[prefix]
    return (f".{c.order} {{ color: #666666; font-size: 11px; }}\n"
            f".{c.entry} {{ padding-left: 26px; text-indent: -26px; }}\n"
            f".{c.label} {{ display: inline-block; width: 26px; text-indent: 0; color: #777777; font-size: 11px; }}\n"
            f".{c.reason} {{ color: #555555; font-style: italic; text-indent: 0; }}\n"
            f".{prefix}-rule-link {{ font-size: 10px; color: #0072B2; margin-left: 3px; }}\n")


def rules_help_link(rules: RulesHelp, prefix: str = "shell") -> Callable[[str], str]:
    """The shell's rule link: a small link to the rules help section explaining a rule (none
    when no section does), made once per rule: the log is redrawn after every move. `prefix`:
    the page's `RulesView`'s, which the link opens (through the page's browser bridge)."""
    made: dict[str, str] = {}

    def link(rule: str) -> str:
        if rule not in made:
            key = rules.section_for(rule)
            made[rule] = "" if key is None else section_link(prefix, key, "rules", title=rule)
        return made[rule]
    return link


def round_label(round_: int, word: str = "Round") -> tuple[str, str]:
    """A line's label and its title: ("R3", "Round 3"); none before the first round (setting up)."""
    return (f"{word[0]}{round_}", f"{word} {round_}") if round_ > 0 else ("", "")


def game_lines(log: Sequence, seat: str | None, reasons: Sequence[tuple[int, str]], round_word: str = "Round",
               start: int = 0, limit: int | None = None) -> list[LogLine]:
    """`LogLine`s of a kit game's log entries `log[start:]` (the latest `limit` of them), each
    as `seat` reads it (`entry.for_seat`); a bot's reason `(index, text)` goes under the line at
    `index`, the first line its move wrote."""
    first = max(start, len(log) - limit) if limit else start
    by_index: dict[int, list[str]] = {}
    for at, text in reasons:
        if at >= first:
            by_index.setdefault(at, []).append(text)
    out = []
    for i in range(first, len(log)):
        entry = log[i]
        label, title = round_label(getattr(entry, "round", 0), round_word)
        out.append(LogLine(entry.for_seat(seat), getattr(entry, "rule", ""), label, title,
                           reasons=tuple(by_index.get(i, ()))))
    return out


def since_html(log: Sequence, seat: str, seen: int | None, rules: RulesHelp, round_word: str = "Round",
               limit: int = 12) -> str:
    """What happened since `seat` last acted (`seen`: the log's length then; None: it has not
    acted yet, so since the start), oldest first; "" when nothing did. Only the latest `limit`
    lines, the rest counted."""
    start = min(seen or 0, len(log))
    if start >= len(log):
        return ""
    more = len(log) - start - limit
    lines = game_lines(log, seat, (), round_word, start=start, limit=limit)
    when = f"Since your last turn, {escape(seat)}" if seen is not None else f"Since the start, {escape(seat)}"
    head = f"<div class='shell-panel-title'>{when}</div>"
    extra = f"<div><i>and {more} earlier lines (in the log)</i></div>" if more > 0 else ""
    link = rules_help_link(rules)
    return head + extra + "".join(line_html(line, CLASSES["shell"], link) for line in lines)
