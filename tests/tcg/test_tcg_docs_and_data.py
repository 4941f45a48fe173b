"""The rulings document names every option with its default; no card's name appears in the
engine's code (cards are data)."""
import re
from pathlib import Path

from megacorps.tcg.cards import sample_pool
from megacorps.tcg.options import Options

ROOT = Path(__file__).resolve().parents[2]


def test_every_option_is_documented_with_its_default():
    text = (ROOT / "docs" / "rulings-tcg.md").read_text()
    for name, field in Options.model_fields.items():
        if name in ("decks", "extra_cards", "bidding"):
            continue
        assert f"`{name}`" in text, name
        default = field.default
        shown = f'"{default}"' if isinstance(default, str) else str(default)
        assert re.search(rf"`{name}` \(`{re.escape(shown)}`", text), (name, shown)


def test_no_card_name_appears_in_the_engine_code():
    names = {c.name for c in sample_pool().cards.values()}
    for path in (ROOT / "megacorps" / "tcg").rglob("*.py"):
        code = path.read_text()
        for name in names:
            assert name not in code, (path.name, name)


def test_every_worked_example_of_the_notes_has_a_named_test():
    notes = Path("/work/shared/rules/megacorp-tcg-notes.md")
    ids = re.findall(r"^\| ([TD]\d+) \|", notes.read_text(), flags=re.M) if notes.exists() else \
        [f"T{i}" for i in range(1, 29)] + [f"D{i}" for i in range(1, 27)]
    assert len(ids) == 54
    names = "".join(p.read_text() for p in (ROOT / "tests" / "tcg").glob("test_*.py"))
    missing = [i for i in ids if not re.search(rf"def test_{i}_", names)]
    assert not missing
