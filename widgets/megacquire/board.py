"""The MEGAcquire board as a page piece (`widgets.shell.Board`): the hex map of
`board_figure.py` in a FigureWidget, drawn for the seat the screen shows, its tiles clickable to
play. Used by the hot-seat page (app.py) and importable on its own (table pages, projector)."""
from __future__ import annotations

from typing import Any, Callable

from megacorps import megacquire as mq
from widgets.board.basic_figure import BasicFigureWidget

from .board_figure import board_figure

BOARD_SIZE = dict(width=640, height=600)   # the board beside a 340 px sidebar at 1024x700


class MegacquireBoard:
    """The board of one page. `widget` is a box holding the figure once the first game is drawn."""

    def __init__(self):
        import ipywidgets as W
        self.widget = W.VBox(layout=W.Layout(width=f"{BOARD_SIZE['width'] + 10}px"))
        self.figure: BasicFigureWidget | None = None
        self._on_tile: Callable[[str], None] | None = None

    def draw(self, shell: Any, seat: str | None, legal: list) -> None:
        """Redraw for `seat` (None: nobody's tiles); its playable tiles call `shell.act`."""
        game = shell.game
        previews = {a.tile: game.preview(a) for a in legal if isinstance(a, mq.PlayTile)}
        self._on_tile = (lambda tile: shell.act(mq.PlayTile(seat, tile))) if seat is not None else None
        self.show(game.view(seat, log=False), game.options, previews, shell.guard)

    def show(self, view: mq.SeatView, options: mq.Options, previews: dict[str, str],
             guard: Callable[[Callable], Callable]) -> None:
        """The board of `view`: built complete before its FigureWidget is made; later only its
        traces change (in callbacks, after the page is live: the Voila trap of toolchain.md)."""
        fig = board_figure(view, options, previews)
        # the header says what is being decided: the board's title keeps the round and the label of
        # the reconstructed data (short enough for the 640 px board)
        made_up = f" · reconstructed (not the physical game's): {', '.join(view.reconstructed)}" \
            if view.reconstructed else ""
        fig.update_layout(title=dict(text=f"Round {view.round}{made_up}", font=dict(size=12)))
        fig.update_layout(**BOARD_SIZE, margin=dict(l=5, r=5, t=30, b=5),
                          legend=dict(orientation="h", x=0, y=-0.02, yanchor="top", font=dict(size=9)))
        if self.figure is None:
            self.figure = BasicFigureWidget(fig)
            self.widget.children = [self.figure]
        else:
            with self.figure.batch_update():
                self.figure.layout = fig.layout
            self.figure.data = ()
            self.figure.add_traces(list(fig.data))
        for trace in self.figure.data:
            if trace.name == "play a tile":
                trace.on_click(guard(self._clicked))

    def _clicked(self, trace, points, _state) -> None:
        if self._on_tile is None:
            raise ValueError("It is not your decision now.")
        for i in points.point_inds:
            self._on_tile(trace.customdata[i])
            return
