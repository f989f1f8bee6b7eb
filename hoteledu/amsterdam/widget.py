"""The playable Hotel Amsterdam app: ipywidgets over :class:`AmsterdamController`.

Every widget is a thin view: a click calls the controller, then
:meth:`AmsterdamApp.refresh` redraws from the controller's state. The board is
a plotly ``FigureWidget`` built once from :func:`figures.board_figure` and then
updated in place (one ``batch_update``, only the traces that changed).
Callback output goes to widgets (the log, the message line), never to print.

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
>>> from hoteledu.amsterdam.figures import trace
>>> len(trace(app.figure, "hotels").x)
1
"""

from __future__ import annotations

import base64
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from hoteledu.amsterdam.app import SEAT_KINDS, AmsterdamController
from hoteledu.amsterdam.figures import (
    BOARD_TRACE_NAMES,
    board_figure,
    board_layout_updates,
    board_trace_updates,
    scene_from_state,
)

MAX_BUTTONS = 40
"""Buttons kept for legal actions; more than this are offered in the dropdown only."""
CLICKABLE_TRACES = (
    "tiles",
    "canal",
    "tourists",
    "intersections",
    "hotels",
    "mayor",
    "nightwatchman",
    "choices",
)


class AmsterdamApp:
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

    Attributes
    ----------
    controller : AmsterdamController
        The game behind the widgets.
    widget : ipywidgets.Widget
        The whole app; ``display(app)`` shows it.
    figure : plotly.graph_objects.FigureWidget
        The board.
    """

    def __init__(
        self,
        players: int = 2,
        seats: Sequence[str] = ("human", "greedy"),
        variant: str = "dice",
        seed: int | None = None,
        mcts_iterations: int = 200,
    ) -> None:
        self.controller = AmsterdamController(players, seats, variant, seed, mcts_iterations)
        self._updating = False
        self._applied_traces: list[dict[str, Any] | None] = [None] * len(BOARD_TRACE_NAMES)
        self._applied_layout: dict[str, Any] | None = None
        self._build_setup()
        self._build_board()
        self._build_controls()
        self._build_records()
        self.widget = w.VBox(
            [
                self.setup_row,
                w.HBox([self.figure, self.side]),
                self.record_box,
            ],
            layout=w.Layout(width="100%"),
        )
        self.widget.add_class("hoteledu-amsterdam-app")
        self.refresh()

    # ---------------------------------------------------------- building
    def _build_setup(self) -> None:
        c = self.controller
        self.players_dropdown = w.Dropdown(
            options=[2, 3, 4],
            value=c.state.num_players,
            description="Players",
            layout=w.Layout(width="130px"),
            style={"description_width": "55px"},
        )
        padded = [*c.seats, "random", "random", "random"][:4]
        self.seat_dropdowns = [
            w.Dropdown(
                options=list(SEAT_KINDS),
                value=padded[p],
                description=f"P{p + 1}",
                layout=w.Layout(width="125px"),
                style={"description_width": "25px"},
            )
            for p in range(4)
        ]
        self.variant_dropdown = w.Dropdown(
            options=["dice", "tactical"],
            value=c.state.options["variant"],
            description="Variant",
            layout=w.Layout(width="160px"),
            style={"description_width": "55px"},
        )
        self.mcts_slider = w.IntSlider(
            value=c.mcts_iterations,
            min=20,
            max=2000,
            step=20,
            description="MCTS strength",
            style={"description_width": "100px"},
            layout=w.Layout(width="300px"),
        )
        self.seed_input = w.IntText(
            value=0 if c.seed is None else c.seed,
            description="Seed",
            layout=w.Layout(width="130px"),
            style={"description_width": "35px"},
        )
        self.new_game_button = w.Button(description="New game", button_style="primary")
        self.new_game_button.on_click(self._guard(self._on_new_game))
        self.players_dropdown.observe(lambda _: self._show_seats(), names="value")
        self.setup_row = w.HBox(
            [
                self.players_dropdown,
                *self.seat_dropdowns,
                self.variant_dropdown,
                self.mcts_slider,
                self.seed_input,
                self.new_game_button,
            ],
            layout=w.Layout(flex_flow="row wrap"),
        )
        self._show_seats()

    def _show_seats(self) -> None:
        for p, dropdown in enumerate(self.seat_dropdowns):
            dropdown.layout.display = "" if p < self.players_dropdown.value else "none"

    def _build_board(self) -> None:
        self.figure = go.FigureWidget(board_figure(scene_from_state(self.controller.state)))
        for name in CLICKABLE_TRACES:
            self.figure.data[BOARD_TRACE_NAMES.index(name)].on_click(self._on_figure_click)

    def _build_controls(self) -> None:
        self.status_html = w.HTML()
        self.message_html = w.HTML()
        self.roll_button = w.Button(
            description="Roll the dice", icon="dice", button_style="success"
        )
        self.roll_button.on_click(self._guard(lambda _: self.controller.roll()))
        self.action_buttons = [w.Button(layout=w.Layout(width="auto")) for _ in range(MAX_BUTTONS)]
        for button in self.action_buttons:
            button.on_click(self._guard(self._on_action_button))
        self.actions_box = w.Box(
            self.action_buttons, layout=w.Layout(flex_flow="row wrap", max_width="520px")
        )
        self.action_dropdown = w.Dropdown(description="Choose", layout=w.Layout(width="360px"))
        self.play_button = w.Button(description="Play")
        self.play_button.on_click(self._guard(self._on_play_selected))
        self.bot_button = w.Button(description="Bot move", icon="robot")
        self.bot_button.on_click(self._guard(lambda _: self.controller.bot_move()))
        self.autoplay_toggle = w.ToggleButton(
            value=self.controller.autoplay, description="Autoplay bots"
        )
        self.autoplay_toggle.observe(self._guard(self._on_autoplay), names="value")
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.undo_button.on_click(self._guard(lambda _: self.controller.undo()))
        self.overlay_checkbox = w.Checkbox(
            value=False, description="Show where the boat stops next", indent=False
        )
        self.overlay_checkbox.observe(self._guard(lambda _: None), names="value")
        self.log_html = w.HTML(layout=w.Layout(max_height="220px", overflow="auto"))
        self.side = w.VBox(
            [
                self.status_html,
                self.message_html,
                self.roll_button,
                self.actions_box,
                w.HBox([self.action_dropdown, self.play_button]),
                w.HBox([self.bot_button, self.autoplay_toggle, self.undo_button]),
                self.overlay_checkbox,
                w.HTML("<b>Log</b> (newest first)"),
                self.log_html,
            ],
            layout=w.Layout(width="540px"),
        )

    def _build_records(self) -> None:
        self.replay_slider = w.IntSlider(
            value=0,
            min=0,
            max=0,
            description="Replay",
            continuous_update=False,
            layout=w.Layout(width="600px"),
        )
        self.replay_slider.observe(self._guard(self._on_replay), names="value")
        self.save_button = w.Button(description="Save", icon="save")
        self.save_button.on_click(self._guard(self._on_save))
        self.download_html = w.HTML()
        self.record_text = w.Textarea(
            placeholder="a saved game (JSON) appears here; paste one and press Load",
            layout=w.Layout(width="600px", height="90px"),
        )
        self.load_button = w.Button(description="Load", icon="upload")
        self.load_button.on_click(self._guard(self._on_load_text))
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load file")
        self.upload.observe(self._guard(self._on_upload), names="value")
        self.record_box = w.VBox(
            [
                self.replay_slider,
                w.HBox([self.save_button, self.load_button, self.upload, self.download_html]),
                self.record_text,
            ]
        )

    # ------------------------------------------------------------ callbacks
    def _guard(self, callback: Any) -> Any:
        """Run a callback, then refresh; an unexpected error becomes a message, not a trace."""

        def run(*args: Any) -> None:
            if self._updating:
                return
            try:
                callback(*args)
            except Exception as error:  # shown in the app: print() would vanish in a callback
                self.controller.message = f"error: {type(error).__name__}: {error}"
            self.refresh()

        return run

    def _on_new_game(self, _: Any) -> None:
        players = self.players_dropdown.value
        self.controller.new_game(
            players=players,
            seats=[d.value for d in self.seat_dropdowns[:players]],
            variant=self.variant_dropdown.value,
            seed=self.seed_input.value,
            mcts_iterations=self.mcts_slider.value,
        )

    def _on_action_button(self, button: w.Button) -> None:
        self.controller.play_text(button.description)

    def _on_play_selected(self, _: Any) -> None:
        if self.action_dropdown.value is None:
            self.controller.message = "choose an action in the list first"
            return
        self.controller.play_text(self.action_dropdown.value)

    def _on_autoplay(self, change: dict[str, Any]) -> None:
        self.controller.set_autoplay(change["new"])

    def _on_replay(self, change: dict[str, Any]) -> None:
        self.controller.replay_to(change["new"])

    def _on_save(self, _: Any) -> None:
        text = self.controller.save()
        self.record_text.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download_html.value = (
            f'<a download="hotel_amsterdam_game.json" '
            f'href="data:application/json;base64,{data}">download the game</a>'
        )

    def _on_load_text(self, _: Any) -> None:
        self.controller.load(self.record_text.value)

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        content = files[0]["content"]
        self.controller.load(bytes(content).decode("utf-8"))

    def _on_figure_click(self, trace: Any, points: Any, selector: Any) -> None:
        if not points.point_inds:
            return  # plotly calls every trace's handler; only one was clicked
        kind, a, b = trace.customdata[points.point_inds[0]]
        self._guard(lambda: self.controller.click(kind, (a, b)))()

    def click_board(self, kind: str, point: tuple[int, int]) -> None:
        """What a click on the board does (tests and keyboard-free use)."""
        self._guard(lambda: self.controller.click(kind, point))()

    # --------------------------------------------------------------- refresh
    def refresh(self) -> None:
        """Redraw every widget from the controller (the figure in place, only what changed)."""
        self._updating = True
        try:
            self._refresh()
        finally:
            self._updating = False

    def _refresh(self) -> None:
        # The board goes first: its update message leaves the kernel before the
        # side panel's, so the browser can start plotly.js's redraw at once.
        self._refresh_board()
        self._refresh_panel()

    def _refresh_board(self) -> None:
        c = self.controller
        shown = c.shown_state()
        live = c.is_live()
        overlay = c.boat_probabilities() if self.overlay_checkbox.value else None
        scene = scene_from_state(shown, caption=c.status())
        updates = board_trace_updates(scene, c.highlight() if live else (), overlay)
        layout = board_layout_updates(scene)
        changed = [i for i, u in enumerate(updates) if u != self._applied_traces[i]]
        if not changed and layout == self._applied_layout:
            return  # nothing to send: no message, no redraw in the browser
        with self.figure.batch_update():
            for i in changed:
                # plotly sends only the properties whose values differ
                self.figure.data[i].update(updates[i])
                self._applied_traces[i] = updates[i]
            if layout != self._applied_layout:
                if (
                    self._applied_layout is None
                    or layout["shapes"] != self._applied_layout["shapes"]
                ):
                    self.figure.layout.shapes = layout["shapes"]
                self.figure.layout.title.text = layout["title"]["text"]
                self._applied_layout = layout

    def _refresh_panel(self) -> None:
        """The side panel, in as few comm messages as possible.

        Every trait that changes is one message to the browser (and one task
        there), so values are set only when they differ, several traits of one
        widget go together (``hold_sync``), and the legal-action buttons are
        shown by the container's ``children`` (one message) rather than by
        each button's ``layout.display``.
        """
        c = self.controller
        status = f"<b>{html.escape(c.status())}</b>"
        message = (
            f"<span style='color:#b00020'>{html.escape(c.message)}</span>" if c.message else ""
        )
        _set(self.status_html, value=status)
        _set(self.message_html, value=message)
        needs_roll = c.needs_roll()
        _set(self.roll_button, disabled=not needs_roll)
        _set(self.roll_button.layout, display="" if needs_roll else "none")
        labels = [str(a) for a in c.legal_actions()]
        for button, label in zip(self.action_buttons, labels, strict=False):
            _set(button, description=label, tooltip=label)
        visible = tuple(self.action_buttons[: len(labels)])
        if self.actions_box.children != visible:
            self.actions_box.children = visible
        if list(self.action_dropdown.options) != labels:
            self.action_dropdown.options = labels
        _set(self.action_dropdown, disabled=not labels)
        _set(self.play_button, disabled=not labels)
        _set(self.bot_button, disabled=not c.bot_to_move())
        _set(self.undo_button, disabled=not c.is_live())
        _set(self.autoplay_toggle, value=c.autoplay)
        lines = [html.escape(line) for line in reversed(c.log)]
        _set(self.log_html, value="<div style='font-size:90%'>" + "<br>".join(lines) + "</div>")
        total = len(c.state.history)
        _set(
            self.replay_slider,
            max=total,
            value=total if c.view_index is None else c.view_index,
        )

    # --------------------------------------------------------------- display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def _set(widget: w.Widget, **values: Any) -> None:
    """Set the traits that differ, in one comm message (none if nothing changed)."""
    changed = {k: v for k, v in values.items() if getattr(widget, k) != v}
    if not changed:
        return
    with widget.hold_sync():
        for key, value in changed.items():
            setattr(widget, key, value)


__all__ = ["AmsterdamApp"]
