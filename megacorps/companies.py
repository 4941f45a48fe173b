"""Buying companies: the free picks of setup, the Buy Company action and Antitrust."""
from __future__ import annotations

from bisect import bisect_left

from .actions import BuyCompany, Pass, Permit, PickCompany, Veto
from .interning import make, table
from .log import Step
from .state import UNOWNED, AntitrustFrame, GameState, country_of
from .turns import end_turn


def _every(kind: type, corp: str, board) -> tuple:
    """`kind(corp, company)` for every company, in board order (the order of state.companies).
    Cached on the board, so the cache goes with it."""
    cache = board.actions
    found = cache.get((kind, corp))
    if found is None:
        made = table(kind, corp)
        found = cache[(kind, corp)] = tuple(made[co] for co in board.companies)
    return found


def pick_options(state: GameState, corp: str) -> list:
    return list(state.unowned_picker()(_every(PickCompany, corp, state.index)))


def buy_options(state: GameState, corp: str) -> list:
    if state.money[corp] < state.index.company_price:
        return []
    options = list(state.unowned_picker()(_every(BuyCompany, corp, state.index)))
    if state.vetoed:
        drop_vetoed(state, options)
    return options


def drop_vetoed(state: GameState, options: list) -> None:
    """Take out of `options` (one entry per unowned company, in board order, as the unowned
    picker gives them) those of the companies vetoed this turn (Antitrust): found by their place
    among the unowned companies, without comparing actions (a dataclass `==` per entry)."""
    at = state.unowned_positions()
    position = state.index.position
    for i in sorted((position[co] for co in state.vetoed), reverse=True):
        k = bisect_left(at, i)
        if k < len(at) and at[k] == i:
            del options[k]


def apply_pick(step: Step, action: PickCompany) -> None:
    """Setting Up, step 8: a free company, clockwise, two rounds of picks."""
    state = step.state
    state.set_company(action.company, action.corp)
    step.log("{} takes {} for free", "Setting Up", action.corp, action.company)
    state.to_act = state.to_act[1:]


def needs_permission(state: GameState, buyer: str, company: str) -> str | None:
    """Antitrust: the corp whose permission `buyer` needs to buy `company`, if any.

    Permission is needed when another corp controls the company's country and the buyer
    already owns a different company of the same industry; neutral places never need it.
    """
    board = state.index
    country, industry = board.country_and_industry[company]
    owner = state.controllers.get(country)
    if owner is None or owner == buyer:
        return None
    companies = state.companies
    owned = board.industry_statuses[industry](companies).count(buyer)  # read in C
    if companies[company] == buyer:
        owned -= 1
    return owner if owned else None


def apply_buy(step: Step, action: BuyCompany) -> None:
    state = step.state
    owner = needs_permission(state, action.corp, action.company)
    if owner is not None:
        state.frames.append(AntitrustFrame(action.corp, action.company, owner))
        step.log("{} wants to buy {}; {}, who controls {}, may veto it", "Antitrust",
                 action.corp, action.company, owner, country_of(action.company))
        return
    _complete_purchase(step, action.corp, action.company)


def _complete_purchase(step: Step, buyer: str, company: str) -> None:
    state = step.state
    price = state.index.company_price
    state.money[buyer] -= price
    state.set_company(company, buyer)
    step.log("{} buys {} for {} Euros", "Buy Company", buyer, company, price)
    end_turn(state)


def antitrust_options(state: GameState, frame: AntitrustFrame) -> dict[str, list]:
    return {frame.owner: [make(Permit, frame.owner), make(Veto, frame.owner)]}


def apply_permit(step: Step, action: Permit) -> None:
    state = step.state
    frame: AntitrustFrame = state.frames.pop()
    step.log("{} permits {} to buy {}", "Antitrust", action.corp, frame.buyer, frame.company)
    _purchase_may_go_ahead(step, frame)


def permission_moved(state: GameState, frame: AntitrustFrame) -> bool:
    """Antitrust: a card or trade played while the veto was pending changed who must permit the
    purchase (the country changed hands), or made permission unnecessary."""
    return needs_permission(state, frame.buyer, frame.company) != frame.owner


def reconsider(step: Step, frame: AntitrustFrame) -> None:
    """Antitrust is judged as things stand: the country's new controller decides, or nobody."""
    state = step.state
    owner = needs_permission(state, frame.buyer, frame.company)
    if owner is not None:
        frame.owner = owner
        step.log("{} now controls {} and may veto {}'s purchase of {}", "Antitrust",
                 owner, country_of(frame.company), frame.buyer, frame.company)
        return
    state.frames.pop()
    step.log("{}'s purchase of {} no longer needs anyone's permission", "Antitrust",
             frame.buyer, frame.company)
    _purchase_may_go_ahead(step, frame)


def _purchase_may_go_ahead(step: Step, frame: AntitrustFrame) -> None:
    state = step.state
    if state.money[frame.buyer] >= state.index.company_price and state.companies[frame.company] == UNOWNED:
        _complete_purchase(step, frame.buyer, frame.company)
    else:  # a card or trade played meanwhile made the purchase impossible
        step.log("{} can no longer buy {}; it must buy another company or pass", "Antitrust",
                 frame.buyer, frame.company)
        state.must_buy = True
        state.vetoed = state.vetoed + [frame.company]


def apply_veto(step: Step, action: Veto) -> None:
    """Antitrust: after a veto the buyer is committed to buying: another company, or Pass."""
    state = step.state
    frame: AntitrustFrame = state.frames.pop()
    state.must_buy = True
    state.vetoed = state.vetoed + [frame.company]
    step.log("{} vetoes {}'s purchase of {}; {} must buy a different company or pass", "Antitrust",
             action.corp, frame.buyer, frame.company, frame.buyer)


def committed_buyer_options(state: GameState, corp: str) -> list:
    """After a veto: Buy Company again (another company) or Pass."""
    return buy_options(state, corp) + [make(Pass, corp)]
