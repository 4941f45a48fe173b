"""The errors the engine raises; all are ValueErrors carrying a message in game terms."""


class IllegalAction(ValueError):
    """An action the rules do not allow now. The game state is left exactly as it was. `rule`
    names the rule that refuses it, when the game keeps it apart from the message (MEGAcquire:
    "L23, L53"), else ""."""

    def __init__(self, message: str = "", rule: str = ""):
        super().__init__(message)
        self.rule = rule


class BadDataFile(ValueError):
    """A board or deck file that does not describe a valid board or deck."""


class BadSaveFile(ValueError):
    """A saved game that cannot be loaded; the message names the bad entry."""
