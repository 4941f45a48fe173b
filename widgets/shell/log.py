"""The log as the page shows it: latest first, each line as the shown seat may read it, with a
link to the rules help on every line whose rule a section explains, and the bots' reasons
between the lines; and "since your last turn", the lines a seat has not yet seen."""
from __future__ import annotations

from html import escape

from .parts import RulesHelp


def rule_link(rules: RulesHelp, rule: str) -> str:
    """A small link to the rules help section explaining `rule` ("" when none does)."""
    key = rules.section_for(rule) if rule else None
    if key is None:
        return ""
    return (f" <a class='shell-rule-link' href='#shell-rule-{escape(key)}' title='{escape(rule)}'>"
            f"rules</a>")


def log_lines(log: list, seat: str | None, rules: RulesHelp, reasons: list[tuple[int, str]],
              start: int = 0) -> list[str]:
    """HTML lines of `log[start:]`, oldest first: each line as `seat` reads it, with its rule
    link; a bot's reason `(index, text)` goes just before the line at `index`."""
    by_index: dict[int, list[str]] = {}
    for at, text in reasons:
        by_index.setdefault(at, []).append(f"<i class='shell-reason'>{escape(text)}</i>")
    out: list[str] = []
    for i in range(start, len(log)):
        entry = log[i]
        out += by_index.get(i, [])
        out.append(f"<span class='shell-line'>{escape(entry.for_seat(seat))}</span>"
                   f"{rule_link(rules, getattr(entry, 'rule', ''))}")
    return out


def log_html(log: list, seat: str | None, rules: RulesHelp, reasons: list[tuple[int, str]],
             limit: int = 200) -> str:
    """The whole log, latest first (at most `limit` lines)."""
    lines = log_lines(log, seat, rules, reasons)
    return "".join(f"<div>{line}</div>" for line in reversed(lines[-limit:]))


def since_html(log: list, seat: str, seen: int | None, rules: RulesHelp, limit: int = 12) -> str:
    """What happened since `seat` last acted (`seen`: the log's length then; None: it has not
    acted yet, so since the start), oldest first; "" when nothing did. Only the latest `limit`
    lines, the rest counted."""
    lines = log_lines(log, seat, rules, [], start=min(seen or 0, len(log)))
    if not lines:
        return ""
    more = len(lines) - limit
    shown = lines[-limit:]
    when = f"Since your last turn, {escape(seat)}" if seen is not None else f"Since the start, {escape(seat)}"
    head = f"<div class='shell-panel-title'>{when}</div>"
    extra = f"<div><i>and {more} earlier lines (in the log)</i></div>" if more > 0 else ""
    return head + extra + "".join(f"<div>{line}</div>" for line in shown)
