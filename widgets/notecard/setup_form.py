"""The new-game form: 2 to 6 seats (a corporation's name and who plays it), the two modules,
the agreed last quarter, a seed, the bots' pause, and loading a saved game."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from megacorps import notecard as nc
from megacorps.notecard.bots import LEVELS

from ..megacorps_app.setup_form import default_pause  # the bots' pause: the same setting for both games
from .session import HUMAN, PLAYER_KINDS

EMPTY = "(empty seat)"
DEFAULT_SEATS = [("Northwind", HUMAN), ("Halcyon", "Odds"), ("Vantage", "Balanced"), ("Quorum", EMPTY),
                 ("Meridian", EMPTY), ("Tessera", EMPTY)]


class NewGameForm:
    """Widgets for starting a game; `seat_choices()` and `options()` read and check them."""

    def __init__(self):
        st = {"description_width": "0px"}
        self.seats: list[tuple[W.Text, W.Dropdown]] = []
        rows = []
        for i, (name, player) in enumerate(DEFAULT_SEATS):
            n = W.Text(value=name, layout=W.Layout(width="150px"), style=st)
            p = W.Dropdown(options=[EMPTY, *PLAYER_KINDS], value=player, layout=W.Layout(width="150px"), style=st)
            n.add_class(f"nc-seat-name-{i + 1}")
            p.add_class(f"nc-seat-player-{i + 1}")
            self.seats.append((n, p))
            rows.append(W.HBox([W.HTML(f"<span class='nc-seat-no'>Seat {i + 1}</span>"), n, p]))
        bots = "".join(f"<li><b>{escape(name)}</b>: {escape(cls.description)}</li>" for name, cls in LEVELS.items())
        self.variable_yield = W.Checkbox(value=False, description="Variable Yield Industries", indent=False)
        self.variable_yield.add_class("nc-variable-yield")
        self.variable_industries = W.Checkbox(value=False, description="Variable Industries", indent=False)
        self.variable_industries.add_class("nc-variable-industries")
        wide = {"description_width": "110px"}
        self.last_quarter = W.BoundedIntText(value=0, min=0, max=200, description="Last quarter",
                                             style=wide, layout=W.Layout(width="210px"))
        self.last_quarter.add_class("nc-last-quarter")
        self.ending = W.HTML()
        self.ending.add_class("nc-ending")
        self.last_quarter.observe(lambda _change: self._show_ending(), names="value")
        self._show_ending()
        # blank: a seed nobody knows; the field is emptied when a game starts (it tells the stacks' order)
        self.seed = W.Text(value="", placeholder="random", description="Seed", style=wide,
                           layout=W.Layout(width="210px"))
        self.seed.add_class("nc-seed")
        self.pause = W.BoundedFloatText(value=default_pause(), min=0, max=5, step=0.1, description="Bot pause (s)",
                                        style=wide, layout=W.Layout(width="210px"))
        self.pause.add_class("nc-pause")
        self.start = W.Button(description="Start game", button_style="success", icon="play",
                              layout=W.Layout(width="200px", height="40px"))
        self.start.add_class("nc-start")
        self.upload = W.FileUpload(accept=".json,application/json", multiple=False, description="Load a saved game",
                                   layout=W.Layout(width="200px"))
        self.upload.add_class("nc-upload")
        self.loaded_info = W.HTML()
        self.loaded: nc.Game | None = None
        self.back = W.Button(description="Back to the current game", icon="arrow-left", layout=W.Layout(width="auto"))
        self.back.layout.display = "none"
        self.widget = W.VBox([
            W.HTML("<div class='nc-panel-title'>New game</div><div class='nc-note'>2 to 6 corporations, each "
                   "$10M at the start. Name them and say who plays each: a person at this screen (Human) or "
                   "a bot.</div>"),
            *rows,
            W.HTML(f"<details class='nc-note'><summary>The bots</summary><ul>{bots}</ul></details>"),
            W.HTML("<div class='nc-note'><b>Modules</b> (optional, alone or together):</div>"),
            self.variable_yield, self.variable_industries,
            W.HTML("<div class='nc-note'><b>The ending.</b> By the rules a game ends when one corporation "
                   "is left. If 8 quarters pass in a row without a bankruptcy the table is deadlocked and "
                   "the richest wins. <b>House rule</b>: an agreed <b>last quarter</b> after which the "
                   "richest wins (0: off, the rules' ending).</div>"),
            self.last_quarter, self.ending, self.seed, self.pause, self.start, self.upload, self.loaded_info, self.back])
        self.widget.add_class("nc-panel")
        self.widget.add_class("nc-form")

    def seat_choices(self) -> dict[str, str]:
        """Corporation -> player for the seats in use, in order; raises ValueError saying what is wrong."""
        seats = {}
        for name, player in self.seats:
            if player.value == EMPTY:
                continue
            corp = name.value.strip()
            if not corp:
                raise ValueError("a seat in use needs a corporation name")
            if corp in seats:
                raise ValueError(f"{corp} sits at two seats: give every corporation its own name")
            seats[corp] = player.value
        if self.loaded is not None:
            missing = [c for c in self.loaded.players if c not in seats]
            if missing:
                raise ValueError(f"the loaded game needs a seat for {', '.join(missing)}")
            return {c: seats[c] for c in self.loaded.players}
        if not nc.MIN_PLAYERS <= len(seats) <= nc.MAX_PLAYERS:
            raise ValueError(f"choose {nc.MIN_PLAYERS} to {nc.MAX_PLAYERS} corporations, not {len(seats)}")
        return seats

    def options(self) -> dict:
        return {"variable_yield": self.variable_yield.value, "variable_industries": self.variable_industries.value,
                "last_quarter": self.last_quarter.value or None}

    def _show_ending(self) -> None:
        """Say which ending is on (ruling N4)."""
        end = nc.Options(last_quarter=self.last_quarter.value or None).describe().split("; ")[-1]
        self.ending.value = f"<div class='nc-note nc-ending-text'>On: {escape(end, quote=False)}.</div>"

    def seed_value(self) -> int | None:
        """The seed typed in, or None (blank: a random one); raises ValueError for anything else."""
        text = self.seed.value.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"the seed must be a whole number (or blank for a random game), not {text!r}") from None

    def read_upload(self) -> tuple[bytes, str] | None:
        """The uploaded file's bytes and name, or None."""
        value = self.upload.value
        if not value:
            return None
        item = value[0] if isinstance(value, (list, tuple)) else next(iter(value.values()))
        return bytes(item["content"]), item.get("name", "")

    def set_loaded(self, game: nc.Game | None, name: str = "", seats: dict[str, str] | None = None) -> None:
        """Show (or forget) a loaded game: its corporations take the seats, in its order."""
        self.loaded = game
        if game is None:
            self.loaded_info.value = ""
            return
        for i, (n, p) in enumerate(self.seats):
            if i < len(game.players):
                n.value = game.players[i]
                saved = (seats or {}).get(game.players[i])
                if saved in PLAYER_KINDS:
                    p.value = saved
                elif p.value == EMPTY:
                    p.value = HUMAN
            else:
                p.value = EMPTY
        self.variable_yield.value = game.options.variable_yield
        self.variable_industries.value = game.options.variable_industries
        self.last_quarter.value = game.options.last_quarter or 0
        self.loaded_info.value = (f"<div class='nc-note'>Loaded {escape(name or 'a saved game')}: quarter "
                                  f"{game.quarter}, {escape(game.summary())}. Choose who plays each seat and "
                                  "press <b>Start game</b>.</div>")
