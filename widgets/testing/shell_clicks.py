"""Clicking a move on a page-shell game page (widgets/shell) in a browser test, and knowing it counted.

The shell's status line says how many moves this screen's humans have made (`data-moves`: their
clicks and the standing moves the page made for them) apart from how many actions the game holds
(`data-step`, which every bot's move raises too). A test that waits on `data-step` cannot tell its
own click from a bot's simultaneous move (the card game's opening bid), and miscounts under load;
waiting on `data-moves` can.
"""
from __future__ import annotations

from typing import Callable

from widgets.testing.voila_runner import PATIENCE_MS

MOVES = "() => Number(document.querySelector('.shell-status')?.dataset.moves ?? -1)"

# this screen's decision is drawn for the position the header shows (with a `sel` control, when
# given): the header's step comes first in a redraw, the old decision's buttons are still there a
# moment (a click on one of them is lost with it)
DECISION_SHOWN = ("(sel) => { const s = document.querySelector('.shell-status')?.dataset.step;"
                  " const t = document.querySelector('.shell-decision-title')?.dataset.step;"
                  " return s !== undefined && s === t && (!sel || document.querySelector(sel) !== null); }")

# the game is over, or this screen's decision is drawn (DECISION_SHOWN)
OVER_OR_DECIDING = ("(sel) => document.querySelector('.shell-status')?.dataset.over === '1'"
                    f" || ({DECISION_SHOWN})(sel)")

# the humans' move count went up, and then either the game is over or their next decision is
# drawn (OVER_OR_DECIDING, with a `controls` element when given)
NEXT_DECISION = (f"([before, controls]) => ({MOVES})() > before && ({OVER_OR_DECIDING})(controls)")


def moves(page) -> int:
    """How many moves this screen's humans have made so far (the shell's `data-moves`)."""
    return int(page.evaluate(MOVES))


def click_until(page, target, done: str, arg=None, again: Callable[[], object] | None = None,
                counted: Callable[[], bool] = lambda: False, lost_after_ms: int = 60_000,
                attempts: int = 6) -> int:
    """Click `target` and wait until the JavaScript predicate `done(arg)` holds. A click on a
    button the page is replacing at that moment can be lost; only then (`done` not true after
    `lost_after_ms`, and `counted()` false: nothing says the click was taken) is a click made
    again, on `again()` (the control the page shows now; default `target` again, a locator being
    found anew at each click). When `counted()` says the click was taken, only what follows is
    slow: no click again, a longer wait. Returns the clicks made."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
    for attempt in range(attempts):
        last = attempt == attempts - 1
        try:
            target.click(timeout=PATIENCE_MS)
        except PlaywrightTimeout:
            if not counted():
                raise
        try:
            page.wait_for_function(done, arg=arg, timeout=PATIENCE_MS if last else lost_after_ms)
            return attempt + 1
        except PlaywrightTimeout:
            if counted():
                page.wait_for_function(done, arg=arg, timeout=PATIENCE_MS)
                return attempt + 1
            if last:
                raise
            target = again() if again is not None else target
    raise AssertionError("unreachable")


def click_for_a_move(page, target, again: Callable[[], object] | None = None, controls: str = "",
                     lost_after_ms: int = 60_000, attempts: int = 6) -> int:
    """Click `target` and wait until it made a move: `data-moves` went up and the next decision
    (with a `controls` element, when given) is drawn, or the game ended (`click_until`: a lost
    click, and only a lost one, is made again on `again()`). Returns the clicks made."""
    before = moves(page)
    return click_until(page, target, NEXT_DECISION, [before, controls], again,
                       counted=lambda: moves(page) > before, lost_after_ms=lost_after_ms, attempts=attempts)
