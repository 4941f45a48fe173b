"""Which of a bot's reasons every seat may read in the trading card game: all of them except the
reasons of decisions taken on what only the bot's seat knows (a secret bid, a search of its own
deck, DEAD DROP, a looked-at hand, keeping or taking a mulligan). The rule is the game's own
(`TcgTable.reason_is_public`), read by the page shell and by the table service; a private
reason never reaches the other seat or the projector."""
from __future__ import annotations

import json

from tcgpagetools import buttons, click, page, texts
from tcgtools import scen

from megacorps import kit, tcg
from megacorps.kit.bots import next_move
from megacorps.tcg.bots import LEVELS
from tableserver.live import LiveTable
from tableserver.store import TableRecord
from widgets.tcg.app import HUMAN

PARTS = kit.get("tcg").table_parts


def scout_position() -> tcg.Game:
    """Ana's Buy phase with a Talent Scout in hand: deployed, it searches her decks for a Consumer."""
    return scen({"active": "Ana", "phase": "buy", "money": {"Ana": 8, "Nick": 6},
                 "hands": {"Ana": ["N16"], "Nick": ["G1"]},
                 "resources": {"Ana": ["RN1", "RN2"], "Nick": ["RN1"]}})


def bot_moves(game: tcg.Game, steps: int, stop=lambda game, prompt: False) -> list[tuple]:
    """Heuristic bots play both seats: [(prompt, decision)] of each move, until `stop`."""
    bots = {seat: LEVELS["Heuristic"](seed=i) for i, seat in enumerate(game.seats)}
    moves = []
    for _ in range(steps):
        prompt = game.prompt
        _seat, decision = next_move(game, bots)
        game.apply(decision.action)
        moves.append((prompt, decision))
        if stop(game, prompt):
            break
    return moves


def test_a_search_hides_its_reason_and_the_public_decisions_around_it_show_theirs():
    game = scout_position()
    moves = bot_moves(game, 8)
    private = [i for i, (prompt, _d) in enumerate(moves) if prompt.private]
    assert private, "the Talent Scout's search was made"
    search = moves[private[0]][1]
    assert "Bargain Hunters" in search.reason          # the reason names the card found in the deck
    for i, (prompt, decision) in enumerate(moves):
        assert PARTS.reason_is_public(game, i) is (i not in private), (i, prompt.text, decision)
    # a purchase, a deploy slot, a pass: shown (the kit's default hid every one of them)
    shown = [d.action for i, (_p, d) in enumerate(moves) if PARTS.reason_is_public(game, i)]
    assert {type(a) for a in shown} >= {tcg.Buy, tcg.Choose, tcg.Pass}


def test_the_bid_and_the_mulligan_are_private_decisions():
    game = tcg.new_game(["Ana", "Nick"], seed=3, options={"decks": ["incarnes", "gnosts"]})
    moves = bot_moves(game, 12, stop=lambda g, p: p.kind == "priority")
    kinds = [("mulligan" if "keep" in dict(prompt.options) else prompt.kind, PARTS.reason_is_public(game, i))
             for i, (prompt, _d) in enumerate(moves)]
    assert {k for k, _ in kinds} == {"bid", "mulligan", "priority"}, kinds
    assert all(public is (kind == "priority") for kind, public in kinds), kinds
    # a reload replays the game: the record of who decided in private comes back with it
    again = tcg.load_game(game.to_json())
    assert [PARTS.reason_is_public(again, i) for i in range(len(moves))] == [k[1] for k in kinds]


def test_no_shown_reason_names_a_card_of_the_bots_hidden_hand():
    """The Heuristic bot engages a character to pay a trait cost: its reason named the card in
    hand it was paying for, which every seat could read."""
    game = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 8, "Nick": 20},   # her company safe
                 "hands": {"Ana": ["I2"], "Nick": ["G1"]},
                 "networks": {"Ana": [{"id": "I6", "at": [0, 1]}]}})
    hidden = "Lineage Hierarch"
    bots = {"Ana": LEVELS["Heuristic"](seed=0)}
    _seat, decision = next_move(game, bots)
    assert isinstance(decision.action, tcg.Produce), decision
    game.apply(decision.action)
    assert PARTS.reason_is_public(game, 0)
    assert hidden not in decision.reason and hidden not in json.dumps(game.view("Nick").model_dump(mode="json"))


def test_the_random_bots_reason_does_not_count_its_choices():
    # the count of its choices told the other seat how many cards of its hand it could pay for
    game = scout_position()
    reasons = {LEVELS["Random"](seed=s).decide(game, "Ana").reason for s in range(20)}
    assert reasons and not any(ch.isdigit() for r in reasons for ch in r), reasons


def test_the_page_shows_public_reasons_and_never_a_private_one():
    game = scout_position()
    app = page(game, {"Ana": "Heuristic", "Nick": HUMAN})
    private: list[str] = []
    for _ in range(12):
        if game.is_over or app.human_to_decide() != "Nick":
            break
        private += [text for _at, text, step in app.reasons if step is not None and game.decided_in_private(step)]
        on_page = texts(app)
        assert not [t for t in private if t in on_page], "a private reason reached Nick's screen"
        click(app, "tcg-pass" if buttons(app, "tcg-pass") else "tcg-option")   # a pass, else a choice's first option
    assert private and "takes Bargain Hunters" in private[0]
    log = app.log_box.value
    assert "reason: buys the strongest card" in log and "deploys close to its company" in log
    assert "takes Bargain Hunters" not in log and app.error.value == ""


def test_the_table_service_sends_public_reasons_and_never_a_private_one():
    """Seed 0, Gnosts against Corporation, two Heuristic bots: the bids, the mulligans and a DEAD
    DROP search come in the first twenty actions."""
    game = tcg.new_game(["Ana", "Nick"], seed=0, options={"decks": ["gnosts", "corporation"]})
    moves = bot_moves(game, 40, stop=lambda g, p: p.private)
    assert moves[-1][0].private and "DEAD DROP" in moves[-1][0].text
    players = {"Ana": "Heuristic", "Nick": "Heuristic"}
    rows = [{"action": tcg.action_to_dict(d.action), "by": "Heuristic", "reason": d.reason} for _p, d in moves]
    record = TableRecord("t", "test", 0, ["Ana", "Nick"], "open", players, rows, game="tcg",
                         options={"decks": ["gnosts", "corporation"]})
    table = LiveTable(record, store=None)
    private = {d.reason for i, (_p, d) in enumerate(moves) if game.decided_in_private(i)}
    public = {d.reason for i, (_p, d) in enumerate(moves) if not game.decided_in_private(i)}
    assert any("takes Breaching Charge" in r for r in private) and any("bids" in r for r in private)
    for seat in (None, "Ana", "Nick"):
        payload = table.public_payload() if seat is None else table.seat_payload(seat)
        sent = {info[5] for info in payload["log_info"] if info[5]}
        assert sent and sent <= public, (seat, sent - public)
        text = json.dumps(payload)
        assert not [r for r in private if r in text], seat


def public_names(game: tcg.Game) -> set[str]:
    """The names of every card the spectator's view shows (networks, piles, markets, revealed)."""
    view = game.view(None)
    cards = [c for net in view.networks.values() for c in net]
    cards += [b for c in cards for b in c.pile] + list(view.annihilated)
    for p in view.players.values():
        cards += p.market + ([p.revealed] if p.revealed else [])
    return {c.name for c in cards}


def test_no_reason_shown_in_whole_games_names_a_card_hidden_in_the_bots_hand():
    """Heuristic against Random, both ways round: each reason the other seat may read is checked
    against the cards in that bot's hand that no public zone shows at that moment."""
    checked = 0
    for seed, levels in ((1, ("Heuristic", "Random")), (2, ("Random", "Heuristic")), (3, ("Heuristic", "Random"))):
        game = tcg.new_game(["Ana", "Nick"], seed=seed, options={"decks": ["corporation", "gnosts"]})
        bots = {seat: LEVELS[level](seed=seed) for seat, level in zip(game.seats, levels)}
        while not game.is_over and len(game.actions) < 400:
            seat, decision = next_move(game, bots)
            hidden = {game.state.cards[u].card.name for u in game.state.players[seat].hand} - public_names(game)
            game.apply(decision.action)
            if PARTS.reason_is_public(game, len(game.actions) - 1):
                assert not [n for n in hidden if n in decision.reason], (seat, decision)
                checked += 1
    assert checked > 40
