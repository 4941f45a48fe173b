"""Issue 24: lessons a learner cannot shortcut. Each test here failed before its fix."""
from __future__ import annotations

import pytest

import megacorps as mc
from widgets.lessons.course import EXERCISES, _load
from widgets.lessons.moves import MoveMaker, TradeMaker

_load()


def descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


# --- 1. Start over on every exercise; every goal check tests the goal itself ---------------------

@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_every_exercise_has_a_start_over_button_that_restores_the_position(key):
    widget = EXERCISES[key].widget()
    buttons = [b for b in descendants(widget) if getattr(b, "description", None) == "Start over"]
    assert buttons, f"{key}: no Start over button"
    start = widget.game.state.clone()
    for move in EXERCISES[key].miss:
        if isinstance(widget, TradeMaker):
            widget.offer(move.give, move.take, move.to)
        else:
            widget.choose(move)
    buttons[0].click()
    assert widget.game.state == start, f"{key}: Start over did not bring back the starting position"
    assert widget.verdict is None


def test_a_trade_goal_counts_everything_spent_since_the_start_not_only_the_last_offer():
    """Lesson 13: buying Japan/Media for 15 Euros, then giving the Elections card away, is not
    'a card for a company without spending money'."""
    trade = EXERCISES["13/card-for-company"].widget()
    trade.offer(mc.Bundle(money=15), mc.Bundle(companies=("Japan/Media",)), "Mokia")
    assert "Not the goal" in trade.result.value
    trade.offer(mc.Bundle(cards=("Elections",)), mc.Bundle(), "Mokia")
    assert trade.verdict is not None and not trade.verdict.met
    assert "Goal met" not in trade.result.value
    trade.start_over()
    assert trade.game.company_status("Japan/Media") == "Mokia" and trade.verdict is None
    assert ("company Japan/Media", ("companies", "Japan/Media")) in trade.take_items.options
    trade.offer(mc.Bundle(cards=("Elections",)), mc.Bundle(companies=("Japan/Media",)), "Mokia")
    assert trade.verdict.met and "Goal met" in trade.result.value
