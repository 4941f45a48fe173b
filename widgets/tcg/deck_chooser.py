"""A seat's deck: one of the three sample decklists, or a deck file of your own (uploaded). The
file comes through the page's browser bridge (widgets/megacorps_app/browser.py), as a save does:
the browser checks its size first (a file over `MAX_DECK_BYTES` is never sent; the page names its
size and the limit) and sends it once. The engine then checks it (`tcg.parse_deck`: the format,
then deck construction against the card pool); a bad file's message names the bad entry and is
shown beside the upload, and the deck chosen before it stays chosen."""
from __future__ import annotations

from html import escape

import ipywidgets as W

from megacorps import tcg
from megacorps.errors import BadDataFile
from megacorps.tcg.cards import DECK_NAMES

OWN = "own"
MAX_DECK_BYTES = 256 * 1024   # a deck file is a few hundred bytes


def sample_choices() -> list[tuple[str, str]]:
    """(label, name) of each sample decklist: its name in the file (it says "sample")."""
    return [(tcg.sample_deck(name).name, name) for name in DECK_NAMES]


def too_big(what: str, size: int) -> str:
    """What the page says of a file too big to be a deck file: its size, and the limit."""
    shown = f"{size / 1024 / 1024:.1f} MB" if size >= 1024 * 1024 else f"{size / 1024:.0f} KB"
    return (f"{what}: {shown} is too big for a deck file (at most {MAX_DECK_BYTES // 1024} KB; "
            "a deck file is a short list of card ids)")


def read_deck(raw: bytes, what: str = "your deck file") -> tcg.DeckFile:
    """The deck in an uploaded file; BadDataFile naming the bad entry (too big, not JSON, a field,
    a card not in the pool, too few cards...)."""
    if len(raw) > MAX_DECK_BYTES:
        raise BadDataFile(too_big(what, len(raw)))
    return tcg.parse_deck(raw, tcg.sample_pool(), what)


class DeckChooser:
    """The deck of one seat: a dropdown of the sample decks and "my own deck file", with an upload
    for the file (drawn once `wire` gives it the page's bridge). `value()` is a sample deck's name
    or the uploaded DeckFile."""

    def __init__(self, default: str):
        self.choice = W.Dropdown(options=[*sample_choices(), ("My own deck file…", OWN)], value=default,
                                 layout=W.Layout(width="165px"))
        self.choice.add_class("tcg-deck-choice")
        self.upload = W.HTML(layout=W.Layout(width="165px"))   # the bridge's file button (`wire`)
        self.upload.add_class("tcg-deck-upload")
        self.message = W.HTML()
        self.message.add_class("tcg-deck-message")
        self.deck: tcg.DeckFile | None = None
        self.upload.layout.display = "none"
        self.widget = W.VBox([self.choice, self.upload, self.message], layout=W.Layout(width="170px"))
        self.choice.observe(self._on_choice, names="value")

    def wire(self, bridge, purpose: str, guard) -> None:
        """Take deck files through `bridge` (the page's BrowserBridge) as `purpose` (one per seat):
        its file button in the upload's place, a good file kept, a bad or too big one refused."""
        bridge.accept(purpose, MAX_DECK_BYTES, guard(lambda name, data: self.load(data, name)),
                      guard(lambda name, size: self.refuse(too_big(name, size))))
        self.upload.value = bridge.file_button(purpose, "Deck file", "tcg-deck-button",
                                               "Open a deck file of your own (.json, card ids of the sample pool)")

    def _on_choice(self, change) -> None:
        own = change["new"] == OWN
        self.upload.layout.display = None if own else "none"
        self.message.value = "" if not own or self.deck is None else self._loaded()

    def load(self, raw: bytes, name: str = "your deck file") -> None:
        """Check an uploaded deck file: kept if good, else its error shown (the deck chosen
        before it, if any, stays chosen)."""
        try:
            deck = read_deck(raw, name)
        except (BadDataFile, ValueError) as err:
            self.refuse(str(err))
            return
        self.deck = deck
        self.message.value = self._loaded()

    def refuse(self, why: str) -> None:
        """Say why a deck file cannot be used, and which deck is still chosen (nothing changes)."""
        kept = "" if self.deck is None else f"<br>Still chosen: {self._loaded()}"
        self.message.value = f"<span class='tcg-error'>This deck cannot be used: {escape(why)}</span>{kept}"

    def _loaded(self) -> str:
        d = self.deck
        return (f"<span class='tcg-deck-ok'>{escape(d.name)}: {sum(d.main.values())} main cards, "
                f"{sum(d.resource.values())} resource cards (sample cards, not official)</span>")

    def value(self) -> str | tcg.DeckFile:
        """The chosen deck; ValueError when "my own" is chosen without a good file."""
        if self.choice.value != OWN:
            return self.choice.value
        if self.deck is None:
            raise ValueError("Choose a sample deck, or upload a deck file the engine accepts.")
        return self.deck
