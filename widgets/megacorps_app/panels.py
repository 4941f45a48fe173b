"""Read-only parts of the table, rendered from public information only: the corp panels, the
game log (each line with the rule that explains it and, for a bot's move, the bot's reason),
the results, and the charts (money by round during the game; where the money came from and
the turning points at the end). Hands appear only in widgets/megacorps_app/table.py's hand panel."""
from __future__ import annotations

from functools import lru_cache
from html import escape

import ipywidgets as W
import plotly.graph_objects as go

from ..board.basic_figure import BasicFigureWidget
from ..board.colors import corp_color, corp_dash, corp_initials, corp_symbol, text_color_on
from ..shell.log import LOG_LIMIT, LogLine, log_html as shared_log_html, round_label as shell_round_label
from ..shell.money_chart import CHART_MODEBAR, MoneyChart, MoneySeries, money_figure
from ..shell.rules_view import section_link
from .rules import TOPICS, topic_for_rule
from .source import HUMAN, Entry, Results, TableSource
from .summary import CATEGORIES, money_sources, turning_points

EURO = "\u20ac"


def active_player_html(active: str) -> str:
    """The header's "Active Player" item: the game's card of that name (who draws the round's card
    and acts first), not whose decision it is now, which a newcomer took it for."""
    return (f"<span class='mc-active-player' title='The Active Player card: this corp drew the round&#39;s "
            f"card and acts first; the card moves one seat to the left each round. Who decides now is "
            f"in the sidebar.'>Active Player card: <b>{escape(active)}</b></span>")


def corp_chip(corp: str) -> str:
    """A small coloured badge with the corp's initials and its name."""
    fill = corp_color(corp)
    return (f"<span class='mc-chip' style='background:{fill};color:{text_color_on(fill)}'>"
            f"{escape(corp_initials(corp))}</span> <b>{escape(corp)}</b>")


def topic_link(topic: str, text: str, cls: str = "mc-topic-link") -> str:
    """A link that opens the rules viewer at `topic` (widgets/shell/rules_view.py)."""
    return section_link("mc", topic, text, cls, f"Rules: {TOPICS.get(topic, (topic,))[0]}")


def corp_panels_html(source: TableSource) -> str:
    game = source.public_game()
    state = game.state
    deciders = source.deciders()
    cards = []
    for corp in state.corps:
        fill = corp_color(corp)
        gone = corp in state.departed
        player = source.seats.get(corp, HUMAN)
        who = "Human" if player == HUMAN else f"{player} bot"
        badges = []
        if state.active == corp:
            badges.append(topic_link("Rounds", "<span class='mc-badge mc-active'>Active</span>", "mc-badge-link")
                          .replace("title='Rules: Rounds and turns'",
                                   "title='Holds the Active Player card: draws the round&#39;s card and acts first'"))
        if state.paid == corp:
            badges.append(topic_link("The Paid Card", "<span class='mc-badge mc-paid'>Paid</span>", "mc-badge-link")
                          .replace("title='Rules: The Paid card'",
                                   "title='Holds the Paid card: may not choose Payout Industry until someone else does'"))
        if corp in deciders:
            badges.append("<span class='mc-badge mc-deciding' title='Must decide now'>deciding</span>")
        if gone:
            badges.append("<span class='mc-badge mc-departed'>left</span>")
        companies = state.owned_by(corp)
        countries = state.countries_of(corp)
        comp_list = ", ".join(escape(c) for c in companies) or "none"
        cards.append(
            f"<div class='mc-corp{' mc-gone' if gone else ''}{' mc-is-deciding' if corp in deciders else ''}'"
            f" style='border-top:6px solid {fill}' data-corp='{escape(corp)}'>"
            f"<div class='mc-corp-head'>{corp_chip(corp)} <span class='mc-who'>{who}</span></div>"
            f"<div class='mc-badges'>{''.join(badges)}</div>"
            f"<div class='mc-stats'><span class='mc-money' title='Money (public; it is the score)'>{state.money[corp]} {EURO}</span>"
            f"<span title='Mercenaries: they add to attacks and defences in wars'><i>mercs</i> <b>{state.mercenaries[corp]}</b></span>"
            f"<span title='Event cards in hand (how many is public, which is secret)'><i>cards</i> <b>{len(state.hands[corp])}</b></span>"
            f"<span title='Companies owned'><i>companies</i> <b>{len(companies)}</b></span></div>"
            f"<div class='mc-line' title='Countries controlled'><i>Countries:</i> "
            f"{escape(', '.join(countries)) or 'none'}</div>"
            f"<div class='mc-line mc-small'><i>Companies:</i> {comp_list}</div>"
            f"</div>")
    return f"<div class='mc-corps'>{''.join(cards)}</div>"


def round_label(round_: int) -> str:
    """The round column of a log line: "R3"; empty before round 1, whose lines are headed by
    their rule, Setting Up (a second name for the same phase, "Setup", beside it confused)."""
    return shell_round_label(round_)[0]


def log_lines(entries: list[Entry]) -> list[LogLine]:
    """The public log as the shared renderer takes it (widgets/shell/log.py): each line with its
    round, its rule and, for a bot's move, the bot's reason under the line it explains."""
    # a bot's reason goes under the first line of its step that names the bot's corp (what its
    # action did), not under what followed from it (a new round, a card drawn); an action that
    # wrote no such line (a silent "no card" in a payout window) has nothing of its own to explain
    reason_line: dict[int, int] = {}
    for e in entries:
        if e.by and e.by in e.text:
            reason_line.setdefault(e.step, e.index)
    out = []
    for e in entries:
        label, title = shell_round_label(e.round)
        why = ((f"{e.by} ({e.bot} bot) thinks: {e.reason}",)
               if e.bot and e.reason and reason_line.get(e.step) == e.index else ())
        out.append(LogLine(e.text, e.rule, label, title, e.step, why))
    return out


@lru_cache(maxsize=None)   # a game cites a few dozen rules; the log is redrawn after every move
def log_rule_link(rule: str) -> str:
    """A log line's rule, by name: a link opening the Rules tab at the topic explaining it."""
    return topic_link(topic_for_rule(rule), escape(rule), "mc-log-rule")


def log_html(entries: list[Entry], limit: int = LOG_LIMIT) -> str:
    """The public log, newest first: round, the text, the rule (a link to its explanation), and
    a bot's reason under its move."""
    return shared_log_html(log_lines(entries[-limit:]), "mc", log_rule_link, limit)


def where_text(game) -> str:
    """Where the game stands, for a title bar: game over, the free picks, or the round."""
    if game.is_over:
        return "Game over"
    if game.state.phase == "setup":
        return "Setting up: free picks"
    return f"Round {game.state.round}"


def results_html(results: Results) -> str:
    if results.is_draw:
        banner = (f"<div class='mc-winner'>A draw! {' and '.join(escape(w) for w in results.winners)} "
                  f"share the win with {results.scores[results.winners[0]]} {EURO}</div>")
    else:
        w = results.winners[0]
        banner = f"<div class='mc-winner'>{corp_chip(w)} wins with {results.scores[w]} {EURO}</div>"
    rows = "".join(
        f"<tr class='{'mc-win-row' if c in results.winners else ''}'><td>{i + 1}</td><td>{corp_chip(c)}</td>"
        f"<td class='mc-num'>{m} {EURO}</td></tr>"
        for i, (c, m) in enumerate(results.scores.items()))
    lines = "".join(f"<li>{escape(t)}</li>" for t in results.final_payouts)
    return (f"<div class='mc-results'>{banner}"
            f"<span class='mc-engine-winners' data-winners='{escape('|'.join(results.winners))}'></span>"
            f"<table class='mc-scores'><tr><th>#</th><th>Corp</th><th>Money</th></tr>{rows}</table>"
            f"<details><summary>Final payouts</summary><ul class='mc-final'>{lines}</ul></details></div>")


def corp_style(corp: str, _index: int = 0) -> dict:
    """A corp's line on the money charts: its own colour, marker and dash (told apart without colour)."""
    return dict(line=dict(color=corp_color(corp), width=2.5, dash=corp_dash(corp)),
                marker=dict(symbol=corp_symbol(corp), size=8, color=corp_color(corp),
                            line=dict(color="#222", width=1)))


def money_series(source: TableSource, title: str = "Money by round") -> MoneySeries:
    """The corps' money round by round (public), for the shared money chart (widgets/shell/money_chart.py)."""
    xs, series = source.money_history()
    return MoneySeries(xs, series, title, "Round (last point: after the final payouts)", "Euros", suffix=f" {EURO}")


def money_chart(width: int = 440, height: int = 320) -> MoneyChart:
    """The money chart of a MegaCorps page: one line per corp, in the corp's own look."""
    return MoneyChart(width, height, cls="mc-chart", style=corp_style)


def sources_figure(sources: dict[str, dict[str, int]], corps: list[str], width: int, height: int) -> go.Figure:
    """Where each corp's money came from: one bar per corp, gains to the right and spending to
    the left, one segment per category (payouts by industry)."""
    merged: dict[str, dict[str, int]] = {}
    for corp in corps:   # a payout is a payout: the final ones join their industry's
        for cat, euros in sources.get(corp, {}).items():
            key = cat.replace("Final payouts: ", "Payouts: ")
            merged.setdefault(corp, {})[key] = merged.setdefault(corp, {}).get(key, 0) + euros
    sources = merged
    cats: list[str] = []
    for corp in corps:
        for cat in sources.get(corp, {}):
            if cat not in cats:
                cats.append(cat)
    order = {c: i for i, c in enumerate(CATEGORIES)}
    cats.sort(key=lambda c: (order.get(c.split(":", 1)[0], 99), c))
    palette = ["#2a9d8f", "#e9c46a", "#f4a261", "#e76f51", "#264653", "#8ab17d", "#b56576", "#6d597a",
               "#457b9d", "#a8dadc", "#ffb4a2", "#9c6644", "#606c38", "#bc6c25", "#7209b7", "#4895ef"]
    fig = go.Figure()
    for i, cat in enumerate(cats):
        xs = [sources.get(c, {}).get(cat, 0) for c in corps]
        if not any(xs):
            continue
        # a payout's entry is named by its industry alone ("Payouts: Electronics" was clipped
        # at 1024x700); the legend title, the hover and the words under the chart say "payouts"
        name = cat.split(": ", 1)[1] if cat.startswith("Payouts: ") else cat
        fig.add_trace(go.Bar(y=corps, x=xs, name=name, orientation="h", marker=dict(color=palette[i % len(palette)],
                                                                                   line=dict(color="#fff", width=1)),
                             hovertemplate=f"{cat}: %{{x}} {EURO}<extra>%{{y}}</extra>"))
    # the legend under the bars, as wide as the figure, in two columns when its longest name
    # fits in half of it (entries as wide as a fraction of the plot area clipped "Companies
    # bought" behind the next entry's swatch at 1024x700)
    columns, entry = legend_columns([t.name for t in fig.data], width)
    rows = -(-len(fig.data) // columns)
    bars = 36 * len(corps)
    fig.update_layout(barmode="relative", width=width, height=70 + bars + 80 + 19 * rows,
                      margin=dict(l=SOURCES_MARGIN_LEFT, r=10, t=30, b=60 + 19 * rows),
                      title=dict(text="Where the money came from", font=dict(size=14), x=0.02),
                      xaxis=dict(title="Euros (spending left of 0)", fixedrange=True, zeroline=True, zerolinecolor="#333"),
                      yaxis=dict(fixedrange=True, autorange="reversed"),
                      legend=dict(orientation="h", y=-(60 / (bars + 1)), yanchor="top", font=dict(size=10),
                                  x=-(SOURCES_MARGIN_LEFT - 4) / max(width - SOURCES_MARGIN_LEFT - 10, 1), xanchor="left",
                                  entrywidth=entry, entrywidthmode="pixels",
                                  title=dict(text="Payouts by industry, then other gains and costs", side="top")),
                      plot_bgcolor="#FAFAFA", modebar=CHART_MODEBAR)
    return fig


LEGEND_SWATCH_PX = 40      # plotly's swatch and gaps before a legend entry's name
LEGEND_CHAR_PX = 6.0       # a generous width for a character of the 10 px legend font (measured: 5.3)
SOURCES_MARGIN_LEFT = 90   # room for the corps' names left of the bars


def legend_columns(names: list[str], width: int) -> tuple[int, int]:
    """(columns, room for each name in px) for a legend under a figure `width` px wide that
    starts at the figure's left edge (plotly then lets it span the left margin and the plot
    area): two columns when the longest name fits in half of that, else one."""
    span = width - 10 - 8     # the right margin, and the legend's own padding
    longest = max((len(n) for n in names), default=0) * LEGEND_CHAR_PX
    half = span // 2 - LEGEND_SWATCH_PX
    if longest <= half:
        return 2, int(half)
    return 1, int(span - LEGEND_SWATCH_PX)


def sources_html(sources: dict[str, dict[str, int]], corps: list[str], start: dict[str, int] | None = None) -> str:
    """Where the money came from, in words: per corp, what it gained from payouts (by industry,
    biggest first) and what else gained or cost it money, for readers who cannot match the
    chart's colours."""
    rows = []
    for corp in corps:
        gains: dict[str, int] = {}
        other: dict[str, int] = {}
        for cat, euros in sources.get(corp, {}).items():
            if cat.startswith(("Payouts: ", "Final payouts: ")):
                industry = cat.split(": ", 1)[1]
                gains[industry] = gains.get(industry, 0) + euros
            elif euros:
                other[cat] = other.get(cat, 0) + euros
        parts = [f"{start[corp]} {EURO} at the start"] if start and corp in start else []
        if gains:
            listed = ", ".join(f"{i} {e}" for i, e in sorted(gains.items(), key=lambda kv: -kv[1]))
            parts.append(f"+{sum(gains.values())} {EURO} from payouts ({escape(listed)})")
        parts += [f"{'+' if e > 0 else '−'}{abs(e)} {EURO} {escape(cat.lower())}"
                  for cat, e in sorted(other.items(), key=lambda kv: -abs(kv[1]))]
        rows.append(f"<li>{corp_chip(corp)} {'; '.join(parts) or 'no money moved'}</li>")
    return f"<div class='mc-panel-title'>In words</div><ul class='mc-sources-list'>{''.join(rows)}</ul>"


def end_chart_width(window: int) -> int:
    """The sidebar's charts' width (the money chart, the end screen's) in a `window` px wide page: the sidebar is
    clamp(330px, 31vw, 560px) wide, less its padding."""
    return min(530, max(330, int(window * 0.31))) - 34


class EndCharts:
    """The end of the game, as charts: where each corp's money came from, and the money over
    the game with its turning points (listed below the chart too)."""

    def __init__(self):
        self.box = W.VBox(layout=W.Layout(width="100%"))
        self.box.add_class("mc-end-charts")
        self.text = W.HTML()
        self.text.add_class("mc-turning")
        self._figures: list = []
        self._for = None

    def show(self, source: TableSource, width: int = 440) -> None:
        key = (id(source), source.version)
        if key == self._for:
            return
        self._for = key
        timeline = source.timeline()
        corps = list(source.corps)
        game = source.public_game()
        sources = money_sources(timeline, corps, list(game.board.industries))
        xs, series = source.money_history()
        points = turning_points(timeline, corps)
        marks = []
        for p in points:
            round_x = p.round
            y = max(timeline[p.index].money_after.values()) if p.index < len(timeline) else 0
            marks.append((round_x, y, f"R{p.round}: {p.text} ({p.why})"))
        figures = [BasicFigureWidget(sources_figure(sources, corps, width, 0)),
                   BasicFigureWidget(money_figure(money_series(source, "Money over the game and its turning points"),
                                                  width, 320, marks, corp_style))]
        items = "".join(f"<li><b>R{p.round}</b> {escape(p.text)} <i>({escape(p.why)})</i></li>" for p in points)
        start = timeline[0].money_before if timeline else None
        self.text.value = sources_html(sources, corps, start) + (
            f"<div class='mc-panel-title'>Turning points</div><ul class='mc-turning-list'>{items}</ul>" if items else "")
        old = self._figures
        self._figures = figures
        self.box.children = [figures[0], figures[1], self.text]
        for f in old:
            f.close()


def html(value: str = "", cls: str | None = None, **layout) -> W.HTML:
    w = W.HTML(value, layout=W.Layout(**layout)) if layout else W.HTML(value)
    if cls:
        w.add_class(cls)
    return w
