"""Undo on the note-card page, through the shell's one answer (widgets/shell/takeback.py) and its
question (widgets/shell/undo_question.py): the card game of hidden notes has no table undo, only
each corporation's own card while it is face down in the pile. At a shared screen the next writer's
Undo asks the last writer to agree, tells only that a card was handed in, and lapses when the table
moves on; once the cards are turned over, Undo says why nothing can be taken back."""
from __future__ import annotations

from test_notecard_widgets import new_app, write


def test_the_next_writers_undo_asks_the_last_writer_and_tells_nothing_of_the_card():
    app = new_app({"Maraya": "Human", "Jeff": "Human", "Ana": "Human"})
    write(app, "Maraya", {"Industry 3": 5})
    app.gate_button.click()                        # Jeff at the screen, his card open
    offer = app.undo_offer()
    assert offer.possible and (offer.owner, offer.needs, offer.by_seat) == ("Maraya", "Maraya", True)
    assert app.header.undo_possible
    pile = dict(app.game.state.pending)
    app.undo_button.click()
    text = app.undo_text.value
    assert app.undo_box.layout.display is None and app.game.state.pending == pile   # asked, nothing taken
    assert "Only <b>Maraya</b> may agree" in text and app.undo_yes.description == "I am Maraya: take it back"
    assert "It would take back: Maraya hands in its note card, face down." in text
    assert "$5M" not in text and "Industry 3" not in text                          # the card stays secret
    app.undo_no.click()                            # Keep it
    assert app.undo_box.layout.display == "none" and app.game.state.pending == pile
    app.undo_button.click()
    app.undo_yes.click()                           # Maraya agrees: her card goes back, the screen waits for her
    assert "Maraya" not in app.game.state.pending and app.human_to_decide() == "Maraya" and app.gated()
    assert app.viewer is None and "pass the screen to Maraya" in app.info.value and app.error.value == ""


def test_the_question_lapses_when_the_table_moves_on():
    app = new_app({"Maraya": "Human", "Jeff": "Human", "Ana": "Human"})
    write(app, "Maraya", {"Industry 3": 5})
    app.gate_button.click()
    app.undo_button.click()
    assert app.undo_asked is not None and app.undo_box.layout.display is None
    app.parts.desk.fill({"Industry 1": 1})
    app.parts.desk.hand_in_button.click()          # Jeff hands in his card instead
    assert app.undo_asked is None and app.undo_box.layout.display == "none"
    pile = dict(app.game.state.pending)
    app.undo_yes.click()                           # a late answer takes nothing back
    assert app.game.state.pending == pile and app.error.value == ""


def test_once_the_cards_are_turned_over_undo_says_why_not():
    app = new_app({"Maraya": "Human", "Rob": "Cautious"})
    write(app, "Maraya", {"Industry 3": 5})        # the last card: the quarter is revealed
    assert app.parts.reveal.active
    app.parts.reveal.all_button.click()
    app.parts.reveal.done_button.click()
    offer = app.undo_offer()
    assert not offer.possible and not app.header.undo_possible
    assert offer.reason.startswith("Cannot take back \u201cMaraya hands in its note card, face down\u201d")
    assert "something hidden was shown" in offer.reason
    actions = list(app.game.actions)
    app.undo_button.click()                        # clicked anyway: the reason, and nothing changes
    assert "Undo is not possible now. Cannot take back" in app.error.value and app.game.actions == actions
