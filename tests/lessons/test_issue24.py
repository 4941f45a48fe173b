"""Issue 24: lessons a learner cannot shortcut. Each test here failed before its fix."""
from __future__ import annotations

import json
import re

import pytest

import megacorps as mc
from widgets.lessons.course import EXERCISES, _load
from widgets.lessons.moves import MoveMaker, TradeMaker

_load()


def descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from descendants(child)


# --- 1. Start over on every exercise; every goal check tests the goal itself ---------------------

@pytest.mark.parametrize("key", sorted(EXERCISES))
def test_every_exercise_has_a_start_over_button_that_restores_the_position(key):
    widget = EXERCISES[key].widget()
    buttons = [b for b in descendants(widget) if getattr(b, "description", None) == "Start over"]
    assert buttons, f"{key}: no Start over button"
    start = widget.game.state.clone()
    for move in EXERCISES[key].miss:
        if isinstance(widget, TradeMaker):
            widget.offer(move.give, move.take, move.to)
        else:
            widget.choose(move)
    buttons[0].click()
    assert widget.game.state == start, f"{key}: Start over did not bring back the starting position"
    assert widget.verdict is None


def test_a_trade_goal_counts_everything_spent_since_the_start_not_only_the_last_offer():
    """Lesson 13: buying Japan/Media for 15 Euros, then giving the Elections card away, is not
    'a card for a company without spending money'."""
    trade = EXERCISES["13/card-for-company"].widget()
    trade.offer(mc.Bundle(money=15), mc.Bundle(companies=("Japan/Media",)), "Mokia")
    assert "Not the goal" in trade.result.value
    trade.offer(mc.Bundle(cards=("Elections",)), mc.Bundle(), "Mokia")
    assert trade.verdict is not None and not trade.verdict.met
    assert "Goal met" not in trade.result.value
    trade.start_over()
    assert trade.game.company_status("Japan/Media") == "Mokia" and trade.verdict is None
    assert ("company Japan/Media", ("companies", "Japan/Media")) in trade.take_items.options
    trade.offer(mc.Bundle(cards=("Elections",)), mc.Bundle(companies=("Japan/Media",)), "Mokia")
    assert trade.verdict.met and "Goal met" in trade.result.value


# --- 4. no answer on the page or in the files before an attempt -------------------------------------

def test_the_self_checks_file_beside_the_notebooks_holds_no_answer_a_learner_could_read():
    """Binder's and JupyterLab's file browser show every file of the course: the data file that
    checks the answers keeps them as salted digests and scrambled texts."""
    from widgets.lessons import CHECKS_FILE, checkbook
    text = CHECKS_FILE.read_text()
    for key, check in checkbook().checks.items():
        for secret in [*check.secrets(), *check.tells]:
            assert secret[:40] not in text, f"{key}: {secret[:40]!r} can be read in {CHECKS_FILE.name}"
        if not check.choices:
            answers = check.answer.values() if isinstance(check.answer, dict) else [check.answer_text()]
            entry = text[text.index(f'"{key}"'):].split('"salt"')[0]
            for answer in answers:
                assert not re.search(rf'"answer"|\b{re.escape(str(answer))}\b(?![^"]*\?)', entry.split('"question"')[0]), key
    assert not (CHECKS_FILE.parent / "checks.json").exists(), "the plain file is gone"


def test_a_sealed_check_file_opens_again_for_authors_and_judges_answers_by_digest(tmp_path):
    from widgets.lessons.checks import CheckBook, open_sealed, seal
    plain = {"t/n": {"question": "How many?", "answer": 8, "hint": "Count.", "explanation": "Eight boxes."},
             "t/c": {"question": "Who?", "answer": "Mokia", "choices": ["Mokia", "Globbo"], "hint": "Look.",
                     "explanation": "Mokia acts first.", "why_not": {"Globbo": "Globbo acts second."}},
             "t/d": {"question": "How much each?", "answer": {"Mokia": 12, "Globbo": 6}, "hint": "Count.",
                     "explanation": "Three competitors."},
             "t/b": {"question": "May it?", "answer": False, "hint": "Think.", "explanation": "No card then."}}
    sealed = seal(plain)
    path = tmp_path / "sealed.json"
    path.write_text(json.dumps(sealed))
    for secret in ("Eight boxes", "acts first", "acts second", "Three competitors", "No card then", '"answer"'):
        assert secret not in path.read_text()
    assert open_sealed(sealed)["t/c"]["why_not"] == {"Globbo": "Globbo acts second."}
    book = CheckBook(path)
    assert book["t/n"].judge("eight")[0] and not book["t/n"].judge("7")[0]
    assert book["t/c"].judge("Mokia")[0] and book["t/c"].judge("Globbo") == (False, "Globbo acts second.")
    assert book["t/d"].judge({"Mokia": "twelve", "Globbo": "6"})[0]
    assert book["t/d"].judge({"Mokia": "12", "Globbo": "5"}) == (False, "Look again at Globbo.")
    assert book["t/b"].judge("No")[0] and not book["t/b"].judge("Yes")[0]
    sealed["t/n"]["digests"] = sealed["t/c"]["digests"]  # a tampered entry is named
    path.write_text(json.dumps(sealed))
    with pytest.raises(ValueError, match="t/n"):
        CheckBook(path)


NOTEBOOKS = __import__("pathlib").Path(__file__).resolve().parents[2] / "notebooks"
COURSE = sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))
NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
                "twelve"]


def _vocabulary() -> set[str]:
    board, deck = mc.load_board(), mc.load_deck()
    words = set(board.industries) | {c.name for c in board.countries} | {c.name for c in deck.cards}
    return words | {"Democracy", "Dictatorship", "Kleptocracy", "Wikisyndicalism", "final"}


def _terms(question: str) -> set[str]:
    return {v for v in _vocabulary() if re.search(rf"\b{re.escape(v)}\b", question)}


def _stem(word: str) -> str:
    return word.lower()[:4]


def states_answer(text: str, check) -> str | None:
    """The sentence (or table row) of `text` that states `check`'s answer, if one does: a phrase
    that gives it away (the check's `tells`), or the answer next to a game term of the question."""
    for tell in check.tells:
        if re.search(tell, text, re.IGNORECASE):
            return tell
    terms = _terms(check.question)
    # a country's numbers on a board ("Defense 5, Force 3") are the board, not an answer about the Defense industry
    text = re.sub(r"\b(Defense|Force) \d+", "", text)
    for sentence in re.split(r"(?<=[.!?:;])\s+|\n|\|", text):
        if not any(re.search(rf"\b{re.escape(t)}\b", sentence) for t in terms):
            continue
        answer = check.answer
        if isinstance(answer, bool):
            continue
        if isinstance(answer, int):
            word = NUMBER_WORDS[answer] if 0 <= answer < len(NUMBER_WORDS) else str(answer)
            if re.search(rf"\b({answer}|{word})\b", sentence, re.IGNORECASE):
                return sentence
        elif isinstance(answer, dict):
            if all(re.search(rf"\b{re.escape(k)}\b.*\b{v}\b", sentence) for k, v in answer.items()):
                return sentence
        else:
            wanted = {_stem(w) for w in re.findall(r"[A-Za-z]{3,}", str(answer))} - {_stem(t) for t in terms}
            found = {_stem(w) for w in re.findall(r"[A-Za-z]{3,}", sentence)}
            if wanted and len(wanted & found) >= max(2, (2 * len(wanted) + 2) // 3):
                return sentence
    return None


def test_the_answer_test_catches_what_the_issue_found():
    from widgets.lessons import checkbook
    boxes = checkbook()["01/boxes"]
    assert states_answer("Our board gives every industry five boxes: so Nanotech and Metals start with four "
                         "companies, the others with five.", boxes)
    assert not states_answer("Count the boxes of the Metals column, then look at the neutral places.", boxes)


def _shown(widget) -> str:
    """The text a widget and its children show (HTML stripped), board hover texts included."""
    parts = [str(getattr(widget, "value", "")) if isinstance(getattr(widget, "value", ""), str) else ""]
    figure = getattr(getattr(widget, "view", None), "figure", None)
    for trace in getattr(figure, "data", ()):
        parts += [str(t) for t in (getattr(trace, "hovertext", None) or ())]
    for child in getattr(widget, "children", ()):
        parts.append(_shown(child))
    return _text("\n".join(p for p in parts if p))


def _text(html: str) -> str:
    """Visible text, one line per table cell, hover line or list item."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<br>|</td>|</li>|</tr>| · ", "\n", html))


@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_no_lesson_text_or_output_states_the_answer_of_a_self_check_it_asks(path):
    """The page a learner reads before a self-check (the lesson's text, the boards it shows, each
    exercise's goal and panel) does not state its answer: the learner works it out."""
    from widgets.lessons import checkbook
    from widgets.lessons.course import EXERCISES, position
    from widgets.lessons.show import board, corps_html
    cells = json.loads(path.read_text())["cells"]
    page = ""
    for cell in cells:
        text = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            page += "\n" + text
            continue
        for key in re.findall(r'\bshow\("([^"]+)"', text):
            figure = board(position(key), corps=False)
            page += "\n" + _text(corps_html(position(key)))
            page += "\n" + _text("\n".join(str(t) for trace in figure.data for t in (trace.hovertext or ())))
        for key in re.findall(r'exercise\("([^"]+)"\)', text):
            page += "\n" + _shown(EXERCISES[key].widget())
        for key in re.findall(r'self_check\("([^"]+)"\)', text):
            found = states_answer(page, checkbook()[key])
            assert not found, f"{path.name}: the page states the answer to {key}: {found!r}"


# --- 8. small ones ---------------------------------------------------------------------------------

@pytest.mark.parametrize("path", COURSE, ids=lambda p: p.name)
def test_a_lessons_header_gives_the_same_time_as_the_index(path):
    readme = (NOTEBOOKS / "README.md").read_text()
    row = next(ln for ln in readme.splitlines() if f"({path.name})" in ln)
    index_minutes = int(re.search(r"\|\s*(\d+)\s*min\s*\|", row).group(1))
    header = "".join(json.loads(path.read_text())["cells"][0]["source"])
    said = re.search(r"About (\d+) minutes", header)
    assert said and int(said.group(1)) == index_minutes, f"{path.name}: the header says {said and said.group(1)}, the index {index_minutes}"


# --- 5. worked examples and explanations at the right moment -----------------------------------------

def test_a_worked_example_after_a_self_check_waits_until_the_check_is_done_not_just_tried():
    """Lesson 05: one wrong try at the Oil self-check left a try, yet the worked example (which prints
    the Oil payout) opened."""
    from widgets.lessons import self_check
    from widgets.lessons.course import example
    payout, oil = EXERCISES["05/best-payout"].widget(), self_check("05/oil")
    worked = example("05/rulebook", after=[payout, oil])
    for move in EXERCISES["05/best-payout"].miss:
        payout.choose(move)
    oil.answer({"Globbo": "1", "Lenogo": "1"})
    assert not oil.done and not worked.unlocked and worked.button.disabled
    with pytest.raises(RuntimeError):
        worked.show()
    oil.answer({"Globbo": "2", "Lenogo": "2"})
    assert oil.done and worked.unlocked


def test_start_over_forgets_why_the_opponents_did_what_they_did_in_the_earlier_attempt():
    """Lesson 15/L-5: after Start over, 'Why they did it' still showed a reason from the first attempt."""
    ex = EXERCISES["15/l-5"]
    widget = ex.widget()
    widget.choose("Mokia buys European Union/Nanotech")  # Globbo controls the European Union: it permits
    assert "Why they did it" in widget.result.value and widget.reasons, "the opponents explained something in the first attempt"
    old = [r for _n, r in widget.reasons]
    widget.start_over()
    assert widget.reasons == []
    for move in ex.solution:
        widget.choose(move)
    assert not any(r in widget.result.value for r in old if r not in [x for _n, x in widget.reasons])


# --- 7. rules told exactly; our rulings labelled as ours ----------------------------------------------

LABEL = re.compile(r"our ruling\s+\(docs/rulings\.md\s+(R\d+(?:,\s*R\d+)*)\)")
# What a lesson may only say as the project's reading, never as the rule (docs/rulings.md):
# (ruling, the paragraphs it concerns, a claim that belongs to it)
OUR_READINGS = [
    ("R32", r"", r"clone soldiers[^.]*\b(stays|kept|remains)\b[^.]*\b(table|in play)"),
    ("R12", r"", r"\bvotes?\b[^.]*\bsecret|\bsecret\b[^.]*\bvotes\b"),
    ("R28", r"\b(trade|deal)", r"\boffers?\b[^.]*\b(accepts?|except|wait|not while)\b"),
    ("R5", r"interven", r"another corp('s company| owns|\*\* owns)|\*\*another corp owns\*\*"),
    ("R19", r"\bleav", r"mercenaries[^.]*\b(gone|vanish|disappear)|paid card[^.]*\b(nobody|back)"),
]


def _paragraphs(path):
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "markdown":
            yield from re.split(r"\n\s*\n|\n(?=\* |\d+\. |\| )", "".join(cell["source"]))


def test_every_ruling_a_lesson_names_is_labelled_as_ours_and_exists():
    rulings = (NOTEBOOKS.parent / "docs" / "rulings.md").read_text()
    for path in COURSE:
        for paragraph in _paragraphs(path):
            for word in re.finditer(r"\bruling\b", paragraph, re.IGNORECASE):
                assert LABEL.match(paragraph, word.start() - 4), f"{path.name}: 'ruling' outside the label: {paragraph!r}"
            for number in re.split(r",\s*", ", ".join(LABEL.findall(paragraph))) if LABEL.search(paragraph) else []:
                assert f"### {number}." in rulings, f"{path.name}: {number} is not in docs/rulings.md"


@pytest.mark.parametrize("ruling,about,claim", OUR_READINGS, ids=[r[0] for r in OUR_READINGS])
def test_a_reading_the_project_decided_is_told_as_our_ruling_never_as_the_rule(ruling, about, claim):
    for path in COURSE:
        for paragraph in _paragraphs(path):
            if re.search(about, paragraph, re.IGNORECASE) and re.search(claim, paragraph, re.IGNORECASE):
                assert ruling in re.split(r",\s*", ", ".join(LABEL.findall(paragraph))), \
                    f"{path.name} tells our ruling {ruling} as a rule: {paragraph.strip()!r}"


def test_the_rules_lessons_tell_what_the_rulebook_says():
    def text(name):
        return "\n".join(_paragraphs(next(p for p in COURSE if p.name.startswith(name))))
    # every played card is discarded (lesson 10)
    assert re.search(r"played card is discarded\.", text("10"))
    # setup hands out ASEAN and the African Federation too (lesson 01)
    start = next(p for p in text("01").split("\n* ") if "already have a controller" in p)
    assert "ASEAN" in start and "African Federation" in start
    # anything may be given to anyone at any time (lesson 13); the intervention picks a company in a
    # country you control (lessons 03, 07)
    assert re.search(r"\*\*at any time\*\*", text("13"), re.IGNORECASE)
    for name in ("03", "07"):
        assert re.search(r"company in a country you control|company \*\*in a country you control\*\*", text(name)), name


# --- 2. no preview does the exercise's arithmetic before it is answered ---------------------------------

CALCULATIONS = ["05/best-payout", "09/win-a-war", "09/defend-an-ally", "10/spoil-a-payout", "10/top-of-the-table",
                "15/hurt-a-rival", "15/last-purchase"]


@pytest.mark.parametrize("key", CALCULATIONS)
def test_an_exercise_that_teaches_a_calculation_previews_nothing_until_it_is_answered(key):
    ex = EXERCISES[key]
    widget = ex.widget()
    assert "preview is off" in ex.goal, f"{key}: the goal says the preview is off"
    for _label, action in widget.menu.options:
        widget.menu.value = action
        assert widget.hint.value == "", f"{key}: choosing {action} previews {widget.hint.value!r}"
    for move in ex.miss:
        widget.choose(move)
    widget.start_over()
    shown = []
    for _label, action in widget.menu.options:
        widget.menu.value = action
        shown.append(widget.hint.value)
    assert any(shown), f"{key}: once answered, the previews help again"


# --- 3. choices to think about: three or more, a tempting wrong one, and why the wrong ones lose ----------

TEMPTING = {
    "07/better-metals": [["Mokia intervenes against China/Metals"], ["Mokia intervenes against Mercosur/Metals"]],
    "10/spoil-a-payout": [["Mokia plays Shortages"], ["Mokia plays no card"]],
    "13/leave": [["Lenogo passes"], ["Lenogo offers Nonintendo a gift: 50 Euros", "Lenogo leaves the game"]],
    "15/permit-a-rival": [["Mokia vetoes the purchase"],
                          ["Mokia plays General Strike on NAFTA/Robotics"]],
}


@pytest.mark.parametrize("key", sorted(TEMPTING))
def test_an_exercise_offers_three_plausible_choices_and_says_why_each_wrong_one_loses(key):
    ex = EXERCISES[key]
    widget = ex.widget()
    assert len(widget.choices()) >= 3, f"{key}: only {[str(a) for a in widget.choices()]}"
    whys = []
    for attempt in TEMPTING[key]:
        widget.start_over()
        for move in attempt:
            widget.choose(move)
        assert widget.verdict is not None and not widget.verdict.met, f"{key}: {attempt} met the goal"
        whys.append(widget.verdict.why)
    assert len(set(whys)) == len(whys), f"{key}: the same words for different mistakes: {whys}"
    widget.start_over()
    for move in ex.solution:
        widget.choose(move)
    assert widget.verdict.met


def test_the_write_your_own_bot_lesson_gives_the_bot_a_goal_that_a_weak_bot_misses():
    """Not only legal moves: the bot must win most of 20 games against three Random bots."""
    path = NOTEBOOKS / "programmers" / "write-your-own-bot.ipynb"
    cells = ["".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
    goal = next(c for c in cells if c.startswith("def goal_met("))
    assert "assert goal_met(OneIndustry)" in goal
    assert any("assert goal_met(OneIndustryPlus)" in c for c in cells)
    from megacorps import tournament
    from megacorps.bots import decision_choices
    scope = {"tournament": tournament}
    exec(goal.split("\n\n\nassert")[0], scope)

    class Passer:
        name = "Passer"

        def __init__(self, seed=None):
            pass

        def choose(self, game, corp):
            choices = decision_choices(game, corp)
            return next((a for a in choices if isinstance(a, mc.Pass)), choices[0])

    assert scope["goal_met"](Passer) is False


def test_a_missed_war_or_payout_says_what_happened_in_this_attempt():
    war = EXERCISES["09/win-a-war"].widget()
    war.choose("Lenogo launches a war on Mercosur")
    assert "5" in war.verdict.why and "tie goes to the defender" in war.verdict.why and "Mercosur" in war.verdict.why
    war.start_over()
    war.choose("Lenogo launches a war on Maghreb")
    assert "nobody controlled it" in war.verdict.why
    block = EXERCISES["03/block-the-payout"].widget()
    block.choose("Mokia pays out Robotics")
    assert "Globbo paid out" not in block.verdict.why and "yourself" in block.verdict.why


def test_15_worth_describes_the_five_solar_companies_of_the_board():
    from widgets.lessons import checkbook
    question = checkbook()["15/worth"].question
    solar = [c for c in mc.load_board().companies if c.endswith("/Solar")]
    counted = re.search(r"Mokia owns (\w+) compan\w+, Globbo (\w+), and (\w+) are unowned", question)
    assert counted, question
    total = sum(NUMBER_WORDS.index(w) for w in counted.groups())
    assert total == len(solar), f"the question counts {total} Solar companies; the board has {len(solar)}"


@pytest.mark.parametrize("key", ["07/klepto", "10/final", "15/worth"])
def test_a_rewritten_self_checks_answer_is_the_engines(key):
    from widgets.lessons import checkbook
    answer = checkbook()[key].answer
    if key == "07/klepto":
        game = mc.scenario(["Lenogo", "Globbo", "Mokia"], countries={"Great Russia": "Lenogo"},
                           companies={"Caliphate/Oil": "Lenogo", "Great Russia/Oil": "Globbo", "Maghreb/Oil": "Globbo"})
        game.apply(mc.Intervene("Lenogo", "Great Russia/Oil"))
        assert mc.payout_amounts(game.state, "Oil")["Lenogo"] == answer
    elif key == "10/final":
        solar = [c for c in mc.load_board().companies if c.endswith("/Solar")]
        game = mc.scenario(["Mokia", "Globbo", "Lenogo"], companies={c: "Mokia" for c in solar})
        assert mc.payout_amounts(game.state, "Solar")["Mokia"] == answer  # no card in the final payouts (R30)
    else:
        base = {"India/Solar": "Mokia", "Mercosur/Solar": "Globbo", "Caliphate/Solar": "Globbo"}
        game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies=base)
        without = 2 * mc.payout_amounts(game.state, "Solar")["Mokia"]
        money = game.money("Mokia")
        game.apply(mc.BuyCompany("Mokia", "Maghreb/Solar"))
        price = money - game.money("Mokia")
        assert 2 * mc.payout_amounts(game.state, "Solar")["Mokia"] - without - price == answer


# --- 6. the first game: taught before it happens, surprises explained, why you won or lost ---------------

def _guided(tour) -> None:
    tour.next()
    tour.next()
    tour.panel.choose("Mokia buys China/Robotics")
    for move in [None, None, "Mokia buys Japan/Robotics", "Mokia buys India/Robotics",
                 "Mokia pays out Robotics", "Mokia plays Boom on Robotics"]:
        if move:
            tour.panel.choose(move)
        tour.next()
    assert tour.free


def _words(html_text: str) -> int:
    return len(re.findall(r"[A-Za-z0-9€'-]+", re.sub(r"<[^>]+>", " ", html_text)))


def test_do_it_plays_the_one_move_the_list_shows():
    game = mc.scenario(["Mokia", "Globbo", "Nonintendo"], companies={"Japan/Aerospace": "Nonintendo"})
    maker = MoveMaker(game, kinds=["pass"], corp="Mokia", show_board=False)
    assert [str(a) for a in maker.choices()] == ["Mokia passes"]
    maker.button.click()
    assert "Pick a move first" not in maker.result.value and maker.moves == [mc.Pass("Mokia")]


def test_the_coachs_notes_are_short():
    from widgets.lessons.tutorial import FREE_PLAY, STEPS
    for i, step in enumerate(STEPS):
        assert _words(step.text) <= 50, f"step {i + 1} has {_words(step.text)} words"
    assert _words(FREE_PLAY) <= 50


def test_the_coach_stands_next_to_the_controls_it_talks_about():
    from widgets.lessons.tutorial import FirstGame
    tour = FirstGame()
    box = next(b for b in descendants(tour) if tour.coach in getattr(b, "children", ()))
    inside = list(descendants(box))
    assert tour.panel.controls in inside and tour.next_button in inside, "coach, Continue and Do it in one frame"
    assert tour.panel.view is None or tour.panel.view.figure not in inside


SEEDS = range(4)
UNTAUGHT = ("intervenes", "launches a war", "buys mercenaries", "bids", "votes", "election", "revolution",
            "coup", "offers")


def _free_game(seed: int, policy: int):
    from widgets.lessons.tutorial import FirstGame
    tour = FirstGame(seed=seed)
    _guided(tour)
    rng = __import__("random").Random(policy)
    seen_choices = set()
    for _ in range(300):
        if tour.finished:
            break
        choices = tour.panel.choices()
        seen_choices |= {a.kind for a in choices}
        tour.panel.choose(rng.choice(choices))
    assert tour.finished
    return tour, seen_choices


@pytest.mark.parametrize("seed", SEEDS)
def test_the_free_rounds_bring_nothing_the_coach_never_taught(seed):
    tour, kinds = _free_game(seed, seed)
    log = " ".join(e.text for e in tour.panel.game.log).lower()
    for word in UNTAUGHT:
        assert word not in log, f"seed {seed}: the free rounds brought '{word}'"
    assert kinds <= {"buy", "payout", "pass", "play", "no-card", "permit", "veto"}, kinds


@pytest.mark.parametrize("seed", SEEDS)
def test_every_card_a_rival_plays_is_explained_in_one_line_when_it_happens(seed):
    from widgets.lessons.tutorial import SURPRISES
    tour, _kinds = _free_game(seed, seed + 10)
    deck = [c.name for c in mc.load_deck().cards]
    plays = {c for e in tour.panel.game.log for c in deck
             if any(e.text.startswith(f"{r} plays {c}") for r in ("Globbo", "Nonintendo"))}
    for card in plays:
        line = SURPRISES[card]
        assert line in tour.surprises_told, f"seed {seed}: {card} was played and not explained"
        assert _words(line) <= 30


def test_the_free_rounds_speak_to_a_newcomer_not_in_the_bots_language():
    from widgets.lessons.tutorial import FirstGame
    tour = FirstGame()
    _guided(tour)
    tour.panel.choose("Mokia buys NAFTA/Software")
    assert tour.panel.reasons and "Why they did it" not in tour.panel.result.value


@pytest.mark.parametrize("seed", SEEDS)
def test_the_first_games_end_says_why_the_winner_won(seed):
    tour, _kinds = _free_game(seed, seed + 20)
    game = tour.panel.game
    text = re.sub(r"<[^>]+>", " ", tour.coach.value)
    assert "Why" in text
    winner = game.winners()[0]
    assert winner in text and str(game.scores()[winner]) in text


def test_the_first_game_tells_what_it_leaves_for_later():
    from widgets.lessons.tutorial import FREE_PLAY, STEPS
    said = " ".join(s.text for s in STEPS) + FREE_PLAY
    for thing in ("pick", "mercenar", "war", "intervention"):
        assert thing in said.lower(), thing


def test_a_predict_first_exercise_shows_its_board_without_earnings_and_keeps_it_current():
    """The board of a preview-off exercise was an Output widget that Voila left empty."""
    import ipywidgets as w
    ex = EXERCISES["09/win-a-war"]
    widget = ex.widget()
    assert widget.view is None and widget.picture is not None and widget.picture in widget.children
    assert not any(isinstance(c, w.Output) for c in widget.children)
    companies = next(t for t in widget.picture.data if t.name == "companies")
    assert all(len(str(t).split("<br>")) <= 3 for t in companies.hovertext), "no payout earnings in the hover"
    before = json.dumps([t.to_plotly_json() for t in widget.picture.data], default=str)
    for move in ex.solution:
        widget.choose(move)
    after = json.dumps([t.to_plotly_json() for t in widget.picture.data], default=str)
    assert before != after, "the board shows the position after the war"


def test_sealing_again_changes_only_the_checks_edited():
    from widgets.lessons.checks import open_sealed, seal
    plain = {"t/a": {"question": "How many?", "answer": 8, "hint": "Count.", "explanation": "Eight."},
             "t/b": {"question": "Who?", "answer": "Mokia", "hint": "Look.", "explanation": "Mokia acts first."}}
    first = seal(plain)
    edited = open_sealed(first)
    edited["t/b"]["explanation"] = "Mokia holds the Active Player card."
    second = seal(edited, first)
    assert second["t/a"] == first["t/a"] and second["t/b"] != first["t/b"]
    assert open_sealed(second)["t/b"]["explanation"] == "Mokia holds the Active Player card."


def test_start_over_after_the_first_games_end_forgets_the_verdict():
    """A learner's walkthrough: Start over after the end put the game back to the free rounds'
    start while the coach still said "You won your first game!" and told the last surprises."""
    tour, _kinds = _free_game(SEEDS[0], SEEDS[0] + 30)
    assert "Final money" in tour.coach.value
    tour.panel.start_over()
    assert not tour.panel.game.is_over
    assert "Final money" not in tour.coach.value and "won" not in re.sub(r"<[^>]+>", " ", tour.coach.value).lower()
    assert tour.surprise.value == "" and tour.surprises_told == []
