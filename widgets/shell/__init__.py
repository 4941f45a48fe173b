"""The page shell every game is played on (docs/kit.md, "The page shell"): `Shell(parts)`, where
`parts` (a `GameParts`) supplies the game's board, decision panels, players' table, rules help
and options."""
from .form import HUMAN, OFF, NewGameForm
from .page import Shell, close_all, html
from .parts import Board, GameParts, OptionsForm, RuleSection, RulesHelp

__all__ = ["Board", "GameParts", "HUMAN", "NewGameForm", "OFF", "OptionsForm", "RuleSection", "RulesHelp",
           "Shell", "close_all", "html"]
