"""The trading card game's decision panels for the page shell: the decision under way (the bid,
a choice among the options the engine offers, or Pass), the actions of the card selected on the
board with the engine's preview of each (a challenge's preview tells the damage, the blockers,
the retaliation and who would be destroyed), and the players' table.

Every button is one of the engine's legal actions for the seat deciding, labelled with the
engine's words (`Game.public_text`), its tooltip and the line under it the engine's `preview`;
clicking it hands the action to the shell, which applies it through the engine's checked door.
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as W

from megacorps import tcg
from megacorps.tcg.cards import SAMPLE_NOTICE
from widgets.shell import html


def card_of(action) -> int | None:
    """The card an action is made with (the attacker of an attack), or None."""
    if isinstance(action, tcg.Attack):
        return action.attacker
    if isinstance(action, tcg.Bid | tcg.Choose | tcg.Pass):
        return None
    return getattr(action, "card", None)


def target_of(action) -> int | None:
    """The card an action aims at (an attack's target, an event's or ability's "card:<n>"), or None."""
    if isinstance(action, tcg.Attack):
        return action.target
    key = getattr(action, "target", None)
    if isinstance(key, str) and key.startswith("card:"):
        return int(key[5:])
    return None


def short_name(game, uid: int) -> str:
    """A card's name without the sample notice (said once under the board and on every card)."""
    return game.card_name(uid).replace(f" ({SAMPLE_NOTICE})", "")


def action_label(game, action) -> str:
    """The engine's public words for `action`, without the seat's name in front (and without the
    sample notice after each card's name: the board and every card's tooltip say it)."""
    text = game.public_text(action).replace(f" ({SAMPLE_NOTICE})", "")
    for prefix in (f"{action.seat}'s ", f"{action.seat} "):
        if text.startswith(prefix):
            text = text[len(prefix):]
            break
    return text[:1].upper() + text[1:]


def pass_label(game, seat: str) -> str:
    """The Pass button's words: what passing ends now."""
    view = game.view(seat)
    if view.stack:
        return "Pass: let the stack resolve"
    main = game.phase_opened() if seat == view.active else None
    return {"buy": "Pass: end the Buy phase", "challenge": "Pass: end the Challenge phase",
            "divest": "Pass: end the Divest phase",
            "reveal": "Pass: the revealed card goes to the bottom"}.get(main, "Pass")


def button(label: str, action, act: Callable, tooltip: str = "", cls: str = "tcg-choice",
           style: str = "") -> W.Button:
    """A button that hands `action` to `act` (the shell's guarded act)."""
    widget = W.Button(description=label, tooltip=tooltip or label, button_style=style,
                      layout=W.Layout(width="auto", height="auto"))
    widget.add_class(cls)
    widget.on_click(lambda _b: act(action))
    return widget


def decision_panel(shell: Any, board, seat: str, legal: list) -> list[W.Widget]:
    """The controls of `seat`'s decision now, and the box of the selected card's actions."""
    game = shell.game
    act = shell.guard(shell.act)
    kind = game.decision_kind()
    out: list[W.Widget] = []
    if kind == "bid":
        bids = [button("Decline to bid", tcg.Bid(seat, None), act, "nobody bids: the first player is drawn "
                       "at random and both keep 10M", cls="tcg-bid")]
        bids += [button(f"{a.amount}M", a, act, f"bid {a.amount}M: the higher bid plays first; you start with "
                        f"{10 - a.amount}M", cls="tcg-bid") for a in legal if a.amount is not None]
        out.append(W.HBox(bids, layout=W.Layout(flex_flow="row wrap")))
    elif kind == "choose":
        options = dict(game.view(seat).prompt.options or [])
        if any(a.key.startswith("slot:") for a in legal):
            out.append(html("<div class='tcg-hint'>Click a <b>deploy here</b> slot in a network.</div>"))
        others = [button(options.get(a.key, a.key), a, act, cls="tcg-option") for a in legal
                  if not a.key.startswith("slot:")]
        if others:
            out.append(W.VBox(others))
    else:
        passing = next(a for a in legal if isinstance(a, tcg.Pass))
        out.append(button(pass_label(game, seat), passing, act, game.preview(passing), cls="tcg-pass",
                          style="success"))
        n = len(board.cards_that_act())
        if n:
            out.append(html(f"<div class='tcg-hint'>{n} of your cards can act now (green edge): click one to see "
                            "what it can do. Click a character to engage it for traits.</div>"))
        elif any(isinstance(a, tcg.Produce) for a in legal):
            out.append(html("<div class='tcg-hint'>Click one of your characters to engage it for traits.</div>"))
        out += auto_pass_offer(shell, seat)
    out.append(board.new_actions_box())
    return out


def auto_pass_offer(shell: Any, seat: str) -> list[W.Widget]:
    """The box "pass for me when I have nothing to play", offered when the engine says the seat
    has nothing to play (`Game.nothing_to_play`: no event, purchase, attack or sale, even after
    engaging characters for traits; an ability of a card in play answering the stack counts as
    something to play), and kept in view while it is ticked so that it can be unticked. Ticked,
    the page passes for the seat in such windows for the rest of the game (`TcgParts.standing_move`),
    at once if there is nothing to play now."""
    parts = shell.parts
    on = seat in parts.auto_pass(shell)
    idle = shell.game.nothing_to_play(seat)
    if not (on or idle):
        return []
    box = W.Checkbox(value=on, description="Pass for me when I have nothing to play", indent=False,
                     layout=W.Layout(width="auto"))
    box.add_class("tcg-auto-pass")
    box.observe(shell.guard(lambda change: parts.set_auto_pass(shell, seat, change["new"])), "value")
    note = ("Nothing to play now: no event, purchase, attack or sale, even after engaging characters for "
            "traits. Ticked, the page passes for you whenever that is so, for the rest of the game (the "
            "abilities of your cards in play are then skipped, unless something is on the stack to answer). "
            "The other player can tell that you passed at once (at a shared screen: that you were not "
            "called), so they learn you had nothing to play."
            if idle else "")
    return [W.VBox([box, html(f"<div class='tcg-hint'>{note}</div>")] if note else [box])]


def selected_actions(board) -> list[W.Widget]:
    """The selected card's actions, each with the engine's preview beneath. Those aimed at a card
    (an attack, an event or ability on a card) wait for the target: the cards it may aim at get an
    orange edge (or their names are buttons here), and clicking one shows those actions."""
    game, shell = board.game, board.shell
    act = shell.guard(shell.act)
    out: list[W.Widget] = [html(f"<div class='tcg-panel-title'>{escape(game.card_name(board.selected))}</div>")]
    mine = board.actions_of(board.selected)
    out += [with_preview(game, a, act) for a in mine if target_of(a) is None]
    aimed = [a for a in mine if target_of(a) is not None]
    if aimed and board.target is None:
        verb = "attack" if any(isinstance(a, tcg.Attack) for a in aimed) else "aim at"
        out.append(html(f"<div class='tcg-hint'>To {verb} a card: click one with an orange edge, or its name "
                        "here:</div>"))
        pick = shell.guard(board.click_card)
        names = []
        for uid in board.targets():
            b = W.Button(description=short_name(game, uid), layout=W.Layout(width="auto"))
            b.add_class("tcg-attack-target")
            b.on_click(lambda _b, u=uid: pick(u))
            names.append(b)
        out.append(W.HBox(names, layout=W.Layout(flex_flow="row wrap")))
    elif aimed:
        for a in aimed:
            if target_of(a) == board.target:
                out.append(with_preview(game, a, act))
                if isinstance(a, tcg.Attack) and a.zone:
                    out.append(zone_button(board, a))
    return out


def zone_button(board, attack) -> W.Widget:
    """Under a zone attack: whether the grid outlines its rectangle now, or a button to show it."""
    x, y, w, h = attack.zone
    if attack == board.zone_attack:
        return html(f"<div class='tcg-hint tcg-zone-shown'>Its zone ({w}x{h} from {x}, {y}) is outlined on the "
                    "grid; the cards it would strike are shaded.</div>")
    show = W.Button(description=f"Show this zone ({w}x{h} from {x}, {y})", layout=W.Layout(width="auto"))
    show.add_class("tcg-zone-show")
    show.on_click(board.shell.guard(lambda _b: board.show_zone(attack)))
    return show


def with_preview(game, action, act: Callable) -> W.Widget:
    """An action's button with the engine's preview of what it would do beneath it."""
    preview = game.preview(action)
    cls = "tcg-attack" if isinstance(action, tcg.Attack) else "tcg-action"
    return W.VBox([button(action_label(game, action), action, act, preview, cls=cls),
                   html(f"<div class='tcg-preview'>{escape(preview)}</div>")])


def players_html(shell: Any, seat: str | None) -> str:
    """Money, trait pool, hand size and decks of each player (all public), whose turn and phase."""
    game = shell.game
    view = game.view(seat)
    rows = []
    for x in view.seats:
        p = view.players[x]
        mark = " ◀" if view.prompt and x in view.prompt.seats else ""
        who = shell.players.get(x, "")
        pool = " ".join(f"{t}{n}" for t, n in p.pool.items())
        rows.append(f"<tr><td><b>{escape(x)}</b> ({escape(who)}){mark}</td><td>{p.money}M</td><td>{pool}</td>"
                    f"<td>{p.hand_size}</td><td>{p.main_left}/{p.resource_left}</td></tr>")
    phase = (f"Turn {view.turn}: {escape(view.active)}'s {escape(view.phase)} phase" if view.turn and not view.over
             else ("Set-up" if not view.over else escape(view.end_reason)))
    return (f"<div class='tcg-phase'>{phase}</div><table class='shell-players tcg-players'><tr><th></th>"
            "<th>money</th><th>traits</th><th>hand</th><th>decks</th></tr>" + "".join(rows) + "</table>")
