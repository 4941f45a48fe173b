"""The lesson widgets, headless: self-checks (hint, second try, numbers in words, nothing secret in
the widget before an attempt), exercises judged against their goal, opponents that react, worked
examples that wait for an attempt, the trade form, and the guided first game played to its end."""
from __future__ import annotations

import json
import random

import pytest

import megacorps as mc
from widgets.lessons import (CHECKS_FILE, CheckBook, Goal, MoveMaker, Opponent, SelfCheck, TradeMaker,
                             Verdict, checkbook, parse_number, worked_example)
from widgets.lessons.checks import Check


def widget_state(widget) -> str:
    """Everything a widget (and its children) would send to the page, as text."""
    parts = [json.dumps(widget.get_state(), default=str)]
    for child in getattr(widget, "children", ()):
        parts.append(widget_state(child))
    return "\n".join(parts)


def number_check() -> Check:
    return Check("t/n", "How many Euros does Mokia earn?", 8, "Four competitors pay 4 each: 2 x 4 = 8.",
                 "Count the unowned boxes too.")


@pytest.mark.parametrize("text,value", [("2", 2), ("two", 2), ("Forty-four", 44), ("44 Euros", 44),
                                        ("twelve euros", 12), (" 0 ", 0), ("zero", 0), ("none", None),
                                        ("3 or 4", None), ("", None)])
def test_numbers_are_read_in_digits_or_words(text, value):
    assert parse_number(text) == value


def test_a_wrong_answer_gets_a_hint_and_a_second_try_then_the_answer():
    quiz = SelfCheck(number_check())
    assert not quiz.answer("six")
    assert "Hint" in quiz.feedback.value and "Count the unowned" in quiz.feedback.value
    assert "Four competitors" not in quiz.feedback.value and "8" not in quiz.feedback.value
    assert not quiz.done
    assert not quiz.answer("7")
    assert quiz.done and "The answer is <b>8</b>" in quiz.feedback.value and "Four competitors" in quiz.feedback.value


def test_a_right_answer_in_words_gets_the_explanation():
    quiz = SelfCheck(number_check())
    assert not quiz.answer("6")
    assert quiz.answer("eight")
    assert "Right" in quiz.feedback.value and "Four competitors" in quiz.feedback.value


def test_choices_and_per_corp_numbers():
    choice = SelfCheck(Check("t/c", "Who wins?", "Globbo", "Ties go to the defender.", "Compare the totals.",
                             ("Mokia", "Globbo"), why_not={"Mokia": "6 is not bigger than 6."}))
    choice.fields[""].value = "Mokia"
    choice.button.click()
    assert "6 is not bigger than 6" in choice.feedback.value and "Ties go" not in choice.feedback.value
    choice.fields[""].value = "Globbo"
    choice.button.click()
    assert choice.solved and "Ties go" in choice.feedback.value
    per = SelfCheck(Check("t/d", "How much each?", {"Mokia": 12, "Windoze": 6}, "Three competitors.", "Count."))
    assert not per.answer({"Mokia": "12", "Windoze": "five"})
    assert "Windoze" in per.feedback.value and "Mokia" not in per.feedback.value.split("Look again at")[1].split(".")[0]
    assert per.answer({"Mokia": "twelve", "Windoze": "6"})


def test_an_empty_answer_is_not_counted_as_a_try():
    quiz = SelfCheck(number_check())
    assert not quiz.answer("")
    assert quiz.attempts == 0


def test_no_secret_is_in_the_widgets_state_before_an_attempt():
    for key, check in checkbook().checks.items():
        state = widget_state(SelfCheck(check))
        for secret in check.secrets():
            assert secret not in state, f"{key}: its hint or explanation is in the page before any attempt"
        quiz = SelfCheck(check)
        assert all(f.value in ("", None) for f in quiz.fields.values()), f"{key}: an answer field is filled in"


def test_every_check_in_the_data_file_is_well_formed_and_can_be_answered_right():
    book = CheckBook(CHECKS_FILE)
    assert book.checks
    for check in book.checks.values():
        quiz = SelfCheck(check)
        assert quiz.answer(check.answer if not isinstance(check.answer, bool) else check.answer_text())


def test_a_bad_data_file_names_the_bad_entry(tmp_path):
    bad = tmp_path / "checks.json"
    bad.write_text(json.dumps({"x/1": {"question": "?", "answer": 1, "hint": "h"}}))
    with pytest.raises(ValueError, match="x/1.*explanation"):
        CheckBook(bad)


# --- exercises with goals, against opponents ----------------------------------------------------

def antitrust_position() -> mc.Game:
    return mc.scenario(["Nonintendo", "Mokia", "Globbo"], companies={"Japan/Aerospace": "Nonintendo"},
                       countries={"European Union": "Mokia"})


def two_aerospace(before, after, moves) -> Verdict:
    n = sum(c.endswith("/Aerospace") for c in after.companies_of("Nonintendo"))
    return Verdict(n == 2, "Two Aerospace companies." if n == 2 else f"You own {n} Aerospace company.")


def test_an_exercise_judges_a_missed_goal_then_a_met_one_after_starting_over():
    maker = MoveMaker(antitrust_position(), kinds=["buy"], goal=Goal("own two Aerospace companies", two_aerospace),
                      opponents={"Mokia": Opponent(veto=True)}, show_board=False)
    assert "Goal" in maker.goal_line.value and "own two Aerospace" in maker.goal_line.value
    maker.choose("Nonintendo buys NAFTA/Biotech")
    assert maker.verdict is not None and not maker.verdict.met
    assert "Not the goal" in maker.result.value and "1 Aerospace" in maker.result.value
    maker.restart.click()
    assert maker.game.money("Nonintendo") == 40 and maker.verdict is None
    maker.choose("Nonintendo buys European Union/Aerospace")   # Mokia, an opponent, vetoes at once
    assert "vetoes" in maker.result.value and not maker.finished
    assert {a.kind for a in maker.choices()} == {"buy", "pass"}
    maker.choose("Nonintendo buys NAFTA/Aerospace")
    assert maker.verdict.met and "Goal met" in maker.result.value and maker.attempts == 2


def test_the_learner_plays_one_corp_and_never_sees_another_hand():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], deck=["Boom", "Elections"],
                       hands={"Mokia": ["Asteroid"], "Globbo": ["Revolution"]})
    maker = MoveMaker(game, opponents={c: mc.bots.GreedyBot(seed=2) for c in ("Globbo", "Nonintendo")},
                      until=lambda g: g.round == 3, show_board=False)
    assert "Your hand: Asteroid" in maker.prompt.value and "Revolution" not in widget_state(maker)
    maker.choose(mc.Pass("Mokia"))
    assert "Globbo draws an event card" in maker.result.value and "Globbo draws Boom" not in maker.result.value
    assert all(a.corp == "Mokia" for a in maker.choices())


def test_an_opponent_sells_mercenaries_at_its_price_and_plays_a_card_between_steps():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies={"NAFTA/Defense": "Globbo"},
                       hands={"Nonintendo": ["Boom"]}, mercenaries={"Mokia": 0})
    boom = {"done": False}

    def card(g, corp):
        if not boom["done"] and type(g.state.top_frame).__name__ == "MercenaryFrame":
            boom["done"] = True
            return mc.PlayCard(corp, "Boom", "Defense")
        return None

    maker = MoveMaker(game, kinds=["mercenaries"], show_board=False,
                      opponents={"Globbo": Opponent(price=3), "Nonintendo": Opponent(card=card)})
    maker.choose(mc.BuyMercenaries("Mokia", from_box=0, ask_owners=True))
    assert "offers Mokia 1 mercenary for 3 Euros" in maker.result.value
    assert boom["done"] and "plays Boom on Defense" in maker.result.value  # on the learner's turn
    maker.choose(mc.Accept("Mokia"))
    assert maker.game.mercenaries("Mokia") == 1 and maker.game.money("Globbo") == 40 + 3 + 3  # Boom on Defense (5 competitors), the sale


def test_a_bid_out_of_range_is_refused_with_a_reason_not_changed():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Mokia": ["Greedy Kleptocrats"]},
                       countries={"ASEAN": "Globbo"}, money={"Mokia": 25})
    maker = MoveMaker(game, kinds=["play"], until=lambda g: not g.state.frames, show_board=False,
                      opponents={"Globbo": Opponent(bid=lambda g, c, country: 9)})
    maker.choose(mc.PlayCard("Mokia", "Greedy Kleptocrats", "ASEAN"))
    maker.amount.value = 100
    maker.button.click()
    assert "between 0 and 25" in maker.result.value and "100 was not sent" in maker.result.value
    assert maker.game.state.top_frame is not None
    maker.amount.value = 10
    maker.button.click()
    assert maker.game.controller("ASEAN") == "Mokia" and maker.game.money("Mokia") == 15


def test_a_worked_example_waits_until_the_self_check_is_done_but_its_checks_run_at_once():
    quiz = SelfCheck(number_check())
    ran = []
    example = worked_example(lambda: (ran.append(1), print("Mokia earns 8")), after=quiz, until_done=True)
    assert ran and example.button.disabled and "Mokia earns 8" not in widget_state(example)
    with pytest.raises(RuntimeError):
        example.show()
    quiz.answer("3")  # a try is left: the example would give the answer away
    assert example.button.disabled
    quiz.answer("4")
    example.button.click()
    assert "Mokia earns 8" in example.body.value
    with pytest.raises(AssertionError):
        worked_example(lambda: (_ for _ in ()).throw(AssertionError("wrong")), after=quiz)


def test_a_trade_with_cards_is_answered_by_the_opponent_and_refusals_move_nothing():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies={"Japan/Media": "Mokia"},
                       hands={"Globbo": ["Boom"]})
    trade = TradeMaker(game, "Globbo", judge=lambda g, offer: ("Boom" in offer.give.cards, "it wants a card"))
    trade.to.value = "Mokia"
    trade.give_items.value = (("cards", "Boom"),)
    trade.take_items.value = (("companies", "Japan/Media"),)
    trade.offer_button.click()
    assert game.company_status("Japan/Media") == "Globbo" and game.hand("Mokia") == ["Boom"]
    assert "accepts" in trade.result.value
    trade.give_money.value = 500
    trade.give_items.value = ()
    trade.offer_button.click()
    assert "only" in trade.result.value and game.money("Globbo") == 40


# --- the guided first game ------------------------------------------------------------------------

def test_the_first_game_guides_explains_wrong_moves_and_ends_in_a_real_game():
    from widgets.lessons.tutorial import STEPS, FirstGame
    tour = FirstGame()
    assert tour.parts["moves"].layout.display == "none"  # the table is shown piece by piece
    tour.next()
    tour.next()
    assert tour.parts["moves"].layout.display is None and tour.parts["log"].layout.display == "none"
    with pytest.raises(RuntimeError):
        tour.next()  # a move step goes on only once its goal is met
    tour.panel.choose("Mokia buys Japan/Robotics")
    assert "Not this time" in tour.panel.result.value and tour.panel.game.money("Mokia") == 40
    for step_move in ["Mokia buys China/Robotics", None, "Mokia buys Japan/Robotics", "Mokia buys India/Robotics",
                      "Mokia pays out Robotics", "Mokia plays Boom on Robotics"]:
        if step_move:
            tour.panel.choose(step_move)
            assert tour.panel.verdict.met, step_move
        tour.next()
    assert tour.free and tour.step_index == len(STEPS) - 1
    rng = random.Random(3)
    for _ in range(200):
        if tour.finished:
            break
        tour.panel.choose(rng.choice(tour.panel.choices()))
    assert tour.finished and "Final money" in tour.coach.value
    assert "Globbo draws" not in tour.log_box.value.replace("Globbo draws an event card", "")


def test_the_first_game_points_to_continue_and_keeps_its_log_current_in_free_play():
    from widgets.lessons.tutorial import FirstGame
    tour = FirstGame()
    tour.next()
    tour.next()
    tour.panel.choose("Mokia buys China/Robotics")
    # the learner is at the move panel: it names the way on, not only Start over
    assert "Continue" in tour.panel.prompt.value
    tour = FirstGame()
    _guided_steps_to_free_play(tour)
    tour.panel.choose("Mokia buys NAFTA/Software")
    # the log shows the moves of free play, not the position free play began from
    assert "Mokia buys NAFTA/Software" in tour.log_box.value


def test_a_wrong_first_purchase_names_the_industry_in_good_english():
    from widgets.lessons.tutorial import FirstGame
    tour = FirstGame()
    tour.next()
    tour.next()
    tour.panel._clicked("NAFTA/Aerospace")  # a click on the board, outside the step's choices
    assert "a Aerospace" not in tour.panel.result.value and "Aerospace" in tour.panel.result.value


def test_why_they_did_it_leaves_out_the_silent_no_card_answers():
    # in the first game's free rounds, "Why they did it" listed "Globbo: no card of its own would
    # raise its 0 from Electronics" for every payout: answers that wrote nothing in the log
    from widgets.lessons.tutorial import FirstGame
    tour = FirstGame()
    _guided_steps_to_free_play(tour)
    rng = random.Random(5)
    while not tour.finished:
        tour.panel.choose(rng.choice(tour.panel.choices()))
    reasons = " ".join(r for _, r in tour.panel.reasons)
    assert reasons and "no card of its own" not in reasons


def _guided_steps_to_free_play(tour) -> None:
    """Play the first game's guided steps the way the coach asks, into free play."""
    tour.next()
    tour.next()
    tour.panel.choose("Mokia buys China/Robotics")
    for move in [None, None, "Mokia buys Japan/Robotics", "Mokia buys India/Robotics",
                 "Mokia pays out Robotics", "Mokia plays Boom on Robotics"]:
        if move:
            tour.panel.choose(move)
        tour.next()
    assert tour.free


def test_the_first_game_page_says_the_game_was_played_only_once_it_was():
    # the page's "What next", under the game, read "You have played a whole game" from the
    # start (in Voila and on Binder it is on screen before the first move)
    from pathlib import Path

    from widgets.lessons.tutorial import FirstGame
    notebook = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / "00-first-game.ipynb").read_text())
    static = " ".join("".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown").lower()
    for claim in ("you have played", "you played a whole", "you have finished", "now that you have played"):
        assert claim not in static
    tour = FirstGame()
    assert "played a whole game" not in widget_state(tour)
    _guided_steps_to_free_play(tour)
    assert "played a whole game" not in widget_state(tour)
    rng = random.Random(2)
    while not tour.finished:
        tour.panel.choose(rng.choice(tour.panel.choices()))
    assert "played a whole game" in tour.coach.value   # said once it is true, by the game itself
