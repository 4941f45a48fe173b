"""What a player of the card game reads (the log, why a game ended, why a move is refused) is in
game terms: it cites no line of the French rules text ("loses (L647-649)"), which the player does
not have; the engine's comments cite those lines instead. Found playing the page as a newcomer:
the end screen said "Ana loses (L647-649)"."""
from __future__ import annotations

import re

import pytest

from megacorps import kit, tcg
from megacorps.kit.bots import play_out
from megacorps.errors import IllegalAction
from megacorps.tcg import Buy

from tcgtools import card, scen

LINE_CITATION = re.compile(r"\bL\d{2,4}\b")


@pytest.mark.parametrize("seed, decks", [(1, ["incarnes", "gnosts"]), (2, ["corporation", "incarnes"]),
                                         (3, ["gnosts", "corporation"])])
def test_the_log_and_the_ending_cite_no_line_of_the_rules_text(seed, decks):
    game = tcg.new_game(["Ana", "Nick"], seed=seed, options={"decks": decks})
    levels = kit.get("tcg").bot_levels()
    play_out(game, {"Ana": levels["Heuristic"](seed=seed), "Nick": levels["Random"](seed=seed)})
    assert game.is_over and game.state.end_reason
    texts = [game.state.end_reason, *(e.for_seat(seat) for e in game.log for seat in (None, "Ana", "Nick"))]
    cited = [text for text in texts if LINE_CITATION.search(text)]
    assert cited == []


def test_refusals_cite_no_line_of_the_rules_text():
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "turns_done": {"Nick": 1},
              "networks": {"Nick": [{"id": "G5", "at": [0, 1], "engaged": True}, {"id": "RN2", "at": [0, -1]}]}})
    early = g.why_not(Buy("Ana", "network", card(g, "Veiled Pilgrim")))
    assert "before the end of Nick's second turn" in early and not LINE_CITATION.search(early)
    g = scen({"active": "Ana", "phase": "buy", "money": {"Ana": 9}, "turns_done": {"Nick": 4},
              "networks": {"Nick": [{"id": "G5", "at": [0, -1]}]}})
    with pytest.raises(IllegalAction, match="not engaged") as refused:
        g.apply(Buy("Ana", "network", card(g, "Veiled Pilgrim")))
    assert not LINE_CITATION.search(str(refused.value))


GRID_POINT = re.compile(r"\(-?\d+, -?\d+\)")


@pytest.mark.parametrize("seed, decks", [(1, ["incarnes", "gnosts"]), (2, ["corporation", "incarnes"])])
def test_the_log_names_places_and_secrets_as_every_other_line_does(seed, decks):
    """Log lines said "deployed in Ana's network at (-1, 0)", a grid point no page or lesson
    explains, and a seat's own secret lines said "You draw ..." among lines that say "Ana ...".
    Places are now named from the company; a seat's secret names the seat."""
    game = tcg.new_game(["Ana", "Nick"], seed=seed, options={"decks": decks})
    levels = kit.get("tcg").bot_levels()
    play_out(game, {"Ana": levels["Heuristic"](seed=seed), "Nick": levels["Heuristic"](seed=seed + 1)})
    texts = [e.for_seat(seat) for e in game.log for seat in (None, "Ana", "Nick")]
    deployed = [text for text in texts if " is deployed in " in text]
    assert deployed and all(" the company" in text for text in deployed)
    assert [text for text in texts if GRID_POINT.search(text)] == []
    assert [text for text in texts if text.startswith("You ")] == []
    assert any(text.startswith("Ana draws ") and text != "Ana draws a card" for text in texts)


def test_a_place_is_named_from_the_company_as_the_grid_is_drawn():
    from megacorps.tcg.board import place_words
    assert place_words((-1, 0)) == "left of the company"
    assert place_words((0, 1)) == "below the company"    # y grows downwards on the page's grid
    assert place_words((0, -3)) == "3 above the company"
    assert place_words((2, -1)) == "2 right and 1 up from the company"
