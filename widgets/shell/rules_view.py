"""The rules viewer every page shows its rules help in (a game's `RulesHelp`, widgets/shell/parts.py):
one section at a time, with the index of every section under it (MegaCorps has over thirty
topics and a page per event card: read all at once, they were a wall of text), opened at a
section by the Rules button, by a log line's rule link and by the help links of the decision
panels, and brought into view when it opens (it sits out of sight in a 1024x700 window).

A link to a section is `<a data-mc-topic='key'>` (`section_link`, `RulesView.link`): the page's
browser bridge (widgets/megacorps_app/browser.py) sends its clicks to the kernel, which opens the
viewer (`RulesView.open`), so that a page can also switch to the tab the viewer sits in (MegaCorps'
Rules tab), and the viewer knows which section it shows when the page redraws. Every class is
`{prefix}-...` ("mc" on MegaCorps' page, "shell" on the shell's): `{prefix}-rules` (the widget),
`{prefix}-rules-page`, `{prefix}-rules-topic` and `{prefix}-rule` (the open section),
`{prefix}-rules-index`, `{prefix}-rule-link`, `{prefix}-lesson-note`."""
from __future__ import annotations

import re
from html import escape
from typing import Callable

import ipywidgets as W

from .parts import RulesHelp


def section_id(prefix: str, key: str) -> str:
    """The element id of the section `key` when it is open (an id is one word: a key's spaces and
    punctuation become dashes)."""
    return f"{prefix}-rule-" + re.sub(r"[^A-Za-z0-9_-]+", "-", key)


def section_link(prefix: str, key: str, text: str, cls: str = "", title: str = "") -> str:
    """A link opening the rules at `key` (a section's key, or a rule the help maps to one): its
    clicks go through the page's browser bridge to the viewer. `text` is HTML."""
    classes = f"{prefix}-rule-link" + (f" {cls}" if cls else "")
    tip = f" title='{escape(title)}'" if title else ""
    return (f"<a href='#{section_id(prefix, key)}' class='{classes}' data-mc-topic='{escape(key)}'{tip}>"
            f"{text}</a>")


def rules_css(prefix: str) -> str:
    p = prefix
    return (f"<style>.{p}-rules {{ font-size: 13px; max-width: 1000px; }}"
            f".{p}-rules-page {{ line-height: 1.4; max-height: 420px; overflow-y: auto; padding-right: 4px; }}"
            f".{p}-rules-topic {{ border-left: 3px solid #0072B2; padding: 2px 8px; }}"
            f".{p}-rules-topic h3 {{ margin: 2px 0 4px 0; font-size: 16px; }}"
            f".{p}-rules-back {{ margin-top: 6px; font-size: 12px; }}"
            f".{p}-rules-index {{ font-size: 12px; border-top: 1px solid #ddd; margin-top: 8px; padding-top: 4px; }}"
            # each column keeps its items' bullets in its own left margin, a gap away from the text of
            # the column before (the list's own margin indented only the first column: the others'
            # bullets sat in the gap, against the text before them)
            f".{p}-rules-index ul {{ columns: 15em; column-gap: 1.5em; margin: 2px 0 6px 0; padding: 0; }}"
            f".{p}-rules-index li {{ margin-left: 1.2em; break-inside: avoid; }}"
            f".{p}-rules-index .{p}-rule-link {{ font-size: inherit; margin-left: 0; }}"
            f".{p}-rules-index .{p}-rule-here {{ font-weight: bold; }}"
            f".{p}-lesson-note {{ background: #e7f5ee; color: #1b5e3c; border-radius: 6px; padding: 4px 10px;"
            f" font-size: 12px; margin-top: 4px; }}</style>")


class RulesView:
    """A game's rules help on a page (`widget`, an HTML widget of class `{prefix}-rules`): the open
    section (`key`) and the index of all, written only once opened (a widget's text is sent to
    every browser: MegaCorps' index names the cards of the deck). `reveal()` brings it into view;
    `back`, when given, is the address of a "back to the game" link under the section (the shell's
    page top). With `hidden`, the widget shows only once opened, and `toggle` hides it again."""

    def __init__(self, prefix: str, rules: RulesHelp, reveal: Callable[[], None] = lambda: None,
                 back: str = "", hidden: bool = False, classes: tuple[str, ...] = ()):
        self.prefix, self.reveal, self.back = prefix, reveal, back
        self.rules = rules
        self.key: str | None = rules.sections[0].key if rules.sections else None
        self.note = ""
        self.widget = W.HTML()
        for cls in (f"{prefix}-rules", *classes):
            self.widget.add_class(cls)
        self.hidden = hidden
        self.is_open = False
        if hidden:
            self.widget.layout.display = "none"

    def find(self, key_or_rule: str | None) -> str | None:
        """The section `key_or_rule` names: a section's key, else the one the help says explains
        that rule; None when neither."""
        keys = [s.key for s in self.rules.sections]
        if key_or_rule in keys:
            return key_or_rule
        return self.rules.section_for(key_or_rule) if key_or_rule else None

    def link(self, rule: str, text: str = "rules", cls: str = "") -> str:
        """A link to the section explaining `rule` ("" when no section does): a decision panel's
        help link (the log's are `log.rules_help_link`'s, made once per rule)."""
        key = self.find(rule)
        if key is None:
            return ""
        title = next(s.title for s in self.rules.sections if s.key == key)
        return section_link(self.prefix, key, text, cls, f"Rules: {title}")

    def set_rules(self, rules: RulesHelp) -> None:
        """Show `rules` from now on (MegaCorps' card pages follow the game's deck), at the same
        section when it still has one."""
        self.rules = rules
        if self.find(self.key) != self.key:
            self.key = rules.sections[0].key if rules.sections else None
        if self.is_open:
            self.render()

    def open(self, key_or_rule: str | None = None, note: str = "") -> None:
        """Show the section `key_or_rule` names (the first when it names none; None: the one open),
        with `note` (text) under its title, and bring the viewer into view."""
        self.show(key_or_rule, note)
        self.reveal()

    def show(self, key_or_rule: str | None = None, note: str = "") -> None:
        """`open`, but where the reader already is (MegaCorps' Rules tab, clicked)."""
        if key_or_rule is not None:
            self.key = self.find(key_or_rule) or (self.rules.sections[0].key if self.rules.sections else None)
        self.note = note
        self.is_open = True
        self.widget.layout.display = None
        self.render()

    def close(self) -> None:
        self.is_open = False
        if self.hidden:
            self.widget.layout.display = "none"

    def toggle(self) -> None:
        """Open at the first section (the Rules button: the rules from their start, as on every
        page), or close when open (a page where the viewer is hidden until opened)."""
        if self.is_open:
            self.close()
        else:
            self.open(self.rules.sections[0].key if self.rules.sections else None)

    def render(self) -> None:
        p = self.prefix
        section = next((s for s in self.rules.sections if s.key == self.key), None)
        if section is None:
            self.widget.value = f"{rules_css(p)}<div class='{p}-rules-page'><i>No rules help for this game yet.</i></div>"
            return
        note = f"<div class='{p}-lesson-note' role='status'>{escape(self.note)}</div>" if self.note else ""
        back = f"<div class='{p}-rules-back'><a href='{escape(self.back)}'>back to the game</a></div>" if self.back else ""
        groups: dict[str, list[str]] = {}
        for s in self.rules.sections:
            entry = (f"<span class='{p}-rule-here'>{escape(s.title)}</span>" if s.key == self.key
                     else section_link(p, s.key, escape(s.title)))
            groups.setdefault(s.group, []).append(f"<li>{entry}</li>")
        index = "".join(f"<b>{escape(group or 'Rules')}</b><ul>{''.join(items)}</ul>" for group, items in groups.items())
        self.widget.value = (
            f"{rules_css(p)}<div class='{p}-rules-page'>"
            f"<div class='{p}-rules-topic {p}-rule' id='{section_id(p, section.key)}' data-section='{escape(section.key)}'>"
            f"<h3>{escape(section.title)}</h3>{note}{section.html}{back}</div>"
            f"<div class='{p}-rules-index'>{index}</div></div>")
