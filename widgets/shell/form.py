"""The new-game form every game's page shows: a name and a player (a human or one of the game's
bot levels) for each seat the game allows, the game's own options, a seed, and a save to load."""
from __future__ import annotations

import ipywidgets as W

from megacorps.kit.protocol import GameSpec

from .parts import OptionsForm

HUMAN, OFF = "Human", "(no player)"


class NewGameForm:
    """`max_seats` rows (those past `min_seats` may stay empty); the first seat human, the next
    ones bots of the weakest level, up to the fewest seats the game allows."""

    def __init__(self, spec: GameSpec, options: OptionsForm | None = None):
        self.spec = spec
        self.levels = list(spec.bot_levels())
        kinds = [HUMAN, *self.levels]
        names = spec.seats_for(spec.max_seats)
        self.names = [W.Text(value=name, layout=W.Layout(width="110px")) for name in names]
        self.kinds = [W.Dropdown(options=kinds if i < spec.min_seats else [OFF, *kinds],
                                 value=HUMAN if i == 0 else (self.levels[0] if i < spec.min_seats else OFF),
                                 layout=W.Layout(width="130px")) for i in range(spec.max_seats)]
        self.options = options
        self.seed = W.Text(placeholder="any whole number, or empty", description="Seed",
                           style={"description_width": "70px"}, layout=W.Layout(width="260px"))
        self.start = W.Button(description="Start game", button_style="success", icon="play")
        self.start.add_class("shell-start")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Load a save")
        rows = [W.HBox([n, k]) for n, k in zip(self.names, self.kinds)]
        title = f"New game: {spec.min_seats} to {spec.max_seats} players"
        extra = [options.widget] if options is not None else []
        self.widget = W.VBox([W.HTML(f"<div class='shell-panel-title'>{title}</div>"), *rows, *extra,
                              self.seed, W.HBox([self.start, self.upload])])
        self.widget.add_class("shell-form")

    def seats(self) -> dict[str, str]:
        """Seat name -> HUMAN or a bot level, in seating order; ValueError naming the problem."""
        chosen: dict[str, str] = {}
        for name, kind in zip(self.names, self.kinds):
            if kind.value == OFF:
                continue
            seat = name.value.strip()
            if not seat:
                raise ValueError("Every player needs a name.")
            if seat in chosen:
                raise ValueError(f"Two players are called {seat!r}: give each a different name.")
            chosen[seat] = kind.value
        return chosen

    def seed_value(self) -> int | None:
        text = self.seed.value.strip()
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"The seed must be a whole number, not {text!r}.") from None

    def option_values(self) -> dict | None:
        return self.options.values() if self.options is not None else None
