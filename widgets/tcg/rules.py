"""The trading card game's rules help, in this project's own words (the French rulebook is
copyrighted: nothing here is quoted or translated from it). One topic per rule the engine names
in its log (`megacorps.tcg.log.RULES`), so that every log line links to the rule it applies,
plus the keyword glossary (the cards' tooltips use it too). No ipywidgets here.
"""
from __future__ import annotations

from html import escape

from megacorps.tcg.log import RULES
from widgets.shell import RuleSection, RulesHelp

SAMPLE_NOTE = ("Every card on this page comes from a sample pool invented for this project: "
               "it is not an official Megacorp card list.")

# topic -> (title, body HTML); the log's rule keys map onto these (TOPIC_OF_KEY below)
TOPICS: dict[str, tuple[str, str]] = {
    "setup": ("Setting up", """
<p>Both players secretly bid a number of millions (M) from 0 to 9 for the right to play first.
The higher bid plays first; each player then starts with 10M minus their own bid. If either
player declines to bid, the first player is drawn at random and both keep 10M.</p>
<p>Each player draws five cards from the main deck. A player who dislikes the hand may shuffle
it back and draw one card fewer (again and again, one fewer each time). Each company then
starts its network, with its founder next to it; every place in a network is then named from
its company ("left of the company", "2 right and 1 up from the company").</p>"""),
    "turn": ("The turn", """
<p>A turn has five phases in order: <b>Accounting</b>, <b>Buy</b>, <b>Challenge</b>,
<b>Divest</b> and <b>End</b>. Only the active player buys, attacks and sells, but both players
may play events and abilities at any moment, answering each other on the rules stack.</p>"""),
    "accounting": ("Accounting", """
<p>At the start of your turn: your start-of-turn effects happen; each of your disengaged cards
with CASHFLOW pays you its amount; all your cards disengage; you pay the UPKEEP of each card
that has one or let that card be destroyed; you reveal the top card of your resource deck and
either buy it at once or put it at the bottom; and you draw a card (the first player skips the
draw on the very first turn). A player who cannot draw loses.</p>"""),
    "money": ("Money", """
<p>Money (M) pays for cards, events, abilities and upkeep. It never goes below 0M, and a
player at 0M when an End phase begins loses.</p>"""),
    "produce": ("Traits and producing them", """
<p>Cards have four traits: <b>QI</b>, <b>QE</b>, <b>QM</b> and <b>QC</b>; a dash means the
card has none of that trait. Traits are a second currency: engage (turn) one of your
disengaged characters and pick one trait to add its current score to your trait pool. Trait
costs are paid from that pool; what is left over disappears at the End phase. Producing does
not use the rules stack, and you may do it whenever you have to pay.</p>"""),
    "buy": ("Buying", """
<p>In your Buy phase you may buy, as often as you can pay: a card from your hand, the top card
of either market pile, or an <b>engaged</b> card your rival controls in their network (not
before the rival's second turn is over, never a LOYAL card; the rival receives the value,
and a pile costs the values of all its cards). The price is the card's value in M plus its
trait cost. Buying your rival's company wins the game. A bought card is deployed at once.</p>"""),
    "deploy": ("Deploying and anchoring", """
<p>A card enters play in an empty slot next to (left, right, above or below) a card already
in a network, yours or your rival's, and arrives disengaged. A card is <b>anchored</b> when a
chain of such neighbours joins it to the company of the network it sits in. A card that loses
that chain is an <b>orphan</b> (shown with a dashed red border): it stays until the End phase
and is then destroyed, though it may still be sold in the Divest phase.</p>"""),
    "stack": ("The rules stack", """
<p>Events and abilities go on a shared stack when played; before the top item resolves, each
player in turn may respond with an event or ability of their own, which lands above it and
resolves first (last in, first out). When both players pass in a row, the top item resolves.
An item whose source card left play before it resolves does nothing (it <b>fizzles</b>).</p>
<p>An event is deployed into a network when played. Unless it is PERMANENT it goes to the
bottom of its owner's market pile at the End phase.</p>"""),
    "challenge": ("Challenges", """
<p>In your Challenge phase, each of your disengaged, anchored characters may attack once: pick
a target slot in either network and a trait that both cards have. Attacking engages the
attacker (not with OVERWATCH). Surrounded cards (all four neighbours taken) cannot be
attacked, except by PENETRATOR or MELEE attackers.</p>
<p><b>Blockers</b>: the defender may put forward disengaged cards next to the target that
have the trait; they then take the blow instead (the attacker splits its damage among them).
<b>Damage</b>: the attacker deals its score in the trait; each character it hits may strike
back with its own score (<b>retaliation</b>, once a turn unless REFLEXES; an engaged card
cannot). INITIATIVE strikes first. A card whose damage in a trait reaches its score in that
trait is destroyed and goes to its owner's market. Destroying the rival's company wins.</p>
<p>Use the preview under the attack buttons: it tells the damage, the possible blockers, the
retaliation and who would be destroyed if nobody responds.</p>"""),
    "sell": ("Divest", """
<p>In your Divest phase you may sell one disengaged card you own and control in your network
(not the company, not a LOYAL card) for its value in M; a pile sells for the values of all its
cards. Orphans may be sold too.</p>"""),
    "end": ("The End phase", """
<p>In order: a player whose company has no card next to it at the start of their own End
phase loses; a player at 0M loses; trait pools empty; orphans are destroyed; events that are
not PERMANENT leave the networks for the bottom of their owners' market piles; damage and
changes until the end of the turn wear off. Then the other player's turn begins.</p>"""),
    "win": ("Winning and losing", """
<p>You win when your rival's company is destroyed in a challenge, when you buy it, when your
rival's company has no neighbour at the start of their End phase, when your rival is at 0M at
the start of an End phase, when your rival cannot draw from the main deck, or when a card says
so.</p>"""),
    "search": ("Searching", """
<p>To search is to look through your own decks for the cards an effect asks for; what you find
stays secret unless the effect says to show it, and the decks searched are shuffled
afterwards.</p>"""),
    "effects": ("Card effects", """
<p>Cards do things written on them: engaging or disengaging cards, healing damage, changing
traits until the end of the turn, and so on. Each such step is logged with the card that
caused it.</p>"""),
    "bond": ("Bonding", """
<p>A bonded card goes under another, making a pile in one slot. Only the top card can be
targeted, attack, block or engage; the cards under it still lend it their abilities. The pile
moves and dies as one, and buying or selling it counts every card's value.</p>"""),
}

# glossary keywords (cards' tooltips and keyword log lines), each in a sentence of our own
KEYWORDS: dict[str, str] = {
    "ABRUPTION": "May be deployed or played at any moment, even on the rival's turn or in answer to something.",
    "ANNIHILATE": "An annihilated card leaves the game for good: it cannot be bought back.",
    "ASSASSIN": "A card this destroys in a challenge is annihilated instead of going to the market.",
    "BOND": "The card goes under another and gives it its abilities (see Bonding).",
    "CAMOUFLAGE": "Cannot be targeted or attacked while next to a card with the named tag.",
    "CANCEL": "A cancelled event is destroyed; a cancelled ability does nothing. Costs stay paid.",
    "CASHFLOW": "Pays its amount at your Accounting phase, if it is disengaged then.",
    "CRISIS": "A crisis card that DISASTER LEVEL cards let the other player search for.",
    "DEAD DROP": "When deployed from hand, fetch equipment cards worth up to the number from your deck, "
                 "deployed next to it for free.",
    "DEMOLISHER": "Destroys every card with the named tag that it damages.",
    "DEVELOPMENT": "An ability that engages a character to add development tokens to the card.",
    "DISASTER LEVEL": "When it is deployed, the other player may search for a crisis card of that level.",
    "DISCARD": "Put a card from your hand on top of your market pile.",
    "DISRUPTOR": "Each point of damage it deals to a company costs that company's player 1M.",
    "ELUSIVE": "Can be attacked only once a turn.",
    "FLIGHT": "Blocked only by flyers; while disengaged, attacked only by flyers; non-flyers cannot "
              "strike back at it.",
    "INDEPENDENT": "When it becomes an orphan, its controller moves it to an anchored slot at once.",
    "INDESTRUCTIBLE": "Is never destroyed (it can still be annihilated).",
    "INITIATIVE": "Deals its combat damage before cards without INITIATIVE.",
    "LOYAL": "Cannot be bought from its player's network or sold; it can be bought from a market.",
    "MELEE": "Attacks and strikes back only at cards in the eight slots around it, surrounded ones too.",
    "MOVE": "Its controller may move it to another anchored slot of the same network.",
    "MUTATION": "When deployed from hand, may fetch a mutation card worth up to the number, bonded under it.",
    "OVERWATCH": "Does not engage when it attacks.",
    "PENETRATOR": "May attack surrounded cards and cards under others.",
    "PERMANENT": "An event that stays in its network after the End phase.",
    "PRECISION": "Its attacks cannot be blocked.",
    "REDEPLOY": "The card is deployed again, with its 'when deployed' effects.",
    "REFLEXES": "May strike back any number of times a turn.",
    "REGENERATE": "Pay its cost to cancel a destruction: all damage and changes are removed.",
    "SUPPRESSOR": "The card it attacks (or one blocker) is engaged.",
    "SWAP": "Two cards of one network exchange slots; an attack on either slot follows the new card.",
    "TERRAIN": "A card may be deployed onto it; the terrain then goes under that card.",
    "UNIQUE": "One copy per player in play; other copies in hand must be sold in your Divest phase.",
    "UPKEEP": "At your Accounting phase, pay its amount or the card is destroyed.",
    "ZONE ATTACK": "Attacks every card with the trait in a rectangle of the given size, with no blockers.",
    "ZONE EFFECT": "Affects every card within that many slots of it.",
}

# the engine's rule keys (megacorps/tcg/log.py) -> the topic that explains them
TOPIC_OF_KEY: dict[str, str] = {
    "bid": "setup", "nobid": "setup", "setup": "setup", "mulligan": "setup", "turn": "turn",
    "draw": "accounting", "cashflow": "accounting", "disengage": "accounting", "upkeep": "accounting",
    "reveal": "accounting", "produce": "produce", "buy": "buy", "deploy": "deploy", "event": "stack",
    "ability": "stack", "resolve": "stack", "fizzle": "stack", "attack": "challenge", "attack cancelled": "challenge",
    "block": "challenge", "damage": "challenge", "destroy": "challenge", "sell": "sell", "orphan": "end",
    "event end": "end", "win": "win", "money": "money", "engage": "effects", "search": "search",
    "modify": "effects", "heal": "effects", "BOND": "bond",
}


def rules_help() -> RulesHelp:
    """The page shell's rules help: the topics above and the keyword glossary as sections, and
    each of the engine's rule references (a log line's `rule`) -> the section explaining it."""
    glossary = "<dl class='tcg-glossary'>" + "".join(
        f"<dt>{escape(k)}</dt><dd>{escape(v)}</dd>" for k, v in sorted(KEYWORDS.items())) + "</dl>"
    sections = [RuleSection(key, title, body) for key, (title, body) in TOPICS.items()]
    sections.append(RuleSection("keywords", "Keywords", glossary))
    sections.append(RuleSection("sample", "The sample cards", f"<p>{escape(SAMPLE_NOTE)}</p>"))
    by_rule = {text: TOPIC_OF_KEY.get(key, "keywords") for key, text in RULES.items()}
    # the decision panel's help link: the opening bid, and acting or passing in a phase (a choice
    # among a card's options has no one section)
    return RulesHelp(sections, by_rule, by_decision={"bid": "setup", "priority": "turn"})


def keyword_text(keyword: str) -> str:
    """A card's keyword ("DEAD DROP 5", "CAMOUFLAGE GMO") explained in one line, or '' if unknown."""
    for name in sorted(KEYWORDS, key=len, reverse=True):
        if keyword.upper().startswith(name):
            return KEYWORDS[name]
    return ""
