"""Hot-seat flows of MegaCorps' page on the page shell that playing it found broken after the port
(widgets/megacorps_app/parts.py on widgets/shell/page.py):

- the payout window: when only humans at the screen may answer a payout, the window is drawn at
  once and counts down, and when its time is up the table answers "no card" for them and the payout
  happens (the bots' loop never started: no bot had a move, no answer was due yet, and the page froze);
- a taken-back secret bid is named in public words at the shared screen;
- Undo waits while the new-game form covers the game;
- *Play again* shows the form without last game's results; each game's bots draw their seeds from
  the game's seed."""
from __future__ import annotations

import asyncio
import time

import pytest

import megacorps as mc
from widgets.megacorps_app.source import HUMAN
from widgets.megacorps_app.app import App
from widgets.testing.mc_tables import hot_seat


@pytest.fixture(autouse=True)
def _short_window(tmp_path, monkeypatch):
    monkeypatch.setenv("MEGACORPS_DATA", str(tmp_path / "megacorps-data"))
    monkeypatch.setenv("MEGACORPS_PAYOUT_WINDOW", "1")


def test_a_payout_only_humans_may_answer_counts_down_and_pays_out():
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": HUMAN}
    game = mc.scenario(list(seats), round=2, hands={"Mokia": ["Elections"], "Globbo": ["Oversupply"],
                                                    "Nonintendo": ["Shortages"]},
                       companies={"NAFTA/Media": "Mokia", "Japan/Media": "Globbo"})

    async def main():
        app = hot_seat(game, seats)
        app.form.pause.value = 0.2
        money = dict(game.state.money)
        app.table._apply(mc.PayoutIndustry("Mokia", "Media"))   # what the Confirm button does
        assert game.decision_kind() == "payout" and app.error.value == "", app.error.value
        # the window is on the screen at once, the loop running to count it down
        assert app.table.window_open() and app.table.window_box.layout.display != "none"
        assert "mc-countdown" in app.table.window_text.value and app.bot_loop.running
        assert "data-bots='1'" in app.status.value
        deadline = time.monotonic() + 60   # a condition, not a clock: the payout resolves
        while game.decision_kind() == "payout" and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
        assert game.decision_kind() != "payout", "the payout window never closed"
        assert [a for a in game.actions if isinstance(a, mc.NoCard)]    # answered for the humans
        assert game.state.money != money                                 # and the payout was paid
        assert app.table.window_box.layout.display == "none" and app.error.value == ""

    asyncio.run(main())


def test_a_taken_back_secret_bid_is_named_in_public_words():
    """Taking back a human's sealed bid at a shared screen said its amount ("Mokia bids 5 Euros")
    beside "pass the screen to Mokia"; it says what everyone may read."""
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": HUMAN}
    game = mc.scenario(list(seats), hands={"Mokia": ["Greedy Kleptocrats"]})
    app = hot_seat(game, seats)
    app.table._apply(mc.PlayCard("Mokia", "Greedy Kleptocrats", "Great Russia"))
    bid = next(a for a in game.legal_actions("Mokia") if isinstance(a, mc.Bid) and a.amount == 5)
    app.table._apply(bid)
    assert app.error.value == "", app.error.value
    app.undo_button.click()
    assert app.undo_box.layout.display != "none", app.error.value
    app.undo_yes.click()
    assert app.error.value == "", app.error.value
    assert "Taken back" in app.info.value and "secret bid" in app.info.value
    assert "5 Euros" not in app.info.value and "bids 5" not in app.info.value


def test_undo_waits_while_the_new_game_form_covers_the_game():
    """Undo took a move back behind the New / Load form, unseen; now it says to go back first."""
    seats = {"Mokia": HUMAN, "Globbo": HUMAN, "Nonintendo": HUMAN}
    app = hot_seat(mc.scenario(list(seats), round=1), seats)
    app.table._apply(mc.Pass("Mokia"))
    at = len(app.game.actions)
    assert app.undo_offer().possible and app.undo_offer().needs == "Mokia"
    app.new_button.click()
    app.undo_button.click()
    assert "go back to the game" in app.error.value and len(app.game.actions) == at
    assert "mc-disabled" in app.undo_button._dom_classes and app.undo_box.layout.display == "none"
    app.form.back.click()
    app.undo_button.click()                      # the question to Mokia, as at the table
    assert app.error.value == "" and app.undo_box.layout.display != "none"
    app.undo_yes.click()
    assert len(app.game.actions) == at - 1 and "Taken back" in app.info.value


def test_play_again_shows_the_form_without_last_games_results():
    """*Play again* left the results (about 1,500 px with their charts) above the new-game form, so
    its *Start game* was out of sight at 1024x700; the info line stayed too."""
    seats = {"Mokia": "Greedy", "Globbo": "Random", "Nonintendo": "Greedy"}
    app = hot_seat(mc.new_game(list(seats), seed=4), seats)   # the bots play it to the end
    assert app.game.is_over and app.results_panel.box.layout.display is None
    app.messages.show_info("Mokia passes.")
    app.results_new.click()
    assert app.form.widget.layout.display is None and app.results_panel.box.layout.display == "none"
    assert app.info.value == ""


def test_each_games_bots_draw_their_seeds_from_the_games_seed():
    """The shell gave every game's bots the seeds 0, 1, 2...: the same stream in every game."""
    app = App(pause=0)
    app.run_bots = lambda: None
    for seed in (5, 6):
        app.form.seed.value = str(seed)
        app.form.start.click()
        assert app.error.value == "", app.error.value
        bots = {corp: bot.seed for corp, bot in app.bots.items()}
        corps = list(app.players)
        assert bots and all(bots[c] == 1000 * seed + corps.index(c) for c in bots), bots
