"""A card game lesson served by Voila in Debian's Chromium at 1024x700, as a learner meets it:
lesson 02's position shows the card's whole price, the fight's self-check answers a wrong choice
with what it overlooked (no answer), then takes the right one; the worked example opens after."""
from __future__ import annotations

from pathlib import Path

from widgets.testing.voila_runner import PATIENCE_MS, notebook_page

ROOT = Path(__file__).resolve().parents[2]
HARMLESS = ("setData is not a function", "[anywidget] Failed to initialize model")


def test_lesson_02_price_wrong_choice_then_right_in_the_browser():
    from widgets.tcg.lessons import CHALLENGE_CHOICES, TASKS, check

    right = check("tcg02/challenge").answer
    wrong = CHALLENGE_CHOICES[0]
    with notebook_page(ROOT / "notebooks" / "tcg" / "02-buying-and-challenging.ipynb") as (page, errors):
        mech = page.locator("button.tcg-card:has-text('Exo-Frame Mech')")
        mech.wait_for(timeout=PATIENCE_MS)
        assert "4M+2QI" in mech.inner_text()                     # the question's price, on the card
        quiz = page.locator(".widget-vbox:has(> .widget-button:has-text('Check'))").filter(has_text="What is left")
        quiz.locator(f"label:has-text('{wrong}')").click()
        quiz.locator("button:has-text('Check')").click()
        note = TASKS["tcg02/challenge"].why_not[wrong]
        page.wait_for_selector(f"text={note}", timeout=PATIENCE_MS)
        assert right not in quiz.inner_text().split("Not yet")[1]  # the note tells no answer
        quiz.locator(f"label:has-text('{right}')").click()
        quiz.locator("button:has-text('Check')").click()
        page.wait_for_selector("text=Right.", timeout=PATIENCE_MS)
        page.locator("button:has-text('Show the worked example')").nth(1).click()
        page.wait_for_selector("text=Nanoblood Sentinel deals 3 QC to Quorum Cleric", timeout=PATIENCE_MS)
        assert not [e for e in errors if not any(h in e for h in HARMLESS)], errors
