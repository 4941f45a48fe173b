"""Read-only parts of the page, as HTML: the corporations and their chips. Everything here
is public: no unrevealed note card ever reaches these functions (they read the spectator's view)."""
from __future__ import annotations

from html import escape

from megacorps import notecard as nc
from megacorps.notecard.log import money

from ..board.colors import corp_initials, seat_color, text_color_on
from ..shell import html  # an HTML widget with a class: the page shell's helper
from .session import HUMAN, Session


def color_of(game: nc.Game, corp: str) -> str:
    return seat_color(game.players.index(corp)) if corp in game.players else "#999999"


def chip(game: nc.Game, corp: str) -> str:
    """A small badge in the corporation's colour with its initials, and its name."""
    fill = color_of(game, corp)
    return (f"<span class='nc-chip' style='background:{fill};color:{text_color_on(fill)}'>"
            f"{escape(corp_initials(corp))}</span> <b>{escape(corp)}</b>")


def corps_html(session: Session, held: tuple[int, dict[str, int]] | None = None, revealing: bool = False) -> str:
    """The corporations' cards. `held` = (quarter, money before it) while that quarter is being
    revealed step by step at the screen: the cards show the money as it was and no bankruptcy
    or winner of that quarter, which the reveal is about to tell. `revealing`: the reveal is
    still on the screen (nobody writes the next card before the players continue)."""
    game = session.game
    view = game.view(None)
    quarter, before = held if held is not None else (None, None)
    cards = []
    for corp in view.players:
        out = corp in view.bankrupt and (quarter is None or view.bankrupt[corp] < quarter)
        player = session.seats.get(corp, HUMAN)
        who = "Human" if player == HUMAN else f"{player} bot"
        if corp in view.winners and held is None:
            badge = "<span class='nc-badge nc-b-win'>winner</span>"
        elif out:
            badge = f"<span class='nc-badge nc-b-out'>bankrupt in quarter {view.bankrupt[corp]}</span>"
        elif held is not None or (revealing and not view.over):
            badge = "<span class='nc-badge nc-b-in'>card turned over</span>"
        elif view.over:
            badge = ""
        elif corp in view.handed_in:
            badge = "<span class='nc-badge nc-b-in'>card in, face down</span>"
        else:
            badge = "<span class='nc-badge nc-b-writing'>writing</span>"
        where = ""
        if view.options.variable_industries and not out:
            inside = [i.replace("Industry ", "") for i in view.entered.get(corp, [])]
            where = (f"<div class='nc-small' title='Industries it may invest in without a cost of entry'>"
                     f"In industries: {escape(', '.join(inside)) or 'none'}</div>")
        writing = corp in view.waiting and not revealing
        classes = "nc-corp" + (" nc-out" if out else "") + (" nc-writing" if writing else "")
        cards.append(f"<div class='{classes}' style='border-top:6px solid {color_of(game, corp)}' "
                     f"data-corp='{escape(corp)}'><div>{chip(game, corp)} <span class='nc-who'>{who}</span></div>"
                     f"<div class='nc-money'>{money(view.money[corp] if before is None else before.get(corp, 0))}</div>"
                     f"<div>{badge}</div>{where}</div>")
    return f"<div class='nc-corps'>{''.join(cards)}</div>"
