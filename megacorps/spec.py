"""MegaCorps in the kit's registry (`megacorps.kit.get("megacorps")`): how the tools make,
load and drive it. Nothing of the rules is here."""
from __future__ import annotations

import random

from .kit.protocol import GameSpec
from .kit.tables import TableParts


def _new_game(seats: list[str], seed: int | None = None, options: dict | None = None):
    """A new game; the only options are a `board` and a `deck` (their JSON data), which a table
    stores so that it replays on the board it was set up with."""
    from pydantic import ValidationError

    from . import new_game
    from .board import Board, Deck, check_pair, load_board, load_deck
    options = dict(options or {})
    unknown = set(options) - {"board", "deck"}
    if unknown:
        raise ValueError(f"MegaCorps has no option {sorted(unknown)[0]!r} (its options are a board and a deck)")
    try:
        board = Board.model_validate(options["board"]) if "board" in options else None
        deck = Deck.model_validate(options["deck"]) if "deck" in options else None
    except ValidationError as err:
        first = err.errors()[0]
        raise ValueError(f"option {'.'.join(map(str, first['loc']))}: {first['msg']}") from None
    if board is not None or deck is not None:
        if board == load_board():
            board = load_board()
        if deck == load_deck():
            deck = load_deck()
        check_pair(board or load_board(), deck or load_deck())
    return new_game(seats, seed=seed, board=board, deck=deck)


class MegaCorpsTable(TableParts):
    """What MegaCorps' table pages draw: the public state (the board with its decisions under
    way, every hand and the deck as placeholders), each step's money, controllers and
    companies, and the board and deck a table was set up with."""

    def round(self, game) -> int:
        return game.state.round

    def money(self, game) -> dict[str, int]:
        return dict(game.state.money)

    def step_record(self, game, action, round_before: int, said: str) -> list:
        state = game.state
        return [round_before, action.corp, action.kind, said, dict(state.money),
                dict(state.controllers), dict(state.companies)]

    def reason_is_public(self, game, step: int) -> bool:
        from .actions import Sealed
        return not isinstance(game.actions[step], Sealed)  # a bid's reason names its amount

    def public(self, game) -> dict:
        from .tables.public import public_state, state_to_json
        return state_to_json(public_state(game.state))

    def setup(self, game) -> dict:
        """The board and the deck's contents (public; the deck's order is not in it)."""
        return {"board": game.board.model_dump(mode="json"),
                "deck": game.state.deck_spec.model_dump(mode="json")}

    def fingerprint(self, game, seat: str) -> tuple:
        """Its choices, its hand, and the public board apart from money and mercenaries (which
        move while simultaneous answers come in: war gifts) and from who is still to answer
        (secret bids and votes, payout cards)."""
        state = game.state
        return (tuple(game.legal_actions(seat)), game.may_offer_trades(seat), tuple(state.hands.get(seat, ())),
                state.phase, state.round, state.active, state.paid, len(state.frames),
                type(state.top_frame).__name__, tuple(state.companies.values()),
                tuple(state.controllers.values()), tuple(state.governments.values()),
                tuple(state.in_play), tuple(state.discard))

    def extra_seat(self, game, seat: str, live: bool) -> dict:
        return {"may_offer_trades": bool(live and game.may_offer_trades(seat))}

    def pinned_options(self, game) -> dict:
        return self.setup(game)


def _load_game(text):
    from .game import Game
    return Game.from_json(text)


def _levels() -> dict:
    from .bots import LEVELS
    return dict(LEVELS)


def _hidden_twins(seed: int):
    """Two positions of round 1 that differ only in the card Globbo holds and the deck's order
    (the two cards swapped): Mokia must not tell them apart (Hidden information: hands, deck)."""
    from . import load_deck, scenario
    corps = ["Mokia", "Globbo", "Nonintendo", "Lenogo"]
    names = [card.name for card in load_deck().cards]
    rng = random.Random(seed)
    rng.shuffle(names)
    mine, theirs, other, deck = names[0], names[1], names[2], names[3:]
    twins = [scenario(corps, hands={"Mokia": [mine], "Globbo": [held]}, deck=[top, *deck], seed=seed)
             for held, top in ((theirs, other), (other, theirs))]
    return twins[0], twins[1], "Mokia"


def _tournament_kind(options: dict | None = None):
    from .tournament import MEGACORPS
    if options:
        raise ValueError("MegaCorps has no options")
    return MEGACORPS


def _seat_names(n: int) -> list[str]:
    from . import CORPS
    return list(CORPS[:n])


def _action_to_dict(action) -> dict:
    from .actions import action_to_dict
    return action_to_dict(action)


def _action_from_dict(data: dict):
    from .actions import action_from_dict
    return action_from_dict(data)


SPEC = GameSpec(
    name="megacorps", title="MegaCorps", min_seats=3, max_seats=6,
    default_seats=("Mokia", "Globbo", "Nonintendo", "Lenogo"),
    new_game=_new_game, load_game=_load_game, action_to_dict=_action_to_dict,
    action_from_dict=_action_from_dict, bot_levels=_levels, hidden_twins=_hidden_twins,
    tournament_kind=_tournament_kind, seat_names=_seat_names, table=MegaCorpsTable(),
    view_model=lambda: __import__("megacorps.view", fromlist=["CorpView"]).CorpView,
)
