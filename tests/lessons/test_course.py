"""Every exercise of the course, driven through its widget with a move that misses its goal (the
widget says so), then, after Start over, with one that meets it; every worked example runs;
together the exercises practise every card and every kind of decision."""
from __future__ import annotations

import html

import pytest

import megacorps as mc
from widgets.lessons.course import EXAMPLES, EXERCISES, _load
from widgets.lessons.moves import MoveMaker, TradeMaker

_load()


def play(widget, moves) -> None:
    for move in moves:
        if isinstance(widget, TradeMaker):
            widget.offer(move.give, move.take, move.to)
        else:
            assert widget.offers(move) or str(move) in [str(a) for a in widget.choices()], \
                f"{move} is not offered; the choices are {[str(a) for a in widget.choices()][:20]}"
            widget.choose(move)


@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_an_exercise_says_when_its_goal_is_missed_and_when_it_is_met(key):
    ex = EXERCISES[key]
    assert ex.solution and ex.miss, f"{key}: a solution and a miss for the tests"
    widget = ex.widget()
    assert html.escape(ex.goal) in widget.goal_line.value
    play(widget, ex.miss)
    if isinstance(widget, MoveMaker):
        assert widget.finished and widget.verdict is not None, f"{key}: the miss did not end the exercise"
        assert not widget.verdict.met, f"{key}: the miss met the goal"
    assert "Not the goal" in widget.result.value, key
    widget.start_over()
    play(widget, ex.solution)
    if isinstance(widget, MoveMaker):
        assert widget.finished and widget.verdict is not None and widget.verdict.met, \
            f"{key}: the solution did not meet the goal ({widget.verdict})"
    assert "Goal met" in widget.result.value, key


@pytest.mark.parametrize("key", sorted(EXAMPLES))
def test_every_worked_example_runs_and_checks_itself(key, capsys):
    EXAMPLES[key]()
    assert capsys.readouterr().out.strip(), f"{key} shows nothing"


def _practised() -> tuple[set[str], set[str]]:
    kinds, cards = set(), set()
    for ex in EXERCISES.values():
        for move in ex.solution:
            if isinstance(move, str):
                kinds.add(_kind_of_text(move))
                if " plays " in move:
                    cards.add(move.split(" plays ", 1)[1].split(" on ")[0])
                continue
            kinds.add(move.kind)
            if isinstance(move, mc.PlayCard):
                cards.add(move.card)
            if isinstance(move, mc.OfferTrade):
                if move.give.cards or move.take.cards:
                    kinds.add("trade with cards")
                if move.give.mercenaries:
                    kinds.add("trade of mercenaries")
    return kinds, cards


def _kind_of_text(text: str) -> str:
    for words, kind in ((" buys mercenaries", "mercenaries"), (" picks ", "pick"), (" buys ", "buy"),
                        (" pays out ", "payout"), (" intervenes ", "intervene"), (" launches a war", "war"),
                        (" passes", "pass"), (" permits", "permit"), (" vetoes", "veto"),
                        (" refuses to sell", "offer-mercenaries"), (" offers ", "offer-mercenaries"),
                        (" accepts", "accept"), (" declines", "decline"), (" sends ", "support"),
                        (" stays out", "stay-out"), (" bids ", "bid"), (" votes ", "vote"),
                        (" plays no card", "no-card"), (" plays ", "play"), (" leaves the game", "leave")):
        if words in text:
            return kind
    raise AssertionError(f"unknown move text {text!r}")


def test_the_course_practises_every_card_and_every_decision():
    kinds, cards = _practised()
    every_kind = {"pick", "buy", "payout", "intervene", "mercenaries", "war", "pass", "permit", "veto",
                  "offer-mercenaries", "accept", "decline", "support", "stay-out", "bid", "vote", "play",
                  "trade", "leave", "trade with cards", "trade of mercenaries"}
    assert every_kind - kinds == set(), f"never practised: {sorted(every_kind - kinds)}"
    deck = {c.name for c in mc.load_deck().cards}
    assert deck - cards == set(), f"cards never played by the learner: {sorted(deck - cards)}"
