"""`SeatPicker`: the seats of the new-game form (a corp and who plays it, per seat) as one widget.

Built from ipywidgets, six seats were 66 widget models (per seat a row box, a label and two
dropdowns, each with its own layout and style model); every pupil's browser built all of them
before the board was drawn, about 3 ms of CPU each on a classroom machine. This one widget
draws plain `<select>` elements (each in an element of class `mc-seat-corp-N` /
`mc-seat-player-N`, N from 1) and syncs one list, `seats`: `[[corp, player kind], ...]`.

`CorpSeats` puts it on the shell's new-game form (widgets/shell/form.py, a `FormSeats` there):
what comes back from the page is checked in Python (`CorpSeats.seats`), never trusted.
"""
from __future__ import annotations

import anywidget
import traitlets

import megacorps as mc

from megacorps.bots import LEVELS
from .source import HUMAN

PLAYER_KINDS = (HUMAN, *LEVELS)

EMPTY = "(empty seat)"
DEFAULT_SEATS = [("Mokia", HUMAN), ("Globbo", "Greedy"), ("Nonintendo", "Greedy"), ("Lenogo", "Random"),
                 (EMPTY, "Greedy"), (EMPTY, "Greedy")]

_ESM = r"""
function choice(cls, options, title) {
  const box = document.createElement('div');
  box.className = cls + ' mc-seat-pick';
  const select = document.createElement('select');
  if (title) select.title = title;
  for (const [label, value] of options) {
    const option = document.createElement('option');
    option.textContent = label;
    option.value = value;
    select.appendChild(option);
  }
  box.appendChild(select);
  return [box, select];
}

export default {
  render({ model, el }) {
    el.classList.add('mc-seats');
    const selects = [];
    // Each choice goes to the kernel as a message of its own, the whole list each time: a model's
    // synced changes wait in the browser while the kernel answers an earlier one, so a Start
    // pressed at once reached the kernel first and the game began with the seats as they were.
    // Messages keep their order with the button's click. The kernel's own changes (a save under
    // review) are taken when no choice of ours is still unanswered.
    let mine = model.get('seats').map((s) => [...s]);
    let unanswered = 0;
    const set = (seat, part, value) => {
      mine[seat][part] = value;
      unanswered += 1;
      model.send({ type: 'seats', seats: mine });
    };
    model.on('msg:custom', (msg) => { if (msg.type === 'heard') unanswered = Math.max(0, unanswered - 1); });
    model.get('seats').forEach((_seat, i) => {
      const row = document.createElement('div');
      row.className = 'mc-seat-row';
      const label = document.createElement('span');
      label.className = 'mc-seat-no';
      label.textContent = 'Seat ' + (i + 1);
      const [corpBox, corp] = choice('mc-seat-corp-' + (i + 1), model.get('corps').map((c) => [c, c]), '');
      const [playerBox, player] = choice('mc-seat-player-' + (i + 1), model.get('players'), model.get('player_tooltip'));
      corp.addEventListener('change', () => set(i, 0, corp.value));
      player.addEventListener('change', () => set(i, 1, player.value));
      row.append(label, corpBox, playerBox);
      el.appendChild(row);
      selects.push([corp, player]);
    });
    const show = () => {
      if (unanswered === 0) mine = model.get('seats').map((s) => [...s]);
      const seats = mine, locked = model.get('locked');
      selects.forEach(([corp, player], i) => {
        corp.value = seats[i][0];
        player.value = seats[i][1];
        corp.disabled = locked;
        // an empty seat has nobody to play it: its player choice is hidden, not left to read "Greedy bot"
        player.parentElement.style.visibility = seats[i][0] === model.get('empty') ? 'hidden' : '';
      });
    };
    show();
    model.on('change:seats', show);
    model.on('change:locked', show);
    return () => { model.off('change:seats', show); model.off('change:locked', show); };
  },
};
"""


class SeatPicker(anywidget.AnyWidget):
    """Seats of a new game: `seats` ([corp, player kind] per seat), chosen from `corps` and
    `players` ([label, kind] pairs); `locked` fixes the corps (a loaded game's); a seat whose corp
    is `empty` shows no player choice."""

    _esm = traitlets.Unicode(_ESM).tag(sync=True)
    seats = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    corps = traitlets.List(traitlets.Unicode()).tag(sync=True)
    players = traitlets.List(traitlets.List(traitlets.Unicode())).tag(sync=True)
    player_tooltip = traitlets.Unicode("").tag(sync=True)
    locked = traitlets.Bool(False).tag(sync=True)
    empty = traitlets.Unicode("").tag(sync=True)   # the corp choice that leaves a seat empty

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.on_msg(self._on_msg)

    def _on_msg(self, _widget, content, _buffers) -> None:
        """The page's choices (the whole list at each change, in order with the page's other
        messages); answered, so the page knows the kernel has them. Checked when the game starts
        (`CorpSeats.seats`): here only its shape, so a malformed message changes nothing."""
        if not isinstance(content, dict) or content.get("type") != "seats":
            return
        seats = content.get("seats")
        if (isinstance(seats, list) and len(seats) == len(self.seats)
                and all(isinstance(s, list) and len(s) == 2 and all(isinstance(v, str) for v in s) for s in seats)):
            self.seats = [list(s) for s in seats]
        self.send({"type": "heard"})

    def set_seat(self, seat: int, part: int, value: str) -> None:
        """Set seat `seat`'s corp (`part` 0) or player kind (1), as the page would."""
        allowed = self.corps if part == 0 else [kind for _label, kind in self.players]
        if value not in allowed:
            raise ValueError(f"{value!r} is not a choice for seat {seat + 1} (choose one of {', '.join(allowed)})")
        seats = [list(s) for s in self.seats]
        seats[seat][part] = value
        self.seats = seats


class SeatChoice:
    """One choice of one seat, read and set like the dropdown it replaced: `value`, and for a
    corp `disabled` (the picker's `locked`)."""

    def __init__(self, picker: SeatPicker, seat: int, part: int):
        self._picker, self._seat, self._part = picker, seat, part

    @property
    def value(self) -> str:
        return self._picker.seats[self._seat][self._part]

    @value.setter
    def value(self, value: str) -> None:
        self._picker.set_seat(self._seat, self._part, value)

    @property
    def disabled(self) -> bool:
        return self._part == 0 and self._picker.locked


def _kind_label(kind: str) -> str:
    return "Human" if kind == HUMAN else f"{kind} bot"


class CorpSeats:
    """MegaCorps' seats on the shell's new-game form: 3 to 6 corps in seating order, each played
    by a human at this screen or a bot level (`SeatPicker` widget, one model for the six seats);
    `choices`: per seat its corp and its player, read and set like dropdowns."""

    bot_label = "{} bot"
    note = ("<div class='mc-note'>Choose 3 to 6 corps, in seating order (clockwise), and who plays each "
            "one: a human at this screen or a computer player.</div>")

    def __init__(self):
        self.widget = SeatPicker(seats=[list(seat) for seat in DEFAULT_SEATS], corps=[EMPTY, *mc.CORPS], empty=EMPTY,
                                 players=[[_kind_label(k), k] for k in PLAYER_KINDS],
                                 player_tooltip="A human at this screen, or a computer player of that level")
        self.choices: list[tuple[SeatChoice, SeatChoice]] = [
            (SeatChoice(self.widget, i, 0), SeatChoice(self.widget, i, 1)) for i in range(len(DEFAULT_SEATS))]

    def seats(self) -> dict[str, str]:
        """corp -> player kind, in seating order. Raises ValueError saying what is wrong."""
        seats: dict[str, str] = {}
        for i, (corp, player) in enumerate(self.widget.seats):
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

    def review(self, seats: list[str], players: dict[str, str]) -> None:
        """A loaded game's corps, fixed, each played as saved (a human when the save names no kind
        the form offers)."""
        self.widget.seats = [[seats[i], players.get(seats[i]) if players.get(seats[i]) in PLAYER_KINDS else HUMAN]
                             if i < len(seats) else [EMPTY, kind]
                             for i, (_corp, kind) in enumerate(self.widget.seats)]
        self.widget.locked = True

    def forget(self) -> None:
        self.widget.locked = False
