"""The trading card game page's hand row is updated in place: a redraw that leaves the hand as it
was keeps its widgets (rebuilt, the row was blank for a moment after every move and a click
landing then was lost), a changed hand shows its new cards, and a hand the gate hides leaves no
model naming its cards open in the kernel (so none in the browser)."""
from __future__ import annotations

import ipywidgets as W
from ipywidgets.widgets.widget import _instances
from tcgpagetools import card_button, click, find, page, texts
from tcgtools import card, scen

from megacorps import tcg
from widgets.tcg.app import HUMAN


def hand_row(app) -> W.HBox:
    rows = find(app, "tcg-hand")
    assert len(rows) == 1, f"{len(rows)} hand rows"
    return rows[0]


def row_uids(app) -> list[int]:
    return [int(c[8:]) for b in hand_row(app).children for c in b._dom_classes if c.startswith("tcg-uid-")]


def open_widgets() -> dict:
    """Every widget model open in this kernel (what the browser may hold), by model id."""
    return dict(_instances)


def test_another_seats_moves_leave_the_same_hand_widgets_in_the_row():
    game = tcg.new_game(["Ana", "Nick"], seed=3, options={"decks": ["incarnes", "gnosts"]})
    app = page(game, {"Ana": HUMAN, "Nick": "Heuristic"})
    # Ana declines the bid and keeps her hand; then she passes until Nick's turn asks her to respond
    click(app, "tcg-bid", "Decline")
    click(app, "tcg-option", "keep")
    while not (game.state.active == "Nick" and game.decision_kind() == "priority"):
        click(app, "tcg-pass")
    hand = list(game.state.players["Ana"].hand)
    row, widgets = hand_row(app), list(hand_row(app).children)
    assert row_uids(app) == sorted(hand) and len(widgets) == 5
    moves = len(game.actions)
    click(app, "tcg-pass")                        # Ana passes: the bot moves, the page redraws
    assert any(a.seat == "Nick" for a in game.actions[moves + 1:])   # another seat moved
    assert game.state.players["Ana"].hand == hand and game.has_decision("Ana")
    assert hand_row(app) is row
    assert all(a is b for a, b in zip(hand_row(app).children, widgets, strict=True))
    assert all(w.comm is not None for w in widgets)   # still open: the browser keeps drawing them


def test_a_changed_hand_shows_its_new_cards_and_closes_the_button_of_the_card_that_left():
    game = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 6, "Nick": 6},
                 "hands": {"Ana": ["I5", "I1"], "Nick": ["G1", "G6"]}})
    app = page(game, {"Ana": HUMAN, "Nick": "Heuristic"})
    hornet = card(game, "Hornet Swarm", zone="hand")
    (stays,) = set(game.state.players["Ana"].hand) - {hornet}
    bought, kept = card_button(app, hornet), card_button(app, stays)
    bought_id = bought.model_id
    bought.click()                                  # selected: its actions in the decision panel
    click(app, "tcg-action", "buy")
    assert game.actions[-1] == tcg.Buy("Ana", "hand", hornet)
    assert row_uids(app) == [stays] == game.state.players["Ana"].hand
    assert hand_row(app).children[0] is kept
    assert bought.comm is None and bought_id not in open_widgets()   # closed, not only unshown
    assert "Ana's hand: 1 cards" in texts(app)


def test_behind_the_gate_no_open_widget_names_a_card_of_the_hidden_hand():
    before = set(open_widgets())
    game = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 6, "Nick": 6},
                 "hands": {"Ana": ["I5", "I1"], "Nick": ["G6", "G13"]}})
    app = page(game)                                # two humans at one screen
    names = {game.state.cards[u].name for u in game.state.players["Ana"].hand}
    public = {c.name for x in game.seats for c in game.view(None).networks[x]}
    public |= {c.name for x in game.seats for c in game.view(None).players[x].market}
    secret = names - public
    assert secret and app.viewer == "Ana"
    shown = list(hand_row(app).children)
    click(app, "tcg-pass")                          # Nick is asked to respond: the gate goes up
    assert app.gated()
    assert all(w.comm is None for w in shown)
    said = [getattr(w, attr) for key, w in open_widgets().items() if key not in before
            for attr in ("description", "tooltip", "value") if isinstance(getattr(w, attr, None), str)]
    assert [n for n in secret if any(n in text for text in said)] == []
    assert not [w for key, w in open_widgets().items() if key not in before
                for u in game.state.players["Ana"].hand if f"tcg-uid-{u}" in getattr(w, "_dom_classes", ())]
    app.pass_gate()                                  # Nick at the screen: his hand, not Ana's
    assert app.viewer == "Nick" and row_uids(app) == sorted(game.state.players["Nick"].hand)
