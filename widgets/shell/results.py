"""The results at the end: the winners, every seat's score, and where each seat's score came
from when the game says (`Game.score_sources()`, optional in the protocol: seat -> {source:
amount}, the amounts adding up to the score)."""
from __future__ import annotations

from html import escape
from typing import Any, Callable


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
