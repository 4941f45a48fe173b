"""MegaCorps, Greg Costikyan's game of corporate domination: the rules engine.

Pure Python and pydantic; no user-interface package is imported here.

    import megacorps as mc
    game = mc.new_game(["Mokia", "Globbo", "Nonintendo", "Lenogo"], seed=7)
    while not game.is_over:
        corp = game.deciders[0]
        game.apply(game.legal_actions(corp)[0])
"""
from __future__ import annotations

from . import bots, kit, tables
from .actions import (Accept, Action, Bid, Bundle, ChoiceRange, BuyCompany, BuyMercenaries, Decline, Intervene,
                      LaunchWar, LeaveGame, NoCard, OfferMercenaries, OfferTrade, Pass,
                      PayoutIndustry, Permit, PickCompany, PlayCard, Sealed, StayOut, SupportWar, Veto,
                      Vote, action_from_dict, action_to_dict)
from .board import Board, CardSpec, Country, Deck, Government, load_board, load_deck
from .errors import BadDataFile, BadSaveFile, IllegalAction
from .game import Game
from .log import LogEntry
from .mercenaries import census as mercenary_census
from .payouts import card_changes_payout, competitors, payout_amounts
from .seat import Seat
from .simulator import Simulator, determinize
from .war import WarOutlook, war_outlook, war_totals
from .setup import new_game_state, scenario_state
from .state import CompanyStatus, GameState
from .view import CorpView

CORPS = ("Mokia", "Globbo", "Nonintendo", "Lenogo", "The Mouse", "Windoze")


def new_game(corps: list[str], seed: int | None = None, board: Board | None = None,
             deck: Deck | None = None) -> Game:
    """A new game for 3 to 6 corps, seated clockwise in the order given, set up by chance from
    `seed`: ready for the free company picks. Raises ValueError for a bad list of corps."""
    state, step = new_game_state(corps, seed, board, deck)
    return Game(state, step.entries)


def scenario(corps: list[str], **position) -> Game:
    """Any position in the middle of a round, for lessons and tests.

    `corps[0]` holds the Active Player card and is about to act; the others follow in list
    order. Keywords: companies, countries, governments, money, mercenaries, hands, paid,
    in_play, deck (top card first; [] means the game ends when this round does), seed, round.
    Anything unspecified is as printed on the board: unowned, uncontrolled, the board's
    government, 40 Euros, 0 mercenaries, empty hands, and a deck of the default cards not in
    hands, shuffled by the seed. Raises ValueError naming an unknown name.
    """
    return Game(scenario_state(corps, **position))


__all__ = [
    "bots", "kit", "tables",
    "Accept", "Action", "BadDataFile", "BadSaveFile", "Bid", "Board", "Bundle", "BuyCompany",
    "BuyMercenaries", "CORPS", "ChoiceRange", "CardSpec", "CompanyStatus", "CorpView", "Country", "Decline", "Deck",
    "Game", "GameState", "Government", "IllegalAction", "Intervene", "LaunchWar", "LeaveGame",
    "LogEntry", "NoCard", "OfferMercenaries", "OfferTrade", "Pass", "PayoutIndustry", "Permit",
    "PickCompany", "PlayCard", "Sealed", "Seat", "Simulator", "StayOut", "SupportWar", "Veto", "Vote", "action_from_dict",
    "action_to_dict", "bots", "tables", "competitors", "determinize", "load_board", "load_deck", "mercenary_census",
    "new_game", "card_changes_payout", "payout_amounts", "scenario", "WarOutlook", "war_outlook", "war_totals",
]
