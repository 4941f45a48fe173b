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

**Sealed files.** A learner browsing the course's files (JupyterLab's or Binder's file browser)
must not read the answers there either. A sealed data file (`"_format": "sealed-1"`, what
`python -m widgets.lessons seal PLAIN SEALED` writes) keeps each check's question and
choices readable, its answer only as salted SHA-256 digests (what `judge` compares a given
answer with), and the texts shown after an attempt (hint, explanation, the answer's wording,
feedback for wrong choices) scrambled with a key drawn from the entry's salt. This stops
reading, not a programmer: `python -m widgets.lessons open SEALED` prints the plain
file, which is how the course's authors edit it (open, edit, seal again).
"""
from __future__ import annotations

import base64
import hashlib
import html
import json
import re
import secrets as _random
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import ipywidgets as w

__all__ = ["Check", "CheckBook", "SelfCheck", "open_sealed", "parse_number", "seal"]

SEALED = "sealed-1"


def parse_number(text: Any) -> int | None:
    """The whole number in `text`, in digits (thousands separated by commas or not: "$5,300") or in
    English words ("two", "forty-four", "12 Euros"); None if there is none or it is ambiguous (two
    different numbers)."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int):
        return text
    text = str(text or "").strip().lower()
    # digits, with or without thousands separators ("$5,300" is one number, as a learner types money)
    digits = [d.replace(",", "") for d in re.findall(r"-?\d{1,3}(?:,\d{3})+(?!\d)|-?\d+", text)]
    words = text.replace(",", " ")
    if not words:
        return None
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
    salt: str = ""
    digests: Any = None  # the right answers' salted digests (see `digests_of`); None: from `answer`
    tells: tuple[str, ...] = ()  # phrases that would give the answer away on the page (for tests)

    def __post_init__(self):
        if self.digests is None:
            object.__setattr__(self, "digests", digests_of(self.id, self.salt, self.answer, self.accept))

    def judge(self, given: Any) -> tuple[bool, str]:
        """Whether `given` is right (its salted digest is one of the right answers'), and what to
        say about a wrong answer's content (e.g. which field was off), without giving it away."""
        answer = self.answer
        if isinstance(answer, dict):
            given = given if isinstance(given, dict) else {}
            wrong = [k for k, v in self.digests.items()
                     if _digest(self.id, self.salt, _canonical_number(given.get(k))) != v]
            if not wrong:
                return True, ""
            return False, f"Look again at {', '.join(wrong)}."
        if isinstance(answer, bool):
            text = _norm(given)
            given = "yes" if text in ("yes", "y", "true") else "no" if text in ("no", "n", "false") else ""
            return _digest(self.id, self.salt, given) in self.digests, ""
        if isinstance(answer, int):
            number = parse_number(given)
            if number is None:
                return False, "Answer with a number (digits or words)."
            return _digest(self.id, self.salt, str(number)) in self.digests, ""
        right = _digest(self.id, self.salt, _norm(given)) in self.digests
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


def _digest(key: str, salt: str, canonical: str) -> str:
    return hashlib.sha256(f"{salt}|{key}|{canonical}".encode()).hexdigest()


def _canonical_number(text: Any) -> str:
    number = parse_number(text)
    return "" if number is None else str(number)


def _canonical(answer: Any) -> str:
    if isinstance(answer, bool):
        return "yes" if answer else "no"
    if isinstance(answer, int):
        return str(answer)
    return _norm(answer)


def digests_of(key: str, salt: str, answer: Any, accept=()) -> Any:
    """The salted digests a given answer is compared with: one per field for one number per
    name, else a list (the answer and the other texts that count as right)."""
    if isinstance(answer, dict):
        return {k: _digest(key, salt, str(v)) for k, v in answer.items()}
    return [_digest(key, salt, _canonical(a)) for a in (answer, *accept)]


def _keystream(key: str, salt: str, n: int) -> bytes:
    return hashlib.shake_256(f"megacorps-lessons|{salt}|{key}".encode()).digest(n)


def _scramble(key: str, salt: str, data: dict) -> str:
    raw = zlib.compress(json.dumps(data, ensure_ascii=False).encode())
    return base64.b64encode(bytes(a ^ b for a, b in zip(raw, _keystream(key, salt, len(raw))))).decode()


def _unscramble(key: str, salt: str, text: str) -> dict:
    raw = base64.b64decode(text)
    return json.loads(zlib.decompress(bytes(a ^ b for a, b in zip(raw, _keystream(key, salt, len(raw))))))


SECRET_FIELDS = ("answer", "accept", "hint", "explanation", "why_not", "tells")


def seal(plain: dict, previous: dict | None = None) -> dict:
    """A plain data file's contents, sealed (see the module's docstring); a new salt per check,
    except that a check unchanged since `previous` (the sealed file it replaces) keeps its sealed
    entry as it was, so that an edit changes only the checks edited."""
    before = open_sealed(previous) if previous else {}
    out: dict = {"_about": "Self-checks, sealed so that browsing the files gives no answer away: questions and "
                           "choices readable, answers as salted digests, the rest scrambled. Authors: python -m "
                           "widgets.lessons open THIS_FILE > plain.json, edit, python -m widgets.lessons seal "
                           "plain.json THIS_FILE (widgets/lessons/checks.py)."}
    for key, entry in plain.items():
        if key.startswith("_"):
            continue
        if key in before and before[key] == open_sealed({key: previous[key]})[key] == _ordered(entry):
            out[key] = previous[key]
            continue
        salt = _random.token_hex(8)
        sealed = {k: v for k, v in entry.items() if k not in SECRET_FIELDS}
        sealed["salt"] = salt
        sealed["form"] = ("numbers" if isinstance(entry.get("answer"), dict) else "yes-no"
                          if isinstance(entry.get("answer"), bool) else "number"
                          if isinstance(entry.get("answer"), int) else "text")
        sealed["digests"] = digests_of(key, salt, entry.get("answer"), entry.get("accept", ()))
        sealed["sealed"] = _scramble(key, salt, {k: entry[k] for k in SECRET_FIELDS if k in entry})
        out[key] = sealed
    out["_format"] = SEALED
    return out


def _ordered(entry: dict) -> dict:
    return {k: entry[k] for k in ("question", "answer", "choices", "accept", "hint", "why_not", "explanation",
                                  "tells") if k in entry}


def open_sealed(sealed: dict) -> dict:
    """The plain contents of a sealed data file (for the course's authors)."""
    out: dict = {}
    for key, entry in sealed.items():
        if key.startswith("_"):
            continue
        plain = {k: v for k, v in entry.items() if k not in ("salt", "form", "digests", "sealed")}
        plain.update(_unscramble(key, entry["salt"], entry["sealed"]))
        out[key] = _ordered(plain)
    return out


class CheckBook:
    """The self-checks of one course, loaded from a JSON data file (raises ValueError naming
    a bad entry)."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        raw = json.loads(self.path.read_text())
        sealed = raw.get("_format") == SEALED
        self.checks: dict[str, Check] = {}
        for key, entry in raw.items():
            if key.startswith("_"):
                continue
            salt, digests = "", None
            if sealed:
                try:
                    salt, digests = entry["salt"], entry["digests"]
                    entry = {**entry, **_unscramble(key, salt, entry["sealed"])}
                except (KeyError, ValueError, zlib.error) as exc:
                    raise ValueError(f"{self.path.name}: check {key!r} is not a readable sealed entry ({exc})") from None
            missing = {"question", "answer", "explanation", "hint"} - set(entry)
            if missing:
                raise ValueError(f"{self.path.name}: check {key!r} lacks {', '.join(sorted(missing))}")
            choices = tuple(entry["choices"]) if entry.get("choices") else None
            if choices and str(entry["answer"]) not in choices:
                raise ValueError(f"{self.path.name}: check {key!r}: the answer is not one of its choices")
            check = Check(key, entry["question"], entry["answer"], entry["explanation"], entry["hint"], choices,
                          tuple(entry.get("accept", ())), dict(entry.get("why_not", {})), salt, digests,
                          tuple(entry.get("tells", ())))
            if sealed and digests != digests_of(key, salt, check.answer, check.accept):
                raise ValueError(f"{self.path.name}: check {key!r}: its answer does not match its digests")
            self.checks[key] = check

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


def main(argv: list[str]) -> None:
    """python -m widgets.lessons open SEALED > plain.json
    python -m widgets.lessons seal plain.json SEALED"""
    if len(argv) == 2 and argv[0] == "open":
        print(json.dumps(open_sealed(json.loads(Path(argv[1]).read_text())), indent=2, ensure_ascii=False))
    elif len(argv) == 3 and argv[0] == "seal":
        target = Path(argv[2])
        previous = json.loads(target.read_text()) if target.exists() else None
        sealed = seal(json.loads(Path(argv[1]).read_text()), previous)
        Path(argv[2]).write_text(json.dumps(sealed, indent=1, ensure_ascii=False) + "\n")
    else:
        raise SystemExit(main.__doc__)
