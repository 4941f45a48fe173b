"""A game's parts may hold the shell's bots (`GameParts.holds_bots`, as the note-card reveal
needs): while held, no bot moves although one has a move; when the parts let go and call
`run_bots`, the bots play on. And the background loop (`widgets/shell/bot_loop.py`) moves one
bot per pause under a running event loop, stops at a hold, and a stopped loop moves nothing."""
from __future__ import annotations

import asyncio
from html import escape

from widgets.shell import HUMAN, GameParts, Shell
from widgets.shell.bot_loop import BotLoop
from widgets.testing.widget_tree import choices


class KeepingBackParts(GameParts):
    """The default parts, showing only the log's first `upto` lines."""

    def __init__(self, upto: int | None):
        super().__init__("notecard")
        self.upto = upto

    def log_shown(self, shell) -> int | None:
        return self.upto


def test_the_parts_may_keep_the_latest_log_lines_back():
    parts = KeepingBackParts(None)
    shell = started(parts, ["Odds", "Odds"])           # bots only: the game is played out at once
    lines = [escape(entry.for_seat(None)) for entry in shell.game.log]
    assert shell.game.is_over and len(lines) > 2
    last = lines[-1]
    assert last in shell.log_box.value and last != lines[0]
    parts.upto = 1
    shell.refresh()
    assert lines[0] in shell.log_box.value and last not in shell.log_box.value


class HoldingParts(GameParts):
    """The default parts, holding the bots while `held` is set; counts the bot moves it saw."""

    def __init__(self):
        super().__init__("notecard")
        self.held = False
        self.moves_seen = 0

    def holds_bots(self, shell) -> bool:
        return self.held

    def after_bot_move(self, shell) -> None:
        self.moves_seen += 1


def started(parts: GameParts, kinds: list[str], pause: float = 0) -> Shell:
    shell = Shell(parts, pause=pause)
    for box, kind in zip(shell.form.picker.kinds, kinds):
        box.value = kind
    shell.form.seed.value = "3"
    shell.form.start.click()
    assert shell.error.value == ""
    return shell


def test_a_hold_stops_the_bots_and_letting_go_lets_them_play_on():
    parts = HoldingParts()
    shell = started(parts, [HUMAN, "Odds"])
    shell.gate_button.click()
    parts.held = True
    steps, seen = len(shell.game.actions), parts.moves_seen
    choices(shell)[0].click()                        # the human's card: now the bot must write
    assert len(shell.game.actions) == steps + 1      # ... but it is held
    assert shell.bots_may_move() is False and shell.bot_step() is False
    assert parts.moves_seen == seen
    parts.held = False
    shell.run_bots()
    assert len(shell.game.actions) > steps + 1 and parts.moves_seen == seen + len(shell.game.actions) - steps - 1


def test_the_background_loop_moves_one_bot_per_pause_and_stops_at_a_hold():
    parts = HoldingParts()

    async def play() -> tuple[int, int, int]:
        shell = started(parts, ["Odds", "Odds"], pause=0.01)   # bots only: they play by themselves
        assert shell.bot_loop.running                   # a task, not at once
        at_start = len(shell.game.actions)
        for _ in range(500):                            # wait (a condition, with a limit) for some moves
            await asyncio.sleep(0.01)
            if len(shell.game.actions) >= at_start + 3:
                break
        parts.held = True
        await asyncio.sleep(0.05)                       # the task wakes, sees the hold, ends
        held_at = len(shell.game.actions)
        await asyncio.sleep(0.05)
        return at_start, held_at, len(shell.game.actions) if not shell.bot_loop.running else -1

    at_start, held_at, later = asyncio.run(play())
    assert at_start == 0 and held_at >= 3
    assert later == held_at                             # held: nothing moved, and the task ended


def test_a_stopped_loop_moves_nothing():
    moves: list[int] = []
    loop = BotLoop(step=lambda: moves.append(1) or True, may_move=lambda: True, redraw=lambda: None,
                   guard=lambda fn: fn, pause=lambda: 0.01)

    async def run() -> None:
        loop.run()
        assert loop.running
        loop.stop()
        await asyncio.sleep(0.05)

    asyncio.run(run())
    assert moves == [] and not loop.running
