"""Undo on the page shell takes back a human's move together with the bots' answers after it, when
the game lets the table take each of them back (the protocol's optional `takeback_depth`): in the
card game a bot passes priority after most of your moves, and Undo used to be greyed out then."""
from __future__ import annotations

import re
from html import escape, unescape

from widgets.shell import HUMAN
from widgets.tcg.app import App


def _card_game(seed: int = 7):
    page = App(pause=0)
    for choice, kind in zip(page.form.picker.kinds, [HUMAN, "Heuristic"]):
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
        offer = page.undo_offer()
        if offer.possible and not offer.by_seat:             # the bots answered: Undo takes all back
            found += 1
            assert offer.owner == seat and offer.needs is None
            assert len(offer.takes_back) == 1 + len(answered) and all(a.seat != seat for a in answered)
            assert not page.game.can_undo(seat) and page.header.undo_possible
            page.undo_button.click()
            assert page.error.value == "" and page.game.to_json() == before
            assert page.human_to_decide() == seat and page.game.legal_actions(seat) == legal
            shown = unescape(re.sub("<[^>]+>", "", page.info.value))
            assert shown.startswith("Taken back: ") and "what answered it" in shown
            for answer in answered:                          # each answer in public words only
                assert page.game.public_text(answer) in shown
            page.act(action)                                 # and play on
        elif not page.game.can_undo(seat):
            assert not page.header.undo_possible
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
            offer = page.undo_offer()
            assert not offer.possible and not page.game.can_undo(seat)
            assert "something hidden was shown" in offer.reason     # the card game says no more than that
            assert not page.header.undo_possible
            return
    raise AssertionError("no answer showed a hidden card in 80 moves")


def _two_humans(seed: int = 7):
    page = App(pause=0)
    for choice in page.form.picker.kinds[:2]:
        choice.value = HUMAN
    page.form.seed.value = str(seed)
    page.form.start.click()
    return page


def _to_screen(page) -> str:
    if page.gated():
        page.gate_button.click()
    return page.human_to_decide()


def test_at_a_hot_seat_table_undo_asks_the_other_human_before_taking_its_move_back():
    page = _two_humans()
    for _ in range(200):                      # on until one human's move leaves the other to decide
        mover = _to_screen(page)
        legal = page.game.legal_actions(mover)
        before, at = page.game.to_json(), len(page.game.actions)
        page.act(legal[min(1, len(legal) - 1)])
        other = _to_screen(page)
        offer = page.undo_offer()
        if other not in (None, mover) and offer.possible and (offer.owner, offer.needs, len(offer.takes_back)) == (mover, mover, 1):
            break
    else:
        raise AssertionError("no move of one human left the other to decide")
    assert page.shown_seat() == other and page.header.undo_possible
    after = page.game.to_json()
    page.undo_button.click()                  # the other human asks: nothing is taken back yet
    assert page.undo_box.layout.display is None and f"Only <b>{mover}</b> may agree" in page.undo_text.value
    assert page.undo_yes.description == f"I am {mover}: take it back"
    assert f"It would take back: {escape(page.game.public_text(page.game.actions[-1]))}." in page.undo_text.value
    assert page.game.to_json() == after
    page.undo_no.click()                      # Keep it
    assert page.undo_box.layout.display == "none" and page.game.to_json() == after
    page.undo_button.click()
    page.undo_yes.click()                     # the mover agrees
    assert page.error.value == "" and page.game.to_json() == before and len(page.game.actions) == at
    assert page.human_to_decide() == mover and page.gated()     # the screen waits for the mover
    assert "pass the screen to" in page.info.value and str(legal[min(1, len(legal) - 1)]) not in page.info.value


def test_the_question_lapses_when_the_table_moves_on():
    page = _two_humans()
    for _ in range(200):
        mover = _to_screen(page)
        legal = page.game.legal_actions(mover)
        page.act(legal[min(1, len(legal) - 1)])
        other = _to_screen(page)
        if other not in (None, mover) and page.undo_offer().needs == mover:
            break
    else:
        raise AssertionError("no move of one human left the other to decide")
    page.undo_button.click()
    assert page.undo_asked is not None
    page.act(page.game.legal_actions(other)[0])        # the other human plays on instead
    assert page.undo_box.layout.display == "none" and page.undo_asked is None
    now = page.game.to_json()
    page.undo_yes.click()                                # a stale answer takes nothing back
    assert page.game.to_json() == now and page.error.value == ""
