"""Self-checks that make one think, for any game's lessons (MegaCorps, the note-card game...).

A self-check is a question whose answer, hint and explanation live in a data file (JSON), not in
the notebook: the notebook cell only names the check (`course.check("05/oil-payout")`), so
neither the visible cells, nor a saved output, nor the widget's state in the page holds the
answer before the learner has tried. The learner's way through one check:

* a right answer: "Right", and the explanation (why it is right);
* a first wrong answer: "Not yet", what was wrong about it when the data says so, and a hint;
  no answer is shown;
* a second try, right or wrong: the answer and the explanation.

Numbers are accepted in digits or in words ("2", "two", "44 Euros", "forty-four").

The data file maps an id to a check:

    {"05/oil-payout": {
        "question": "Oil pays out now. How many Euros does each corp earn?",
        "answer": {"Globbo": 12, "Lenogo": 6},         # a number, a text, a choice, or one number per field
        "choices": null,                               # a list: the learner picks one
        "accept": [],                                  # other texts that count as right
        "hint": "Count the competitors first ...",
        "why_not": {"Nobody": "..."},                  # optional: feedback for a given wrong choice
        "explanation": "Competitors: ..."}}
"""
from __future__ import annotations

import html
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as w

__all__ = ["Check", "CheckBook", "SelfCheck", "parse_number"]


def parse_number(text: Any) -> int | None:
    """The whole number in `text`, in digits or in English words ("two", "forty-four",
    "12 Euros"); None if there is none or it is ambiguous (two different numbers)."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text
    words = str(text or "").strip().lower().replace(",", " ")
    if not words:
        return None
    digits = re.findall(r"-?\d+", words)
    if digits:
        return int(digits[0]) if len(set(digits)) == 1 else None
    if words in ("no", "none", "nothing", "nobody"):
        return None
    from word2number import w2n
    try:
        return int(w2n.word_to_num(words))
    except ValueError:
        return None


def _norm(text: Any) -> str:
    return re.sub(r"\s+", " ", str(text if text is not None else "").strip().lower())


@dataclass(frozen=True)
class Check:
    """One self-check, as stored in a data file (see the module's docstring)."""

    id: str
    question: str
    answer: Any
    explanation: str
    hint: str
    choices: tuple[str, ...] | None = None
    accept: tuple[str, ...] = ()
    why_not: dict[str, str] = field(default_factory=dict)

    def judge(self, given: Any) -> tuple[bool, str]:
        """Whether `given` is right, and what to say about a wrong answer's content (e.g. which
        field was off), without giving the answer away."""
        answer = self.answer
        if isinstance(answer, dict):
            given = given if isinstance(given, dict) else {}
            wrong = [k for k, v in answer.items() if parse_number(given.get(k)) != v]
            if not wrong:
                return True, ""
            return False, f"Look again at {', '.join(wrong)}."
        if isinstance(answer, bool):
            yes = _norm(given) in ("yes", "y", "true")
            no = _norm(given) in ("no", "n", "false")
            return (yes if answer else no), ""
        if isinstance(answer, int):
            number = parse_number(given)
            if number is None:
                return False, "Answer with a number (digits or words)."
            return number == answer, ""
        options = {_norm(answer), *(_norm(a) for a in self.accept)}
        right = _norm(given) in options
        return right, ("" if right else self.why_not.get(str(given), ""))

    def answer_text(self) -> str:
        if isinstance(self.answer, dict):
            return ", ".join(f"{k} {v}" for k, v in self.answer.items())
        if isinstance(self.answer, bool):
            return "Yes" if self.answer else "No"
        return str(self.answer)

    def secrets(self) -> list[str]:
        """The texts a learner must not be able to read before trying (for tests)."""
        out = [self.explanation, self.hint, *self.why_not.values()]
        return [s for s in out if s]


class CheckBook:
    """The self-checks of one course, loaded from a JSON data file (raises ValueError naming
    a bad entry)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        raw = json.loads(self.path.read_text())
        self.checks: dict[str, Check] = {}
        for key, entry in raw.items():
            if key.startswith("_"):
                continue
            missing = {"question", "answer", "explanation", "hint"} - set(entry)
            if missing:
                raise ValueError(f"{self.path.name}: check {key!r} lacks {', '.join(sorted(missing))}")
            choices = tuple(entry["choices"]) if entry.get("choices") else None
            if choices and str(entry["answer"]) not in choices:
                raise ValueError(f"{self.path.name}: check {key!r}: the answer is not one of its choices")
            self.checks[key] = Check(key, entry["question"], entry["answer"], entry["explanation"],
                                     entry["hint"], choices, tuple(entry.get("accept", ())),
                                     dict(entry.get("why_not", {})))

    def __getitem__(self, key: str) -> Check:
        try:
            return self.checks[key]
        except KeyError:
            raise KeyError(f"no self-check {key!r} in {self.path.name}") from None

    def widget(self, key: str) -> "SelfCheck":
        return SelfCheck(self[key])


class SelfCheck(w.VBox):
    """The widget of one check: the question, an answer field (or choices, or one field per
    name), Check, and feedback. Nothing secret is in the widget's state until it is earned.
    Drive it from code with `answer(value)`; `attempts` and `done` tell how it went."""

    def __init__(self, check: Check):
        self._check = check
        self.attempts = 0
        self.solved = False
        self.done = False
        self._listeners: list = []
        self.question = w.HTML(f"<b>Self-check.</b> {html.escape(check.question)}")
        self.feedback = w.HTML()
        self.button = w.Button(description="Check", button_style="primary", layout=w.Layout(width="90px"))
        self.button.on_click(lambda _b: self.answer(self._value()))
        answer = check.answer
        if isinstance(answer, dict):
            self.fields = {k: w.Text(description=str(k), placeholder="a number",
                                     style={"description_width": "110px"}, layout=w.Layout(width="240px"))
                           for k in answer}
            inputs = w.VBox(list(self.fields.values()))
        elif check.choices:
            self.fields = {"": w.RadioButtons(options=list(check.choices), value=None,
                                              layout=w.Layout(width="auto"))}
            inputs = self.fields[""]
        elif isinstance(answer, bool):
            self.fields = {"": w.RadioButtons(options=["Yes", "No"], value=None)}
            inputs = self.fields[""]
        else:
            self.fields = {"": w.Text(placeholder="your answer", layout=w.Layout(width="240px"))}
            inputs = self.fields[""]
        super().__init__([self.question, inputs, self.button, self.feedback],
                         layout=w.Layout(border="1px solid #d0d7de", padding="6px", margin="6px 0"))

    @property
    def check(self) -> Check:
        return self._check

    def on_attempt(self, callback) -> None:
        """Call `callback(self)` after every answer (a worked example waits for one)."""
        self._listeners.append(callback)

    def _value(self):
        if isinstance(self._check.answer, dict):
            return {k: f.value for k, f in self.fields.items()}
        return self.fields[""].value

    def answer(self, value) -> bool:
        """Judge `value` (a dict for one-number-per-name checks), show the feedback, return
        whether it was right."""
        c = self._check
        if value is None or value == "" or (isinstance(value, dict) and not any(str(v).strip() for v in value.values())):
            self.feedback.value = "<i>Give an answer first.</i>"
            return False
        right, note = c.judge(value)
        self.attempts += 1
        esc = html.escape
        if right:
            self.solved = self.done = True
            text = f"<span style='color:#1a7f37'><b>Right.</b></span> {esc(c.explanation)}"
        elif self.attempts == 1:
            text = (f"<span style='color:#b35900'><b>Not yet.</b></span> {esc(note)} "
                    f"<i>Hint:</i> {esc(c.hint)} Try again.")
        else:
            self.done = True
            text = (f"<span style='color:#b35900'><b>Not quite.</b></span> The answer is "
                    f"<b>{esc(c.answer_text())}</b>. {esc(c.explanation)}")
        self.feedback.value = f"<div style='max-width:760px'>{text}</div>"
        for callback in list(self._listeners):
            callback(self)
        return right
