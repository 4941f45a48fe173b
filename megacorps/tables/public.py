"""The public table as data: what everyone may see of a position, sent by the table service so
that a seat's page can draw the board, the panels and the previews of the decision under way.

`public_state(state)` takes every secret out of a state: each hand, the deck and the cards set
aside become placeholders of the same length (their sizes are public), secret bids and votes
lose their values (who has decided stays), and the cards of a pending trade are no longer
named. `state_to_json` / `state_from_json` carry it, the decisions under way included.
"""
from __future__ import annotations

import typing
from dataclasses import fields

from ..actions import Bundle, OfferTrade, action_from_dict, action_to_dict
from ..board import Board, Deck
from ..state import AuctionFrame, ElectionFrame, Frame, GameState, TradeFrame

HIDDEN_CARD = "(hidden card)"
FRAMES = {cls.__name__: cls for cls in typing.get_args(Frame)}  # every kind of decision under way


def _hide_cards(bundle: Bundle) -> Bundle:
    return Bundle(bundle.money, bundle.mercenaries, bundle.companies, bundle.countries,
                  tuple(HIDDEN_CARD for _ in bundle.cards))


def public_state(state: GameState) -> GameState:
    """A copy of `state` with nothing hidden left in it (see the module docstring)."""
    public = state.clone()
    d = public.__dict__
    d["hands"] = {c: [HIDDEN_CARD] * len(h) for c, h in state.hands.items()}
    d["deck"] = [HIDDEN_CARD] * len(state.deck)
    d["set_aside"] = [HIDDEN_CARD] * len(state.set_aside)
    for frame in d["frames"]:
        if isinstance(frame, AuctionFrame):
            frame.bids = {c: 0 for c in frame.bids}
        elif isinstance(frame, ElectionFrame):
            frame.votes = {c: "" for c in frame.votes}
        elif isinstance(frame, TradeFrame):
            offer = frame.offer
            frame.offer = OfferTrade(offer.corp, offer.to, _hide_cards(offer.give), _hide_cards(offer.take))
    return public


def _to_json(value):
    """A frame's field as JSON data: tuples and trade offers are tagged so they come back."""
    if isinstance(value, OfferTrade):
        return {"__action__": action_to_dict(value)}
    if isinstance(value, tuple):
        return {"__tuple__": [_to_json(v) for v in value]}
    if isinstance(value, list):
        return [_to_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _to_json(v) for k, v in value.items()}
    return value


def _from_json(value):
    if isinstance(value, list):
        return [_from_json(v) for v in value]
    if isinstance(value, dict):
        if set(value) == {"__tuple__"}:
            return tuple(_from_json(v) for v in value["__tuple__"])
        if set(value) == {"__action__"}:
            return action_from_dict(value["__action__"])
        return {k: _from_json(v) for k, v in value.items()}
    return value


def _frame_to_json(frame) -> dict:
    return {"frame": type(frame).__name__, **{f.name: _to_json(getattr(frame, f.name)) for f in fields(frame)}}


def _frame_from_json(data: dict):
    cls = FRAMES.get(data.get("frame"))
    if cls is None:
        raise ValueError(f"unknown decision {data.get('frame')!r}")
    return cls(**{f.name: _from_json(data[f.name]) for f in fields(cls) if f.name in data})


def state_to_json(state: GameState) -> dict:
    """A state as JSON data, the decisions under way included (use it on a public state)."""
    data = state.model_dump(mode="json")
    data["frames"] = [_frame_to_json(f) for f in state.frames]
    return data


def state_from_json(data: dict, board: Board, deck: Deck) -> GameState:
    """The state `state_to_json` gave, on `board` and `deck`. Raises ValueError if damaged."""
    body = dict(data)
    frames = [_frame_from_json(f) for f in body.pop("frames", [])]
    state = GameState.model_validate(body)
    state.attach(board, deck)
    state.__dict__["frames"] = frames
    return state
