"""The note-card game's rules help on its page (the shell's Rules button and the log's *rules*
links): sections in the project's own words, and which section explains each log line's rule
(`megacorps/notecard/log.py` names them). How the rules were read where they say little:
docs/rulings-notecard.md."""
from __future__ import annotations

from megacorps.notecard import log as rules
from widgets.shell import RuleSection, RulesHelp

SECTIONS = [
    RuleSection("game", "The game", (
        "<b>Megacorp</b> is a note-card game of quarters and sabotage for two to six corporations, "
        "each starting with $10M. Every quarter each corporation writes, in secret, how it splits "
        "its money between investing in industries and sabotaging a rival's industry. Once every "
        "card is in, the moderator (here, the computer) turns them all over and settles the quarter.")),
    RuleSection("cards", "Writing a note card", (
        "A card names an amount for any industry the corporation invests in, and up to three "
        "sabotage lines: a rival, one of its industries, an amount. What a card allocates cannot "
        "exceed the corporation's money; what it does not allocate is kept. A card may be taken "
        "back and changed until the last card of the quarter is in.")),
    RuleSection("reveal", "The moderator's reveal", (
        "For each corporation and industry: the investment is taken from the corporation, each $1M "
        "of sabotage against it cancels up to $2M of it, and each $1M left (the net investment) "
        "earns the industry's multiplier, $3M in the core game. The page steps through this one "
        "announcement at a time (<i>Next step</i>, <i>Show all</i>, then <i>Continue</i>).")),
    RuleSection("winning", "Bankruptcy and the end", (
        "A corporation left with no money is bankrupt and out; the last one standing wins. If eight "
        "quarters pass in a row without a bankruptcy the table is deadlocked and the richest wins. "
        "By a house rule the table may agree a <b>last quarter</b> instead, after which the richest "
        "wins.")),
    RuleSection("variable-yield", "Module: Variable Yield Industries", (
        "Each industry's multiplier is drawn every quarter from its own pile of yield cards, from "
        "1 to 5, most often 2 or 3; the cards drawn so far are public.")),
    RuleSection("variable-industries", "Module: Variable Industries", (
        "Entering an industry beyond the ones a corporation is already in costs $1M, and a quarter "
        "without investment in an industry loses the place in it again. New industries keep opening.")),
    RuleSection("hot-seat", "Playing at one screen", (
        "Cards are written one player at a time: the screen asks for the next player by name and "
        "keeps everyone else's card hidden until that player says they are at the screen; nothing "
        "of a card stays on the page once it is handed in. The log shows what everyone may read; "
        "the bots' reasons are told after the reveal, since they would give their cards away.")),
]

BY_RULE = {
    rules.SETUP: "game", rules.NEW_QUARTER: "game", rules.ALLOCATION: "cards",
    rules.INVESTMENT: "reveal", rules.SABOTAGE: "reveal", rules.EARNINGS: "reveal",
    rules.BANKRUPTCY: "winning", rules.WINNING: "winning", rules.LAST_QUARTER: "winning",
    rules.DEADLOCK: "winning", rules.YIELD: "variable-yield", rules.NEW_INDUSTRY: "variable-industries",
    rules.ENTRY: "variable-industries", rules.LAPSE: "variable-industries",
}


def rules_help() -> RulesHelp:
    # the decision panel's help link: the one decision, writing the quarter's note card
    return RulesHelp(list(SECTIONS), dict(BY_RULE), by_decision={"note card": "cards"})
