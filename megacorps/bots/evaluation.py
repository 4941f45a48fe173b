"""A hand-tuned value of a position: the money every corp can expect at the end of the game.

Reads only what every corp may see (money, companies, countries, mercenaries, the Paid card,
the size of the deck and of each hand) and the hand of the corp it values for; never another
hand or the order of the deck.

For each corp the outlook adds up
- its money;
- the final payout (certain: every industry pays once more at the end);
- the payouts still to be called: one Payout Industry per round at most, so the rounds left
  times the share of rounds in which someone calls one; each corp calls the industry that helps
  it most against its best rival, and every owner of that industry earns from the call;
- its Boom cards (one more call of its best industry each; the others' unknown cards count at
  the rate Booms make up of the cards it has not seen);
- its countries: the companies of other corps in them can be taken away (a Kleptocracy steals,
  a Dictatorship nationalizes, a Democracy forces a sale), so part of their worth moves from
  their owner (and, in a Kleptocracy, to the controller); Force for wars, Defense against them;
- mercenaries, at about what they cost, more when a war they would win is in reach.

A bot compares positions with `standing`: its own outlook against its rivals' (the best of
them, and their average), because only finishing first counts.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..state import ABSENT, NATIONALIZED, SYNDICALIZED, UNOWNED, GameState

# tuned by tournaments (docs/bots.md)
CALL_RATE = 0.85          # share of the remaining rounds in which a payout is called
RIVAL_WEIGHT = 0.5        # how much a caller minds what its best rival earns from its call
RISK = {"Kleptocracy": 0.45, "Dictatorship": 0.35, "Democracy": 0.2, "Wikisyndicalism": 0.25}
MERCENARY_WORTH = 1.2
CARD_WORTH = 2.0          # an event card other than Boom: options later
COUNTRY_WORTH = 2.0       # a controlled country, besides what it lets its controller take
BEST_WEIGHT = 0.5         # standing: weight of the best rival against the rivals' average


@dataclass
class Outlook:
    """Expected final money of every corp (`worth`), and what it was made of."""

    worth: dict[str, float]
    best_call: dict[str, str | None]       # the industry each corp would call now
    calls_left: float                      # payouts still expected to be called
    company_worth: dict[str, float]        # what one company of an industry earns its owner from now on
    earn: dict[str, dict[str, int]]        # what each corp earns if an industry pays out now


def rounds_left(state: GameState) -> tuple[int, int]:
    """(whole rounds still to come, 1 if the current round's payout may still be called)."""
    current = 1 if (state.phase == "rounds" and state.to_act and not state.payout_taken) else 0
    if state.phase == "over":
        return 0, 0
    return len(state.deck), current


_LAYOUTS: dict[int, tuple] = {}


def _layout(board) -> tuple:
    """The board as the outlook walks it: (company, industry, country) in board order, and the
    companies of every country."""
    found = _LAYOUTS.get(id(board))
    if found is None or found[0] is not board:
        rows = tuple((co, *reversed(co.split("/", 1))) for co in board.companies)
        found = _LAYOUTS[id(board)] = (board, rows)
    return found[1]


def outlook(state: GameState, me: str) -> Outlook:
    """What every corp may expect from this position, as `me` sees it."""
    board = state.board
    table = board.payout_table
    corps = state.playing
    companies = state.companies
    controllers = state.controllers
    industries = board.industries
    # --- holdings: per industry, each corp's companies and the per-company payout (Competitors)
    owned: dict[str, dict[str, int]] = {c: {} for c in corps}
    counted = dict.fromkeys(industries, 0)          # unowned and syndicalized companies
    owners_of: dict[str, set] = {i: set() for i in industries}
    nationalized: list[tuple[str, str]] = []
    for co, industry, country in _layout(board):
        st = companies[co]
        if st == UNOWNED or st == SYNDICALIZED:
            counted[industry] += 1
        elif st == NATIONALIZED:
            nationalized.append((industry, country))
        elif st != ABSENT:
            owners_of[industry].add(st)
            mine = owned.get(st)
            if mine is not None:
                mine[industry] = mine.get(industry, 0) + 1
    for industry, country in nationalized:
        if controllers.get(country) not in owners_of[industry]:
            counted[industry] += 1
    per_company = {i: table[min(5, counted[i] + len(owners_of[i]))] for i in industries}
    earn = {c: {i: n * per_company[i] for i, n in owned[c].items()} for c in corps}
    top: dict[str, tuple] = {}                       # industry -> (best corp, best, second best)
    for c in corps:
        for i, amount in earn[c].items():
            best = top.get(i)
            if best is None:
                top[i] = (c, amount, 0)
            elif amount > best[1]:
                top[i] = (c, amount, best[1])
            elif amount > best[2]:
                top[i] = (best[0], best[1], amount)

    # --- which industry each corp would call, and how many calls are left
    best_call: dict[str, str | None] = {}
    weight: dict[str, float] = {}
    for c in corps:
        best, best_gain = None, 0.0
        for i, amount in earn[c].items():
            leader, first, second = top[i]
            gain = amount - RIVAL_WEIGHT * (second if leader == c else first)
            if gain > best_gain:
                best, best_gain = i, gain
        best_call[c] = best
        weight[c] = (1.0 if best is not None else 0.05) * (0.6 if state.paid == c else 1.0)
    whole, current = rounds_left(state)
    calls = CALL_RATE * (whole + current)
    total_weight = sum(weight.values()) or 1.0
    calls_on: dict[str, float] = {}
    for c in corps:
        if best_call[c] is not None:
            calls_on[best_call[c]] = calls_on.get(best_call[c], 0.0) + calls * weight[c] / total_weight

    # --- event cards: Booms are calls too
    boom = _booms(state.deck_spec)
    unseen_boom = _unseen_share(state, me, boom)
    hands = state.hands
    own_booms = sum(1 for card in hands[me] if card in boom)
    for c in corps:
        if best_call[c] is None:
            continue
        n = own_booms if c == me else len(hands[c]) * unseen_boom
        if n:
            calls_on[best_call[c]] = calls_on.get(best_call[c], 0.0) + n

    company_worth = {i: per_company[i] * (1 + calls_on.get(i, 0.0)) for i in industries}
    worth = {}
    card_worth = CARD_WORTH if state.deck else 0.0
    for c in corps:
        value = float(state.money[c])
        for i, amount in earn[c].items():
            value += amount * (1 + calls_on.get(i, 0.0))
        value += MERCENARY_WORTH * state.mercenaries[c]
        if c == me:
            value += card_worth * (len(hands[me]) - own_booms)
        else:
            value += card_worth * len(hands[c]) * (1 - unseen_boom)
        worth[c] = value

    # --- countries: what their controllers can take, Force and Defense
    in_country = board.companies_of_country
    deck_left = len(state.deck)
    to_act = state.to_act
    for country, controller in controllers.items():
        if controller is None or controller not in worth:
            continue
        worth[controller] += COUNTRY_WORTH
        government = state.governments[country].value
        turns = deck_left + (1 if controller in to_act else 0)
        risk = RISK.get(government, 0.3) * min(1.0, turns / 4)
        if not risk:
            continue
        for co in in_country[country]:
            owner = companies[co]
            if owner == controller or owner not in worth:
                continue
            loss = risk * company_worth[co.split("/", 1)[1]]
            worth[owner] -= loss
            if government == "Kleptocracy":
                worth[controller] += loss
            elif government == "Dictatorship":
                worth[controller] += 0.3 * loss  # a rival's company gone
            else:
                worth[owner] += risk * board.divestment_compensation
    return Outlook(worth, best_call, calls, company_worth, earn)


_BOOMS: dict[int, tuple] = {}


def _booms(deck) -> frozenset:
    found = _BOOMS.get(id(deck))
    if found is None or found[0] is not deck:
        found = _BOOMS[id(deck)] = (deck, frozenset(n for n, c in deck.card_by_name.items() if c.effect == "payout"))
    return found[1]


def _unseen_share(state: GameState, me: str, names: list[str]) -> float:
    """The share of the cards `me` has not seen that are among `names`."""
    total = len(state.deck_spec.all_cards)
    seen = len(state.discard) + len(state.in_play) + len(state.hands[me])
    unseen = total - seen
    if unseen <= 0:
        return 0.0
    known = sum(1 for c in state.discard if c in names) + sum(1 for c in state.hands[me] if c in names)
    copies = sum(state.deck_spec.card_by_name[n].copies for n in names)
    return max(0.0, copies - known) / unseen


def standing(worth: dict[str, float], me: str) -> float:
    """How far ahead `me` is: its worth less a mix of its best rival's and its rivals' average."""
    rivals = [v for c, v in worth.items() if c != me]
    if not rivals:
        return worth[me]
    return worth[me] - BEST_WEIGHT * max(rivals) - (1 - BEST_WEIGHT) * sum(rivals) / len(rivals)


def evaluate(state: GameState, me: str) -> float:
    """`me`'s standing in this position (the bots' one-number judgement)."""
    if state.phase == "over":
        return standing({c: float(state.money[c]) for c in state.playing}, me)
    return standing(outlook(state, me).worth, me)
