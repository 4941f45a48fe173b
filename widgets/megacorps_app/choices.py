"""Legal actions grouped the way a player thinks of them ("Buy Company", "Launch a War"...) and
the choices inside each group (company, price, target...), as labels. What an action would do
is the engine's answer (`megacorps.previews`). No ipywidgets here: `widgets/megacorps_app/prompts.py`
turns these into forms.
"""
from __future__ import annotations

from dataclasses import fields

import megacorps as mc
from megacorps import actions as A


# Display order of the groups, with their labels.
GROUPS: list[tuple[str, str]] = [
    ("pick", "Pick a company"),
    ("buy", "Buy Company"),
    ("payout", "Payout Industry"),
    ("intervene", "Intervene"),
    ("mercenaries", "Buy Mercenaries"),
    ("war", "Launch a War"),
    ("permit", "Permit"),
    ("veto", "Veto"),
    ("offer-mercenaries", "Offer mercenaries"),
    ("refuse", "Refuse to sell"),
    ("accept", "Accept"),
    ("decline", "Decline"),
    ("support", "Send mercenaries"),
    ("stay-out", "Stay out"),
    ("bid", "Bid"),
    ("vote", "Vote"),
    ("no-card", "No card"),
    ("pass", "Pass"),
    ("play", "Play a card"),
    ("trade", "Offer a trade"),
    ("leave", "Leave"),
]
GROUP_LABELS = dict(GROUPS)
# Groups whose single action needs no further choice.
SIMPLE = {"permit", "veto", "refuse", "accept", "decline", "stay-out", "no-card", "pass", "leave"}

FIELD_LABELS = {
    "company": "Company", "industry": "Industry", "country": "Country", "from_box": "From the box",
    "ask_owners": "Ask other owners to sell", "count": "Mercenaries", "price": "Price (Euros)",
    "side": "Side", "amount": "Bid (Euros)", "candidate": "Vote for", "card": "Card",
    "target": "Target",
}


def group_of(action: mc.Action) -> str:
    if isinstance(action, A.OfferMercenaries) and action.count == 0:
        return "refuse"
    return action.kind


def group_actions(actions: list[mc.Action]) -> dict[str, list[mc.Action]]:
    """Actions by group, in display order."""
    out: dict[str, list[mc.Action]] = {}
    for action in actions:
        out.setdefault(group_of(action), []).append(action)
    order = [k for k, _ in GROUPS]
    return {k: out[k] for k in sorted(out, key=order.index)}


def field_names(action: mc.Action) -> list[str]:
    """The choices inside an action (its fields other than the corp)."""
    return [f.name for f in fields(action) if f.name != "corp"]


def value_label(value) -> str:
    if value is None:
        return "(no target)"
    if value is True:
        return "yes"
    if value is False:
        return "no"
    return str(value)


def option_label(state, action: mc.Action, name: str) -> str:
    """A choice as the dropdown shows it: the value of `action`'s field `name`, with what a
    newcomer must know at that choice: a company whose country's controller may veto the
    purchase (antitrust) says so, and who."""
    value = getattr(action, name)
    label = value_label(value)
    if isinstance(action, A.BuyCompany) and name == "company":
        from megacorps.companies import needs_permission
        owner = needs_permission(state, action.corp, value)
        if owner:
            label += f"  \u2696 {owner} may veto (antitrust)"
    return label


def board_target_kind(state, value) -> str | None:
    """"company", "country" or "industry" when `value` can be picked on the board."""
    if not isinstance(value, str):
        return None
    if value in state.companies:
        return "company"
    if value in state.board.country_by_name:
        return "country"
    if value in state.board.industries:
        return "industry"
    return None
