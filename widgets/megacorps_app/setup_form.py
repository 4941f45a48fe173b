"""The new-game form: 3 to 6 seats (a corp and who plays it: a human at this screen or a bot
level, each level described), a seed (blank: a fresh one for every game), the bots' pause,
and loading a saved game (its seats come back as they were saved)."""
from __future__ import annotations

from html import escape

import ipywidgets as W

import megacorps as mc

from ..shell.form import parse_seed, pause_from_env
from .seat_picker import SeatChoice, SeatPicker
from .session import PLAYER_KINDS, level_description
from .source import HUMAN
from .storage import where_saved

EMPTY = "(empty seat)"
DEFAULT_SEATS = [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Greedy"), ("Lenogo", "Random"),
                 (EMPTY, "Greedy"), (EMPTY, "Greedy")]


def _kind_label(kind: str) -> str:
    return "Human" if kind == HUMAN else f"{kind} bot"


class NewGameForm:
    """Widgets for starting a game; `seat_choices()` reads and checks them."""

    def __init__(self):
        players = [[_kind_label(k), k] for k in PLAYER_KINDS]
        # one widget for the six seats (66 ipywidgets models before: see seat_picker.py)
        self.picker = SeatPicker(seats=[list(seat) for seat in DEFAULT_SEATS], corps=[EMPTY, *mc.CORPS], empty=EMPTY,
                                 players=players,
                                 player_tooltip="A human at this screen, or a computer player of that level")
        self.seats: list[tuple[SeatChoice, SeatChoice]] = [
            (SeatChoice(self.picker, i, 0), SeatChoice(self.picker, i, 1)) for i in range(len(DEFAULT_SEATS))]
        levels = "".join(f"<li><b>{escape(_kind_label(k))}</b>: {escape(level_description(k))}</li>"
                         for k in PLAYER_KINDS if k != HUMAN)
        self.levels = W.HTML(f"<details class='mc-levels' open><summary>The computer players, weakest first"
                             f"</summary><ul>{levels}</ul></details>")
        self.seed = W.Text(value="", placeholder="new each game", description="Seed",
                           tooltip="Leave empty for a fresh game each time; a number replays the same setup",
                           style={"description_width": "40px"}, layout=W.Layout(width="190px"))
        self.seed.add_class("mc-seed")
        self.pause = W.BoundedFloatText(value=pause_from_env(0.6), min=0, max=5, step=0.1,
                                        description="Bot pause (s)", style={"description_width": "90px"},
                                        tooltip="How long each bot move stays on screen before the next",
                                        layout=W.Layout(width="170px"))
        self.pause.add_class("mc-pause")
        self.start = W.Button(description="Start game", button_style="success",
                              layout=W.Layout(width="190px", height="40px"))
        self.start.add_class("mc-start")
        self.upload_slot = W.Box()
        self.upload_slot.add_class("mc-upload")
        self.loaded_info = W.HTML()
        self.forget = W.Button(description="Forget the loaded game", layout=W.Layout(width="auto"))
        self.forget.layout.display = "none"
        self.back = W.Button(description="\u2190 Back to the current game", layout=W.Layout(width="auto"))
        self.back.add_class("mc-back")
        self.back.layout.display = "none"
        self.loaded = None          # a Session read from a file, waiting for its seats
        self.widget = W.VBox([
            W.HTML("<div class='mc-panel-title'>New game</div>"
                   "<div class='mc-note'>Choose 3 to 6 corps, in seating order (clockwise), and who "
                   "plays each one: a human at this screen or a computer player.</div>"),
            self.picker, self.levels, W.HBox([self.seed, self.pause], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.start, self.back], layout=W.Layout(margin="8px 0", flex_flow="row wrap")),
            W.HTML("<div class='mc-panel-title' style='margin-top:8px'>Load a saved game</div>"
                   "<div class='mc-note'>A file from the Save button (or from <code>game.to_json()</code>).</div>"),
            self.upload_slot, self.forget, self.loaded_info,
        ])
        self.widget.add_class("mc-panel")
        self.widget.add_class("mc-form")

    def seat_choices(self) -> dict[str, str]:
        """corp -> player kind, in seating order. Raises ValueError saying what is wrong."""
        seats: dict[str, str] = {}
        for i, (corp, player) in enumerate(self.picker.seats):
            # the page sends these: check them as any input
            if corp != EMPTY and corp not in mc.CORPS:
                raise ValueError(f"Seat {i + 1}: there is no corp called {corp!r}")
            if player not in PLAYER_KINDS:
                raise ValueError(f"Seat {i + 1}: {player!r} is not a kind of player (choose one of "
                                 f"{', '.join(PLAYER_KINDS)})")
            if corp == EMPTY:
                continue
            if corp in seats:
                raise ValueError(f"{corp} sits at two seats: each corp may play only once")
            seats[corp] = player
        if not 3 <= len(seats) <= 6:
            raise ValueError(f"MegaCorps needs 3 to 6 corps; {len(seats)} seat(s) are filled")
        return seats

    def seed_value(self) -> int | None:
        """The seed the player set, or None for a fresh one. Raises ValueError for a bad one."""
        value = parse_seed(self.seed.value)
        if value is None:
            return None
        if not 0 <= value < 2 ** 63:
            raise ValueError("The seed must be a whole number from 0 up")
        return value

    def refresh_seed(self) -> None:
        """After a game starts: nothing to do (an empty seed stays empty, so the next game is new)."""

    def set_loaded(self, session, name: str = "") -> None:
        """Show a loaded game's corps and seats (the corps fixed), or go back to a free choice."""
        self.loaded = session
        if session is None:
            self.picker.locked = False
            self.loaded_info.value = ""
            self.forget.layout.display = "none"
            self.start.description = "Start game"
            return
        corps = session.corps
        self.picker.seats = [[corps[i], session.seats.get(corps[i], HUMAN)] if i < len(corps) else [EMPTY, kind]
                             for i, (_corp, kind) in enumerate(self.picker.seats)]
        self.picker.locked = True
        status = where_saved(session.game.is_over, session.game.state.round)
        self.loaded_info.value = (f"<div class='mc-loaded'>Loaded <b>{escape(name or 'a saved game')}</b>: "
                                  f"{escape(', '.join(corps))}, {status}. The seats are as saved; change "
                                  "who plays a corp if you like, then press <b>Resume saved game</b> above.</div>")
        self.forget.layout.display = None
        self.start.description = "Resume saved game"
