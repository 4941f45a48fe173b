"""The shell's optional autosave (widgets/shell/resume.py, widgets/shell/autosave.py), on
MEGAcquire's page: the table written after every move, offered again ("Resume") to the browser
that played it with its public summary only, resumed exactly, and what is not this game's
unfinished table never offered."""
from __future__ import annotations

from mqtools import started, step
from widgets.megacquire.app import HUMAN, App, MegacquireParts
from widgets.shell import Shell
from widgets.shell.autosave import read_table, tables_dir, write_table


def remembered(monkeypatch) -> list[str]:
    """The table ids the page asks the browser to remember (the bridge's localStorage)."""
    ids: list[str] = []
    monkeypatch.setattr("widgets.megacorps_app.browser.BrowserBridge.remember", lambda self, table: ids.append(table))
    return ids


def saved_actions(table: str) -> list:
    """The actions of the game in table `table`'s file on the server (the page's sealed save)."""
    reader = Shell(MegacquireParts(), pause=0)   # a page without autosave: it writes no table of its own
    reader.load_bytes(read_table(table)["content"]["save"].encode())
    return reader.game.actions


def test_a_reopened_page_resumes_the_table_where_it_was_left(monkeypatch):
    ids = remembered(monkeypatch)
    app = started([HUMAN, HUMAN, "Random"], seed=3, disclosure=1)
    for _ in range(12):
        step(app)
    assert len(ids) == 1 and ids[0] == app.keeper.table
    assert saved_actions(ids[0]) == app.game.actions and app.game.actions   # written after every move
    page = App(pause=0)                                   # the page opened again in that browser
    page.bridge.on_hello([ids[0]], {})
    assert page.keeper.box.layout.display is None
    line = page.keeper.box.children[1].children[0].value
    assert "Ada (Human)" in line and "Cy (Random)" in line
    assert "$" not in line and "cash" not in line        # the public summary: no one's cash (method 1)
    page.keeper.box.children[1].children[1].click()       # Resume
    assert page.error.value == ""
    assert page.game.actions == app.game.actions and page.players == app.players and page.seen == app.seen
    assert page.keeper.table == ids[0] and page.keeper.box.layout.display == "none"
    assert len(ids) == 1                                  # the same table, not a new one
    step(page)
    assert saved_actions(ids[0]) == page.game.actions


def test_only_this_games_unfinished_tables_are_offered(monkeypatch):
    ids = remembered(monkeypatch)
    live = started([HUMAN, "Random", "Random"], seed=1)
    over = started(["Random", "Random", "Random"], seed=2)
    assert over.game.is_over
    write_table("MegaCorpsTable1", "megacorps-autosave", {"over": False}, {})   # another game's table
    (tables_dir() / "Damaged12345.json").write_text("{not json")
    page = App(pause=0)
    page.bridge.on_hello([*ids, "MegaCorpsTable1", "Damaged12345", "../../etc/passwd"], {})
    offered = [row for row in page.keeper.box.children[1:]]
    assert len(offered) == 1
    offered[0].children[2].click()                        # Forget: off the list
    assert page.keeper.box.layout.display == "none"
    assert live.keeper.table == ids[0] and over.keeper.table == ids[1]


def test_a_table_file_gone_or_damaged_says_so_and_changes_nothing(monkeypatch):
    ids = remembered(monkeypatch)
    started([HUMAN, "Random", "Random"], seed=1)
    started([HUMAN, "Random", "Random"], seed=2)
    page = App(pause=0)
    page.bridge.on_hello(ids, {})
    (tables_dir() / f"{ids[0]}.json").unlink()
    page.keeper.box.children[1].children[1].click()
    assert "gone" in page.error.value and page.game is None
    write_table(ids[1], "megacquire-autosave", {"over": False}, {"save": "{\"format\": \"megacquire-page\"}"})
    page.keeper.box.children[2].children[1].click()
    assert "cannot be loaded" in page.error.value and page.game is None
