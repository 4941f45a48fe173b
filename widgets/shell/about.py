"""*About*: a button in a page's header and the panel it opens, saying what the table is (what
the rules text leaves out and the project rebuilt, how a shared screen keeps hands private, where
the game is kept). Every page that has something to say shows it this way: a shell game whose
parts answer `about()`, and MegaCorps' page."""
from __future__ import annotations

from typing import Callable

import ipywidgets as W


class About:
    """The *About* toggle (`button`, class `{prefix}-about-button`) and its panel (`panel`, class
    `{prefix}-about`), built at the first press (a widget is a model every page's browser builds
    before it shows anything) and put on the page by `place(panel)`. `reveal()`, called each time
    the panel opens, brings it into view: it opens where `place` put it, maybe out of sight (MegaCorps'
    sidebar scrolled down to a long Rules page)."""

    def __init__(self, prefix: str, html: str, place: Callable[[W.Widget], None],
                 guard: Callable[[Callable], Callable], classes: tuple[str, ...] = (),
                 reveal: Callable[[], None] = lambda: None):
        self.prefix, self.html, self._place, self.classes = prefix, html, place, classes
        self._reveal = reveal
        self._panel: W.HTML | None = None
        self.button = W.ToggleButton(description="About", value=False, tooltip="About this table",
                                     layout=W.Layout(width="auto"))
        self.button.add_class(f"{prefix}-about-button")
        self.button.observe(guard(self._on_toggle), names="value")

    @property
    def built(self) -> bool:
        return self._panel is not None

    @property
    def panel(self) -> W.HTML:
        """The panel (hidden until the button is pressed)."""
        if self._panel is None:
            self._panel = W.HTML(self.html)
            for cls in (f"{self.prefix}-about", *self.classes):
                self._panel.add_class(cls)
            self._panel.layout.display = "none"
            self._place(self._panel)
        return self._panel

    def _on_toggle(self, change) -> None:
        if change["new"] or self._panel is not None:
            self.panel.layout.display = None if change["new"] else "none"
        if change["new"]:
            self._reveal()
