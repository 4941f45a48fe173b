"""The game table for hot-seat play: the decision prompt and action chooser, the hand of the
corp that must decide (hidden until that player asks), secret entries one player at a time,
playing a card out of turn, and the log and money chart.

Hot-seat privacy: no card name reaches any widget before its owner pressed "Show my hand",
and the hand is hidden again as soon as another corp must decide.
"""
from __future__ import annotations

from html import escape
from typing import Callable

import ipywidgets as W

import megacorps as mc
from megacorps.actions import PlayCard
from megacorps.state import AuctionFrame, ElectionFrame

from .choices import frame_context
from .panels import MoneyChart, corp_chip, html, log_html
from .prompts import ActionChooser
from .session import Session

SECRET_FRAMES = (AuctionFrame, ElectionFrame)


class Table:
    """Everything in the sidebar while a game is played. `apply(action)` is the app's door to
    the engine (it reports errors and lets the bots move); `highlight(targets)` outlines
    board boxes."""

    def __init__(self, apply: Callable[[mc.Action], None],
                 highlight: Callable[[tuple[str, ...]], None] = lambda t: None,
                 guard: Callable[[Callable], Callable] = lambda fn: fn):
        self.guard = guard
        self._apply = apply
        self._highlight = highlight
        self.session: Session | None = None
        self.focus: str | None = None         # the human corp this screen is asking now
        self.revealed: str | None = None      # whose hand is shown in the hand panel
        self._revealed_at = 0                 # number of actions when it was shown
        self.gate_open: str | None = None     # who unlocked their secret entry
        self._key: tuple | None = None
        self._round_seen: tuple | None = None

        # decision
        self.prompt = html(cls="mc-prompt")
        self.gate_text = html(cls="mc-gate-text")
        self.gate_button = W.Button(description="Enter my choice in secret", button_style="warning",
                                    icon="eye", layout=W.Layout(width="auto"))
        self.gate_button.add_class("mc-gate-button")
        self.gate = W.VBox([self.gate_text, self.gate_button])
        self.gate.add_class("mc-gate")
        self.chooser = ActionChooser(self._apply_from_chooser, self._on_highlight, guard)
        self.decision_box = W.VBox([self.prompt, self.gate, self.chooser.widget])
        self.decision_box.add_class("mc-panel")
        self.decision_box.add_class("mc-decision")

        # hand
        self.hand_title = html(cls="mc-hand-title")
        self.hand_cards = html(cls="mc-hand-cards")
        self.show_hand = W.Button(description="Show my hand", icon="eye", button_style="info",
                                  layout=W.Layout(width="auto"))
        self.hide_hand = W.Button(description="Hide my hand", icon="eye-slash")
        self.show_hand.add_class("mc-show-hand")
        self.hide_hand.add_class("mc-hide-hand")
        self.hand_box = W.VBox([self.hand_title, W.HBox([self.show_hand, self.hide_hand]), self.hand_cards])
        self.hand_box.add_class("mc-panel")
        self.hand_box.add_class("mc-hand")

        # a card out of turn
        self.oot_corp = W.Dropdown(options=[], value=None, description="Corp",
                                   style={"description_width": "50px"}, layout=W.Layout(width="210px"))
        self.oot_show = W.Button(description="Show hand", icon="eye", layout=W.Layout(width="auto"))
        self.oot_hide = W.Button(description="Hide", icon="eye-slash", layout=W.Layout(width="auto"))
        self.oot_hand = html(cls="mc-hand-cards")
        self.oot_chooser = ActionChooser(self._apply_from_chooser, self._on_highlight, guard)
        self.oot_revealed: str | None = None
        self.oot_body = W.VBox([self.oot_hand, self.oot_chooser.widget])
        self.oot_box = W.VBox([
            html("<div class='mc-panel-title'>Play a card out of turn</div>"
                 "<div class='mc-note'>Any corp holding cards may interrupt with an any-time card.</div>"),
            W.HBox([self.oot_corp, self.oot_show, self.oot_hide]), self.oot_body])
        self.oot_box.add_class("mc-panel")
        self.oot_box.add_class("mc-oot")

        # log and chart
        self.log = html(cls="mc-log-box")
        self.chart = MoneyChart()
        self.tabs = W.Tab(children=[self.log, self.chart.box])
        self.tabs.titles = ("Game log", "Money chart")
        self.tabs.add_class("mc-tabs")
        self.tabs.observe(guard(self._on_tab), names="selected_index")

        self.widget = W.VBox([self.decision_box, self.hand_box, self.oot_box, self.tabs],
                             layout=W.Layout(width="100%"))

        self.show_hand.on_click(guard(lambda _b: self._reveal(True)))
        self.hide_hand.on_click(guard(lambda _b: self._reveal(False)))
        self.gate_button.on_click(guard(lambda _b: self._open_gate()))
        self.oot_show.on_click(guard(lambda _b: self._oot_reveal(True)))
        self.oot_hide.on_click(guard(lambda _b: self._oot_reveal(False)))

    # --- callbacks (wrapped by the app through `guard`) -------------------------------------------

    def _apply_from_chooser(self, action: mc.Action) -> None:
        self._apply(action)

    def _on_highlight(self, _targets: tuple[str, ...] = ()) -> None:
        """Outline the choices of whichever form is in use (the out-of-turn card first)."""
        source = self.oot_chooser if self.oot_revealed else self.chooser
        self._highlight(source.highlight())

    def _reveal(self, show: bool) -> None:
        self.revealed = self.focus if show else None
        self._revealed_at = len(self.session.game.actions) if self.session else 0
        if show:
            self._oot_hide_all()
        self.refresh(force=True)

    def _open_gate(self) -> None:
        self.gate_open = self.focus
        self.refresh(force=True)

    def _oot_reveal(self, show: bool) -> None:
        if show and self.oot_corp.value:
            self.oot_revealed = self.oot_corp.value
            self.revealed = None
        else:
            self.oot_revealed = None
        self.refresh(force=True)

    def _on_tab(self, change) -> None:
        if change["new"] == 1 and self.session is not None:
            self.chart.update(self.session, show=True)

    def _oot_hide_all(self) -> None:
        self.oot_revealed = None

    # --- board clicks ------------------------------------------------------------------------------

    def board_click(self, target: str) -> bool:
        """A click on the board goes to whichever chooser is open (the out-of-turn card first)."""
        if self.oot_revealed and self.oot_chooser.game is not None and self.oot_chooser.click(target):
            return True
        return self.chooser.click(target)

    # --- rendering ---------------------------------------------------------------------------------

    def set_session(self, session: Session | None) -> None:
        self.session = session
        self.focus = self.revealed = self.gate_open = self.oot_revealed = None
        self._key = None
        self._chooser_sig = None
        self._round_seen = None
        self.refresh(force=True)

    def needs_gate(self, corp: str) -> bool:
        """Secret bids and votes are entered one player at a time when several humans share
        the screen."""
        s = self.session
        return (isinstance(s.game.state.top_frame, SECRET_FRAMES) and len(s.humans) > 1
                and self.gate_open != corp)

    def refresh(self, force: bool = False) -> None:
        s = self.session
        if s is None:
            return
        game = s.game
        humans = s.human_deciders()
        focus = humans[0] if humans else None
        if focus != self.focus:
            self.focus = focus
            self.revealed = None
            self.gate_open = None
        if self.revealed is not None:
            # another corp decided meanwhile (say, bots between two of this corp's turns)
            since = game.actions[self._revealed_at:] if self._revealed_at <= len(game.actions) else [None]
            if any(a is None or a.corp != self.revealed for a in since):
                self.revealed = None
        if self.oot_revealed and (self.oot_revealed == focus or not game.may_offer_trades(self.oot_revealed)):
            self.oot_revealed = None
        key = (len(game.actions), len(game.log), focus, self.revealed, self.gate_open, self.oot_revealed,
               game.is_over)
        if key == self._key and not force:
            return
        self._key = key
        self._render_decision(s, focus, humans)
        self._render_hand(s, focus)
        self._render_oot(s, focus)
        self._on_highlight()
        self.log.value = log_html(game)
        marker = (game.round, game.is_over)
        if marker != self._round_seen or force:
            self._round_seen = marker
            self.chart.update(s, show=self.tabs.selected_index == 1)

    def _render_decision(self, s: Session, focus: str | None, humans: list[str]) -> None:
        game = s.game
        if game.is_over:
            self.prompt.value = "<div class='mc-decision-text'>The game is over.</div>"
            self.gate.layout.display = "none"
            self._chooser_sig = None
            self.chooser.clear()
            self.chooser.widget.layout.display = "none"
            return
        context = frame_context(game, focus)
        if focus is None:
            bots = s.bot_deciders()
            who = ", ".join(f"{corp_chip(c)} <i>({s.seats[c]} bot)</i>" for c in bots)
            self.prompt.value = (f"<div class='mc-who-decides'>{who} thinking\u2026</div>"
                                 f"<div class='mc-decision-text'>{escape(game.decision)}</div>")
            self.gate.layout.display = "none"
            self._chooser_sig = None
            self.chooser.clear()
            self.chooser.widget.layout.display = "none"
            return
        others = [c for c in humans if c != focus]
        also = (f"<div class='mc-note'>Also waiting for: {', '.join(escape(c) for c in others)}"
                " (one at a time).</div>") if others else ""
        self.prompt.value = (f"<div class='mc-who-decides'>{corp_chip(focus)} decides now</div>"
                             f"<div class='mc-decision-text'>{escape(game.decision)}</div>"
                             + (f"<div class='mc-context'>{escape(context)}</div>" if context else "") + also)
        if self.needs_gate(focus):
            frame = game.state.top_frame
            what = "bid" if isinstance(frame, AuctionFrame) else "vote"
            self.gate_text.value = (f"<div class='mc-pass-screen'>Pass the screen to <b>{escape(focus)}</b>.</div>"
                                    f"<div class='mc-note'>Everyone else, look away: {escape(focus)}'s {what} "
                                    "stays secret until all are in.</div>")
            self.gate_button.description = f"I am {focus}: enter my {what}"
            self.gate.layout.display = None
            self._chooser_sig = None
            self.chooser.clear()
            self.chooser.widget.layout.display = "none"
            return
        self.gate.layout.display = "none"
        self.chooser.widget.layout.display = None
        state = game.state
        allow_trade = (state.phase == "rounds" and state.top_frame is None and game.may_offer_trades(focus))
        legal = game.legal_actions(focus)
        signature = (focus, tuple(legal), self.revealed != focus, allow_trade,
                     tuple(state.hands[focus]), id(type(state.top_frame)),
                     sum(1 for a in game.actions if a.corp == focus), id(game))
        if signature == getattr(self, "_chooser_sig", None) and self.chooser.game is not None:
            # the same choices as before (another corp answered meanwhile): keep the form as filled
            self.chooser.game = game
            return
        self._chooser_sig = signature
        self.chooser.set_decision(game, focus, legal, cards_hidden=self.revealed != focus,
                                  allow_trade=allow_trade)

    def _hand_html(self, game: mc.Game, corp: str, playable: set[str]) -> str:
        view = game.view(corp)
        spec = game.state.deck_spec.card_by_name
        if not view.hand:
            cards = "<div class='mc-note'>No cards in hand.</div>"
        else:
            items = []
            for card in view.hand:
                ok = card in playable
                summary = spec[card].summary if card in spec else ""
                items.append(f"<div class='mc-card{' mc-playable' if ok else ''}'>"
                             f"<div class='mc-card-name'>{escape(card)}"
                             f"{' <span class=mc-play-mark>playable now</span>' if ok else ''}</div>"
                             f"<div class='mc-card-text'>{escape(summary)}</div></div>")
            cards = "".join(items)
        secrets = [e.for_corp(corp) for e in game.log if e.secret and corp in e.secret][-4:]
        private = ""
        if secrets or view.my_secret is not None:
            lines = "".join(f"<li>{escape(t)}</li>" for t in reversed(secrets))
            mine = (f"<li>Your secret choice: {escape(str(view.my_secret))}</li>"
                    if view.my_secret is not None else "")
            private = f"<div class='mc-private'><b>Only for {escape(corp)}:</b><ul>{mine}{lines}</ul></div>"
        return f"<div class='mc-cards'>{cards}</div>{private}"

    def _render_hand(self, s: Session, focus: str | None) -> None:
        game = s.game
        if focus is None or game.is_over:
            self.hand_box.layout.display = "none"
            self.hand_cards.value = ""
            return
        self.hand_box.layout.display = None
        n = len(game.state.hands[focus])
        noun = "card" if n == 1 else "cards"
        if self.revealed == focus:
            playable = {a.card for a in game.legal_actions(focus) if isinstance(a, PlayCard)}
            self.hand_title.value = f"<div class='mc-panel-title'>{corp_chip(focus)}'s hand: {n} {noun}</div>"
            self.hand_cards.value = self._hand_html(game, focus, playable)
            self.show_hand.layout.display = "none"
            self.hide_hand.layout.display = None
        elif n == 0:
            self.hand_title.value = f"<div class='mc-panel-title'>{corp_chip(focus)} holds no cards</div>"
            self.hand_cards.value = ""
            self.show_hand.layout.display = "none"
            self.hide_hand.layout.display = "none"
        else:
            self.hand_title.value = (f"<div class='mc-panel-title'>{corp_chip(focus)}'s hand: {n} {noun}, hidden</div>"
                                     f"<div class='mc-note'>Only {escape(focus)} should look. "
                                     "Cards you may play now will be marked.</div>")
            self.hand_cards.value = ""
            self.show_hand.description = f"Show my hand ({focus})"
            self.show_hand.layout.display = None if n else "none"
            self.hide_hand.layout.display = "none"

    def _render_oot(self, s: Session, focus: str | None) -> None:
        game = s.game
        able = [c for c in s.humans if c != focus and game.state.hands[c] and game.may_offer_trades(c)]
        if not able or game.is_over:
            self.oot_box.layout.display = "none"
            self.oot_revealed = None
            self.oot_chooser.clear()
            self.oot_hand.value = ""
            return
        self.oot_box.layout.display = None
        current = self.oot_corp.value
        if list(self.oot_corp.options) != able:
            self.oot_corp.options = able
        self.oot_corp.value = current if current in able else (able[0] if len(able) == 1 else None)
        corp = self.oot_revealed
        if corp is None:
            self.oot_hand.value = ""
            self.oot_chooser.clear()
            self.oot_body.layout.display = "none"
            self.oot_show.layout.display = None
            self.oot_hide.layout.display = "none"
            return
        plays = [a for a in game.legal_actions(corp) if isinstance(a, PlayCard)]
        self.oot_body.layout.display = None
        self.oot_show.layout.display = "none"
        self.oot_hide.layout.display = None
        self.oot_hand.value = (f"<div class='mc-panel-title'>{corp_chip(corp)}'s hand</div>"
                               + self._hand_html(game, corp, {a.card for a in plays}))
        if plays:
            self.oot_chooser.set_decision(game, corp, plays, cards_hidden=False)
            self.oot_chooser.choose("play")
        else:
            self.oot_chooser.clear()
