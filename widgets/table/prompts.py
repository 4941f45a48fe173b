"""The action chooser: a corp's legal actions by group, each group's choices (from a dropdown
or by clicking the board), a preview, and Confirm. Only legal actions are offered; Confirm
hands the action to the table, which applies it through the engine.
"""
from __future__ import annotations

from typing import Callable

import ipywidgets as W

import megacorps as mc
from megacorps.actions import Bundle, OfferTrade
from megacorps.state import PayoutFrame

from .choices import (FIELD_LABELS, GROUP_LABELS, SIMPLE, board_target_kind, field_names,
                      group_actions, preview, value_label)


class ActionChooser:
    """Choose one legal action of one corp. `on_apply(action)` is called on Confirm;
    `on_highlight(targets)` whenever the board should highlight other boxes."""

    def __init__(self, on_apply: Callable[[mc.Action], None],
                 on_highlight: Callable[[tuple[str, ...]], None] = lambda t: None,
                 guard: Callable[[Callable], Callable] = lambda fn: fn):
        self.guard = guard
        self.on_apply = on_apply
        self.on_highlight = on_highlight
        self.kind = W.ToggleButtons(options=[], value=None, style={"button_width": "128px"},
                                    layout=W.Layout(width="100%"))
        self.kind.add_class("mc-kinds")
        self.fields_box = W.VBox(layout=W.Layout(width="100%"))
        self.preview = W.HTML(layout=W.Layout(width="100%"))
        self.preview.add_class("mc-preview")
        self.confirm = W.Button(description="Confirm", button_style="primary", disabled=True,
                                icon="check", layout=W.Layout(width="160px"))
        self.confirm.add_class("mc-confirm")
        self.widget = W.VBox([self.kind, self.fields_box, self.preview, self.confirm],
                             layout=W.Layout(width="100%"))
        self._on_kind = guard(self._on_kind_raw)
        self._on_field = guard(self._on_field_raw)
        self.kind.observe(self._on_kind, names="value")
        self.confirm.on_click(guard(lambda _b: self._confirm()))
        self.game: mc.Game | None = None
        self.corp: str | None = None
        self.groups: dict[str, list[mc.Action]] = {}
        self.cards_hidden = True
        self._names: list[str] = []
        self._acts: list[mc.Action] = []
        self._values: dict = {}
        self._chosen: set[str] = set()
        self._inputs: dict[str, W.Widget] = {}
        self._trade: TradeForm | None = None
        self._labels: dict[str, str] = {}

    # --- setting up for a decision ----------------------------------------------------------------

    def set_decision(self, game: mc.Game, corp: str, actions: list[mc.Action], cards_hidden: bool,
                     allow_trade: bool = False) -> None:
        """Offer `actions` (all legal for `corp`); card choices only when `cards_hidden` is False."""
        self.game, self.corp, self.cards_hidden = game, corp, cards_hidden
        groups = group_actions(actions)
        state = game.state
        if state.hands.get(corp) and "play" not in groups and state.phase == "rounds" and (
                game.may_offer_trades(corp) or isinstance(state.top_frame, PayoutFrame)):
            groups["play"] = []  # offered whenever the corp holds cards: never tells which are playable
        if allow_trade:
            groups["trade"] = []
        order = [g for g in GROUP_LABELS if g in groups]
        self.groups = {g: groups[g] for g in order}
        self._labels = {GROUP_LABELS[g]: g for g in order}
        self.kind.unobserve(self._on_kind, names="value")
        self.kind.options = [GROUP_LABELS[g] for g in order]
        self.kind.value = None
        self.kind.observe(self._on_kind, names="value")
        self._select(None)
        main = [g for g in order if g not in ("play", "trade", "leave")]
        if len(main) == 1 and main[0] not in SIMPLE:
            self.kind.value = GROUP_LABELS[main[0]]

    def clear(self) -> None:
        self.game = self.corp = None
        self.groups = {}
        self.kind.unobserve(self._on_kind, names="value")
        self.kind.options = []
        self.kind.value = None
        self.kind.observe(self._on_kind, names="value")
        self._select(None)

    @property
    def group(self) -> str | None:
        return self._labels.get(self.kind.value) if self.kind.value else None

    def choose(self, label_or_group: str) -> None:
        """Select a group by its label or key (for tests and the board)."""
        label = GROUP_LABELS.get(label_or_group, label_or_group)
        self.kind.value = label

    # --- fields ----------------------------------------------------------------------------------

    def _on_kind_raw(self, change) -> None:
        self._select(self._labels.get(change["new"]) if change["new"] else None)

    def _replace_rows(self, rows: list) -> None:
        """Show `rows` as the fields; widgets no longer shown are closed (no leak in the page)."""
        keep = {id(r) for r in rows}
        old = [w for w in self.fields_box.children if id(w) not in keep]
        self.fields_box.children = rows
        for w in old:
            for child in getattr(w, "children", ()) or ():
                child.close()
            w.close()

    def _select(self, group: str | None) -> None:
        self._values, self._chosen, self._inputs, self._trade = {}, set(), {}, None
        self._acts = self.groups.get(group, []) if group else []
        self._names = field_names(self._acts[0]) if self._acts else []
        if group == "play" and self.cards_hidden:
            self._replace_rows([W.HTML(
                "<div class='mc-note'>Press <b>Show my hand</b> first to choose a card.</div>")])
            self._acts, self._names = [], []
        elif group == "play" and not self._acts:
            self._replace_rows([W.HTML("<div class='mc-note'>None of your cards can be played now.</div>")])
        elif group == "trade":
            self._trade = TradeForm(self.game, self.corp, show_cards=not self.cards_hidden,
                                    on_change=self._refresh_state)
            self._replace_rows([self._trade.widget])
        else:
            self._replace_rows([])
            self._build_fields(0)
        self._refresh_state()

    def _matching(self, upto: int) -> list[mc.Action]:
        names = self._names[:upto]
        return [a for a in self._acts if all(getattr(a, n) == self._values.get(n) for n in names)]

    def _build_fields(self, start: int) -> None:
        rows = list(self.fields_box.children[:start])
        for n in self._names[start:]:
            self._values.pop(n, None)
            self._chosen.discard(n)
            self._inputs.pop(n, None)
        for i in range(start, len(self._names)):
            name = self._names[i]
            values = list(dict.fromkeys(getattr(a, name) for a in self._matching(i)))
            label = FIELD_LABELS.get(name, name)
            if values and all(isinstance(v, bool) for v in values):
                box = W.Checkbox(value=values[0] if len(values) == 1 else False, description=label,
                                 disabled=len(values) == 1, indent=False)
                self._values[name] = box.value
                self._chosen.add(name)
            elif values and all(isinstance(v, int) and not isinstance(v, bool) for v in values):
                box = W.BoundedIntText(value=min(values), min=min(values), max=max(values),
                                       description=label, style={"description_width": "120px"},
                                       layout=W.Layout(width="260px"))
                self._values[name] = box.value
                self._chosen.add(name)
            else:
                box = W.Dropdown(options=[value_label(v) for v in values], index=None,
                                 description=label, style={"description_width": "120px"},
                                 layout=W.Layout(width="96%"))
                box._mc_values = values
                if len(values) == 1:
                    box.index = 0
                    self._values[name] = values[0]
                    self._chosen.add(name)
            box._mc_field = i
            box.observe(self._on_field, names="index" if isinstance(box, W.Dropdown) else "value")
            self._inputs[name] = box
            rows.append(box)
            if name not in self._chosen:
                # later fields depend on this one: build them once it is chosen
                break
        self._replace_rows(rows)

    def _on_field_raw(self, change) -> None:
        box = change["owner"]
        i = box._mc_field
        name = self._names[i]
        if isinstance(box, W.Dropdown):
            if box.index is None:
                return
            self._values[name] = box._mc_values[box.index]
        else:
            self._values[name] = box.value
        self._chosen.add(name)
        self._build_fields(i + 1)
        self._refresh_state()

    def set_field(self, name: str, value) -> None:
        """Choose `value` for field `name` of the selected group (tests, board clicks)."""
        box = self._inputs[name]
        if isinstance(box, W.Dropdown):
            box.index = box._mc_values.index(value)
        else:
            box.value = value

    # --- state of the form -----------------------------------------------------------------------

    def selected_action(self) -> mc.Action | None:
        if self._trade is not None:
            return self._trade.action()
        if not self._acts or any(n not in self._chosen for n in self._names):
            return None
        cls = type(self._acts[0])
        return cls(self.corp, **{n: self._values[n] for n in self._names})

    def _refresh_state(self) -> None:
        action = None
        try:
            action = self.selected_action()
        except Exception:
            action = None
        self.confirm.disabled = action is None
        text = preview(self.game, action) if (action is not None and self.game is not None) else ""
        if not text and self._acts and self.game is not None and self._names:
            # a preview for the first field alone (e.g. the industry of a payout)
            first = self._names[0]
            if first in self._chosen:
                partial = next((a for a in self._matching(1)), None)
                text = preview(self.game, partial) if partial is not None else ""
        self.preview.value = f"<div class='mc-preview-text'>{text}</div>" if text else ""
        self.on_highlight(self.highlight())

    def highlight(self) -> tuple[str, ...]:
        """Board boxes / countries to highlight for the current form."""
        if self.game is None or not self._acts:
            return ()
        state = self.game.state
        for name in self._names:
            values = list(dict.fromkeys(getattr(a, name) for a in self._matching(self._names.index(name))))
            kinds = {board_target_kind(state, v) for v in values if v is not None}
            if not kinds or None in kinds:
                continue
            if name in self._chosen:
                chosen = self._values[name]
                return tuple(self._expand(state, chosen))
            out: list[str] = []
            for v in values:
                if board_target_kind(state, v) in ("company", "country"):
                    out.append(v)
            return tuple(out)
        return ()

    @staticmethod
    def _expand(state, value) -> list[str]:
        kind = board_target_kind(state, value)
        if kind == "industry":
            return list(state.board.companies_of_industry[value])
        return [value] if kind else []

    # --- board clicks ----------------------------------------------------------------------------

    def _accepts(self, name: str, values: list, target: str):
        """The value of field `name` that a click on `target` means, if any."""
        for v in values:
            if v == target:
                return v
        if "/" in target:
            country, industry = target.split("/", 1)
            for v in values:
                if v == industry or v == country:
                    return v
        return None

    def click(self, target: str) -> bool:
        """A click on a board box or country: fill the first field it fits; when no group is
        selected, select the first group it fits. Returns whether anything was chosen."""
        if self.game is None:
            return False
        if self._acts and self._try_fields(target):
            return True
        for group, acts in self.groups.items():
            if not acts or (group == "play" and self.cards_hidden) or group == self.group:
                continue
            first = field_names(acts[0])
            if not first:
                continue
            values = list(dict.fromkeys(getattr(a, first[0]) for a in acts))
            if self._accepts(first[0], values, target) is not None:
                self.choose(group)
                return self._try_fields(target)
        return False

    def _try_fields(self, target: str) -> bool:
        for i, name in enumerate(self._names):
            box = self._inputs.get(name)
            if not isinstance(box, W.Dropdown):
                if name not in self._chosen:
                    return False
                continue
            v = self._accepts(name, box._mc_values, target)
            if v is not None:
                self.set_field(name, v)
                return True
            if name not in self._chosen:
                return False
        return False

    def _confirm(self) -> None:
        action = self.selected_action()
        if action is not None:
            self.on_apply(action)


class TradeForm:
    """An open-ended trade offer: what `corp` gives and what it asks for, to one other corp."""

    def __init__(self, game: mc.Game, corp: str, show_cards: bool, on_change: Callable[[], None]):
        self.game, self.corp = game, corp
        state = game.state
        others = [c for c in state.playing if c != corp]
        st = {"description_width": "110px"}
        lay = W.Layout(width="96%")
        self.to = W.Dropdown(options=others, value=others[0] if others else None, description="Trade with",
                             style=st, layout=lay)
        self.give_money = W.BoundedIntText(0, min=0, max=state.money[corp], description="Give Euros", style=st)
        self.give_mercs = W.BoundedIntText(0, min=0, max=state.mercenaries[corp], description="Give mercs", style=st)
        self.give_companies = W.SelectMultiple(options=state.owned_by(corp), description="Give companies",
                                               style=st, layout=lay, rows=3)
        self.give_countries = W.SelectMultiple(options=state.countries_of(corp), description="Give countries",
                                               style=st, layout=lay, rows=2)
        self.give_cards = W.SelectMultiple(options=list(state.hands[corp]) if show_cards else [],
                                           description="Give cards", style=st, layout=lay, rows=2)
        self.take_money = W.BoundedIntText(0, min=0, max=0, description="Ask Euros", style=st)
        self.take_mercs = W.BoundedIntText(0, min=0, max=0, description="Ask mercs", style=st)
        self.take_companies = W.SelectMultiple(options=[], description="Ask companies", style=st, layout=lay, rows=3)
        self.take_countries = W.SelectMultiple(options=[], description="Ask countries", style=st, layout=lay, rows=2)
        rows = [self.to, self.give_money, self.give_mercs, self.give_companies, self.give_countries]
        if show_cards:
            rows.append(self.give_cards)
        rows += [self.take_money, self.take_mercs, self.take_companies, self.take_countries]
        self.widget = W.VBox(rows)
        self.to.observe(lambda _c: (self._fill_take(), on_change()), names="value")
        for w in rows[1:]:
            w.observe(lambda _c: on_change(), names="value")
        self._fill_take()

    def _fill_take(self) -> None:
        state, other = self.game.state, self.to.value
        if other is None:
            return
        self.take_money.max = state.money[other]
        self.take_mercs.max = state.mercenaries[other]
        self.take_companies.options = state.owned_by(other)
        self.take_countries.options = state.countries_of(other)

    def action(self) -> OfferTrade | None:
        if self.to.value is None:
            return None
        give = Bundle(self.give_money.value, self.give_mercs.value, tuple(self.give_companies.value),
                      tuple(self.give_countries.value), tuple(self.give_cards.value))
        take = Bundle(self.take_money.value, self.take_mercs.value, tuple(self.take_companies.value),
                      tuple(self.take_countries.value))
        if give.is_empty() and take.is_empty():
            return None
        return OfferTrade(self.corp, self.to.value, give, take)
