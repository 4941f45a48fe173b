"""The trading card game's seat page at a networked table has the hot-seat page's two aids, driven
headlessly against a real service process: a zone attack shades the cards it would strike (the
service's engine works them out from the networks, which every seat sees), and the automatic pass
when there is nothing to play (the service tells that seat alone; the page passes for its player,
with no reason in the log, only where the engine says there was nothing to play). Neither the
rival's messages nor the projector's carry what the automatic pass is decided on."""
from __future__ import annotations

import json

import ipywidgets as W
import pytest

import megacorps as mc
from megacorps import kit, tcg
from megacorps.tcg.cards import DATA
from widgets.tcg.board import iter_widgets, uids_of
from widgets.tcg.table_pages import TcgSeatPage

from tables_helpers import sqlite_url, states_pushed, table_record

# Ana's own deck: forty cheap characters with ZONE ATTACK QC 2x2 (ten cards of our own, four copies
# each), so that her first Buy phase can deploy one and her Challenge phase attack a zone with it.
DRONES = [{"id": f"ZD{i}", "name": f"Zone Drone {i}", "deck": "main", "type": "character", "value": 1,
           "traits": {"QM": 1, "QC": 3}, "keywords": [{"kw": "ZONE ATTACK", "param": "QC 2x2"}]}
          for i in range(1, 11)]


def drone_deck() -> dict:
    deck = json.loads((DATA / "decks" / "incarnes.json").read_text())
    return dict(deck, name="Drones (a test deck)", main={card["id"]: 4 for card in DRONES})


def find(widget: W.Widget, cls: str) -> list[W.Widget]:
    return [w for w in iter_widgets(widget) if cls in getattr(w, "_dom_classes", ())]


def replayed(service, table_id: str) -> tuple[tcg.Game, list[dict]]:
    """A fresh game of the table (its seed and options) and its recorded actions, from the database."""
    record = table_record(sqlite_url(service), table_id)
    return kit.get("tcg").new_game(record.corps, seed=record.seed, options=record.options), record.actions


def test_a_zone_attack_on_the_seat_page_shades_the_cards_it_would_strike(service):
    table = mc.tables.open_table(service.url, {"Ana": "Human", "Nick": "Heuristic"}, seed=5, game="tcg",
                                 options={"decks": [drone_deck(), "gnosts"], "extra_cards": DRONES})
    seat = table.seat("Ana")
    page = TcgSeatPage(seat)
    # Ana's moves up to a zone attack of hers, sent as her page sends a click: a drone bought and
    # deployed, the phases passed
    for _ in range(60):
        assert seat.wait_for_turn(timeout=120), "Ana's turn never came"
        legal = seat.legal_actions()
        if any(isinstance(a, tcg.Attack) and a.zone for a in legal):
            break
        move = (next((a for a in legal if isinstance(a, tcg.Bid)), None)
                or next((a for a in legal if isinstance(a, tcg.Buy) and a.source == "hand"), None)
                or next((a for a in legal if isinstance(a, tcg.Choose) and a.key == "keep"), None)
                or next((a for a in legal if isinstance(a, tcg.Choose) and a.key.startswith("slot:")), None)
                or next((a for a in legal if isinstance(a, tcg.Pass)), legal[0]))
        seat.apply(move)
    else:
        pytest.fail("no zone attack came to Ana")
    page._on_change(seat)
    zones = [a for a in seat.legal_actions() if isinstance(a, tcg.Attack) and a.zone]
    attack = next((a for a in zones if len(a.zone) == 4), zones[0])
    game, actions = replayed(service, table.table)
    for row in actions[:seat.at]:
        game.apply(kit.get("tcg").action_from_dict(row["action"]))
    assert game.deciders == ["Ana"] and attack in game.legal_actions("Ana")
    strikes = {a: set(game.struck(a)) for a in zones if a.attacker == attack.attacker and a.target == attack.target}
    assert find(page.app, "tcg-struck") == []            # nothing shaded before an attack is chosen
    # the attacker clicked, then its target: the first zone attack listed on it is outlined and shaded
    find(page.app, f"tcg-uid-{attack.attacker}")[0].click()
    find(page.app, f"tcg-uid-{attack.target}")[0].click()
    assert page.app.error.value == "", page.app.error.value
    shown = page.app.parts.table.zone_attack
    assert shown in strikes
    shaded = {u for w in find(page.app, "tcg-struck") for u in uids_of(w)}
    assert shaded == strikes[shown] and attack.target in shaded
    assert shaded <= {u for net in game.state.networks.values() for u in net.values()}   # public cards only
    # each other zone on that target, shown on request, shades the engine's cards for it
    for other in strikes:
        if other != shown:
            page.app.parts.table.show_zone(other)
            assert {u for w in find(page.app, "tcg-struck") for u in uids_of(w)} == strikes[other]


def test_the_seat_page_passes_for_its_player_only_where_there_is_nothing_to_play(service):
    # Ana's drones are characters only: in Nick's turn she has nothing to play but engaging them
    table = mc.tables.open_table(service.url, {"Ana": "Human", "Nick": "Heuristic"}, seed=11, game="tcg",
                                 options={"decks": [drone_deck(), "gnosts"], "extra_cards": DRONES})
    seat = table.seat("Ana")
    page = TcgSeatPage(seat)
    clicked: set[int] = set()   # the actions Ana made by a click (their numbers in the table's record)
    ticked_at = None

    def ana_plays(decisions: int) -> None:
        nonlocal ticked_at
        for _ in range(decisions):
            if not seat.wait_for_turn(timeout=120):
                return
            page._on_change(seat)                          # the push: the page may pass for Ana here
            if seat.is_over or not seat.is_my_turn():
                continue
            page.app.refresh()
            offers = find(page.app.decision, "tcg-auto-pass")
            if ticked_at is None and offers:
                ticked_at = seat.at
                offers[0].value = True                     # ticked: the page passes at once, and from now on
                assert page.app.error.value == "", page.app.error.value
                continue
            buttons = [b for cls in ("tcg-bid", "tcg-option", "tcg-pass") for b in find(page.app.decision, cls)
                       if isinstance(b, W.Button)]
            assert buttons, "Ana is asked, with nothing to click"
            clicked.add(seat.at)
            at = seat.at
            buttons[0].click()
            assert page.app.error.value == "", page.app.error.value
            assert seat.at > at

    nick = mc.tables.watch(service.url, table.table)
    frames = states_pushed(service, table.codes["Ana"], lambda: ana_plays(60))
    assert ticked_at is not None, "the box was never offered"
    game, actions = replayed(service, table.table)
    spec, automatic = kit.get("tcg"), 0
    for i, row in enumerate(actions):
        action = spec.action_from_dict(row["action"])
        if i >= ticked_at and action.seat == "Ana" and i not in clicked:
            # made by the page for Ana: a pass, where the engine says she had nothing to play
            assert isinstance(action, tcg.Pass) and game.nothing_to_play("Ana"), (i, game.decision)
            assert row["by"] == "Human"
            automatic += 1
        game.apply(action)
    assert automatic >= 1
    # what the automatic pass is decided on went to Ana alone: the projector is never told she had
    # nothing to play, and the log tells nobody why she passed
    nick.refresh()
    assert nick.state.get("nothing_to_play") is False and nick.state.get("struck") == []
    assert "nothing to play" not in " ".join(nick.log).lower()
    assert any(f.get("nothing_to_play") for f in frames)      # Ana's own messages carry it
