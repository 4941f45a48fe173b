"""The page's two message lines, the same on every game's page (the shell's, MegaCorps', the
networked lobby, host and seat pages):

- **the error line**: a refusal in the game's words, a bad file, anything a callback raised
  (widgets/guard.py sends it here). It stays until the table moves on: an old refusal must not
  sit above the next question (`moved_on`).
- **the info line**: what the player's own move did, a save made, a game resumed. The line about a
  move is kept once another seat has moved, marked *Earlier* (greyed): bots answer at once, and a
  line cleared then would hardly be seen; the log tells what came after (`age_note`).

Each line is an HTML widget of class `{prefix}-error` / `{prefix}-info`; its text is a div of
class `{prefix}-error-text` (role alert) / `{prefix}-info-text` (role status), plus
`{prefix}-info-earlier` once aged (the browser tests read these classes)."""
from __future__ import annotations

from html import escape
from typing import Any, Callable, Iterable

import ipywidgets as W

#: the look of the two lines, for a page whose own styles do not give them one
CSS = """
.{p}-error-text {{ background: #fde2e1; color: #8a1c1c; border: 1px solid #f5b5b3; border-radius: 6px;
                  padding: 6px 10px; font-size: 13px; }}
.{p}-info-text {{ background: #e7f5ee; color: #1b5e3c; border-radius: 6px; padding: 4px 10px; font-size: 12px; }}
.{p}-info-text.{p}-info-earlier {{ background: #f1f3f6; color: #4a5160; }}
"""


def styles(prefix: str) -> str:
    """The two lines' CSS rules for pages of class prefix `prefix` (no <style> tag)."""
    return CSS.format(p=prefix)


class Messages:
    """The error line and the info line of a page."""

    def __init__(self, prefix: str):
        self.prefix = prefix
        self.error = W.HTML()
        self.error.add_class(f"{prefix}-error")
        self.info = W.HTML()
        self.info.add_class(f"{prefix}-info")
        self._error_at: Any = None   # where the table was when the error was shown (None: anywhere)
        # (the message, the info line's HTML, its seat, where the table was) while the info line
        # says what a human's move did
        self._note: tuple[str, str, str | None, Any] | None = None

    # --- the error line ----------------------------------------------------------------------------

    def show_error(self, message: str, at: Any = None) -> None:
        """Show `message` as an error; `at` marks where the table is now (a version, a count of
        moves): `moved_on` clears the error once the table is elsewhere."""
        self.error.value = f"<div class='{self.prefix}-error-text' role='alert'>\u26a0 {escape(message)}</div>"
        self._error_at = at

    def clear_error(self) -> None:
        self.error.value = ""

    def moved_on(self, at: Any) -> None:
        """The table is now at `at`: an error shown elsewhere no longer applies, and goes."""
        if self.error.value and self._error_at is not None and self._error_at != at:
            self.clear_error()

    # --- the info line -----------------------------------------------------------------------------

    def show_info(self, message: str, earlier: bool = False) -> None:
        """Show `message` (plain text); `earlier`: it tells of a move before the latest (greyed)."""
        cls = f"{self.prefix}-info-text" + (f" {self.prefix}-info-earlier" if earlier else "")
        self.info.value = f"<div class='{cls}' role='status'>{escape(message)}</div>"
        self._note = None

    def clear_info(self) -> None:
        self.info.value = ""
        self._note = None

    def clear(self) -> None:
        """Both lines empty (a new game, a game resumed)."""
        self.clear_error()
        self.clear_info()

    def note_move(self, message: str, seat: str | None, at: Any) -> None:
        """Say what `seat`'s own move did (`message`); `at` marks where the table is after it, for
        `age_note`."""
        self.show_info(message)
        self._note = (message, self.info.value, seat, at)

    def age_note(self, movers_since: Callable[[Any], Iterable[str | None]]) -> None:
        """Once another seat has moved after the noted move (`movers_since(at)`: the seats that
        moved since `at`), the line is marked *Earlier*. A line replaced or emptied since (another
        message, a new game) is left as it is."""
        note = self._note
        if note is None or self.info.value != note[1]:
            self._note = None
            return
        message, _, seat, at = note
        if any(mover not in (None, seat) for mover in movers_since(at)):
            self.show_info(f"Earlier: {message} Others have moved since: the log says how.", earlier=True)
