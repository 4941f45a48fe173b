"""The old self-check (answers in the notebook cell); kept only until every lesson uses self_check."""
from __future__ import annotations

import html

import ipywidgets as w

# --- Self-checks ------------------------------------------------------------------------------

def _same(given, expected) -> bool:
    if isinstance(expected, bool):
        return str(given).strip().lower() in (("yes", "true", "y") if expected else ("no", "false", "n"))
    if isinstance(expected, int):
        try:
            return int(str(given).strip()) == expected
        except ValueError:
            return False
    return str(given).strip().lower() == str(expected).strip().lower()


class Quiz(w.VBox):
    """A question, an answer field (or choices) and feedback that gives the reason at once."""

    def __init__(self, question: str, answer, explanation: str, choices: list | None = None):
        self.answer = answer
        self.explanation = explanation
        self.question = w.HTML(f"<b>Predict:</b> {question}")
        self.feedback = w.HTML()
        self.button = w.Button(description="Check", button_style="primary",
                               layout=w.Layout(width="90px"))
        self.button.on_click(lambda _b: self._check_fields())
        if isinstance(answer, dict):  # one number per corp
            self.fields = {k: w.IntText(description=str(k), style={"description_width": "110px"},
                                        layout=w.Layout(width="220px")) for k in answer}
            inputs = w.VBox(list(self.fields.values()))
        elif choices:
            self.fields = {"": w.RadioButtons(options=[str(c) for c in choices], value=None)}
            inputs = self.fields[""]
        else:
            self.fields = {"": w.Text(placeholder="your answer", layout=w.Layout(width="200px"))}
            inputs = self.fields[""]
        super().__init__([self.question, inputs, self.button, self.feedback])

    def _check_fields(self) -> bool:
        if isinstance(self.answer, dict):
            return self.check({k: f.value for k, f in self.fields.items()})
        return self.check(self.fields[""].value)

    def check(self, value) -> bool:
        """Judge `value` (a dict for per-corp questions), show the feedback, return whether right."""
        if isinstance(self.answer, dict):
            wrong = [k for k, v in self.answer.items() if not _same(value.get(k), v)]
            right = not wrong
            shown = ", ".join(f"{k} {v}" for k, v in self.answer.items())
        else:
            right = value is not None and _same(value, self.answer)
            shown = str(self.answer)
        if right:
            text = f"<span style='color:#1a7f37'><b>Right.</b></span> {self.explanation}"
        else:
            text = (f"<span style='color:#b35900'><b>Not quite:</b></span> the answer is "
                    f"<b>{html.escape(shown)}</b>. {self.explanation}")
        self.feedback.value = f"<div style='max-width:700px'>{text}</div>"
        return right


def predict(question: str, answer, explanation: str, choices: list | None = None) -> Quiz:
    """A self-check: the learner predicts, then reads why. `answer` is a number, a word, one of
    `choices`, or a dict {corp: number} for one field per corp."""
    return Quiz(question, answer, explanation, choices)


