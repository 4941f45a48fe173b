"""The new-game form: 3 to 6 seats (a corp and who plays it), a seed, the bots' pause, and
loading a saved game."""
from __future__ import annotations

import os
import random
from html import escape

import ipywidgets as W

import megacorps as mc

from .session import HUMAN, PLAYER_KINDS

EMPTY = "(empty seat)"
DEFAULT_SEATS = [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Greedy"), ("Lenogo", "Random"),
                 (EMPTY, "Greedy"), (EMPTY, "Greedy")]


def default_pause() -> float:
    """The bots' pause in seconds: 0.6, or MEGACORPS_BOT_PAUSE from the environment."""
    try:
        return max(0.0, float(os.environ.get("MEGACORPS_BOT_PAUSE", "0.6")))
    except ValueError:
        return 0.6


class NewGameForm:
    """Widgets for starting a game; `seat_choices()` reads and checks them."""

    def __init__(self):
        st = {"description_width": "0px"}
        self.seats: list[tuple[W.Dropdown, W.Dropdown]] = []
        rows = []
        for i, (corp, player) in enumerate(DEFAULT_SEATS):
            c = W.Dropdown(options=[EMPTY, *mc.CORPS], value=corp, layout=W.Layout(width="150px"), style=st)
            p = W.Dropdown(options=list(PLAYER_KINDS), value=player, layout=W.Layout(width="120px"), style=st)
            c.add_class(f"mc-seat-corp-{i + 1}")
            p.add_class(f"mc-seat-player-{i + 1}")
            self.seats.append((c, p))
            rows.append(W.HBox([W.HTML(f"<span class='mc-seat-no'>Seat {i + 1}</span>"), c, p]))
        self.seed = W.IntText(value=random.randint(1, 9999), description="Seed",
                              style={"description_width": "90px"}, layout=W.Layout(width="200px"))
        self.seed.add_class("mc-seed")
        self.pause = W.BoundedFloatText(value=default_pause(), min=0, max=5, step=0.1,
                                        description="Bot pause (s)", style={"description_width": "90px"},
                                        layout=W.Layout(width="200px"))
        self.pause.add_class("mc-pause")
        self.start = W.Button(description="Start game", button_style="success", icon="play",
                              layout=W.Layout(width="200px", height="40px"))
        self.start.add_class("mc-start")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False,
                                   description="Load a saved game", layout=W.Layout(width="200px"))
        self.upload.add_class("mc-upload")
        self.loaded_info = W.HTML()
        self.forget = W.Button(description="Forget the loaded game", icon="times", layout=W.Layout(width="auto"))
        self.forget.layout.display = "none"
        self.back = W.Button(description="Back to the current game", icon="arrow-left",
                             layout=W.Layout(width="auto"))
        self.back.layout.display = "none"
        self.loaded: mc.Game | None = None
        self.widget = W.VBox([
            W.HTML("<div class='mc-panel-title'>New game</div>"
                   "<div class='mc-note'>Choose 3 to 6 corps, in seating order (clockwise), and who "
                   "plays each one: a human at this screen or a bot.</div>"),
            *rows, W.HBox([self.seed, self.pause]),
            W.HBox([self.start, self.back], layout=W.Layout(margin="8px 0")),
            W.HTML("<div class='mc-panel-title' style='margin-top:8px'>Resume a saved game</div>"),
            W.HBox([self.upload, self.forget]), self.loaded_info,
        ])
        self.widget.add_class("mc-panel")
        self.widget.add_class("mc-form")
        self.forget.on_click(lambda _b: self.set_loaded(None))

    def seat_choices(self) -> dict[str, str]:
        """corp -> player kind, in seating order. Raises ValueError saying what is wrong."""
        seats: dict[str, str] = {}
        for corp_box, player_box in self.seats:
            corp = corp_box.value
            if corp == EMPTY:
                continue
            if corp in seats:
                raise ValueError(f"{corp} sits at two seats: each corp may play only once")
            seats[corp] = player_box.value
        if not 3 <= len(seats) <= 6:
            raise ValueError(f"MegaCorps needs 3 to 6 corps; {len(seats)} seat(s) are filled")
        return seats

    def read_upload(self) -> str | None:
        """The text of the uploaded file, if any."""
        value = self.upload.value
        if not value:
            return None
        item = value[0] if isinstance(value, (list, tuple)) else next(iter(value.values()))
        content = item["content"]
        return bytes(content).decode("utf-8", errors="replace")

    def set_loaded(self, game: mc.Game | None, name: str = "") -> None:
        """Show a loaded game's corps in the seats (fixed), or go back to a free choice."""
        self.loaded = game
        if game is None:
            for corp_box, _ in self.seats:
                corp_box.disabled = False
            self.loaded_info.value = ""
            self.forget.layout.display = "none"
            self.start.description = "Start game"
            return
        corps = game.state.corps
        for i, (corp_box, _) in enumerate(self.seats):
            corp_box.value = corps[i] if i < len(corps) else EMPTY
            corp_box.disabled = True
        state = game.state
        status = "finished" if game.is_over else (f"round {state.round}" if state.round else "setup")
        self.loaded_info.value = (f"<div class='mc-loaded'>Loaded <b>{escape(name or 'a saved game')}</b>: "
                                  f"{escape(', '.join(corps))}, {status}. Choose who plays each corp, "
                                  "then resume.</div>")
        self.forget.layout.display = None
        self.start.description = "Resume saved game"
