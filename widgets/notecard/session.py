"""A note-card game at the table: which seats are humans and which are bots, the bots, taking back
a card, the moderator's reveal as a list of steps, and money by quarter and by industry. (The
bots' reasons are the page shell's record: `Shell.reasons`, shown once a card is revealed.)

No ipywidgets here: the page's parts (`widgets/notecard/parts.py`) and the lessons render a Session.
"""
from __future__ import annotations

from dataclasses import dataclass

from megacorps import notecard as nc
from megacorps.notecard import bots as nc_bots
from megacorps.notecard import log as rules

HUMAN = "Human"
PLAYER_KINDS = (HUMAN, *nc_bots.LEVELS)
SETTLEMENT_RULES = (rules.NEW_INDUSTRY, rules.YIELD, rules.ENTRY, rules.INVESTMENT, rules.SABOTAGE,
                    rules.EARNINGS, rules.LAPSE, rules.BANKRUPTCY, rules.WINNING, rules.LAST_QUARTER,
                    rules.DEADLOCK)


@dataclass(frozen=True)
class Cell:
    """One industry of one corporation as announced so far during a reveal."""

    invested: int | None = None
    entry: int = 0
    sabotage: tuple[tuple[str, int], ...] = ()
    net: int | None = None
    multiplier: int | None = None
    earnings: int | None = None


@dataclass(frozen=True)
class RevealStep:
    """One announcement of the moderator, and the table as it stands after it."""

    rule: str
    text: str
    about: tuple
    money: dict[str, int]                 # each corporation's chips after this step
    cells: dict[tuple[str, str], Cell]    # (corp, industry) -> what is announced so far
    multipliers: dict[str, int]           # multipliers drawn so far (Variable Yield)


def reveal_steps(report: nc.QuarterReport, entries: list[nc.LogEntry]) -> list[RevealStep]:
    """The settlement of one quarter as the moderator announces it, step by step: the log lines
    of that quarter's settlement (in the rules' order), each with the table as it stands after
    it: chips taken and given, and every cell announced so far."""
    lines = {(l.corp, l.industry): l for l in report.lines}
    money = dict(report.money_before)
    cells: dict[tuple[str, str], Cell] = {}
    mults: dict[str, int] = {} if report.cards else dict(report.multipliers)
    steps: list[RevealStep] = []
    for entry in entries:
        if entry.quarter != report.quarter or entry.rule not in SETTLEMENT_RULES:
            continue
        about = tuple(entry.about)
        key = about[:2] if len(about) >= 2 else None
        line = lines.get(key) if key else None
        cell = cells.get(key, Cell()) if key else None
        if entry.rule == rules.YIELD:
            mults[about[1]] = report.multipliers[about[1]]
        elif entry.rule == rules.ENTRY and line:
            money[line.corp] -= line.entry_cost
            cells[key] = Cell(cell.invested, line.entry_cost, cell.sabotage)
        elif entry.rule == rules.INVESTMENT and line:
            money[line.corp] -= line.invested
            cells[key] = Cell(line.invested, cell.entry, cell.sabotage)
        elif entry.rule == rules.SABOTAGE and line:
            saboteur = about[2]
            amount = line.sabotage[saboteur]
            money[saboteur] -= amount
            cells[key] = Cell(cell.invested, cell.entry, cell.sabotage + ((saboteur, amount),))
        elif entry.rule == rules.EARNINGS and line:
            money[line.corp] += line.earnings
            cells[key] = Cell(cell.invested, cell.entry, cell.sabotage, line.net, line.multiplier, line.earnings)
        steps.append(RevealStep(entry.rule, entry.text, about, dict(money), dict(cells), dict(mults)))
    return steps


class Session:
    """One game and who sits in each seat (`seats`: corporation -> "Human" or a bot level)."""

    def __init__(self, game: nc.Game, seats: dict[str, str], seed: int | None = 0, bots: dict | None = None):
        """`bots`: corporation -> a bot object of one's own (a lesson's scripted opponent); its
        seat shows the bot's `name`."""
        bots = dict(bots or {})
        seats = {**seats, **{c: getattr(b, "name", "Bot") for c, b in bots.items()}}
        unknown = [p for c, p in seats.items() if p not in PLAYER_KINDS and c not in bots]
        if unknown:
            raise ValueError(f"unknown player {unknown[0]!r}: choose one of {', '.join(PLAYER_KINDS)}")
        self.game = game
        self.seats = {c: seats.get(c, HUMAN) for c in game.players}
        # the bots' seeds follow the game's unless one is given (a game's seed never reaches the page)
        base = 1000 * (seed if seed is not None else game.seed % 1_000_003)
        self.bots = {c: bots[c] if c in bots else nc_bots.LEVELS[p](seed=base + i)
                     for i, (c, p) in enumerate(self.seats.items()) if p != HUMAN}

    # --- who decides --------------------------------------------------------------------------

    def is_human(self, corp: str) -> bool:
        return self.seats.get(corp) == HUMAN

    @property
    def humans(self) -> list[str]:
        return [c for c in self.game.players if self.is_human(c)]

    def human_deciders(self) -> list[str]:
        return [c for c in self.game.deciders if self.is_human(c)]

    def bot_deciders(self) -> list[str]:
        return [c for c in self.game.deciders if c in self.bots]

    def may_take_back(self) -> list[str]:
        """Human corporations whose card is in the pile and may be taken back."""
        return [c for c in self.humans if self.game.can_undo(c)]

    # --- moving play on -----------------------------------------------------------------------

    def apply(self, card: nc.Allocate) -> bool:
        """Hand in a human's card (raises IllegalAction saying why). True if it ended the quarter."""
        if not self.is_human(card.corp):
            raise nc.IllegalAction(f"{card.corp} is played by a bot")
        return self._hand_in(card)

    def bot_step(self) -> str | None:
        """Let the next bot that must write its card do so; returns its corporation, or None."""
        move = nc_bots.next_move(self.game, self.bots)
        if move is None:
            return None
        corp, decision = move
        self._hand_in(decision.action)
        return corp

    def _hand_in(self, card: nc.Allocate) -> bool:
        quarter = len(self.game.reports)
        self.game.apply(card)
        return len(self.game.reports) > quarter

    # --- reading ----------------------------------------------------------------------------------

    def last_reveal(self) -> list[RevealStep]:
        """The steps of the last quarter revealed ([] before any)."""
        if not self.game.reports:
            return []
        return reveal_steps(self.game.reports[-1], self.game.log)

    def money_series(self) -> tuple[list[int], dict[str, list[int]]]:
        """Quarters (0: the start) and each corporation's money after each."""
        rows = self.game.money_by_quarter()
        return list(range(len(rows))), {c: [r[c] for r in rows] for c in self.game.players}

    def earnings_by_industry(self) -> dict[str, dict[str, int]]:
        """Each corporation's earnings in each industry, all revealed quarters together."""
        out = {c: {} for c in self.game.players}
        for report in self.game.reports:
            for line in report.lines:
                out[line.corp][line.industry] = out[line.corp].get(line.industry, 0) + line.earnings
        return out
