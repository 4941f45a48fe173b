"""The ladder: every level by name, weakest first (the app offers them in this order)."""
from __future__ import annotations

from .greedy import GreedyBot
from .random_bot import RandomBot
from .search import MastermindBot
from .shrewd import ShrewdBot

LEVELS: dict[str, type] = {cls.name: cls for cls in (RandomBot, GreedyBot, ShrewdBot, MastermindBot)}
