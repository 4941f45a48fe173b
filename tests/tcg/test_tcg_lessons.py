"""The card game's lessons (notebooks/tcg/): each task's answer is the engine's, worked out from
the position; the learner gets a hint first, the answer only after a second try; nothing on the
page gives the answer (or the rival's hidden cards) away before an attempt."""
import html

import ipywidgets as W
import pytest

from widgets.tcg.lessons import TASKS, check, position, task, worked

# The rules worked by hand for each position (see the lessons' explanations).
BY_HAND = {
    "tcg01/cashflow": 3 + 1 + 2 - 1,             # ready CASHFLOW 1 and 2; the engaged card pays nothing; UPKEEP 1
    "tcg02/buy": {"M left": 7 - 4, "QI left": 4 - 2},
    "tcg02/challenge": "Quorum Cleric is destroyed; Nanoblood Sentinel survives",   # QC 3 kills QC 2; 2 back < 3
    "tcg03/stack": "It survives with 1 QM damage",  # the heal (on top) first, then 1 QM on a clean QM 2
}


def all_text(widget) -> str:
    """Every string a widget (and its children) holds in its state: what the page could show."""
    out = []
    for name in widget.keys:
        value = getattr(widget, name, None)
        if isinstance(value, str):
            out.append(value)
        elif isinstance(value, (list, tuple)):
            out += [str(v) for v in value if not isinstance(v, W.Widget)]
    for child in getattr(widget, "children", ()):
        out.append(all_text(child))
    return "\n".join(out)


@pytest.mark.parametrize("key", list(BY_HAND))
def test_the_engine_answers_as_the_rules_worked_by_hand(key):
    assert check(key).answer == BY_HAND[key]


def test_every_task_has_its_rules_worked_by_hand():
    assert set(TASKS) == set(BY_HAND)


def wrong(c):
    if c.choices:
        return next(x for x in c.choices if x != c.answer)
    if isinstance(c.answer, dict):
        return {k: v + 1 for k, v in c.answer.items()}
    return c.answer + 1


@pytest.mark.parametrize("key", list(TASKS))
def test_a_hint_first_the_answer_after_the_second_try(key):
    widget = task(key)
    c = widget.check
    before = all_text(widget)
    assert c.explanation not in before and c.hint not in before
    assert not widget.answer(wrong(c))
    shown = widget.feedback.value
    assert "Not yet" in shown and "Hint" in shown and c.explanation[:40] not in shown
    assert not widget.answer(wrong(c))
    assert widget.done and "The answer is" in widget.feedback.value


@pytest.mark.parametrize("key", list(TASKS))
def test_a_right_answer_is_explained(key):
    widget = task(key)
    assert widget.answer(widget.check.answer)
    assert "Right" in widget.feedback.value and widget.solved


@pytest.mark.parametrize("key", list(TASKS))
def test_the_worked_example_opens_only_after_an_attempt(key):
    widget = task(key)
    example = worked(key, after=widget)
    assert example.button.disabled and example.body.value == ""
    with pytest.raises(RuntimeError):
        example.show()
    widget.answer(wrong(widget.check))
    example.show()
    assert example.body.value and example.shown


def test_the_position_shows_the_learners_side_only():
    page = all_text(position("tcg01/cashflow"))
    assert "Revelation" not in page                       # Nick's hand stays hidden
    assert "Vat-Born Neonate" in page                     # Ana's own hand is shown
    assert "Loyal Subscribers\n2M char\nQI0 QE2 QM1 QC0\nCASHFLOW 1 LOYAL\nENGAGED" in page   # the engaged card is marked
    assert "sample pool" in page


def test_the_stack_is_shown_bottom_first():
    page = html.unescape(all_text(position("tcg03/stack")))
    items = page.split("<ol>")[1].split("</ol>")[0].split("<li>")[1:]
    assert [i.split(",")[0] for i in items] == ["Bribery Scandal (Ana)", "Quorum Cleric's ability (Nick)"]
    assert all("aimed at Veiled Pilgrim" in i for i in items)


def test_an_unknown_task_is_named():
    with pytest.raises(KeyError, match="tcg01/cashflow"):
        task("tcg09/nothing")


# --- what a learner meets (a learner's read-through of the lessons) ---------------------------------------

@pytest.mark.parametrize("key", [k for k in TASKS if TASKS[k].choices])
def test_a_wrong_choice_says_what_it_overlooked_without_the_answer(key):
    c = check(key)
    assert set(c.why_not) == set(c.choices) - {c.answer}      # every wrong choice has its note; the right one none
    for given, note in c.why_not.items():
        widget = task(key)
        assert widget.answer(given) is False
        shown = html.unescape(widget.feedback.value)
        assert note in shown and "Hint" in shown and c.answer not in shown


def test_the_cashflow_question_names_the_keywords_it_counts():
    question = check("tcg01/cashflow").question
    assert all(k in question for k in ("CASHFLOW 1", "CASHFLOW 2", "UPKEEP 1"))


def test_a_card_face_shows_its_keywords_with_their_numbers():
    """Keywords were only in the tooltips, which a touch screen never shows: the faces list them,
    the tooltip still says what each does."""
    page = all_text(position("tcg01/cashflow"))
    assert "Premium Clientele\n3M char\nQI1 QE1 QM1 QC0\nCASHFLOW 2 UPKEEP 1\n" in page
    assert "CASHFLOW 2: Pays its amount" in page   # the tooltip still explains it


def test_a_card_shows_its_whole_price_value_and_trait_cost():
    page = all_text(position("tcg02/buy"))
    assert "Exo-Frame Mech\n4M+2QI char\n" in page                      # the question's "4M + 2 QI", on the card
    assert "Exo-Frame Mech — character, value 4M, trait cost 2 QI" in page
    assert "Nanoblood Clerk\n1M char\n" in page                         # no trait cost: the value alone
