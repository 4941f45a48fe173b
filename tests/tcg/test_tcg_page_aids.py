"""The trading card game's page, without a browser: the founder marked on the grid, a zone
attack's rectangle outlined before it is made, and the automatic pass a player may ask for when
they have nothing to play (offered then, remembered for the game, never used while there is
something to play)."""
from __future__ import annotations

import re

from tcgpagetools import buttons, card_button, click, find, page, texts
from tcgtools import card, scen

from megacorps import tcg
from widgets.tcg.app import HUMAN
from widgets.tcg.board import uids_of


def test_the_founder_is_marked_as_the_founder_on_the_grid():
    game = scen({"active": "Ana", "phase": "buy", "networks": {"Ana": [{"id": "I5", "at": [0, 1]}]}})
    app = page(game)
    founders = {seat: game.state.players[seat].founder for seat in game.seats}
    marked = {u for w in find(app, "tcg-founder") for u in uids_of(w)}
    assert marked == set(founders.values())
    for uid in founders.values():
        button = card_button(app, uid)
        assert "FOUNDER" in button.description and "founder of its company" in button.tooltip
    for other in (game.state.players["Ana"].company, card(game, "Hornet Swarm")):
        assert "tcg-founder" not in card_button(app, other)._dom_classes
        assert "FOUNDER" not in card_button(app, other).description


def zone_position() -> tcg.Game:
    """Ana's Challenge phase: her Titan Abomination (ZONE ATTACK QC 2x2) faces Nick's network of
    four cards."""
    return scen({"active": "Ana", "phase": "challenge", "money": {"Ana": 6, "Nick": 6},
                 "networks": {"Ana": [{"id": "I8", "at": [0, 1]}],
                              "Nick": [{"id": "G1", "at": [-1, 0]}, {"id": "G9", "at": [-1, 1]}]}})


def outlined(app, game) -> tuple[set, set, set]:
    """(cards in the outlined zone, cards shaded as struck, empty zone cells as (x, y))."""
    in_zone = {u for w in find(app, "tcg-in-zone") for u in uids_of(w)}
    struck = {u for w in find(app, "tcg-struck") for u in uids_of(w)}
    cells = {tuple(map(int, m.groups())) for w in find(app, "tcg-zone-cell") for c in w._dom_classes
             if (m := re.fullmatch(r"tcg-zone-rival-(-?\d+)-(-?\d+)", c))}
    return in_zone, struck, cells


def test_a_zone_attack_outlines_its_rectangle_and_shades_what_it_would_strike():
    game = zone_position()
    app = page(game)
    titan, acolyte = card(game, "Titan Abomination"), card(game, "Gnost Acolyte")
    assert outlined(app, game) == (set(), set(), set())
    card_button(app, titan).click()
    assert outlined(app, game) == (set(), set(), set())   # no target yet: nothing outlined
    card_button(app, acolyte).click()
    zones = [a for a in game.legal_actions("Ana") if isinstance(a, tcg.Attack) and a.zone
             and a.attacker == titan and a.target == acolyte]
    assert len(zones) > 1
    for attack in zones:
        if attack != app.parts.table.zone_attack:
            click(app, "tcg-zone-show", "{}x{} from {}, {}".format(attack.zone[2], attack.zone[3], *attack.zone[:2]))
        x0, y0, w, h = attack.zone
        rect = {(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)}
        nick = game.state.networks["Nick"]
        in_zone, struck, cells = outlined(app, game)
        assert in_zone == {u for pos, u in nick.items() if pos in rect}
        assert cells == rect - set(nick)                      # the empty slots of the zone, drawn
        assert struck == set(game.struck(attack)) and acolyte in struck
        assert "is outlined on the grid" in texts(app)
    # the attack is made with the zone that was shown
    shown = app.parts.table.zone_attack
    attack_buttons = [b for b in buttons(app, "tcg-attack") if "zone attack" in b.description]
    assert attack_buttons
    # the zone attack buttons are listed in the order of `zones`; the shown one is the last
    attack_buttons[zones.index(shown)].click()
    assert game.actions[-1] == shown
    # now the challenge under way is outlined (for everyone: the page waits behind the gate for Nick)
    assert app.gated() and game.view(None).combat["zone"] == shown.zone
    in_zone, struck, cells = outlined(app, game)
    x0, y0, w, h = shown.zone
    rect = {(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)}
    assert cells == rect - set(game.state.networks["Nick"]) and not struck


def nicks_turn(hand: list[str], network: list[dict] | None = None) -> tcg.Game:
    """Nick's Buy phase (Nick a bot on the page), Ana with `hand` and `network`; Ana rich enough
    that the Heuristic Nick does not engage his company (an ability on the stack, which Ana's
    abilities could answer)."""
    return scen({"active": "Nick", "phase": "buy", "money": {"Ana": 20, "Nick": 6},
                 "hands": {"Ana": hand, "Nick": []}, "networks": {"Ana": network or []}})


def test_the_engine_says_when_there_is_nothing_to_play():
    idle = nicks_turn(["I5"])                                   # a character: nothing to play in Nick's turn
    idle.apply(tcg.Pass("Nick"))                               # Nick ends his Buy phase: Ana may answer
    assert idle.deciders == ["Ana"] and idle.nothing_to_play("Ana")
    assert any(isinstance(a, tcg.Produce) for a in idle.legal_actions("Ana"))
    # an event she could pay for only after engaging a character for QE: something to do
    shriek = nicks_turn(["G6"], [{"id": "G9", "at": [0, 1]}])
    shriek.apply(tcg.Pass("Nick"))
    assert shriek.deciders == ["Ana"]
    assert not any(isinstance(a, tcg.PlayEvent) for a in shriek.legal_actions("Ana"))
    assert not shriek.nothing_to_play("Ana")
    assert not idle.nothing_to_play("Nick")                       # not his decision


def test_the_automatic_pass_is_offered_when_there_is_nothing_to_play_and_remembered_for_the_game():
    game = nicks_turn(["I5"])
    app = page(game, {"Ana": HUMAN, "Nick": "Heuristic"})
    assert app.human_to_decide() == "Ana" and game.nothing_to_play("Ana")
    offers = find(app, "tcg-auto-pass")
    assert len(offers) == 1 and offers[0].value is False
    asked_at = len(game.actions)
    offers[0].value = True                                     # ticked: the page passes for Ana from now on
    assert app.error.value == ""
    assert len(game.actions) > asked_at and game.actions[asked_at] == tcg.Pass("Ana")
    # it stops where Ana has something to do (or at the end), and passed only where she had nothing
    replay = nicks_turn(["I5"])
    auto = 0
    for i, action in enumerate(game.actions):
        if i >= asked_at and action.seat == "Ana":
            assert isinstance(action, tcg.Pass) and replay.nothing_to_play("Ana"), (i, replay.decision)
            auto += 1
        replay.apply(action)
    assert auto >= 1
    # the page counts the passes it made for her as her moves (browser tests wait on that count)
    mine = sum(1 for action in game.actions if action.seat == "Ana")
    assert f"data-moves='{mine}'" in app.status.value
    assert "nothing to play" not in app.log_box.value   # the log says nothing of her hand to Nick
    assert game.is_over or (app.human_to_decide() == "Ana" and not game.nothing_to_play("Ana"))
    if game.decision_kind() == "priority":
        assert find(app, "tcg-auto-pass")[0].value is True     # still on, and can be turned off here
    # a new game starts without it
    app.start(nicks_turn(["I5"]), {"Ana": HUMAN, "Nick": "Heuristic"})
    app.pass_gate()
    assert app.game.deciders == ["Ana"] and find(app, "tcg-auto-pass")[0].value is False


def test_the_automatic_pass_is_not_offered_while_there_is_something_to_play():
    game = nicks_turn(["G6"], [{"id": "G9", "at": [0, 1]}])
    app = page(game, {"Ana": HUMAN, "Nick": "Heuristic"})
    assert app.human_to_decide() == "Ana" and not game.nothing_to_play("Ana")
    assert not find(app, "tcg-auto-pass")
    assert buttons(app, "tcg-pass")                              # she is asked


def test_a_challenge_under_way_is_drawn_for_the_defender():
    game = zone_position()
    app = page(game)
    titan = card(game, "Titan Abomination")
    attack = next(a for a in game.legal_actions("Ana") if isinstance(a, tcg.Attack) and a.zone
                  and game.state.cards[a.target].controller == "Nick" and len(game.struck(a)) > 1)
    app.act(attack)
    assert app.gated() and app.human_to_decide() == "Nick"
    app.pass_gate()
    combat = game.view("Nick").combat
    assert combat is not None and combat["zone"] == attack.zone
    attacking = {u for w in find(app, "tcg-attacking") for u in uids_of(w)}
    hit = {u for w in find(app, "tcg-under-attack") for u in uids_of(w)}
    assert attacking == {titan} and hit == {combat["target"], *combat["defenders"]}
    x0, y0, w, h = attack.zone
    rect = {(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)}
    cells = {tuple(map(int, m.groups())) for cell in find(app, "tcg-zone-cell") for c in cell._dom_classes
             if (m := re.fullmatch(r"tcg-zone-mine-(-?\d+)-(-?\d+)", c))}   # Nick's own network, below
    assert cells == rect - set(game.state.networks["Nick"])
    assert {u for w in find(app, "tcg-in-zone") for u in uids_of(w)} == {
        u for pos, u in game.state.networks["Nick"].items() if pos in rect}
