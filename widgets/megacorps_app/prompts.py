"""The action chooser: a corp's legal actions by group (buttons with tooltips), each group's
choices (dropdowns, numbers, or clicks on the board), a preview, and Confirm. Only legal
actions are offered; Confirm hands the action to the table, which applies it.

Rules the chooser keeps:
- a board click fills a choice of the action already chosen and never changes the action; a
  click on a box that is no legal target says why, in game terms;
- a number outside what the rules allow is never changed silently: the chooser sets it to
  the nearest allowed value and says what it changed and why.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as W

import megacorps as mc
from megacorps.actions import Bundle, OfferTrade
from megacorps.explain import why_illegal

from megacorps.previews import preview

from .choices import (FIELD_LABELS, GROUP_LABELS, SIMPLE, board_target_kind, field_names,
                      group_actions, option_label, value_label)
from .rules import ACTION_TIPS, GROUP_TOPIC

# A preview for the first field alone is looked for among at most this many actions (a mercenary
# offer lists every count at every price step: previewing each would slow every click).
PARTIAL_PREVIEWS = 40


class ActionChooser:
    """Choose one legal action of one corp. `on_apply(action)` is called on Confirm;
    `on_highlight(targets)` whenever the board should highlight other boxes."""

    def __init__(self, on_apply: Callable[[mc.Action], None],
                 on_highlight: Callable[[tuple[str, ...]], None] = lambda t: None,
                 guard: Callable[[Callable], Callable] = lambda fn: fn):
        self.guard = guard
        self.on_apply = on_apply
        self.on_highlight = on_highlight
        self.kind = W.ToggleButtons(options=[], value=None, style={"button_width": "auto"},
                                    layout=W.Layout(width="100%"))
        self.kind.add_class("mc-kinds")
        self.fields_box = W.VBox(layout=W.Layout(width="100%"))
        self.note = W.HTML(layout=W.Layout(width="100%"))
        self.note.add_class("mc-field-note")
        self.preview = W.HTML(layout=W.Layout(width="100%"))
        self.preview.add_class("mc-preview")
        self.confirm = W.Button(description="Confirm", button_style="primary", disabled=True,
                                tooltip="Do it (the engine checks it again)", layout=W.Layout(width="160px"))
        self.confirm.add_class("mc-confirm")
        self.widget = W.VBox([self.kind, self.fields_box, self.note, self.preview, self.confirm],
                             layout=W.Layout(width="100%"))
        self._on_kind = guard(self._on_kind_raw)
        self._on_field = guard(self._on_field_raw)
        self.kind.observe(self._on_kind, names="value")
        self.confirm.on_click(guard(lambda _b: self._confirm()))
        self.game: mc.Game | None = None      # the public game (previews, reasons)
        self.corp: str | None = None
        self.hand: list[str] = []
        self.groups: dict[str, list[mc.Action]] = {}
        self.cards_hidden = True
        self._names: list[str] = []
        self._acts: list[mc.Action] = []
        self._all_ranges: list[mc.ChoiceRange] = []   # the decision's whole ranges (Game.ranges)
        self._ranges: list[mc.ChoiceRange] = []   # those of the selected kind of action
        self._values: dict = {}
        self._chosen: set[str] = set()
        self._inputs: dict[str, W.Widget] = {}
        self._trade: TradeForm | None = None
        self._labels: dict[str, str] = {}

    # --- setting up for a decision ----------------------------------------------------------------

    def set_decision(self, game: mc.Game, corp: str, actions: list[mc.Action], cards_hidden: bool,
                     allow_trade: bool = False, hand: list[str] | None = None, keep: bool = False) -> None:
        """Offer `actions` (all legal for `corp`); card choices only when `cards_hidden` is False.
        `game` is the public game; `hand` the corp's own cards (used only when not hidden).
        `keep`: the same question, its choices changed meanwhile (another corp's card): what was
        chosen stays chosen as far as it is still offered (a click as the form is rebuilt counts)."""
        before = (self.group, dict(self._values), set(self._chosen)) if keep and self.corp == corp else None
        self._offer(game, corp, actions, cards_hidden, allow_trade, hand)
        if before is None or before[0] not in self.groups or before[0] == "trade":
            return
        group, values, chosen = before
        if self.group != group:
            self.kind.value = GROUP_LABELS[group]
        for name in list(self._names):
            if name not in chosen or name not in self._inputs:
                break
            box = self._inputs[name]
            if isinstance(box, W.Dropdown) and values.get(name) not in box._mc_values:
                break
            self.set_field(name, values[name])

    def _offer(self, game: mc.Game, corp: str, actions: list[mc.Action], cards_hidden: bool,
               allow_trade: bool, hand: list[str] | None) -> None:
        self.game, self.corp, self.cards_hidden = game, corp, cards_hidden
        self.hand = list(hand or [])
        try:  # any amount of a range is legal, not only the listed steps (engine: Game.ranges)
            self._all_ranges = list(game.ranges(corp))
        except Exception:  # a game that lists every amount has no ranges to add
            self._all_ranges = []
        groups = group_actions(actions)
        state = game.state
        if state.hands.get(corp) and "play" not in groups and state.phase == "rounds" and (
                game.may_offer_trades(corp) or game.decision_kind() == "payout"):
            groups["play"] = []  # offered whenever the corp holds cards: never tells which are playable
        if allow_trade:
            groups["trade"] = []
        order = [g for g in GROUP_LABELS if g in groups]
        self.groups = {g: groups[g] for g in order}
        self._labels = {GROUP_LABELS[g]: g for g in order}
        self.kind.unobserve(self._on_kind, names="value")
        self.kind.options = [GROUP_LABELS[g] for g in order]
        self.kind.tooltips = [ACTION_TIPS.get(g, "") for g in order]
        self.kind.value = None
        self.kind.observe(self._on_kind, names="value")
        self._select(None)
        main = [g for g in order if g not in ("play", "trade", "leave")]
        if len(main) == 1 and main[0] not in SIMPLE:
            self.kind.value = GROUP_LABELS[main[0]]

    def update_game(self, game: mc.Game) -> None:
        """The same decision, the table changed meanwhile (another corp answered): keep what
        is chosen, redo the preview from the table as it is now."""
        self.game = game
        self._refresh_state()

    def clear(self) -> None:
        self.game = self.corp = None
        self.groups = {}
        self.hand = []
        self.kind.unobserve(self._on_kind, names="value")
        self.kind.options = []
        self.kind.value = None
        self.kind.observe(self._on_kind, names="value")
        self._select(None)

    @property
    def group(self) -> str | None:
        return self._labels.get(self.kind.value) if self.kind.value else None

    @property
    def topic(self) -> str | None:
        """The rules topic of the chosen group."""
        return GROUP_TOPIC.get(self.group) if self.group else None

    def offered(self) -> set[str]:
        return set(self.groups)

    def choose(self, label_or_group: str) -> None:
        """Select a group by its label or key (for tests)."""
        label = GROUP_LABELS.get(label_or_group, label_or_group)
        self.kind.value = label

    # --- fields ----------------------------------------------------------------------------------

    def _on_kind_raw(self, change) -> None:
        self._select(self._labels.get(change["new"]) if change["new"] else None)

    def _replace_rows(self, rows: list) -> None:
        """Show `rows` as the fields; widgets no longer shown are closed (nothing stays in the page)."""
        keep = {id(r) for r in rows}
        old = [w for w in self.fields_box.children if id(w) not in keep]
        self.fields_box.children = rows
        for w in old:
            _close_tree(w)

    def _select(self, group: str | None) -> None:
        self._values, self._chosen, self._inputs = {}, set(), {}
        if self._trade is not None:
            self._trade = None
        self.note.value = ""
        self._acts = self.groups.get(group, []) if group else []
        self._names = field_names(self._acts[0]) if self._acts else []
        self._ranges = [r for r in self._all_ranges
                        if self._acts and type(r.example) is type(self._acts[0])]
        if group == "play" and self.cards_hidden:
            self._replace_rows([W.HTML(
                "<div class='mc-note'>Press <b>Show my hand</b> first to choose a card.</div>")])
            self._acts, self._names = [], []
        elif group == "play" and not self._acts:
            self._replace_rows([W.HTML("<div class='mc-note'>None of your cards can be played now.</div>")])
        elif group == "trade":
            self._trade = TradeForm(self.game, self.corp, hand=None if self.cards_hidden else self.hand,
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
                spans = [(r.low, r.high) for r in self._ranges if r.field == name]
                low = min([*values, *(lo for lo, _ in spans)])
                high = max([*values, *(hi for _, hi in spans)])
                box = W.IntText(value=low, description=label, style={"description_width": "120px"},
                                layout=W.Layout(width="230px"),
                                tooltip=f"from {low} to {high}")
                box._mc_range = (low, high)
                box._mc_values = set(values)
                box._mc_spans = spans
                self._values[name] = box.value
                self._chosen.add(name)
                hint = W.HTML(f"<span class='mc-note'>{low} to {high}</span>")
                box = W.HBox([box, hint])
                box._mc_field = i
                inner = box.children[0]
                inner._mc_field = i
                inner.observe(self._on_field, names="value")
                self._inputs[name] = inner
                rows.append(box)
                continue
            else:
                examples = {}
                for a in self._matching(i):
                    examples.setdefault(getattr(a, name), a)
                box = W.Dropdown(options=[option_label(self.game.state, examples[v], name) if self.game is not None
                                          else value_label(v) for v in values], index=None,
                                 # the label takes its own width, the rest is the choice's: at 1024 x 700
                                 # a fixed 120 px label left long names cut ("European Union/Financ...")
                                 description=label, style={"description_width": "initial"},
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
        self.note.value = ""
        if isinstance(box, W.Dropdown):
            if box.index is None:
                return
            self._values[name] = box._mc_values[box.index]
        elif isinstance(box, W.IntText):
            asked = box.value
            allowed = box._mc_values
            in_span = any(lo <= asked <= hi for lo, hi in box._mc_spans)
            if asked not in allowed and not in_span:
                ends = allowed | {v for span in box._mc_spans for v in span}
                value = min(ends, key=lambda v: (abs(v - asked), v))
                self.note.value = self._clamp_note(name, asked, value)
                box.unobserve(self._on_field, names="value")
                box.value = value
                box.observe(self._on_field, names="value")
            self._values[name] = box.value
        else:
            self._values[name] = box.value
        self._chosen.add(name)
        self._build_fields(i + 1)
        self._refresh_state()

    def _clamp_note(self, name: str, asked: int, value: int) -> str:
        """Say that `asked` was changed to `value`, and why, in game terms."""
        reason = ""
        trial = None
        if self._acts and self.game is not None:
            try:
                trial = type(self._acts[0])(self.corp, **{**{n: self._values.get(n) for n in self._names}, name: asked})
                reason = why_illegal(self.game.state, trial, self.game.deciders)
            except Exception:  # the reason is a courtesy; the change is said anyway
                reason = ""
            if trial is None or reason.startswith(str(trial)) or "is not one of the choices" in reason:
                reason = ""
        label = FIELD_LABELS.get(name, name).lower()
        why = f": {reason}" if reason else f" (allowed here: {min(self._inputs[name]._mc_range)} to {max(self._inputs[name]._mc_range)})"
        return (f"<div class='mc-clamped' role='status'>\u270e You entered {asked} for {escape(label)}{escape(why)}. "
                f"It is set to <b>{value}</b>.</div>")

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
        action = cls(self.corp, **{n: self._values[n] for n in self._names})
        return action if (action in self._acts or any(action in r for r in self._ranges)) else None

    def _refresh_state(self) -> None:
        action = None
        try:
            action = self.selected_action()
        except Exception:
            action = None
        self.confirm.disabled = action is None
        text = preview(self.game, action) if (action is not None and self.game is not None) else ""
        if not text and self._acts and self.game is not None and self._names:
            # a preview for the first field alone, when what is left to choose does not change
            # it (a card's preview depends on its target: the first target is not a choice made)
            matching = self._matching(1) if self._names[0] in self._chosen else []
            if 0 < len(matching) <= PARTIAL_PREVIEWS:
                said = {preview(self.game, a) for a in matching}
                text = said.pop() if len(said) == 1 else ""
        self.preview.value = f"<div class='mc-preview-text'>{escape(text)}</div>" if text else ""
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

    @staticmethod
    def _accepts(values: list, target: str):
        """The value among `values` that a click on `target` means, if any."""
        for v in values:
            if v == target:
                return v
        if "/" in target:
            country, industry = target.split("/", 1)
            for v in values:
                if v == industry or v == country:
                    return v
        return None

    def click(self, target: str) -> tuple[bool, str]:
        """A click on a board box or country fills the first open choice of the chosen action
        that it fits. It never changes the chosen action. Returns (whether it was used, and if
        not, why in game terms)."""
        if self.game is None:
            return False, ""
        group = self.group
        if group is None:
            fits = [GROUP_LABELS[g] for g, acts in self.groups.items() if acts and self._fits(acts, target)]
            if fits:
                return False, (f"Choose an action first, then click the board. {target} could be used "
                               f"for: {', '.join(fits)}.")
            return False, "Choose an action first, then click the board."
        for name in self._names:
            box = self._inputs.get(name)
            if not isinstance(box, W.Dropdown):
                if name not in self._chosen:
                    break
                continue
            kinds = {board_target_kind(self.game.state, v) for v in box._mc_values if v is not None}
            if not kinds or None in kinds:
                if name not in self._chosen:
                    break
                continue
            v = self._accepts(box._mc_values, target)
            if v is not None:
                self.set_field(name, v)
                return True, ""
            return False, self._why_not_target(name, target)
        return False, f"{GROUP_LABELS.get(group, group)} needs no choice on the board now."

    def _fits(self, acts: list[mc.Action], target: str) -> bool:
        first = field_names(acts[0])
        if not first:
            return False
        return self._accepts(list(dict.fromkeys(getattr(a, first[0]) for a in acts)), target) is not None

    def _why_not_target(self, name: str, target: str) -> str:
        """Why `target` is not a legal value of field `name` for the chosen action."""
        label = GROUP_LABELS.get(self.group, "this action")
        value = target
        kind = board_target_kind(self.game.state, target)
        if name in ("country",) and kind == "company":
            value = target.split("/", 1)[0]
        elif name == "industry" and kind == "company":
            value = target.split("/", 1)[1]
        reason = ""
        try:
            values = {n: self._values.get(n) for n in self._names}
            values[name] = value
            trial = type(self._acts[0])(self.corp, **values)
            reason = why_illegal(self.game.state, trial, self.game.deciders)
            if reason.startswith(str(trial)):
                reason = ""
        except Exception:
            reason = ""
        if not reason or "is not one of the choices" in reason:
            reason = _status_reason(self.game, self.corp, target)
        return f"Not a choice for {label}: {reason}." if reason else f"{target} is not a choice for {label} now."

    def _confirm(self) -> None:
        action = self.selected_action()
        if action is not None:
            self.on_apply(action)


def _status_reason(game: mc.Game, corp: str, target: str) -> str:
    """A plain description of a box, for a click that is not a legal target."""
    state = game.state
    if target in state.companies:
        status = state.companies[target]
        if status == corp:
            return f"{target} is already yours"
        if status in state.corps:
            return f"{target} is owned by {status}"
        return {"nationalized": f"{target} is Nationalized", "syndicalized": f"{target} is Syndicalized",
                "absent": f"{target} is not in the game yet (it needs its event card)"}.get(status, "")
    if target in state.controllers:
        owner = state.controllers[target]
        return f"{target} is controlled by {owner}" if owner else f"{target} is not controlled by anyone"
    return ""


def _close_tree(widget) -> None:
    for child in getattr(widget, "children", ()) or ():
        _close_tree(child)
    widget.close()


class TradeForm:
    """A trade offer to one other corp: what you give and what you ask for, everything the
    rules allow (Euros, mercenaries, companies, countries, cards), each as a clear control:
    number boxes that say their limits, and a tick box per company, country and card."""

    def __init__(self, game: mc.Game, corp: str, hand: list[str] | None, on_change: Callable[[], None]):
        self.game, self.corp, self.hand = game, corp, hand
        self.on_change = on_change
        state = game.state
        others = [c for c in state.playing if c != corp]
        self.to = W.Dropdown(options=others, value=others[0] if others else None, description="Offer to",
                             style={"description_width": "70px"}, layout=W.Layout(width="96%"))
        self.to.add_class("mc-trade-to")
        self.give_box = W.VBox()
        self.take_box = W.VBox()
        self.summary = W.HTML()
        self.summary.add_class("mc-trade-summary")
        give_title = W.HTML("<div class='mc-trade-side'>You give</div>")
        take_title = W.HTML("<div class='mc-trade-side'>You ask for</div>")
        self.widget = W.VBox([self.to, W.HBox([W.VBox([give_title, self.give_box]), W.VBox([take_title, self.take_box])],
                                              layout=W.Layout(flex_flow="row wrap", grid_gap="8px")), self.summary])
        self.widget.add_class("mc-trade")
        self.give: dict[str, object] = {}
        self.take: dict[str, object] = {}
        self._build_give()
        self._build_take()
        self.to.observe(lambda _c: (self._build_take(), self._changed()), names="value")
        self._changed()

    def _number(self, label: str, most: int, cls: str) -> W.IntText:
        box = W.IntText(0, description=label, style={"description_width": "70px"},
                        layout=W.Layout(width="150px"), tooltip=f"0 to {most}")
        box._mc_most = most
        box.add_class(cls)
        box.observe(lambda c: self._check_number(c), names="value")
        return box

    def _ticks(self, items: list[str], cls: str) -> list[W.Checkbox]:
        boxes = []
        for item in items:
            b = W.Checkbox(False, description=item, indent=False, layout=W.Layout(width="auto"))
            b.add_class(cls)
            b.observe(lambda _c: self._changed(), names="value")
            boxes.append(b)
        return boxes

    def _group(self, title: str, boxes: list, empty: str) -> W.Widget:
        head = W.HTML(f"<div class='mc-trade-group'>{escape(title)}</div>")
        if not boxes:
            return W.VBox([head, W.HTML(f"<div class='mc-note'>{escape(empty)}</div>")])
        return W.VBox([head, W.Box(boxes, layout=W.Layout(flex_flow="row wrap"))])

    def _build_give(self) -> None:
        state, corp = self.game.state, self.corp
        self.give = {
            "money": self._number("Euros", state.money[corp], "mc-give-money"),
            "mercenaries": self._number("Mercs", state.mercenaries[corp], "mc-give-mercs"),
            "companies": self._ticks(state.owned_by(corp), "mc-give-company"),
            "countries": self._ticks(state.countries_of(corp), "mc-give-country"),
            "cards": self._ticks(list(dict.fromkeys(self.hand or [])), "mc-give-card"),
        }
        cards_note = ("you hold no cards" if self.hand == [] else
                      "press Show my hand to offer cards" if self.hand is None else "")
        self.give_box.children = [
            self.give["money"], self.give["mercenaries"],
            self._group("Companies", self.give["companies"], "you own none"),
            self._group("Countries", self.give["countries"], "you control none"),
            self._group("Cards", self.give["cards"], cards_note or "none")]

    def _build_take(self) -> None:
        state, other = self.game.state, self.to.value
        old = list(self.take_box.children)
        if other is None:
            self.take_box.children = []
            return
        deck = state.deck_spec
        self.take = {
            "money": self._number("Euros", state.money[other], "mc-take-money"),
            "mercenaries": self._number("Mercs", state.mercenaries[other], "mc-take-mercs"),
            "companies": self._ticks(state.owned_by(other), "mc-take-company"),
            "countries": self._ticks(state.countries_of(other), "mc-take-country"),
            "cards": self._ticks(sorted(c.name for c in deck.cards) if state.hands[other] else [], "mc-take-card"),
        }
        n = len(state.hands[other])
        self.take_box.children = [
            self.take["money"], self.take["mercenaries"],
            self._group("Companies", self.take["companies"], f"{other} owns none"),
            self._group("Countries", self.take["countries"], f"{other} controls none"),
            # an empty hand: one line says so ("holds 0 ... ask for any" above "holds no cards" read twice)
            self._group(f"Cards ({other} holds {n}; its hand is secret, so ask for any: "
                        "it can only accept if it holds them)" if n else "Cards", self.take["cards"],
                        f"{other} holds no cards")]
        for w in old:
            _close_tree(w)

    def _check_number(self, change) -> None:
        box = change["owner"]
        value = change["new"]
        most = box._mc_most
        if value is None or value < 0 or value > most:
            fixed = 0 if value is None or value < 0 else most
            why = "an amount cannot be negative" if (value or 0) < 0 else f"there are only {most}"
            self.note = (f"\u270e You entered {value} for {box.description}: {why}. It is set to {fixed}.")
            box.value = fixed
            return
        self._changed()

    note: str = ""

    def _bundle(self, side: dict) -> Bundle:
        if not side:
            return Bundle()
        pick = lambda boxes: tuple(b.description for b in boxes if b.value)  # noqa: E731
        return Bundle(side["money"].value or 0, side["mercenaries"].value or 0, pick(side["companies"]),
                      pick(side["countries"]), pick(side["cards"]))

    def action(self) -> OfferTrade | None:
        if self.to.value is None:
            return None
        give, take = self._bundle(self.give), self._bundle(self.take)
        if give.is_empty() and take.is_empty():
            return None
        return OfferTrade(self.corp, self.to.value, give, take)

    def _changed(self) -> None:
        action = self.action()
        note = f"<div class='mc-clamped'>{escape(self.note)}</div>" if self.note else ""
        self.note = ""
        if action is None:
            self.summary.value = note + "<div class='mc-note'>Tick or enter what you give and what you ask for.</div>"
        else:
            self.summary.value = note + f"<div class='mc-note'>{escape(action.describe(show_cards=True))}.</div>"
        self.on_change()
