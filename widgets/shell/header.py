"""`Header`: the bar at the top of every game's page (the shell's pages and MegaCorps' page): the
game's title, the status the page writes into it, and the tools Undo, Save, New / Load, Rules and
About, worded, ordered and laid out alike on every page.

    header = Header("shell", title_html, guard, undo=..., save=..., new=..., rules=..., about=about)
    header.status.value = "<span class='shell-status' ...>...</span>"   # each page writes its own
    header.set_undo(False, "The game is over: its result stands.")

Undo that cannot be done stays clickable and says why: in its tooltip, and on a click, on the
page ("Undo is not possible now. <reason>", through the page's guard); a greyed button that
never says why leaves a player guessing.

Classes, through `prefix` ("shell" or "mc"), so each page's styles and browser tests find their
parts: the bar `{prefix}-header`, the title `{prefix}-brand-box`, the status `{prefix}-status-box`
(it takes the free width: the tools keep their place and size while the status changes, `css`),
the tools' row `{prefix}-tools`, each tool `{prefix}-tool` and its own `{prefix}-undo`,
`{prefix}-save`, `{prefix}-new`, `{prefix}-rules-button` (About: `{prefix}-about-button`,
widgets/shell/about.py), and Undo that cannot be done `{prefix}-disabled`."""
from __future__ import annotations

from typing import Callable

import ipywidgets as W

from .about import About

UNDO_TIP = "Take back the last move made at this screen"


def css(prefix: str) -> str:
    """The header's layout (a page's own style sheet adds its colours): the title and the tools
    keep their size and place, the status wraps in the width between them, and a two-line status
    does not stretch or move the tools."""
    p = prefix
    return f"""<style>
.{p}-header {{ align-items: flex-start; flex-wrap: wrap; gap: 4px 10px; }}
.{p}-header > * {{ flex: 0 0 auto; }}
.{p}-header > .{p}-status-box {{ flex: 1 1 0; min-width: 0; margin: 0; }}
.{p}-tools {{ align-items: center; gap: 4px; margin-left: auto; }}
.{p}-tools .widget-button, .{p}-tools .widget-toggle-button {{ width: auto; margin: 0; }}
.{p}-tools .{p}-disabled {{ opacity: .45; cursor: help; }}
</style>"""


class Header(W.HBox):
    """The page's header: `title` (HTML), `status` (HTML, the page writes it), `tools` (a row of
    `undo_button`, `save_button`, `new_button`, `rules_button` and About's button when the page
    has an About). Each tool calls its callback through `guard`; Save starts disabled (no game)."""

    def __init__(self, prefix: str, title_html: str, guard: Callable[[Callable], Callable], *,
                 undo: Callable[[], None], save: Callable[[], None], new: Callable[[], None],
                 rules: Callable[[], None], about: About | None = None, kept_here: bool = False):
        """`kept_here`: the page keeps the game on its server after every move (Save's tooltip says so)."""
        super().__init__()
        self.prefix = prefix
        self.title = W.HTML(title_html)
        self.title.add_class(f"{prefix}-brand-box")
        self.status = W.HTML()
        self.status.add_class(f"{prefix}-status-box")
        self.undo_button = self._tool("Undo", "undo", "undo", UNDO_TIP)
        self.save_button = self._tool("Save", "download", "save", "Download this game as a file" + (
            " (it is also kept on this server after every move)" if kept_here else ""))
        self.new_button = self._tool("New / Load", "file", "new", "Start a new game, or load a saved one")
        self.rules_button = self._tool("Rules", "book", "rules-button", "How the game is played")
        self.about = about
        if about is not None:
            about.button.icon = "info-circle"
            about.button.add_class(f"{prefix}-tool")
        self.tools = W.HBox([self.undo_button, self.save_button, self.new_button, self.rules_button,
                             *([about.button] if about is not None else [])])
        self.tools.add_class(f"{prefix}-tools")
        self.children = [self.title, self.status, self.tools]
        self.add_class(f"{prefix}-header")
        self.undo_possible, self.undo_reason = False, "There is no game yet."
        self.set_undo(False, self.undo_reason)
        self.save_button.disabled = True
        self._undo = undo
        self.undo_button.on_click(guard(lambda _b: self.click_undo()))
        self.save_button.on_click(guard(lambda _b: save()))
        self.new_button.on_click(guard(lambda _b: new()))
        self.rules_button.on_click(guard(lambda _b: rules()))

    def _tool(self, label: str, icon: str, name: str, tooltip: str) -> W.Button:
        button = W.Button(description=label, icon=icon, tooltip=tooltip, layout=W.Layout(width="auto"))
        button.add_class(f"{self.prefix}-tool")
        button.add_class(f"{self.prefix}-{name}")
        return button

    def set_undo(self, possible: bool, reason: str = "") -> None:
        """Whether Undo can be done now and, when not, why (`reason`, a sentence): the button then
        looks disabled, its tooltip says why, and a click says so on the page."""
        self.undo_possible, self.undo_reason = possible, reason
        self.undo_button.tooltip = UNDO_TIP if possible else f"Undo is not possible now: {reason}"
        if possible:
            self.undo_button.remove_class(f"{self.prefix}-disabled")
        else:
            self.undo_button.add_class(f"{self.prefix}-disabled")

    def refusal(self) -> str:
        """What a click on Undo says when it cannot be done."""
        return f"Undo is not possible now. {self.undo_reason}"

    def click_undo(self) -> None:
        """Undo's click: the page's undo when it can be done, else why not (a ValueError, which the
        page's guard shows as a message: nothing changes)."""
        if not self.undo_possible:
            raise ValueError(self.refusal())
        self._undo()

    def drop(self, *buttons: W.Widget) -> None:
        """Take `buttons` out of the tools and close them (a networked table's page has no hot-seat
        Undo, Save or New / Load: no model of them goes to its browser)."""
        from .page import close_all   # page.py builds the shell's header: imported here, not above
        self.tools.children = [w for w in self.tools.children if w not in buttons]
        for button in buttons:
            close_all(button)
