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
