"""`TableKeeper`: a shell page's optional autosave (`Shell(parts, autosave=True)`): after every
move the page's table is written on the server (widgets/shell/autosave.py), the browser keeps its
id (the bridge's localStorage, widgets/megacorps_app/browser.py), and when the page opens again in
that browser it offers "Resume" for each unfinished table of this game, described by its public
summary only (the players, and what the game's `save_summary` says: nothing hidden). A table's
content is the page's own save file (`Shell.save_file`, the game sealed), resumed by the page's
own `load_bytes`: a table resumes exactly as a saved file loads.
"""
from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

import ipywidgets as W

from ..sealed_files import fernet
from .autosave import find_tables, new_table_id, read_table, write_table

if TYPE_CHECKING:  # pragma: no cover
    from .page import Shell


def describe(summary: dict) -> str:
    """A table's line: who plays each seat, then the game's public facts ("round 3; money Ana
    10, Nick 9": a fact given seat by seat reads as words, not as Python's dict)."""
    players = summary.get("players") or {}
    who = ", ".join(f"{seat} ({kind})" for seat, kind in players.items()) if isinstance(players, dict) else ""

    def words(value) -> str:
        return ", ".join(f"{k} {v}" for k, v in value.items()) if isinstance(value, dict) else str(value)
    facts = "; ".join(f"{key} {words(value)}" for key, value in summary.items() if key not in ("players", "over"))
    return " \u00b7 ".join(part for part in (who, facts) if part)


def _close(row: W.HBox) -> None:
    for widget in (*row.children, row):
        widget.close()


class ResumeList:
    """The "Resume a game" list every page with an autosave shows (a shell page's `TableKeeper`,
    MegaCorps' page): a line a table, at most `MOST`, with *Resume* and *Forget*
    (`{prefix}-resume`, `{prefix}-resume-button`, `{prefix}-resume-line`). Two tables that stand
    at the same position (a save loaded again plays on at a new table) are offered once, the
    first (the newest the browser sent), when the page can tell (`show`'s `position`)."""

    MOST = 4

    def __init__(self, prefix: str, guard, on_resume, on_forget):
        self.prefix = prefix
        self._guard, self._on_resume, self._on_forget = guard, on_resume, on_forget
        self._rows: dict[str, W.HBox] = {}   # table id -> its line
        self._title: W.HTML | None = None      # built with the first line
        self.box = W.VBox()
        self.box.add_class(f"{prefix}-resume")
        self.box.layout.display = "none"

    def show(self, tables: list[tuple[str, str, str, str]], position=lambda i: i) -> None:
        """Offer `tables`: (table id, what it is, a detail such as the money or "", when it was
        saved); `position(i)`: what tells the position of the i-th table (default: each its own)."""
        seen: set = set()
        for row in self._rows.values():   # closed, so no model of an old line stays in the browser
            _close(row)
        self._rows = {}
        for i, (table, what, detail, saved_at) in enumerate(tables):
            here = position(i)
            if here in seen or len(self._rows) == self.MOST:
                continue
            seen.add(here)
            resume = W.Button(description="Resume", button_style="success", layout=W.Layout(width="auto"))
            resume.add_class(f"{self.prefix}-resume-button")
            resume.on_click(self._guard(lambda _b, table=table: self._on_resume(table)))
            forget = W.Button(description="Forget", layout=W.Layout(width="auto"),
                              tooltip="Remove it from this list (the file stays on the server)")
            forget.on_click(self._guard(lambda _b, table=table: self._on_forget(table)))
            saved = " \u00b7 ".join(part for part in (detail, f"saved {saved_at}") if part)
            line = W.HTML(f"<div class='{self.prefix}-resume-line'><b>{escape(what)}</b><br>"
                          f"<small>{escape(saved)}</small></div>")
            self._rows[table] = W.HBox([line, resume, forget],
                                       layout=W.Layout(flex_flow="row wrap", align_items="center"))
        self._draw()

    def forget(self, table: str) -> None:
        """Take `table`'s line off the list (hidden when no line is left)."""
        row = self._rows.pop(table, None)
        self._draw()
        if row is not None:
            _close(row)

    def _draw(self) -> None:
        if self._rows and self._title is None:
            self._title = W.HTML(f"<div class='{self.prefix}-panel-title'>Resume a game</div><small>Kept on "
                                 "this server after every move, for this browser.</small>")
        self.box.children = [self._title, *self._rows.values()] if self._rows else []
        self.box.layout.display = None if self._rows else "none"

    def hide(self) -> None:
        self.box.layout.display = "none"

    def reveal(self) -> None:
        """Show the list again (the new-game form is back), when a line is left."""
        self._draw()


class TableKeeper:
    """Writes the shell's table after every change and offers to resume this browser's tables."""

    def __init__(self, shell: "Shell"):
        self.shell = shell
        self.table: str | None = None
        self._written: tuple | None = None
        self._resuming: str | None = None   # the table `resume` is loading, for `started`
        # the sealing key read (and its library loaded) now, as the page is built (a preheated kernel
        # does it before its page is asked for), not at the first move's autosave: Start game waited for it
        fernet()
        self.list = ResumeList(shell.ui, shell.guard, self.resume, self.forget)
        self.box = self.list.box
        shell.bridge.on_hello = shell.guard(self._hello)

    def _hello(self, tables: list[str], sizes: dict) -> None:
        """The page opened in the browser: its tables offered, its sizes passed on (the board's)."""
        self.offer(tables)
        self.shell.bridge.on_size(sizes)

    @property
    def file_format(self) -> str:
        return f"{self.shell.spec.name}-autosave"

    def started(self) -> None:
        """A game starts at the page: the table being resumed, else a new table (its id
        remembered by the browser)."""
        table, self._resuming = self._resuming, None
        self.table = table or new_table_id()
        self._written = None
        if table is None:
            self.shell.bridge.remember(self.table)
        # the other tables are offered again with the form (New / Load), not above the game under
        # way, and the table now played is not one of them
        self.list.forget(self.table)
        self.list.hide()
        self.save()

    def save(self) -> None:
        """Write the table unless nothing changed since the last write."""
        shell = self.shell
        if shell.game is None or self.table is None:
            return
        # the shell's version, not the number of actions: a move taken back and another made in its
        # place leaves the count as it was
        key = (self.table, shell.version, tuple(shell.players.items()), tuple(shell.seen.items()))
        if key != self._written:
            _name, data = shell.save_file()
            summary = {"players": dict(shell.players), **shell.parts.save_summary(shell.game)}
            write_table(self.table, self.file_format, summary, {"save": data.decode()})
            self._written = key

    def offer(self, tables: list[str]) -> None:
        """Show "Resume" for the unfinished tables of this game among `tables` (ids the browser sent)."""
        found = [t for t in find_tables(tables, self.file_format) if t.table != self.table]
        lines = [self.shell.parts.resume_line(t.summary) for t in found]
        self.list.show([(t.table, what, detail, t.saved_at) for t, (what, detail, _at) in zip(found, lines)],
                       position=lambda i: lines[i][2] or found[i].table)

    def resume(self, table: str) -> None:
        """Play table `table` again from its file on the server."""
        try:
            data = read_table(table)
        except ValueError as err:
            raise ValueError(f"Cannot resume: {err}.") from None
        content, summary = data.get("content"), data.get("summary")
        save = content.get("save") if isinstance(content, dict) else None
        other = self.shell.parts.resume_other(content) if save is None else None   # an older page's table
        if not isinstance(save, str) and other is None:
            raise ValueError("Cannot resume: this table's autosave is damaged.")
        self._resuming = table
        try:
            if other is not None:
                self.shell.start(*other)
            else:
                self.shell.load_bytes(save.encode())
        finally:
            self._resuming = None
        self.list.hide()
        what = self.shell.parts.resume_line(summary)[0] if isinstance(summary, dict) else ""
        self.shell.messages.show_info(f"Resumed: {what}." if what else "Resumed where the game was left.")

    def forget(self, table: str) -> None:
        """Take `table` off this browser's list (its file stays on the server)."""
        self.shell.bridge.forget(table)
        self.list.forget(table)
