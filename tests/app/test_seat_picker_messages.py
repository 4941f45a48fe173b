"""MegaCorps' seat picker takes the page's choices as messages (in order with the page's clicks)
and answers each; a malformed one changes nothing."""
from __future__ import annotations

from widgets.megacorps_app.seat_picker import EMPTY, CorpSeats


def test_the_pages_choices_arrive_as_messages_and_each_is_answered():
    seats = CorpSeats()
    picker = seats.widget
    answers = []
    picker.send = lambda content, buffers=None: answers.append(content)
    before = [list(s) for s in picker.seats]
    chosen = [["Mokia", "Human"], ["Globbo", "Human"], ["Nonintendo", "Human"], [EMPTY, "Random"],
              [EMPTY, "Greedy"], [EMPTY, "Greedy"]]
    for bad in ({"type": "seats", "seats": "all humans"}, {"type": "seats", "seats": chosen[:2]},
                {"type": "seats", "seats": [[1, 2]] * 6}):
        picker._on_msg(picker, bad, [])
        assert picker.seats == before                     # nothing changes
    picker._on_msg(picker, {"type": "seats", "seats": chosen}, [])
    assert picker.seats == chosen and answers == [{"type": "heard"}] * 4
    assert seats.seats() == {"Mokia": "Human", "Globbo": "Human", "Nonintendo": "Human"}
