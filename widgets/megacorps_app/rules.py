"""The rules reference inside the app, in this project's own words: one topic per rule the
engine names in its log (so every log line links to the rule that explains it), per action
and per event card; tooltips for the action buttons and the board's abbreviations; and the
lessons that teach each topic.

The page shows them in the shell's rules viewer (widgets/shell/rules_view.py) as a `RulesHelp`
(`rules_help(deck)`).
"""
from __future__ import annotations

from html import escape
from pathlib import Path

from widgets.shell.parts import RuleSection, RulesHelp

LESSONS_DIR = Path(__file__).resolve().parents[2] / "notebooks"

# topic -> (title, body HTML, lesson file names under notebooks/)
TOPICS: dict[str, tuple[str, str, tuple[str, ...]]] = {
    "Goal": ("How to win", """
<p>Everyone starts with 40 Euros. Money is public and it is your score: when the event deck runs
out, every industry pays out one last time and the corp with the most Euros wins (a tie for the
most is a shared win).</p>
<p>You earn money mainly when an <b>industry pays out</b>: each company you own in it earns
Euros, more when the industry has <i>fewer</i> competitors. So: buy companies, arrange payouts
of the industries where you are strong, and keep rivals from doing the same (governments you
control can take their companies away; wars take countries).</p>""", ("00-first-game.ipynb", "15-playing-well-payouts.ipynb", "14-the-end.ipynb")),
    "Rounds": ("Rounds and turns", """
<p>A round starts with the holder of the <b>Active Player</b> card drawing one event card
(nobody else draws). Then every corp takes exactly <b>one action</b>, starting with the Active
Player and going clockwise. After the last one, the Active Player card moves one seat to the
left and the next round starts.</p>
<p>Only <b>one Payout Industry action</b> can happen per round: once someone chooses it, nobody
else may that round. When a round should start and the deck is empty, the game ends.</p>
<p>Between any two steps any corp may also play an event card (most cards), offer a trade, or
leave the game: those are not actions and cost no turn.</p>""", ("03-a-round.ipynb",)),
    "Setting Up": ("Setting up", """
<p>A corp is drawn at random to hold the Active Player card. Two more draws place markers on
ASEAN and the African Federation. Four corps start with a country printed on the board: Mokia
the European Union, Globbo Mercosur, Nonintendo Japan and Lenogo China.</p>
<p>Corps with fewer countries get cards to make up: no country, 2 cards; one country, 1 card;
two, none. The deck for the game is then counted out (fewer cards with more corps) and the rest
go back in the box unseen. Everyone has 40 Euros and 1 mercenary. Finally, from the Active
Player clockwise, each corp picks a company for free, twice round the table.</p>""", ("02-setup.ipynb",)),
    "Buy Company": ("Buy Company (action)", """
<p>Pay 4 Euros and put your marker on any company that nobody owns (not Nationalized, not
Syndicalized, and one that exists: L-5 and Asteroid need their cards first).</p>
<p>If the company is in a country another corp controls and you already own a company of the
same industry, that corp may refuse: see <a href='#' data-mc-topic='Antitrust'>Antitrust</a>.</p>""",
                    ("04-buying-and-antitrust.ipynb",)),
    "Antitrust": ("Antitrust", """
<p>When you want a company in a country that <b>another corp controls</b>, and you <b>already
own a company of that industry</b>, the controller decides: permit or veto.</p>
<p>After a veto you are still buying: choose another company (which may be vetoed again) or
pass. You cannot switch to a different action. Neutral places (Switzerland, L-5, Asteroid,
Open Source Software) are never subject to antitrust.</p>""", ("04-buying-and-antitrust.ipynb",)),
    "Payout Industries": ("Payout Industry (action) and payouts", """
<p>Name any industry: it pays out now. Every company owned in it earns the amount below for the
industry's number of <b>competitors</b>; a corp with several companies there earns it once per
company. Unowned, Nationalized and Syndicalized companies earn nothing.</p>
<table class='mc-payout-table'><tr><th>competitors</th><td>0*</td><td>1</td><td>2</td><td>3</td><td>4</td><td>5+</td></tr>
<tr><th>each company earns</th><td>12</td><td>10</td><td>8</td><td>6</td><td>4</td><td>3</td></tr></table>
<p><b>Competitors</b>: one for each corp owning any company of the industry (however many it
owns), one for each unowned company, one for each Syndicalized company, and one for each
Nationalized company <i>unless</i> the corp controlling its country owns a company of the
industry. Companies not in the game yet (L-5, Asteroid) do not count.
*Zero only happens when one corp owns every company of the industry and Shortages is played.</p>
<p>Limits: one Payout Industry action per round for the whole table, and never by the corp
holding the <a href='#' data-mc-topic='The Paid Card'>Paid card</a>. Cards (Boom) can also
trigger payouts, and at the end every industry pays once more. Before any payout, holders of
<a href='#' data-mc-topic='Oversupply'>Oversupply</a> or
<a href='#' data-mc-topic='Shortages'>Shortages</a> may change the count.</p>""",
                          ("05-payouts.ipynb",)),
    "The Paid Card": ("The Paid card", """
<p>Whoever chooses the Payout Industry action takes the <b>Paid</b> card from whoever had it.
While you hold it you may not choose Payout Industry yourself; you get free of it only when
someone else calls a payout. Payouts set off by event cards do not move the Paid card.</p>""",
                      ("06-the-paid-card.ipynb",)),
    "Government Intervention": ("Government Intervention (action)", """
<p>Only if you control a country. Pick a company owned by another corp <b>in a country you
control</b>; what happens depends on that country's government:</p>
<ul><li><b>Democracy</b> (Dem): forced sale: the company becomes unowned and its owner gets 4 Euros.</li>
<li><b>Kleptocracy</b> (Klep): theft: the company becomes yours; nobody is paid.</li>
<li><b>Dictatorship</b> (Dict): nationalized: it belongs to nobody for the rest of the game
(unless Privatization), earns nothing and cannot be bought.</li>
<li><b>Wikisyndicalism</b> (Wiki): syndicalized: run by its workers for good, its owner gets 4 Euros.</li></ul>
<p>The owner is not asked: only the controller of the country decides. Neutral places are never
intervened in.</p>""", ("07-government-intervention.ipynb",)),
    "Buying Mercenaries": ("Buy Mercenaries (action)", """
<p>You get one mercenary <b>free</b> for every Defense company you own. You may also buy one
for 1 Euro from every Defense company that is unowned, Nationalized or Syndicalized (the box).
If you choose to ask them, the other owners of Defense companies are asked one at a time: each
may sell you one mercenary per company at a price you both accept (zero is allowed), or refuse.</p>
<p>After <a href='#' data-mc-topic='Clone Soldiers'>Clone Soldiers</a>, Biotech companies
count exactly like Defense ones.</p>""", ("08-mercenaries.ipynb",)),
    "Launch a War": ("Launch a War (action)", """
<p>Needs at least one mercenary. Choose any country you do not control (never a neutral place).
The defender is <b>not asked</b> whether it wants a war: a war needs no permission. Before it
is fought, every other corp holding mercenaries may give some to either side.</p>
<p>Your attack: the <b>Force</b> (second number, F) of every country you control, plus all your
mercenaries. The defence: the target's <b>Defense</b> (first number, D) plus all mercenaries of
its controller (an uncontrolled country has only its Defense and any mercenaries lent to it).
See <a href='#' data-mc-topic='Resolving a War'>resolving a war</a>.</p>""", ("09-war.ipynb", "16-playing-well-war.ipynb")),
    "Resolving a War": ("Resolving a war", """
<p>The attacker wins only with a <b>bigger</b> total: a tie goes to the defender. A winning
attacker takes control of the country.</p>
<p>Losses: if only the attacker had mercenaries, it loses one. If both sides had some, the side
with fewer loses all of them and the other side loses as many as that. Mercenaries lent to an
uncontrolled country are gone after the war.</p>""", ("09-war.ipynb", "16-playing-well-war.ipynb")),
    "When the War is Over": ("After a war: the winner's intervention", """
<p>The winner, attacker or defender, may at once intervene against <b>one</b> company the loser
owns in the country fought over, by that country's government (see
<a href='#' data-mc-topic='Government Intervention'>Government Intervention</a>). No
intervention when the loser owns nothing there, or when the country was uncontrolled.</p>""",
                             ("09-war.ipynb", "16-playing-well-war.ipynb")),
    "Pass": ("Pass (action)", "<p>Do nothing this turn. After a veto, passing is the way to give up buying.</p>", ("03-a-round.ipynb",)),
    "Event Cards": ("Event cards", """
<p>Your cards are secret; you never have to play one. Most cards can be played <b>at any
time</b>, on anyone's turn, as an interruption that costs no action: press <i>Play a card</i>
(or, when it is not your turn, use <i>Play a card out of turn</i>). A card resolves completely
before anything else, and no other card may be played while one is resolving, except
Oversupply and Shortages during a payout. Played cards are discarded (Clone Soldiers stays in
play). No card may be played during the final payouts.</p>""", ("10-event-cards.ipynb",)),
    "Auctions": ("Auctions (Greedy Kleptocrats)", """
<p>For control of a Kleptocracy. Every corp writes a bid in secret (zero is fine); the bids are
shown together. The highest bidder takes control and alone pays its bid; a tie for the highest
leaves the country uncontrolled; if nobody bids anything, nothing changes.</p>""",
                 ("11-auctions-and-elections.ipynb",)),
    "Elections": ("Elections (Elections, Vote of No Confidence)", """
<p>For control of a Democracy. Every owned Media company is one vote; each corp with votes
votes in secret for any corp (itself included). The most votes takes control; a tie for the
most leaves the country uncontrolled.</p>""", ("11-auctions-and-elections.ipynb",)),
    "Syndicalized Companies": ("Syndicalized companies (SYN)", """
<p>Run by their workers: nobody can ever own them, they earn nothing, and each always counts as
one competitor of its industry (even for the controller of its country). Open Source Software
starts that way; General Strike and Wikisyndicalist interventions make more.</p>""",
                               ("12-syndicalization.ipynb",)),
    "Nationalized": ("Nationalized companies (NAT)", """
<p>Taken by a Dictatorship: nobody owns it, it earns nothing and cannot be bought (until a
Privatization card). It counts as a competitor of its industry unless the corp controlling
its country owns a company of that industry.</p>""", ("07-government-intervention.ipynb",)),
    "Switzerland, Asteroid, L-5 and Open Source Software": ("Neutral places", """
<p>Switzerland, L-5, Asteroid and Open Source Software are never controlled, attacked or
intervened in, and antitrust never applies there. The L-5 Nanotech and Asteroid Metals
companies do not exist (cannot be bought, are no competitors) until their cards are played.</p>""",
                                                            ("01-the-board.ipynb",)),
    "Trades": ("Trades, gifts and leaving", """
<p>At any moment when nothing is resolving, you may offer another corp anything you have:
Euros, mercenaries, companies, countries, cards, for anything of theirs (or nothing: a gift). It
happens only if they accept. Promises are allowed and never enforced.</p>
<p>A corp may leave the game: its markers come off, its cards are discarded and its money is
gone (nothing can be handed over on the way out).</p>""", ("13-trades-and-leaving.ipynb",)),
    "Game End": ("The end of the game", """
<p>When a round should start and the event deck is empty, the game ends: every industry pays
out one last time (no cards may be played then), and the corp with the most Euros wins.</p>""",
                 ("14-the-end.ipynb",)),
    "Winning": ("Winning", "<p>Most Euros after the final payouts wins; a tie for the most is a draw between them.</p>",
                ("14-the-end.ipynb",)),
    "Media": ("Media votes", "<p>Each owned Media company is one vote in an election.</p>", ("11-auctions-and-elections.ipynb",)),
    "Abbreviations": ("What the board's short names mean", """
<ul><li><b>Dem</b> Democracy, <b>Dict</b> Dictatorship, <b>Klep</b> Kleptocracy, <b>Wiki</b>
Wikisyndicalism: the government, which decides what an intervention does.</li>
<li><b>D / F</b>: Defense / Force. Defense defends the country when it is attacked; Force is
added to its controller's attack on any other country.</li>
<li><b>Ctrl</b>: the country's control box (who controls it).</li>
<li>Two letters in a box (MK, GL, NN, LN, TM, WZ): the corp that owns it.
<b>NAT</b> Nationalized, <b>SYN</b> Syndicalized, <b>\u2014</b> not in the game yet.</li>
<li><b>mercs</b>: mercenaries.</li></ul>""", ("01-the-board.ipynb",)),
}

# Cards: their effect in this project's own words comes from the deck (deck.json "summary").
CARD_TOPIC_PREFIX = "card:"

# Tooltips of the action buttons (group key -> text).
ACTION_TIPS = {
    "pick": "Setting up: take this company for free (twice round the table).",
    "buy": "Pay 4 Euros for an unowned company. Its country's controller may veto (antitrust).",
    "payout": "Name an industry: it pays every owner now. One per round; not while you hold Paid.",
    "intervene": "Your country's government acts against another corp's company there.",
    "mercenaries": "Free mercenaries from your Defense companies, 1 Euro each from the box, or buy from owners.",
    "war": "Attack a country you do not control: your Force + mercenaries against its Defense + mercenaries.",
    "permit": "Let the purchase go ahead.",
    "veto": "Forbid the purchase (antitrust): the buyer must choose another company or pass.",
    "offer-mercenaries": "Name how many mercenaries you sell and for how much in all.",
    "refuse": "Sell no mercenaries to this buyer.",
    "accept": "Take the offer made to you.",
    "decline": "Turn the offer down.",
    "support": "Give some of your mercenaries to one side of this war (they fight and may be lost).",
    "stay-out": "Give no mercenaries to this war.",
    "bid": "Your secret bid: the highest takes control and pays; the others pay nothing.",
    "vote": "All your Media votes go to one corp, in secret.",
    "no-card": "Let the payout go ahead as it is.",
    "pass": "Take no action this turn.",
    "play": "Play an event card from your hand (costs no action).",
    "trade": "Offer Euros, mercenaries, companies, countries or cards for anything of theirs.",
    "leave": "Leave the game for good: your money and markers are gone.",
}

# The topic that explains each group of actions.
GROUP_TOPIC = {
    "pick": "Setting Up", "buy": "Buy Company", "payout": "Payout Industries",
    "intervene": "Government Intervention", "mercenaries": "Buying Mercenaries", "war": "Launch a War",
    "permit": "Antitrust", "veto": "Antitrust", "offer-mercenaries": "Buying Mercenaries",
    "refuse": "Buying Mercenaries", "accept": "Trades", "decline": "Trades", "support": "Launch a War",
    "stay-out": "Launch a War", "bid": "Auctions", "vote": "Elections", "no-card": "Payout Industries",
    "pass": "Pass", "play": "Event Cards", "trade": "Trades", "leave": "Trades",
}

# The rules topic of each kind of decision (`Game.decision_kind`): the decision panel's help link.
_DECISION_TOPIC = {
    "antitrust": "Antitrust", "mercenaries": "Buying Mercenaries", "war": "Launch a War",
    "spoils": "When the War is Over", "payout": "Payout Industries", "auction": "Auctions",
    "election": "Elections", "trade": "Trades", "setup pick": "Setting Up", "over": "Game End",
}


def topic_for_rule(rule: str) -> str:
    """The topic that explains a log line's rule ("Government Intervention: Democracies" ->
    "Government Intervention")."""
    if rule in TOPICS:
        return rule
    head = rule.split(":", 1)[0].strip()
    if head in TOPICS:
        return head
    if rule in ("Windoze",):
        return "Setting Up"
    return "Rounds"


def card_section(spec) -> RuleSection:
    """The page of an event card: its effect (the deck's summary, in our words), when it may be
    played and how many copies the deck holds."""
    when = ("only while an industry is about to pay out" if spec.timing == "payout"
            else "at any time, as an interruption that costs no action")
    copies = f"{spec.copies} cop{'y' if spec.copies == 1 else 'ies'} in the deck"
    body = (f"<p>{escape(spec.summary)}</p><p class='mc-note'>Played {when}. {copies}. "
            f"See <a href='#' data-mc-topic='Event Cards'>event cards</a>.</p>")
    return RuleSection(CARD_TOPIC_PREFIX + spec.name, f"Card: {spec.name}", body + lesson_links(("10-event-cards.ipynb",)),
                       group="Event cards")


def rules_help(deck=None) -> RulesHelp:
    """MegaCorps' rules help for the page's rules viewer (widgets/shell/rules_view.py): a section per
    topic, and with the game's deck a page per event card; a log line's rule finds its section
    by `topic_for_rule`, and the three cards the topics name (Oversupply, Shortages, Clone
    Soldiers) open at their card's page when the deck is known."""
    sections = [RuleSection(key, title, body + lesson_links(lessons)) for key, (title, body, lessons) in TOPICS.items()]
    cards = [card_section(spec) for spec in deck.cards] if deck is not None else []

    def find(rule: str) -> str:
        if cards and rule in ("Oversupply", "Shortages", "Clone Soldiers"):
            return CARD_TOPIC_PREFIX + rule
        return topic_for_rule(rule)
    return RulesHelp(sections + cards, find=find, by_decision=dict(_DECISION_TOPIC))


def lesson_links(lessons: tuple[str, ...]) -> str:
    """Links to the lessons that teach a topic (only lessons that exist)."""
    found = [name for name in lessons if (LESSONS_DIR / name).exists()]
    if not found:
        return ""
    links = ", ".join(f"<a class='mc-lesson-link' href='{lesson_href(name)}' target='_blank' "
                      f"rel='noopener'>{escape(lesson_title(name))}</a>" for name in found)
    return f"<p class='mc-lessons'>Learn it by doing: {links}.</p>"


def lesson_href(name: str) -> str:
    """The lesson's address relative to the app's page: the lesson in the same folder, shown by
    the same Voila. The README's Play command (`megacorps-play`, widgets/megacorps_app/serve.py) serves
    the app at voila/render/play.ipynb and Binder at voila/render/notebooks/play.ipynb; both
    serve the lessons beside it. (A Voila started on play.ipynb alone answers every address with
    the app: widgets/megacorps_app/browser.py catches those clicks and the app says what to run.)"""
    return name


def lesson_title(name: str) -> str:
    stem = name.removesuffix(".ipynb")
    number, _, words = stem.partition("-")
    return f"Lesson {number}: {words.replace('-', ' ')}" if words else stem


def all_lesson_files() -> set[str]:
    return {name for _, _, lessons in TOPICS.values() for name in lessons}


# --- "why can't I?" ---------------------------------------------------------------------------

TURN_ACTIONS = (("buy", "Buy Company"), ("payout", "Payout Industry"), ("intervene", "Government Intervention"),
                ("mercenaries", "Buy Mercenaries"), ("war", "Launch a War"), ("pass", "Pass"))


def why_not(state, corp: str, offered: set[str]) -> list[tuple[str, str, str]]:
    """For each of the six turn actions not offered to `corp` now: (label, reason, topic).
    Only meaningful on `corp`'s own turn (no decision of another kind under way)."""
    out = []
    if state.phase != "rounds" or state.top_frame is not None:
        return out
    price = state.board.company_price
    for group, label in TURN_ACTIONS:
        if group in offered:
            continue
        reason = ""
        if state.must_buy and group != "buy":
            reason = "your purchase was vetoed: you committed to buying, so buy another company or pass"
        elif group == "buy":
            if state.money[corp] < price:
                reason = f"a company costs {price} Euros and you have {state.money[corp]}"
            else:
                reason = "no company you may buy is for sale (all are owned, nationalized, syndicalized or vetoed)"
        elif group == "payout":
            if state.paid == corp:
                reason = "you hold the Paid card: you called the last payout, so someone else must call one first"
            elif state.payout_taken:
                reason = "someone already called a payout this round (one per round)"
        elif group == "intervene":
            mine = state.countries_of(corp)
            if not mine:
                reason = "you control no country: only a country's controller can use its government"
            else:
                reason = (f"no other corp owns a company in {', '.join(mine)} (the countries you control)")
        elif group == "mercenaries":
            reason = "there is no mercenary you could get now (no Defense company can supply one)"
        elif group == "war":
            if state.mercenaries[corp] < 1:
                reason = "you have no mercenaries: a war needs at least one (Buy Mercenaries first)"
            else:
                reason = "there is no country you could attack"
        if reason:
            out.append((label, reason, GROUP_TOPIC[group]))
    return out

