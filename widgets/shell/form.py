"""The new-game form every game's page shows (the shell's pages and MegaCorps' page): the seats,
the game's own options, a seed, the bots' pause, what each bot level does, and a save to load (the
page's file chooser, put in `upload_slot`). A loaded save is reviewed here before play resumes:
its seats are shown, each to be given to a human or a bot, and *Resume saved game* plays on
(`review`).

The seats are a `FormSeats`: by default `SeatRows`, a name and a player (a human or one of the
game's bot levels) for each seat the game allows; a game whose seats are chosen on the form
(MegaCorps: which corp sits at each seat) hands the form its own picker."""
from __future__ import annotations

import os
from html import escape
from typing import Any, Protocol

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


def fresh_seed() -> int:
    """A seed for a new game when the player sets none."""
    import random
    return random.SystemRandom().randint(1, 999_999)


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


def new_game_title(spec: GameSpec, prefix: str = "shell") -> str:
    """The form's title: how many players the game takes ("2 players", not "2 to 2 players")."""
    seats = str(spec.min_seats) if spec.min_seats == spec.max_seats else f"{spec.min_seats} to {spec.max_seats}"
    return f"<div class='{prefix}-panel-title'>New game: {seats} players</div>"


def bots_html(spec: GameSpec, prefix: str = "shell", label: str = "{}") -> str:
    """What each of the game's bot levels does, weakest first (`label`: how the seats name a level)."""
    about = "".join(f"<li><b>{escape(label.format(name))}</b>: {escape(_sentence(getattr(cls, 'description', '')))}</li>"
                    for name, cls in spec.bot_levels().items())
    return (f"<details class='{prefix}-bots'><summary>The computer players, weakest first</summary>"
            f"<ul>{about}</ul></details>")


class FormSeats(Protocol):
    """The seats on the form: `widget`; `note` (HTML under the form's title, may be empty);
    `bot_label` (how a bot level is named on it: "{}" or "{} bot"); `seats()`; `review` and
    `forget` (a loaded game's seats fixed, then free again)."""

    widget: W.Widget
    note: str
    bot_label: str

    def seats(self) -> dict[str, str]:
        """Seat -> HUMAN or a bot level, in seating order; ValueError naming the problem."""

    def review(self, seats: list[str], players: dict[str, str]) -> None:
        """Show a loaded game's seats, fixed, each given to the player `players` names (a human
        when it names none the form offers), to be changed before play resumes."""

    def forget(self) -> None:
        """The seats free again (a new game)."""


class SeatRows:
    """`max_seats` rows of a name and a player (those past `min_seats` may stay empty); by default
    the first seat human, the next ones bots of the weakest level, up to the fewest seats the game
    allows; `players`: the game's own first choice (HUMAN or a bot level per seat, the others empty)."""

    note = ""
    bot_label = "{}"

    def __init__(self, spec: GameSpec, players: list[str] | None = None, prefix: str = "shell"):
        self.spec = spec
        levels = list(spec.bot_levels())
        kinds = [HUMAN, *levels]
        first = players or [HUMAN, *[levels[0]] * (spec.min_seats - 1)]
        self.names = [W.Text(value=name, layout=W.Layout(width="110px")) for name in spec.seats_for(spec.max_seats)]
        self.kinds = [W.Dropdown(options=kinds if i < spec.min_seats else [OFF, *kinds],
                                 value=first[i] if i < len(first) else OFF,
                                 layout=W.Layout(width="130px")) for i in range(spec.max_seats)]
        for i, (name, kind) in enumerate(zip(self.names, self.kinds), start=1):
            name.add_class(f"{prefix}-seat-name-{i}")
            kind.add_class(f"{prefix}-seat-player-{i}")
        self.rows = [W.HBox([n, k]) for n, k in zip(self.names, self.kinds)]
        self.widget = W.VBox(self.rows)

    def seats(self) -> dict[str, str]:
        """Seat name -> HUMAN or a bot level, in seating order; ValueError naming the problem (the
        seats of a game under review are the game's own)."""
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

    def review(self, seats: list[str], players: dict[str, str]) -> None:
        if len(seats) > len(self.names):
            raise ValueError(f"This game has {len(seats)} seats; the page has {len(self.names)}.")
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

    def forget(self) -> None:
        for name, row in zip(self.names, self.rows):
            name.disabled = False
            row.layout.display = None


class NewGameForm:
    """The form: `picker` (the seats: `SeatRows` unless the game brings its own), the game's
    `options`, a seed, the bots' `pause` (seconds; MEGACORPS_BOT_PAUSE else 0.8 by default), Start,
    the upload slot, and while a save is reviewed *Forget it*; `prefix` ("shell", or "mc" on
    MegaCorps' page) names its classes (`<prefix>-start`, `<prefix>-seed`, ...)."""

    def __init__(self, spec: GameSpec, options: OptionsForm | None = None, players: list[str] | None = None,
                 picker: FormSeats | None = None, prefix: str = "shell", pause: float | None = None):
        self.spec, self.prefix = spec, prefix
        self.levels = list(spec.bot_levels())
        self.picker = picker if picker is not None else SeatRows(spec, players, prefix)
        self.options = options
        wide = {"description_width": "70px"}
        self.seed = W.Text(placeholder="any whole number, or empty", description="Seed",
                           tooltip="Empty: a new game each time; a number replays the same deal",
                           style=wide, layout=W.Layout(width="260px"))
        self.seed.add_class(f"{prefix}-seed")
        self.pause = W.BoundedFloatText(value=pause_from_env() if pause is None else pause, min=0, max=5, step=0.1,
                                        description="Bot pause (s)", tooltip="seconds between two bots' moves",
                                        style={"description_width": "90px"}, layout=W.Layout(width="180px"))
        self.pause.add_class(f"{prefix}-pause")
        # Start keeps its size; a note under Load a save wraps beside it
        self.start = W.Button(description="Start game", button_style="success", icon="play",
                              layout=W.Layout(width="auto", flex="0 0 auto"))
        self.start.add_class(f"{prefix}-start")
        # where the page puts its file chooser (the BrowserBridge's "Load a save": widgets/shell/upload.py)
        self.upload_slot = W.Box(layout=W.Layout(flex="1 1 0", min_width="0"))
        self.upload_slot.add_class(f"{prefix}-upload")
        self.back = W.Button(description="Back to the game", icon="arrow-left", layout=W.Layout(width="auto"))
        self.back.add_class(f"{prefix}-back")
        self.back.layout.display = "none"
        self.bots = W.HTML(bots_html(spec, prefix, self.picker.bot_label))
        self.title = W.HTML(self._new_game_title())
        self.loaded_info = W.HTML()
        self.loaded_info.add_class(f"{prefix}-loaded")
        self.forget_button = W.Button(description="Forget it: a new game", icon="times", layout=W.Layout(width="auto"))
        self.forget_button.add_class(f"{prefix}-forget")
        self.forget_button.layout.display = "none"
        self.forget_button.on_click(lambda _b: self.forget())
        self.new_game_only = [self.seed, *([options.widget] if options is not None else [])]
        self.widget = W.VBox([self.title, self.loaded_info, self.picker.widget, self.bots, *self.new_game_only[1:],
                              self.seed, self.pause, W.HBox([self.start, self.upload_slot], layout=W.Layout(align_items="flex-start")), self.forget_button,
                              self.back])
        self.widget.add_class(f"{prefix}-form")
        # a save under review, as the page that reviews it reads it (`review`)
        self.loaded: Any = None

    def _new_game_title(self) -> str:
        return new_game_title(self.spec, self.prefix) + self.picker.note

    def seats(self) -> dict[str, str]:
        """Seat -> HUMAN or a bot level, in seating order; ValueError naming the problem. Every
        game's form checks its seats here."""
        return self.picker.seats()

    # --- reviewing a loaded game -----------------------------------------------------------------------

    def review(self, loaded: Any, seats: list[str], players: dict[str, str], what: str) -> None:
        """Show a loaded game on the form: its `seats` (fixed: they are the game's), each given to
        the player `players` names, to be changed before *Resume saved game*; `what` says in public
        words what was loaded; `loaded` is kept for the page to resume (`self.loaded`)."""
        self.picker.review(seats, players)
        self.loaded = loaded
        for widget in self.new_game_only:
            widget.layout.display = "none"
        self.title.value = f"<div class='{self.prefix}-panel-title'>Resume a saved game</div>"
        self.loaded_info.value = (f"<div class='{self.prefix}-loaded-text'>Loaded: {escape(what)}. Give each seat "
                                  "to a human or a bot, then press <b>Resume saved game</b>.</div>")
        self.start.description = "Resume saved game"
        self.forget_button.layout.display = None

    def forget(self) -> None:
        """Back to a new game's form (the loaded game, if any, is forgotten)."""
        self.loaded = None
        self.picker.forget()
        for widget in self.new_game_only:
            widget.layout.display = None
        self.title.value = self._new_game_title()
        self.loaded_info.value = ""
        self.start.description = "Start game"
        self.forget_button.layout.display = "none"

    def seed_value(self) -> int | None:
        """The seed typed (None: a new game each time); ValueError for anything but a whole
        number from 0 up that a 64-bit integer holds (what any program reading a save's JSON can
        read back)."""
        value = parse_seed(self.seed.value)
        if value is not None and not 0 <= value < 2 ** 63:
            raise ValueError("The seed must be a whole number from 0 up.")
        return value

    def option_values(self) -> dict | None:
        return self.options.values() if self.options is not None else None
