"""A player's network as a grid of card buttons (ipywidgets GridBox): each card in its slot, with
its traits, engaged or not, orphaned or anchored and its bonded pile (widgets/tcg/cards.py), and
the empty slots the decider may pick (a deploy choice) as buttons of their own, and the
rectangle of a zone attack the player is looking at (its slots outlined, the empty ones drawn as
outlined cells). The grid spans the cards and those slots; the engine's (x, y) are drawn with y growing downwards."""
from __future__ import annotations

from typing import Callable

import ipywidgets as W

from .cards import card_button

# px: a card's button (five short lines; a row grows for a card with more, so no line is cut off);
# 6 columns fit the 640 px board column
CELL_W, CELL_H = 104, 84


def slot_positions(net: str, keys: list[str]) -> dict[tuple[int, int], str]:
    """The (x, y) of each "slot:<net>:<x>:<y>" key of this network (other keys ignored)."""
    out = {}
    for key in keys:
        parts = key.split(":")
        if len(parts) == 4 and parts[0] == "slot" and parts[1] == net:
            out[(int(parts[2]), int(parts[3]))] = key
    return out


def network_grid(net: str, role: str, cards: list, marks: dict[int, tuple[str, ...]],
                 on_card: Callable[[int], None] | None, slots: dict[tuple[int, int], str] | None = None,
                 on_slot: Callable[[str], None] | None = None, slot_labels: dict[str, str] | None = None,
                 zone: tuple[int, int, int, int] | None = None) -> W.GridBox:
    """The grid of `net`'s network (`role`: "mine" or "rival", for CSS classes): `cards` (CardViews
    with a pos), `marks` extra classes by uid, `on_card(uid)` on a card's click (None: shown
    only), `slots` (x, y) -> a choice key drawn as a clickable empty slot, `zone` (x, y, width,
    height) a zone attack's rectangle: its cards get the class tcg-in-zone, its empty slots are
    drawn as cells of class tcg-zone-cell."""
    slots = slots or {}
    in_zone = set() if zone is None else {(x, y) for x in range(zone[0], zone[0] + zone[2])
                                          for y in range(zone[1], zone[1] + zone[3])}
    spots = [c.pos for c in cards if c.pos is not None] + list(slots) + sorted(in_zone)
    if not spots:
        empty = W.GridBox([W.HTML("<i>no card in play</i>")])
        empty.add_class(f"tcg-network-{role}")
        return empty
    xs = [p[0] for p in spots]
    ys = [p[1] for p in spots]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    children = []
    for c in cards:
        if c.pos is None:
            continue
        button = card_button(c, on_card, marks.get(c.uid, ()))
        button.layout.grid_area = f"{c.pos[1] - y0 + 1} / {c.pos[0] - x0 + 1}"
        if c.pos in in_zone:
            button.add_class("tcg-in-zone")
        children.append(button)
    taken = {c.pos for c in cards} | set(slots)
    for x, y in sorted(in_zone - taken):
        cell = W.HTML("zone", layout=W.Layout(grid_area=f"{y - y0 + 1} / {x - x0 + 1}"))
        cell.add_class("tcg-zone-cell")
        cell.add_class(f"tcg-zone-{role}-{x}-{y}")
        children.append(cell)
    for (x, y), key in sorted(slots.items()):
        label = (slot_labels or {}).get(key, "deploy here")
        slot = W.Button(description="deploy here", tooltip=label, layout=W.Layout(width="auto", height="auto",
                                                                                  grid_area=f"{y - y0 + 1} / {x - x0 + 1}"))
        slot.add_class("tcg-slot-choice")
        slot.add_class(f"tcg-slot-{role}-{x}-{y}")
        if on_slot is not None:
            slot.on_click(lambda _b, k=key: on_slot(k))
        children.append(slot)
    grid = W.GridBox(children, layout=W.Layout(
        grid_template_columns=f"repeat({cols}, {CELL_W}px)", grid_template_rows=f"repeat({rows}, minmax({CELL_H}px, auto))",
        grid_gap="3px", overflow="auto", max_width="630px"))
    grid.add_class("tcg-network")
    grid.add_class(f"tcg-network-{role}")
    return grid
