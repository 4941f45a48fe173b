"""A card of the trading card game as a button: its name, value, traits (damage marked beside
them), its keywords with their numbers, engaged or not, anchored or orphaned, and the pile bonded under it; the whole card in the
tooltip, with the keywords explained and the sample notice. Built from the engine's `CardView`
(megacorps/tcg/view.py): nothing here computes a rule."""
from __future__ import annotations

from typing import Callable

import ipywidgets as W

from megacorps.tcg.cards import TRAITS

from .rules import keyword_text

TYPE_SHORT = {"character": "char", "company": "COMPANY", "event": "event", "location": "location",
              "equipment": "equip"}   # the card types of megacorps/tcg/cards.py


def trait_line(card) -> str:
    """'QI1 QE2 QM– QC3': each trait's current score, '–' when the card has none, damage as -n."""
    parts = []
    for t in TRAITS:
        if t not in card.traits:
            parts.append(f"{t}–")
            continue
        hurt = card.damage.get(t, 0)
        parts.append(f"{t}{card.traits[t]}" + (f"-{hurt}" if hurt else ""))
    return " ".join(parts)


def price(card) -> str:
    """'4M+2QI': the card's value and its trait cost, as a price reads on the card's face."""
    return f"{card.value}M" + "".join(f"+{n}{t}" for t, n in card.trait_cost.items() if n)


def card_label(card) -> str:
    """The text on a card's button (lines, shown with white-space: pre-line)."""
    kind = "FOUNDER" if card.founder else TYPE_SHORT.get(card.type, card.type)
    lines = [card.name, f"{price(card)} {kind}", trait_line(card)]
    if card.keywords:   # on the face, not only in the tooltip, which a touch screen cannot show
        lines.append(" ".join(card.keywords))
    status = []
    if card.engaged:
        status.append("ENGAGED")
    if card.anchored is False:
        status.append("ORPHAN")
    if card.pile:
        status.append(f"+{len(card.pile)} bonded")
    if card.tokens:
        status.append(f"{card.tokens} tokens")
    if status:
        lines.append(" · ".join(status))
    return "\n".join(lines)


def card_tooltip(card) -> str:
    """Everything on the card, in words (the button's tooltip)."""
    kind = f"{card.type}, the founder of its company" if card.founder else card.type
    cost = ", ".join(f"{n} {t}" for t, n in card.trait_cost.items() if n)
    lines = [f"{card.name} — {kind}, value {card.value}M" + (f", trait cost {cost}" if cost else "")
             + (f", {card.notice}" if card.notice else "")]
    traits = ", ".join(f"{t} {card.traits[t]}" + (f" ({card.damage[t]} damage)" if card.damage.get(t) else "")
                       if t in card.traits else f"{t} –" for t in TRAITS)
    lines.append(f"Traits: {traits}")
    if card.tags:
        lines.append("Tags: " + ", ".join(f"#{t}" for t in card.tags))
    for kw in card.keywords:
        lines.append(f"{kw}: {keyword_text(kw)}" if keyword_text(kw) else kw)
    if card.text:
        lines.append(card.text)
    if card.engaged:
        lines.append("Engaged (turned): it cannot attack, block, produce or be sold until it disengages.")
    if card.anchored is False:
        lines.append("Orphan: no chain of neighbours joins it to its network's company; destroyed at the End phase.")
    if card.surrounded:
        lines.append("Surrounded: its four neighbours are taken, so only PENETRATOR or MELEE attackers reach it.")
    if card.pile:
        lines.append("Bonded under it: " + ", ".join(c.name for c in card.pile))
    return "\n".join(lines)


def card_classes(card) -> list[str]:
    out = ["tcg-card", f"tcg-type-{card.type}"]
    if card.founder:
        out.append("tcg-founder")
    if card.engaged:
        out.append("tcg-engaged")
    if card.anchored is False:
        out.append("tcg-orphan")
    if card.pile:
        out.append("tcg-pile")
    if any(card.damage.values()):
        out.append("tcg-damaged")
    return out


def card_button(card, on_click: Callable[[int], None] | None = None, marks: tuple[str, ...] = ()) -> W.Button:
    """A button for `card`, calling `on_click(uid)` when clicked (None: a card only shown, as in
    the lessons); `marks` adds classes (tcg-can-act, tcg-selected, tcg-target, tcg-target-chosen)."""
    button = W.Button(layout=W.Layout(width="auto", height="auto"))
    dress_card(button, card, marks)
    if on_click is not None:
        button.on_click(lambda _b, uid=card.uid: on_click(uid))
    return button


def dress_card(button: W.Button, card, marks: tuple[str, ...] = ()) -> None:
    """Put `card` as it is now (and `marks`) on `button`, a button of that same card: a trait set
    to the value it has sends nothing to the browser, so a card that did not change stays as it is."""
    button.description = card_label(card)
    button.tooltip = card_tooltip(card)
    button._dom_classes = (*card_classes(card), *marks, f"tcg-uid-{card.uid}")
