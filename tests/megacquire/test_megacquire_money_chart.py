"""MEGAcquire's page turns on the shell's money chart (widgets/shell/money_chart.py): cash by round,
one line per player the screen may see (its own; everyone's under total disclosure, method 4, or
once the game is over), and nothing of it behind the hot-seat gate."""
from __future__ import annotations

from mqtools import started, step
from widgets.megacquire.app import HUMAN


def lines(app) -> dict[str, list]:
    """The chart's lines as the browser's widget holds them: player -> cash values."""
    figure = app.chart.figure
    return {} if figure is None else {t.name: list(t.y) for t in figure.data}


def test_with_total_disclosure_the_chart_shows_everyones_cash_by_round():
    app = started([HUMAN, "Random", "Random"], seed=8, disclosure=4)
    app.gate_button.click()
    for _ in range(60):
        step(app)
    game = app.game
    history = game.cash_by_round()
    assert len(history) >= 2 and app.chart.box.layout.display is None
    assert list(app.chart.figure.data[0].x) == [r for r, _ in history]
    assert lines(app) == {p: [cash[p] for _, cash in history] for p in game.seats}
    assert {p: ys[-1] for p, ys in lines(app).items()} == game.scores()   # the last point is the cash now


def test_the_chart_is_updated_in_place_as_the_game_goes_on():
    app = started([HUMAN, "Random", "Random"], seed=8, disclosure=4)
    app.gate_button.click()
    figure = app.chart.figure
    rounds = len(figure.data[0].x)
    while app.game.view(None, log=False).round < rounds + 2:
        step(app)
    assert app.chart.figure is figure and len(figure.data[0].x) > rounds
    labels = [a.text for a in figure.layout.annotations]
    assert all(f"${cash:,}" in " ".join(labels) for cash in app.game.scores().values())


def test_hidden_cash_never_reaches_the_chart_of_another_seat_nor_the_gate():
    app = started([HUMAN, HUMAN, "Random"], seed=3, disclosure=1)
    seen = set()
    for _ in range(80):
        if app.gated():
            # behind the gate: nobody's cash (method 1 shows none to a spectator), no figure at all
            assert app.chart.figure is None and app.chart.box.layout.display == "none"
        else:
            assert set(lines(app)) == {app.shown_seat()}   # its own line only
            seen.add(app.shown_seat())
        step(app)
    assert seen == {"Ada", "Bo"}


def test_at_the_end_every_players_cash_is_on_the_chart():
    app = started([HUMAN, "Tycoon", "Tycoon"], seed=4, disclosure=1, last_round=2)
    for _ in range(400):
        if app.game.is_over:
            break
        step(app)
    assert app.game.is_over
    assert {p: ys[-1] for p, ys in lines(app).items()} == app.game.scores()
