"""Setting up a game of Megacorp: the corporations at the table and the optional modules.

The core game needs no options; the two modules (Variable Yield Industries, Variable
Industries) are switched on at the start, alone or together, and cannot change afterwards.
"""
from __future__ import annotations

from functools import cached_property

from pydantic import BaseModel, ConfigDict, Field

from ..kit.options import parse_options as read_options

MIN_PLAYERS, MAX_PLAYERS = 2, 6          # the rules say "2+"; six fit a screen (ruling N15)
CORE_INDUSTRIES = ("Industry 1", "Industry 2", "Industry 3")
# Variable Industries lets anyone branch into another industry at any time (ruling N6): the only
# bound is money. Industries are numbered, and the numbers run to 99, which no table reaches.
LAST_INDUSTRY_NUMBER = 99
NEW_OFFERED = 3   # how many unopened industries a form or a bot is offered at once
DEFAULT_CORPS = ("Northwind", "Halcyon", "Vantage", "Quorum", "Meridian", "Tessera")


class Options(BaseModel):
    """The choices made before the first quarter."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    variable_yield: bool = Field(False, description="Variable Yield Industries: a yield deck per "
                                 "industry sets each quarter's multiplier")
    variable_industries: bool = Field(False, description="Variable Industries: a cost of entry for "
                                      "industries beyond a corporation's current ones")
    starting_money: int = Field(10, ge=1, le=1000, description="Each corporation's money at the "
                                "start, in millions (the rules: 10)")
    last_quarter: int | None = Field(None, ge=1, le=200, description="A house rule: the agreed last "
                                     "quarter, after which the richest wins; None (the default): the "
                                     "rules' own ending, play until one corporation is left (ruling N4)")
    deadlock_quarters: int = Field(8, ge=1, le=50, description="The rules' ending: after this many "
                                   "quarters in a row without a bankruptcy the table is deadlocked and "
                                   "the richest wins (ruling N4; not counted under the house rule)")
    max_industries: int | None = Field(None, ge=3, le=LAST_INDUSTRY_NUMBER, description="With Variable "
                                       "Industries, a house limit on how many industries the game may "
                                       "hold; None (the default): no limit but money, as the rules say "
                                       "(ruling N6)")

    @cached_property
    def industries(self) -> tuple[str, ...]:
        """Every industry this game can ever hold, in number order: the core three, and with
        Variable Industries the ones that may be opened later (ruling N6)."""
        if not self.variable_industries:
            return CORE_INDUSTRIES
        count = self.max_industries or LAST_INDUSTRY_NUMBER
        return tuple(industry_name(n) for n in range(1, count + 1))

    def describe(self) -> str:
        """The set-up in words, for the log and the page."""
        modules = [name for on, name in ((self.variable_yield, "Variable Yield Industries"),
                                         (self.variable_industries, "Variable Industries")) if on]
        end = (f"house rule: the game ends after quarter {self.last_quarter} at the latest, the richest wins"
               if self.last_quarter else
               f"the rules' ending: play goes on until one corporation is left (deadlocked after "
               f"{self.deadlock_quarters} quarters in a row without a bankruptcy: the richest wins)")
        return (f"{' and '.join(modules) if modules else 'core game, no modules'}; "
                f"${self.starting_money}M each; {end}")


def industry_number(name: str) -> int:
    """The number of industry `name` ("Industry 4" -> 4), for ordering them."""
    return int(name.rsplit(" ", 1)[-1])


def industry_name(number: int) -> str:
    """The name of industry `number` ("Industry 4"): the rules number them (ruling N6)."""
    return f"Industry {number}"


def parse_options(options: "Options | dict | None") -> Options:
    """`options` as an Options value; raises ValueError naming a bad or unknown option (the kit's
    reader, shared by every game)."""
    return read_options(Options, options)


def check_players(players: list[str]) -> list[str]:
    """The list of corporation names, checked; raises ValueError saying what is wrong."""
    if isinstance(players, str) or not all(isinstance(p, str) for p in players):
        raise ValueError("players must be a list of corporation names")
    players = [p.strip() for p in players]
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise ValueError(f"Megacorp is played here by {MIN_PLAYERS} to {MAX_PLAYERS} corporations, "
                         f"not {len(players)}")
    if any(not p for p in players):
        raise ValueError("every corporation needs a name")
    if any(len(p) > 24 for p in players):
        raise ValueError("a corporation's name can be at most 24 characters long")
    if len({p.casefold() for p in players}) != len(players):
        raise ValueError("two corporations have the same name")
    return players
