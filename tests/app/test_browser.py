"""The served app in a real browser: Voila (the project's voila.json, as the README's Play
command runs it) and Debian's Chromium, every page refusing any request to another host.

- a whole game through clicks at 1024 x 700, 1280 x 800 and 1920 x 1080, checking at every
  decision that no control is cut off and the page never scrolls sideways;
- a hot-seat game where, at every step, every widget model in the page is read and none holds
  the hand of a seat that is not at the screen (the true hands come from the server's autosave);
- a reload resumes the game; a dead kernel is explained; a too-big upload is refused in the page.

Skips only when /usr/bin/chromium is missing and CI is not set (see tests/conftest.py).
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from widgets.testing.voila_runner import PATIENCE_MS, block_outside, require_chromium, settle

from widgets.testing.mc_tables import table_game

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
SIMPLE_CHOICES = ("Pass", "No card", "Stay out", "Permit", "Decline", "Refuse to sell")
SIZES = [(1024, 700), (1280, 800), (1920, 1080)]

pytestmark = pytest.mark.timeout(1200)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """One Voila for the module; its tables in a folder of their own."""
    require_chromium()
    from widgets.testing.voila_runner import voila_server
    data = tmp_path_factory.mktemp("megacorps-data")
    ARTIFACTS.mkdir(exist_ok=True)
    env = {"MEGACORPS_DATA": str(data), "MEGACORPS_PAYOUT_WINDOW": "1", "MEGACORPS_LOST_SECONDS": "4"}
    with voila_server(bot_pause=0.0, env=env, log_name="voila-app.log") as url:
        yield url, data


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium
    with sync_playwright() as p, chromium(p) as b:
        yield b


def open_page(browser, url, size=(1280, 800), context=None):
    from widgets.testing.voila_runner import block_outside
    context = context or browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    page.js_errors = []
    page.on("pageerror", lambda exc: page.js_errors.append(str(exc)))
    page.refused = block_outside(page)
    page.goto(url)
    page.wait_for_selector(".mc-start", timeout=PATIENCE_MS)
    page.wait_for_selector(".mc-board .barlayer .trace .point path", timeout=PATIENCE_MS)
    page.wait_for_function("() => window.__mcBridge !== undefined", timeout=PATIENCE_MS)
    return page


def version(page) -> int:
    value = page.get_attribute(".mc-status-text", "data-version")
    return int(value) if value else -1


# the results come in a message after the title's "Game over": a game that ended is idle once
# they are shown (before, the last decision's buttons are still on the page)
ENDED_SHOWN = ("(e => !e.innerText.includes('Game over')"
               " || [...document.querySelectorAll('.mc-winner')].some(w => w.offsetParent !== null))")
IDLE = ("() => { const e = document.querySelector('.mc-status-text');"
        f" return e && e.dataset.bots === '0' && {ENDED_SHOWN}(e); }}")


def set_seats(page, seats: list[tuple[str, str]], seed: int) -> None:
    for i in range(6):
        if i >= len(seats):   # an empty seat shows no player choice
            page.locator(f".mc-seat-corp-{i + 1} select").select_option(label="(empty seat)")
            continue
        corp, player = seats[i]
        page.locator(f".mc-seat-corp-{i + 1} select").select_option(label=corp)
        page.locator(f".mc-seat-player-{i + 1} select").select_option(label=player if player == "Human" else f"{player} bot")
    seed_box = page.locator(".mc-seed input")
    seed_box.fill(str(seed))
    seed_box.press("Enter")
    pause = page.locator(".mc-pause input")
    pause.fill("0")
    pause.press("Enter")   # the kernel gets these before the click that follows (one ordered channel)


def start_game(page, seats: list[tuple[str, str]], seed: int, decisions: int = 0) -> None:
    """Seat the corps, press Start game, and take the human's first `decisions` decisions."""
    set_seats(page, seats, seed)
    page.click(".mc-start")
    page.wait_for_selector(".mc-who-decides", timeout=PATIENCE_MS)
    # the game has the seats chosen just before the click (the seats' later choices waited in the
    # browser behind an earlier one and reached the kernel after Start: a corp asked for as a human
    # was a bot, a seat emptied still played)
    panels = page.locator(".mc-corp").all_inner_texts()
    assert len(panels) == len(seats), panels
    for corp, player in seats:
        assert any(corp in panel and (player if player == "Human" else f"{player} bot") in panel for panel in panels), panels
    for _ in range(decisions):
        take_one_decision(page)


def assert_nothing_cut_off(page) -> None:
    """No sideways scrolling, and every visible control of the app lies inside the window."""
    width = page.viewport_size["width"]
    scroll = page.evaluate("() => document.documentElement.scrollWidth")
    assert scroll <= width, f"the page scrolls sideways: {scroll} px wide in a {width} px window"
    outside = page.evaluate("""(width) => {
        const out = [];
        for (const el of document.querySelectorAll('.mc-app button, .mc-app select, .mc-app input')) {
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) continue;          // not shown
            if (r.left < -1 || r.right > width + 1) out.push((el.innerText || el.className) + ' ' + r.left + '..' + r.right);
        }
        return out;
    }""", width)
    assert outside == [], f"controls cut off at {width} px: {outside}"
    title = page.evaluate("""() => {
        const s = document.querySelector('.mc-status').getBoundingClientRect();
        const t = document.querySelector('.mc-tools').getBoundingClientRect();
        const overlap = !(s.right <= t.left || t.right <= s.left || s.bottom <= t.top || t.bottom <= s.top);
        return overlap;
    }""")
    assert not title, "the title bar's status runs under the buttons"


# after a choice in a dropdown: the next field appeared (an empty dropdown) or the action is complete
NEXT_FIELD_OR_CONFIRM = """() => {
    const panel = document.querySelector('.mc-decision');
    const empty = [...panel.querySelectorAll('select')].some(s => s.offsetParent !== null && s.selectedIndex < 0);
    const confirm = panel.querySelector('.mc-confirm');
    return empty || (confirm && !confirm.disabled);
}"""

DECISION_IN_VIEW = """() => {
    const s = document.querySelector('.mc-sidebar').getBoundingClientRect();
    const d = document.querySelector('.mc-decision').getBoundingClientRect();
    return s.top - 1 <= d.top && d.top < window.innerHeight;
}"""


def take_one_decision(page, show_hand: bool = False) -> None:
    """Click a simple legal option for the human who must decide, then Confirm."""
    page.wait_for_function(IDLE, timeout=PATIENCE_MS)
    page.wait_for_selector(".mc-decision .mc-kinds button:visible, .mc-gate-button:visible")
    panel = page.locator(".mc-decision")
    gate = page.locator(".mc-gate-button")
    if gate.is_visible():
        gate.click()
        page.wait_for_selector(".mc-decision .mc-kinds button:visible")
    if show_hand and page.locator(".mc-show-hand").is_visible():
        page.locator(".mc-show-hand").click()
        page.wait_for_selector(".mc-show-hand", state="hidden")
    kinds = panel.locator(".mc-kinds button")
    labels = [kinds.nth(i).inner_text().strip() for i in range(kinds.count())]
    chosen = next((lab for lab in SIMPLE_CHOICES if lab in labels), None)
    if chosen is not None:
        kinds.nth(labels.index(chosen)).click()
    elif not panel.locator(".mc-kinds .mod-active").count():
        first = next(i for i, lab in enumerate(labels) if lab not in ("Play a card", "Offer a trade", "Leave"))
        kinds.nth(first).click()
    for _ in range(4):   # fill the dropdowns still empty, in order (each choice may open the next)
        empty = [s for s in panel.locator("select").all() if s.is_visible() and s.evaluate("e => e.selectedIndex") < 0]
        if not empty:
            break
        empty[0].select_option(index=0)
        page.wait_for_function(NEXT_FIELD_OR_CONFIRM)
    confirm = panel.locator(".mc-confirm")
    confirm.wait_for(state="visible")
    page.wait_for_function("() => !document.querySelector('.mc-decision .mc-confirm').disabled", timeout=PATIENCE_MS)
    before = version(page)
    confirm.click()
    page.wait_for_function(
        f"() => {{ const e = document.querySelector('.mc-status-text');"
        f" return e && Number(e.dataset.version) > {before} && e.dataset.bots === '0' && {ENDED_SHOWN}(e); }}",
        timeout=PATIENCE_MS)


def play_to_the_end(page, check=lambda: None, limit_s: float = 150) -> None:
    start = time.time()
    while not page.locator(".mc-winner").is_visible():
        assert time.time() - start < limit_s, "the game did not end in time"
        assert not page.locator(".mc-error-text").is_visible(), page.inner_text(".mc-error-text")
        page.wait_for_selector(".mc-confirm:visible, .mc-winner, .mc-window:visible", timeout=PATIENCE_MS)
        if page.locator(".mc-winner").is_visible():
            break
        if page.locator(".mc-window").is_visible():
            page.wait_for_selector(".mc-window", state="hidden")
            continue
        check()
        take_one_decision(page)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_whole_game_through_clicks(server, browser, size):
    url, _ = server
    page = open_page(browser, url, size)
    try:
        assert_nothing_cut_off(page)
        start_game(page, [("Mokia", "Human"), ("Globbo", "Random"), ("Nonintendo", "Random")], seed=21)
        decisions = []
        play_to_the_end(page, lambda: (decisions.append(1), len(decisions) % 6 == 1 and assert_nothing_cut_off(page)))
        # both charts drawn (a plotly figure has more than one .main-svg: one chart could pass for two)
        settle(page, "() => [...document.querySelectorAll('.mc-end-charts .js-plotly-plot')]"
                     ".filter(p => p.querySelector('.main-svg')).length >= 2")
        # the decision panel is hidden in a message after the results'
        settle(page, "() => !document.querySelector('.mc-decision') || document.querySelector('.mc-decision').offsetParent === null")
        assert_nothing_cut_off(page)
        page.screenshot(path=str(ARTIFACTS / f"browser-results-{size[0]}.png"))
        shown = page.inner_text(".mc-winner")
        winners = page.get_attribute(".mc-engine-winners", "data-winners").split("|")
        assert all(w in shown for w in winners)
        # the end screen: where the money came from, and the turning points, as charts
        assert page.locator(".mc-end-charts .js-plotly-plot").count() == 2
        assert "Where the money came from" in page.inner_text(".mc-end-charts")
        assert page.locator(".mc-decision").is_hidden()
        assert "mc-disabled" in page.get_attribute(".mc-undo", "class")   # no undo after the game
        # the money chart (widgets/shell/money_chart.py): a line per corp, inside the sidebar
        # (drawn 440 px wide, it was cut off at 1024 x 700)
        page.locator(".mc-tabs").get_by_text("Money chart").click()
        page.wait_for_function("() => document.querySelectorAll('.mc-chart .scatterlayer .trace').length"
                               " === document.querySelectorAll('.mc-corp').length", timeout=PATIENCE_MS)
        overflow = page.evaluate("""() => document.querySelector('.mc-chart .main-svg').getBoundingClientRect().right
                                          - document.querySelector('.mc-sidebar').getBoundingClientRect().right""")
        assert overflow <= 1, f"the money chart runs {overflow} px past the sidebar"
        assert page.refused == [], f"requests to other hosts: {page.refused}"
        assert page.js_errors == []
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / f"browser-failure-{size[0]}.png"))
        raise
    finally:
        page.context.close()


MODELS = """async () => {
    const wm = window.__mcBridge.widget_manager;
    const models = wm._models instanceof Map ? [...wm._models.values()] : Object.values(wm._models);
    const out = [];
    for (const p of models) {
        try { const m = await p; out.push(JSON.stringify(m.get_state ? m.get_state(false) : m.attributes)); }
        catch (e) { }
    }
    return out;
}"""


def test_hot_seat_no_other_hand_reaches_the_page(server, browser, monkeypatch):
    """Three humans at one screen: at every step, the widget models in the page hold no card of
    a hand other than the one whose owner is at the screen and asked to see it."""
    url, data = server
    monkeypatch.setenv("MEGACORPS_DATA", str(data))   # the test reads the server's autosaves
    page = open_page(browser, url)
    try:
        start_game(page, [("Mokia", "Human"), ("Globbo", "Human"), ("Nonintendo", "Human"), ("Lenogo", "Random")],
                   seed=5)
        checked = shown = 0
        for _ in range(40):
            page.wait_for_function(IDLE, timeout=PATIENCE_MS)
            if page.locator(".mc-winner").is_visible():
                break
            if page.locator(".mc-window").is_visible():
                page.wait_for_selector(".mc-window", state="hidden")
                continue
            if page.locator(".mc-show-hand").is_visible():
                page.locator(".mc-show-hand").click()
                page.wait_for_selector(".mc-show-hand", state="hidden")
                shown += 1
            table = sorted(data.glob("tables/*.json"), key=lambda p: p.stat().st_mtime)[-1].stem
            game = table_game(table)
            at_screen = page.inner_text(".mc-decision .mc-who-decides").split(" decides")[0].strip().split()[-1]
            spec = game.state.deck_spec.card_by_name
            mine = game.state.hands.get(at_screen, [])
            # public: the log with each line's rule (its link names the rule: a Vote of No Confidence
            # is settled by the rule called "Elections", as a card is), the discard pile, and the
            # texts of the cards shown (a card's text may name another card: Shortages "cancels an Oversupply")
            public = " ".join([*(e.text for e in game.log), *(e.rule for e in game.log), *game.state.discard,
                               *(spec[c].summary for c in mine)])
            # the engine's own decision text names the two payout cards in general: not a hand
            states = "\n".join(page.evaluate(MODELS)).replace("Oversupply or Shortages", "")
            for corp, hand in game.state.hands.items():
                if corp == at_screen:
                    continue
                for card in hand:
                    if card in public or card in game.state.hands.get(at_screen, []):
                        continue   # played before, or also in the hand shown: not a leak
                    assert card not in states, f"{corp}'s {card} is in the page while {at_screen} is at the screen"
                    checked += 1
            # the deck order never reaches the page
            deck = game.state.deck
            if len(deck) >= 3:
                assert ", ".join(deck[:3]) not in states and '", "'.join(deck[:3]) not in states
            take_one_decision(page, show_hand=False)
        assert shown > 0 and checked > 10, (shown, checked)
        assert page.refused == [] and page.js_errors == []
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "browser-privacy-failure.png"))
        raise
    finally:
        page.context.close()


def test_undo_at_a_shared_screen_asks_the_owner_of_the_move(server, browser):
    """Humans at one screen: the next player's Undo asks the one whose move it was (the
    shell's question, widgets/shell/undo_question.py), says what would go, keeps it on *Keep it*
    and takes it back on *I am <owner>: take it back*."""
    url, _data = server
    page = open_page(browser, url, size=(1024, 700))
    try:
        start_game(page, [("Mokia", "Human"), ("Globbo", "Human"), ("Nonintendo", "Human")], seed=2, decisions=1)
        before = version(page)
        page.click(".mc-undo")
        question = page.locator(".mc-undo-confirm")
        question.wait_for(state="visible", timeout=PATIENCE_MS)
        text, yes = question.inner_text(), page.locator(".mc-undo-yes").inner_text()
        assert "It would take back:" in text and "may agree" in text, text
        who = yes.removeprefix("I am ").removesuffix(": take it back")
        assert who in ("Mokia", "Globbo", "Nonintendo") and f"Take back {who}'s last move?" in text, (yes, text)
        assert_nothing_cut_off(page)
        # the question's panel stands apart from the decision's under it, as the sidebar's panels do
        gap = page.evaluate("() => document.querySelector('.mc-decision').getBoundingClientRect().top"
                            " - document.querySelector('.mc-undo-confirm').getBoundingClientRect().bottom")
        assert gap >= 3, f"the Undo question touches the decision under it ({gap} px apart)"
        page.screenshot(path=str(ARTIFACTS / "browser-undo-question-1024.png"))
        page.click(".mc-undo-no")
        question.wait_for(state="hidden", timeout=PATIENCE_MS)
        assert version(page) == before                        # kept: nothing changed
        page.click(".mc-undo")
        page.locator(".mc-undo-yes").click()
        page.wait_for_function(f"() => Number(document.querySelector('.mc-status-text').dataset.version) > {before}",
                               timeout=PATIENCE_MS)
        page.wait_for_selector(".mc-info:has-text('Taken back')", timeout=PATIENCE_MS)
        assert question.is_hidden() and not page.locator(".mc-error-text").is_visible()
        assert page.refused == [] and page.js_errors == []
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "browser-undo-failure.png"))
        raise
    finally:
        page.context.close()


def test_reload_resumes_the_game_and_big_uploads_are_refused(server, browser, tmp_path):
    url, data = server
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = open_page(browser, url, context=context)
    try:
        start_game(page, [("Mokia", "Human"), ("Globbo", "Greedy"), ("Nonintendo", "Random")], seed=9, decisions=6)
        status = page.inner_text(".mc-status-text")
        seen = version(page)
        money = page.inner_text(".mc-corps")
        page.reload()
        page.wait_for_selector(".mc-resume-button", timeout=PATIENCE_MS)
        assert "Mokia" in page.inner_text(".mc-resume")
        # the list is a white panel like the form under it (the shell's list had lost it: its lines
        # stood on the page's grey background)
        looks = page.evaluate("() => [getComputedStyle(document.querySelector('.mc-resume')).backgroundColor,"
                              " getComputedStyle(document.querySelector('.mc-form')).backgroundColor]")
        assert looks[0] == looks[1] == "rgb(255, 255, 255)", looks
        page.click(".mc-resume-button")
        page.wait_for_selector(".mc-who-decides", timeout=PATIENCE_MS)
        page.wait_for_function(IDLE, timeout=PATIENCE_MS)
        # the title and the corps come in messages of their own, maybe after the decision's (and
        # the title said "No game yet", idle, before): wait for them, then compare
        settle(page, "([status, money]) => document.querySelector('.mc-status-text')?.innerText === status"
                     " && document.querySelector('.mc-corps')?.innerText === money", [status, money])
        assert page.inner_text(".mc-status-text") == status, (page.inner_text(".mc-status-text"), status)
        assert page.inner_text(".mc-corps") == money
        assert version(page) >= 0 and seen >= 0
        take_one_decision(page)   # and the game goes on
        # a file far too big to be a save is refused in the page, with a message
        page.click(".mc-new")
        big = tmp_path / "holiday.json"
        big.write_bytes(b"0" * (3 * 1024 * 1024))
        page.set_input_files(".mc-upload-input", str(big))
        page.wait_for_selector(".mc-upload-error", timeout=PATIENCE_MS)
        assert "at most 2 MB" in page.inner_text(".mc-upload-error")
        page.wait_for_selector(".mc-error-text", timeout=PATIENCE_MS)
        assert page.refused == [] and page.js_errors == []
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "browser-reload-failure.png"))
        raise
    finally:
        context.close()


def test_a_loaded_save_resumes_with_the_decision_in_view(server, browser, tmp_path):
    """Save, then New / Load that file: "Resume saved game" sits at the bottom of a long form, so
    the sidebar is scrolled down when it is pressed; the decision must come back into view."""
    url, _ = server
    # a window lower than the form with a save under review (at 1024 x 700 the whole form now fits)
    page = open_page(browser, url, (1024, 460))
    try:
        start_game(page, [("Mokia", "Human"), ("Globbo", "Greedy"), ("Nonintendo", "Random")], seed=12, decisions=3)
        status = page.inner_text(".mc-status-text")
        with page.expect_download() as saved:
            page.click(".mc-save")
        path = tmp_path / "saved.json"
        saved.value.save_as(path)
        page.click(".mc-new")
        page.set_input_files(".mc-upload-input", str(path))
        page.wait_for_function("() => [...document.querySelectorAll('.mc-start')].some("
                               "b => b.innerText.includes('Resume saved game'))", timeout=PATIENCE_MS)
        # the page brings its button into view (a newcomer found it below the window, unasked for)
        page.wait_for_function("() => { const r = document.querySelector('.mc-start').getBoundingClientRect();"
                               " return r.top >= 0 && r.bottom <= window.innerHeight; }", timeout=PATIENCE_MS)
        assert page.evaluate("() => document.querySelector('.mc-sidebar').scrollTop") > 0  # really scrolled
        page.click(".mc-start")
        page.locator(".mc-info-text", has_text="The saved game is back").wait_for(timeout=PATIENCE_MS)
        page.wait_for_selector(".mc-who-decides", timeout=PATIENCE_MS)
        page.wait_for_function(IDLE, timeout=PATIENCE_MS)
        page.wait_for_function(DECISION_IN_VIEW)
        # the title comes in a message of its own, maybe after the decision's
        settle(page, "(status) => document.querySelector('.mc-status-text')?.innerText === status", status)
        assert page.inner_text(".mc-status-text") == status
        top = page.evaluate("() => [document.querySelector('.mc-sidebar').getBoundingClientRect().top,"
                            " document.querySelector('.mc-decision').getBoundingClientRect().top]")
        assert top[0] - 1 <= top[1] < 460, f"the decision is out of view: {top}"
        assert page.refused == [] and page.js_errors == []
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "browser-load-failure.png"))
        raise
    finally:
        page.context.close()


def _lesson_heading(name: str) -> str:
    """The first line of a lesson notebook's first cell (its title), without the '#'."""
    import json
    notebook = json.loads((Path(__file__).resolve().parents[2] / "notebooks" / name).read_text())
    return "".join(notebook["cells"][0]["source"]).splitlines()[0].lstrip("# ").strip()


def open_a_lesson_from_the_rules(page, timeout_ms: int = 90_000):
    """Open Rules, click the first lesson link; returns (the lesson's file name, its new page)
    once the lesson's title is drawn there."""
    page.click(".mc-rules-button")
    link = page.locator("a.mc-lesson-link:visible").first
    link.wait_for(timeout=PATIENCE_MS)
    name = link.get_attribute("href").split("/")[-1]
    with page.context.expect_page() as opened:
        link.click()
    lesson = opened.value
    lesson.wait_for_load_state()
    lesson.get_by_text(_lesson_heading(name)).first.wait_for(timeout=timeout_ms)
    # a live lesson: its kernel ran and its widgets are drawn (not "Loading widget...")
    lesson.wait_for_function("() => document.querySelectorAll('.widget-button, .widget-dropdown').length > 0",
                             timeout=timeout_ms)
    return name, lesson


def test_a_lesson_link_opens_the_lesson_under_the_play_command(server, browser):
    """The README's Play command serves the lessons beside the app: a link from the app's rules
    opens the lesson's own page (a Voila serving play.ipynb alone answered it with the app)."""
    url, _ = server
    context = browser.new_context(viewport={"width": 1024, "height": 700})
    refused = block_outside(context)
    page = open_page(browser, url, (1024, 700), context=context)
    try:
        name, lesson = open_a_lesson_from_the_rules(page)
        assert lesson.url.endswith(f"/voila/render/{name}")
        assert "mc-app" not in lesson.content()          # the lesson, not the app again
        assert "404" not in lesson.title()
        lesson.screenshot(path=str(ARTIFACTS / "browser-lesson-from-app.png"))
        assert refused == [], f"requests to other hosts: {refused}"
    finally:
        context.close()


LEGEND_BOXES = """() => {
    const svg = document.querySelector('.main-svg').getBoundingClientRect();
    return [svg.right, [...document.querySelectorAll('.legend .traces')].map(t => {
        const text = t.querySelector('.legendtext').getBoundingClientRect();
        const swatch = t.querySelector('.legendpoints').getBoundingClientRect();
        return {name: t.querySelector('.legendtext').textContent, top: Math.round(text.top),
                left: swatch.left, right: text.right};
    })];
}"""


@pytest.mark.parametrize("window", [1024, 1280, 1920])
def test_the_money_sources_legend_shows_every_name_whole(browser, window, tmp_path):
    """The end screen's 'where the money came from' legend, drawn by plotly.js in Chromium at
    the width the app gives it: no name runs under the next entry's swatch or off the figure
    (at 1024x700 'Companies bought' in the first column was cut to 'Companies boug'), and the
    modebar leaves the title alone."""
    import plotly

    from widgets.megacorps_app.panels import end_chart_width, sources_figure
    corps = ["Mokia", "Globbo", "Nonintendo", "Lenogo", "Megasoft", "Samsong"]
    cats = ["Payouts: Aerospace", "Payouts: Electronics", "Companies bought", "Interventions", "Mercenaries",
            "Auctions", "Trades", "Event cards", "Wars", "Leaving"]
    sources = {c: {cat: 5 + i for i, cat in enumerate(cats)} for c in corps}
    fig = sources_figure(sources, corps, end_chart_width(window), 0)
    script = Path(plotly.__file__).parent / "package_data" / "plotly.min.js"
    page_file = tmp_path / "legend.html"
    page_file.write_text(f"<html><body style='margin:0'><div id='f'></div><script src='{script.as_uri()}'></script>"
                         f"<script>const fig = {fig.to_json()}; Plotly.newPlot('f', fig.data, fig.layout);</script></body></html>")
    page = browser.new_page(viewport={"width": 800, "height": 1000})
    try:
        page.goto(page_file.as_uri())
        page.wait_for_selector(".legend .traces")
        right_edge, entries = page.evaluate(LEGEND_BOXES)
        assert {e["name"] for e in entries} >= {"Companies bought", "Interventions", "Electronics"}
        title, modebar = page.evaluate("""() => [document.querySelector('.gtitle').getBoundingClientRect().right,
                                                  document.querySelector('.modebar').getBoundingClientRect().left]""")
        assert title <= modebar, "the modebar (shown on hover) covers the chart's title"
        for e in entries:
            assert e["right"] <= right_edge, f"{e['name']} runs off the figure"
            for other in entries:
                if other is not e and abs(other["top"] - e["top"]) < 3 and other["left"] > e["left"]:
                    assert e["right"] <= other["left"], f"{e['name']} runs under {other['name']}'s swatch"
    finally:
        page.close()


def in_view(selector: str) -> str:
    """A condition: the first shown element matching `selector` lies in what the sidebar shows,
    inside the window."""
    return f"""() => {{
        const el = [...document.querySelectorAll({selector!r})].find(e => e.offsetParent !== null);
        if (!el) return false;
        const s = document.querySelector('.mc-sidebar').getBoundingClientRect(), r = el.getBoundingClientRect();
        return r.top >= Math.max(s.top, 0) - 1 && r.bottom <= Math.min(s.bottom, window.innerHeight) + 1;
    }}"""


def test_rules_on_the_set_up_screen_open_in_view(server, browser):
    """"Rules" is the first thing the page suggests: at 1024 x 700 the rules opened below the
    long set-up form, out of sight, and the button seemed to do nothing. The same viewer opens at
    the topic of its index link clicked, and in a game at the rule of a log line clicked."""
    url, _ = server
    page = open_page(browser, url, (1024, 700))
    try:
        # first, the set-up form itself at 1024 x 700: each seat's corp and player on one line (the
        # player's choice wrapped under the corp's, out of line), and Start game in the window
        rows = page.evaluate("() => [1, 2, 3, 4].map(i => ['corp', 'player'].map(part => document"
                             ".querySelector(`.mc-seat-${part}-${i} select`).getBoundingClientRect().top))")
        assert all(abs(corp - player) < 2 for corp, player in rows), rows
        assert page.evaluate("() => document.querySelector('.mc-start').getBoundingClientRect().bottom") <= 700
        page.click(".mc-rules-button")
        page.wait_for_selector(".mc-rules-topic h3")
        page.wait_for_function(in_view(".mc-rules-topic h3"))
        page.screenshot(path=str(ARTIFACTS / "browser-rules-on-setup.png"))
        # the index under the topic opens another one in its place, in view (the shell's rules viewer)
        page.locator(".mc-rules-index a", has_text="Antitrust").click()
        page.wait_for_function("() => document.querySelector('.mc-rules-topic h3').textContent === 'Antitrust'",
                               timeout=PATIENCE_MS)
        page.wait_for_function(in_view(".mc-rules-topic h3"))
        assert page.locator(".mc-rules-topic").count() == 1
        # the form's empty seats (5 and 6) show no player level: a newcomer read "(empty seat)" over "Greedy bot"
        shown = "(i) => getComputedStyle(document.querySelector(`.mc-seat-player-${i}`)).visibility"
        assert [page.evaluate(shown, i) for i in range(1, 7)] == ["visible"] * 4 + ["hidden"] * 2
        page.locator(".mc-seat-corp-5 select").select_option(label="The Mouse")
        page.wait_for_function(f"() => ({shown})(5) === 'visible'", timeout=PATIENCE_MS)
        # in a game, a log line's rule opens the same viewer at its topic, its tab in front, in view
        from widgets.megacorps_app.rules import TOPICS
        start_game(page, [("Mokia", "Human"), ("Globbo", "Greedy"), ("Nonintendo", "Greedy")], seed=5)
        link = page.locator(".mc-log-rule:visible").first
        link.wait_for(timeout=PATIENCE_MS)
        title = TOPICS[link.get_attribute("data-mc-topic")][0]
        link.click()
        page.wait_for_function(f"() => document.querySelector('.mc-rules-topic h3')?.textContent === {title!r}",
                               timeout=PATIENCE_MS)
        page.wait_for_function(in_view(".mc-rules-topic h3"))
        page.screenshot(path=str(ARTIFACTS / "browser-rules-from-log.png"))
        assert page.refused == [] and page.js_errors == []
    finally:
        page.context.close()


def test_each_new_question_comes_into_view_with_its_controls(server, browser):
    """At 1024 x 700 the sidebar scrolls: after the player scrolled down (to Confirm, the log),
    the next question's heading stayed out of sight above its buttons."""
    url, _ = server
    page = open_page(browser, url, (1024, 700))
    try:
        start_game(page, [("Mokia", "Human"), ("Globbo", "Greedy"), ("Nonintendo", "Greedy")], seed=21)
        for _ in range(5):
            page.wait_for_function(IDLE)
            page.evaluate("() => { const s = document.querySelector('.mc-sidebar'); s.scrollTop = s.scrollHeight; }")
            take_one_decision(page)
            if page.locator(".mc-winner").is_visible():
                break
            page.wait_for_selector(".mc-decision .mc-kinds button:visible, .mc-gate-button:visible")
            page.wait_for_function(in_view(".mc-decision .mc-decision-text"))
            page.wait_for_function(in_view(".mc-decision .mc-kinds button, .mc-gate-button"))
        page.screenshot(path=str(ARTIFACTS / "browser-question-in-view.png"))
        assert page.refused == [] and page.js_errors == []
    finally:
        page.context.close()


def test_a_click_while_the_bots_answer_the_same_payout_counts(server, browser, tmp_path, monkeypatch):
    """A lone human holding Oversupply presses "No card" while the bots still answer the payout
    (one every 5 s): each answer redraws the table, and the click must still count."""
    import megacorps as mc
    from widgets.testing.mc_tables import save_file_of
    url, data = server
    monkeypatch.setenv("MEGACORPS_DATA", str(data))   # sealed with the server's key
    seats = {"Mokia": "Human", "Globbo": "Greedy", "Nonintendo": "Greedy"}
    game = mc.scenario(list(seats), round=1, hands={"Mokia": ["Oversupply"], "Globbo": ["Boom"],
                                                    "Nonintendo": ["Boom"]},
                       companies={"Japan/Aerospace": "Mokia", "NAFTA/Aerospace": "Globbo"})
    saved = save_file_of(game, seats)
    path = tmp_path / "payout.json"
    path.write_bytes(saved)
    page = open_page(browser, url, (1024, 700))
    try:
        page.set_input_files(".mc-upload-input", str(path))
        page.wait_for_function("() => [...document.querySelectorAll('.mc-start')].some("
                               "b => b.innerText.includes('Resume saved game'))")
        pause = page.locator(".mc-pause input")
        pause.fill("5")
        pause.press("Enter")
        page.click(".mc-start")
        page.wait_for_function(IDLE)
        page.locator(".mc-decision .mc-kinds button", has_text="Payout Industry").click()
        page.locator(".mc-decision select:visible").select_option(label="Aerospace")
        page.wait_for_function("() => !document.querySelector('.mc-decision .mc-confirm').disabled")
        page.click(".mc-decision .mc-confirm")
        no_card = page.locator(".mc-decision .mc-kinds button", has_text="No card")
        no_card.wait_for()
        clicked_at = version(page)
        no_card.click()
        page.wait_for_function(IDLE)   # every bot has answered
        assert version(page) > clicked_at, "no bot answered after the click: nothing was tested"
        assert "mod-active" in no_card.get_attribute("class"), "the click on No card was lost"
        assert page.locator(".mc-decision .mc-confirm").is_enabled()
        page.click(".mc-decision .mc-confirm")
        page.wait_for_function("() => !document.querySelector('.mc-decision .mc-kinds')"
                               " || ![...document.querySelectorAll('.mc-decision .mc-kinds button')]"
                               ".some(b => b.innerText.includes('No card') && b.offsetParent !== null)")
        assert not page.locator(".mc-error-text").is_visible()
        assert page.refused == [] and page.js_errors == []
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "browser-payout-click-failure.png"))
        raise
    finally:
        page.context.close()


def test_a_war_against_the_player_is_marked_and_its_odds_shown_while_others_decide(server, browser, tmp_path,
                                                                                  monkeypatch):
    """Globbo (a bot) attacks Mokia's Maghreb; Lenogo, at this screen too, decides whether to
    send mercenaries. Mokia has nothing to decide and was never told: the board marks Maghreb
    and the decision panel says what is at stake."""
    import megacorps as mc
    from widgets.testing.mc_tables import save_file_of
    url, data = server
    monkeypatch.setenv("MEGACORPS_DATA", str(data))
    seats = {"Globbo": "Greedy", "Mokia": "Human", "Lenogo": "Human"}
    game = mc.scenario(list(seats), round=1, countries={"NAFTA": "Globbo", "Maghreb": "Mokia"},
                       mercenaries={"Globbo": 3, "Mokia": 1, "Lenogo": 2})
    game.apply(mc.LaunchWar("Globbo", "Maghreb"))
    attack, defense, _ = mc.war_totals(game.state, "Globbo", "Maghreb")
    saved = save_file_of(game, seats)
    path = tmp_path / "war.json"
    path.write_bytes(saved)
    page = open_page(browser, url, (1024, 700))
    try:
        page.set_input_files(".mc-upload-input", str(path))
        page.wait_for_function("() => [...document.querySelectorAll('.mc-start')].some("
                               "b => b.innerText.includes('Resume saved game'))")
        page.click(".mc-start")
        alert = page.locator(".mc-war-alert")
        alert.wait_for()
        text = alert.inner_text()
        assert "War on Mokia's Maghreb" in text and "Defending is automatic" in text
        assert f"attacks with {attack}" in text and f"defense {defense}" in text
        assert "Lenogo may still give up to 2 mercenaries" in text
        page.wait_for_function(in_view(".mc-war-alert"))
        marks = """() => {
            const gd = document.querySelector('.mc-board .js-plotly-plot');
            const control = gd && gd.data && gd.data.find(t => t.name === 'control');
            return control ? control.text.filter(t => t.includes('\u2694')).length : 0;
        }"""
        settle(page, f"() => ({marks})() > 0")   # the board is redrawn by a message of its own
        marked = page.evaluate(marks)
        assert marked == 1, "the country under attack is not marked on the board"
        page.screenshot(path=str(ARTIFACTS / "browser-war-alert.png"))
        assert page.refused == [] and page.js_errors == []
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "browser-war-alert-failure.png"))
        raise
    finally:
        page.context.close()


def test_a_lone_human_says_not_to_be_asked_about_payout_cards_this_round(server, browser, tmp_path, monkeypatch):
    """Holding Oversupply, a player was asked "No card / Play a card" at every payout: the
    panel offers when to be asked, and "not again this round" answers this payout at once."""
    import megacorps as mc
    from widgets.testing.mc_tables import save_file_of
    url, data = server
    monkeypatch.setenv("MEGACORPS_DATA", str(data))
    seats = {"Globbo": "Greedy", "Mokia": "Human", "Nonintendo": "Greedy"}
    game = mc.scenario(list(seats), round=1, hands={"Mokia": ["Oversupply"]},
                       companies={"Japan/Aerospace": "Mokia", "NAFTA/Aerospace": "Globbo"})
    game.apply(mc.PayoutIndustry("Globbo", "Aerospace"))
    saved = save_file_of(game, seats)
    path = tmp_path / "asked.json"
    path.write_bytes(saved)
    page = open_page(browser, url, (1024, 700))
    try:
        page.set_input_files(".mc-upload-input", str(path))
        page.wait_for_function("() => [...document.querySelectorAll('.mc-start')].some("
                               "b => b.innerText.includes('Resume saved game'))")
        page.click(".mc-start")
        ask = page.locator(".mc-payout-ask select")
        ask.wait_for()
        assert page.locator(".mc-decision .mc-kinds button", has_text="No card").is_visible()
        before = version(page)
        ask.select_option(label="not again this round")
        page.wait_for_function(f"() => Number(document.querySelector('.mc-status-text').dataset.version) > {before}")
        page.wait_for_function(IDLE)
        assert not page.locator(".mc-decision .mc-kinds button", has_text="No card").is_visible()
        assert "Aerospace" in page.inner_text(".mc-log")
        assert not page.locator(".mc-error-text").is_visible()
        assert page.refused == [] and page.js_errors == []
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "browser-payout-ask-failure.png"))
        raise
    finally:
        page.context.close()


def test_a_seller_without_mercenaries_is_told_where_they_would_come_from(server, browser, tmp_path, monkeypatch):
    """"Mokia may sell mercenaries to Nonintendo (1 to 2)" while Mokia held none: the prompt
    names its Biotech companies and Clone Soldiers, which make them supply mercenaries."""
    import megacorps as mc
    from widgets.testing.mc_tables import save_file_of
    url, data = server
    monkeypatch.setenv("MEGACORPS_DATA", str(data))
    seats = {"Nonintendo": "Greedy", "Mokia": "Human", "Globbo": "Greedy"}
    game = mc.scenario(list(seats), round=1, in_play=["Clone Soldiers"],
                       companies={"India/Biotech": "Mokia", "Mercosur/Biotech": "Mokia"})
    game.apply(mc.BuyMercenaries("Nonintendo", 0, True))
    saved = save_file_of(game, seats)
    path = tmp_path / "sell.json"
    path.write_bytes(saved)
    page = open_page(browser, url, (1024, 700))
    try:
        page.set_input_files(".mc-upload-input", str(path))
        page.wait_for_function("() => [...document.querySelectorAll('.mc-start')].some("
                               "b => b.innerText.includes('Resume saved game'))")
        page.click(".mc-start")
        context = page.locator(".mc-decision .mc-context")
        context.wait_for()
        text = context.inner_text()
        assert "India/Biotech, Mercosur/Biotech" in text and "Clone Soldiers is in play" in text
        assert "whatever Mokia holds" in text
        page.wait_for_function(in_view(".mc-decision .mc-context"))
        assert page.refused == [] and page.js_errors == []
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / "browser-mercenary-sale-failure.png"))
        raise
    finally:
        page.context.close()


def test_a_dead_kernel_is_explained(server, browser):
    """Kill the page's kernel: the page says what happened and what to do (last: it kills kernels)."""
    import psutil
    url, _ = server
    page = open_page(browser, url)
    try:
        me = psutil.Process()
        kernels = [p for p in me.children(recursive=True) if "ipykernel" in " ".join(p.cmdline())]
        assert kernels
        for k in kernels:
            k.kill()
        page.wait_for_selector(".mc-overlay", state="visible", timeout=PATIENCE_MS)
        text = page.inner_text(".mc-overlay")
        assert "lost its connection" in text and "Resume" in text
        # a cover over the whole page, styled by the bridge itself (its anywidget CSS), so the
        # shell's pages, which have no such rule of their own, get it too
        assert page.evaluate("() => getComputedStyle(document.querySelector('.mc-overlay')).position") == "fixed"
        page.screenshot(path=str(ARTIFACTS / "browser-dead-kernel.png"))
    finally:
        page.context.close()
