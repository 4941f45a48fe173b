"""MEGAcquire's decision panels and players' table, as page pieces: each builds its controls
from the seat's view and legal actions and hands the chosen action to `act` (the engine's
checked door judges it). Used by the hot-seat page (app.py); importable on their own for the
table pages.

- tiles: one button per tile in hand, with what it would do (the engine's preview);
- the merger's disposition: one form for the holder deciding, how many to sell and to hold,
  with the money it brings (L101-107);
- trading when short of cash: one form to pick the certificates traded in, with their value
  and the change (L45-53, rulings A8-A9);
- every other choice (found, survivor, order, buy, end the turn, early end) as a button.
"""
from __future__ import annotations

from html import escape
from typing import Any, Callable

import ipywidgets as W

from megacorps import megacquire as mq
from megacorps.megacquire.options import DISCLOSURES

Act = Callable[[Any], None]
Button = Callable[..., W.Button]   # shell.choice_button(label, action, tooltip, style, cls)


def money(amount: int) -> str:
    return f"${amount:,}"


def _html(value: str, cls: str = "") -> W.HTML:
    widget = W.HTML(value)
    if cls:
        widget.add_class(cls)
    return widget


def tile_panel(game: mq.Game, tiles: list[mq.PlayTile], button: Button) -> list[W.Widget]:
    """The tiles in hand as buttons, and what each would do."""
    previews = {a.tile: game.preview(a) for a in tiles}
    row = W.HBox([button(a.tile, a, previews[a.tile], cls="mq-tile") for a in tiles],
                 layout=W.Layout(flex_flow="row wrap"))
    lines = "".join(f"<div><b>{escape(t)}</b>: {escape(p)}</div>" for t, p in previews.items())
    return [row, _html(lines, "mq-previews")]


class DisposeForm:
    """The holder deciding now: how many of the defunct company's certificates to sell (the
    rest are held), with what the sale brings, at the price before the merger (L103-107)."""

    def __init__(self, game: mq.Game, seat: str, disposals: list[mq.Dispose], act: Act):
        view = game.view(seat, log=False)
        merger = view.merger
        self.seat = seat
        self.company = disposals[0].company
        self.held = max(a.sell for a in disposals)
        options = game.options
        self.price = options.prices[options.company_index[self.company]][merger.companies[self.company]]
        survivor = merger.survivor or "the survivor"
        size = merger.companies[self.company]
        head = (f"<div class='mq-dispose-head'><b>{escape(self.company)}</b> is defunct ({size}"
                f" tiles, merged into {escape(survivor)}). {escape(seat)} holds <b>{self.held}</b>; each sells at "
                f"<b>{money(self.price)}</b> now. Held stock waits for {escape(self.company)} to be founded again "
                "(it is worth nothing if it never is).</div>")
        self.sell = W.IntSlider(value=0, min=0, max=self.held, step=1, description="Sell",
                                layout=W.Layout(width="300px"))
        self.sell.add_class("mq-dispose-sell")
        self.summary = _html("", "mq-dispose-summary")
        self.sell.observe(lambda _c: self._update(), names="value")
        self.confirm = W.Button(description="Confirm", button_style="primary")
        self.confirm.add_class("shell-choice")
        self.confirm.add_class("mq-dispose-confirm")
        self.confirm.on_click(lambda _b: act(self.action()))
        all_ = W.Button(description=f"Sell all {self.held} ({money(self.held * self.price)})",
                        layout=W.Layout(width="auto"))
        none = W.Button(description=f"Hold all {self.held}", layout=W.Layout(width="auto"))
        all_.add_class("mq-dispose-all")
        none.add_class("mq-dispose-none")
        all_.on_click(lambda _b: setattr(self.sell, "value", self.held))
        none.on_click(lambda _b: setattr(self.sell, "value", 0))
        self._update()
        self.widget = W.VBox([_html(head), W.HBox([none, all_]), self.sell, self.summary, self.confirm])
        self.widget.add_class("mq-dispose")

    def action(self) -> mq.Dispose:
        return mq.Dispose(self.seat, self.company, self.sell.value)

    def _update(self) -> None:
        n = self.sell.value
        self.summary.value = (f"Sell <b>{n}</b> for <b>{money(n * self.price)}</b>, hold "
                              f"<b>{self.held - n}</b>")


class TradeForm:
    """Short of cash at the end of the turn: which certificates to trade in (active companies not
    being bought, at market price), what they bring and the change; the engine judges the
    change rule (L45-53, rulings A8-A9). Starts with the first valid trade-in filled in."""

    def __init__(self, game: mq.Game, seat: str, trades: list[mq.EndTurn], act: Act):
        view = game.view(seat, log=False)
        self.seat = seat
        prices = {c.name: c.price for c in view.companies}
        self.cost = sum(prices[c] for c in view.cart)
        self.cash = view.cash[seat]
        self.short = self.cost - self.cash
        held = view.holdings.get(seat, {})
        self.prices = {c: prices[c] for c in sorted(held) if prices[c] and c not in view.cart}
        first = dict(trades[0].trade) if trades else {}
        self.counts = {c: W.BoundedIntText(value=first.get(c, 0), min=0, max=held[c],
                                           description=f"{c} ({money(p)})", style={"description_width": "120px"},
                                           layout=W.Layout(width="220px"))
                       for c, p in self.prices.items()}
        for name, box in self.counts.items():
            box.add_class("mq-trade-count")
            box.observe(lambda _c: self._update(), names="value")
        head = (f"<div class='mq-trade-head'>The purchase ({escape(', '.join(view.cart))}) costs "
                f"<b>{money(self.cost)}</b> and {escape(seat)} has <b>{money(self.cash)}</b>: short by "
                f"<b>{money(self.short)}</b>. All the cash goes in, and certificates are traded in at market "
                "price; the change must be less than the cheapest certificate traded in. Undo takes back "
                "a certificate bought.</div>")
        self.summary = _html("", "mq-trade-summary")
        self.confirm = W.Button(description="Trade in and end the turn", button_style="success")
        self.confirm.add_class("shell-choice")
        self.confirm.add_class("mq-trade-confirm")
        self.confirm.on_click(lambda _b: act(self.action()))
        self._update()
        self.widget = W.VBox([_html(head), *self.counts.values(), self.summary, self.confirm])
        self.widget.add_class("mq-trade")

    def action(self) -> mq.EndTurn:
        return mq.EndTurn(self.seat, tuple(sorted((c, box.value) for c, box in self.counts.items() if box.value)))

    def value(self) -> int:
        return sum(box.value * self.prices[c] for c, box in self.counts.items())

    def _update(self) -> None:
        value = self.value()
        if value < self.short:
            self.summary.value = f"Trading in {money(value)}: {money(self.short - value)} still missing."
        else:
            self.summary.value = (f"Trading in <b>{money(value)}</b>: the change is "
                                  f"<b>{money(value - self.short)}</b>.")


def label(game: mq.Game, action: Any, companies: dict[str, Any]) -> str:
    """A button's label for an action that is neither a tile nor a disposal nor a trade-in."""
    if isinstance(action, (mq.Found, mq.ChooseSurvivor, mq.ChooseDefunct)):
        return f"{action.company} ({companies[action.company].tier})"
    if isinstance(action, mq.BuyShare):
        return f"Buy {action.company} {money(companies[action.company].price)}"
    if isinstance(action, mq.EndTurn):
        return "End the turn"
    if isinstance(action, mq.NoPlay):
        return "No tile can be played: go on"
    if isinstance(action, mq.ProposeEnd):
        return "Propose ending after this round"
    if isinstance(action, mq.Vote):
        return "Agree to end" if action.agree else "Refuse to end"
    return str(action)


def decision_panel(game: mq.Game, seat: str, legal: list, act: Act, button: Button) -> list[W.Widget]:
    """Every control of `seat`'s decision now."""
    view = game.view(seat, log=False)
    companies = {c.name: c for c in view.companies}
    out: list[W.Widget] = []
    if view.cart:   # the certificates bought so far this turn (paid when the turn ends)
        cost = sum(companies[c].price for c in view.cart)
        out.append(_html(f"<div class='mq-cart'>Bought this turn: {escape(', '.join(view.cart))} "
                         f"({money(cost)}, paid when the turn ends)</div>"))
    tiles = [a for a in legal if isinstance(a, mq.PlayTile)]
    if tiles:
        out += tile_panel(game, tiles, button)
    disposals = [a for a in legal if isinstance(a, mq.Dispose)]
    if disposals:
        out.append(DisposeForm(game, seat, disposals, act).widget)
    trades = [a for a in legal if isinstance(a, mq.EndTurn) and a.trade]
    if trades:
        out.append(TradeForm(game, seat, trades, act).widget)
    rest = [a for a in legal if not isinstance(a, (mq.PlayTile, mq.Dispose))
            and not (isinstance(a, mq.EndTurn) and a.trade)]
    if rest:
        out.append(W.HBox([button(label(game, a, companies), a, game.preview(a),
                                  "success" if isinstance(a, mq.EndTurn) else "") for a in rest],
                          layout=W.Layout(flex_flow="row wrap")))
    return out


def players_html(view: mq.SeatView, players: dict[str, str]) -> str:
    """The players as `view` shows them: cash and holdings where the disclosure method shows them
    (L35-43; everything at the end), tiles in hand; and the bank's certificates left when shown."""
    method = f"Disclosure {view.disclosure}: {DISCLOSURES[view.disclosure]}."
    rows = []
    for seat in view.order:
        who = players.get(seat, "")
        cash = money(view.cash[seat]) if seat in view.cash else "hidden"
        held = view.holdings.get(seat)
        stock = ", ".join(f"{n} {c}" for c, n in held.items()) if held else ("none" if held is not None else "hidden")
        mark = " &larr;" if seat in view.deciders else ""
        you = " (you)" if seat == view.seat else ""
        rows.append(f"<tr><td><b>{escape(seat)}</b>{you} {escape(who)}{mark}</td><td>{cash}</td>"
                    f"<td class='mq-stock'>{escape(stock)}</td><td>{view.hand_sizes[seat]}</td></tr>")
    bank = [f"{c.name} {c.bank}" for c in view.companies if c.bank is not None and c.size]
    bank_row = f"<div class='mq-bank'>Bank: {escape(', '.join(bank))}</div>" if bank else ""
    return (f"<table class='shell-players mq-players'><tr><th>Player</th><th>Cash</th><th>Stock</th><th>Tiles</th></tr>"
            f"{''.join(rows)}</table>{bank_row}<div class='mq-disclosure'>{escape(method)}</div>")
