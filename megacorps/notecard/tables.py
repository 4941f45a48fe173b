"""What the note-card game answers the kit's table questions beyond the protocol
(`megacorps.kit.tables`): when a bot's reason may be read by every seat."""
from __future__ import annotations

from ..kit.tables import TableParts


class NotecardTable(TableParts):

    def reason_is_public(self, game, step: int) -> bool:
        """A bot's reason tells what its note card says, so it is public once that card is turned
        over: when its quarter is revealed. The cards still face down are the last ones handed
        in (the pile of the quarter under way), every earlier card has been revealed."""
        return step < len(game.actions) - len(game.state.pending)
