"""The results at the end: the winners, every seat's score, and where each seat's score came
from when the game says (`Game.score_sources()`, optional in the protocol: seat -> {source:
amount}, the amounts adding up to the score); and the panel that shows them with *Play again*
(every page's, MegaCorps' too)."""
from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as W


class ResultsPanel:
    """The end of a game on a page: its results (`text`, HTML), what else the game shows there
    (MegaCorps' end charts) and *Play again* (`again`, class `{prefix}-play-again`), which opens
    the new-game form; hidden while a game is under way."""

    def __init__(self, prefix: str, play_again: Callable[[], None]):
        self.prefix, self._play_again = prefix, play_again
        self._with_again = True
        # its text and button are built with the first results (fewer models for the page to load)
        self._parts: tuple[W.HTML, W.Button] | None = None
        self.box = W.VBox()
        self.box.add_class(f"{prefix}-results-panel")
        self.box.layout.display = "none"

    def _build(self) -> tuple[W.HTML, W.Button]:
        if self._parts is None:
            text = W.HTML()
            again = W.Button(description="Play again", button_style="success", icon="repeat",
                             layout=W.Layout(width="auto"))
            again.add_class(f"{self.prefix}-play-again")
            again.on_click(lambda _b: self._play_again())
            self.box.children = [text, *([again] if self._with_again else [])]
            self._parts = (text, again)
        return self._parts

    @property
    def text(self) -> W.HTML:
        return self._build()[0]

    @property
    def again(self) -> W.Button:
        return self._build()[1]

    def show(self, html: str, extra: list[W.Widget] | None = None) -> None:
        """Show `html`, and `extra` widgets under it when given (else those shown before)."""
        text, again = self._build()
        text.value = html
        if extra is not None:
            self.box.children = [text, *extra, *([again] if self._with_again else [])]
        self.box.layout.display = None

    def hide(self) -> None:
        if self._parts is not None:
            self._parts[0].value = ""
        self.box.layout.display = "none"

    def without_again(self) -> None:
        """No *Play again* (a networked table: its players do not start games)."""
        self._with_again = False
        if self._parts is not None:
            self.box.children = [w for w in self.box.children if w is not self._parts[1]]


def results_html(game: Any, score_text: Callable[[int], str], score_label: str) -> str:
    winners = game.winners()
    scores = game.scores()
    sources = game.score_sources() if hasattr(game, "score_sources") else {}
    kinds: list[str] = []   # every source, in the game's order, unless it is 0 for everyone
    for parts in sources.values():
        kinds += [k for k, v in parts.items() if k not in kinds and any(p.get(k) for p in sources.values())]
    head = "".join(f"<th>{escape(k)}</th>" for k in kinds)
    rows = []
    for seat, score in sorted(scores.items(), key=lambda kv: -kv[1]):
        cells = "".join(f"<td>{score_text(sources.get(seat, {}).get(k, 0))}</td>" for k in kinds)
        mark = " (wins)" if seat in winners else ""
        rows.append(f"<tr><td><b>{escape(seat)}</b>{mark}</td>{cells}<td><b>{score_text(score)}</b></td></tr>")
    verb = "win" if len(winners) > 1 else "wins"
    title = f"Game over: {escape(' and '.join(winners))} {verb}" if winners else "Game over"
    where = f"<div>Where each player's {escape(score_label)} came from:</div>" if kinds else ""
    return (f"<div class='shell-results' data-winners='{escape('|'.join(winners))}'><div class='shell-panel-title'>{title}</div>{where}"
            f"<table class='shell-results-table'><tr><th>Player</th>{head}<th>{escape(score_label)}</th></tr>"
            f"{''.join(rows)}</table></div>")
