"""Cards as data: the card-file and deck-file formats of the Megacorp trading card game.

A card is numbers (value, trait cost, the four traits, "–" being a missing key), tags,
glossary keywords with their parameter, and behaviour written with a small, fixed set of effect
verbs (`Effect`), so that a player can write new cards without Python. The engine interprets
the verbs once; it never looks at a card's name.

A card file holds a list of cards; a deck file names a company, a founder and the counts of the
resource and main deck cards (construction rules, notes §1.1: at least 20 resource cards, at
least 40 main cards, at most 4 copies of one main card). Every problem raises
`megacorps.errors.BadDataFile` naming the bad entry.
"""
from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from ..errors import BadDataFile

DATA = Path(__file__).parent / "data"
TRAITS = ("QI", "QE", "QM", "QC")
Trait = Literal["QI", "QE", "QM", "QC"]
CardType = Literal["character", "event", "equipment", "location", "company"]
DeckPart = Literal["resource", "main", "company", "founder"]
SAMPLE_NOTICE = "sample card, not official"

# glossary keywords (notes §1.16) and the kind of parameter each takes
NUMBER_KEYWORDS = {"CASHFLOW", "UPKEEP", "DEAD DROP", "MUTATION", "DISASTER LEVEL", "CRISIS", "ZONE EFFECT"}
TAG_KEYWORDS = {"CAMOUFLAGE", "DEMOLISHER", "REGENERATE"}  # REGENERATE: the tag of the card annihilated to pay
PLAIN_KEYWORDS = {"ABRUPTION", "ASSASSIN", "BOND", "DEVELOPMENT", "DISRUPTOR", "ELUSIVE", "INDEPENDENT",
                  "INDESTRUCTIBLE", "INITIATIVE", "LOYAL", "MELEE", "MOVE", "OVERWATCH", "PENETRATOR",
                  "PERMANENT", "PRECISION", "REFLEXES", "SUPPRESSOR", "SWAP", "TERRAIN", "UNIQUE", "FLIGHT"}
KEYWORDS = NUMBER_KEYWORDS | TAG_KEYWORDS | PLAIN_KEYWORDS | {"ZONE ATTACK"}
ZONE_SHAPE = re.compile(r"^(QI|QE|QM|QC) ([1-9])x([1-9])$")


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Keyword(Strict):
    """A glossary keyword: `kw` and its parameter (a number, a tag, or "QC 2x2" for ZONE ATTACK)."""

    kw: str
    param: int | str | None = None

    @model_validator(mode="after")
    def _param_fits(self):
        kw, p = self.kw, self.param
        if kw not in KEYWORDS:
            raise ValueError(f"unknown keyword {kw!r} (the glossary's are {', '.join(sorted(KEYWORDS))})")
        if kw in NUMBER_KEYWORDS and not (isinstance(p, int) and p >= 0):
            raise ValueError(f"{kw} takes a whole number >= 0")
        if kw in TAG_KEYWORDS and not (isinstance(p, str) and p) and not (kw == "REGENERATE" and p is None):
            raise ValueError(f"{kw} takes a tag")
        if kw == "ZONE ATTACK" and not (isinstance(p, str) and ZONE_SHAPE.match(p)):
            raise ValueError("ZONE ATTACK takes a trait and a size, like 'QC 2x2'")
        if kw in PLAIN_KEYWORDS and p is not None:
            raise ValueError(f"{kw} takes no parameter")
        return self

    def __str__(self) -> str:
        return self.kw if self.param is None else f"{self.kw} {self.param}"


class Filter(Strict):
    """Which cards qualify. Every condition given must hold; an empty filter takes any card."""

    types: list[CardType] = []
    tags: list[str] = []                          # the card has every one of these tags
    tags_any: list[str] = []                      # the card has at least one of these tags
    max_value: int | None = None                  # its current value is at most this
    control: Literal["any", "you", "opponent"] = "any"
    not_company: bool = False
    crisis_at_most: int | None = None             # a CRISIS keyword with level <= this (ruling A27)
    adjacent_to_source: bool = False              # orthogonally next to the card the effect comes from
    same_network_as_source: bool = False
    under_another: bool = False                   # bonded under another card
    owned_by_you: bool = False
    other_than_source: bool = True


class Target(Strict):
    """What an event or ability targets when it is played (notes §1.13: targets are slots, or an
    item on the rules stack for CANCEL, or an opponent, or an empty slot for MOVE)."""

    kind: Literal["card", "event", "ability", "opponent", "empty_slot"] = "card"
    filter: Filter = Filter()


# --- the effect verbs -----------------------------------------------------------------------
Who = Literal["target", "self", "above"]


class DealDamage(Strict):
    verb: Literal["deal_damage"]
    trait: Trait
    amount: int = Field(ge=0)
    to: Literal["target", "zone"] = "target"      # zone: every other card within ZONE EFFECT of the source


class GainMoney(Strict):
    verb: Literal["gain_money"]
    amount: int = Field(ge=0)


class LoseMoney(Strict):
    verb: Literal["lose_money"]
    amount: int = Field(ge=0)
    who: Literal["opponents", "you"] = "opponents"


class Engage(Strict):
    verb: Literal["engage"]
    to: Who = "target"


class Draw(Strict):
    verb: Literal["draw"]
    amount: int = Field(1, ge=1)


class Search(Strict):
    verb: Literal["search"]
    deck: Literal["main", "resource", "either"] = "main"
    filter: Filter = Filter()
    to: Literal["hand", "adjacent", "bond_under_self"] = "hand"
    reveal: bool = True


class Bond(Strict):
    """The source goes under the target card (BOND, notes §1.14)."""
    verb: Literal["bond"]


class BondAdjacent(Strict):
    """The controller may put an adjacent card matching `filter` under the source (the mech)."""
    verb: Literal["bond_adjacent"]
    filter: Filter = Filter()


class UnbondRedeploy(Strict):
    verb: Literal["unbond_redeploy"]


class Cancel(Strict):
    verb: Literal["cancel"]


class Annihilate(Strict):
    verb: Literal["annihilate"]


class Destroy(Strict):
    verb: Literal["destroy"]


class Modify(Strict):
    """Until the end of the turn: trait changes, keywords gained; `one_trait` asks the player which
    trait the change goes to (a trait the card has)."""
    verb: Literal["modify"]
    to: Who = "target"
    traits: dict[Trait, int] = {}
    one_trait: int | None = None
    keywords: list[Keyword] = []


class Heal(Strict):
    verb: Literal["heal"]


class AddTokens(Strict):
    verb: Literal["add_tokens"]
    amount: int = Field(1, ge=1)
    strong_bonus: int = 0                         # more when the engaged character has QI or QC >= 4
    max: int = Field(99, ge=1)


class Win(Strict):
    verb: Literal["win"]
    min_tokens: int = 0                           # only if the source has at least this many tokens


class DiscardFromHand(Strict):
    """Look at the targeted opponent's hand and pick a card they discard (DISCARD: top of the market)."""
    verb: Literal["discard_from_hand"]


class MoveSelf(Strict):
    verb: Literal["move"]


class SwapSelf(Strict):
    verb: Literal["swap"]


EFFECT_MODELS = (DealDamage, GainMoney, LoseMoney, Engage, Draw, Search, Bond, BondAdjacent, UnbondRedeploy,
                 Cancel, Annihilate, Destroy, Modify, Heal, AddTokens, Win, DiscardFromHand, MoveSelf, SwapSelf)
Effect = Annotated[Union[EFFECT_MODELS], Field(discriminator="verb")]
VERBS = tuple(m.model_fields["verb"].annotation.__args__[0] for m in EFFECT_MODELS)


# what kind of target each verb acts on when it acts on "the target" (None: it needs none)
NEEDS_TARGET = {"deal_damage": "card", "engage": "card", "bond": "card", "unbond_redeploy": "card", "cancel": "stack",
                "annihilate": "card", "destroy": "card", "modify": "card", "heal": "card",
                "discard_from_hand": "opponent", "move": "empty_slot", "swap": "card"}


def check_targets(target: "Target | None", effects: list) -> None:
    """Raise ValueError if an effect needs a kind of target the card does not name."""
    for i, e in enumerate(effects):
        need = NEEDS_TARGET.get(e.verb)
        if need is None or getattr(e, "to", "target") != "target":
            continue
        kind = None if target is None else ("stack" if target.kind in ("event", "ability") else target.kind)
        if kind != need:
            raise ValueError(f"effects[{i}] ({e.verb}) acts on a target of kind "
                             f"{'event or ability' if need == 'stack' else need}; the card's target is "
                             f"{'missing' if target is None else target.kind}")


class Cost(Strict):
    money: int = Field(0, ge=0)
    traits: dict[Trait, int] = {}
    engage_self: bool = False
    engage_other: Filter | None = None            # engage another card you control (DEVELOPMENT)
    buy_phase_only: bool = False
    once_per_turn: bool = False


class Ability(Strict):
    """An activated ability: pay the cost, choose the target, on the rules stack (ruling A22)."""
    cost: Cost = Cost()
    target: Target | None = None
    effects: list[Effect]
    text: str = ""

    @model_validator(mode="after")
    def _targets_fit(self):
        check_targets(self.target, self.effects)
        return self


class Trigger(Strict):
    """Something that happens by itself. `deployed` effects skip the rules stack (notes §1.13)."""
    when: Literal["deployed", "start_of_turn", "event_resolves"]
    from_hand_only: bool = False
    filter: Filter | None = None                  # event_resolves: which events
    once_per_turn: bool = False
    optional: bool = False
    target: Target | None = None
    effects: list[Effect]

    @model_validator(mode="after")
    def _targets_fit(self):
        if self.when == "deployed":           # other triggers have no target to act on
            check_targets(self.target, self.effects)
        elif self.target is not None or any(NEEDS_TARGET.get(e.verb) and getattr(e, "to", "target") == "target"
                                            for e in self.effects):
            raise ValueError(f"a '{self.when}' trigger cannot take a target")
        return self


class ValueIf(Strict):
    count: Filter
    at_least: int
    value: int


class Static(Strict):
    """A continuous effect, on while the card is in play (bonded cards too, notes §1.14)."""
    applies_to: Literal["self", "above", "adjacent", "controlled"]
    filter: Filter = Filter()
    while_adjacent_to: Filter | None = None       # only while the card is next to such a card
    traits: dict[Trait, int] = {}
    keywords: list[Keyword] = []
    value_per_token: int = 0
    value_if: ValueIf | None = None
    production_bonus: dict[Trait, int] = {}
    buy_discount: int = 0                         # cards matching `filter` that you buy cost less
    attack_needs_bonded_character: bool = False


class Card(Strict):
    id: str = Field(min_length=1, max_length=40)
    name: str = Field(min_length=1, max_length=80)
    deck: DeckPart
    type: CardType
    faction: Literal["Corporation", "Incarnés", "Gnosts", "neutral"] = "neutral"
    value: int = Field(ge=0, le=99)
    trait_cost: dict[Trait, int] = {}
    traits: dict[Trait, int] = {}                 # a trait not listed is "–": the card lacks it
    tags: list[str] = []
    keywords: list[Keyword] = []
    target: Target | None = None                  # events: what the event targets
    effects: list[Effect] = []                    # events: what happens when it resolves
    abilities: list[Ability] = []
    triggers: list[Trigger] = []
    statics: list[Static] = []
    text: str = ""                                # the card's text in plain words
    sample: bool = True                           # invented for this project, not an official card

    @field_validator("traits", "trait_cost")
    @classmethod
    def _not_negative(cls, v):
        for t, n in v.items():
            if n < 0:
                raise ValueError(f"{t} must be >= 0")
        return v

    @field_validator("tags")
    @classmethod
    def _tags_once(cls, v):
        if len({t.lower() for t in v}) != len(v):
            raise ValueError("a card cannot have the same tag twice")
        return v

    @model_validator(mode="after")
    def _consistent(self):
        if self.deck == "company" and self.type != "company":
            raise ValueError("a company card has type company")
        if self.deck == "founder" and self.type != "character":
            raise ValueError("a founder is a character")
        if self.type == "company" and self.deck != "company":
            raise ValueError("only the red deck's company has type company")
        if self.effects and self.type != "event":
            raise ValueError("only events have top-level effects (other cards use abilities or triggers)")
        check_targets(self.target, self.effects)
        return self

    @property
    def founder(self) -> bool:
        return self.deck == "founder"

    def keyword(self, kw: str) -> Keyword | None:
        return next((k for k in self.keywords if k.kw == kw), None)

    def label(self) -> str:
        return f"{self.name} ({SAMPLE_NOTICE})" if self.sample else self.name


class CardFile(Strict):
    format: Literal["megacorp-tcg-cards"]
    version: Literal[1]
    notice: str = ""
    cards: list[Card]


class DeckFile(Strict):
    format: Literal["megacorp-tcg-deck"]
    version: Literal[1]
    name: str = Field(min_length=1, max_length=80)
    company: str
    founder: str
    resource: dict[str, int]
    main: dict[str, int]


def _where(err: ValidationError, data) -> str:
    """The first error as 'entry cards[3] (id 'I2').keywords[0]: message'."""
    first = err.errors()[0]
    loc = list(first["loc"])
    parts = []
    node = data
    for p in loc:
        if isinstance(p, int):
            label = f"[{p}]"
            if isinstance(node, list) and p < len(node) and isinstance(node[p], dict) and "id" in node[p]:
                label += f" (id {node[p]['id']!r})"
            parts.append(label)
        else:
            parts.append(("." if parts else "") + str(p))
        try:
            node = node[p]
        except (KeyError, IndexError, TypeError):
            node = None
    return f"entry {''.join(parts) or '(top)'}: {first['msg']}"


def _read_json(text: str | bytes, what: str):
    try:
        return json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, TypeError) as exc:
        raise BadDataFile(f"{what}: not valid JSON ({exc})") from None


class Pool:
    """A set of cards by id (several card files may be merged)."""

    def __init__(self, cards: list[Card]):
        self.cards: dict[str, Card] = {}
        names: dict[str, str] = {}
        for c in cards:
            if c.id in self.cards:
                raise BadDataFile(f"card file: entry {c.id!r}: two cards have this id")
            if c.name in names:
                raise BadDataFile(f"card file: entry {c.id!r}: the name {c.name!r} is already card {names[c.name]!r}")
            self.cards[c.id] = c
            names[c.name] = c.id

    def __getitem__(self, cid: str) -> Card:
        return self.cards[cid]

    def __contains__(self, cid: str) -> bool:
        return cid in self.cards

    def merged(self, other: "Pool") -> "Pool":
        return Pool(list(self.cards.values()) + list(other.cards.values()))


def parse_cards(text: str | bytes, what: str = "card file") -> Pool:
    data = _read_json(text, what)
    try:
        parsed = CardFile.model_validate(data)
    except ValidationError as err:
        raise BadDataFile(f"{what}: {_where(err, data)}") from None
    return Pool(parsed.cards)


def check_deck(deck: DeckFile, pool: Pool, what: str = "deck file") -> DeckFile:
    """Deck construction (notes §1.1, T1): the named cards exist and sit in the right deck; at
    least 20 resource cards, any number of copies; at least 40 main cards, at most 4 copies each."""
    for field, part in (("company", "company"), ("founder", "founder")):
        cid = getattr(deck, field)
        if cid not in pool:
            raise BadDataFile(f"{what}: entry {field}: no card {cid!r} in the pool")
        if pool[cid].deck != part:
            raise BadDataFile(f"{what}: entry {field}: {pool[cid].name} is not a {part} card")
    for part, least in (("resource", 20), ("main", 40)):
        counts = getattr(deck, part)
        for cid, n in counts.items():
            if cid not in pool:
                raise BadDataFile(f"{what}: entry {part}.{cid}: no such card in the pool")
            if pool[cid].deck != part:
                raise BadDataFile(f"{what}: entry {part}.{cid}: {pool[cid].name} belongs to the "
                                  f"{pool[cid].deck} deck")
            if n < 1:
                raise BadDataFile(f"{what}: entry {part}.{cid}: a count is at least 1")
            if part == "main" and n > 4:
                raise BadDataFile(f"{what}: entry main.{cid}: {n} copies of {pool[cid].name}; a main "
                                  f"deck holds at most 4 copies of a card")
        total = sum(counts.values())
        if total < least:
            raise BadDataFile(f"{what}: entry {part}: {total} cards; the {part} deck needs at least {least}")
    return deck


def parse_deck(text: str | bytes, pool: Pool, what: str = "deck file") -> DeckFile:
    data = _read_json(text, what)
    try:
        deck = DeckFile.model_validate(data)
    except ValidationError as err:
        raise BadDataFile(f"{what}: {_where(err, data)}") from None
    return check_deck(deck, pool, what)


@lru_cache(maxsize=None)
def sample_pool() -> Pool:
    """The sample pool (notes §2.3) and the rulebook's example cards (notes §2.2), all invented
    numbers: sample cards, not official ones."""
    pool = parse_cards((DATA / "sample_pool.json").read_text(), "sample_pool.json")
    return pool.merged(parse_cards((DATA / "rulebook_examples.json").read_text(), "rulebook_examples.json"))


DECK_NAMES = ("incarnes", "corporation", "gnosts")


@lru_cache(maxsize=None)
def sample_deck(name: str) -> DeckFile:
    if name not in DECK_NAMES:
        raise ValueError(f"no sample deck {name!r} (the decks are {', '.join(DECK_NAMES)})")
    return parse_deck((DATA / "decks" / f"{name}.json").read_text(), sample_pool(), f"decks/{name}.json")
