"""The note-card game is reachable: the README's and the lessons' links (Binder included) lead to
files that exist, and the docs name every ruling the engine's log and code cite."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_readme_and_binder_links_lead_to_the_note_card_game():
    readme = (ROOT / "README.md").read_text()
    routes = re.findall(r"urlpath=(?:voila/render|lab/tree)/(notebooks/notecard/[\w./-]+)", readme)
    assert "notebooks/notecard/play.ipynb" in routes and "notebooks/notecard/01-a-quarter.ipynb" in routes
    for route in routes:
        assert (ROOT / route).is_file(), route
    for target in re.findall(r"\]\(((?:docs|notebooks)/[^)#]*notecard[^)#]*)\)", readme):
        assert (ROOT / target).exists(), target
    assert "notebooks/notecard/play.ipynb" in (ROOT / "binder" / "postBuild").read_text()


def test_every_ruling_cited_is_written_down():
    rulings = (ROOT / "docs" / "rulings-notecard.md").read_text()
    written = set(re.findall(r"^\| (N\d+) \|", rulings, re.M))
    assert written == {f"N{i}" for i in range(1, len(written) + 1)}
    cited = set()
    for path in [*(ROOT / "megacorps" / "notecard").rglob("*.py"), *(ROOT / "widgets" / "notecard").rglob("*.py")]:
        cited |= set(re.findall(r"ruling (N\d+)", path.read_text(), re.I))
    assert cited and cited <= written, cited - written
