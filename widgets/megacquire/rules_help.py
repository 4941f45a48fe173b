"""MEGAcquire's rules help for the page: short sections in our own words (the rules text is
copyrighted; this is a summary, not a copy), with the readings of docs/rulings-megacquire.md,
and which section explains each rule the log cites (megacorps/megacquire/log.py)."""
from __future__ import annotations

from megacorps.megacquire import log as L
from megacorps.megacquire.state import Phase
from widgets.shell import RuleSection, RulesHelp

SECTIONS = [
    RuleSection("setup", "Setting up and who starts",
                "Everyone gets the same starting cash. To pick the first player, each draws a tile: the one "
                "nearest the first corner of the board (row by row, then by column) starts, and turns go to "
                "the left. Those tiles go back face down, so the board starts empty, and everyone then "
                "draws a full hand, kept secret."),
    RuleSection("turn", "A turn",
                "On your turn you put one tile from your hand on the space it names, deal with what it "
                "caused (a new company, a bigger one, a merger), may buy stock, and draw back up to a full "
                "hand. If none of your tiles can go down (each would start a company while every company "
                "is already on the board), you play none and draw none, but may still buy."),
    RuleSection("found", "Starting a company",
                "A tile placed next to a loose (unincorporated) tile starts a company: the player picks any "
                "company not on the board, and every loose tile joined to it belongs to the new company. The "
                "founder gets one certificate free; if players already hold all of that company's "
                "certificates, the founder gets their value in cash instead. Companies come in three price "
                "tiers: the dearer the tier, the more a certificate costs at the same size."),
    RuleSection("grow", "Growing a company",
                "A tile next to exactly one company joins it, with any loose tiles it touches; the bigger "
                "company is worth more per certificate (the chart on the board's legend gives the price "
                "at each size)."),
    RuleSection("safe", "Safe companies and dead tiles",
                "A company of 21 tiles or more is safe: it can still grow and take over smaller companies, "
                "but it can never be taken over. A tile that would join two safe companies can never be "
                "played: it is dead, is turned over on its space and replaced from the supply at once, "
                "whoever holds it."),
    RuleSection("merge", "Mergers",
                "A tile touching two or more companies merges them. The largest (counted before the tile) "
                "survives and the others become defunct; on a tie for largest, the player who made the "
                "merger chooses. Several defunct companies are settled one at a time, the smallest first "
                "(the merge maker picks between equal ones). Once every defunct company is settled, the "
                "survivor takes over their tiles, the merging tile and the loose tiles joined to them."),
    RuleSection("bonus", "Majority and minority bonuses",
                "When a company goes defunct, everyone shows their certificates of it. The biggest holder "
                "gets the majority bonus and the second biggest the minority bonus, both read off the chart "
                "at the defunct company's size. Tied biggest holders share both bonuses; tied second "
                "holders share the minority bonus; a lone holder takes both. Shares are rounded up to the "
                "next $100. The same bonuses are paid for every company left on the board at the end."),
    RuleSection("dispose", "Selling or holding defunct stock",
                "After the bonuses, each holder of the defunct company's stock decides, the biggest holding "
                "first (equal holdings from the merger's maker, going left): sell any number back to the "
                "bank at the price the company "
                "had before the merger, and hold the rest. Held certificates count again if the company is "
                "started anew; at the end they are worth nothing. (MEGAcquire has no exchange of defunct "
                "stock for the survivor's.)"),
    RuleSection("buy", "Buying stock",
                "After playing a tile you may obtain up to six certificates, of companies on the board "
                "only, at their current price, as long as the bank has them. What you buy is paid when you "
                "end the turn."),
    RuleSection("trade", "Trading in stock when short of cash",
                "If your cash does not cover what you bought, all of it goes in and you trade certificates "
                "of other companies on the board (not the one you are buying) back to the bank at their "
                "price. You may not trade more than it takes: the change you get back must be less than "
                "the cheapest certificate you traded in. Certificates traded for count toward the six."),
    RuleSection("draw", "Drawing",
                "At the end of the turn you draw a tile, back to a full hand. Nobody else sees it."),
    RuleSection("disclosure", "What you may see of the others' stock",
                "Chosen before play: (1) nothing of the others' holdings, their cash or the bank's stock, "
                "keep track from memory; (2) the bank's certificates left are shown; (3) every player's "
                "holdings are shown; (4) everything, cash included. A merger shows everyone's holdings in "
                "the defunct company whatever the choice. When several people share one screen, it never "
                "shows more than one player's secrets at a time."),
    RuleSection("early", "Ending early by agreement",
                "On their turn a player may propose to end the game; if everyone agrees, the round is "
                "finished and the game ends. A time limit agreed before play ends it after that round."),
    RuleSection("end", "The end and the final sale",
                "The game ends when every border between companies is settled (no tile left could merge "
                "two companies) and the remaining tiles are placed, or when no tile can be played any more. "
                "Bonuses are then paid for every company on the board, smallest first, and all stock of "
                "those companies is sold back at its price. The most cash wins; equal cash shares the "
                "victory."),
]

BY_RULE = {
    L.SETUP: "setup", L.OPENING: "setup", L.PLAY: "turn", L.NO_PLAY: "turn", L.FOUND: "found",
    L.GROW: "grow", L.SAFE: "safe", L.DEAD: "safe", L.MERGE: "merge", L.BONUS: "bonus",
    L.DISPOSE: "dispose", L.BUY: "buy", L.TRADE: "trade", L.DRAW: "draw", L.EARLY_END: "early",
    L.END: "end", L.FINAL: "end", L.TIME_LIMIT: "early", L.END_SETTLED: "end", L.END_ALL_PLAYED: "end",
    L.END_STUCK: "end",
}


# the decision panel's help link: each kind of decision (the phase) -> its section
BY_DECISION = {
    Phase.PLAY.value: "turn", Phase.FOUND.value: "found", Phase.SURVIVOR.value: "merge",
    Phase.ORDER.value: "merge", Phase.DISPOSE.value: "dispose", Phase.BUY.value: "buy", Phase.VOTE.value: "early",
}


def rules_help() -> RulesHelp:
    return RulesHelp(SECTIONS, BY_RULE, by_decision=BY_DECISION)
