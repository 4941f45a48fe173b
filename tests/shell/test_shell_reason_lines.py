"""A bot's reason stands before a line its own move wrote: a move that wrote no line (the card
game's bot passing priority) keeps its reason out of the log, where it stood before the next
move's line as if it explained that one."""
from __future__ import annotations

import pytest

from widgets.shell import GameParts, Shell


@pytest.mark.parametrize("game, seats", [("tcg", {"Ana": "Heuristic", "Nick": "Heuristic"}),
                                         ("megacquire", {"Ada": "Tycoon", "Bo": "Random", "Cy": "Tycoon"})])
def test_every_reason_stands_before_a_line_its_own_move_wrote(game, seats):
    shell = Shell(GameParts(game), pause=0)
    options = {"last_round": 3} if game == "megacquire" else {}
    shell.start(shell.spec.new_game(list(seats), seed=3, options=options), seats)   # bots only: played out at once
    assert shell.game.is_over and shell.reasons
    replay = shell.spec.new_game(list(seats), seed=3, options=options)
    lines_after = [len(replay.log)]   # the log's length at the start, then after each action
    for action in shell.game.actions:
        replay.apply(action)
        lines_after.append(len(replay.log))
    for at, text, step in shell.reasons:
        assert lines_after[step] == at < lines_after[step + 1], (step, text)
