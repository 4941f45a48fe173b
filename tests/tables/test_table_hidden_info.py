"""No response to a seat contains another hand or the deck order; a spectator sees no hand.

A game is played through the service with three human seats and a bot; every answer a seat
or the spectator received is then checked against the engine's own game, replayed from the
database to that answer's position: the answer holds exactly the engine's view for that
seat and its legal actions, and no card that is hidden from it (another hand, the deck, the
cards set aside) unless that card's name is public at that moment anyway."""
from __future__ import annotations

import json
import random

import megacorps as mc
from megacorps.tables.public import public_state, state_to_json

from tables_helpers import pick, raw, replay, sqlite_url

SEATS = {"Mokia": "Human", "Globbo": "Human", "Nonintendo": "Greedy", "Lenogo": "Human"}


def test_no_answer_to_a_seat_or_spectator_holds_hidden_cards(service):
    table = mc.tables.open_table(service.url, SEATS, seed=16)
    answers: list[tuple[str | None, dict]] = []   # (corp or None for the spectator, payload)
    rng = random.Random(16)
    seats = {c: table.seat(c) for c in table.codes}
    for _ in range(3000):
        progressed = False
        for corp, seat in seats.items():
            status, payload = raw(f"{service.url}/api/seat", code=table.codes[corp])
            assert status == 200
            answers.append((corp, payload))
            seat._take(payload)
            if seat.is_my_turn() and not seat.is_over:
                status, payload = raw(f"{service.url}/api/seat/act", "POST",
                                      {"action": mc.action_to_dict(pick(seat, rng)), "at": seat.at},
                                      table.codes[corp])
                if status == 200:
                    answers.append((corp, payload))
                    progressed = True
        answers.append((None, raw(f"{service.url}/api/tables/{table.table}")[1]))
        if seats["Mokia"].is_over:
            break
        if not progressed:
            seats["Mokia"].wait(timeout=2)
    assert seats["Mokia"].is_over

    final = replay(sqlite_url(service), table.table)
    by_position: dict[int, list] = {}
    for corp, payload in answers:
        by_position.setdefault(payload["at"], []).append((corp, payload))
    game = mc.new_game(list(SEATS), seed=16)
    checked = hidden_seen = 0
    for at in range(len(final.actions) + 1):
        for corp, payload in by_position.get(at, []):
            hidden_seen += check_answer(game, corp, payload)
            checked += 1
        if at < len(final.actions):
            game.apply(final.actions[at])
    assert checked == len(answers) and checked > 200
    assert hidden_seen > 50  # the check had hidden cards to look for


def check_answer(game: mc.Game, corp: str | None, payload: dict) -> int:
    """Assert that `payload` is exactly `corp`'s view and choices and hides what it must;
    returns how many hidden cards were looked for."""
    view = game.view(corp).model_dump()
    assert payload["log_from"] + len(payload["log"]) == len(view["log"])
    assert payload["log"] == view.pop("log")[payload["log_from"]:]
    assert payload["view"] == view
    assert payload["public"] == state_to_json(public_state(game.state))
    assert len(payload["log_info"]) == len(payload["log"])
    if corp is not None and not game.is_over:
        assert payload["choices"] == [mc.action_to_dict(a) for a in game.legal_actions(corp)]
    else:
        assert payload["choices"] == []
    text = json.dumps(payload)
    public = json.dumps(game.view(None).model_dump())
    state = game.state
    hidden = [card for other, hand in state.hands.items() if other != corp for card in hand]
    hidden += list(state.deck) + list(state.set_aside)
    mine = state.hands.get(corp, []) if corp else []
    looked = 0
    for card in set(hidden) - set(mine):
        if card not in public:
            looked += 1
            assert card not in text, f"{card} reached {corp or 'the spectator'} at action {payload['at']}"
    if len(state.deck) > 1:
        assert json.dumps(list(state.deck)) not in text
    return looked


def test_a_bots_reason_for_a_secret_bid_is_not_sent_while_the_bids_are_sealed():
    # the bots' reasons name their amounts ("bids 18 for Japan"): sent to the seats while
    # Mokia was still to bid, they gave the auction away
    from megacorps.bots import LEVELS, next_move
    from tableserver.live import LiveTable, bot_seed
    from tableserver.store import TableRecord

    corps, seed = ["Globbo", "Nonintendo", "Mokia"], 0
    game = mc.new_game(corps, seed=seed)
    bots = {c: LEVELS["Greedy"](seed=bot_seed(seed, i)) for i, c in enumerate(corps)}
    rows = []
    while not (rows and isinstance(game.actions[-1], mc.Sealed) and "Mokia" in game.deciders):
        _corp, decision = next_move(game, bots)
        game.apply(decision.action)
        rows.append((decision.action, decision.reason))
    players = {"Globbo": "Greedy", "Nonintendo": "Greedy", "Mokia": "Human"}
    record = TableRecord("t", "test", seed, corps, "open", players,
                         [{"action": mc.action_to_dict(a), "by": players[a.corp], "reason": r} for a, r in rows])
    table = LiveTable(record, store=None)
    bid = rows[-1][0]
    assert isinstance(bid, mc.Bid) and bid.corp != "Mokia"
    secret = f"bids {bid.amount} for"
    assert secret in rows[-1][1]
    for corp in (None, *corps):
        payload = table.public_payload() if corp is None else table.seat_payload(corp)
        assert secret not in json.dumps(payload["log_info"]), corp
