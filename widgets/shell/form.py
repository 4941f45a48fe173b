"""The new-game form every game's page shows: a name and a player (a human or one of the game's
bot levels) for each seat the game allows, the game's own options, a seed, the bots' pause, and a
save to load (the page's file chooser, put in `upload_slot`). A loaded save is reviewed here before play resumes: its seats are shown, each to be
given to a human or a bot, and *Resume game* plays on (`review`)."""
from __future__ import annotations

import os
from html import escape
from typing import Any

import ipywidgets as W

from megacorps.kit.protocol import GameSpec

from .parts import OptionsForm

HUMAN, OFF = "Human", "(no player)"


def parse_seed(text: str) -> int | None:
    """A seed typed on a form: a whole number, or None when left empty (a game nobody can
    replay); ValueError saying what is wrong otherwise. Every game's form reads its seed here."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"The seed must be a whole number (or empty for a new game each time), "
                         f"not {text!r}.") from None


def pause_from_env(default: float = 0.8) -> float:
    """Seconds between two bot moves: MEGACORPS_BOT_PAUSE, else `default` (every page's form
    reads the setting here; MegaCorps' app keeps its quicker 0.6)."""
    try:
        return max(0.0, float(os.environ.get("MEGACORPS_BOT_PAUSE", str(default))))
    except ValueError:
        return default


def _sentence(text: str) -> str:
    """A bot level's description as the form lists it: a capital letter first."""
    return text[:1].upper() + text[1:]


def new_game_title(spec: GameSpec) -> str:
    """The form's title: how many players the game takes ("2 players", not "2 to 2 players")."""
    seats = str(spec.min_seats) if spec.min_seats == spec.max_seats else f"{spec.min_seats} to {spec.max_seats}"
    return f"<div class='shell-panel-title'>New game: {seats} players</div>"


class NewGameForm:
    """`max_seats` rows (those past `min_seats` may stay empty); by default the first seat human,
    the next ones bots of the weakest level, up to the fewest seats the game allows; `players`:
    the game's own first choice (HUMAN or a bot level per seat, the others empty)."""

    def __init__(self, spec: GameSpec, options: OptionsForm | None = None, players: list[str] | None = None):
        self.spec = spec
        self.levels = list(spec.bot_levels())
        kinds = [HUMAN, *self.levels]
        names = spec.seats_for(spec.max_seats)
        first = players or [HUMAN, *[self.levels[0]] * (spec.min_seats - 1)]
        self.names = [W.Text(value=name, layout=W.Layout(width="110px")) for name in names]
        self.kinds = [W.Dropdown(options=kinds if i < spec.min_seats else [OFF, *kinds],
                                 value=first[i] if i < len(first) else OFF,
                                 layout=W.Layout(width="130px")) for i in range(spec.max_seats)]
        for i, (name, kind) in enumerate(zip(self.names, self.kinds), start=1):
            name.add_class(f"shell-seat-name-{i}")
            kind.add_class(f"shell-seat-player-{i}")
        self.options = options
        wide = {"description_width": "70px"}
        self.seed = W.Text(placeholder="any whole number, or empty", description="Seed",
                           style=wide, layout=W.Layout(width="260px"))
        self.seed.add_class("shell-seed")
        self.pause = W.BoundedFloatText(value=pause_from_env(), min=0, max=5, step=0.1, description="Bot pause (s)",
                                        tooltip="seconds between two bots' moves", style=wide,
                                        layout=W.Layout(width="160px"))
        self.pause.add_class("shell-pause")
        self.start = W.Button(description="Start game", button_style="success", icon="play")
        self.start.add_class("shell-start")
        # where the page puts its file chooser (the BrowserBridge's "Load a save": widgets/shell/upload.py)
        self.upload_slot = W.Box()
        self.upload_slot.add_class("shell-upload")
        self.back = W.Button(description="Back to the game", icon="arrow-left", layout=W.Layout(width="auto"))
        self.back.add_class("shell-back")
        self.back.layout.display = "none"
        self.rows = [W.HBox([n, k]) for n, k in zip(self.names, self.kinds)]
        levels = spec.bot_levels()
        about_bots = "".join(f"<li><b>{escape(name)}</b>: {escape(_sentence(getattr(cls, 'description', '')))}</li>"
                             for name, cls in levels.items())
        self.bots = W.HTML(f"<details class='shell-bots'><summary>The computer players, weakest first</summary>"
                           f"<ul>{about_bots}</ul></details>")
        self.title = W.HTML(new_game_title(spec))
        self.loaded_info = W.HTML()
        self.loaded_info.add_class("shell-loaded")
        self.forget_button = W.Button(description="Forget it: a new game", icon="times", layout=W.Layout(width="auto"))
        self.forget_button.add_class("shell-forget")
        self.forget_button.layout.display = "none"
        self.forget_button.on_click(lambda _b: self.forget())
        self.new_game_only = [self.seed, *([options.widget] if options is not None else [])]
        self.widget = W.VBox([self.title, self.loaded_info, *self.rows, self.bots, *self.new_game_only[1:], self.seed,
                              self.pause, W.HBox([self.start, self.upload_slot]), self.forget_button, self.back])
        self.widget.add_class("shell-form")
        # a save under review: (game, seen, reasons), as Shell.open_save reads them
        self.loaded: tuple[Any, dict[str, int], list] | None = None

    def seats(self) -> dict[str, str]:
        """Seat name -> HUMAN or a bot level, in seating order; ValueError naming the problem. Every
        game's form checks its seats here (the seats of a game under review are the game's own)."""
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
        if not self.spec.min_seats <= len(chosen) <= self.spec.max_seats:
            raise ValueError(f"Choose {self.spec.min_seats} to {self.spec.max_seats} players, not {len(chosen)}.")
        return chosen

    # --- reviewing a loaded game -----------------------------------------------------------------------

    def review(self, game: Any, players: dict[str, str], seen: dict[str, int], reasons: list, what: str) -> None:
        """Show a loaded game on the form: its seats (names fixed: they are the game's), each given
        to the player the save names (a human when it names none we know), to be changed before
        *Resume game*; `what` says in public words what was loaded."""
        seats = list(game.seats)
        if len(seats) > len(self.names):
            raise ValueError(f"This game has {len(seats)} seats; the page has {len(self.names)}.")
        self.loaded = (game, dict(seen), list(reasons))
        for i, (name, kind, row) in enumerate(zip(self.names, self.kinds, self.rows)):
            in_use = i < len(seats)
            if in_use:
                name.value = seats[i]
                wanted = players.get(seats[i])
                kind.value = wanted if wanted in kind.options else HUMAN
            else:
                kind.value = OFF
            name.disabled = True
            row.layout.display = None if in_use else "none"
        for widget in self.new_game_only:
            widget.layout.display = "none"
        self.title.value = "<div class='shell-panel-title'>Resume a saved game</div>"
        self.loaded_info.value = (f"<div class='shell-loaded-text'>Loaded: {escape(what)}. Give each seat to a "
                                  "human or a bot, then press <b>Resume game</b>.</div>")
        self.start.description = "Resume game"
        self.forget_button.layout.display = None

    def forget(self) -> None:
        """Back to a new game's form (the loaded game, if any, is forgotten)."""
        self.loaded = None
        for name, row in zip(self.names, self.rows):
            name.disabled = False
            row.layout.display = None
        for widget in self.new_game_only:
            widget.layout.display = None
        self.title.value = new_game_title(self.spec)
        self.loaded_info.value = ""
        self.start.description = "Start game"
        self.forget_button.layout.display = "none"

    def seed_value(self) -> int | None:
        return parse_seed(self.seed.value)

    def option_values(self) -> dict | None:
        return self.options.values() if self.options is not None else None
