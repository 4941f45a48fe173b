"""Stock: prices off the chart (L27-31), buying up to six certificates a turn (L23-33), and
trading certificates in when cash is short, with the change rule (L45-53, rulings A8-A10).

The purchase of a turn is gathered one certificate at a time in the state's `cart` and paid at
the end of the turn: from cash alone when it suffices; otherwise all the cash goes in and
certificates of other active companies are traded in at market price, no more of them than it
takes (ruling A9: the change left over is less than the cheapest certificate traded in).
"""
from __future__ import annotations

from .log import BUY, TRADE, LogEntry, Refusal, joined, money
from .state import MegacquireState


def price(s: MegacquireState, company: int) -> int:
    """A certificate's market price now (0 for a company not on the board)."""
    return s.options.prices[company][s.sizes[company]]


def cart_cost(s: MegacquireState, cart: list[int]) -> int:
    prices = s.options.prices
    sizes = s.sizes
    return sum(prices[c][sizes[c]] for c in cart)


def tradeable(s: MegacquireState, seat: str, cart: list[int]) -> list[tuple[int, int, int]]:
    """(company, certificates held, price) of what `seat` may trade in for this cart: active
    companies only, never one being bought (ruling A8)."""
    held = s.holdings[seat]
    prices = s.options.prices
    return [(c, held[c], prices[c][s.sizes[c]]) for c in range(len(held))
            if held[c] and s.sizes[c] and c not in cart]


def buy_problem(s: MegacquireState, seat: str, company: int) -> str | None:
    """Why `seat` may not add a certificate of `company` to this turn's purchase, or None."""
    name = s.options.company_names[company]
    if not s.sizes[company]:
        return Refusal(f"{name} is not on the board (only active companies' stock is sold)", "L23")
    if len(s.cart) >= s.options.max_obtained:
        return Refusal(f"{s.options.max_obtained} certificates have been obtained this turn already", "L23, L53")
    if s.bank[company] - s.cart.count(company) <= 0:
        return Refusal(f"the bank has no {name} certificate left", "L33")
    cart = s.cart + [company]
    need = cart_cost(s, cart) - s.cash[seat]
    if need > 0:
        value = sum(n * p for _, n, p in tradeable(s, seat, cart))
        if value < need:
            return (f"{seat} cannot pay {money(cart_cost(s, cart))} for "
                    f"{describe_cart(s, cart)}, even trading in every certificate that may be traded")
    return None


def shortfall(s: MegacquireState, seat: str) -> int:
    """What the purchase costs beyond the cash in hand (0 when cash suffices)."""
    return max(0, cart_cost(s, s.cart) - s.cash[seat])


def change_ok(s: MegacquireState, change: int, cheapest: int) -> bool:
    """The change rule (L49): the change must not be worth a certificate traded in (ruling A9:
    strictly less than the cheapest one; the literal reading allows it to equal it)."""
    return change < cheapest if s.options.change_rule == "strict" else change <= cheapest


def trade_problem(s: MegacquireState, seat: str, trade: tuple[tuple[str, int], ...]) -> str | None:
    """Why `trade` is not a valid way to pay this turn's purchase, or None."""
    short = shortfall(s, seat)
    if not short:
        if trade:
            return Refusal(f"{seat} has the cash to pay, and may trade stock only when short of cash", "L47")
        return None
    if not trade:
        return Refusal(f"the purchase costs {money(short)} more than {seat}'s cash: say which certificates "
                       "to trade in", "L47")
    index = s.options.company_index
    names = [c for c, _ in trade]
    if names != sorted(set(names)):
        return "list each company traded in once, in alphabetical order"
    allowed = {c: (n, p) for c, n, p in tradeable(s, seat, s.cart)}
    value = 0
    cheapest = None
    for name, count in trade:
        company = index.get(name)
        if company is None:
            return f"{name!r} is not a company of this game"
        if count <= 0:
            return f"trade in a positive number of {name} certificates"
        if company not in allowed:
            return Refusal(f"{name} certificates cannot be traded in now (only active companies' stock, not "
                           "the stock being bought)", "ruling A8")
        held, each = allowed[company]
        if count > held:
            return f"{seat} holds only {held} {name}"
        value += count * each
        cheapest = each if cheapest is None else min(cheapest, each)
    if value < short:
        return f"trading in {money(value)} of stock does not cover the {money(short)} missing"
    if not change_ok(s, value - short, cheapest):
        return Refusal(f"the change would be {money(value - short)}, worth one of the certificates traded in: "
                       "keep that certificate instead", "L49, ruling A9")
    return None


TRADE_CHOICES = 60  # trade-ins listed at most (check and apply judge any)


def trade_sets(s: MegacquireState, seat: str, limit: int = TRADE_CHOICES) -> list[tuple[tuple[str, int], ...]]:
    """The valid trade-ins for this turn's purchase ([()] when cash pays it all): every one when
    they are few, else `limit` of them, those of a single company first. (A player holding many
    cheap certificates can have millions of valid sets; `trade_problem` judges any of them.)"""
    short = shortfall(s, seat)
    if not short:
        return [()]
    names = s.options.company_names
    options = sorted(((names[c], n, p) for c, n, p in tradeable(s, seat, s.cart)))
    found: list[tuple[tuple[str, int], ...]] = []
    for name, held, each in options:  # one company alone: the fewest that cover the shortfall
        count = -(-short // each)
        if count <= held and change_ok(s, count * each - short, each):
            found.append(((name, count),))
    literal = s.options.change_rule == "literal"
    seen = set(found)
    rest = [0] * (len(options) + 1)  # rest[j]: what options[j:] are worth in all
    for j in range(len(options) - 1, -1, -1):
        rest[j] = rest[j + 1] + options[j][1] * options[j][2]

    def extend(i: int, chosen: list[tuple[str, int]], value: int, cheapest: int) -> None:
        if len(found) >= limit:
            return
        if value >= short:
            if change_ok(s, value - short, cheapest) and tuple(chosen) not in seen:
                found.append(tuple(chosen))
            if not (literal and value == short):
                return  # one more certificate would make change worth a certificate
        if value + rest[i] < short:
            return  # even every certificate left would not cover it
        for j in range(i, len(options)):
            name, held, each = options[j]
            for count in range(1, held + 1):
                total = value + count * each
                chosen.append((name, count))
                extend(j + 1, chosen, total, min(cheapest, each))
                chosen.pop()
                if total > short or (total == short and not literal) or len(found) >= limit:
                    break

    extend(0, [], 0, 10**12)
    return found


def pay(s: MegacquireState, log: list[LogEntry], seat: str, trade: tuple[tuple[str, int], ...]) -> None:
    """Pay for this turn's purchase (checked beforehand) and hand over the certificates."""
    if not s.cart:
        return
    index = s.options.company_index
    cost = cart_cost(s, s.cart)
    if trade:
        value = 0
        for name, count in trade:
            c = index[name]
            value += count * price(s, c)
            s.holdings[seat][c] -= count
            s.bank[c] += count
        change = s.cash[seat] + value - cost
        given = joined([f"{n} {c}" for c, n in trade])
        log.append(LogEntry(s.round, TRADE, f"{seat} is short of cash: pays {money(s.cash[seat])} and "
                            f"trades in {given} (worth {money(value)}), getting {money(change)} change",
                            money=((seat, value),)))
        s.cash[seat] = change
    else:
        s.cash[seat] -= cost
    for c in s.cart:
        s.holdings[seat][c] += 1
        s.bank[c] -= 1
    log.append(LogEntry(s.round, BUY, f"{seat} buys {describe_cart(s, s.cart)} for {money(cost)}",
                        money=((seat, -cost),)))
    s.cart = []


def describe_cart(s: MegacquireState, cart: list[int]) -> str:
    names = s.options.company_names
    counts: dict[int, int] = {}
    for c in cart:
        counts[c] = counts.get(c, 0) + 1
    return joined([f"{n} {names[c]}" for c, n in counts.items()])
