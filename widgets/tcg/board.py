"""The trading card game's board as a page piece (`widgets.shell.Board`): the rules stack while
it holds something, both networks as grids (the rival's on top), the shown seat's hand and both
market piles. The hands are updated in place (hand.py): a redraw that leaves a card in the hand
keeps its button under the player's pointer. It also keeps which card the player selected,
whose actions the decision panel lists (widgets/tcg/panels.py).

Every clickable thing is one of the engine's legal actions for the seat shown
(`Game.legal_actions`): a card with a green edge can act now; clicking it selects it; for an
attacker (or an event or ability aimed at a card), the cards it may aim at get an orange edge and
clicking one shows those actions with their previews; a ZONE ATTACK on that card outlines its
rectangle on the grid (its slots, empty ones included) and edges the cards it would strike. A
"deploy here" slot answers a deploy choice. While a challenge is under way, its attacker and the
cards it strikes are edged (and a zone attack's rectangle outlined) for both players. The seat shown sees its own hand only: the rival's hand is a count (`Game.view(seat)`
holds nothing more). Nothing here decides a rule.
"""
from __future__ import annotations

from functools import partial
from html import escape
from typing import Any

import ipywidgets as W

from megacorps import tcg
from widgets.shell import close_all

from .cards import card_button
from .hand import Hands
from .network import network_grid, slot_positions
from .panels import card_of, html, selected_actions, short_name, target_of
from .rules import SAMPLE_NOTE

MARKS = ("tcg-can-act", "tcg-selected", "tcg-target", "tcg-target-chosen", "tcg-struck")   # the edges a selection sets
COMBAT = {"attacker": "tcg-attacking", "defender": "tcg-under-attack"}   # a challenge under way


def iter_widgets(widget: W.Widget):
    """Every widget inside `widget`, itself and the boxes included."""
    yield widget
    if isinstance(widget, W.Box):
        for child in widget.children:
            yield from iter_widgets(child)


def uids_of(widget: W.Widget) -> list[int]:
    """The card number of a card button (its class tcg-uid-<n>), as a list of at most one."""
    return [int(c[8:]) for c in getattr(widget, "_dom_classes", ()) if c.startswith("tcg-uid-")]


def replace_children(box: W.Box, children: list) -> None:
    old = list(box.children)
    box.children = children
    for widget in old:
        if widget not in children:
            close_all(widget)


class TcgBoard:
    """The board of one page; `draw(shell, seat, legal)` redraws it for `seat` (None: nobody's
    hand, as behind the hot-seat gate), offering `legal` through `shell.act`."""

    def __init__(self):
        self.shell: Any = None
        self.game: Any = None
        self.seat: str | None = None
        self.legal: list = []
        self.selected: int | None = None
        self.target: int | None = None
        self.zone_attack: Any = None             # the zone attack whose rectangle the grid outlines
        self.actions_box: W.VBox | None = None   # the decision panel's box for the selected card's actions
        self._key = None
        self._buttons: dict[int, W.Button] = {}
        self._combat: dict[int, str] = {}        # the challenge under way's marks, by card
        self.stack_box = html(cls="tcg-stack")
        self.rival_box = W.VBox()
        self.mine_box = W.VBox()
        self.hands = Hands()                     # the hands, updated in place (hand.py)
        self.hand_box = self.hands.box
        self.market_box = W.VBox()
        self.widget = W.VBox([self.stack_box, self.rival_box, self.mine_box, self.hand_box, self.market_box],
                             layout=W.Layout(width="640px"))
        self.widget.add_class("tcg-board")

    # --- what the seat may do -------------------------------------------------------------------
    def cards_that_act(self) -> set[int]:
        """The cards with something to do now beyond producing traits (every disengaged character
        of the seat can always be engaged for traits: it is not marked for that alone)."""
        return {card_of(a) for a in self.legal if card_of(a) is not None and not isinstance(a, tcg.Produce)}

    def actions_of(self, uid: int | None) -> list:
        return [a for a in self.legal if uid is not None and card_of(a) == uid]

    def targets(self) -> list[int]:
        """The cards the selected card's actions may aim at (attacks, events, abilities)."""
        return sorted({t for t in map(target_of, self.actions_of(self.selected)) if t is not None})

    def click_card(self, uid: int) -> None:
        """A card clicked: a target of the card selected, else the new selection (or none)."""
        if self.shell is None:
            return
        if self.selected is not None and uid in self.targets():
            self.target = uid
            self.zone_attack = next((a for a in self.actions_of(self.selected)
                                     if isinstance(a, tcg.Attack) and a.zone and a.target == uid), None)
        elif uid == self.selected:
            self.selected = self.target = self.zone_attack = None
        elif self.actions_of(uid):
            self.selected, self.target, self.zone_attack = uid, None, None
        else:
            raise ValueError(f"{short_name(self.game, uid)}: {self.why_idle(uid)}")
        self.draw(self.shell, self.seat, self.legal)
        self.show_actions()

    def why_idle(self, uid: int) -> str:
        """Why a card offers nothing now, in the engine's words: the refusal of what a player
        clicking it most likely wants (buying or playing it, engaging it for traits)."""
        if not self.legal:
            return "nothing to do now: it is not your decision"
        seat, view = self.seat, self.game.view(self.seat)
        card = {c.uid: c for x in view.seats for c in (view.players[x].hand or [])}.get(uid)
        if card is not None:
            wanted = tcg.PlayEvent(seat, uid) if card.type == "event" else tcg.Buy(seat, "hand", uid)
        elif any(p.market and p.market[-1].uid == uid for p in view.players.values()):
            wanted = tcg.Buy(seat, "market", uid)
        elif any(p.revealed is not None and p.revealed.uid == uid for p in view.players.values()):
            wanted = tcg.Buy(seat, "reveal", uid)
        else:
            card = next((c for x in view.seats for c in view.networks[x] if c.uid == uid), None)
            if card is None:
                return "nothing to do with it now"
            if card.controller != seat:
                wanted = tcg.Buy(seat, "network", uid)
            else:
                wanted = tcg.Produce(seat, uid, next(iter(card.traits), "QI"))
        return f"nothing to do with it now ({self.game.why_not(wanted)})"

    def show_zone(self, attack) -> None:
        """Outline `attack`'s rectangle on the grid (one of the zone attacks listed for the target)."""
        if attack not in self.actions_of(self.selected):
            raise ValueError("That attack is no longer possible.")
        self.zone_attack = attack
        self.draw(self.shell, self.seat, self.legal)
        self.show_actions()

    def act(self, action) -> None:
        self.shell.act(action)

    # --- drawing --------------------------------------------------------------------------------
    def draw(self, shell: Any, seat: str | None, legal: list) -> None:
        """Draw the game as `seat` sees it. Redraws only when something changed, so that a button
        is not replaced under the player's pointer for nothing."""
        game = shell.game
        if game is not self.game or seat != self.seat:
            self.selected = self.target = self.zone_attack = None
        self.shell, self.game, self.seat, self.legal = shell, game, seat, list(legal)
        if self.selected is not None and not self.actions_of(self.selected):
            self.selected = self.target = self.zone_attack = None
        if self.zone_attack not in self.legal:
            self.zone_attack = None
        key = (id(game), len(game.actions), game.actions[-1:], seat, tuple(self.legal), self.zone_attack)
        if key == self._key:
            self._remark()     # only the selection changed: the same buttons, new edges
            return
        self._key = key
        view = game.view(seat)
        self._combat = self._combat_marks(view)
        marks = self._marks()
        rival, mine = self._sides(view)
        choosing = bool(self.legal) and game.decision_kind() == "choose"
        options = dict(view.prompt.options or []) if choosing and view.prompt else {}
        click = shell.guard(self.click_card)
        choose = shell.guard(lambda key: self.act(tcg.Choose(seat, key)))
        zone_net, zone = self._zone(view)
        for box, net, role in ((self.rival_box, rival, "rival"), (self.mine_box, mine, "mine")):
            player = view.players[net]
            title = (f"<div class='tcg-net-title'>{escape(net)}'s network · {player.money}M · trait pool "
                     + " ".join(f"{t} {n}" for t, n in player.pool.items()) + "</div>")
            grid = network_grid(net, role, view.networks[net], marks, click, slot_positions(net, list(options)),
                                choose, options, zone if net == zone_net else None)
            replace_children(box, [html(title), grid])
        self.hands.draw(view, [mine, *[x for x in view.seats if x != mine]], marks, click)
        replace_children(self.market_box, self._markets(view, marks, click))
        self.stack_box.value = self._stack_html(view)
        self._buttons = {uid: w for w in iter_widgets(self.widget) for uid in uids_of(w)}

    def _remark(self) -> None:
        """Put the selection's edges on the card buttons already drawn (replacing the buttons for a
        selection would lose a quick second click on the card being replaced)."""
        marks = self._marks()
        for uid, button in self._buttons.items():
            want = set(marks.get(uid, ()))
            for cls in MARKS:
                if cls in button._dom_classes and cls not in want:
                    button.remove_class(cls)
                elif cls in want and cls not in button._dom_classes:
                    button.add_class(cls)

    def _zone(self, view) -> tuple[str | None, tuple | None]:
        """(the network, the rectangle (x, y, width, height)) of the zone attack the player looks
        at, else of the challenge under way's, or (None, None)."""
        if self.zone_attack is not None:
            target, zone = self.zone_attack.target, self.zone_attack.zone
        elif view.combat and view.combat.get("zone"):
            target, zone = view.combat["target"], tuple(view.combat["zone"])
        else:
            return None, None
        net = next((x for x in view.seats for c in view.networks[x] if c.uid == target), None)
        return net, zone

    @staticmethod
    def _combat_marks(view) -> dict[int, str]:
        """The challenge under way: its attacker, and the cards it strikes (its defenders: the
        target, the blockers, a zone's cards)."""
        cb = view.combat
        if not cb:
            return {}
        marks = {u: COMBAT["defender"] for u in [cb["target"], *cb["defenders"]]}
        marks[cb["attacker"]] = COMBAT["attacker"]
        return marks

    def _sides(self, view) -> tuple[str, str]:
        """(the rival's seat, the shown seat's): the rival's network is drawn on top."""
        mine = self.seat if self.seat is not None else view.seats[0]
        return next(x for x in view.seats if x != mine), mine

    def _marks(self) -> dict[int, tuple[str, ...]]:
        marks: dict[int, list[str]] = {u: ["tcg-can-act"] for u in self.cards_that_act()}
        for u, cls in self._combat.items():
            marks.setdefault(u, []).append(cls)
        if self.selected is not None:
            marks.setdefault(self.selected, []).append("tcg-selected")
        for u in self.targets():
            marks.setdefault(u, []).append("tcg-target-chosen" if u == self.target else "tcg-target")
        for u in (self.game.struck(self.zone_attack) if self.zone_attack is not None else []):
            marks.setdefault(u, []).append("tcg-struck")
        return {u: tuple(m) for u, m in marks.items()}

    def _markets(self, view, marks, click) -> list[W.Widget]:
        cells = []
        for x in view.seats:
            player = view.players[x]
            items: list[W.Widget] = [html(f"<div class='tcg-pile-title'>{escape(x)}'s market pile "
                                          f"({len(player.market)})</div>")]
            if player.market:
                top = player.market[-1]
                items.append(card_button(top, click, marks.get(top.uid, ())))
            else:
                items.append(html("<i>empty</i>"))
            cells.append(W.VBox(items))
            if player.revealed is not None:
                cells.append(W.VBox([html(f"<div class='tcg-pile-title'>{escape(x)}'s revealed card</div>"),
                                     card_button(player.revealed, click, marks.get(player.revealed.uid, ()))]))
        row = W.HBox(cells)
        row.add_class("tcg-market")
        return [row, html(f"<div class='tcg-sample-note'>{escape(SAMPLE_NOTE)}</div>")]

    def _stack_html(self, view) -> str:
        parts = []
        if view.stack:
            items = "".join(f"<li><b>{escape(i.label)}</b> ({escape(i.kind)} of {escape(i.controller)})"
                            + (f" on {escape(i.target)}" if i.target else "") + "</li>" for i in reversed(view.stack))
            parts.append("<div class='tcg-panel-title'>Rules stack: the top item resolves first, unless a "
                         f"player responds</div><ol class='tcg-stack-items'>{items}</ol>")
        if view.combat:
            cb = view.combat
            name = partial(short_name, self.game)
            defenders = ", ".join(name(u) for u in cb["defenders"])
            parts.append(f"<div class='tcg-combat'>Challenge under way: {escape(name(cb['attacker']))} attacks "
                         f"{escape(name(cb['target']))} in {escape(cb['trait'])}"
                         + (f"; defending: {escape(defenders)}" if defenders else "") + "</div>")
        return "".join(parts)

    # --- the selected card's actions (in the decision panel) -------------------------------------
    def new_actions_box(self) -> W.VBox:
        """The box the decision panel shows the selected card's actions in (a new one each time
        the panel is rebuilt; clicks on cards refill the latest)."""
        self.actions_box = W.VBox()
        self.actions_box.add_class("tcg-actions")
        self.show_actions()
        return self.actions_box

    def show_actions(self) -> None:
        if self.actions_box is None:
            return
        replace_children(self.actions_box, selected_actions(self) if self.selected is not None else [])
