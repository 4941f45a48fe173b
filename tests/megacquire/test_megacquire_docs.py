"""The rulings document covers every ambiguity of the notes, and every ruling the code cites."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULINGS = (ROOT / "docs" / "rulings-megacquire.md").read_text()


def test_every_ambiguity_of_the_notes_has_a_ruling():
    for n in range(1, 15):
        assert re.search(rf"^\| A{n} \| .+ \| \*\*", RULINGS, re.M), f"A{n}"


def test_every_ruling_the_code_cites_is_in_the_document():
    cited = set()
    for path in (ROOT / "megacorps" / "megacquire").rglob("*.py"):
        cited |= set(re.findall(r"ruling (A\d+)", path.read_text()))
    assert cited and all(f"| {a} |" in RULINGS for a in cited)


def test_the_game_doc_names_the_commands():
    text = (ROOT / "docs" / "megacquire.md").read_text()
    assert "python -m megacorps.megacquire.bench" in text and "python -m megacorps.megacquire.tournament" in text
