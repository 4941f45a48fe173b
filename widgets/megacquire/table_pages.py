"""MEGAcquire at a table held by the table service: a seat's page and the projector's.

Both are MEGAcquire's own page (widgets/megacquire/app.py: its board, decision buttons with
the engine's previews, players' table, log and results) showing a `RemoteGame`: the few parts
of an engine game the page reads, answered from what the service sent this kernel. A seat's
kernel holds its own view (its tiles, and of the others what the table's stock-disclosure
method shows), its legal choices with their previews and the public view; a projector's only
the public view. Never another seat's tiles, the supply's order or the seed. The service runs
the bots and checks every action; the kit's page plumbing (`widgets/networked/pages.py`: the push
stream, reconnecting, the error guard) is shared with the other games' pages.
"""
from __future__ import annotations

import urllib.parse
from html import escape

import ipywidgets as W

from megacorps import kit
from megacorps import megacquire as mq
from megacorps.errors import IllegalAction
from megacorps.tables import TableError, TableMoved
from megacorps.tables.client import _request

from ..networked.pages import TABLES_CSS, _Followed, close_all
from .app import App


def table_options(follower) -> mq.Options:
    """The options the table was set up with (public: disclosure, board, companies, chart)."""
    setup = _request(f"{follower.url}/api/tables/{urllib.parse.quote(follower.table)}/setup")
    return kit.get("megacquire").options(setup["options"])


class RemoteGame:
    """What MEGAcquire's page reads of a game, for one seat (or the projector) of a networked
    table, from the service's last message: the seat's own view and choices (with what each
    would do), and the public view. Acting sends the action to the service."""

    def __init__(self, follower, options: mq.Options):
        self.follower = follower
        self.options = options

    @property
    def state(self) -> dict:
        return self.follower.state

    @property
    def seat(self) -> str | None:
        return self.state["corp"]

    @property
    def seats(self) -> list[str]:
        return list(self.state["view"]["seats"])

    @property
    def deciders(self) -> list[str]:
        return list(self.state["deciders"])

    @property
    def decision(self) -> str:
        return self.state["decision"]

    @property
    def is_over(self) -> bool:
        return bool(self.state["over"])

    @property
    def actions(self) -> range:
        """As many as the table has had (the page counts them)."""
        return range(self.state["at"])

    def view(self, seat: str | None, log: bool = True) -> mq.SeatView:
        """This seat's own view, or the public view (seat None); no other seat's."""
        if seat != self.seat and seat is not None:
            raise ValueError(f"this page sees only {self.seat}'s view")
        if seat == self.seat:
            view = self.follower.view()
            return view if log else view.model_copy(update={"log": None})
        return mq.SeatView.model_validate({**self.state["public"], "log": self.follower.log if log else None})

    @property
    def log(self) -> list[mq.LogEntry]:
        """The log as the service sent it to this seat (its own secrets in it), each line with its
        round and rule (for the page's rules links)."""
        return [mq.LogEntry(info[0], info[1], text) for text, info in zip(self.follower.log, self.follower.log_info())]

    def legal_actions(self, seat: str | None = None) -> list:
        return self.follower.legal_actions() if seat is not None and seat == self.seat else []

    def preview(self, action) -> str:
        """What `action` would do, as the service's engine told this seat."""
        choices = self.legal_actions(self.seat)
        if action not in choices:
            raise IllegalAction(f"{action} is not one of {self.seat}'s choices now")
        return self.state.get("previews", [])[choices.index(action)]

    def can_undo(self, _seat) -> bool:
        return False   # a move sent is a move made at a shared table

    def scores(self) -> dict[str, int]:
        return dict(self.state["scores"] or {})

    def winners(self) -> list[str]:
        return list(self.state["winners"] or [])

    def apply(self, action) -> None:
        self.follower.apply(action)

    def bot_reasons(self) -> list[tuple[int, str]]:
        """(log line, "<seat>'s reason: ...") for the first line of each bot's action, as the
        hot-seat page shows them."""
        out, seen = [], set()
        for i, (_round, _rule, step, seat, level, reason) in enumerate(self.follower.log_info()):
            if level and reason and step not in seen:
                seen.add(step)
                out.append((i, f"{seat}'s reason: {reason}"))
        return out


class TableApp(App):
    """MEGAcquire's page on a `RemoteGame`: one seat at its own screen (`seat`), or the projector
    (seat None). No hot-seat gate, no new game, save or undo; the service plays the bots."""

    def __init__(self, game: RemoteGame, tagline: str):
        super().__init__(pause=0)
        self.seat = game.seat
        tools = self.children[1]
        for widget in (self.undo_button, self.save_button, self.new_button):
            tools.children = [w for w in tools.children if w is not widget]
            close_all(widget)
        self.tagline = W.HTML(f"<span class='mq-tagline'>{escape(tagline)}</span>")
        tools.children = [tools.children[0], self.tagline, *tools.children[1:]]
        side = self.sidebar
        side.children = [w for w in side.children if w is not self.form.widget]
        close_all(self.form.widget)
        close_all(self.gate)
        self.table.children = [w for w in self.table.children if w is not self.gate]
        self.children = [w for w in self.children if w is not self.bridge]
        close_all(self.bridge)   # it hands save files to the browser: nothing to save here
        self.start(game, game.state["players"])

    def gated(self) -> bool:
        return False   # every player is at their own screen

    def shown_seat(self) -> str | None:
        return self.seat

    def human_to_decide(self) -> str | None:
        game = self.game
        return self.seat if self.seat in game.deciders and not game.is_over else None

    def run_bots(self) -> None:
        """The service plays the bots."""

    def act(self, action) -> None:
        """Send this seat's choice to the service (its engine checks it: a refusal says why and
        changes nothing; a choice overtaken by another seat's move is not sent)."""
        if self.human_to_decide() is None or getattr(action, "seat", None) != self.seat:
            raise ValueError("It is not your decision now.")
        try:
            self.game.apply(action)
        except TableMoved as err:
            self.info.value = f"Not sent: {escape(err.reason)}."
        except TableError as err:
            self.show_error(str(err))
        else:
            self.error.value = self.info.value = ""
            self.seen[self.seat] = len(self.game.log)   # for "since your last turn"
        self.refresh()

    def refresh(self) -> None:
        if self.game is not None:
            self.reasons = self.game.bot_reasons()
        super().refresh()


class _MegacquirePage(_Followed):
    """A MEGAcquire page following its table: the app on a `RemoteGame`, the connection's state."""

    def __init__(self, follower, tagline: str):
        super().__init__(follower)
        self.app = TableApp(RemoteGame(follower, table_options(follower)), tagline)
        self.error = self.app.error
        self.app.children[1].children = [*self.app.children[1].children, self.connection]
        self.children = [W.HTML(TABLES_CSS), self.app]
        self.add_class("mq-table-page")

    def _on_change(self, _follower) -> None:
        self.app.refresh()


class MegacquireSeatPage(_MegacquirePage):
    """One player's page at a networked table: their tiles (nobody else's), their decision as
    buttons and clicks on the board, and the others as the disclosure method shows them."""

    def __init__(self, seat):
        super().__init__(seat, f"table {seat.state['name'] or seat.table} \u00b7 you play {seat.corp}")


class MegacquireSpectatorPage(_MegacquirePage):
    """The projector: the board, the companies, the players as the disclosure method shows them
    to everyone, the decision under way and the log; no tiles of anyone."""

    def __init__(self, watcher):
        super().__init__(watcher, f"table {watcher.state['name'] or watcher.table} \u00b7 projector")
