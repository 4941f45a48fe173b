"""Megacorp, the trading card game, at a table held by the table service: a seat's page and the
projector's.

Both are the game's own page (widgets/tcg/app.py: both networks as grids, the hand, the market
piles, the rules stack, the decision with the engine's previews, the players' table, the log
and the results) showing a `RemoteGame` (widgets/networked/shell_pages.py) answered from what
the service sent this kernel. A seat's kernel holds its own view (its own hand; of the rival's
only how many cards it holds), its choices with their words, previews and the cards each attack
would strike, whether it has nothing to play (megacorps/tcg/tables.py), and the public view; a
projector's only the public view. Never the rival's hand, a deck's order, a secret bid or the
seed. The service checks every action and plays the bots; the seat's page makes only its own
player's automatic passes (`TableShell.run_bots`), as the hot-seat page does.
"""
from __future__ import annotations

from ..networked import shell_pages
from ..networked.shell_pages import ShellTablePage, TableShell, tagline
from .app import TcgParts


class RemoteGame(shell_pages.RemoteGame):
    """What the trading card game's board and panels read beyond the shell, from the service's
    last message: the kind of decision, the cards' names (from the views), the words of each of
    this seat's choices and the cards its attacks would strike, whether it has nothing to play,
    and the phase a priority window opens."""

    def decision_kind(self) -> str:
        """"bid", "choose", "priority" or "over" (the public view's prompt says which)."""
        prompt = self.state["public"].get("prompt")
        return "over" if self.is_over or prompt is None else prompt["kind"]

    def phase_opened(self) -> str | None:
        return self.state.get("phase_opened")

    def card_name(self, uid: int) -> str:
        """A card's name as the engine writes it (with the sample notice), for a card this page
        sees: in a network or a bonded pile, a market pile, a revealed card, its own hand."""
        for card in _cards(self.view(self.seat)):
            if card.uid == uid:
                return f"{card.name} ({card.notice})" if card.notice else card.name
        return f"card {uid}"

    def public_text(self, action) -> str:
        """The engine's words for one of this seat's choices (as the service sent them)."""
        return self._sent_for(action, "labels")

    def struck(self, action) -> list[int]:
        """The cards one of this seat's attacks would strike if nobody blocks (the service's
        `Game.struck`, from the networks every seat sees); [] for anything else."""
        choices = self.legal_actions(self.seat)
        return list(self.state.get("struck", [])[choices.index(action)]) if action in choices else []

    def nothing_to_play(self, seat: str) -> bool:
        """Whether this seat has nothing to play now (the service's `Game.nothing_to_play`, sent to
        this seat alone): the page's automatic pass asks it. Never for another seat."""
        return seat == self.seat and bool(self.state.get("nothing_to_play"))

    def why_not(self, action) -> str:
        """Why `action` is not offered: the service's engine judges a seat's actions and sends
        its choices only, so the page can say no more than that."""
        return "it is none of your choices now"


def _cards(view):
    """Every card a view shows (networks with their bonded piles, markets, revealed cards, the
    seat's own hand, the annihilated)."""
    shown = [c for cards in view.networks.values() for c in cards] + list(view.annihilated)
    for player in view.players.values():
        shown += list(player.market) + list(player.hand or [])
        if player.revealed is not None:
            shown.append(player.revealed)
    for card in shown:
        yield card
        yield from card.pile


class TcgTableApp(TableShell):
    """The trading card game's page on a `RemoteGame`: one seat at its own screen, or the projector."""

    def __init__(self, game: RemoteGame, line: str):
        super().__init__(TcgParts(), game, line)


def _app(follower, who: str) -> TcgTableApp:
    return TcgTableApp(RemoteGame(follower), tagline(follower, who))


class TcgSeatPage(ShellTablePage):
    """One player's page at a networked table: their hand (the rival's is a count), both
    networks, the market piles and the stack, their decision as buttons and clicks on cards."""

    def __init__(self, seat):
        super().__init__(seat, _app(seat, f"you play {seat.corp}"), "tcg-table-page")


class TcgSpectatorPage(ShellTablePage):
    """The projector: both networks, the market piles, the stack, how many cards each hand holds,
    the decision under way and the log; no hand of anyone."""

    def __init__(self, watcher):
        super().__init__(watcher, _app(watcher, "projector"), "tcg-table-page")
