"""Megacorp, the trading card game of corporate war (Mark Koh's; French rulebook in
/work/shared/rules): its rules engine, with cards as data files. The card pool shipped here is
a sample invented for the project, not official cards."""
from __future__ import annotations

from ..errors import BadDataFile, BadSaveFile, IllegalAction
from .actions import (Abrupt, Activate, Attack, Bid, Buy, Choose, Pass, PlayEvent, Produce, Sell, action_from_dict,
                      action_to_dict)
from .cards import Card, DeckFile, Pool, parse_cards, parse_deck, sample_deck, sample_pool
from .game import Game, new_game, scenario
from .log import LogEntry
from .options import Options
from .saves import load_game

GAME_INFO = dict(name="tcg", title="Megacorp, the trading card game", min_seats=2, max_seats=2,
                 default_seats=["Ana", "Nick"])

__all__ = ["Abrupt", "Activate", "Attack", "BadDataFile", "BadSaveFile", "Bid", "Buy", "Card", "Choose", "DeckFile",
           "GAME_INFO", "Game", "IllegalAction", "LogEntry", "Options", "Pass", "PlayEvent", "Pool", "Produce", "Sell",
           "action_from_dict", "action_to_dict", "load_game", "new_game", "parse_cards", "parse_deck", "sample_deck",
           "sample_pool", "scenario"]
