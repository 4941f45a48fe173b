"""What the MegaCorps lessons show: the board of a position, a line per corp, and plain-text
results (the log, a payout's amounts, everyone's money)."""
from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as w

import megacorps as mc

# --- The board ------------------------------------------------------------------------------

# Narrower than the figure's 1000 px design, so that it fits a JupyterLab notebook with the
# file browser open (the fonts scale with it).
BOARD_SIZE = {"width": 880, "height": 493}


def _board_module():
    try:
        from widgets.board import figure as board_figure
    except ImportError:  # the figure module is not there: fall back to a plain table
        return None
    return board_figure


def corps_html(game: mc.Game, viewer: str | None = None) -> str:
    """One line per corp: money, mercenaries, cards in hand, countries, Active Player / Paid;
    `viewer` (the learner's corp) is marked "you"."""
    try:
        from widgets.board.colors import corp_color
    except ImportError:
        def corp_color(_corp: str) -> str:
            return "#999999"
    state = game.state
    rows = []
    for corp in state.playing:
        marks = [m for m, holder in (("Active Player", state.active), ("Paid", state.paid)) if holder == corp]
        countries = ", ".join(state.countries_of(corp)) or "no country"
        rows.append(
            f"<tr><td><span style='display:inline-block;width:10px;height:10px;background:{corp_color(corp)};"
            f"margin-right:4px'></span><b>{html.escape(corp)}</b>{' (you)' if corp == viewer else ''}</td><td>{state.money[corp]} Euros</td>"
            f"<td>{state.mercenaries[corp]} merc.</td><td>{len(state.hands[corp])} card(s)</td>"
            f"<td>{len(state.owned_by(corp))} compan{'y' if len(state.owned_by(corp)) == 1 else 'ies'}</td>"
            f"<td>{html.escape(countries)}</td><td><i>{' · '.join(marks)}</i></td></tr>")
    return ("<table style='font-size:12px;border-collapse:collapse' cellpadding='3'>"
            + "".join(rows) + "</table>")


def board(game: mc.Game, highlight: Iterable[str] = (), corps: bool = True, earnings: bool = True):
    """The board of `game` as a static figure (a plotly Figure, or an HTML table when the figure
    module is missing), after a line per corp (money, mercenaries, cards, countries) unless
    `corps` is False. `earnings=False` leaves out what each industry would pay from the
    boxes' hover text (for a "predict first" question). Put it as the last line of a cell."""
    if corps:
        from IPython.display import HTML, display
        display(HTML(corps_html(game)))
    module = _board_module()
    if module is None:
        return w.HTML(board_html(game, highlight))
    # A static figure. (Under Voila, Plotly's JupyterLab renderer draws it, then logs a harmless
    # "setData is not a function" in the browser console: there is no notebook model to write
    # back into. A second FigureWidget per page instead trips anywidget's 2 s start-up timeout.)
    figure = module.board_figure(game, highlight=tuple(highlight), **BOARD_SIZE)
    if not earnings:
        for trace in figure.data:
            if trace.name == "companies":  # keep the box's name, owner and country lines only
                trace.hovertext = ["<br>".join(t.split("<br>")[:3]) for t in trace.hovertext]
    return figure


def board_html(game: mc.Game, highlight: Iterable[str] = ()) -> str:
    """A plain HTML table of the board: one row per country, one column per industry."""
    state = game.state
    b = state.board
    marks = {"unowned": "·", "nationalized": "NAT", "syndicalized": "SYN", "absent": "—"}
    hl = set(highlight)
    rows = ["<tr><th>country</th><th>gov.</th><th>D/F</th><th>controller</th>"
            + "".join(f"<th>{html.escape(i[:5])}</th>" for i in b.industries) + "</tr>"]
    for country in b.countries:
        gov = state.governments.get(country.name)
        cells = []
        for industry in b.industries:
            company = f"{country.name}/{industry}"
            if company not in state.companies:
                cells.append("<td></td>")
                continue
            status = state.companies[company]
            text = marks.get(status, status[:6])
            style = "outline:2px solid black;" if company in hl else ""
            cells.append(f"<td style='{style}'>{html.escape(text)}</td>")
        ctrl = state.controllers.get(country.name) or ("(neutral)" if country.neutral else "—")
        df = "" if country.neutral else f"{country.defense}/{country.force}"
        style = "outline:2px solid black;" if country.name in hl else ""
        rows.append(f"<tr><td style='{style}'>{html.escape(country.name)}</td><td>{gov or ''}</td>"
                    f"<td>{df}</td><td>{html.escape(ctrl)}</td>{''.join(cells)}</tr>")
    return "<table style='font-size:11px'>" + "".join(rows) + "</table>"


# --- Plain-text results (for checked cells) ----------------------------------------------------

def show_log(game: mc.Game, since: int = 0) -> None:
    """Print the log entries from index `since` on, one a line, with the rule each applied."""
    for entry in game.log[since:]:
        print(f"[{entry.rule}] {entry.text}")


def print_payout(game: mc.Game, industry: str, modifier: int = 0) -> dict[str, int]:
    """Print the competitors of `industry` and what each corp would earn if it paid out now."""
    count = mc.competitors(game.state, industry, modifier)
    amounts = mc.payout_amounts(game.state, industry, modifier)
    per = game.board.payout_table[count]
    print(f"{industry}: {count} competitor{'s' if count != 1 else ''}, {per} Euros per company")
    for corp, euros in amounts.items():
        n = euros // per if per else 0
        print(f"  {corp}: {n} compan{'y' if n == 1 else 'ies'} x {per} = {euros} Euros")
    if not amounts:
        print("  no corp owns a company there")
    return amounts


def print_money(game: mc.Game) -> None:
    """Print every corp's money and mercenaries, one a line."""
    for corp in game.corps:
        print(f"{corp}: {game.money(corp)} Euros, {game.mercenaries(corp)} mercenaries")


