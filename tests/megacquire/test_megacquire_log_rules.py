"""MEGAcquire's words carry no rule reference: the line numbers of the rules text and the
rulings ("L23, L53", "ruling A1") are kept apart, in a log entry's `rule` and a refusal's `rule`,
so that the page, the tables and the lessons show plain text (the lessons used to strip the
references out with a pattern) and the page's rules link reads the reference."""
from __future__ import annotations

import random
import re

from mqtools import P, play_random, row

from megacorps import megacquire as mq
from megacorps.megacquire import log as L
from widgets.megacquire.rules_help import rules_help

REFERENCE = re.compile(r"\bL\d+\b|\brulings? A\d+")


def words_of(game: mq.Game) -> list[str]:
    """Every text the game shows: each log line as each seat and the spectator read it, the
    reason it ended, the decision and what each legal action would do."""
    out = [game.decision, game.state.end_reason]
    for e in game.log:
        out += [e.text, *(e.secret or {}).values()]
    for seat in game.deciders[:1]:
        out += [game.preview(a) for a in game.legal_actions(seat)[:20]]
    return out


def test_no_log_line_end_reason_or_preview_holds_a_rule_reference():
    for seed, options in ((1, {}), (2, {"disclosure": 1}), (3, {"last_round": 2}), (4, {"disclosure": 2})):
        game = mq.new_game(P, seed=seed, options=options)
        rng = random.Random(seed)
        seen: list[str] = []
        play_random(game, rng, check=lambda g: seen.extend(words_of(g)))
        seen += words_of(game)
        assert not [t for t in seen if REFERENCE.search(t)], [t for t in seen if REFERENCE.search(t)][:3]


def ended_by(game: mq.Game) -> mq.LogEntry:
    return next(e for e in reversed(game.log) if e.text.startswith("The game ends"))


def test_the_end_line_names_its_own_rule_apart_and_the_rules_help_explains_it():
    limit = mq.scenario(P, options={"last_round": 1}, hands={"P1": ["K-1"], "P2": ["K-5"], "P3": ["K-9"]})
    for seat, tile in zip(P, ["K-1", "K-5", "K-9"]):
        limit.apply(mq.PlayTile(seat, tile))
        limit.apply(mq.EndTurn(seat))
    line = ended_by(limit)
    assert line.text == "The game ends: the agreed time limit: round 1 is over"
    assert line.rule == L.TIME_LIMIT and "L113" in line.rule
    assert limit.state.end_reason == "the agreed time limit: round 1 is over"
    agreed = mq.scenario(P, hands={"P1": ["K-1"], "P2": ["K-5"], "P3": ["K-9"]})
    agreed.apply(mq.ProposeEnd("P1"))
    for seat in ("P2", "P3"):
        agreed.apply(mq.Vote(seat, True))
    for seat, tile in zip(P, ["K-1", "K-5", "K-9"]):
        agreed.apply(mq.PlayTile(seat, tile))
        agreed.apply(mq.EndTurn(seat))
    assert ended_by(agreed).rule == L.EARLY_END and "(L" not in ended_by(agreed).text
    help_ = rules_help()
    for rule in L.GAME_ENDS:
        assert help_.section_for(rule) is not None, rule


def test_a_refusal_keeps_its_rule_apart_from_its_words():
    game = mq.scenario(P, companies={"Regal": row("A", 1, 4)}, hands={"P1": ["K-9"]}, turn="P1")
    game.apply(mq.PlayTile("P1", "K-9"))
    try:
        game.apply(mq.BuyShare("P1", "Solon"))     # not on the board
    except mq.IllegalAction as err:
        refusal = err
    else:
        raise AssertionError("a certificate of a company not on the board was sold")
    assert "Solon is not on the board" in str(refusal) and not REFERENCE.search(str(refusal))
    assert refusal.rule == "L23"
    for _ in range(6):
        game.apply(mq.BuyShare("P1", "Regal"))
    try:
        game.apply(mq.BuyShare("P1", "Regal"))     # a seventh certificate this turn
    except mq.IllegalAction as err:
        assert "6 certificates have been obtained" in str(err) and err.rule == "L23, L53"
        assert not REFERENCE.search(str(err))
    else:
        raise AssertionError("a seventh certificate was sold in one turn")

