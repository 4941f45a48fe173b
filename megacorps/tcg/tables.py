"""What the table service sends the trading card game's pages beyond the protocol
(`megacorps.kit.tables`): for the seat deciding, each choice's words and what it would do (the
engine's public text and preview, told as that seat may know it), the cards each of its attacks
would strike (worked out from the networks, which every seat sees), whether it has nothing to
play (its own hand is in that answer: it goes to that seat alone), and which phase the priority
window under way opens (what passing ends). Everything else comes from the views: a seat's
holds its own hand only, the public one no hand; neither holds a deck's order."""
from __future__ import annotations

from ..kit.tables import TableParts


class TcgTable(TableParts):

    def reason_is_public(self, game, step: int) -> bool:
        """A bot's reason is shown to every seat unless its decision was taken on what only its seat
        may know (a secret bid, a search of its deck, a looked-at hand, keeping or taking a
        mulligan): such a reason may name the hidden cards or the amount. The kit's default
        (public words equal to the action's own) would hide every reason here, since the public
        words name the card where the action has its number."""
        return not game.decided_in_private(step)

    def extra_seat(self, game, seat: str | None, live: bool) -> dict:
        """For each of this seat's choices, in their order: its label, its preview and the cards
        it would strike (`Game.struck`: the page shades them); whether the seat has nothing to play
        (`Game.nothing_to_play`: the page's automatic pass; False for the projector and a bot's
        seat); and the phase the priority window opens (buy, challenge, divest, reveal; None
        outside one)."""
        extra = super().extra_seat(game, seat, live)
        choices = game.legal_actions(seat) if live and seat else []
        extra["labels"] = [game.public_text(a) for a in choices]
        extra["previews"] = [game.preview(a) for a in choices]
        extra["struck"] = [game.struck(a) for a in choices]
        extra["nothing_to_play"] = bool(live and seat and game.nothing_to_play(seat))
        extra["phase_opened"] = game.phase_opened()
        return extra
