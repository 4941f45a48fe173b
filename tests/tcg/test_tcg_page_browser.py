"""The trading card game's page in a real browser: Voila + Debian's Chromium at 1024x700. A whole
game, from the new-game form to the results, played by clicks against the Heuristic bot (its
moves 0.2 s apart, as the page's bots move): the human's decks and seed (Gnosts against the
Incarnés, seed 2) make a short game. Before it, a deck file of one's own naming a card the pool
lacks is uploaded and refused in the page, with the bad entry named. The human bids, keeps the
hand, buys a card from hand and deploys it into a slot of its network, and passes otherwise,
until the bot wins. On the way: no JavaScript error, no error message, the sample notice shown,
no card of the bot's hand on the page (the save the page downloads tells the test the bot's
hand), and no sideways scrolling. A deck file goes through the page's bridge: one too big is
refused in the browser and never sent, a good one is sent once and played.

Skips only when /usr/bin/chromium is missing and CI is not set (see tests/conftest.py)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from megacorps import tcg
from widgets.tcg.app import App
from widgets.testing.shell_clicks import DECISION_SHOWN, click_for_a_move, moves
from widgets.testing.voila_runner import PATIENCE_MS

ARTIFACTS = Path("test-artifacts")
MAX_CLICKS = 200   # the game below takes about 20 decisions; a bug would loop forever


@pytest.fixture(scope="module")
def tcg_url(tmp_path_factory):
    from widgets.testing.voila_runner import page_with_save_key
    with page_with_save_key("notebooks/tcg/play.ipynb", tmp_path_factory.mktemp("tcg-data"), bot_pause=0.2,
                            log_name="voila-tcg.log") as url:
        yield url


def over(page) -> bool:
    return page.locator(".shell-status").get_attribute("data-over") == "1"


def saved_game(page):
    """The game as the page saves it (Save, then read the file as the page would load it)."""
    from widgets.testing.voila_runner import download_save
    app = App(pause=0)
    app.load_bytes(download_save(page))
    return app.game


def load_and_resume(page, path: Path) -> None:
    """Load the save file at `path` with the form's Load button: the save is reviewed on the form
    first (who plays each seat), then resumed as it names its players."""
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Load a save").click()
    chooser.value.set_files(str(path))
    page.wait_for_selector(".shell-loaded-text", state="visible", timeout=PATIENCE_MS)
    page.click(".shell-start")


def next_click(page, bought: bool):
    """The locator of the human's next click (a plain policy), and whether it starts a purchase."""
    for cls in (".tcg-bid", ".tcg-option", ".tcg-network-mine .tcg-slot-choice"):
        if page.locator(cls).count():
            return page.locator(cls).first, False
    buyable = page.locator(".tcg-hand .tcg-can-act")
    if not bought and "Buy phase" in page.inner_text(".tcg-pass") and buyable.count():
        return buyable.first, True
    return page.locator(".tcg-pass").first, False


def test_a_whole_game_against_the_heuristic_bot_by_clicks(tcg_url, tmp_path):
    from widgets.testing.voila_runner import shell_page
    with shell_page(tcg_url) as (page, errors):
        try:
            page.locator(".shell-form select").nth(1).select_option("Heuristic")
            page.locator(".tcg-deck-choice select").nth(0).select_option(label="Gnosts (sample)")
            # a deck file of one's own: a bad one is refused in the page, naming its bad entry
            page.locator(".tcg-deck-choice select").nth(1).select_option(label="My own deck file…")
            bad = json.loads(tcg.sample_deck("incarnes").model_dump_json())
            bad["main"]["NOPE"] = 2
            path = tmp_path / "my-deck.json"
            path.write_text(json.dumps(bad))
            with page.expect_file_chooser() as chooser:
                page.locator(".tcg-deck-upload").nth(1).get_by_role("button", name="Deck file").click()
            chooser.value.set_files(str(path))
            page.wait_for_selector(".tcg-deck-message .tcg-error", timeout=PATIENCE_MS)
            assert "my-deck.json: entry main.NOPE: no such card in the pool" in page.inner_text(".tcg-decks")
            page.screenshot(path=str(ARTIFACTS / "tcg-bad-deck.png"))
            page.locator(".tcg-deck-choice select").nth(1).select_option(label="Incarnés (sample)")
            seed = page.locator(".shell-form input[placeholder^='any whole number']")
            seed.fill("2")
            seed.press("Tab")
            page.screenshot(path=str(ARTIFACTS / "tcg-form.png"))
            page.click(".shell-start")
            # Ana alone against a bot: her bid at once, no gate asks her to pass the screen to herself
            page.wait_for_selector(".tcg-bid", state="visible", timeout=PATIENCE_MS)
            assert page.locator(".shell-gate-button").is_hidden()
            # a long title and a long status leave the header's tools their one line: the status wraps
            tools = "() => [...document.querySelectorAll('.shell-header .widget-button')].map(b => b.offsetHeight)"
            heights = page.evaluate(tools)
            assert len(heights) >= 4
            assert "not an official Megacorp card list" in page.inner_text(".tcg-board")
            bought = deployed = False
            clicks = 0
            while not over(page) and clicks < MAX_CLICKS:
                target, buying = next_click(page, bought)
                if buying:
                    # select the card, then its Buy action (the engine's preview under it)
                    target.click()
                    page.wait_for_selector(".tcg-actions .tcg-action", state="visible", timeout=PATIENCE_MS)
                    assert "pay" in page.inner_text(".tcg-actions .tcg-preview")
                    page.screenshot(path=str(ARTIFACTS / "tcg-buying.png"))
                    target = page.locator(".tcg-actions .tcg-action", has_text="Buys").first
                    bought = True
                elif "tcg-slot-choice" in (target.get_attribute("class") or ""):
                    page.screenshot(path=str(ARTIFACTS / "tcg-deploying.png"))
                    deployed = True
                # made again only when lost (no move of the human's after a minute): then on the
                # control the page shows now, or the same Buy action (its card still chosen)
                click_for_a_move(page, target, lambda: target if buying else next_click(page, True)[0])
                clicks += 1
                heights += page.evaluate(tools)
                assert page.locator(".shell-error").inner_text().strip() == ""
                if clicks == 6:
                    page.screenshot(path=str(ARTIFACTS / "tcg-playing.png"))
                    game = saved_game(page)
                    html = page.content()
                    for uid in game.state.players["Nick"].hand:   # the bot's hand: never on the page
                        assert f"tcg-uid-{uid}" not in html
            assert over(page), f"the game did not end in {MAX_CLICKS} clicks"
            assert max(heights) < 32, f"a header tool grew to {max(heights)} px (28 px: one line)"
            page.wait_for_selector(".shell-results", timeout=PATIENCE_MS)
            page.screenshot(path=str(ARTIFACTS / "tcg-over.png"))
            assert "Nick wins" in page.inner_text(".shell-results")
            assert bought and deployed
            game = saved_game(page)
            assert game.is_over and game.winners() == ["Nick"]
            mine = [a for a in game.actions if a.seat == "Ana"]
            # each round of the loop made one action of the human's; the page made the others for
            # her (the automatic pass when she had nothing to play), and counted them all
            assert clicks <= len(mine) == moves(page)
            assert any(type(a).__name__ == "Buy" for a in mine)
            assert page.evaluate("() => document.documentElement.scrollWidth") <= 1024
            assert errors == []
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "tcg-browser-failure.png"), full_page=True)
            raise


# every message the page's bridge sends to the kernel, as (type, purpose, bytes in its buffers)
RECORD_SENDS = """() => {
  const bridge = window.__mcBridge, send = bridge.send;
  window.__mcSent = [];
  bridge.send = function (content, callbacks, buffers) {
    window.__mcSent.push([content.type, content.purpose || '',
                          (buffers || []).reduce((n, b) => n + (b.byteLength || 0), 0)]);
    return send.apply(this, arguments);
  };
}"""


def test_a_deck_file_goes_through_the_bridge_too_big_refused_in_the_page_a_good_one_played(tcg_url, tmp_path):
    """Seat 2's deck file, through the page's file input: a 3 MB file is refused in the browser,
    the page naming its size and the limit, and none of it is sent (the kernel hears its name and
    size only); a good deck file is then sent once and shown; a broken one after it is refused
    naming its bad entry, and the good one is the deck the game plays."""
    big = tmp_path / "holiday.json"
    big.write_bytes(b"0" * (3 * 1024 * 1024))
    good = json.loads(tcg.sample_deck("gnosts").model_dump_json())
    good["name"] = "Mine"
    path = tmp_path / "mine.json"
    path.write_text(json.dumps(good))
    from widgets.testing.voila_runner import shell_page
    with shell_page(tcg_url) as (page, errors):
        try:
            page.wait_for_function("() => window.__mcBridge !== undefined", timeout=PATIENCE_MS)
            page.evaluate(RECORD_SENDS)
            page.locator(".tcg-deck-choice select").nth(1).select_option(label="My own deck file…")
            page.locator(".tcg-deck-button").nth(1).wait_for(state="visible", timeout=PATIENCE_MS)
            page.screenshot(path=str(ARTIFACTS / "tcg-deck-chooser.png"))
            seat2 = page.locator(".tcg-deck-message").nth(1)
            page.set_input_files("input[data-mc-upload='deck-2']", str(big))
            seat2.locator(".tcg-error").wait_for(timeout=PATIENCE_MS)
            assert "holiday.json: 3.0 MB is too big for a deck file (at most 256 KB" in seat2.inner_text()
            assert page.evaluate("() => window.__mcSent.filter(m => m[0].startsWith('upload'))") == [
                ["upload-refused", "deck-2", 0]]
            page.screenshot(path=str(ARTIFACTS / "tcg-deck-too-big.png"))
            page.set_input_files("input[data-mc-upload='deck-2']", str(path))
            seat2.locator(".tcg-deck-ok").wait_for(timeout=PATIENCE_MS)
            assert seat2.inner_text().startswith("Mine: ") and "tcg-error" not in seat2.inner_html()
            sent = page.evaluate("() => window.__mcSent.filter(m => m[0] === 'upload')")
            assert sent == [["upload", "deck-2", path.stat().st_size]]
            # a broken file after it: refused naming its bad entry, the good deck still chosen
            good["main"]["NOPE"] = 2
            broken = tmp_path / "mine-v2.json"
            broken.write_text(json.dumps(good))
            page.set_input_files("input[data-mc-upload='deck-2']", str(broken))
            seat2.locator(".tcg-error").wait_for(timeout=PATIENCE_MS)
            assert "mine-v2.json: entry main.NOPE: no such card in the pool" in seat2.inner_text()
            assert "Still chosen: Mine: " in seat2.inner_text()
            page.screenshot(path=str(ARTIFACTS / "tcg-deck-kept.png"))
            page.click(".shell-start")
            page.wait_for_selector(".shell-form", state="hidden", timeout=PATIENCE_MS)
            assert saved_game(page).decks[1].name == "Mine"
            assert errors == [] and page.locator(".shell-error").inner_text().strip() == ""
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "tcg-deck-upload-failure.png"), full_page=True)
            raise


def test_hot_seat_an_event_on_the_stack_and_the_rivals_chance_to_respond(tcg_url, tmp_path):
    """Two humans at one screen, from a position loaded as a plain engine save: Ana plays an event
    at Nick's company; the screen waits for Nick with both hands hidden; Nick sees the event on
    the rules stack, with Pass to let it resolve, and passes; Ana passes too and it resolves."""
    import sys
    sys.path.insert(0, str(Path(__file__).parent))
    from tcgtools import card, scen
    spec = {"active": "Ana", "phase": "buy", "money": {"Ana": 9, "Nick": 7}, "pools": {"Ana": {"QE": 2}},
            "hands": {"Ana": ["N17", "I5"], "Nick": ["G6", "N7"]},
            "networks": {"Nick": [{"id": "G1", "at": [-1, 0]}]}}
    game = scen(spec)
    smear, nick_company = card(game, "Smear Campaign", zone="hand"), game.state.players["Nick"].company
    nick_hand = list(game.state.players["Nick"].hand)
    ana_hand = list(game.state.players["Ana"].hand)
    save = tmp_path / "position.json"
    save.write_text(game.to_json("*"))
    from widgets.testing.voila_runner import shell_page
    with shell_page(tcg_url) as (page, errors):
        try:
            load_and_resume(page, save)
            page.wait_for_selector(".shell-gate-button", state="visible", timeout=PATIENCE_MS)
            assert page.locator(".tcg-hand").count() == 0          # behind the gate: no hand at all
            page.click(".shell-gate-button")
            page.wait_for_selector(f".tcg-hand .tcg-uid-{smear}", state="visible", timeout=PATIENCE_MS)
            html = page.content()
            assert not [u for u in nick_hand if f"tcg-uid-{u}" in html]
            page.click(f".tcg-uid-{smear}")
            page.click(f".tcg-network-rival .tcg-uid-{nick_company}")   # the target, edged in orange
            page.wait_for_selector(".tcg-actions .tcg-action", state="visible", timeout=PATIENCE_MS)
            assert "Smear Campaign" in page.inner_text(".tcg-actions .tcg-preview")
            page.click(".tcg-actions .tcg-action")
            # a played event is deployed into a network first (the engine asks where)
            page.wait_for_selector(".tcg-network-mine .tcg-slot-choice", state="visible", timeout=PATIENCE_MS)
            page.locator(".tcg-network-mine .tcg-slot-choice").first.click()
            page.wait_for_selector(".shell-gate-button", state="visible", timeout=PATIENCE_MS)
            # the gate's words may reach the page a moment after the gate shows: wait for them
            page.locator(".shell-gate", has_text="Pass the screen to Nick").wait_for(timeout=PATIENCE_MS)
            assert page.locator(".tcg-hand").count() == 0
            assert "Smear Campaign" in page.inner_text(".tcg-stack")   # the stack is public
            page.click(".shell-gate-button")
            page.wait_for_selector(".tcg-hand", state="visible", timeout=PATIENCE_MS)
            html = page.content()
            assert [u for u in nick_hand if f"tcg-uid-{u}" in html]
            assert not [u for u in ana_hand if u != smear and f"tcg-uid-{u}" in html]
            assert "let the stack resolve" in page.inner_text(".tcg-pass")
            page.screenshot(path=str(ARTIFACTS / "tcg-respond-to-stack.png"))
            page.click(".tcg-pass")
            # back to Ana, who passes too: the event resolves and leaves the stack
            page.wait_for_selector(".shell-gate-button", state="visible", timeout=PATIENCE_MS)
            page.click(".shell-gate-button")
            # Ana's own Pass, drawn for the position the header shows: the gate came in a message
            # before the one replacing Nick's decision, so his Pass may still be there a moment
            page.wait_for_function(DECISION_SHOWN, arg=".tcg-pass", timeout=PATIENCE_MS)
            assert "let the stack resolve" in page.inner_text(".tcg-pass")
            page.click(".tcg-pass")
            page.wait_for_function("() => document.querySelector('.shell-log').innerText"
                                   ".includes('Smear Campaign (Ana) resolves')", timeout=PATIENCE_MS)
            page.wait_for_function("() => !document.querySelector('.tcg-stack li')", timeout=PATIENCE_MS)
            assert errors == [] and page.locator(".shell-error").inner_text().strip() == ""
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "tcg-hot-seat-failure.png"), full_page=True)
            raise


def test_a_card_with_a_long_label_shows_all_of_it_in_its_network(tcg_url, tmp_path):
    """A card whose name and traits take two lines each, engaged and with tokens, shows every line
    of its label in its network's slot: the slots were one height for all, and the last line
    (ENGAGED, its tokens) was cut off (found playing the page: the rival's company read ENGA…)."""
    from widgets.shell import HUMAN
    from widgets.testing.voila_runner import shell_page
    game = tcg.scenario({"active": "Ana", "phase": "buy", "networks": {"Ana": [
        {"id": "X9", "at": [0, 1], "engaged": True, "damage": {"QI": 1}, "tokens": 2}]}},
        options={"decks": ["incarnes", "gnosts"]})
    app = App(pause=0)
    app.start(game, {"Ana": HUMAN, "Nick": "Random"})
    path = tmp_path / "tcg-long-label.json"
    path.write_bytes(app.save_file()[1])
    with shell_page(tcg_url) as (page, errors):
        try:
            load_and_resume(page, path)
            card = page.locator(".tcg-network-mine .tcg-card", has_text="Illithis")
            card.wait_for(state="visible", timeout=PATIENCE_MS)
            assert "ENGAGED" in card.inner_text() and "2 tokens" in card.inner_text()
            cut = page.evaluate("() => [...document.querySelectorAll('.tcg-network .tcg-card')]"
                                ".filter(e => e.scrollHeight > e.clientHeight + 1).map(e => e.innerText)")
            assert cut == []
            assert errors == []
        except BaseException:
            page.screenshot(path=str(ARTIFACTS / "tcg-long-label-failure.png"), full_page=True)
            raise
