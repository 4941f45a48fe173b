"""The choices made before a game: the decks, and every ruling of the notes (§3) that can go two
ways, each with the notes' recommended default (docs/rulings-tcg.md explains them)."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from ..kit.options import parse_options as read_options
from .cards import Card, DeckFile

SEATS = 2  # the rules' default table; more players are not offered (see docs/tcg.md)


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    decks: list[str | DeckFile] = Field(["incarnes", "corporation"], description="One deck per seat: a "
                                        "sample deck's name or a deck file's content")
    extra_cards: list[Card] = Field([], description="Cards of your own, usable in the decks")
    bidding: bool = Field(True, description="L344-346: False = nobody bids: random first player, 10M each")
    accounting_order: Literal["french", "classic"] = Field(
        "french", description="X2: French order (triggers, cashflow, disengage, upkeep, reveal, draw) or "
        "the public classic order (upkeep first)")
    first_player_draws: bool = Field(False, description="X3: does the first player draw on the first turn")
    disaster_searchers: Literal["others", "everyone"] = Field("others", description="X7: who may search for a "
                                                              "crisis card when a DISASTER LEVEL card is deployed")
    resolved_events: Literal["stay_until_end", "leave_at_once"] = Field(
        "stay_until_end", description="X8: a resolved event stays in its slot until the End phase, or goes to "
        "the bottom of its owner's market at once")
    broke_check: Literal["everyone", "active_player"] = Field(
        "everyone", description="X9: at the start of an End phase, every player at 0M loses, or only the active one")
    cancelled_events: Literal["destroyed", "annihilated"] = Field(
        "destroyed", description="X10: a cancelled event is destroyed (to its owner's market) or annihilated")
    unique_sales_use_the_sale: bool = Field(False, description="X15: do the forced UNIQUE sales from hand use up "
                                            "the Divest phase's one sale")
    damage_destroys: Literal["any_card", "characters_and_companies"] = Field(
        "any_card", description="X12: which cards marked damage destroys")
    flight_while_attacking: bool = Field(True, description="A29: a flyer keeps FLIGHT in its own attack although "
                                         "attacking engaged it (False: the literal reading, it loses it)")
    producers: Literal["characters", "any_card"] = Field("characters", description="A4: which cards may be "
                                                         "engaged to produce traits")
    production_amount: Literal["current", "printed"] = Field("current", description="A4: a producing card gives "
                                                             "its current score, or its printed one")
    damage_lasts: Literal["end_of_turn", "end_of_combat"] = Field("end_of_turn", description="A5")
    engaged_defender_retaliates: bool = Field(False, description="A6")
    initiative_for_defenders: bool = Field(True, description="A8: INITIATIVE works for defenders as well")
    zero_damage_destroys: bool = Field(False, description="A9: does 0 damage destroy a card with score 0")
    attack_range: Literal["anywhere", "same_network"] = Field("anywhere", description="A11")
    zone_attack_rotation: bool = Field(True, description="A12: may a ZONE ATTACK rectangle be turned 90°")
    zone_effect_distance: Literal["chebyshev", "manhattan"] = Field("chebyshev", description="A13")
    purchase_transfers_ownership: bool = Field(False, description="A16")
    market_price_to: Literal["bank", "pile_owner"] = Field("bank", description="A17")
    reveal_buy: Literal["now", "buy_phase"] = Field("now", description="A18: the revealed resource card can be "
                                                    "bought at once only, or until the end of the Buy phase")
    max_bid: int = Field(9, ge=0, le=10, description="A19: the highest bid")
    mulligans: Literal["repeatable", "once"] = Field("repeatable", description="A20")
    fizzle_on: Literal["leaves_play", "destroyed"] = Field("leaves_play", description="A23")
    mutation_placement: Literal["bonded", "adjacent"] = Field("bonded", description="A25")
    crisis_match: Literal["at_most", "exactly"] = Field("at_most", description="A27")
    founder_sellable: bool = Field(True, description="A30")
    sell_from_rival_network: bool = Field(False, description="A31: may you sell a card you own and control "
                                          "that sits in the rival's network")
    regenerate_clears_changes: bool = Field(True, description="A37: REGENERATE removes the changes until the end "
                                            "of the turn as well as the damage")
    empty_resource_deck_loses: bool = Field(False, description="Our ruling: an empty resource deck skips the "
                                            "reveal; True makes it lose like an empty main deck")
    disengage_scope: Literal["controlled", "own_network"] = Field("controlled", description="A33")
    sweep_orphans_after_events: bool = Field(True, description="Our ruling: cards left orphaned when the End "
                                             "phase removes the events are swept at once too")
    shuffle_after_search: bool = Field(True, description="§1.4: shuffle every deck searched")
    max_turns: int = Field(400, ge=2, le=10_000, description="A safety stop: the game is a tie after this "
                                                            "many turns (the rules have none; decks run out first)")

    @field_validator("decks", mode="before")
    @classmethod
    def _names_in_one_word(cls, v):
        """`incarnes,gnosts` (the tournament's `--option decks=incarnes,gnosts`) is two sample decks."""
        return [name.strip() for name in v.split(",")] if isinstance(v, str) else v


def parse_options(options: "Options | dict | None") -> Options:
    """`options` as an Options value; raises ValueError naming a bad or unknown option (the kit's
    reader, shared by every game)."""
    return read_options(Options, options)
