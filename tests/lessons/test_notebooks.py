"""The lesson notebooks (notebooks/NN-*.ipynb) and their widgets (widgets/lessons/__init__.py).

Running the lessons themselves is nbval's job (see notebooks/README.md):

    python -m pytest --nbval-lax notebooks/ --nbval-cell-timeout=60 -p no:cacheprovider -q \
        --ignore=notebooks/play.ipynb

Here: the notebooks are stored as they should be (outputs stripped except the checked cells,
no widget state, short code cells, a link to the next lesson, listed in the README), and the
lesson widgets work headlessly (answers judged with the reason, moves applied, trades made).
"""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import megacorps as mc
from widgets.lessons import MoveMaker, TradeMaker, board, make_move, predict, print_payout

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LESSONS = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
CHECK = "# NBVAL_CHECK_OUTPUT"


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text())["cells"]


def source(cell: dict) -> str:
    return "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]


def test_seventeen_lessons_numbered_in_order():
    assert [p.name[:2] for p in LESSONS] == [f"{i:02d}" for i in range(17)]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_is_stored_clean(path: Path):
    nb = json.loads(path.read_text())
    assert "widgets" not in nb.get("metadata", {}), "widget state must be stripped"
    checked = 0
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        text = source(cell)
        assert len(text.splitlines()) <= 25, f"a long code cell belongs in widgets/lessons/__init__.py:\n{text}"
        outputs = cell.get("outputs", [])
        assert all(o["output_type"] != "error" for o in outputs)
        if CHECK in text:
            checked += 1
            assert outputs, f"a checked cell keeps its expected output:\n{text}"
            for o in outputs:
                data = o.get("data", {})
                assert set(data) <= {"text/plain"}, "checked cells keep plain text only"
        else:
            assert not outputs, f"outputs must be stripped (only checked cells keep theirs):\n{text}"
    assert checked >= 1, "every lesson checks at least one teaching result"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_lesson_has_its_parts(path: Path):
    text = "\n".join(source(c) for c in cells(path))
    markdown = "\n".join(source(c) for c in cells(path) if c["cell_type"] == "markdown")
    assert "board(" in text or "App()" in text, "the board in a concrete position"
    assert "predict(" in text, "a self-check"
    assert "make_move(" in text or "TradeMaker(" in text or "App()" in text, "something to do"
    assert "## Recap" in markdown
    number = int(path.name[:2])
    following = [p.name for p in LESSONS if int(p.name[:2]) == number + 1]
    if following:
        assert f"({following[0]})" in markdown, f"{path.name} links to {following[0]}"


def test_readme_lists_every_lesson():
    readme = (NOTEBOOKS / "README.md").read_text()
    for path in LESSONS:
        assert f"({path.name})" in readme
    assert "--nbval-lax" in readme


def test_every_lesson_link_points_to_a_file():
    for path in LESSONS + [NOTEBOOKS / "README.md"]:
        text = path.read_text()
        for target in re.findall(r"\]\(([0-9][0-9]-[a-z-]+\.ipynb)\)", text):
            assert (NOTEBOOKS / target).exists(), f"{path.name} links to a missing {target}"


# --- the lesson widgets, headless -------------------------------------------------------------

def test_quiz_explains_right_and_wrong_answers():
    quiz = predict("How much?", {"Mokia": 12, "Windoze": 6}, "Three competitors pay 6 each.")
    assert quiz.check({"Mokia": 12, "Windoze": 6})
    assert "Right" in quiz.feedback.value and "Three competitors" in quiz.feedback.value
    assert not quiz.check({"Mokia": 12, "Windoze": 5})
    assert "Mokia 12, Windoze 6" in quiz.feedback.value and "Three competitors" in quiz.feedback.value
    choice = predict("Who wins?", "Globbo", "Ties go to the defender.", choices=["Mokia", "Globbo"])
    choice.fields[""].value = "Mokia"
    choice.button.click()
    assert "Not quite" in choice.feedback.value and "Ties go" in choice.feedback.value
    number = predict("How many?", 8, "Two companies at 4.")
    assert number.check(" 8 ") and not number.check("eight")


def antitrust_position() -> mc.Game:
    return mc.scenario(["Nonintendo", "Mokia", "Globbo"], companies={"Japan/Aerospace": "Nonintendo"},
                       countries={"European Union": "Mokia"})


def test_move_maker_offers_one_kind_then_the_follow_up_decisions():
    game = antitrust_position()
    maker = make_move(game, kinds=["buy"])
    assert maker.menu.options and all(a.kind == "buy" for _label, a in maker.menu.options)
    maker._clicked("European Union/Aerospace")
    assert maker.menu.value == mc.BuyCompany("Nonintendo", "European Union/Aerospace")
    assert "may veto it" in maker.hint.value  # the app's preview of the selected choice
    maker.button.click()
    assert "may veto" in maker.result.value
    assert {a for _l, a in maker.menu.options} == {mc.Permit("Mokia"), mc.Veto("Mokia")}
    maker.choose(mc.Veto("Mokia"))
    assert {a.kind for _l, a in maker.menu.options} == {"buy", "pass"}
    maker.choose("Nonintendo buys NAFTA/Aerospace")
    assert maker.button.disabled and "Done" in maker.prompt.value
    assert game.company_status("NAFTA/Aerospace") == "Nonintendo"


def test_move_maker_refuses_a_choice_not_offered():
    maker = MoveMaker(antitrust_position(), kinds=["buy"], show_board=False)
    with pytest.raises(mc.IllegalAction):
        maker.choose(mc.Pass("Nonintendo"))
    maker._clicked("Switzerland")
    assert "not one of the choices" in maker.result.value


def test_move_maker_takes_secret_bids_as_amounts():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], hands={"Mokia": ["Greedy Kleptocrats"]},
                       countries={"ASEAN": "Globbo"})
    maker = MoveMaker(game, kinds=["play"], until=lambda g: not g.state.frames, show_board=False)
    maker.choose(mc.PlayCard("Mokia", "Greedy Kleptocrats", "ASEAN"))
    for amount in (9, 3, 0):
        assert maker.amount.layout.display != "none"
        maker.amount.value = amount
        maker.button.click()
    assert game.controller("ASEAN") == "Mokia" and game.money("Mokia") == 31
    assert "Bids for ASEAN revealed" in maker.result.value


def test_move_maker_lets_bots_answer_until_the_end():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], deck=[])
    bots = {c: mc.bots.GreedyBot(seed=1) for c in ("Globbo", "Nonintendo")}
    maker = MoveMaker(game, bots=bots, until=lambda g: g.is_over, show_board=False)
    maker.choose(mc.Pass("Mokia"))
    assert game.is_over
    assert "[Winning]" in maker.result.value and maker.button.disabled


def test_trade_maker_offers_and_the_other_corp_answers():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies={"Japan/Media": "Mokia"})
    trade = TradeMaker(game, "Globbo")
    trade.to.value = "Mokia"
    trade.give_money.value = 10
    trade.take_company.value = "Japan/Media"
    trade.offer_button.click()
    assert not trade.accept_button.disabled and "Mokia" in trade.accept_button.description
    trade.accept_button.click()
    assert game.company_status("Japan/Media") == "Globbo" and game.money("Mokia") == 50
    trade.give_money.max = 10_000
    trade.give_money.value = 500
    trade.offer_button.click()
    assert "only" in trade.result.value and game.money("Globbo") == 30


def test_board_and_payout_printout(capsys):
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies={"NAFTA/Robotics": "Mokia"})
    assert board(game, highlight=["NAFTA/Robotics"]) is not None
    assert print_payout(game, "Robotics") == {"Mokia": 3}
    assert "5 competitors" in capsys.readouterr().out


def test_move_maker_starts_over_from_the_same_position():
    game = antitrust_position()
    maker = MoveMaker(game, kinds=["buy"], show_board=False)
    maker.choose("Nonintendo buys NAFTA/Aerospace")
    assert maker.button.disabled
    maker.restart.click()
    assert not maker.button.disabled and maker.game.company_status("NAFTA/Aerospace") == "unowned"
    maker.choose("Nonintendo buys NAFTA/Biotech")
    assert maker.game.money("Nonintendo") == 36


# --- a lesson in a real browser, under Voila ------------------------------------------------------

def test_a_lesson_renders_and_its_move_panel_works_under_voila():
    """Lesson 04 served by Voila in Chromium: both boards are drawn, a move made in the panel
    shows what the rules did, and a quiz answer gets its explanation."""
    import os

    if not Path("/usr/bin/chromium").exists():  # in CI (CI set) the browser tests must run
        if os.environ.get("CI"):
            pytest.fail("/usr/bin/chromium is missing, and CI is set: the browser tests must run in CI")
        pytest.skip("/usr/bin/chromium is missing (set CI=true to make this a failure)")
    from playwright.sync_api import sync_playwright

    from widgets.testing.voila_runner import chromium, free_port, route_cdn, serving, voila_command

    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(NOTEBOOKS.parent))
    with serving(voila_command(NOTEBOOKS / "04-buying-and-antitrust.ipynb", port), port, env, timeout=60), \
            sync_playwright() as p, chromium(p) as browser:
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        route_cdn(page)
        page.goto(f"http://127.0.0.1:{port}/", timeout=90_000)
        page.wait_for_selector("button:has-text('Do it')", timeout=90_000)
        page.wait_for_function("document.querySelectorAll('.js-plotly-plot').length >= 2", timeout=30_000)
        page.locator("select").first.select_option(label="Nonintendo\u00a0buys\u00a0European\u00a0Union/Aerospace")
        page.locator("button:has-text('Do it')").first.click()
        page.wait_for_selector("text=may veto it", timeout=15_000)
        page.locator("label:has-text('No')").first.click()
        page.locator("button:has-text('Check')").first.click()
        page.wait_for_selector("text=Antitrust needs both conditions", timeout=15_000)
        assert page.locator(".js-plotly-plot").count() >= 2
        # Known and harmless: Plotly's JupyterLab renderer cannot write the static figure back
        # into a notebook model (Voila has none), and anywidget logs a start-up timeout on a
        # slow machine although the figure widget then works (the move above went through).
        harmless = ("setData is not a function", "[anywidget] Failed to initialize model")
        assert not [e for e in errors if not any(h in e for h in harmless)], errors


def test_against_bots_the_learner_sees_its_own_hand_and_draws_only():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], deck=["Boom", "Elections"], hands={"Mokia": ["Asteroid"]})
    bots = {c: mc.bots.GreedyBot(seed=2) for c in ("Globbo", "Nonintendo")}
    maker = MoveMaker(game, bots=bots, until=lambda g: g.round == 3, show_board=False)
    assert "Your hand (Mokia): Asteroid." in maker.prompt.value
    maker.choose(mc.Pass("Mokia"))
    while maker.choices() and game.round < 2:
        maker.choose(maker.choices()[0])
    assert "Globbo draws an event card" in maker.result.value or game.round >= 2
    assert "Globbo draws Boom" not in maker.result.value  # another corp's draw stays secret
