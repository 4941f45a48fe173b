"""Undo on the page shell takes back a human's move together with the bots' answers after it, when
the game lets the table take each of them back (the protocol's optional `takeback_depth`): in the
card game a bot passes priority after most of your moves, and Undo used to be greyed out then."""
from __future__ import annotations

from widgets.shell import HUMAN
from widgets.tcg.app import App


def _card_game(seed: int = 7):
    page = App(pause=0)
    for choice, kind in zip(page.form.kinds, [HUMAN, "Heuristic"]):
        choice.value = kind
    page.form.seed.value = str(seed)
    page.form.start.click()
    return page


def test_undo_takes_back_a_move_and_the_bots_pass_after_it_and_nothing_hidden():
    page = _card_game()
    found = 0
    for _ in range(80):
        seat = page.human_to_decide()
        if seat is None or page.game.is_over:
            break
        legal = page.game.legal_actions(seat)
        before = page.game.to_json()
        at = len(page.game.actions)
        action = legal[min(1, len(legal) - 1)]
        page.act(action)
        answered = page.game.actions[at + 1:]
        steps = page.takeback_steps(seat)
        if steps:                                            # the bots answered: Undo takes all back
            found += 1
            assert steps == 1 + len(answered) and all(a.seat != seat for a in answered)
            assert not page.game.can_undo(seat) and page.undo_button.disabled is False
            page.undo_button.click()
            assert page.error.value == "" and page.game.to_json() == before
            assert page.human_to_decide() == seat and page.game.legal_actions(seat) == legal
            shown = page.info.value
            assert shown.startswith("Taken back: ") and "what answered it" in shown
            for answer in answered:                          # each answer in public words only
                assert page.game.public_text(answer) in shown.replace("&#x27;", "'")
            page.act(action)                                 # and play on
        elif not page.game.can_undo(seat):
            assert page.undo_button.disabled
    assert found >= 5


def test_a_bots_answer_that_showed_something_hidden_cannot_be_taken_back():
    page = _card_game()
    for _ in range(80):
        seat = page.human_to_decide()
        if seat is None or page.game.is_over:
            break
        at = len(page.game.actions)
        legal = page.game.legal_actions(seat)
        page.act(legal[min(1, len(legal) - 1)])
        if len(page.game.actions) > at + 1 and page.game.takeback_depth() < len(page.game.actions) - at:
            # something in the answers (or the move itself) showed a hidden card: nothing to take back
            assert page.takeback_steps(seat) == 0 and not page.game.can_undo(seat)
            assert page.undo_button.disabled
            return
    raise AssertionError("no answer showed a hidden card in 80 moves")
