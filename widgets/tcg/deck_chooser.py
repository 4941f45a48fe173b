"""A seat's deck: one of the three sample decklists, or a deck file of your own (uploaded). The
engine checks the file (`tcg.parse_deck`: the format, then deck construction against the card
pool); a bad file's message names the bad entry and is shown beside the upload, and the chooser
keeps no deck until a good file comes."""
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


def read_deck(raw: bytes, what: str = "your deck file") -> tcg.DeckFile:
    """The deck in an uploaded file; BadDataFile naming the bad entry (too big, not JSON, a field,
    a card not in the pool, too few cards...)."""
    if len(raw) > MAX_DECK_BYTES:
        raise BadDataFile(f"{what}: {len(raw) // 1024} KB is too big for a deck file (at most "
                          f"{MAX_DECK_BYTES // 1024} KB)")
    return tcg.parse_deck(raw, tcg.sample_pool(), what)


class DeckChooser:
    """The deck of one seat: a dropdown of the sample decks and "my own deck file", with an upload
    for the file. `value()` is a sample deck's name or the uploaded DeckFile."""

    def __init__(self, default: str):
        self.choice = W.Dropdown(options=[*sample_choices(), ("My own deck file…", OWN)], value=default,
                                 layout=W.Layout(width="165px"))
        self.choice.add_class("tcg-deck-choice")
        self.upload = W.FileUpload(accept=".json", multiple=False, description="Deck file",
                                   layout=W.Layout(width="165px"))
        self.upload.add_class("tcg-deck-upload")
        self.message = W.HTML()
        self.message.add_class("tcg-deck-message")
        self.deck: tcg.DeckFile | None = None
        self.upload.layout.display = "none"
        self.widget = W.VBox([self.choice, self.upload, self.message], layout=W.Layout(width="170px"))
        self.choice.observe(self._on_choice, names="value")
        self.upload.observe(self._on_upload, names="value")

    def _on_choice(self, change) -> None:
        own = change["new"] == OWN
        self.upload.layout.display = None if own else "none"
        self.message.value = "" if not own or self.deck is None else self._loaded()

    def _on_upload(self, change) -> None:
        files = change["new"]
        if files:
            try:
                self.load(bytes(files[0]["content"]), files[0].get("name", "your deck file"))
            finally:   # emptied, so that the same file chosen again (fixed meanwhile) is read again
                self.upload.value = ()

    def load(self, raw: bytes, name: str = "your deck file") -> None:
        """Check an uploaded deck file: kept if good, else its error shown (and no deck kept)."""
        try:
            self.deck = read_deck(raw, name)
        except (BadDataFile, ValueError) as err:
            self.deck = None
            self.message.value = f"<span class='tcg-error'>This deck cannot be used: {escape(str(err))}</span>"
            return
        self.message.value = self._loaded()

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
