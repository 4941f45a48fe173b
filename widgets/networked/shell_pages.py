"""A game played on the page shell (widgets/shell/) at a table held by the table service: its
seat page and its projector are the game's own hot-seat page showing a `RemoteGame`.

- `RemoteGame`: the parts of an engine game the shell reads (deciders, decision, legal actions
  with the engine's previews, views, the log with rule references, results), answered from the
  service's last message to this kernel: the seat's own view and choices and the public view,
  never another seat's hand or the deck order. Acting sends the action to the service.
- `TableShell`: the game's `Shell` without the hot-seat tools (the gate, the new-game form,
  save, load, undo): every player is at their own screen, the service plays the bots.
- `ShellTablePage`: the page following its table (the push stream, the connection's state).

A game's pages subclass these with what its own panels read beyond the shell
(widgets/megacquire/table_pages.py, widgets/tcg/table_pages.py).
"""
from __future__ import annotations

from html import escape

import ipywidgets as W

from megacorps import kit
from megacorps.errors import IllegalAction
from megacorps.kit.log import LogEntry
from megacorps.tables import TableError, TableMoved

from ..shell import Shell, close_all
from ..shell.takeback import SHARED_TABLE, UndoOffer, seat_of
from .pages import TABLES_CSS, _Followed


def served_log(follower) -> list[LogEntry]:
    """The log as the service sent it to this seat (its own secrets in it), each line with its
    round and rule (for the page's rules links)."""
    return [LogEntry(info[0], text, info[1]) for text, info in zip(follower.log, follower.log_info())]


def served_reasons(follower) -> list[tuple[int, str]]:
    """(log line, "<seat>'s reason: ...") for the first line of each bot's action, as the
    hot-seat page shows them (the service sends only the reasons every seat may read)."""
    out, seen = [], set()
    for i, (_round, _rule, step, seat, level, reason) in enumerate(follower.log_info()):
        if level and reason and step not in seen:
            seen.add(step)
            out.append((i, f"{seat}'s reason: {reason}"))
    return out


class RemoteGame:
    """What the page shell reads of a game, for one seat (or the projector) of a networked
    table, from the service's last message: the seat's own view and choices (with what each
    would do), and the public view. Acting sends the action to the service."""

    def __init__(self, follower):
        self.follower = follower
        self.view_model = kit.get(follower.game).view_model()
        self._views_of: dict | None = None   # the message the views below were built from
        self._views: dict = {}

    @property
    def state(self) -> dict:
        return self.follower.state

    @property
    def seat(self) -> str | None:
        return self.state["corp"]

    @property
    def seats(self) -> list[str]:
        # the view names them (MegaCorps' view calls them corps: the table's players, in seating order)
        return list(self.state["view"].get("seats") or self.state["players"])

    @property
    def deciders(self) -> list[str]:
        return list(self.state["deciders"])

    @property
    def decision(self) -> str:
        return self.state["decision"]

    def decision_kind(self) -> str:
        """What kind of decision is under way (the protocol's `decision_kind`, as the service sent it)."""
        return self.state.get("decision_kind", "")

    @property
    def is_over(self) -> bool:
        return bool(self.state["over"])

    @property
    def actions(self) -> range:
        """As many as the table has had (the page counts them)."""
        return range(self.state["at"])

    def view(self, seat: str | None, log: bool = True):
        """This seat's own view, or the public view (seat None); no other seat's. Built once per
        message from the service (a page reads it many times a redraw)."""
        if seat != self.seat and seat is not None:
            raise ValueError(f"this page sees only {self.seat}'s view")
        if self._views_of is not self.state:
            self._views_of, self._views = self.state, {}
        key = (seat, log)
        if key not in self._views:
            if seat == self.seat:
                view = self.follower.view()
                self._views[key] = view if log else view.model_copy(update={"log": None})
            else:
                self._views[key] = self.view_model.model_validate({**self.state["public"],
                                                                   "log": self.follower.log if log else None})
        return self._views[key]

    @property
    def log(self) -> list[LogEntry]:
        return served_log(self.follower)

    def legal_actions(self, seat: str | None = None) -> list:
        return self.follower.legal_actions() if seat is not None and seat == self.seat else []

    def _sent_for(self, action, key: str) -> str:
        """The service's word `key` ("previews", ...) on one of this seat's choices now."""
        choices = self.legal_actions(self.seat)
        if action not in choices:
            raise IllegalAction(f"{action} is not one of {self.seat}'s choices now")
        return self.state.get(key, [])[choices.index(action)]

    def preview(self, action) -> str:
        """What `action` would do, as the service's engine told this seat."""
        return self._sent_for(action, "previews")

    def can_undo(self, _seat) -> bool:
        return False   # a move sent is a move made at a shared table

    def scores(self) -> dict[str, int]:
        return dict(self.state["scores"] or {})

    def winners(self) -> list[str]:
        return list(self.state["winners"] or [])

    def apply(self, action) -> None:
        self.follower.apply(action)

    def bot_reasons(self) -> list[tuple[int, str, None]]:
        return [(at, text, None) for at, text in served_reasons(self.follower)]   # judged by the service


# A seat has no save file: the service keeps the table, and a save would hold what the seat may
# not see (the seed, so the deck order).
NO_SAVE_FILE = ("This table is kept by the table service (nothing is lost on a reload); "
                "there is no file to download.")

STANDING_MOVES_A_RUN = 50   # a bound: the service's answers, not this page, drive a game on


class TableShell(Shell):
    """A game's page shell on a `RemoteGame`: one seat at its own screen (`seat`), or the
    projector (seat None). No hot-seat gate, no new game, save or undo; the service plays the bots."""

    def __init__(self, parts, game: RemoteGame, tagline: str):
        super().__init__(parts, pause=0)
        self.seat = game.seat
        self.header.drop(self.undo_button, self.save_button, self.new_button)
        self.tagline = W.HTML(f"<span class='shell-tagline {parts.prefix}-tagline'>{escape(tagline)}</span>")
        self.header.children = [self.header.title, self.tagline, *self.header.children[1:]]
        side = self.sidebar
        # the bridge leaves the form (nothing to load here): it still reports the window's size and
        # the rules links' clicks
        self.form.upload_slot.children = []
        self.bridge.uploads = False
        # no resume list here to take the page's hello: its sizes still fit the board to its column
        # (ignored, a seat's board stayed 853 px wide in a 668 px column at 1024x700)
        self.bridge.on_hello = lambda _tables, sizes: self.bridge.on_size(sizes)
        side.children = [*(w for w in side.children if w is not self.form.widget), self.bridge]
        close_all(self.form.widget)
        self.results_panel.without_again()
        close_all(self.undo_box)
        gate = getattr(self, "gate", None)   # a game with its own table panel has no shell gate
        if gate is not None:
            close_all(gate)
        self.table_box.children = [w for w in self.table_box.children if w not in (gate, self.undo_box)]
        self.start(game, game.state["players"])

    def gated(self) -> bool:
        return False   # every player is at their own screen

    def undo_offer(self, seat: str | None = None) -> UndoOffer:
        return UndoOffer(False, SHARED_TABLE)

    def save_file(self) -> tuple[str, bytes]:
        raise ValueError(NO_SAVE_FILE)   # the shell's would seal a whole game, which this page never holds

    def shown_seat(self) -> str | None:
        return self.seat

    def human_to_decide(self) -> str | None:
        game = self.game
        return self.seat if self.seat in game.deciders and not game.is_over else None

    def run_bots(self) -> None:
        """The service plays the bots; the page makes only its own player's standing moves (the
        card game's automatic pass, `GameParts.standing_move`), sent to the service as a click is.
        Each one sent moves the table on; one refused or overtaken by another seat's move ends
        the run (the next message from the service asks again)."""
        for _ in range(STANDING_MOVES_A_RUN):
            move = self.standing_move()
            if move is None:
                return
            at = len(self.game.actions)
            self.act(move[1].action)
            if len(self.game.actions) == at:
                return

    def act(self, action) -> None:
        """Send this seat's choice to the service (its engine checks it: a refusal says why and
        changes nothing; a choice overtaken by another seat's move is not sent)."""
        # this seat's own action only; asked now, unless the game's own panel lets a player act
        # unasked (MegaCorps: a card out of turn, a trade offer)
        if seat_of(action) != self.seat or (self.panel is None and self.human_to_decide() is None):
            raise ValueError("It is not your decision now.")
        try:
            self.game.apply(action)
        except TableMoved as err:
            self.messages.show_info(f"Not sent: {err.reason}.")
        except TableError as err:
            self.show_error(str(err))
        else:
            self.messages.clear()
            self._moved(self.seat)   # this seat's next decision gets controls of its own
            self.seen[self.seat] = len(self.game.log)   # for "since your last turn"
        self.refresh()

    def refresh(self) -> None:
        if self.game is not None:
            self.reasons = self.game.bot_reasons()
        super().refresh()


class ShellTablePage(_Followed):
    """A game's page following its table: `app` (a `TableShell` on a `RemoteGame` of
    `follower`), the connection's state in its header."""

    def __init__(self, follower, app: TableShell, cls: str):
        super().__init__(follower)
        self.app = app
        self.messages, self.error = self.app.messages, self.app.error   # one error line: the shell's
        self.app.header.children = [*self.app.header.children, self.connection]
        self.children = [W.HTML(TABLES_CSS), self.app]
        self.add_class(cls)

    def _on_change(self, _follower) -> None:
        self.app.refresh()
        self.app.run_bots()   # this player's standing moves (the card game's automatic pass)


def tagline(follower, who: str) -> str:
    """The header's line: the table's name and who this page is ("you play X", "projector")."""
    return f"table {follower.state['name'] or follower.table} \u00b7 {who}"
