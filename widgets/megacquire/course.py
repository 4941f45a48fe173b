"""The MEGAcquire course (notebooks/megacquire/): each lesson's positions, exercises, self-checks and
worked examples, by key ("mq01/found"), so that a notebook cell holds one line and no answer.

Every position is built with the engine (`mq.scenario`, a constructed state: deterministic), and
every answer comes from the engine when the widget is built: a tile's outcome from
`tiles.tile_outcome`, a price from the chart of the game's options, bonuses from
`mergers.bonuses`, the first player from `setup.first_player`, the end from
`ending.borders_settled`, a trade's validity from the checked door. The texts around them (hints,
explanations) are written here and filled with the engine's numbers.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from megacorps import megacquire as mq
from megacorps.megacquire import ending, mergers, setup, tiles
from megacorps.megacquire.board import FOUNDS, GROWS, LONELY, MERGES
from megacorps.megacquire.bots import HeuristicBot
from megacorps.megacquire.log import BONUS
from widgets.lessons.goals import Verdict

from .lessons import YOU, CheckSpec, ExerciseSpec, money

RIVALS = ["Ada", "Bo"]
SEATS = [YOU, *RIVALS]


@dataclass(frozen=True)
class Position:
    make: Callable[[], mq.Game]
    focus: list[str] | None = None
    title: str = "The position"


def row(letter: str, first: int, last: int) -> list[str]:
    return [f"{letter}-{c}" for c in range(first, last + 1)]


def rows(letters: str, first: int, last: int) -> list[str]:
    return [cell for letter in letters for cell in row(letter, first, last)]


def tycoons() -> dict:
    return {seat: HeuristicBot(seed=i) for i, seat in enumerate(RIVALS)}


def cell(game: mq.Game, name: str) -> int:
    return game.options.geometry.index[name]


def company(game: mq.Game, name: str) -> int:
    return game.options.company_index[name]


OUTCOME_WORDS = {LONELY: "stays unincorporated (it touches no tile)",
                 FOUNDS: "founds a company (it touches an unincorporated tile and no company)",
                 GROWS: "grows the company it touches",
                 MERGES: "merges the companies it touches"}


def outcome(game: mq.Game, tile: str) -> str:
    return tiles.tile_outcome(game.state, cell(game, tile))


def new_log(before: mq.Game, after: mq.Game) -> list:
    return after.log[len(before.log):]


def played(moves: list) -> bool:
    return any(isinstance(m, mq.PlayTile) for m in moves)


def turn_ended(game: mq.Game, moves: list) -> bool:
    return any(isinstance(m, mq.EndTurn) for m in moves)


def print_log(game: mq.Game, start: int = 0) -> None:
    for entry in game.log[start:]:
        print("  " + entry.for_seat(None))


# =====================================================================================================
# Lesson 01: tiles and founding
# =====================================================================================================

def four_tiles() -> mq.Game:
    """Delta on C-4 and C-5; unincorporated tiles on C-9 and E-6; your four tiles."""
    return mq.scenario(SEATS, companies={"Delta": ["C-4", "C-5"]}, loose=["C-9", "E-6"],
                       hands={YOU: ["B-4", "C-10", "D-5", "F-11"]}, holdings={"Ada": {"Delta": 2}})


def _founded(before: mq.Game, after: mq.Game, moves: list) -> Verdict:
    tile = next(m.tile for m in moves if isinstance(m, mq.PlayTile))
    new = [c.name for c in after.view(YOU).companies if c.size and not before.view(YOU).companies[company(after, c.name)].size]
    if new:
        size = after.view(YOU).companies[company(after, new[0])].size
        return Verdict(True, f"{tile} touched an unincorporated tile and no company: it founded {new[0]} "
                             f"({size} tiles), and you got its founder's certificate for free.")
    return Verdict(False, f"{tile} {OUTCOME_WORDS[outcome(before, tile)]}: no new company.")


def _explain_four_tiles(start: mq.Game) -> str:
    told = "; ".join(f"{t} {OUTCOME_WORDS[outcome(start, t)]}" for t in start.view(YOU).hand)
    return f"What each of your tiles does: {told}."


def _outcome_check() -> dict:
    game = outcome_board()
    tile = "G-5"
    kind = outcome(game, tile)
    choices = ["It stays unincorporated", "It founds a company", "It grows a company", "It merges companies"]
    answer = choices[[LONELY, FOUNDS, GROWS, MERGES].index(kind)]
    touching = sorted(game.options.geometry.names[n] for n in game.options.geometry.neighbours[cell(game, tile)]
                      if game.view(None).board[n])
    return dict(question=f"On the board above, what would a tile played on {tile} do?", choices=choices,
                answer=answer,
                hint="List the six spaces around it (two on its own row, two in the row above, two below): "
                     "what lies on each?",
                explanation=f"The tiles next to {tile}: {', '.join(touching) or 'none'}. A tile on {tile} "
                            f"{OUTCOME_WORDS[kind]}.")


def outcome_board() -> mq.Game:
    return mq.scenario(SEATS, companies={"Solon": ["G-8", "G-9", "H-8"], "Harbor": ["J-8", "J-9"]},
                       loose=["F-4", "D-9", "D-11"], hands={YOU: ["D-10", "I-8", "K-3"]})


def _founding_size_check() -> dict:
    game = outcome_board()
    trial = mq.Game(game.state, game.log)
    trial.apply(mq.PlayTile(YOU, "D-10"))
    trial.apply(mq.Found(YOU, "Acorn"))
    size = trial.view(YOU).companies[company(trial, "Acorn")].size
    return dict(question="On the same board, a tile is played on D-10 and founds a company. How many tiles "
                         "does the new company have?", answer=size,
                hint="A new company takes in every unincorporated tile joined to the founding tile, "
                     "not only one.",
                explanation=f"D-10 touches two unincorporated tiles, D-9 and D-11: the new company has all three, "
                            f"{size} tiles.")


OPENING = {"Ada": "B-1", "Bo": "A-13", YOU: "C-5"}


def _first_player_check() -> dict:
    game = mq.scenario(SEATS)
    drawn = {seat: cell(game, name) for seat, name in OPENING.items()}
    first, order = setup.first_player(SEATS, drawn)
    return dict(question="For the opening draw, Ada draws B-1, Bo draws A-13 and you (Cy) draw C-5. Who plays first?",
                choices=SEATS, answer=first,
                hint="Count from A-1 along row A to its end, then row B, and so on.",
                explanation=f"{OPENING[first]} comes first counting row by row (all of row A comes before "
                            f"row B), so {first} starts; play goes on to the left: {', '.join(order)}. The "
                            "three tiles then go back and the board starts empty.")


def _example_founding() -> None:
    print("1. The opening draw of a new game (seed 4): who starts, then an empty board.")
    game = mq.new_game(SEATS, seed=4)
    print_log(game)
    assert not any(game.view(YOU).board) and len(game.view(YOU).hand) == 12
    print("\n2. A founding tile between two unincorporated tiles: the new company takes in both.")
    game = outcome_board()
    start = len(game.log)
    game.apply(mq.PlayTile(YOU, "D-10"))
    game.apply(mq.Found(YOU, "Pinnacle"))
    print_log(game, start)
    assert game.view(YOU).companies[company(game, "Pinnacle")].size == 3


# =====================================================================================================
# Lesson 02: prices and buying
# =====================================================================================================

def _prices_check() -> dict:
    game = mq.scenario(SEATS)
    names = {"Acorn": "small", "Harbor": "medium", "Monarch": "large"}
    answer = {name: game.options.prices[company(game, name)][12] for name in names}
    return dict(question="Acorn (small), Harbor (medium) and Monarch (large) have 12 tiles each. What does one "
                         "certificate of each cost, in dollars?", answer=answer,
                hint="Find 12 in each company type's column of the chart, then read across to the price.",
                explanation="12 tiles sits on a different line of the chart for each type: " +
                            ", ".join(f"{n} ({t}) {money(p)}" for (n, t), p in zip(names.items(), answer.values())) +
                            ". The larger the type, the dearer at the same size.")


def empire() -> mq.Game:
    """Empire (medium) at 4 tiles; Ada holds 3, Bo 1; you have $2,000 and two tiles."""
    return mq.scenario(SEATS, companies={"Empire": row("E", 4, 7)}, hands={YOU: ["E-8", "K-3"]},
                       holdings={"Ada": {"Empire": 3}, "Bo": {"Empire": 1}}, cash={YOU: 2000})


def _majority(before: mq.Game, after: mq.Game, moves: list) -> Verdict:
    held = {p: after.view(YOU).holdings[p].get("Empire", 0) for p in SEATS}
    price = after.view(YOU).companies[company(after, "Empire")].price
    best_rival = max(held[p] for p in RIVALS)
    if held[YOU] > best_rival:
        return Verdict(True, f"You hold {held[YOU]} Empire to Ada's {held['Ada']}: you are its largest holder. "
                             f"You bought them at {money(price)} each, with Empire still at "
                             f"{after.view(YOU).companies[company(after, 'Empire')].size} tiles.")
    return Verdict(False, f"You hold {held[YOU]} Empire and Ada {held['Ada']}: a tie or less is not the most. "
                          f"A certificate cost {money(price)} when you paid.")


def _explain_empire(start: mq.Game) -> str:
    e = company(start, "Empire")
    p4, p5 = start.options.prices[e][4], start.options.prices[e][5]
    return (f"Ada holds 3, so you need 4. At 4 tiles Empire costs {money(p4)}: 4 certificates cost "
            f"{money(4 * p4)}, your whole cash. E-8 would grow Empire to 5 tiles first, and the price to "
            f"{money(p5)}: then your cash buys only {2000 // p5}. Play K-3, then buy 4 Empire.")


def _how_many_check() -> dict:
    game = mq.scenario(SEATS, companies={"Frontier": rows("EF", 3, 6)}, cash={YOU: 3000})
    price = game.view(YOU).companies[company(game, "Frontier")].price
    answer = min(game.options.max_obtained, 3000 // price)
    return dict(question=f"Frontier (medium) has 8 tiles, so a certificate costs {money(price)}. You have $3,000. "
                         "How many Frontier certificates can you buy this turn?", answer=answer,
                hint="Divide, and throw away what does not make a whole certificate.",
                explanation=f"{answer} cost {money(answer * price)}; one more would cost "
                            f"{money((answer + 1) * price)}, more than your cash.")


def _six_check() -> dict:
    game = mq.scenario(SEATS, companies={"Acorn": ["C-3", "C-4"]}, cash={YOU: 12000})
    answer = game.options.max_obtained
    return dict(question="Acorn (small) has 2 tiles: $200 a certificate. You have $12,000. How many Acorn "
                         "certificates can you buy this turn?", answer=answer,
                hint="Money is not the only limit on a turn's purchase.",
                explanation=f"{answer}: nobody obtains more than {answer} certificates in one turn, whatever "
                            "their cash. ($12,000 would pay for 60.)")


def _example_prices() -> None:
    game = mq.scenario(SEATS)
    print("Prices off the chart (the rules' own two: Regal at 3 tiles, Solon at 41):")
    for name, size in (("Regal", 3), ("Solon", 41), ("Solon", 10), ("Solon", 11), ("Harbor", 21), ("Monarch", 41)):
        c = company(game, name)
        print(f"  {name} ({game.options.tiers[c]}) at {size} tiles: {money(game.options.prices[c][size])}")
    assert game.options.prices[company(game, "Regal")][3] == 500
    assert game.options.prices[company(game, "Solon")][41] == 1000
    print("\nA seventh certificate in one turn is refused:")
    game = mq.scenario(SEATS, companies={"Acorn": ["C-3", "C-4"]}, hands={YOU: ["K-3"]})
    game.apply(mq.PlayTile(YOU, "K-3"))
    for _ in range(6):
        game.apply(mq.BuyShare(YOU, "Acorn"))
    try:
        game.apply(mq.BuyShare(YOU, "Acorn"))
    except mq.IllegalAction as refusal:
        print(f"  {refusal}")
    else:
        raise AssertionError("a seventh certificate was sold")
    start = len(game.log)
    game.apply(mq.EndTurn(YOU))
    print_log(game, start)
    assert game.view(YOU).holdings[YOU]["Acorn"] == 6


# =====================================================================================================
# Lesson 03: mergers and bonuses
# =====================================================================================================

def acorn_and_delta() -> mq.Game:
    """Acorn (small, 6 tiles) between Delta (medium, 9) and Bayside (small, 4)."""
    return mq.scenario(SEATS, companies={"Acorn": row("C", 2, 7), "Delta": row("E", 2, 10),
                                         "Bayside": row("A", 8, 11)},
                       hands={YOU: ["B-7", "D-4", "K-10"]},
                       holdings={YOU: {"Acorn": 5}, "Ada": {"Acorn": 3, "Delta": 4, "Bayside": 1},
                                 "Bo": {"Delta": 2, "Bayside": 4}})


def bonuses_paid(before: mq.Game, after: mq.Game) -> list[str]:
    return [e.text for e in new_log(before, after) if e.rule == BONUS]


def bonus_received(start: mq.Game, actions: list) -> int:
    """The merger bonuses the learner was paid while `actions` were played from `start`: they are
    replayed, and each one's change to the learner's cash counted unless it was the learner's own
    sale of defunct stock or the end of their turn (which pays for a purchase)."""
    trial = mq.Game(start.state, start.log)
    total = 0
    for action in actions:
        cash = trial.scores()[YOU]
        trial.apply(action)
        if not (isinstance(action, (mq.Dispose, mq.EndTurn)) and action.seat == YOU):
            total += trial.scores()[YOU] - cash
    return total


def _bonus(before: mq.Game, after: mq.Game, moves: list) -> Verdict:
    gained = bonus_received(before, after.actions[len(before.actions):])
    paid = " ".join(bonuses_paid(before, after)) or "No merger: no bonus was paid."
    if gained > 0:
        return Verdict(True, f"You were paid a bonus of {money(gained)}. {paid}. Acorn was the smaller company, "
                             "so it went defunct, and you held the most of it.")
    return Verdict(False, f"You were paid no bonus. What happened: {paid}.")


def _explain_bonus(start: mq.Game) -> str:
    a = company(start, "Acorn")
    paid = mergers.bonuses({p: start.state.holdings[p][a] for p in SEATS}, start.options.majority_bonus[a][6],
                           start.options.minority_bonus[a][6])
    return (f"D-4 joins Acorn (6 tiles) to Delta (9 tiles): Delta is larger and survives, Acorn goes defunct, and "
            f"Acorn's holders are paid: you {money(paid[YOU])} (the most Acorn), Ada {money(paid['Ada'])}. "
            "B-7 instead joins Bayside (4) to Acorn (6): Acorn survives and Bayside's holders are paid.")


def _tie_check() -> dict:
    game = mq.scenario(SEATS)
    g = company(game, "Granite")
    major, minor = game.options.majority_bonus[g][7], game.options.minority_bonus[g][7]
    held = {YOU: 2, "Ada": 4, "Bo": 4}
    paid = mergers.bonuses(held, major, minor)
    answer = {p: paid.get(p, 0) for p in ("Ada", "Bo", YOU)}
    return dict(question=f"Granite (medium) goes defunct at 7 tiles: majority bonus {money(major)}, minority "
                         f"{money(minor)}. Ada and Bo hold 4 Granite each, you (Cy) hold 2. How many dollars does "
                         "each of you get?", answer=answer,
                hint="When the most is shared, the two bonuses are added together and shared out among those "
                     "tied; nobody else gets anything. Round each share up to the next $100.",
                explanation=f"Ada and Bo tie for the most: {money(major)} + {money(minor)} = "
                            f"{money(major + minor)}, halved is {money((major + minor) // 2)}, rounded up to "
                            f"{money(answer['Ada'])} each. You hold the next most, but a shared majority leaves "
                            "nothing for anyone else.")


def _minority_tie_check() -> dict:
    game = mq.scenario(SEATS)
    r = company(game, "Regal")
    major, minor = game.options.majority_bonus[r][3], game.options.minority_bonus[r][3]
    paid = mergers.bonuses({YOU: 6, "Ada": 2, "Bo": 2}, major, minor)
    answer = {p: paid.get(p, 0) for p in (YOU, "Ada", "Bo")}
    return dict(question=f"Regal (large) goes defunct at 3 tiles: majority bonus {money(major)}, minority "
                         f"{money(minor)}. You (Cy) hold 6 Regal, Ada 2 and Bo 2. How many dollars does each get?",
                answer=answer,
                hint="The most takes the majority bonus alone; those tied for second share the minority "
                     "bonus, each share rounded up to the next $100.",
                explanation=f"You take the majority bonus, {money(answer[YOU])}. Ada and Bo share the "
                            f"minority: {money(minor)} halved is {money(minor // 2)}, rounded up to "
                            f"{money(answer['Ada'])} each.")


def _sell_check() -> dict:
    game = acorn_and_delta()
    a = company(game, "Acorn")
    game.apply(mq.PlayTile(YOU, "D-4"))
    game.apply(mq.Dispose(YOU, "Acorn", 4))
    got = game.log[-1].text
    while game.decision_kind() == "sell or hold defunct stock":  # the others hold theirs
        game.apply(mq.Dispose(game.deciders[0], "Acorn", 0))
    each = game.options.prices[a][6]
    answer = 4 * each
    assert money(answer) in got
    after = game.view(YOU).companies[company(game, "Delta")].size
    return dict(question=f"Back to the first board: D-4 merges Acorn (6 tiles) into Delta, which ends up with {after} "
                         "tiles. You sell 4 of your Acorn certificates. How many dollars do they bring?",
                answer=answer,
                hint="Defunct stock is sold at the price the company had just before the merger.",
                explanation=f"Acorn at 6 tiles, before the merger: {money(each)} a certificate, so 4 bring "
                            f"{money(answer)}. Delta's new size does not matter: you are selling Acorn.")


def three_way() -> mq.Game:
    """Summit (12 tiles), Bayside (5) and Cardinal (3) meet at F-6."""
    return mq.scenario(SEATS, companies={"Summit": rows("GH", 1, 6), "Bayside": row("E", 2, 6),
                                         "Cardinal": row("F", 7, 9)},
                       hands={YOU: ["F-6", "K-3"]},
                       holdings={YOU: {"Bayside": 2, "Cardinal": 3}, "Ada": {"Bayside": 4, "Summit": 5},
                                 "Bo": {"Cardinal": 1, "Summit": 3}})


def _order_check() -> dict:
    game = three_way()
    game.apply(mq.PlayTile(YOU, "F-6"))
    m = game.state.merger
    names = game.options.company_names
    first = names[m.current]
    survivor = names[m.survivor]
    sizes = {names[c]: n for c, n in zip(m.companies, m.sizes)}
    return dict(question="On this board you play F-6, which touches Summit, Bayside and Cardinal. Which company's "
                         "bonuses are paid first?", choices=sorted(sizes), answer=first,
                hint="The largest survives; the others are settled one at a time, starting from one end.",
                explanation=f"{survivor} ({sizes[survivor]} tiles) survives. The defunct companies are settled "
                            f"from the smallest up: {first} ({sizes[first]} tiles) first, then the next. Each is "
                            "paid at its own size before the merger.")


def _example_mergers() -> None:
    print("1. Two companies: Delta (medium, 9 tiles) and Bayside (small, 5) meet at D-5.")
    game = mq.scenario(SEATS, companies={"Delta": row("C", 1, 9), "Bayside": row("E", 4, 8)},
                       hands={YOU: ["D-5"]}, holdings={"Bo": {"Bayside": 7}, YOU: {"Bayside": 4}, "Ada": {"Bayside": 4}})
    game.apply(mq.PlayTile(YOU, "D-5"))
    game.apply(mq.Dispose("Bo", "Bayside", 5))
    game.apply(mq.Dispose(YOU, "Bayside", 4))
    game.apply(mq.Dispose("Ada", "Bayside", 0))
    print_log(game, 1)
    assert game.view(YOU).companies[company(game, "Delta")].size == 15
    print("\n2. Three companies: Summit (12), Bayside (5) and Cardinal (3) meet at F-6.")
    game = three_way()
    game.apply(mq.PlayTile(YOU, "F-6"))
    while game.deciders and game.decision_kind() == "sell or hold defunct stock":
        seat = game.deciders[0]
        game.apply(mq.Dispose(seat, game.view(seat).merger.current, 0))
    print_log(game, 1)
    assert game.view(YOU).companies[company(game, "Summit")].size == 12 + 5 + 3 + 1


# =====================================================================================================
# Lesson 04: safe companies, the end, trading when short
# =====================================================================================================

SOLON = rows("NOP", 1, 13) + ["Q-1", "Q-2"]


def short_of_cash() -> mq.Game:
    """Solon (small) at 41 tiles, $1,000 a certificate; you have $1,200 and 6 Regal at $500."""
    return mq.scenario(SEATS, companies={"Solon": SOLON, "Regal": row("G", 2, 4)}, hands={YOU: ["J-10", "K-3"]},
                       holdings={YOU: {"Regal": 6}, "Ada": {"Solon": 4}}, cash={YOU: 1200})


def _bought_solon(before: mq.Game, after: mq.Game, moves: list) -> Verdict:
    got = after.view(YOU).holdings[YOU].get("Solon", 0)
    regal = after.view(YOU).holdings[YOU].get("Regal", 0)
    if got >= 3:
        traded = next((m.trade for m in moves if isinstance(m, mq.EndTurn) and m.trade), ())
        given = ", ".join(f"{n} {c}" for c, n in traded) or "nothing"
        return Verdict(True, f"You hold {got} Solon: your {money(before.scores()[YOU])} went in, you traded in "
                             f"{given}, kept {regal} Regal and have {money(after.scores()[YOU])} of change.")
    return Verdict(False, f"You ended the turn with {got} Solon.")


def _explain_trade(start: mq.Game) -> str:
    s, r = company(start, "Solon"), company(start, "Regal")
    cost = 3 * start.options.prices[s][41]
    short = cost - start.scores()[YOU]
    each = start.options.prices[r][3]
    need = -(-short // each)
    return (f"Three Solon cost {money(cost)}; your {money(start.scores()[YOU])} leaves {money(short)} to cover. "
            f"Regal at {money(each)}: {need - 1} are too few, {need} cover it with {money(need * each - short)} "
            f"of change; {need + 1} would leave change worth a whole Regal, so you must keep it. Buy 3 Solon, "
            f"then trade in {need} Regal.")


def safe_pair() -> mq.Game:
    """Regal (21 tiles) and Monarch (25), one column apart."""
    return mq.scenario(SEATS, companies={"Regal": rows("ABC", 1, 7), "Monarch": rows("ABCDE", 9, 13),
                                         "Harbor": rows("GH", 1, 10)},
                       hands={YOU: ["K-3"]}, holdings={"Ada": {"Regal": 5}, "Bo": {"Monarch": 6}})


def _dead_check() -> dict:
    game = safe_pair()
    tile = cell(game, "A-8")
    state = game.state
    dead = tiles.is_dead(state, tile)
    kind = tiles.tile_outcome(state, tile)
    choices = ["Monarch absorbs Regal", "It is turned face down on its space, and you draw another tile",
               "It stays in your hand until it can be played", "It founds a new company"]
    answer = choices[1] if dead else choices[0] if kind == MERGES else choices[3]
    return dict(question="Regal has 21 tiles, Monarch 25: both are safe. You draw A-8, which touches both. What "
                         "happens to that tile?", choices=choices, answer=answer,
                hint="A safe company can never be absorbed, and a tile that cannot be played must not stay in "
                     "a hand for ever.",
                explanation="Two safe companies can never merge, so A-8 can never be played: it is turned face "
                            "down on its space at once (even if it is not your turn), counts for no company, and "
                            "you draw a replacement.")


def _safe_absorbs_check() -> dict:
    game = mq.scenario(SEATS, companies={"Regal": rows("ABC", 1, 7), "Harbor": rows("ABCD", 9, 13)},
                       hands={YOU: ["A-8"]})
    sizes = {c.name: c.size for c in game.view(YOU).companies if c.size}
    trial = mq.Game(game.state, game.log)
    survivor = None
    if tiles.play_problem(trial.state, cell(trial, "A-8")) is None:
        trial.apply(mq.PlayTile(YOU, "A-8"))
        survivor = next(c.name for c in trial.view(YOU).companies if c.name in sizes and c.size)
    choices = ["Regal", "Harbor", "Neither: the tile cannot be played"]
    return dict(question=f"Regal has {sizes['Regal']} tiles, Harbor {sizes['Harbor']}. A tile is played that touches "
                         "both. Which company survives?", choices=choices, answer=survivor or choices[2],
                hint="Only a merger of two safe companies is forbidden. How many tiles make a company safe?",
                explanation=f"Regal is safe ({game.options.safe_size} tiles or more), Harbor is not: the merger "
                            "is allowed, the larger company, Regal, survives and Harbor goes defunct.")


def _over_check() -> dict:
    game = mq.scenario(SEATS, companies={"Regal": rows("ABC", 1, 7), "Monarch": rows("ABCDE", 9, 13)},
                       dead=["A-8", "B-8", "C-8"], hands={YOU: ["K-3"]})
    over = ending.borders_settled(game.state) is not None
    return dict(question="Regal (21 tiles) and Monarch (25) are the only companies on the board; turnover tiles "
                         "fill the spaces between them on rows A to C. Does the game end at the end of this turn?",
                answer=over,
                hint="The game ends when no tile left could still make one company or another bigger: look at "
                     "the empty board below the two companies.",
                explanation="Not yet. Both companies are safe, but the empty stretch of board from row D down "
                            "touches Regal and Monarch both: which of them its tiles would join depends on who "
                            "plays them, so the border is still disputed. The game goes on until every empty "
                            "stretch touches at most one company.")


def _founding_cash_check() -> dict:
    game = mq.scenario(SEATS, loose=["C-9", "C-11"], hands={YOU: ["C-10"]},
                       holdings={"Ada": {"Acorn": 15}, "Bo": {"Acorn": 10}})
    cash = game.scores()[YOU]
    game.apply(mq.PlayTile(YOU, "C-10"))
    game.apply(mq.Found(YOU, "Acorn"))
    answer = game.scores()[YOU] - cash
    return dict(question="Ada and Bo hold all 25 Acorn certificates (kept from an earlier merger). You play C-10 "
                         "between two unincorporated tiles and found Acorn (small) with 3 tiles. How many dollars "
                         "do you get?", answer=answer,
                hint="No certificate is left to give you: you get what one would be worth instead.",
                explanation=f"The founder's certificate is replaced by its value: Acorn at 3 tiles, "
                            f"{money(answer)}.")


def _example_end() -> None:
    print("1. The rules' trade: Regal at 3 tiles ($500), Solon at 41 ($1,000); no cash, 6 Regal for 3 Solon.")
    game = mq.scenario(SEATS, companies={"Solon": SOLON, "Regal": row("G", 2, 4)}, hands={YOU: ["K-3"]},
                       holdings={YOU: {"Regal": 6}}, cash={YOU: 0})
    game.apply(mq.PlayTile(YOU, "K-3"))
    for _ in range(3):
        game.apply(mq.BuyShare(YOU, "Solon"))
    start = len(game.log)
    game.apply(mq.EndTurn(YOU, (("Regal", 6),)))
    print_log(game, start)
    assert game.view(YOU).holdings[YOU] == {"Solon": 3} and game.scores()[YOU] == 0
    print("\n2. The end, on a small board of five rows: Solon and Regal are safe, and every space between them")
    print("   holds a turnover tile. Cy plays A-1, next to Solon; at the end of the turn nothing is disputed.")
    small = {"board": {"rows": 5, "columns": 13, "offset": "odd-r"}, "hand_size": 2}
    solon = [c for c in rows("ABCDE", 1, 5) if c not in ("A-1", "B-1")]
    game = mq.scenario(SEATS, options=small, companies={"Solon": solon, "Regal": rows("ABCDE", 7, 13)},
                       dead=rows("ABCDE", 6, 6), hands={YOU: ["A-1"], "Ada": ["B-1"], "Bo": []}, supply=[],
                       holdings={YOU: {"Solon": 3}, "Ada": {"Regal": 2}, "Bo": {"Solon": 1}})
    start = len(game.log)
    game.apply(mq.PlayTile(YOU, "A-1"))
    game.apply(mq.EndTurn(YOU))
    print_log(game, start)
    assert game.is_over and game.view(None).companies[company(game, "Solon")].size == 25


# =====================================================================================================
# The registry
# =====================================================================================================

EXERCISES: dict[str, ExerciseSpec] = {
    "mq01/found": ExerciseSpec(
        four_tiles, "play the tile that founds a new company, then name it.", _founded,
        "A company is founded by a tile that touches an unincorporated tile (grey) and no company.",
        _explain_four_tiles, until=lambda g, m: played(m) and g.decision_kind() != "name the new company",
        focus=rows("BF", 1, 13), allow=lambda a: isinstance(a, (mq.PlayTile, mq.Found)),
        solution=(mq.PlayTile(YOU, "C-10"), mq.Found(YOU, "Regal")), miss=(mq.PlayTile(YOU, "D-5"),)),
    "mq02/majority": ExerciseSpec(
        empire, "end your turn holding more Empire certificates than anyone else.", _majority,
        "Certificates are paid for at the price after the tile you play this turn. Count what Ada holds.",
        _explain_empire, until=turn_ended, focus=rows("DK", 1, 13), opponents=tycoons,
        solution=(mq.PlayTile(YOU, "K-3"), *[mq.BuyShare(YOU, "Empire")] * 4, mq.EndTurn(YOU)),
        miss=(mq.PlayTile(YOU, "E-8"), *[mq.BuyShare(YOU, "Empire")] * 3, mq.EndTurn(YOU))),
    "mq03/bonus": ExerciseSpec(
        acorn_and_delta, "be paid a bonus this turn (then sell or hold as you like).", _bonus,
        "Bonuses go to the holders of the company that disappears, and the larger company survives.",
        _explain_bonus, until=lambda g, m: played(m) and g.decision_kind() == "buy stock",
        focus=rows("AK", 1, 13), opponents=tycoons,
        allow=lambda a: isinstance(a, (mq.PlayTile, mq.Dispose, mq.ChooseSurvivor, mq.ChooseDefunct)),
        solution=(mq.PlayTile(YOU, "D-4"), mq.Dispose(YOU, "Acorn", 5)), miss=(mq.PlayTile(YOU, "B-7"),)),
    "mq04/trade": ExerciseSpec(
        short_of_cash, "buy 3 Solon certificates this turn.", _bought_solon,
        "Your cash goes in first; then trade in only as many certificates as it takes: the change you get back "
        "must be worth less than one of them.",
        _explain_trade, until=turn_ended, focus=["G-1", "G-13", "Q-1", "Q-13"],
        solution=(mq.PlayTile(YOU, "K-3"), *[mq.BuyShare(YOU, "Solon")] * 3, mq.EndTurn(YOU, (("Regal", 4),))),
        miss=(mq.PlayTile(YOU, "K-3"), mq.BuyShare(YOU, "Solon"), mq.EndTurn(YOU))),
}

CHECKS: dict[str, CheckSpec] = {
    "mq01/first-player": CheckSpec(_first_player_check),
    "mq01/outcome": CheckSpec(_outcome_check),
    "mq01/founding-size": CheckSpec(_founding_size_check),
    "mq02/prices": CheckSpec(_prices_check),
    "mq02/how-many": CheckSpec(_how_many_check),
    "mq02/six": CheckSpec(_six_check),
    "mq03/tie": CheckSpec(_tie_check),
    "mq03/minority-tie": CheckSpec(_minority_tie_check),
    "mq03/order": CheckSpec(_order_check),
    "mq03/sell": CheckSpec(_sell_check),
    "mq04/dead": CheckSpec(_dead_check),
    "mq04/safe-absorbs": CheckSpec(_safe_absorbs_check),
    "mq04/over": CheckSpec(_over_check),
    "mq04/founding-cash": CheckSpec(_founding_cash_check),
}

POSITIONS: dict[str, Position] = {
    "mq01/outcome": Position(outcome_board, rows("CK", 2, 12)),
    "mq03/three-way": Position(three_way, rows("DH", 1, 11)),
    "mq04/safe": Position(safe_pair, rows("AH", 1, 13)),
    "mq04/over": Position(lambda: mq.scenario(SEATS, companies={"Regal": rows("ABC", 1, 7),
                                                                "Monarch": rows("ABCDE", 9, 13)},
                                              dead=["A-8", "B-8", "C-8"], hands={YOU: ["K-3"]}), rows("AH", 1, 13)),
}

WORKED: dict[str, tuple[str, Callable[[], None]]] = {
    "mq01/founding": ("The opening draw, and a founding", _example_founding),
    "mq02/prices": ("Prices off the chart, and the six-certificate limit", _example_prices),
    "mq03/mergers": ("Two mergers, settled by the engine", _example_mergers),
    "mq04/end": ("The rules' trade, and the end of a game", _example_end),
}
