"""The playable Hotel Amsterdam app: the shared view over :class:`AmsterdamController`.

:class:`AmsterdamApp` is :class:`hoteledu.apps.view.GameApp` (setup row,
board, buttons, log, undo, replay, save/load, legend, bots in a worker
thread) with Hotel Amsterdam's adapter, plus the names lessons and tests use:
``roll_button``, ``overlay_checkbox``, ``variant_dropdown``, ``mcts_slider``
and :meth:`AmsterdamApp.click_board`.

Tests drive the app without Jupyter: set ``.value`` on the real widgets and
call ``.click()`` on its buttons, then assert on the controller's state and
on the figure's data.

Examples
--------
>>> app = AmsterdamApp(players=2, seats=("human", "random"), seed=4)
>>> app.roll_button.click()
>>> app.controller.state.phase
'place hotel'
>>> app.click_board("intersection", (5, 5))
>>> from hoteledu.amsterdam.figures.board import trace
>>> len(trace(app.figure, "hotels").x)
1
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from hoteledu.amsterdam.app import DEFAULT_MCTS_ITERATIONS, AmsterdamController
from hoteledu.apps.view import MAX_BUTTONS, GameApp


class AmsterdamApp(GameApp):
    """Play Hotel Amsterdam against people and bots in a notebook or in Voilà.

    Parameters
    ----------
    players : int
        2 to 4 players.
    seats : sequence of str
        ``"human"``, ``"random"``, ``"greedy"`` or ``"mcts"`` per player.
    variant : {"dice", "tactical"}
        The family game or the tactical variant.
    seed : int or None
        Seeds the dice and the bots, so a lesson can replay a game.
    mcts_iterations : int
        Strength of MCTS bots (search iterations per decision).
    think_seconds : float or None
        Time budget of one MCTS decision (None: 0.2 s).
    threaded : bool
        Run MCTS decisions in a worker thread, so the page stays live.

    Attributes
    ----------
    controller : AmsterdamController
        The game behind the widgets.
    widget : ipywidgets.Widget
        The whole app; ``display(app)`` shows it.
    figure : plotly.graph_objects.FigureWidget
        The board.
    """

    css_class = "hoteledu-amsterdam-app"
    controller: AmsterdamController

    def __init__(
        self,
        players: int = 2,
        seats: Sequence[str] = ("human", "greedy"),
        variant: str = "dice",
        seed: int | None = None,
        mcts_iterations: int = DEFAULT_MCTS_ITERATIONS,
        think_seconds: float | None = None,
        threaded: bool = True,
    ) -> None:
        controller = AmsterdamController(
            players,
            seats,
            variant,
            seed,
            mcts_iterations,
            think_seconds=think_seconds,
            defer_slow_bots=True,
        )
        super().__init__(controller, threaded=threaded)

    @property
    def roll_button(self) -> w.Button:
        """The "Roll the dice" button."""
        return self.chance_button

    @property
    def overlay_checkbox(self) -> w.Checkbox:
        """ "Show where the boat stops next"."""
        return self.overlay_checkboxes["boat"]

    @property
    def variant_dropdown(self) -> w.Dropdown:
        return self.option_dropdowns["variant"]

    @property
    def mcts_slider(self) -> w.IntSlider:
        return self.strength_slider

    def click_board(self, kind: str, point: tuple[int, int]) -> None:
        """What a click on the board at ``(kind, point)`` does (tests, keyboard-free use)."""
        self._guard(lambda: self.controller.click(kind, point))()


__all__ = ["MAX_BUTTONS", "AmsterdamApp"]
