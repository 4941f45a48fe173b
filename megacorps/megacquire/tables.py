"""What the table service sends MEGAcquire's pages beyond the protocol (`megacorps.kit.tables`):
the options a table was set up with (public: the board, the companies and the chart, for
drawing), each choice's preview for the seat making it, and money and the bots' reasons only
when the stock-disclosure method lets every seat see them."""
from __future__ import annotations

from ..kit.tables import TableParts


class MegacquireTable(TableParts):

    def money(self, game) -> dict[str, int]:
        """Every player's cash for the table's chart and its public record, only when it is
        public: with total disclosure (method 4, L41-43) or once the game is over (ruling
        A11); otherwise cash is each player's own secret and the table records none."""
        return dict(game.scores()) if game.options.disclosure == 4 or game.is_over else {}

    def reason_is_public(self, game, step: int) -> bool:
        """A bot's reason is shown to every seat only with total disclosure (method 4) or once
        the game is over: a reason may name what the method hides (the certificates the bot
        holds in the company it grows, the bonuses a merger paid it, its standing)."""
        return game.options.disclosure == 4 or game.is_over

    def setup(self, game) -> dict:
        """The game's options (public: the disclosure method, the board, companies and chart)."""
        return {"options": game.options.model_dump(mode="json")}

    def extra_seat(self, game, seat: str | None, live: bool) -> dict:
        """What each of this seat's choices would do (the engine's preview, told in what the
        seat may know), in the order of its choices."""
        extra = super().extra_seat(game, seat, live)
        extra["previews"] = [game.preview(a) for a in game.legal_actions(seat)] if live and seat else []
        return extra
