"""Reading a page's widgets as a player sees them, for headless tests of the page shell's games."""
from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as W


def flat(widget: W.Widget) -> Iterator[W.Widget]:
    """Every widget inside `widget` (itself, when it is not a box), in order."""
    if isinstance(widget, W.Box):
        for child in widget.children:
            yield from flat(child)
    else:
        yield widget


def choices(shell) -> list[W.Button]:
    """The buttons of a shell page's decision that act (class `shell-choice`; a form's helpers,
    which only fill the form, are left out)."""
    return [w for w in flat(shell.decision) if isinstance(w, W.Button) and "shell-choice" in w._dom_classes]
