"""The rules, area by area: note cards and refusals, the moderator's settlement, bankruptcy and
winning, the two modules, undo. Every refusal must leave the game exactly as it was."""
from __future__ import annotations

import pytest
from notecardtools import CORE, example_game, jeff_card, maraya_card  # noqa: F401 (a fixture)

from megacorps import notecard as nc


def refused(game: nc.Game, card, *fragments: str) -> str:
    """Apply `card`, expect a refusal whose message holds every fragment, and check that
    nothing changed."""
    before = (game.to_json(), list(game.log), game.deciders, game.state.model_copy(deep=True))
    with pytest.raises(nc.IllegalAction) as err:
        game.apply(card)
    message = str(err.value)
    for fragment in fragments:
        assert fragment in message, message
    assert (game.to_json(), list(game.log), game.deciders, game.state) == before
    return message


# --- note cards --------------------------------------------------------------------------------

def test_both_corporations_decide_at_once(example_game):
    assert example_game.deciders == ["Maraya", "Jeff"]
    example_game.apply(jeff_card())
    assert example_game.deciders == ["Maraya"]
    assert example_game.quarter == 1 and example_game.money("Jeff") == 10  # nothing happens yet


def test_allocating_more_than_one_has(example_game):
    refused(example_game, nc.Allocate("Maraya", invest={"Industry 1": 12}),
            "Maraya allocates $12M but has only $10M")
    refused(example_game, nc.Allocate("Maraya", invest={"Industry 1": 6}, sabotage={("Jeff", "Industry 1"): 5}),
            "allocates $11M ($6M invested, $5M on sabotage) but has only $10M")


@pytest.mark.parametrize("card, words", [
    (nc.Allocate("Maraya", invest={"Industry 1": 2.5}), "whole millions"),
    (nc.Allocate("Maraya", invest={"Industry 1": True}), "whole millions"),
    (nc.Allocate("Maraya", invest={"Industry 1": -3}), "negative"),
    (nc.Allocate("Maraya", invest={"Industry 4": 1}), "Variable Industries is not in play"),
    (nc.Allocate("Maraya", invest={"Oil": 1}), "not an industry of this game"),
    (nc.Allocate("Maraya", invest=[("Industry 1", 1), ("Industry 1", 2)]), "names Industry 1 twice"),
    (nc.Allocate("Maraya", sabotage={("Maraya", "Industry 1"): 1}), "cannot sabotage its own"),
    (nc.Allocate("Maraya", sabotage={("Acme", "Industry 1"): 1}), "'Acme' is not a corporation"),
    (nc.Allocate("Maraya", sabotage={("Jeff", "Industry 9"): 1}), "not an industry of this game"),
    (nc.Allocate("Maraya", sabotage={("Jeff", "Industry 1"): -1}), "negative"),
    (nc.Allocate("Acme", invest={"Industry 1": 1}), "'Acme' is not a corporation"),
])
def test_malformed_note_cards_are_refused_in_game_terms(example_game, card, words):
    refused(example_game, card, words)


def test_not_an_action_at_all(example_game):
    refused(example_game, "invest everything", "is not a Megacorp action")


def test_one_card_per_quarter(example_game):
    example_game.apply(maraya_card())
    refused(example_game, nc.Allocate("Maraya"), "already handed in", "take it back first")


def test_money_need_not_all_be_spent(example_game):
    example_game.apply(nc.Allocate("Maraya", invest={"Industry 2": 4}))
    example_game.apply(nc.Allocate("Jeff"))
    assert example_game.money("Maraya") == 6 + 12
    assert example_game.money("Jeff") == 10
    assert example_game.reports[-1].kept == {"Maraya": 6, "Jeff": 10}


def test_cards_compare_by_content():
    a = nc.Allocate("A", invest={"Industry 2": 1, "Industry 1": 3, "Industry 3": 0})
    b = nc.Allocate("A", invest=[("Industry 1", 3), ("Industry 2", 1)])
    assert a == b and hash(a) == hash(b)
    assert nc.Allocate.from_dict(a.to_dict()) == a
    assert str(nc.Allocate("A")) == "A's note card: nothing allocated (keeps all its money)"
    with pytest.raises(ValueError):
        nc.Allocate.from_dict({"kind": "allocate", "corp": "A", "bribe": 3})


def test_no_money_can_be_transferred():
    """There is no way to give money: the only action is a note card."""
    game = nc.new_game(["A", "B"], seed=0)
    assert {type(a) for a in game.legal_actions()} == {nc.Allocate}


# --- the moderator's settlement ---------------------------------------------------------------------

def test_net_investment_never_goes_below_zero():
    """Ruling N1: $3M of sabotage against $2M invested cancels the $2M and no more."""
    game = nc.new_game(["A", "B"], seed=0)
    game.apply(nc.Allocate("A", invest={"Industry 1": 2, "Industry 2": 5}))
    game.apply(nc.Allocate("B", sabotage={("A", "Industry 1"): 3}))
    line = next(l for l in game.reports[-1].lines if l.industry == "Industry 1")
    assert (line.net, line.earnings) == (0, 0)
    assert game.money("A") == 3 + 15
    assert game.money("B") == 7
    assert any("cannot take it below zero" in e.text for e in game.log)


def test_several_saboteurs_add_up():
    game = nc.new_game(["A", "B", "C"], seed=0)
    game.apply(nc.Allocate("A", invest={"Industry 1": 9}))
    game.apply(nc.Allocate("B", sabotage={("A", "Industry 1"): 2}))
    game.apply(nc.Allocate("C", sabotage={("A", "Industry 1"): 1}))
    line = game.reports[-1].lines[0]
    assert line.sabotage == {"B": 2, "C": 1} and line.net == 3 and line.earnings == 9
    assert game.money("A") == 1 + 9 and game.money("B") == 8 and game.money("C") == 9


def test_sabotage_of_an_industry_the_target_left_empty_is_lost():
    """Ruling N7: allowed (nobody knows the target's card), and the money is gone."""
    game = nc.new_game(["A", "B"], seed=0)
    game.apply(nc.Allocate("A", invest={"Industry 1": 4}))
    game.apply(nc.Allocate("B", sabotage={("A", "Industry 3"): 2}))
    assert game.money("B") == 8 and game.money("A") == 6 + 12
    assert any("nothing there to sabotage" in e.text for e in game.log)


def test_bankrupt_corporations_cannot_be_sabotaged_or_write():
    game = nc.scenario(["A", "B", "C"], bankrupt={"C": 1}, quarter=2)
    assert game.deciders == ["A", "B"]
    refused(game, nc.Allocate("A", sabotage={("C", "Industry 1"): 1}), "C is bankrupt")
    refused(game, nc.Allocate("C"), "C went bankrupt in quarter 1")


# --- bankruptcy and winning -----------------------------------------------------------------------

def test_a_corporation_with_nothing_left_is_bankrupt_and_the_other_wins():
    game = nc.new_game(["A", "B"], seed=0)
    game.apply(nc.Allocate("A", invest={"Industry 1": 10}))
    game.apply(nc.Allocate("B", invest={"Industry 2": 5}, sabotage={("A", "Industry 1"): 5}))
    assert game.money("A") == 0
    assert game.is_bankrupt("A") and game.is_over
    assert game.winners() == ["B"] and game.deciders == []
    assert game.state.bankrupt == {"A": 1}
    assert [e.rule for e in game.log[-2:]] == ["Winning Conditions: bankruptcy", "Winning Conditions"]
    refused(game, nc.Allocate("B"), "the game is over")


def test_spending_everything_on_sabotage_also_bankrupts():
    """Ruling N2: no money to allocate, whatever emptied it."""
    game = nc.new_game(["A", "B", "C"], seed=0)
    game.apply(nc.Allocate("A", sabotage={("B", "Industry 1"): 10}))
    game.apply(nc.Allocate("B", invest={"Industry 1": 1}))
    game.apply(nc.Allocate("C", invest={"Industry 1": 1}))
    assert game.is_bankrupt("A") and not game.is_over
    assert game.corps == ["B", "C"] and game.deciders == ["B", "C"]


def test_everybody_bankrupt_in_the_same_quarter_is_a_draw():
    """Ruling N3."""
    game = nc.new_game(["A", "B"], seed=0)
    game.apply(nc.Allocate("A", invest={"Industry 1": 2}, sabotage={("B", "Industry 1"): 8}))
    game.apply(nc.Allocate("B", invest={"Industry 1": 6}, sabotage={("A", "Industry 1"): 4}))
    assert game.money("A") == 0 and game.money("B") == 0
    assert game.is_over and game.winners() == ["A", "B"]
    assert "share a draw" in game.state.end_reason


def test_a_three_way_game_goes_on_after_one_bankruptcy_and_ends_with_the_last():
    game = nc.new_game(["A", "B", "C"], seed=0)
    game.apply(nc.Allocate("A", invest={"Industry 1": 10}))
    game.apply(nc.Allocate("B", sabotage={("A", "Industry 1"): 5}, invest={"Industry 2": 5}))
    game.apply(nc.Allocate("C", invest={"Industry 3": 4}))
    assert game.corps == ["B", "C"] and not game.is_over
    assert game.scores() == {"A": 0, "B": 15, "C": 18}
    game.apply(nc.Allocate("B", invest={"Industry 1": 5}, sabotage={("C", "Industry 3"): 9}))
    game.apply(nc.Allocate("C", invest={"Industry 3": 18}))
    assert game.winners() == ["B"] and game.scores() == {"A": 0, "B": 16, "C": 0}


def test_the_default_ending_is_the_rules_own():
    """Ruling N4: by default a game has no agreed last quarter: it goes on until one corporation is
    left (or the table is deadlocked), and the quarter limit is a house rule one must ask for."""
    assert nc.Options().last_quarter is None
    game = nc.new_game(["A", "B"], seed=0)
    for _ in range(7):
        game.apply(nc.Allocate("A", invest={"Industry 1": 1}))
        game.apply(nc.Allocate("B", invest={"Industry 2": 1}))
    assert not game.is_over and game.quarter == 8   # past any quarter limit one might have agreed
    assert "house rule" not in game.options.describe()


def test_the_agreed_last_quarter_is_a_house_rule_richest_wins():
    """Ruling N4's house rule."""
    game = nc.new_game(["A", "B"], seed=0, last_quarter=2)
    assert "house rule" in game.options.describe()
    for _ in range(2):
        game.apply(nc.Allocate("A", invest={"Industry 1": 1}))
        game.apply(nc.Allocate("B", invest={"Industry 1": 2}))
    assert game.is_over and game.quarter == 2
    assert game.scores() == {"A": 14, "B": 18} and game.winners() == ["B"]
    assert game.log[-1].rule == "Ruling N4: the last quarter (house rule)"


def test_equal_money_at_the_last_quarter_shares_the_win():
    game = nc.new_game(["A", "B", "C"], seed=0, last_quarter=1)
    game.apply(nc.Allocate("A", invest={"Industry 1": 1}))
    game.apply(nc.Allocate("B", invest={"Industry 2": 1}))
    game.apply(nc.Allocate("C"))
    assert game.winners() == ["A", "B"]


def test_if_nobody_ever_sabotages_the_deadlock_ends_the_game():
    """Ruling N4: without sabotage nobody can go bankrupt (the lowest multiplier is 1), so the
    rules' ending could never come. After `deadlock_quarters` (8) quarters in a row without a
    bankruptcy the game is deadlocked: it ends there and the richest corporation wins."""
    game = nc.new_game(["A", "B", "C"], seed=0)
    assert game.options.deadlock_quarters == 8
    for quarter in range(1, 9):
        assert not game.is_over and game.quarter == quarter
        game.apply(nc.Allocate("A", invest={"Industry 1": game.money("A")}))
        game.apply(nc.Allocate("B", invest={"Industry 2": game.money("B") - 1}))
        game.apply(nc.Allocate("C"))
    assert game.is_over and game.quarter == 8
    assert game.winners() == ["A"] and game.scores()["A"] == 10 * 3 ** 8
    assert game.log[-1].rule == "Ruling N4: deadlock"
    assert "8 quarters in a row" in game.state.end_reason


def test_a_bankruptcy_restarts_the_deadlock_count():
    game = nc.new_game(["A", "B", "C"], seed=0, deadlock_quarters=3)
    game.apply(nc.Allocate("A", invest={"Industry 1": 9}))
    game.apply(nc.Allocate("B", invest={"Industry 1": 10}))
    game.apply(nc.Allocate("C", sabotage={("B", "Industry 1"): 5}, invest={"Industry 1": 5}))
    assert game.state.bankrupt == {"B": 1}
    for quarter in (2, 3, 4):
        assert not game.is_over
        game.apply(nc.Allocate("A", invest={"Industry 1": 1}))
        game.apply(nc.Allocate("C", invest={"Industry 1": 1}))
    assert game.is_over and game.quarter == 4 and game.winners() == ["A"]


def test_equal_money_at_a_deadlock_shares_the_win():
    game = nc.new_game(["A", "B"], seed=0, deadlock_quarters=1)
    game.apply(nc.Allocate("A", invest={"Industry 1": 2}))
    game.apply(nc.Allocate("B", invest={"Industry 3": 2}))
    assert game.is_over and game.winners() == ["A", "B"]


def test_the_deadlock_is_not_counted_under_the_house_rule():
    game = nc.new_game(["A", "B"], seed=0, last_quarter=12, deadlock_quarters=2)
    for _ in range(3):
        game.apply(nc.Allocate("A"))
        game.apply(nc.Allocate("B"))
    assert not game.is_over and game.quarter == 4


# --- Variable Industries ------------------------------------------------------------------------------

def test_a_new_industry_costs_one_million_to_enter():
    game = nc.new_game(["A", "B"], seed=0, variable_industries=True)
    assert game.limits("A").entry_cost["Industry 4"] == 1 and game.limits("A").entry_cost["Industry 1"] == 0
    refused(game, nc.Allocate("A", invest={"Industry 1": 5, "Industry 4": 5}),
            "allocates $11M ($10M invested, $1M cost of entry to Industry 4) but has only $10M")
    game.apply(nc.Allocate("A", invest={"Industry 1": 5, "Industry 4": 4}))
    game.apply(nc.Allocate("B", invest={"Industry 4": 2}))
    assert game.state.industries == list(CORE) + ["Industry 4"]
    assert game.money("A") == 0 + 15 + 12 and game.money("B") == 7 + 6
    assert game.reports[-1].opened == ["Industry 4"]
    opens = [e.text for e in game.log if e.rule == "Variable Industries: a new industry"]
    assert opens == ["Industry 4 opens: A and B invest in it first"]


def test_an_industry_left_empty_for_a_quarter_must_be_entered_again():
    game = nc.new_game(["A", "B"], seed=0, variable_industries=True)
    game.apply(nc.Allocate("A", invest={"Industry 1": 5}))
    game.apply(nc.Allocate("B", invest={"Industry 1": 1, "Industry 2": 1, "Industry 3": 1}))
    assert game.state.entered["A"] == ["Industry 1"]
    assert game.reports[-1].lapsed == {"A": ["Industry 2", "Industry 3"]}
    assert game.limits("A").entry_cost == {"Industry 1": 0, "Industry 2": 1, "Industry 3": 1,
                                           "Industry 4": 1, "Industry 5": 1, "Industry 6": 1}
    have = game.money("A")  # 5 + 15 = 20
    game.apply(nc.Allocate("A", invest={"Industry 1": 1, "Industry 2": 1}))
    game.apply(nc.Allocate("B"))
    assert game.money("A") == have - 1 - 1 - 1 + 3 + 3


def test_a_sabotaged_investment_still_keeps_the_entry():
    """At least $1M allocated keeps the industry, whatever sabotage did to it."""
    game = nc.new_game(["A", "B"], seed=0, variable_industries=True)
    game.apply(nc.Allocate("A", invest={i: 2 for i in CORE}))
    game.apply(nc.Allocate("B", sabotage={("A", i): 1 for i in CORE}))
    assert game.state.entered["A"] == list(CORE)
    assert game.state.entered["B"] == []  # sabotage is not an investment (ruling N10)


def test_any_corporation_may_branch_into_more_industries_limited_only_by_money():
    """Ruling N6, as the rules say: with Variable Industries alone anyone may branch into another
    industry at any time; nothing but money limits how many (a seventh was refused before)."""
    game = nc.new_game(["A", "B"], seed=0, variable_industries=True)
    assert game.options.max_industries is None
    for quarter in range(3):  # $1M of entry and $1M invested per new industry: A can afford them
        new = [f"Industry {n}" for n in range(4 + 2 * quarter, 6 + 2 * quarter)]
        game.apply(nc.Allocate("A", invest={"Industry 1": game.money("A") - 4, **{i: 1 for i in new}}))
        game.apply(nc.Allocate("B", invest={"Industry 1": 1}))
    assert game.state.industries == [f"Industry {n}" for n in range(1, 10)]   # nine, and more to come
    assert game.limits("B").industries[-3:] == ["Industry 10", "Industry 11", "Industry 12"]
    assert game.view("B").pool == game.limits("B").industries
    # B branches into an industry A created, paying its own entry
    game.apply(nc.Allocate("A", invest={"Industry 1": 2}))
    game.apply(nc.Allocate("B", invest={"Industry 8": 2}))
    line = next(l for l in game.reports[-1].lines if l.corp == "B")
    assert (line.industry, line.entry_cost, line.earnings) == ("Industry 8", 1, 6)
    # money is the limit: each new industry costs its entry
    assert game.money("B") == 19
    refused(game, nc.Allocate("B", invest={f"Industry {n}": 1 for n in range(10, 20)}),
            "allocates $20M", "but has only $19M")


def test_a_house_limit_on_industries_can_be_agreed():
    game = nc.new_game(["A", "B"], seed=0, variable_industries=True, max_industries=4)
    assert "house limit" in refused(game, nc.Allocate("A", invest={"Industry 5": 1}),
                                    "'Industry 5' is not an industry of this game", "Industry 1 to Industry 4")
    refused(game, nc.Allocate("A", invest={"Industry 100": 1}), "not an industry of this game")


# --- Variable Yield Industries --------------------------------------------------------------------------

def test_yield_decks_have_the_modules_balance():
    from megacorps.notecard.variable_yield import COMPOSITION, DECK, expected_multiplier, odds
    assert COMPOSITION == {1: 1, 2: 4, 3: 5, 4: 3, 5: 2} and len(DECK) == 15
    game = nc.new_game(["A", "B"], seed=4, variable_yield=True)
    for stack in game.state.stacks.values():
        assert sorted(stack.draw) == sorted(DECK) and stack.discard == []
    assert odds([]) == {1: 1 / 15, 2: 4 / 15, 3: 5 / 15, 4: 3 / 15, 5: 2 / 15}
    assert expected_multiplier([5, 5]) == pytest.approx(36 / 13)


def test_each_stack_is_drawn_every_quarter_and_reshuffled_when_it_runs_out():
    game = nc.new_game(["A", "B"], seed=4, variable_yield=True, deadlock_quarters=20)
    seen: dict[str, list[int]] = {i: [] for i in CORE}
    for _ in range(16):
        game.apply(nc.Allocate("A"))
        game.apply(nc.Allocate("B"))
        for industry, m in game.reports[-1].multipliers.items():
            seen[industry].append(m)
    for industry in CORE:
        # the first fifteen draws are exactly one deck; the sixteenth comes from a reshuffle
        assert sorted(seen[industry][:15]) == sorted(nc.variable_yield.DECK)
        assert game.state.stacks[industry].shuffles == 2
        assert len(game.state.stacks[industry].draw) == 14
    assert sum("discard pile was shuffled" in e.text for e in game.log) == 3


def test_with_both_modules_a_new_industry_gets_its_own_yield_deck():
    game = nc.new_game(["A", "B"], seed=2, variable_yield=True, variable_industries=True)
    assert set(game.state.stacks) == set(CORE)
    game.apply(nc.Allocate("A", invest={"Industry 5": 3}))
    game.apply(nc.Allocate("B"))
    stack = game.state.stacks["Industry 5"]
    assert len(stack.draw) == 14 and len(stack.discard) == 1
    assert game.reports[-1].multipliers["Industry 5"] == stack.discard[0]
    assert game.money("A") == 10 - 4 + 3 * stack.discard[0]
    assert any("a new yield deck is made" in e.text for e in game.log)


def test_without_variable_yield_the_multiplier_is_always_three(example_game):
    example_game.apply(maraya_card())
    example_game.apply(jeff_card())
    assert set(example_game.reports[-1].multipliers.values()) == {3}
    assert example_game.state.stacks == {}


# --- taking a card back -----------------------------------------------------------------------------------

def test_a_corporation_takes_back_only_its_own_card():
    game = nc.new_game(["A", "B", "C"], seed=0)
    a = nc.Allocate("A", invest={"Industry 1": 3})
    b = nc.Allocate("B", invest={"Industry 2": 4})
    game.apply(a)
    game.apply(b)
    assert game.undo("A") == a
    assert game.deciders == ["A", "C"] and game.state.pending == {"B": b}
    assert [e.text for e in game.log[1:]] == ["B hands in its note card, face down"]
    with pytest.raises(nc.IllegalAction, match="no note card in the pile"):
        game.undo("A")
    with pytest.raises(nc.IllegalAction, match="only its own card"):
        game.undo()
    fresh = nc.new_game(["A", "B", "C"], seed=0)
    fresh.apply(b)
    assert game == fresh  # as if A had never handed in


def test_nothing_can_be_taken_back_after_the_reveal(example_game):
    example_game.apply(maraya_card())
    example_game.apply(jeff_card())
    with pytest.raises(nc.IllegalAction, match="cards of quarter 1 were revealed"):
        example_game.undo("Maraya")
    assert example_game.money("Maraya") == 12


def test_a_seat_acts_only_for_its_own_corporation(example_game):
    seat = example_game.seat("Jeff")
    with pytest.raises(nc.IllegalAction, match="this seat plays Jeff"):
        seat.apply(maraya_card())
    seat.apply(jeff_card())
    assert seat.view().my_card == jeff_card().to_dict()
    assert seat.undo() == jeff_card()


# --- setting up ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("players, options, words", [
    (["A"], None, "2 to 6 corporations"),
    (["A", "B", "C", "D", "E", "F", "G"], None, "2 to 6 corporations"),
    (["A", "a"], None, "same name"),
    (["A", ""], None, "needs a name"),
    (["A", "B"], {"variable_yeild": True}, "option variable_yeild"),
    (["A", "B"], {"starting_money": 0}, "option starting_money"),
])
def test_bad_setups_are_refused(players, options, words):
    with pytest.raises(ValueError, match=words):
        nc.new_game(players, seed=1, options=options)


def test_options_describe_the_game():
    game = nc.new_game(["A", "B"], seed=1, variable_yield=True, variable_industries=True, last_quarter=None)
    assert game.log[0].text == ("A new game for A and B: Variable Yield Industries and Variable "
                                "Industries; $10M each; the rules' ending: play goes on until one corporation is "
                                "left (deadlocked after 8 quarters in a row without a bankruptcy: the "
                                "richest wins)")
