"""`BotLoop`: bots moving by themselves on a page, one visible move per pause.

Under Voila (a running event loop, a pause above 0) the moves happen in a background task, so the
page stays responsive and each move shows before the next; without a loop, or with no pause
(headless tests), they happen at once, in the callback that asked. The page says what one move
is (`step`, False when no bot may move), when bots may move at all (`may_move`: a human to
decide, a reveal to click through, the game over: no) and how to redraw (`redraw`). The shell
(`widgets/shell/page.py`) uses it for every game on it, and MegaCorps' page
(`widgets/megacorps_app/app.py`) for its own.

A page with timed parts of its own (MegaCorps' payout window counts down while the humans may
claim it) passes `background=True` (the task runs under a loop even with no pause), `first_wait`
(the seconds before the first move, when they differ from the pause: MegaCorps moves at once
unless a war against a human at the screen is being decided) and `idle`: asked when `step` found
nothing to do, it answers how many seconds to wait before asking `step` again (None: stop).
"""
from __future__ import annotations

import asyncio
from typing import Callable


class BotLoop:
    """When `may_move()`, run `step` until it returns False (so `step` itself says no when a
    bot may no longer move: `may_move` is asked once, at the start); `stop()` ends a running task
    (a new game, the form shown). `guard` wraps each move and redraw of the background task, so
    an error there reaches the page, never the kernel's log only."""

    def __init__(self, step: Callable[[], bool], may_move: Callable[[], bool], redraw: Callable[[], None],
                 guard: Callable[[Callable], Callable], pause: Callable[[], float],
                 background: bool = False, first_wait: Callable[[], float] | None = None,
                 idle: Callable[[], float | None] | None = None):
        self.step, self.may_move, self.redraw = step, may_move, redraw
        self.guard, self.pause = guard, pause
        self.background, self.first_wait, self.idle = background, first_wait, idle
        self.running = False
        self._gen = 0   # bumped by stop(): a task of an older generation ends at its next wake

    def run(self) -> None:
        """Let the bots move until they may not: in a background task when there is a pause (or
        `background`) and a running event loop, else at once (then one redraw)."""
        if self.running or not self.may_move():
            return
        pause = self.pause()
        loop = None
        if pause > 0 or self.background:
            try:
                loop = asyncio.get_running_loop()
            except RuntimeError:
                loop = None
        self.running = True
        if loop is not None:
            self._gen += 1
            loop.create_task(self._run_async(self._gen, pause if self.first_wait is None else self.first_wait()))
            return
        try:
            while self.step():
                pass
        finally:
            self.running = False
        self.redraw()

    async def _run_async(self, gen: int, wait: float) -> None:
        try:
            while gen == self._gen:
                await asyncio.sleep(wait)
                if gen != self._gen:
                    break
                if self.guard(self.step)():
                    self.guard(self.redraw)()
                    wait = self.pause()   # asked before each wait: a page may lengthen one
                    continue
                wait = self.guard(self.idle)() if self.idle is not None else None
                if wait is None:
                    break
        finally:
            if gen == self._gen:
                self.running = False
                self.guard(self.redraw)()

    def stop(self) -> None:
        self._gen += 1
        self.running = False
