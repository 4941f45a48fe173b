"""A seat's own move is answered over HTTP while the service keeps pushing updates: an update
pushed just before the move can be read after the answer. The seat must keep the newer state
(before, it took the older one and its page showed the decision already made again for a moment,
and a click on it was lost); the next push brings the rest, log and steps whole."""
from __future__ import annotations

import megacorps as mc
from megacorps.tables.client import _Follower


def test_a_push_older_than_the_seats_own_answer_is_skipped(service):
    invitation = mc.tables.open_table(service.url, {"Ana": "Human", "Nick": "Human"}, seed=32, game="tcg")
    ana, nick = invitation.seat("Ana"), invitation.seat("Nick")
    before = invitation.seat("Ana").state      # a whole state (log from its start), as a first push is
    ana.apply(ana.legal_actions()[0])          # her bid, answered over HTTP
    nick.apply(nick.legal_actions()[0])
    now = invitation.seat("Ana")
    answered = now.state
    assert answered["at"] == before["at"] + 2

    follower = _Follower(service.url)
    follower._take(answered)                   # the answer to her move came first...
    assert not follower._pushed(before)        # ...then the update pushed before it: skipped
    assert follower.state is answered and follower.log == now.log
    assert follower._pushed(answered)          # the same position again (a push after the move): taken
    assert follower.at == answered["at"] and follower.log == now.log
