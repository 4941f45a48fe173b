"""What Undo takes back at a hot-seat table, or why it cannot: one answer for every game's page.

    offer = undo_offer(game, humans, at_screen, bots_to_move)
    offer.possible, offer.reason      # possible, else why not, in players' words
    offer.owner, offer.takes_back     # whose action, and what goes (newest first, public words)
    offer.needs                       # the other human who must agree first, or None
    taken = take_back(game, offer)    # do it: the actions taken back, newest first

No widgets here (the question asked before taking back another human's move is
`widgets/shell/undo_question.py`). The shell (`widgets/shell/page.py`, every game's page, MegaCorps'
too) asks it, from the kit protocol alone:

- a seat's own undo first: the human at the screen takes back its own last action when the game's
  undo policy lets that seat do so (`can_undo(seat)`: the card game and MEGAcquire while the action
  showed nothing hidden, MegaCorps its own secret bid too, the note-card game its card still face
  down);
- else the last action of any human, with the bots' answers after it, when the game lets the table
  take all of them back one after another (the protocol's optional `takeback_depth()`), or when it
  is that human's own to take back (`can_undo(owner)`, the note-card game's card in the pile);
- another human's action is taken back only once that human agrees (`needs`): at one screen the
  player who pressed Undo is not the one whose move goes;
- while bots still have to move nothing is taken back (their moves would land between the
  question and the answer);
- why not: the game over, no human has acted, the bots still moving, or what the game says stops
  the table's undo (the optional `takeback_refusal(index)`: MegaCorps names a sealed bid or vote
  and a reveal), else a wording true of every game (something hidden was shown since).
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from megacorps.errors import IllegalAction

GAME_OVER = "The game is over: its result stands."
NO_GAME = "There is no game yet."
NOTHING = "Nothing to take back: no human has acted yet."
WAIT = "Wait until the bots have finished moving."
MOVED_ON = "The game moved on since Undo was pressed: nothing was taken back."
SHARED_TABLE = "At a shared table a move sent is a move made."
HIDDEN_SHOWN = "since then something hidden was shown, and what was seen cannot be unseen."
"""Why the table cannot take an action back, for a game that says no more (`takeback_refusal`): in
every game here the table's undo stops at a card or tile drawn or shown, or a secret choice opened."""


@dataclass(frozen=True)
class UndoOffer:
    """What Undo would do now: `possible`, else `reason` (players' words); `owner` is the seat whose
    action would be taken back, `takes_back` what goes in public words, newest first (that action
    and the bots' answers after it), `needs` the seat that must agree first (another human at the
    same screen), `by_seat` whether it goes by the owner's own undo (`undo(owner)`, one action)
    rather than the table's (`undo(None)` once per action), and `at` how many actions the game had
    when asked (a question about an older position no longer applies)."""

    possible: bool
    reason: str = ""
    owner: str | None = None
    takes_back: tuple[str, ...] = ()
    needs: str | None = None
    by_seat: bool = False
    at: int = 0


def seat_of(action: Any) -> str | None:
    """The seat an action names (`seat`, or MegaCorps' `corp`); None when it names none."""
    return getattr(action, "seat", getattr(action, "corp", None))


def undo_offer(game: Any, humans: Collection[str], at_screen: str | None, bots_to_move: bool) -> UndoOffer:
    """What Undo takes back now at a table where `humans` are the seats played by people at this
    screen, `at_screen` the one the screen shows (None: nobody) and `bots_to_move` says whether a
    bot still has a move to make (see the module docstring)."""
    if game is None:
        return UndoOffer(False, NO_GAME)
    if game.is_over:
        return UndoOffer(False, GAME_OVER)
    actions = game.actions
    at = len(actions)
    if at_screen in humans and game.can_undo(at_screen):
        return _offer(game, actions, at_screen, [_last_of(actions, at_screen)], None, True)
    last = next((i for i in range(at - 1, -1, -1) if seat_of(actions[i]) in humans), None)
    if last is None:
        return UndoOffer(False, NOTHING, at=at)
    if bots_to_move:
        return UndoOffer(False, WAIT, at=at)
    owner = seat_of(actions[last])
    needs = owner if len(humans) > 1 and owner != at_screen else None
    if game.can_undo(owner):   # its own to take back (the note-card game: its card still in the pile)
        return _offer(game, actions, owner, [_last_of(actions, owner)], needs, True)
    depth = game.takeback_depth() if hasattr(game, "takeback_depth") else 0
    if depth >= at - last:     # that action and the bots' answers after it
        return _offer(game, actions, owner, range(last, at), needs, False)
    why = game.takeback_refusal(last) if hasattr(game, "takeback_refusal") else HIDDEN_SHOWN
    return UndoOffer(False, f"Cannot take back \u201c{game.public_text(actions[last])}\u201d: {why}", at=at)


def _last_of(actions: list, seat: str) -> int:
    return next(i for i in range(len(actions) - 1, -1, -1) if seat_of(actions[i]) == seat)


def _offer(game: Any, actions: list, owner: str, steps, needs: str | None, by_seat: bool) -> UndoOffer:
    words = tuple(game.public_text(actions[i]) for i in reversed(steps))
    return UndoOffer(True, "", owner, words, needs, by_seat, len(actions))


def take_back(game: Any, offer: UndoOffer) -> list:
    """Take back what `offer` (an answer of `undo_offer` for this very position) describes; returns
    the actions taken back, newest first (the owner's action last). Raises IllegalAction with the
    offer's reason when it is not possible, and nothing changes."""
    if not offer.possible:
        raise IllegalAction(offer.reason)
    if offer.by_seat:
        return [game.undo(offer.owner)]
    return [game.undo(None) for _ in offer.takes_back]


def same_question(asked: UndoOffer, now: UndoOffer) -> bool:
    """Whether `now` still offers what `asked` offered (the table has not moved since)."""
    return now.possible and (now.owner, now.takes_back, now.by_seat, now.at) == (
        asked.owner, asked.takes_back, asked.by_seat, asked.at)
