"""`BotLoop`'s options for a page with timed parts of its own (MegaCorps' payout window):
`background` (the task even with no pause), `first_wait` (the wait before the first move) and
`idle` (nothing to move: wait and look again, or stop)."""
from __future__ import annotations

import asyncio

from widgets.shell.bot_loop import BotLoop


class Counter:
    def __init__(self, moves: int):
        self.moves, self.steps, self.redraws = moves, 0, 0

    def step(self) -> bool:
        self.steps += 1
        if self.moves:
            self.moves -= 1
            return True
        return False

    def redraw(self) -> None:
        self.redraws += 1


def loop_for(c: Counter, pause: float, **options) -> BotLoop:
    return BotLoop(c.step, lambda: True, c.redraw, lambda fn: fn, lambda: pause, **options)


def test_with_no_pause_the_moves_happen_at_once_unless_the_loop_runs_in_the_background():
    async def main():
        at_once = Counter(3)
        loop_for(at_once, 0.0).run()
        assert at_once.moves == 0 and at_once.redraws == 1       # all in the callback, one redraw
        background = Counter(3)
        bots = loop_for(background, 0.0, background=True)
        bots.run()
        assert background.moves == 3 and bots.running               # nothing yet: a task will move them
        for _ in range(100):
            if not bots.running:
                break
            await asyncio.sleep(0.001)
        assert background.moves == 0 and not bots.running
    asyncio.run(main())


def test_first_wait_makes_the_first_move_at_once_and_pauses_only_between_moves():
    async def main():
        c = Counter(3)
        bots = loop_for(c, 30.0, first_wait=lambda: 0.0)
        bots.run()
        await asyncio.sleep(0.05)
        assert c.moves == 2                     # the first at once; the next waits its 30 s
        bots.stop()
        late = Counter(3)
        slow = loop_for(late, 30.0)
        slow.run()
        await asyncio.sleep(0.05)
        assert late.moves == 3                  # without first_wait the first move waits the pause too
        slow.stop()
    asyncio.run(main())


def test_idle_keeps_the_task_looking_until_it_says_stop():
    async def main():
        c = Counter(1)
        asked = []

        def idle():
            asked.append(c.steps)
            if len(asked) == 2:
                c.moves = 1                     # something to do again (a countdown ran out)
            return 0.001 if len(asked) < 4 else None

        bots = loop_for(c, 0.0, background=True, idle=idle)
        bots.run()
        for _ in range(200):
            if not bots.running:
                break
            await asyncio.sleep(0.001)
        assert not bots.running and c.moves == 0
        assert asked == [2, 3, 5, 6]            # asked each time step found nothing, until None
    asyncio.run(main())
