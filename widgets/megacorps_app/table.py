"""The game table's sidebar: the decision in front of the player at the screen (with help: the
rule behind it, "why can't I?", and what happened since their last turn), their hand, a card
out of turn, the payout window, and the log, money chart and rules reference.

Hot-seat privacy. Several human seats may share the screen, so:
- no card name reaches any widget before its owner pressed "Show my hand";
- every hand shown (the decision's hand panel, and a card out of turn) is hidden again, and
  its widgets emptied, as soon as anything changes at the table or another seat comes to the
  screen; with a single human at the table that human's own hand simply stays shown;
- secret bids and votes are entered one player at a time, behind a "pass the screen" gate.

The payout window (Oversupply and Shortages may be played before any payout) costs a player a
prompt only when it can matter, and never tells who holds those cards:
- a lone human is asked only when holding a card it could play there, and as it chose (at every
  payout, only when its card would change what someone earns, or not again this round);
  otherwise the table answers "no card" for it at once;
- at a hot-seat table the window stays open for `PAYOUT_WINDOW` seconds with a visible
  countdown for everyone; a player holding such a card claims it ("I have a card to play"),
  passes the screen and plays; when the time is up (or someone presses "Pay out now") the
  table answers "no card" for every human at the screen who did not claim.

A war against a corp played at this screen is announced above the decision, with its odds as
things stand (`mc.war_outlook`): defending is automatic, so the defender has nothing to decide
and would otherwise learn of the war only once it was over.
"""
from __future__ import annotations

import os
import time
from html import escape
from typing import Callable

import ipywidgets as W

import megacorps as mc
from megacorps.actions import PlayCard
from megacorps.previews import decision_context

from .panels import EndCharts, corp_chip, html, log_html, money_chart, money_series, round_label, topic_link
from .prompts import ActionChooser
from ..shell.rules_view import RulesView
from .rules import rules_help, why_not
from .source import TableSource
from .summary import since_last_turn

SECRET_KINDS = ("auction", "election")   # decisions entered in secret (Game.decision_kind)

# A lone human holding Oversupply or Shortages is asked at every payout (ten times a game):
# it may say when to be asked, and the table remembers it (answering "no card" itself).
PAYOUT_ASK = (("at every payout", "always"),
              ("only when my card would change what someone earns", "changes"),
              ("not again this round", "round"))


def payout_window_seconds() -> float:
    """The hot-seat payout window: 5 s, or MEGACORPS_PAYOUT_WINDOW seconds from the environment."""
    try:
        return max(0.0, float(os.environ.get("MEGACORPS_PAYOUT_WINDOW", "5")))
    except ValueError:
        return 5.0


class Table:
    """Everything in the sidebar while a game is played. `apply(action)` is the app's door to
    the source (it reports errors and lets the bots move); `highlight(targets)` outlines board
    boxes; `rules_view` is the rules in their tab (widgets/shell/rules_view.py), opened in front
    and brought into view by `reveal_rules()`."""

    def __init__(self, apply: Callable[[mc.Action], None],
                 highlight: Callable[[tuple[str, ...]], None] = lambda t: None,
                 guard: Callable[[Callable], Callable] = lambda fn: fn,
                 on_new_question: Callable[[], None] = lambda: None,
                 reveal_rules: Callable[[], None] = lambda: None):
        self.guard = guard
        self._apply = apply
        self._highlight = highlight
        self.on_new_question = on_new_question   # a new question for the player at the screen
        self._question: tuple | None = None
        self.source: TableSource | None = None
        self.focus: str | None = None         # the human corp this screen is asking now
        self.revealed: str | None = None      # whose hand is shown in the hand panel
        self.gate_open: str | None = None     # who unlocked their secret entry
        self.oot_revealed: str | None = None  # whose hand is shown for a card out of turn
        self._shown_at: int | None = None     # the source's version when a hand was shown
        self._key: tuple | None = None
        self._chooser_sig = None
        self._round_seen: tuple | None = None
        self.window_seconds = payout_window_seconds()
        self.window: dict | None = None       # the open payout window: frame key, deadline, claimed
        self._reveal_rules = reveal_rules

        # decision
        self.war_alert = html(cls="mc-war-alert-box")   # a war against a corp played at this screen
        self.prompt = html(cls="mc-prompt")
        self.since = html(cls="mc-since")
        self.why_not = html(cls="mc-why-not")
        self.window_text = html(cls="mc-window-text")
        self.window_claim = W.Button(description="I have a card to play", button_style="warning",
                                     tooltip="You hold a card that changes this payout and want to play it",
                                     layout=W.Layout(width="auto"))
        self.window_claim.add_class("mc-window-claim")
        self.window_who = W.Dropdown(options=[], value=None, description="Who?",
                                     style={"description_width": "40px"}, layout=W.Layout(width="210px"))
        self.window_who.add_class("mc-window-who")
        self.window_go = W.Button(description="Pay out now", tooltip="Nobody plays a card: the payout happens now",
                                  layout=W.Layout(width="auto"))
        self.window_go.add_class("mc-window-go")
        self.window_box = W.VBox([self.window_text, W.HBox([self.window_who, self.window_claim, self.window_go],
                                                           layout=W.Layout(flex_flow="row wrap", grid_gap="4px"))])
        self.window_box.add_class("mc-window")
        self.window_box.layout.display = "none"
        self.gate_text = html(cls="mc-gate-text")
        self.gate_button = W.Button(description="Enter my choice in secret", button_style="warning",
                                    layout=W.Layout(width="auto"))
        self.gate_button.add_class("mc-gate-button")
        self.gate = W.VBox([self.gate_text, self.gate_button])
        self.gate.add_class("mc-gate")
        self.payout_ask = W.Dropdown(options=PAYOUT_ASK, value="always", description="Payout cards: ask me",
                                     style={"description_width": "130px"}, layout=W.Layout(width="96%"))
        self.payout_ask.add_class("mc-payout-ask")
        self.payout_ask.layout.display = "none"
        self._payout_ask_round: int | None = None   # the round "not again this round" was chosen in
        self.chooser = ActionChooser(self._apply, self._on_highlight, guard)
        self.decision_box = W.VBox([self.war_alert, self.prompt, self.since, self.window_box, self.gate, self.chooser.widget,
                                    self.payout_ask, self.why_not])
        self.decision_box.add_class("mc-panel")
        self.decision_box.add_class("mc-decision")

        # hand
        self.hand_title = html(cls="mc-hand-title")
        self.hand_cards = html(cls="mc-hand-cards")
        self.show_hand = W.Button(description="Show my hand", button_style="info",
                                  tooltip="Only the player of this corp should look", layout=W.Layout(width="auto"))
        self.hide_hand = W.Button(description="Hide my hand", layout=W.Layout(width="auto"))
        self.show_hand.add_class("mc-show-hand")
        self.hide_hand.add_class("mc-hide-hand")
        self.hand_box = W.VBox([self.hand_title, W.HBox([self.show_hand, self.hide_hand]), self.hand_cards])
        self.hand_box.add_class("mc-panel")
        self.hand_box.add_class("mc-hand")

        # a card out of turn
        self.oot_corp = W.Dropdown(options=[], value=None, description="Corp",
                                   style={"description_width": "40px"}, layout=W.Layout(width="200px"))
        self.oot_show = W.Button(description="Show hand", layout=W.Layout(width="auto"),
                                 tooltip="Only the player of the chosen corp should look")
        self.oot_show.add_class("mc-oot-show")
        self.oot_hide = W.Button(description="Hide", layout=W.Layout(width="auto"))
        self.oot_hand = html(cls="mc-hand-cards")
        self.oot_chooser = ActionChooser(self._apply, self._on_highlight, guard)
        self.oot_body = W.VBox([self.oot_hand, self.oot_chooser.widget])
        self.oot_note = html(cls="mc-oot-note")
        self.oot_box = W.VBox([
            self.oot_note,
            W.HBox([self.oot_corp, self.oot_show, self.oot_hide], layout=W.Layout(flex_flow="row wrap")),
            self.oot_body])
        self.oot_box.add_class("mc-panel")
        self.oot_box.add_class("mc-oot")

        # log, chart, rules, and the end of the game
        self.log = html(cls="mc-log-box")
        self.chart = money_chart()
        # the rules, in the shell's viewer (its card pages follow the game's deck: `set_source`)
        self.rules_view = RulesView("mc", rules_help(), self._rules_opened)
        self.rules = self.rules_view.widget
        self.end = EndCharts()
        self.tabs = W.Tab(children=[self.log, self.chart.box, self.rules])
        self.tabs.titles = ("Game log", "Money chart", "Rules")
        self.tabs.add_class("mc-tabs")
        self.tabs.observe(guard(self._on_tab), names="selected_index")

        self.widget = W.VBox([self.decision_box, self.hand_box, self.oot_box, self.tabs],
                             layout=W.Layout(width="100%"))

        self.show_hand.on_click(guard(lambda _b: self._reveal(True)))
        self.hide_hand.on_click(guard(lambda _b: self._reveal(False)))
        self.gate_button.on_click(guard(lambda _b: self._open_gate()))
        self.oot_show.on_click(guard(lambda _b: self._oot_reveal(True)))
        self.oot_hide.on_click(guard(lambda _b: self._oot_reveal(False)))
        self.window_claim.on_click(guard(lambda _b: self._claim()))
        self.window_go.on_click(guard(lambda _b: self.expire_window()))
        self.payout_ask.observe(guard(self._on_payout_ask), names="value")

    # --- callbacks (wrapped by the app through `guard`) -------------------------------------------

    def _on_highlight(self, _targets: tuple[str, ...] = ()) -> None:
        """Outline the choices of whichever form is in use (the out-of-turn card first)."""
        source = self.oot_chooser if self.oot_revealed else self.chooser
        self._highlight(source.highlight())

    def _reveal(self, show: bool) -> None:
        self.revealed = self.focus if show else None
        self._shown_at = self.source.version if self.source else None
        if show:
            self.oot_revealed = None
        self.refresh(force=True)

    def _open_gate(self) -> None:
        self.gate_open = self.focus
        self.refresh(force=True)

    def _oot_reveal(self, show: bool) -> None:
        if show and not self.oot_corp.value:
            # the list starts with nobody chosen (a hand shown by mistake is told to everyone)
            raise ValueError("Pick your corp in the Corp list first, then press Show hand.")
        if show:
            self.oot_revealed = self.oot_corp.value
            self.revealed = None
            self._shown_at = self.source.version if self.source else None
        else:
            self.oot_revealed = None
        self.refresh(force=True)

    def _on_tab(self, change) -> None:
        if self.source is None:
            return
        if change["new"] == 1:
            self.chart.update(money_series(self.source), show=True)
        elif change["new"] == 2 and not self.rules_view.is_open:
            self.rules_view.show()   # the Rules tab clicked: the rules from their start

    # --- rules -----------------------------------------------------------------------------------

    def _rules_opened(self) -> None:
        """The viewer opened: its tab in front, and the tabs in view."""
        if self.tabs.selected_index != 2:
            self.tabs.selected_index = 2
        self._reveal_rules()

    # --- the payout window -------------------------------------------------------------------------

    def _payout_humans(self) -> list[str]:
        """Humans at this screen waiting in a payout window."""
        s = self.source
        if s.public_game().decision_kind() != "payout":
            return []
        return s.human_deciders()

    def _can_play_payout_card(self, corp: str) -> bool:
        return any(isinstance(a, PlayCard) for a in self.source.legal_actions(corp))

    def _lone_asked(self, corp: str) -> bool:
        """Whether the lone human `corp` is asked about this payout: it holds a card it may play
        there, and it did not say to be asked only when the card matters, or not this round."""
        cards = [a.card for a in self.source.legal_actions(corp) if isinstance(a, PlayCard)]
        if not cards:
            return False
        state = self.source.public_game().state
        ask = self.payout_ask.value
        if ask == "round":
            return self._payout_ask_round != state.round
        if ask == "changes":
            return any(mc.card_changes_payout(state, card) for card in cards)
        return True

    def _on_payout_ask(self, change) -> None:
        """Remember when to ask; if the payout on screen is one not to ask about, answer it."""
        s = self.source
        if s is None:
            return
        self._payout_ask_round = s.public_game().state.round if change["new"] == "round" else None
        for action in self.automatic_answers():
            self._apply(action)

    def _window_key(self) -> tuple:
        frame = self.source.public_game().state.top_frame
        return (self.source.version, frame.industry, tuple(frame.modifiers), tuple(frame.waiting))

    def automatic_answers(self, now: float | None = None) -> list[mc.Action]:
        """The answers the table gives by itself now, for humans at this screen who need not be
        asked (see the module docstring). The app applies them."""
        s = self.source
        if s is None:
            return []
        waiting = self._payout_humans()
        if not waiting:
            self.window = None
            return []
        if len(s.humans) == 1:
            corp = waiting[0]
            return [] if self._lone_asked(corp) else [mc.NoCard(corp)]
        frame = s.public_game().state.top_frame
        key = (frame.industry, tuple(frame.modifiers))
        if self.window is None or self.window["key"] != key:
            self.window = {"key": key, "deadline": (now or time.monotonic()) + self.window_seconds,
                           "claimed": None, "expired": self.window_seconds <= 0}
        if self.window["claimed"] in waiting:
            return []
        if self.window["expired"] or (now or time.monotonic()) >= self.window["deadline"]:
            return [mc.NoCard(c) for c in waiting]
        return []

    def window_open(self) -> bool:
        """Whether a hot-seat payout window is counting down."""
        return bool(self.window and not self.window["expired"] and self.window["claimed"] is None
                    and self._payout_humans())

    def expire_window(self) -> None:
        """Close the payout window now: everyone at the screen who did not claim plays no card."""
        if self.window is not None:
            self.window["expired"] = True
        for action in self.automatic_answers():
            self._apply(action)

    def _claim(self) -> None:
        corp = self.window_who.value
        waiting = self._payout_humans()
        if self.window is None or corp not in waiting:
            raise ValueError("choose which corp wants to play a card")
        self.window["claimed"] = corp
        self.refresh(force=True)

    def tick_window(self) -> None:
        """Redraw the countdown (the app calls this every second while the window is open)."""
        if self.window_open():
            self._render_window()

    def _render_window(self) -> None:
        s = self.source
        waiting = self._payout_humans()
        game = s.public_game()
        left = max(0, int(round(self.window["deadline"] - time.monotonic()))) if self.window else 0
        context = decision_context(game, None)
        self.window_text.value = (
            f"<div class='mc-window-title'>\u23f3 Payout window: <span class='mc-countdown'>{left}</span> s</div>"
            f"<div class='mc-context'>{escape(context)}</div>"
            "<div class='mc-note'>Before the money moves, a player holding a card that changes a "
            f"payout's competitors ({topic_link('Payout Industries', 'the rule')}) may play it. Everyone sees "
            "this same window, card or not, so nobody learns who holds one. If that is you, choose "
            "your corp and press the button; otherwise just wait.</div>")
        if list(self.window_who.options) != waiting:
            self.window_who.options = waiting
        if self.window_who.value not in waiting:
            self.window_who.value = waiting[0] if len(waiting) == 1 else None

    # --- board clicks ------------------------------------------------------------------------------

    def board_click(self, target: str) -> tuple[bool, str]:
        """A click on the board goes to whichever chooser is open (the out-of-turn card first)."""
        if self.oot_revealed and self.oot_chooser.game is not None:
            return self.oot_chooser.click(target)
        if self.chooser.game is None:
            return False, "Nothing to choose on the board right now."
        return self.chooser.click(target)

    # --- rendering ---------------------------------------------------------------------------------

    def set_source(self, source: TableSource | None) -> None:
        self.source = source
        self.rules_view.set_rules(rules_help(source.public_game().state.deck_spec if source is not None else None))
        self.focus = self.revealed = self.gate_open = self.oot_revealed = None
        self._shown_at = None
        self._key = None
        self._chooser_sig = None
        self._question = None
        self._round_seen = None
        self.window = None
        if source is not None and self.tabs.selected_index == 2:
            # rules read before the game (the set-up screen's "Rules") must not hide its log all game
            self.tabs.selected_index = 0
        self.refresh(force=True)

    @property
    def lone(self) -> bool:
        """A single human at the table: that human's own hand stays shown."""
        return self.source is not None and len(self.source.humans) == 1

    def needs_gate(self, corp: str) -> bool:
        """Secret bids and votes are entered one player at a time when several humans share
        the screen."""
        s = self.source
        return s.public_game().decision_kind() in SECRET_KINDS and len(s.humans) > 1 and self.gate_open != corp

    def _focus(self) -> str | None:
        s = self.source
        humans = s.human_deciders()
        if not humans:
            return None
        if s.public_game().decision_kind() == "payout":
            if self.lone:
                return humans[0] if self._lone_asked(humans[0]) else None
            claimed = self.window["claimed"] if self.window else None
            return claimed if claimed in humans else None
        return humans[0]

    def refresh(self, force: bool = False) -> None:
        s = self.source
        if s is None:
            return
        game = s.public_game()
        focus = self._focus()
        if focus != self.focus:
            self.focus = focus
            self.revealed = None
            self.gate_open = None
        if self.lone:
            self.revealed = s.humans[0] if s.humans[0] == focus else None
        elif self.revealed is not None and self._shown_at != s.version:
            self.revealed = None   # anything happened since it was shown: hide it
        if self.oot_revealed is not None and (self._shown_at != s.version or self.oot_revealed == focus
                                              or not s.may_offer_trades(self.oot_revealed)):
            self.oot_revealed = None
        key = (s.version, focus, self.revealed, self.gate_open, self.oot_revealed, game.is_over,
               self.window_open(), self.window["claimed"] if self.window else None)
        if key == self._key and not force:
            return
        self._key = key
        self._render_decision(s, game, focus)
        self._render_hand(s, focus)
        self._render_oot(s, focus)
        self._on_highlight()
        self.log.value = log_html(s.log_entries())
        marker = (game.round, game.is_over)
        if marker != self._round_seen or force:
            self._round_seen = marker
            self.chart.update(money_series(s), show=self.tabs.selected_index == 1)

    def war_against_here(self) -> mc.WarOutlook | None:
        """The war under way against a corp played at this screen, if any."""
        s = self.source
        outlook = mc.war_outlook(s.public_game().state) if s is not None else None
        return outlook if outlook is not None and outlook.defender in s.humans else None

    def _war_alert_html(self) -> str:
        """Defending is automatic (every mercenary the defender holds defends), so the defender
        has nothing to decide; it is told at once, with the war's odds as things stand."""
        war = self.war_against_here()
        if war is None:
            return ""
        you, country = escape(war.defender), escape(war.country)
        state = self.source.public_game().state
        forces = war.attack - state.mercenaries[war.attacker]
        own = war.defense - war.defending_mercenaries
        if war.attacker_wins:
            verdict = (f"{escape(war.attacker)} would win: {you} would lose {country}"
                       + (f" and {war.defender_losses} mercenar{'y' if war.defender_losses == 1 else 'ies'}"
                          if war.defender_losses else "")
                       + f", and {escape(war.attacker)} might then intervene against {you}'s companies there")
        else:
            verdict = (f"{you} would hold {country} (ties go to the defender)"
                       + (f", losing {war.defender_losses} mercenar{'y' if war.defender_losses == 1 else 'ies'}"
                          if war.defender_losses else ""))
        pending = (f" {escape(', '.join(war.undecided))} may still give up to {war.undecided_mercenaries} "
                   "mercenaries to either side." if war.undecided else "")
        return (f"<div class='mc-war-alert' role='alert'><div class='mc-war-title'>\u2694 War on {you}'s {country}"
                f"</div><div>{escape(war.attacker)} attacks with {war.attack} ({forces} Force + "
                f"{war.attack - forces} mercenaries) against {you}'s defense {war.defense} ({own} Defense + "
                f"{war.defending_mercenaries} mercenaries). As things stand {verdict}.{pending}</div>"
                f"<div class='mc-note'>Defending is automatic: every mercenary {you} holds defends, so "
                f"{you} has nothing to decide. {topic_link('Resolving a War', 'How a war is resolved')}</div></div>")

    def _render_decision(self, s: TableSource, game: mc.Game, focus: str | None) -> None:
        self.war_alert.value = self._war_alert_html()
        asking = self.lone and focus is not None and game.decision_kind() == "payout"
        self.payout_ask.layout.display = None if asking else "none"
        if asking and self.payout_ask.value == "round" and self._payout_ask_round != game.state.round:
            self.payout_ask.value = "always"   # a new round: asked again, and the choice says so
        self.window_box.layout.display = "none"
        self.why_not.value = ""
        self.since.value = ""
        if game.is_over:
            self.prompt.value = "<div class='mc-decision-text'>The game is over.</div>"
            self._hide_chooser()
            return
        # the rule of the decision under way, "Rounds" for a turn's own actions
        rule = self.rules_view.rules.section_for_decision(game.decision_kind()) or "Rounds"
        help_link = self.rules_view.link(rule, "? the rule", "mc-help-link")
        if focus is None:
            if self.window_open():
                self.prompt.value = ""
                self._render_window()
                self.window_box.layout.display = None
                self._hide_chooser()
                return
            bots = [c for c in s.deciders() if not s.is_human(c)]
            who = ", ".join(f"{corp_chip(c)} <i>({escape(s.seats[c])} bot)</i>" for c in bots)
            thinking = f"<div class='mc-who-decides'>{who} thinking\u2026</div>" if who else ""
            self.prompt.value = (f"{thinking}<div class='mc-decision-text'>{escape(game.decision)} {help_link}</div>")
            self._hide_chooser()
            return
        others = [c for c in s.human_deciders() if c != focus]
        also = (f"<div class='mc-note'>Also waiting for: {', '.join(escape(c) for c in others)}"
                " (one at a time).</div>") if others else ""
        context = decision_context(game, focus, s.view(focus) if game.state.top_frame is not None else None,
                                log=s.log_entries())
        self.prompt.value = (f"<div class='mc-who-decides'>{corp_chip(focus)} decides now</div>"
                             f"<div class='mc-decision-text'>{escape(game.decision)} {help_link}</div>"
                             + (f"<div class='mc-context'>{escape(context)}</div>" if context else "") + also)
        self.since.value = self._since_html(s, focus)
        question = self._question_key(s, game, focus)
        if question != self._question:
            self._question = question
            self.on_new_question()
        if self.needs_gate(focus):
            what = "bid" if game.decision_kind() == "auction" else "vote"
            self.gate_text.value = (f"<div class='mc-pass-screen'>Pass the screen to <b>{escape(focus)}</b>.</div>"
                                    f"<div class='mc-note'>Everyone else, look away: {escape(focus)}'s {what} "
                                    "stays secret until all are in.</div>")
            self.gate_button.description = f"I am {focus}: enter my {what}"
            self.gate.layout.display = None
            self._hide_chooser(keep_gate=True)
            return
        self.gate.layout.display = "none"
        self.chooser.widget.layout.display = None
        state = game.state
        allow_trade = (state.phase == "rounds" and state.top_frame is None and s.may_offer_trades(focus))
        legal = s.legal_actions(focus)
        hidden = self.revealed != focus
        # The form is rebuilt only for another question: while others answer the same one (a
        # payout, a war's pause) it keeps what the player chose, so a click that lands as the
        # table redraws still counts (its controls are not replaced under the pointer).
        signature = (question, tuple(legal), hidden, allow_trade, len(state.hands[focus]))
        if signature != self._chooser_sig or self.chooser.game is None:
            same_question = self._chooser_sig is not None and self._chooser_sig[0] == question
            self._chooser_sig = signature
            hand = [] if hidden else s.view(focus).hand
            self.chooser.set_decision(game, focus, legal, cards_hidden=hidden, allow_trade=allow_trade, hand=hand,
                                      keep=same_question)
        else:
            self.chooser.update_game(game)
        reasons = why_not(state, focus, self.chooser.offered())
        if reasons:
            items = "".join(f"<li><b>{escape(label)}</b>: {escape(reason)}. {topic_link(topic, 'Rule')}</li>"
                            for label, reason, topic in reasons)
            self.why_not.value = (f"<details class='mc-why-not-box'><summary>Why can't I\u2026? "
                                  f"({len(reasons)} action{'s' if len(reasons) > 1 else ''} not offered now)</summary>"
                                  f"<ul>{items}</ul></details>")

    @staticmethod
    def _question_key(s: TableSource, game: mc.Game, focus: str) -> tuple:
        """Which question `focus` faces: the same while others answer it; another one once
        `focus` has acted (or was undone) or the stack of pending decisions changed."""
        state = game.state
        own_moves = sum(1 for step in s.timeline() if step.corp == focus)
        return (focus, state.phase, state.round, bool(state.must_buy), len(state.frames), type(state.top_frame),
                own_moves)

    def _since_html(self, s: TableSource, corp: str) -> str:
        events = since_last_turn(s.timeline(), corp)
        if not events:
            return ""
        items = "".join(
            f"<li><span class='mc-log-round'>{round_label(e.round)}</span> {escape(e.text)}"
            + (f" \u2192 <b>{escape(e.effect)}</b>" if e.effect else "")
            + f" {topic_link(e.topic, 'why?')}</li>" for e in events[-12:])
        hit = sum(1 for e in events if e.effect)
        # only what involved this corp is listed: say so, and where the rest is (the whole table's
        # moves, such as a war between two others, would otherwise seem not to have happened)
        return (f"<details class='mc-since-box' {'open' if hit else ''}><summary>Since {escape(corp)}'s last turn: "
                f"{len(events)} event{'s' if len(events) != 1 else ''} involving {escape(corp)}"
                f"{f', {hit} that changed its money or holdings' if hit else ''}</summary><ul>{items}"
                "<li class='mc-small'>Everything else that happened is in the Game log.</li></ul></details>")

    def _hide_chooser(self, keep_gate: bool = False) -> None:
        if not keep_gate:
            self.gate.layout.display = "none"
        self._chooser_sig = None
        self.chooser.clear()
        self.chooser.widget.layout.display = "none"

    def _hand_html(self, s: TableSource, corp: str, playable: set[str]) -> str:
        view = s.view(corp)
        spec = s.public_game().state.deck_spec.card_by_name
        if not view.hand:
            cards = "<div class='mc-note'>No cards in hand.</div>"
        else:
            items = []
            for card in view.hand:
                ok = card in playable
                summary = spec[card].summary if card in spec else ""
                items.append(f"<div class='mc-card{' mc-playable' if ok else ''}' data-owner='{escape(corp)}'>"
                             f"<div class='mc-card-name'>{topic_link('card:' + card, escape(card))}"
                             f"{' <span class=mc-play-mark>playable now</span>' if ok else ''}</div>"
                             f"<div class='mc-card-text'>{escape(summary)}</div></div>")
            cards = "".join(items)
        private = [line for line in view.log if line not in {e.text for e in s.log_entries()}][-4:]
        extra = ""
        if private or view.my_secret is not None:
            lines = "".join(f"<li>{escape(t)}</li>" for t in reversed(private))
            mine = (f"<li>Your secret choice: {escape(str(view.my_secret))}</li>"
                    if view.my_secret is not None else "")
            extra = f"<div class='mc-private'><b>Only for {escape(corp)}:</b><ul>{mine}{lines}</ul></div>"
        return f"<div class='mc-cards'>{cards}</div>{extra}"

    def _render_hand(self, s: TableSource, focus: str | None) -> None:
        game = s.public_game()
        corp = focus if focus is not None else (s.humans[0] if self.lone else None)
        if corp is None or game.is_over:
            self.hand_box.layout.display = "none"
            self.hand_cards.value = ""
            return
        self.hand_box.layout.display = None
        n = len(game.state.hands[corp])
        noun = "card" if n == 1 else "cards"
        shown = self.revealed == corp or (self.lone and corp == s.humans[0])
        if shown and n:
            playable = {a.card for a in s.legal_actions(corp) if isinstance(a, PlayCard)}
            self.hand_title.value = f"<div class='mc-panel-title'>{corp_chip(corp)}'s hand: {n} {noun}</div>"
            self.hand_cards.value = self._hand_html(s, corp, playable)
            self.show_hand.layout.display = "none"
            self.hide_hand.layout.display = "none" if self.lone else None
        elif n == 0:
            self.hand_title.value = f"<div class='mc-panel-title'>{corp_chip(corp)} holds no cards</div>"
            self.hand_cards.value = ""
            self.show_hand.layout.display = "none"
            self.hide_hand.layout.display = "none"
        else:
            self.hand_title.value = (f"<div class='mc-panel-title'>{corp_chip(corp)}'s hand: {n} {noun}, hidden</div>"
                                     f"<div class='mc-note'>Only {escape(corp)} should look. "
                                     "Cards you may play now will be marked.</div>")
            self.hand_cards.value = ""
            self.show_hand.description = f"Show my hand ({corp})"
            self.show_hand.layout.display = None
            self.hide_hand.layout.display = "none"

    def _render_oot(self, s: TableSource, focus: str | None) -> None:
        game = s.public_game()
        able = [c for c in s.humans if c != focus and game.state.hands[c] and s.may_offer_trades(c)
                and game.state.phase == "rounds"]
        if not able or game.is_over:
            self.oot_box.layout.display = "none"
            self.oot_revealed = None
            self.oot_chooser.clear()
            self.oot_hand.value = ""
            return
        self.oot_box.layout.display = None
        # a lone human (one seat at its own screen) has nobody to pick or to hide the hand from
        self.oot_note.value = ("<div class='mc-panel-title'>Play a card out of turn</div><div class='mc-note'>"
                               "Most event cards may be played at any moment, even on another corp's turn"
                               + (": yours are below." if self.lone else
                                  ". Pick your corp and show your hand (the others look away).") + "</div>")
        self.oot_corp.layout.display = "none" if self.lone else None
        current = self.oot_corp.value
        if list(self.oot_corp.options) != able:
            self.oot_corp.options = able
        self.oot_corp.value = current if current in able else (able[0] if len(able) == 1 else None)
        corp = self.oot_revealed
        if self.lone and corp is None and able == [s.humans[0]]:
            corp = self.oot_revealed = s.humans[0]   # a lone human's hand is always shown
        if corp is None:
            self.oot_hand.value = ""
            self.oot_chooser.clear()
            self.oot_body.layout.display = "none"
            self.oot_show.layout.display = None
            self.oot_hide.layout.display = "none"
            return
        plays = [a for a in s.legal_actions(corp) if isinstance(a, PlayCard)]
        self.oot_body.layout.display = None
        self.oot_show.layout.display = "none"
        self.oot_hide.layout.display = "none" if self.lone else None
        self.oot_hand.value = self._hand_html(s, corp, {a.card for a in plays})
        self.oot_chooser.set_decision(game, corp, plays, cards_hidden=False, hand=s.view(corp).hand)
        if plays:
            self.oot_chooser.choose("play")
