"""The trading card game's page without a browser: each click becomes the engine's action, a
stale click shows the engine's reason and changes nothing, the hidden hand never reaches the
other seat's widgets, the board shows what the engine says (engaged, orphans, piles, the stack),
and the deck chooser names a bad deck file's bad entry (a file arriving through the page's
bridge, as the browser sends it)."""
from __future__ import annotations

import json

import pytest
from tcgpagetools import buttons, card_button, click, find, page, texts, walk
from tcgtools import card, scen

from megacorps import tcg
from megacorps.tcg.log import RULES
from widgets.tcg.app import HUMAN, App
from widgets.tcg.deck_chooser import DeckChooser
from widgets.tcg.rules import rules_help


def buy_position(**extra):
    """Ana's Buy phase with a Hornet Swarm in hand and 6M."""
    spec = {"active": "Ana", "phase": "buy", "money": {"Ana": 6, "Nick": 6},
            "hands": {"Ana": ["I5"], "Nick": ["G1", "G6"]}, **extra}
    return scen(spec)


def test_a_bid_button_makes_that_bid():
    game = tcg.new_game(["Ana", "Nick"], seed=3, options={"decks": ["incarnes", "gnosts"]})
    app = page(game)
    assert app.viewer == "Ana"
    click(app, "tcg-bid", "3M")
    assert game.actions == [tcg.Bid("Ana", 3)]


def test_buying_from_hand_and_deploying_by_clicks():
    game = buy_position()
    app = page(game)
    hornet = card(game, "Hornet Swarm", zone="hand")
    assert "tcg-can-act" in card_button(app, hornet)._dom_classes
    card_button(app, hornet).click()
    offered = buttons(app, "tcg-action")
    legal = [a for a in game.legal_actions("Ana") if getattr(a, "card", None) == hornet]
    assert len(offered) == len(legal) and legal
    # the preview under the button is the engine's own answer
    previews = [w.value for w in find(app, "tcg-actions")[0].children[1].children if hasattr(w, "value")]
    assert any(game.preview(tcg.Buy("Ana", "hand", hornet)) in p for p in previews)
    click(app, "tcg-action", "buys")
    assert game.actions[-1] == tcg.Buy("Ana", "hand", hornet)
    slots = find(app, "tcg-slot-choice")
    keys = {k for k, _ in game.prompt.options if k.startswith("slot:")}
    assert slots and len(slots) == len(keys)
    find(app, "tcg-slot-mine-0-1")[0].click()
    assert game.actions[-1] == tcg.Choose("Ana", "slot:Ana:0:1")
    assert game.state.cards[hornet].pos == (0, 1) and game.state.cards[hornet].net == "Ana"
    assert "Hornet Swarm" in card_button(app, hornet).description


def test_an_attack_shows_the_engines_preview_and_is_made_by_clicks():
    spec = {"active": "Ana", "phase": "challenge", "money": {"Ana": 6, "Nick": 6},
            "networks": {"Ana": [{"id": "I5", "at": [0, 1]}], "Nick": [{"id": "G1", "at": [-1, 0]}]}}
    game = scen(spec)
    app = page(game)
    hornet, acolyte = card(game, "Hornet Swarm"), card(game, "Gnost Acolyte")
    card_button(app, hornet).click()
    targets = {a.target for a in game.legal_actions("Ana") if isinstance(a, tcg.Attack) and a.attacker == hornet}
    marked = {int(c.split("-")[-1]) for w in find(app, "tcg-target") for c in w._dom_classes if c.startswith("tcg-uid-")}
    assert marked == targets and acolyte in targets
    card_button(app, acolyte).click()
    attacks = [a for a in game.legal_actions("Ana") if isinstance(a, tcg.Attack) and a.target == acolyte
               and a.attacker == hornet]
    shown = buttons(app, "tcg-attack")
    assert len(shown) == len(attacks)
    page_text = texts(app)
    for a in attacks:
        assert game.preview(a) in page_text
    first = attacks[0]
    click(app, "tcg-attack", f"in {first.trait}")
    assert game.actions[-1] == first


def test_a_stale_click_shows_the_engines_reason_and_changes_nothing():
    game = buy_position(money={"Ana": 4, "Nick": 6}, hands={"Ana": ["I5", "I5"], "Nick": ["G1"]})
    app = page(game)
    first, second = sorted(game.state.players["Ana"].hand)
    card_button(app, second).click()
    stale = buttons(app, "tcg-action", "buys")[0]
    # elsewhere (the page in another tab, say) Ana buys the other Hornet Swarm first
    game.apply(tcg.Buy("Ana", "hand", first)).apply(tcg.Choose("Ana", "slot:Ana:0:1"))
    app.refresh()
    before = list(game.actions)
    stale.click()
    assert game.actions == before
    assert "Not allowed" in app.error.value and "it costs 3M and Ana has 1M" in app.error.value


def test_a_card_with_nothing_to_do_says_why_in_the_engines_words_and_changes_nothing():
    game = buy_position(money={"Ana": 2, "Nick": 6}, networks={"Nick": [{"id": "G1", "at": [-1, 0]}]})
    app = page(game)
    hornet, acolyte = card(game, "Hornet Swarm", zone="hand"), card(game, "Gnost Acolyte")
    assert "tcg-can-act" not in card_button(app, hornet)._dom_classes
    card_button(app, hornet).click()                  # 3M with 2M
    assert game.actions == [] and "it costs 3M and Ana has 2M" in app.error.value
    card_button(app, acolyte).click()                 # the rival's, disengaged, before its second turn
    assert game.actions == [] and "Gnost Acolyte: nothing to do with it now" in app.error.value
    assert game.why_not(tcg.Buy("Ana", "network", acolyte)) in app.error.value


def hand_marks(app, game, seat):
    """The page's widgets that name a card of `seat`'s hand (by number, or by a name seen nowhere public)."""
    hand = game.state.players[seat].hand
    public = {c.name for x in game.seats for c in game.view(None).networks[x]}
    public |= {c.name for x in game.seats for c in game.view(None).players[x].market}
    secret_names = {game.state.cards[u].name for u in hand} - public
    uids = [w for u in hand for w in find(app, f"tcg-uid-{u}")]
    words = texts(app)
    return uids, [n for n in secret_names if n in words]


def test_the_hidden_hand_never_reaches_the_other_seats_widgets():
    game = buy_position(hands={"Ana": ["I5", "I1"], "Nick": ["G6", "G13"]})
    app = page(game)
    assert app.viewer == "Ana"
    assert hand_marks(app, game, "Nick") == ([], [])
    assert hand_marks(app, game, "Ana")[0]       # Ana sees her own
    click(app, "tcg-pass")                          # Nick is asked to respond: the gate goes up
    assert app.gated()
    assert hand_marks(app, game, "Ana") == ([], []) and hand_marks(app, game, "Nick") == ([], [])
    app.pass_gate()
    assert app.viewer == "Nick"
    assert hand_marks(app, game, "Ana") == ([], [])
    assert hand_marks(app, game, "Nick")[0]


def test_the_board_shows_engaged_orphans_piles_and_the_stack():
    spec = {"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 6},
            "hands": {"Ana": ["N7"]},
            "networks": {"Ana": [{"id": "I1", "at": [5, 5]}, {"id": "I5", "at": [0, 1], "engaged": True,
                                                                "pile": ["I3"]}]}}
    game = scen(spec)
    app = page(game)
    neonate, hornet = card(game, "Vat-Born Neonate"), card(game, "Hornet Swarm")
    orphan = card_button(app, neonate)
    assert "tcg-orphan" in orphan._dom_classes and "ORPHAN" in orphan.description
    assert "Orphan" in orphan.tooltip
    pile = card_button(app, hornet)
    assert "tcg-engaged" in pile._dom_classes and "ENGAGED" in pile.description
    assert "+1 bonded" in pile.description and "tcg-pile" in pile._dom_classes
    company = card_button(app, game.state.players["Ana"].company)
    assert "anchored" not in company.description and "tcg-orphan" not in company._dom_classes
    assert "not official" in orphan.tooltip
    # an event played goes on the stack, which the board shows while Nick may respond
    event = next(a for a in game.legal_actions("Ana") if isinstance(a, tcg.PlayEvent))
    game.apply(event)
    while game.prompt.kind == "choose":
        game.apply(tcg.Choose("Ana", game.prompt.options[0][0]))
    app.refresh()
    assert game.state.stack
    assert game.state.stack[-1].label in app.parts.table.stack_box.value


def test_the_sample_notice_is_on_the_board_and_every_card():
    game = buy_position()
    app = page(game)
    assert "not an official Megacorp card list" in texts(app)
    cards = find(app, "tcg-card")
    assert cards and all("sample card, not official" in b.tooltip for b in cards)


def test_every_rule_the_log_names_has_a_section_of_the_rules_help():
    help_ = rules_help()
    keys = {s.key for s in help_.sections}
    for rule in RULES.values():
        assert help_.section_for(rule) in keys, rule
    game = tcg.new_game(["Ana", "Nick"], seed=3, options={"decks": ["incarnes", "gnosts"]})
    app = page(game)
    click(app, "tcg-bid", "Decline")
    app.pass_gate()
    click(app, "tcg-bid", "Decline")
    lines = app.log_box.value.split("class='shell-log-entry'")[1:]
    assert lines and all("shell-rule-link" in x for x in lines)


def deck_file(**changes) -> bytes:
    deck = json.loads(tcg.sample_deck("gnosts").model_dump_json())
    deck.update(changes)
    return json.dumps(deck).encode()


def test_a_bad_deck_file_names_its_bad_entry_and_starts_nothing():
    app = App(pause=0)
    chooser = app.form.options.choosers[1]
    chooser.choice.value = "own"
    bad = json.loads(deck_file())
    bad["main"]["NOPE"] = 2
    chooser.load(json.dumps(bad).encode(), "my-deck.json")
    assert "my-deck.json: entry main.NOPE" in chooser.message.value
    app.form.start.click()
    assert app.game is None and "Deck of seat 2" in app.error.value


def test_a_good_deck_file_plays_and_its_save_resumes():
    app = App(pause=0)
    chooser = app.form.options.choosers[1]
    chooser.choice.value = "own"
    chooser.load(deck_file(name="My Gnosts"), "mine.json")
    assert "My Gnosts" in chooser.message.value
    app.form.seed.value = "4"
    app.form.start.click()
    assert app.error.value == "" and app.game is not None
    assert app.game.decks[1].name == "My Gnosts"
    _, data = app.save_file()
    again = App(pause=0)
    again.load_bytes(data)
    assert again.game.decks[1].name == "My Gnosts" and again.game.actions == app.game.actions


def test_a_deck_chooser_refuses_an_oversized_file():
    chooser = DeckChooser("incarnes")
    chooser.load(b" " * (300 * 1024), "huge.json")
    assert chooser.deck is None and "too big" in chooser.message.value
    with pytest.raises(ValueError):
        chooser.choice.value = "own"
        chooser.value()


@pytest.mark.parametrize("level", ["Random", "Heuristic", "Sampler"])
def test_each_bot_level_plays_against_a_human(level):
    game = tcg.new_game(["Ana", "Nick"], seed=2, options={"decks": ["gnosts", "incarnes"]})
    app = page(game, {"Ana": HUMAN, "Nick": level})
    click(app, "tcg-bid", "Decline")
    assert any(a.seat == "Nick" for a in game.actions)     # the bot made its bid by itself
    assert game.has_decision("Ana") or game.is_over
    assert all(a.seat == "Ana" for a in game.legal_actions("Ana"))
    assert not [w for w in walk(app) if "tcg-uid-" in " ".join(getattr(w, "_dom_classes", ()))
                and any(f"tcg-uid-{u}" in w._dom_classes for u in game.state.players["Nick"].hand)]


def test_undo_takes_back_a_purchase_before_its_slot_is_chosen():
    game = buy_position()
    app = page(game)
    hornet = card(game, "Hornet Swarm", zone="hand")
    assert not app.header.undo_possible
    card_button(app, hornet).click()
    click(app, "tcg-action", "buys")
    assert find(app, "tcg-slot-choice") and app.header.undo_possible
    app.undo_button.click()
    assert game.actions == [] and hornet in game.state.players["Ana"].hand and game.money("Ana") == 6
    assert not find(app, "tcg-slot-choice") and "tcg-can-act" in card_button(app, hornet)._dom_classes


def test_an_event_aimed_at_a_card_waits_for_its_target_then_goes_on_the_stack():
    game = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 7}, "pools": {"Ana": {"QE": 2}},
                 "hands": {"Ana": ["N17"], "Nick": ["G6"]}, "networks": {"Nick": [{"id": "G1", "at": [-1, 0]}]}})
    app = page(game)
    smear, acolyte = card(game, "Smear Campaign", zone="hand"), card(game, "Gnost Acolyte")
    card_button(app, smear).click()
    aimed = [a for a in game.legal_actions("Ana") if isinstance(a, tcg.PlayEvent) and a.card == smear]
    marked = {int(c.split("-")[-1]) for w in find(app, "tcg-target") for c in w._dom_classes if c.startswith("tcg-uid-")}
    assert marked == {int(a.target[5:]) for a in aimed} and acolyte in marked
    assert buttons(app, "tcg-action") == []           # nothing to click before a target is chosen
    card_button(app, acolyte).click()
    offered = buttons(app, "tcg-action")
    assert [b.description for b in offered] == ["Plays Smear Campaign on Gnost Acolyte"]
    offered[0].click()
    while game.prompt.kind == "choose" and game.deciders == ["Ana"]:
        find(app, "tcg-slot-mine-0-1")[0].click()
    assert tcg.PlayEvent("Ana", smear, f"card:{acolyte}") in game.actions
    assert game.state.stack and "Smear Campaign" in app.parts.table.stack_box.value
    assert game.deciders == ["Nick"] and app.gated()   # Nick may respond: the screen waits for him


def test_selecting_a_card_changes_edges_on_the_same_buttons():
    """A selection is not a new position: the buttons stay (a quick second click on a card the
    page had replaced would be lost in the browser), only their edges change."""
    game = scen({"active": "Ana", "phase": "challenge",
                 "networks": {"Ana": [{"id": "I5", "at": [0, 1]}], "Nick": [{"id": "G1", "at": [-1, 0]}]}})
    app = page(game)
    hornet, acolyte = card(game, "Hornet Swarm"), card(game, "Gnost Acolyte")
    before = {w.model_id for w in find(app, "tcg-card")}
    card_button(app, hornet).click()
    assert {w.model_id for w in find(app, "tcg-card")} == before
    assert "tcg-selected" in card_button(app, hornet)._dom_classes
    assert "tcg-target" in card_button(app, acolyte)._dom_classes
    card_button(app, hornet).click()                 # again: unselected
    assert "tcg-selected" not in card_button(app, hornet)._dom_classes
    assert "tcg-target" not in card_button(app, acolyte)._dom_classes
    assert buttons(app, "tcg-attack") == [] and game.actions == []


def from_the_page(app, message: dict, data: bytes | None = None) -> None:
    """A message of the page's bridge reaching the kernel, as the browser sends it (a file goes as
    one binary buffer)."""
    app.bridge._received(app.bridge, message, [memoryview(data)] if data is not None else [])


def test_a_deck_file_arriving_through_the_bridge_is_read_and_a_broken_one_refused():
    """Seat 2's deck file comes through the page's bridge: a good one is chosen; a broken one is
    refused naming its bad entry, the deck chosen before it still chosen (and played); a file the
    browser refused for its size is named with the limit, and changes nothing either."""
    app = App(pause=0)
    first, chooser = app.form.options.choosers
    chooser.choice.value = "own"
    good = deck_file(name="Mine")
    from_the_page(app, {"type": "upload", "purpose": "deck-2", "name": "mine.json", "size": len(good)}, good)
    assert chooser.deck.name == "Mine" and "Mine: " in chooser.message.value
    assert first.deck is None and first.message.value == "" and app.form.loaded is None
    bad = json.loads(good)
    bad["main"]["NOPE"] = 2
    broken = json.dumps(bad).encode()
    from_the_page(app, {"type": "upload", "purpose": "deck-2", "name": "mine-v2.json", "size": len(broken)}, broken)
    assert "This deck cannot be used: mine-v2.json: entry main.NOPE: no such card in the pool" in chooser.message.value
    assert "Still chosen: <span class='tcg-deck-ok'>Mine: " in chooser.message.value
    assert chooser.value().name == "Mine"
    from_the_page(app, {"type": "upload-refused", "purpose": "deck-2", "name": "holiday.json",
                        "size": 3 * 1024 * 1024})
    assert "holiday.json: 3.0 MB is too big for a deck file (at most 256 KB" in chooser.message.value
    assert chooser.value().name == "Mine" and app.error.value == ""
    app.form.start.click()
    assert app.error.value == "" and app.game.decks[1].name == "Mine"


def test_the_bridge_refuses_a_deck_file_over_the_limit_that_a_page_sent_anyway():
    """The kernel does not trust the page's size check: a file over the deck's limit that arrives
    all the same is refused with its size, before it is read."""
    app = App(pause=0)
    chooser = app.form.options.choosers[0]
    huge = b" " * (300 * 1024)
    from_the_page(app, {"type": "upload", "purpose": "deck-1", "name": "huge.json", "size": 10}, huge)
    assert chooser.deck is None and "huge.json: 300 KB is too big" in chooser.message.value


def test_the_page_bridge_carries_the_save_and_both_seats_deck_files_apart():
    """One bridge, three purposes: each seat's deck button names its own purpose and this page's
    bridge, whose limits the browser checks; a save (no purpose) still goes to the form's review,
    and a purpose nothing takes changes nothing."""
    from widgets.sealed_files import MAX_FILE_BYTES
    from widgets.tcg.deck_chooser import MAX_DECK_BYTES
    app = App(pause=0)
    bridge = app.bridge
    assert bridge.limits == {"save": MAX_FILE_BYTES, "deck-1": MAX_DECK_BYTES, "deck-2": MAX_DECK_BYTES}
    for i, chooser in enumerate(app.form.options.choosers):
        assert f"data-mc-upload='deck-{i + 1}'" in chooser.upload.value
        assert f"data-mc-bridge='{bridge.key}'" in chooser.upload.value and bridge.key
    game = tcg.new_game(["Ana", "Nick"], seed=3, options={"decks": ["incarnes", "gnosts"]})
    played = App(pause=0)
    played.start(game, {"Ana": HUMAN, "Nick": HUMAN})
    name, save = played.save_file()
    from_the_page(app, {"type": "upload", "purpose": "tables", "name": "x.json", "size": len(save)}, save)
    assert app.form.loaded is None and app.error.value == ""
    from_the_page(app, {"type": "upload", "name": name, "size": len(save)}, save)
    assert app.form.loaded is not None
    assert all(c.deck is None and c.message.value == "" for c in app.form.options.choosers)


def test_the_rivals_bid_leaves_the_humans_bid_buttons_under_the_pointer():
    """Both seats bid at once: the rival's bid arriving (a bot's move) must not rebuild the human's
    bid buttons, or a click made on them at that moment is lost (the browser game lost one so)."""
    game = tcg.new_game(["Ana", "Nick"], seed=3, options={"decks": ["incarnes", "gnosts"]})
    app = page(game)
    before = buttons(app, "tcg-bid", "3M")[0]
    assert game.deciders == ["Ana", "Nick"] or set(game.deciders) == {"Ana", "Nick"}
    game.apply(tcg.Bid("Nick", 2))   # the rival's move, as the bots' loop makes it
    app.refresh()
    assert buttons(app, "tcg-bid", "3M")[0] is before
    # the title still tells which position the buttons answer (browser tests wait on it)
    assert "shell-decision-title' data-step='1'" in texts(app)
    before.click()
    assert game.actions[-1] == tcg.Bid("Ana", 3)
