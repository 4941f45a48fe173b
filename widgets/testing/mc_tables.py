"""MegaCorps tables set up from code, for the tests (and a notebook that wants a position): a page
at a given position, a save file of it, and what a table kept on the server holds.

MegaCorps' page is the shell's (`App` = `Shell(MegaCorpsParts(), autosave=True)`), so a table is a
page whose game is `game` and whose seats are `seats` (corp -> "Human" or a bot level)."""
from __future__ import annotations

import megacorps as mc

from ..megacorps_app.app import App
from ..megacorps_app.storage import resume_line
from ..sealed_files import open_file
from ..shell.autosave import read_table


def hot_seat(game: mc.Game, seats: dict[str, str], bots_move: bool = True) -> App:
    """A page playing `game` with `seats`: its bots move at once, as on the page, unless not
    `bots_move` (then only when the caller steps them: `app.bot_step()`)."""
    app = App(pause=0)
    if not bots_move:
        app.run_bots = lambda: None
    app.start(game, dict(seats))
    return app


def save_file_of(game: mc.Game, seats: dict[str, str]) -> bytes:
    """The save file the page writes for `game` at this very position with `seats` (no bot moves
    first: a test loads it to see what the page does from there)."""
    return hot_seat(game, seats, bots_move=False).save_file()[1]


def table_game(table: str) -> mc.Game:
    """The whole game (hands and deck included) of the table `table` kept on this server."""
    content, _text = open_file(read_table(table)["content"]["save"].encode(), "megacorps-page", mc.BadSaveFile, "MegaCorps")
    return mc.Game.from_json(content["game"])


def table_line(table: str) -> str:
    """How the Resume list describes the table `table` kept on this server."""
    return resume_line(read_table(table)["summary"])[0]
