"""Deals judged against the whole table (issue 27).

Only finishing first counts, so a deal that raises a bot's own standing can still be a bad one:
at a table of four, the corp that proposes it may gain far more from it, or be the leader it
helps on its way (kingmaking). A bot's own standing minds each rival only partly (half the best
rival, half the rivals' average), which let a trader who is not its best rival gain several
times what it gave. So every answer a rival can prompt is judged, besides the bot's standing,
by what each side gains in expected final money (`evaluation.outlook`, as the bot sees it):

- a *deal* (a trade offer, a mercenary sale either way) is refused when the other side would
  gain more than the bot does (a Euro of slack: prices move in whole Euros);
- any answer (a deal, a war gift, a purchase let through) is refused when the corp it helps
  would then lead the table and gains more than half of what the bot gains: help to a leader
  must close the gap, not widen it.

`objection` says why, in game terms, or None when the answer is fine.
"""
from __future__ import annotations

from ..actions import Accept, Decline, Permit, StayOut, SupportWar, Veto
from ..state import AntitrustFrame, GameState, TradeFrame, WarFrame
from .evaluation import outlook

FAIR_SLACK = 1.0   # in a deal, the other side may gain this many Euros more than the bot
LEAD_SHARE = 0.5   # a corp that would lead may gain at most this share of what the bot gains


def gains(before: GameState, after: GameState, me: str) -> tuple[dict[str, float], dict[str, float]]:
    """What every corp's expected final money gains from `before` to `after`, and the money
    expected after, both as `me` sees them."""
    w0, w1 = outlook(before, me).worth, outlook(after, me).worth
    return {c: w1[c] - w0[c] for c in w1}, w1


def objection(before: GameState, after: GameState, me: str, partner: str, deal: bool) -> str | None:
    """Why `me` should not let the table go from `before` to `after` (the alternative it has),
    a change that helps `partner`; `deal`: a bargain the two strike (a trade, a sale), not an
    answer forced on `me` (a war gift, a purchase let through). None: no objection."""
    gain, worth = gains(before, after, me)
    mine, theirs = gain[me], gain[partner]
    lead = worth[partner] - max(v for c, v in worth.items() if c != partner)
    if theirs > 0 and lead > 0 and theirs > LEAD_SHARE * max(mine, 0.0):
        return (f"{partner} would gain about {theirs:.0f} Euros, {me} {mine:.0f}: "
                f"{partner} would lead the table by {lead:.0f} Euros")
    if deal and theirs > mine + FAIR_SLACK:
        return f"{partner} would gain more than {me} does: about {theirs:.0f} Euros against {mine:.0f}"
    return None


def beneficiary(state: GameState, action) -> tuple[str, object, bool] | None:
    """For an answer that helps one rival: (that rival, the answer that refuses it, whether it
    is a deal). None for any other choice."""
    frame = state.top_frame
    if isinstance(frame, TradeFrame) and isinstance(action, Accept):
        return frame.offer.corp, Decline(action.corp), True
    if isinstance(frame, WarFrame) and isinstance(action, SupportWar):
        side = frame.attacker if action.side == "attacker" else frame.defender
        return (side, StayOut(action.corp), False) if side and side != action.corp else None
    if isinstance(frame, AntitrustFrame) and isinstance(action, Permit):
        return frame.buyer, Veto(action.corp), False
    return None
