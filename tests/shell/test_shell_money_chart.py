"""The shared money chart (widgets/shell/money_chart.py): built only when first shown, updated in
place while its lines stay the same, rebuilt (the old figure closed) when they change, and off on a
shell page whose game does not answer `GameParts.money`."""
from __future__ import annotations

from widgets.shell import GameParts, Shell
from widgets.shell.form import HUMAN
from widgets.shell.money_chart import MoneyChart, MoneySeries, money_figure, seat_style


def test_the_figure_waits_until_the_chart_is_shown_then_updates_in_place():
    chart = MoneyChart(width=400, height=300)
    data = MoneySeries([1, 2], {"Ada": [10, 30], "Bo": [10, 5]}, prefix="$")
    chart.update(data, show=False)
    assert chart.figure is None and chart.box.children == ()
    chart.update(data)
    figure = chart.figure
    assert chart.box.children == (figure,) and [t.name for t in figure.data] == ["Ada", "Bo"]
    chart.update(MoneySeries([1, 2, 3], {"Ada": [10, 30, 45], "Bo": [10, 5, 60]}, prefix="$"))
    assert chart.figure is figure                      # the same widget: only the points travelled
    assert list(figure.data[1].y) == [10, 5, 60]
    assert sorted(a.text for a in figure.layout.annotations) == ["<b>AD</b> $45", "<b>BO</b> $60"]
    assert list(figure.layout.xaxis.range) == [0.6, 3.9]


def test_other_lines_build_a_new_figure_and_close_the_old_one():
    chart = MoneyChart()
    chart.update(MoneySeries([1], {"Ada": [10]}))
    old = chart.figure
    chart.update(MoneySeries([1], {"Bo": [7]}))
    assert chart.figure is not old and old.comm is None   # closed: its model left the browser
    assert [t.name for t in chart.figure.data] == ["Bo"]
    chart.replace(None)
    assert chart.figure is None and chart.box.children == ()


def test_a_game_may_bring_its_own_look_and_its_own_figure():
    def square(seat, index):
        look = seat_style(seat, index)
        look["marker"]["symbol"] = "square"
        return look
    data = MoneySeries([0, 1], {"Ada": [1, 2]})
    assert money_figure(data, 300, 200, style=square).data[0].marker.symbol == "square"
    panels = MoneyChart(figure=lambda d, w, h: money_figure(d, w, h, points=[(1, 2, "a turning point")]))
    panels.update(data)
    assert [t.name for t in panels.figure.data] == ["Ada", "turning points"]


def test_a_shell_game_without_money_shows_no_chart():
    shell = Shell(GameParts("notecard"), pause=0)
    shell.start(shell.spec.new_game(shell.spec.seats_for(3), seed=1), dict.fromkeys(shell.spec.seats_for(3), HUMAN))
    assert shell.chart.figure is None and shell.chart.box.layout.display == "none"
