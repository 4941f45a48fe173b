"""widgets/guard.py: every game page's callbacks turn errors into messages, never tracebacks."""
import megacorps as mc
from widgets.guard import guard


def test_errors_become_messages_and_the_result_is_none():
    shown = []
    def fails(err):
        raise err
    wrapped = guard(fails, shown.append)
    assert wrapped(mc.IllegalAction("Globbo does not hold Boom")) is None
    assert wrapped(mc.BadSaveFile("actions[3]: not an action")) is None
    assert wrapped(ValueError("Give a number from 0 to 5")) is None
    assert wrapped(KeyError("India")) is None
    assert shown[0] == "Not allowed: Globbo does not hold Boom"
    assert shown[1].startswith("This file cannot be loaded:") and "actions[3]" in shown[1]
    assert shown[2] == "Give a number from 0 to 5"
    assert "KeyError" in shown[3] and "unchanged" in shown[3] and "Traceback" not in shown[3]
    assert guard(lambda x: x * 2, shown.append)(21) == 42 and len(shown) == 4
