"""The ipywidgets view shared by every game's app: :class:`GameApp`.

Every widget is a thin view: a press calls the
:class:`~hoteledu.apps.controller.GameController`, then :meth:`GameApp.refresh`
redraws from its state. The board is a plotly ``FigureWidget`` built once from
the adapter's ``board_figure`` and updated in place (one ``batch_update``,
only the traces and layout keys that changed). Callback output goes to
widgets (the log, the message line), never to print.

What the view guarantees (``design/APPS.md``):

- **Every view in sync.** plotly sends in-place updates to the views that
  exist, but a view created later (a page reload in JupyterLab, a second
  ``display``) starts from the widget's synced ``_widget_data`` and
  ``_widget_layout``, which plotly fills once, at creation. After every update
  the view points those traits at the figure's live data (no message is sent:
  the views that exist got the update already), so a new view starts from the
  live game.
- **A press acts on what it was shown for.** Each press names the
  controller's version it was drawn for. Legal-action buttons come from two
  pools used in turn: after a move the old pool leaves the page and keeps its
  old version, so the second press of a double click (sent before the browser
  saw the new buttons) does nothing instead of playing the relabelled button.
- **Bots that think.** A slow bot's decision (``adapter.slow_bots``) runs in
  a worker thread on a copy of the state, with the "thinking" sign shown
  first; its move is applied only if the game is still at the version it
  searched. ``threaded=False`` runs it inline (the sign is still sent first).
- **Hot-seat privacy.** With ``adapter.private_information`` the board and
  the choices are covered by a "pass the laptop to P2" screen whenever the
  next human seat differs from the one shown; the board draws only the
  shown seat's observation.

Tests drive an app without Jupyter: set ``.value`` on the real widgets and
call ``.click()`` on its buttons, then assert on the controller's state and on
the figure's data (and on ``figure.get_state()``, what a new view starts from).
"""

from __future__ import annotations

import base64
import html
import threading
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

import hoteledu._display  # noqa: F401  (before plotly first shows a figure: see the module)
from hoteledu.apps.controller import GameController

WATCHDOG_SECONDS = 4.0
"""Seconds without a browser view applying a board update before the board is rebuilt."""
MAX_BUTTONS = 40
"""Buttons kept for legal actions; more than this are offered in the dropdown only."""
THINKING_HTML = (
    "<span style='color:#6a1b9a'><i class='fa fa-spinner fa-spin'></i> {who} is thinking...</span>"
)


class GameApp:
    """An app over a :class:`GameController`: setup row, board, panel, records.

    Parameters
    ----------
    controller : GameController
        The game (its adapter supplies the board and the words).
    threaded : bool
        Run slow bots in a worker thread (the page stays live). Tests may
        pass False, or call :meth:`wait_for_bots`.

    Attributes
    ----------
    widget : ipywidgets.Widget
        The whole app; ``display(app)`` shows it.
    figure : plotly.graph_objects.FigureWidget
        The board.
    """

    css_class = "hoteledu-app"

    def __init__(self, controller: GameController, threaded: bool = True) -> None:
        self.controller = controller
        self.adapter = controller.adapter
        self.threaded = threaded
        self.lock = threading.RLock()
        self._worker: threading.Thread | None = None
        self._updating = False
        self._applied_traces: list[dict[str, Any] | None] = []
        self._applied_layout: dict[str, Any] = {}
        self._pool = 0
        self._button_actions: dict[int, tuple[int, Any]] = {}  # id(button) -> (version, action)
        self._build_setup()
        self._build_board()
        self._build_controls()
        self._build_records()
        self.widget = w.VBox(
            [self.setup_row, w.HBox([self.board_box, self.side]), self.record_box],
            layout=w.Layout(width="100%"),
        )
        self.widget.add_class(self.css_class)
        self.widget.add_class("hoteledu-app")
        # stable handles for browser tests and page styling
        self.status_html.add_class("hoteledu-status")
        self.message_html.add_class("hoteledu-message")
        self.actions_box.add_class("hoteledu-actions")
        self.log_html.add_class("hoteledu-log")
        self.legend_html.add_class("hoteledu-legend")
        self.refresh()
        self._start_bots()

    # ---------------------------------------------------------- building
    def _build_setup(self) -> None:
        c, a = self.controller, self.adapter
        self.players_dropdown = w.Dropdown(
            options=list(a.player_counts),
            value=c.state.num_players,
            description="Players",
            layout=w.Layout(width="130px"),
            style={"description_width": "55px"},
        )
        top = max(a.player_counts)
        padded = [*c.seats, *[a.bot_kinds[0]] * top][:top]
        self.seat_dropdowns = [
            w.Dropdown(
                options=list(c.seat_kinds()),
                value=padded[p],
                description=a.player_label(p).split()[0],
                layout=w.Layout(width="125px"),
                style={"description_width": "25px"},
            )
            for p in range(top)
        ]
        self.option_dropdowns = {
            name: w.Dropdown(
                options=list(values),
                value=c.options[name],
                description=name.capitalize(),
                layout=w.Layout(width="170px"),
                style={"description_width": "60px"},
            )
            for name, values in a.options.items()
        }
        low, high, step, _ = a.strength_range
        self.strength_slider = w.IntSlider(
            value=c.strength,
            min=low,
            max=high,
            step=step,
            description=a.strength_label,
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
                *self.option_dropdowns.values(),
                self.strength_slider,
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
        self._new_figure()
        self._unacknowledged_since: float | None = None
        self._watchdog: threading.Timer | None = None
        self.figure_rebuilds = 0

    def _new_figure(self) -> None:
        c = self.controller
        scene, highlight, overlays = c.scene(), c.highlight(), self._overlays()
        self.figure = go.FigureWidget(self.adapter.board_figure(scene, highlight, overlays))
        names = [t.name for t in self.figure.data]
        for name in self.adapter.clickable_traces:
            self.figure.data[names.index(name)].on_click(self._on_figure_click)
        # plotly.js answers every trace update with the traces' deltas (a layout-only
        # relayout is answered under a name the Python side does not read)
        self.figure.observe(self._on_figure_acknowledged, names="_js2py_traceDeltas")
        # what the new figure shows already: the next refresh sends only changes
        self._applied_traces = list(self.adapter.trace_updates(scene, highlight, overlays))
        self._applied_layout = dict(self.adapter.layout_updates(scene))
        self._sync_new_views()

        self.cover_html = w.HTML()
        self.cover_button = w.Button(button_style="warning", icon="eye")
        self.cover_button.on_click(self._guard(lambda _: self.controller.hand_over()))
        self.cover = w.VBox([self.cover_html, self.cover_button])
        self.cover.layout.display = "none"
        self.board_box = w.VBox([self.cover, self.figure])

    def _build_controls(self) -> None:
        self.status_html = w.HTML()
        self.message_html = w.HTML()
        self.chance_button = w.Button(
            description=self.adapter.chance_button_label, icon="dice", button_style="success"
        )
        self.chance_button.on_click(self._guard(self._on_chance))
        self.button_pools = [
            [w.Button(layout=w.Layout(width="auto")) for _ in range(MAX_BUTTONS)] for _ in range(2)
        ]
        for pool in self.button_pools:
            for button in pool:
                button.on_click(self._guard(self._on_action_button))
        self.actions_box = w.Box(layout=w.Layout(flex_flow="row wrap", max_width="520px"))
        self.action_dropdown = w.Dropdown(description="Choose", layout=w.Layout(width="360px"))
        self.play_button = w.Button(description="Play")
        self.play_button.on_click(self._guard(self._on_play_selected))
        self._dropdown_actions: tuple[int, dict[str, Any]] = (0, {})
        self.bot_button = w.Button(description="Bot move", icon="robot")
        self.bot_button.on_click(self._guard(self._on_bot_move))
        self.autoplay_toggle = w.ToggleButton(
            value=self.controller.autoplay, description="Autoplay bots"
        )
        self.autoplay_toggle.observe(self._guard(self._on_autoplay), names="value")
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.undo_button.on_click(self._guard(self._on_undo))
        self.overlay_checkboxes = {
            key: w.Checkbox(value=False, description=label, indent=False)
            for key, label in self.adapter.overlays
        }
        for box in self.overlay_checkboxes.values():
            box.observe(self._guard(lambda _: None), names="value")
        self.legend_html = w.HTML(self.adapter.legend_html())
        self.log_html = w.HTML(layout=w.Layout(max_height="220px", overflow="auto"))
        self.side = w.VBox(
            [
                self.status_html,
                self.message_html,
                self.chance_button,
                self.actions_box,
                w.HBox([self.action_dropdown, self.play_button]),
                w.HBox([self.bot_button, self.autoplay_toggle, self.undo_button]),
                *self.overlay_checkboxes.values(),
                self.legend_html,
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
    def _guard(self, callback: Callable[..., Any]) -> Callable[..., None]:
        """Run a callback under the lock, then refresh; an error becomes a message."""

        def run(*args: Any) -> None:
            if self._updating:
                return
            with self.lock:
                try:
                    callback(*args)
                except Exception as error:  # shown in the app: print() would vanish
                    self.controller.message = f"error: {type(error).__name__}: {error}"
                self.refresh()
            self._start_bots()

        return run

    def _on_new_game(self, _: Any) -> None:
        players = self.players_dropdown.value
        self.controller.new_game(
            players=players,
            seats=[d.value for d in self.seat_dropdowns[:players]],
            seed=self.seed_input.value,
            strength=self.strength_slider.value,
            **{name: d.value for name, d in self.option_dropdowns.items()},
        )

    @property
    def action_buttons(self) -> list[w.Button]:
        """The buttons of the pool shown now (the legal actions, in order)."""
        return self.button_pools[self._pool]

    def _on_action_button(self, button: w.Button) -> None:
        version, action = self._button_actions.get(id(button), (-1, None))
        if action is None or version != self.controller.version:
            return  # drawn for an earlier position (a double press): nothing happens
        self.controller.play(action, version)

    def _on_play_selected(self, _: Any) -> None:
        version, actions = self._dropdown_actions
        if self.action_dropdown.value is None:
            self.controller.message = "choose an action in the list first"
            return
        action = actions.get(self.action_dropdown.value)
        if action is not None:
            self.controller.play(action, version)

    def _on_chance(self, _: Any) -> None:
        self.controller.resolve_chance()

    def _on_bot_move(self, _: Any) -> None:
        self.controller.bot_move()

    def _on_undo(self, _: Any) -> None:
        self.controller.undo()

    def _on_autoplay(self, change: dict[str, Any]) -> None:
        self.controller.set_autoplay(change["new"])

    def _on_replay(self, change: dict[str, Any]) -> None:
        self.controller.replay_to(change["new"])

    def _on_save(self, _: Any) -> None:
        text = self.controller.save()
        self.record_text.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = f"{self.adapter.game}_game.json"
        self.download_html.value = (
            f'<a download="{name}" href="data:application/json;base64,{data}">download the game</a>'
        )

    def _on_load_text(self, _: Any) -> None:
        self.controller.load(self.record_text.value)

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if not files:
            return
        content = bytes(files[0]["content"])
        if len(content) > self.adapter.max_record_bytes:
            self.controller.message = (
                f"could not load: the file has {len(content)} bytes; a saved game has at most "
                f"{self.adapter.max_record_bytes}"
            )
            return
        try:
            text = content.decode("utf-8")
        except UnicodeDecodeError as error:
            self.controller.message = f"could not load: the file is not UTF-8 text ({error})"
            return
        self.controller.load(text)

    def _on_figure_click(self, trace: Any, points: Any, selector: Any) -> None:
        if not points.point_inds:
            return  # plotly calls every trace's handler; only one was clicked
        index = points.point_inds[0]
        if trace.customdata is None or index >= len(trace.customdata):
            return  # the trace changed since the click was made
        customdata = list(trace.customdata[index])
        self._guard(lambda: self.controller.click(trace.name, customdata))()

    # ------------------------------------------------------------ bots
    def _start_bots(self) -> None:
        """Start the worker for the next slow-bot decision, or run it inline."""
        c = self.controller
        if not c.defer_slow_bots:
            return
        if not self.threaded:
            while True:
                with self.lock:
                    job = c.next_bot_job()
                    if job is None:
                        return
                    c.thinking = job.player
                    self.refresh()  # the sign goes out before the search starts
                action = job.run()
                with self.lock:
                    c.finish_bot_job(job, action)
                    self.refresh()
        with self.lock:
            if self._worker is not None and self._worker.is_alive():
                return
            if c.next_bot_job() is None:
                return
            self._worker = threading.Thread(target=self._bot_worker, daemon=True)
            self._worker.start()

    def _bot_worker(self) -> None:
        c = self.controller
        while True:
            with self.lock:
                job = c.next_bot_job()
                if job is None:
                    return
                c.thinking = job.player
                self.refresh()
            try:
                action = job.run()
            except Exception as error:  # a bot's failure is shown, never a silent freeze
                with self.lock:
                    c.thinking = None
                    c.message = f"the bot failed: {type(error).__name__}: {error}"
                    self.refresh()
                return
            with self.lock:
                c.finish_bot_job(job, action)
                self.refresh()

    def wait_for_bots(self, timeout: float = 60.0) -> None:
        """Block until the bot worker has finished (tests, scripts)."""
        worker = self._worker
        if worker is not None:
            worker.join(timeout)
            if worker.is_alive():
                raise TimeoutError(f"the bot is still thinking after {timeout} s")

    # --------------------------------------------------------------- refresh
    def refresh(self) -> None:
        """Redraw every widget from the controller (the figure in place, only what changed)."""
        with self.lock:
            self._updating = True
            try:
                # The board goes first: its update message leaves the kernel before the
                # side panel's, so the browser can start plotly.js's redraw at once.
                self._refresh_board()
                self._refresh_panel()
            finally:
                self._updating = False

    def _overlays(self) -> dict[str, Any]:
        boxes = getattr(self, "overlay_checkboxes", {})
        state = self.controller.shown_state()
        return {key: self.adapter.overlay(state, key) for key, box in boxes.items() if box.value}

    def _refresh_board(self) -> None:
        c = self.controller
        scene = c.scene()
        updates = self.adapter.trace_updates(scene, c.highlight(), self._overlays())
        layout = self.adapter.layout_updates(scene)
        if len(self._applied_traces) != len(updates):
            self._applied_traces = [None] * len(updates)
        changed = [i for i, u in enumerate(updates) if u != self._applied_traces[i]]
        changed_layout = {k: v for k, v in layout.items() if self._applied_layout.get(k) != v}
        if not changed and not changed_layout:
            return  # nothing to send: no message, no redraw in the browser
        with self.figure.batch_update():
            for i in changed:
                self.figure.data[i].update(updates[i])  # plotly sends only what differs
                self._applied_traces[i] = updates[i]
            for key, value in changed_layout.items():
                if isinstance(value, dict):
                    self.figure.layout[key].update(value)  # keeps the figure's other settings
                else:
                    self.figure.layout[key] = value  # e.g. shapes: assigning is far faster
                self._applied_layout[key] = value
        self._sync_new_views()
        if changed:
            self._watch_views()

    def _on_figure_acknowledged(self, change: dict[str, Any]) -> None:
        # a plotly view in the browser applied an update and reported back
        if change["new"]:
            self._unacknowledged_since = None

    def _watch_views(self) -> None:
        """Rebuild the board if no browser view ever applies the updates sent to it.

        anywidget gives a model 2 s to initialise; on a loaded machine plotly's
        5 MB module can take longer, and that view then never applies an update
        (a frozen board). Views answer every trace update with
        ``_js2py_traceDeltas``; with a kernel attached and no answer
        ``WATCHDOG_SECONDS`` after a trace update, the board is replaced by a
        new ``FigureWidget`` (the module is loaded by then) built from the
        live state.
        """
        if not _in_kernel():
            return
        if self._unacknowledged_since is None:
            self._unacknowledged_since = time.monotonic()
        if self._watchdog is not None:
            return
        self._watchdog = threading.Timer(WATCHDOG_SECONDS, self._check_views)
        self._watchdog.daemon = True
        self._watchdog.start()

    def _check_views(self) -> None:
        with self.lock:
            self._watchdog = None
            since = self._unacknowledged_since
            if since is None:
                return
            if time.monotonic() - since < WATCHDOG_SECONDS:
                self._watch_views()
                return
            old = self.figure
            self._new_figure()
            self.figure_rebuilds += 1
            self._unacknowledged_since = None
            children = list(self.board_box.children)
            self.board_box.children = tuple(self.figure if c is old else c for c in children)
            old.close()

    def _sync_new_views(self) -> None:
        """Make the state a new view starts from the live figure (no message sent).

        plotly's ``FigureWidget`` copies its data into the synced traits
        ``_widget_data``/``_widget_layout`` once, at creation; a view created
        later (page reload, second display) asks the kernel for those traits.
        The views that exist got this change by ``batch_update`` already, so the
        traits are pointed at the live data without a change notification.
        """
        values = self.figure._trait_values
        values["_widget_data"] = self.figure._data
        values["_widget_layout"] = self.figure._layout_obj._props

    def _refresh_panel(self) -> None:
        """The side panel, in as few comm messages as possible."""
        c = self.controller
        if c.thinking is not None:
            status = THINKING_HTML.format(who=html.escape(c.player_label(c.thinking)))
        else:
            status = f"<b>{html.escape(c.status())}</b>"
        message = (
            f"<span style='color:#b00020'>{html.escape(c.message)}</span>" if c.message else ""
        )
        _set(self.status_html, value=status)
        _set(self.message_html, value=message)
        handover = c.needs_handover()
        if handover:
            who = self.adapter.player_label(c._next_human())
            _set(
                self.cover_html,
                value=f"<h3>Pass the laptop to {who}.</h3><p>{who}'s private information "
                "is hidden until they press the button.</p>",
            )
            _set(self.cover_button, description=f"I am {who}: show my view")
        _set(self.cover.layout, display="" if handover else "none")
        board_display = "none" if handover else ""
        if getattr(self, "_board_display", "") != board_display:
            self._board_display = board_display
            self.board_box.children = (self.cover,) if handover else (self.cover, self.figure)
        waits = c.chance_waits_for_human() and not handover
        _set(self.chance_button, disabled=not waits)
        _set(self.chance_button.layout, display="" if waits else "none")
        choices = c.choices()
        labels = [label for label, _ in choices]
        shown = self.actions_box.children
        current = [b.description for b in shown]
        if current != labels[:MAX_BUTTONS] or (
            shown and self._button_actions.get(id(shown[0]), (None,))[0] != c.version
        ):
            if labels:
                self._pool = 1 - self._pool  # a new pool: stale presses hit the old one
            pool = self.button_pools[self._pool]
            for button, (label, action) in zip(pool, choices, strict=False):
                _set(button, description=label, tooltip=label)
                self._button_actions[id(button)] = (c.version, action)
            self.actions_box.children = tuple(pool[: min(len(labels), MAX_BUTTONS)])
        self._dropdown_actions = (
            c.version,
            dict(zip(labels, (a for _, a in choices), strict=True)),
        )
        if list(self.action_dropdown.options) != labels:
            self.action_dropdown.options = labels
        _set(self.action_dropdown, disabled=not labels)
        _set(self.play_button, disabled=not labels)
        _set(self.bot_button, disabled=not c.bot_to_move() or c.thinking is not None)
        _set(self.undo_button, disabled=not c.is_live())
        _set(self.autoplay_toggle, value=c.autoplay)
        lines = [html.escape(line) for line in reversed(c.log)]
        _set(self.log_html, value="<div style='font-size:90%'>" + "<br>".join(lines) + "</div>")
        total = len(c.state.history)
        _set(self.replay_slider, max=total, value=total if c.view_index is None else c.view_index)

    # --------------------------------------------------------------- display
    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return self.widget._repr_mimebundle_(**kwargs)


def _in_kernel() -> bool:
    """Whether a Jupyter kernel runs this (a browser may show the widgets)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


def _set(widget: Any, **values: Any) -> None:
    """Set the traits that differ, in one comm message (none if nothing changed)."""
    changed = {k: v for k, v in values.items() if getattr(widget, k) != v}
    if not changed:
        return
    with widget.hold_sync():
        for key, value in changed.items():
            setattr(widget, key, value)


__all__ = ["MAX_BUTTONS", "GameApp"]
