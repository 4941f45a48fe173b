"""Helpers for the trading card game page's tests: the page's widgets found by class, clicked as
a player would."""
from __future__ import annotations

import ipywidgets as W

from megacorps import tcg
from widgets.tcg.app import HUMAN, App
from widgets.tcg.board import iter_widgets


walk = iter_widgets   # every widget inside a widget (itself included)


def find(app, cls: str) -> list[W.Widget]:
    """The page's widgets with CSS class `cls`, shown or not."""
    return [w for w in walk(app) if cls in getattr(w, "_dom_classes", ())]


def card_button(app, uid: int) -> W.Button:
    found = find(app, f"tcg-uid-{uid}")
    assert len(found) == 1, f"{len(found)} buttons for card {uid}"
    return found[0]


def buttons(app, cls: str, text: str = "") -> list[W.Button]:
    return [b for b in find(app, cls) if isinstance(b, W.Button) and text.lower() in b.description.lower()]


def click(app, cls: str, text: str = "") -> None:
    """Click the one button of class `cls` whose words contain `text`."""
    found = buttons(app, cls, text)
    assert found, f"no {cls} button with {text!r}: {[b.description for b in find(app, cls)]}"
    found[0].click()


def page(game: tcg.Game, players: dict[str, str] | None = None) -> App:
    """A page playing `game` (every seat human unless `players` says), bots moving at once."""
    app = App(pause=0)
    app.start(game, players or {seat: HUMAN for seat in game.seats})
    if app.gated():
        app.pass_gate()
    return app


def texts(app) -> str:
    """Everything the page's widgets say (descriptions, tooltips, HTML values), as one string."""
    parts = []
    for w in walk(app):
        for attr in ("description", "tooltip", "value"):
            value = getattr(w, attr, None)
            if isinstance(value, str):
                parts.append(value)
    return "\n".join(parts)
