"""The ipywidgets view shared by every game's app: :class:`GameApp`.

Every widget is a thin view: a press calls the
:class:`~hoteledu.apps.controller.GameController`, then :meth:`GameApp.refresh`
redraws from its state. The board is by default one
:class:`~hoteledu.apps.svgboard.SvgBoard` (an SVG drawn in the browser from the
adapter's ``svg_scene``: a new view draws from the widget's own state, a click
names the drawing's version); with ``board="plotly"`` it is a plotly
``FigureWidget`` built once from the adapter's ``board_figure`` and updated in
place (one ``batch_update``, only the traces and layout keys that changed),
which the points below about plotly concern. Callback output goes to
widgets (the log, the message line), never to print.

What the view guarantees (``design/APPS.md``):

- **Every view in sync.** plotly sends in-place updates to the views that
  exist, but a view created later (a page reload in JupyterLab, a second
  ``display``) starts from the widget's synced ``_widget_data`` and
  ``_widget_layout``, which plotly fills once, at creation. After every update
  the view points those traits at the figure's live data (no message is sent:
  the views that exist got the update already), so a new view starts from the
  live game.
- **A press acts only on what it was shown for.** Every press (legal-action
  buttons, the list's Play, Roll, Bot move, Undo) comes from a
  :class:`~hoteledu.apps.pad.PressPad`, whose page sends the controller's
  version (it grows at every change, a New game included) its buttons were
  drawn for; a press on an older version does nothing, so a double click or
  a press on buttons drawn positions back is harmless. A board click carries
  point indices only: the board counts as drawn for the version now once a
  browser view has acknowledged the last trace update (plotly answers each
  with ``_js2py_traceDeltas`` on the same ordered channel as the clicks), so
  a click arriving while an update is unacknowledged was made on an older
  board and does nothing but ask to click again.
- **Bots that think.** A slow bot's decision (``adapter.slow_bots``) runs in
  a worker thread on a copy of the state, with the "thinking" sign shown
  first; its move is applied only if the game is still at the version it
  searched. ``threaded=False`` runs it inline (the sign is still sent first).
- **A coach** (:mod:`hoteledu.apps.coach`, its panel
  :mod:`hoteledu.apps.coach_panel`): each player's win chance and the strong
  bot's top moves for the seat shown, worked out in its own thread a fixed
  step at a time (the page stays live, a press is never held back by it) and
  kept only if the game is still where it looked. On by default in practice,
  off in a class experiment (``setting="class"``), and there not offered
  unless the kernel allows it (:meth:`GameApp.allow_coach`). Its thread runs where a
  person sees the page (a kernel, ``coach_in_background``); elsewhere (scripts,
  tests, ``threaded=False``) it works when :meth:`GameApp.run_coach` is called.
- **Hot-seat privacy.** With ``adapter.private_information`` the board and
  the choices are covered by a "pass the laptop to P2" screen whenever the
  next human seat differs from the one shown; the board draws only the
  shown seat's observation. Nothing the browser holds while the laptop
  passes names a hidden card: as the cover goes up the board's widget is
  closed (its model in the browser holds the last seat's view, and plotly's
  model keeps every update it applied) and the next person's board is a
  new widget; the saved text, the download link, an uploaded file and the
  message line are emptied (:meth:`GameApp._clear_private` for a game's own
  widgets). With more than one person at the laptop, Save saves only what
  the seat holding it may see (the public part while it passes); "Save the
  whole game" says what it reveals.

Tests drive an app without Jupyter: set ``.value`` on the real widgets and
call ``.click()`` on its buttons, then assert on the controller's state and on
the figure's data (and on ``figure.get_state()``, what a new view starts from).
"""

from __future__ import annotations

import base64
import html
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

import hoteledu._display  # before plotly first shows a figure: see the module
from hoteledu.apps import autosave, watchdog
from hoteledu.apps.adapter import GameAdapter
from hoteledu.apps.coach import (
    COACH_NOT_ALLOWED,
    Coach,
    coach_allowed_by_default,
    coach_on_by_default,
)
from hoteledu.apps.coach_panel import CoachPanel
from hoteledu.apps.controller import GameController
from hoteledu.apps.howto import how_to_panel
from hoteledu.apps.pad import ICON_TEXT, Press, PressPad, with_icon
from hoteledu.apps.resume_key import ResumeKey
from hoteledu.apps.svgboard import SvgBoard

MAX_BUTTONS = 40
"""Buttons kept for legal actions; more than this are offered in the dropdown only."""
BOARD_KINDS = ("plotly", "svg")
"""How a board is drawn: a plotly ``FigureWidget`` updated in place, or one
:class:`~hoteledu.apps.svgboard.SvgBoard` redrawn from its scene (for games whose
adapter supplies ``svg_scene``)."""
DEFAULT_BOARD = "svg"
"""The board of an app made without ``board=`` (issue 20: click to repaint a median of 20 to
27 ms against plotly's 81 to 111 in one run, and no watchdog; ``docs/apps.md``)."""
BOARD_CONFIG = {"displayModeBar": False, "scrollZoom": False, "doubleClick": False}
"""plotly.js options of a board: a board is not a chart (no toolbar, no zoom)."""
THINKING_HTML = f"<span style='color:#6a1b9a'>{ICON_TEXT['clock']} {{who}} is thinking...</span>"


class GameApp:
    """An app over a :class:`GameController`: setup row, board, panel, records.

    Parameters
    ----------
    controller : GameController
        The game (its adapter supplies the board and the words).
    threaded : bool
        Run slow bots in a worker thread (the page stays live). Tests may
        pass False, or call :meth:`wait_for_bots`.
    coach : bool or None
        Whether the coach's checkbox starts ticked (None: by ``setting``). In a
        class experiment True also allows it (the notebook's code decides, in
        the kernel); otherwise only :meth:`allow_coach` does.
    setting : {"practice", "class"}
        Practice (the coach on by default) or a class experiment (off, and not
        offered unless allowed: no message from the page turns it on).
    board : {"plotly", "svg"} or None
        How the board is drawn (:data:`BOARD_KINDS`; None: :data:`DEFAULT_BOARD`).
        A game without ``svg_scene`` always draws plotly.

    Attributes
    ----------
    widget : ipywidgets.Widget
        The whole app; ``display(app)`` shows it.
    figure : plotly.graph_objects.FigureWidget
        The board (with an SVG board: a plain plotly figure of the same scene,
        drawn afresh at every read, for lessons and tests).
    svg_board : SvgBoard or None
        The SVG board, when the board is drawn as SVG.
    """

    css_class = "hoteledu-app"

    def __init__(
        self,
        controller: GameController,
        threaded: bool = True,
        coach: bool | None = None,
        setting: str = "practice",
        board: str | None = None,
    ) -> None:
        self.controller = controller
        self.adapter = controller.adapter
        self.threaded = threaded
        board = DEFAULT_BOARD if board is None else board
        if board not in BOARD_KINDS:
            raise ValueError(f"board must be one of {BOARD_KINDS}, not {board!r}")
        supported = type(self.adapter).svg_scene is not GameAdapter.svg_scene
        self.board_kind = board if supported else "plotly"
        self.svg_board: SvgBoard | None = None
        self.lock = threading.RLock()
        self._worker: threading.Thread | None = None
        on = coach_on_by_default(setting) if coach is None else bool(coach)
        allowed = coach_allowed_by_default(setting, coach)
        self.setting = setting
        self.coach = Coach(
            self.adapter, seed=controller.seed or 0, enabled=on and allowed, allowed=allowed
        )
        self._coach_worker: threading.Thread | None = None
        # in a kernel only: a script's or a test's app does no unseen work in the background
        self.coach_in_background = threaded and watchdog.in_kernel()
        # the thread redrawing now: widget callbacks its own redraw fires are not presses
        self._updating_thread: int | None = None
        self._applied_traces: list[dict[str, Any] | None] = []
        self._applied_layout: dict[str, Any] = {}
        self._choices: list[Any] = []  # the actions drawn on the pads now
        self._covered = False  # the "pass the laptop" screen is up
        self._build_setup()
        self._build_board()
        self._build_controls()
        self._build_records()
        self._autosave_path: Path | None = None  # set when the page's key arrives
        self._autosaved: str | None = None  # the data last written (without its time)
        self._touched = False  # a person pressed something (then no resume replaces it)
        self.resume_key = ResumeKey(self._on_resume_key)
        self._build_how_to()
        self.widget = w.VBox(
            [
                self.setup_row,
                self.how_to_box,
                # a narrow page (a tablet, JupyterLab beside its file browser) puts the
                # side panel under the board instead of cutting the board off
                w.HBox([self.board_box, self.side], layout=w.Layout(flex_flow="row wrap")),
                self.record_box,
                self.resume_key,
            ],
            layout=w.Layout(width="100%"),
            **self._page_model_id(),
        )
        self.widget.add_class(self.css_class)
        self.widget.add_class("hoteledu-app")
        # stable handles for browser tests and page styling
        self.status_html.add_class("hoteledu-status")
        self.message_html.add_class("hoteledu-message")
        self.actions_pad.add_class("hoteledu-actions")
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
        for dropdown in self.seat_dropdowns:  # the strength slider follows the seats
            dropdown.observe(lambda _: self._show_seats(), names="value")
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

    def _build_how_to(self) -> None:
        """The "How to play" button (in the setup row) and its panel under it, if the game
        has the text (:mod:`hoteledu.apps.howto`)."""
        how = self.adapter.how_to_play(self.board_kind)
        self.how_to_button = self.how_to_panel = None
        self.how_to_box = w.VBox()
        if how is None:
            return
        self.how_to_button, self.how_to_panel = how_to_panel(how)
        self.setup_row.children = (*self.setup_row.children, self.how_to_button)
        self.how_to_box.children = (self.how_to_panel,)

    def _show_seats(self) -> None:
        """The seats of the chosen player count, and the strength slider only for a searcher."""
        players = self.players_dropdown.value
        for p, dropdown in enumerate(self.seat_dropdowns):
            dropdown.layout.display = "" if p < players else "none"
        searched = any(d.value in self.adapter.slow_bots for d in self.seat_dropdowns[:players])
        self.strength_slider.layout.display = "" if searched else "none"

    @property
    def figure(self) -> Any:
        if self.svg_board is not None:  # a plain plotly drawing of the scene shown
            c = self.controller
            return self.adapter.board_figure(c.scene(), c.highlight(), self._overlays())
        return self._figure

    @figure.setter
    def figure(self, value: Any) -> None:
        self._figure = value

    @property
    def _board_widget(self) -> Any:
        """The board's widget on the page (the plotly figure or the SVG board)."""
        return self.svg_board if self.svg_board is not None else self._figure

    def _build_board(self) -> None:
        if self.board_kind == "svg":
            self.svg_board = SvgBoard(self._on_svg_click, layout=w.Layout(width="100%"))
            self.svg_board.add_class("hoteledu-board")
        else:
            self._new_figure()
        # built once: a rebuilt figure (watchdog) replaces the old one in this box on the page
        self.cover_html = w.HTML()
        self.cover_button = w.Button(button_style="warning")  # its text starts with an eye
        self.cover_button.on_click(self._guard(lambda _: self.controller.hand_over()))
        self.cover = w.VBox([self.cover_html, self.cover_button])
        self.cover.layout.display = "none"
        self.board_box = w.VBox([self.cover, self._board_widget])
        if self.svg_board is not None:  # the SVG fills the width it is given, up to its own
            self.board_box.layout = w.Layout(flex="1 1 560px", max_width="820px")
        self.watchdog = watchdog.FigureWatchdog(self.lock, self._rebuild_figure)

    @property
    def figure_rebuilds(self) -> int:
        """Boards rebuilt because no browser view applied their updates."""
        return self.watchdog.rebuilds

    def _new_figure(self) -> None:
        c = self.controller
        scene, highlight, overlays = c.scene(), c.highlight(), self._overlays()
        self.figure = go.FigureWidget(self.adapter.board_figure(scene, highlight, overlays))
        self.figure._config = BOARD_CONFIG
        self.figure.add_class("hoteledu-board")  # the board, not another plot on the page
        names = [t.name for t in self.figure.data]
        for name in self.adapter.clickable_traces:
            self.figure.data[names.index(name)].on_click(self._on_figure_click)
        # plotly.js answers every trace update with the traces' deltas (a layout-only
        # relayout is answered under a name the Python side does not read)
        self.figure.observe(self._on_figure_acknowledged, names="_js2py_traceDeltas")
        # what the new figure shows already: the next refresh sends only changes
        self._applied_traces = list(self.adapter.trace_updates(scene, highlight, overlays))
        self._applied_layout = dict(self.adapter.layout_updates(scene))
        # trace edits sent to the browser views, and the last one a view applied
        self._board_edit_sent = self._board_edit_applied = 0
        self._sync_new_views()

    def _build_controls(self) -> None:
        self.status_html = w.HTML()
        self.message_html = w.HTML()
        self.chance_pad = PressPad(self._pad_press(self._on_chance))
        self.actions_pad = PressPad(
            self._pad_press(self._on_action),
            layout=w.Layout(max_width="520px", max_height="260px", overflow="auto"),
        )
        self.choose_pad = PressPad(self._pad_press(self._on_action), select=True)
        self.choose_pad.description = "Choose"
        self.bot_pad = PressPad(self._pad_press(self._on_bot_move))
        self.bot_pad.show([{"label": "Bot move", "icon": "robot"}], 0, disabled=True)
        self.undo_pad = PressPad(self._pad_press(self._on_undo))
        self.undo_pad.show([{"label": "Undo", "icon": "undo"}], 0, disabled=True)
        self.autoplay_toggle = w.ToggleButton(
            value=self.controller.autoplay, description="Autoplay bots"
        )
        self.autoplay_toggle.observe(self._guard(self._on_autoplay), names="value")
        self.overlay_checkboxes = {
            key: w.Checkbox(value=False, description=label, indent=False)
            for key, label in self.adapter.overlays
        }
        for box in self.overlay_checkboxes.values():
            box.observe(self._guard(lambda _: None), names="value")
        self.legend_html = w.HTML(self.adapter.legend_html())
        self.coach_panel = CoachPanel(self.coach, self.controller, self._guard(self.set_coach))
        self.log_html = w.HTML(layout=w.Layout(max_height="220px", overflow="auto"))
        self.side = w.VBox(
            [
                self.status_html,
                self.message_html,
                self.chance_pad,
                self.actions_pad,
                self.choose_pad,
                w.HBox([self.bot_pad, self.autoplay_toggle, self.undo_pad]),
                *self.overlay_checkboxes.values(),
                self.coach_panel.widget,
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
        self.save_button = w.Button(description="Save")
        self.save_button.on_click(self._guard(self._on_save))
        self.save_whole_button = w.Button(
            description=with_icon("eye", "Save the whole game (shows every hand)"),
            button_style="danger",
            tooltip=f"the whole game shows {self.adapter.record_reveals}: for after the game",
            layout=w.Layout(width="auto"),
        )
        self.save_whole_button.on_click(self._guard(self._on_save_whole))
        self.download_html = w.HTML()
        self.record_text = w.Textarea(
            placeholder="a saved game (JSON) appears here; paste one and press Load",
            layout=w.Layout(width="600px", height="90px"),
        )
        self.load_button = w.Button(description="Load")
        self.load_button.on_click(self._guard(self._on_load_text))
        # no icon: Voila fetches the icon font from a CDN (offline: a blank square)
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Load file", icon="")
        self.upload.observe(self._guard(self._on_upload), names="value")
        self.record_box = w.VBox(
            [
                self.replay_slider,
                w.HBox(
                    [
                        self.save_button,
                        self.save_whole_button,
                        self.load_button,
                        self.upload,
                        self.download_html,
                    ]
                ),
                self.record_text,
            ]
        )

    # ------------------------------------------------------------ callbacks
    def _guard(self, callback: Callable[..., Any]) -> Callable[..., None]:
        """Run a callback under the lock, then refresh; an error becomes a message."""

        def run(*args: Any) -> None:
            if self._updating_thread == threading.get_ident():
                return  # fired by refresh() itself; a press from elsewhere waits for the lock
            self._touched = True
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

    # the presses as tests make them (each bound to the version it was drawn for)
    @property
    def action_buttons(self) -> list[Press]:
        """The legal-action buttons drawn now, in order."""
        return self.actions_pad.presses()

    @property
    def chance_button(self) -> Press:
        """The chance button ("Roll the dice") drawn now."""
        return self.chance_pad.presses()[0]

    @property
    def bot_button(self) -> Press:
        return self.bot_pad.presses()[0]

    @property
    def undo_button(self) -> Press:
        return self.undo_pad.presses()[0]

    @property
    def action_dropdown(self) -> PressPad:
        """The list of the legal actions (set ``.value`` to a label, then press Play)."""
        return self.choose_pad

    @property
    def play_button(self) -> Press:
        return self.choose_pad.presses()[0]

    def _pad_press(self, act: Callable[[int, int], Any]) -> Callable[[int, int], None]:
        def press(version: int, index: int) -> None:
            if version != self.controller.version:
                self.controller.message = ""  # drawn for an earlier position: nothing happens
                return
            act(version, index)

        return self._guard(press)

    def _on_action(self, version: int, index: int) -> None:
        if not 0 <= index < len(self._choices):
            self.controller.message = "choose an action in the list first"
            return
        self.controller.play(self._choices[index], version)

    def _on_chance(self, version: int, _: int) -> None:
        self.controller.resolve_chance(version)

    def _on_bot_move(self, version: int, _: int) -> None:
        self.controller.bot_move(version)

    def _on_undo(self, version: int, _: int) -> None:
        self.controller.undo(version)

    def _on_autoplay(self, change: dict[str, Any]) -> None:
        self.controller.set_autoplay(change["new"])

    def _on_replay(self, change: dict[str, Any]) -> None:
        self.controller.replay_to(change["new"])

    def _on_save(self, _: Any) -> None:
        c, game = self.controller, self.adapter.game
        if not c.save_hides():
            self._offer(c.save(), f"{game}_game.json", "download the game")
            return
        seat = c.laptop_seat()
        if seat is None:
            name, link, what = f"{game}_public_view.json", "the public view", "the public part only"
        else:
            who = self.adapter.player_label(seat)
            name, link, what = f"{game}_{who}_view.json", f"{who}'s view", f"what {who} may see"
        self._offer(c.save_view(seat), name, f"download {link}")
        c.message = (
            f"saved {what}: no hidden card of another seat, so it cannot be loaded. "
            f"'Save the whole game' saves all of it, which shows {self.adapter.record_reveals}"
        )

    def _on_save_whole(self, _: Any) -> None:
        c = self.controller
        if c.save_hides() and c.needs_handover():
            c.message = (
                "the laptop is passing: the whole game is saved by the person at the "
                "laptop, after they have taken it"
            )
            return
        self._offer(c.save(), f"{self.adapter.game}_game.json", "download the game")
        if c.save_hides():
            c.message = f"saved the whole game: the text below shows {self.adapter.record_reveals}"

    def _offer(self, text: str, name: str, link: str) -> None:
        """Saved text in the box below, and as a download link."""
        self.record_text.value = text
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        self.download_html.value = (
            f'<a download="{name}" href="data:application/json;base64,{data}">{link}</a>'
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

    def board_is_current(self) -> bool:
        """Whether the board a click comes from was drawn for the version now.

        Clicks and plotly's acknowledgements travel on the same ordered channel:
        a click that arrives while a trace update is unacknowledged was made on
        the board drawn before it.
        """
        return self._board_edit_applied >= self._board_edit_sent

    def _on_svg_click(self, version: int | None, target: Any, problem: str) -> None:
        """A click on the SVG board, for the drawing made for ``version``."""

        def click() -> None:
            c = self.controller
            if problem or version is None:
                c.message = f"the board click was refused: {problem}"
            elif version != c.version:
                c.message = "the board changed before your click arrived: click again"
            else:
                name, customdata = target
                c.click(name, list(customdata), version)

        self._guard(click)()

    def _on_figure_click(self, trace: Any, points: Any, selector: Any) -> None:
        if not points.point_inds:
            return  # plotly calls every trace's handler; only one was clicked
        if not self.board_is_current():
            with self.lock:
                self.controller.message = "the board changed before your click arrived: click again"
                self.refresh()
            return
        index = points.point_inds[0]
        if trace.customdata is None or index >= len(trace.customdata):
            return  # the trace changed since the click was made
        customdata = list(trace.customdata[index])
        self._guard(lambda: self.controller.click(trace.name, customdata))()

    # ------------------------------------------------------------ bots
    def _start_bots(self) -> None:
        """Run the slow bots' next decisions: in the worker thread, or inline."""
        c = self.controller
        if not c.defer_slow_bots:
            return
        if not self.threaded:
            self._run_bots()
            return
        with self.lock:
            if self._worker is not None and self._worker.is_alive():
                return
            if c.next_bot_job() is None:
                return
            self._worker = threading.Thread(target=self._run_bots, daemon=True)
            self._worker.start()

    def _run_bots(self) -> None:
        """The one bot loop (threaded or inline): the sign first, then each search.

        A bot that fails is shown in the message line and stops the loop, so the
        page never stays on "thinking..." nor loses the press that started it.
        """
        c = self.controller
        while True:
            with self.lock:
                job = c.next_bot_job()
                if job is None:
                    return
                c.thinking = job.player
                self.refresh()  # the sign goes out before the search starts
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

    # ------------------------------------------------------------- coach
    def set_coach(self, on: bool) -> None:
        """Turn the coach on or off (its checkbox); off drops the work under way.

        Where the coach is not allowed (a class experiment) a request to turn
        it on is refused here, whatever the page sent: the checkbox's value,
        its ``disabled`` or the panel's layout decide nothing.
        """
        with self.lock:
            if on and not self.coach.allowed:
                self.coach.enabled = False
                self.controller.message = COACH_NOT_ALLOWED
                return
            self.coach.enabled = bool(on)
            if not on:
                self.coach.current = None

    def allow_coach(self, allowed: bool) -> None:
        """Offer the coach or take it away (the kernel's decision: a class session's option).

        Taking it away turns it off and drops its reports; allowing it offers
        the checkbox unticked (the student ticks it).
        """
        if not isinstance(allowed, bool):
            raise TypeError(f"allowed must be True or False, not {allowed!r}")
        with self.lock:
            if allowed == self.coach.allowed:
                return
            self.coach.allowed = allowed
            if not allowed:
                self.coach.enabled = False
                self.coach.current = None
                self.coach.reports.clear()
                self.coach.verdicts.clear()
            self.refresh()

    def _coach_has_work(self) -> bool:
        wanted = self.coach.wanted(self.controller)
        current = self.coach.current
        done = (
            current is not None and (current.version, current.seat) == wanted and current.finished
        )
        return wanted is not None and not done

    def _start_coach(self) -> None:
        """Start the coach's thread when the position now has no finished report."""
        if not self.coach_in_background:
            return
        with self.lock:
            if self._coach_worker is not None and self._coach_worker.is_alive():
                return  # it looks at the position again after every step
            if not self._coach_has_work():
                return
            self._coach_worker = threading.Thread(target=self._run_coach, daemon=True)
            self._coach_worker.start()

    def _run_coach(self) -> None:
        """The coach's loop: a step outside the lock, then its report if still current.

        A step is a fixed amount of work; between steps the loop looks at the
        game again, so a press is applied at once (the lock is free while it
        works) and a result for a position the game left is discarded.
        """
        c, coach = self.controller, self.coach
        job = None
        while True:
            with self.lock:
                wanted = coach.wanted(c)
                if wanted is None:
                    self.coach_panel.refresh()
                    return
                if job is None or (job.version, job.seat) != wanted:
                    job = coach.job(c)
                    self.coach_panel.refresh()  # "thinking..." for the new position
                elif job.done:
                    return
            assert job is not None
            try:
                report = job.step()
            except Exception as error:  # a coach bug must not freeze the page
                with self.lock:
                    c.message = f"the coach failed: {type(error).__name__}: {error}"
                    coach.enabled = False
                    self.refresh()
                return
            with self.lock:
                if coach.accept(c, job, report):
                    self.coach_panel.refresh()

    def run_coach(self) -> None:
        """The coach's whole work for the position now, inline (tests; ``threaded=False``)."""
        with self.lock:
            self.coach.run(self.controller)
            self.coach_panel.refresh()

    def wait_for_coach(self, timeout: float = 60.0) -> None:
        """Block until the coach's thread has finished its work (tests, scripts)."""
        worker = self._coach_worker
        if worker is not None:
            worker.join(timeout)
            if worker.is_alive():
                raise TimeoutError(f"the coach is still thinking after {timeout} s")

    # --------------------------------------------------------------- refresh
    def refresh(self) -> None:
        """Redraw every widget from the controller (the figure in place, only what changed)."""
        with self.lock:
            outer, self._updating_thread = self._updating_thread, threading.get_ident()
            try:
                covered = self.controller.needs_handover()
                if covered and not self._covered:
                    self._clear_private()
                elif self._covered and not covered and self.svg_board is None:
                    # the board comes back as a new widget drawn for the person now at the
                    # laptop: its first view draws it at once, with no update to wait for
                    self._replace_figure()
                self._covered = covered
                # The board goes first: its update message leaves the kernel before the
                # side panel's, so the browser can start plotly.js's redraw at once.
                self._refresh_board()
                self._refresh_panel()
                self.coach_panel.refresh()
                self._autosave()
            finally:
                self._updating_thread = outer
            self._start_coach()

    def _clear_private(self) -> None:
        """The laptop passes: drop every widget state that may name the last seat's cards.

        The board's model in the browser keeps what it was sent (plotly's keeps
        every update it applied, and the last message each way), so the board
        widget is closed, which deletes its model in the browser; while the
        cover is up its updates go nowhere, and the next person's board is a
        new widget (``refresh``).
        """
        self.board_box.children = (self.cover,)
        self._board_display = "none"
        if self.svg_board is None:
            self.watchdog.acknowledged("figure")  # a closed board waits for no answer
            self.figure.close()
        self.coach_panel.clear_private()
        # an SVG board keeps one scene only: the next refresh draws the public view in it
        _set(self.record_text, value="")
        _set(self.download_html, value="")
        if self.upload.value:
            self.upload.value = ()
        self.controller.message = ""

    def _replace_figure(self) -> None:
        """A new board widget drawn from the live state in place of the old one, closed."""
        old = self.figure
        self._new_figure()
        self.watchdog.acknowledged("figure")  # the new board has no update to wait for
        watchdog.replace_child(self.board_box, old, self.figure)
        old.close()

    def _overlays(self) -> dict[str, Any]:
        boxes = getattr(self, "overlay_checkboxes", {})
        state = self.controller.shown_state()
        return {key: self.adapter.overlay(state, key) for key, box in boxes.items() if box.value}

    def _refresh_board(self) -> None:
        c = self.controller
        scene = c.scene()
        if self.svg_board is not None:
            drawing = self.adapter.svg_scene(scene, c.highlight(), self._overlays())
            self.svg_board.show(drawing, c.version)
            return
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
        if self._covered:
            return  # a closed board (the laptop passes): nothing was sent, no answer comes
        if changed and watchdog.in_kernel():  # a browser view may show the board: wait for it
            self._board_edit_sent = self.figure._last_trace_edit_id
        if changed:
            self.watchdog.sent("figure")

    def _on_figure_acknowledged(self, change: dict[str, Any]) -> None:
        # a plotly view in the browser applied an update and reported back
        if change["new"]:
            self.watchdog.acknowledged("figure")
            edit = change["new"].get("trace_edit_id")
            if isinstance(edit, int):
                self._board_edit_applied = max(self._board_edit_applied, edit)

    def _rebuild_figure(self, name: str) -> None:
        """A new board from the live state where the frozen one was (see :mod:`.watchdog`)."""
        self._replace_figure()

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
        whole = c.save_hides() and not handover
        _set(self.save_whole_button.layout, display="" if whole else "none")
        if handover:
            who = self.adapter.player_label(c._next_human())
            _set(
                self.cover_html,
                value=f"<h3>Pass the laptop to {who}.</h3><p>{who}'s private information "
                "is hidden until they press the button.</p>",
            )
            _set(self.cover_button, description=with_icon("eye", f"I am {who}: show my view"))
        _set(self.cover.layout, display="" if handover else "none")
        board_display = "none" if handover else ""
        if getattr(self, "_board_display", "") != board_display:
            self._board_display = board_display
            self.board_box.children = (
                (self.cover,) if handover else (self.cover, self._board_widget)
            )
        waits = c.chance_waits_for_human() and not handover
        self._show(
            self.chance_pad,
            [{"label": self.adapter.chance_button_label, "icon": "dice", "style": "success"}],
            waits,
        )
        _set(self.chance_pad.layout, display="" if waits else "none")
        choices = c.choices()
        self._choices = [action for _, action in choices]
        items = [{"label": label} for label, _ in choices]
        buttons = min(MAX_BUTTONS, getattr(self.adapter, "max_buttons", MAX_BUTTONS))
        self._show(self.actions_pad, items[:buttons], bool(items))
        self._show(self.choose_pad, items, bool(items))
        bot = c.bot_to_move() and c.thinking is None
        self._show(self.bot_pad, self.bot_pad.buttons, bot)
        self._show(self.undo_pad, self.undo_pad.buttons, c.is_live())
        _set(self.autoplay_toggle, value=c.autoplay)
        lines = [html.escape(line) for line in reversed(c.shown_log())]
        _set(self.log_html, value="<div style='font-size:90%'>" + "<br>".join(lines) + "</div>")
        total = len(c.state.history)
        _set(self.replay_slider, max=total, value=total if c.view_index is None else c.view_index)

    def _show(self, pad: PressPad, items: Any, enabled: bool) -> None:
        """Draw a pad for the version now; a disabled one keeps its old version (no message)."""
        version = self.controller.version if enabled else pad.version
        pad.show(items, version, disabled=not enabled)

    # ------------------------------------------------------- autosave, resume
    def _page_model_id(self) -> dict[str, str]:
        """In a kernel, the whole app's widget has one fixed id per game.

        JupyterLab draws a stored output from the live widget model of the same
        id: a page reloaded without saving the notebook then shows the live
        game, not the model the notebook was stored with (absent: its text).
        An earlier app of the game in this kernel (the cell run again) is
        closed first, and stops autosaving.
        """
        if not watchdog.in_kernel():
            return {}
        page_id = f"hoteledu-app-{self.adapter.game}"
        earlier = _PAGE_APPS.pop(page_id, None)
        if earlier is not None:
            earlier._autosave_path = None
            earlier.widget.close()
        _PAGE_APPS[page_id] = self
        return {"model_id": page_id}

    def _on_resume_key(self, key: str) -> None:
        """The page's key: resume its autosaved game (if no one pressed anything yet),
        then autosave this game after every change."""
        path = autosave.autosave_path(key, self.adapter.game)
        c = self.controller
        with self.lock:
            autosave.prune_autosaves(path.parent)
            try:
                saved = autosave.read_autosave(path, 2 * self.adapter.max_record_bytes)
            except Exception as error:  # untrusted file: a message, and a new game
                saved = None
                c.message = f"could not resume your autosaved game: {error}"
            if saved is not None and not self._touched:
                when = time.strftime("%H:%M", time.localtime(path.stat().st_mtime))
                if c.resume(saved, saved_at=when):
                    self._show_setup()
                    if self.svg_board is None:
                        # a plotly view made before the key came may never apply the
                        # resume's updates (a reload showed the opening board): a new
                        # board widget, whose first view draws the resumed game whole
                        self._replace_figure()
                    c.message = (
                        f"your game is back where it was (autosaved at {when}); "
                        "New game starts another"
                    )
            self._autosave_path = path
            self.refresh()
        self._start_bots()

    def _show_setup(self) -> None:
        """The setup row as the controller's game has it (after a resume)."""
        c = self.controller
        outer, self._updating_thread = self._updating_thread, threading.get_ident()
        try:
            self.players_dropdown.value = c.state.num_players
            for dropdown, kind in zip(self.seat_dropdowns, c.seats, strict=False):
                dropdown.value = kind
            for name, dropdown in self.option_dropdowns.items():
                dropdown.value = c.options[name]
            self.strength_slider.value = c.strength
            self.seed_input.value = 0 if c.seed is None else c.seed
        finally:
            self._updating_thread = outer

    def _autosave(self) -> None:
        """Write the game to the page's autosave when it changed (nothing before the key)."""
        path = self._autosave_path
        if path is None:
            return
        data = self.controller.autosave_data()
        text = json.dumps(data)
        if text == self._autosaved:
            return
        try:
            autosave.write_autosave(path, text)
        except OSError as error:
            self.controller.message = f"could not autosave the game: {error}"
            return
        self._autosaved = text

    # --------------------------------------------------------------- display
    @property
    def reader_text(self) -> str:
        """What a page shows where no kernel holds the app (a stored notebook, a kernel
        restarted, a reload of a notebook JupyterLab does not trust): not ``VBox(...)``."""
        adapter = self.controller.adapter
        return (
            f"The {adapter.title} app: run this cell to start the app (a game in progress "
            f"comes back where it was), or `hoteledu app {adapter.game}` to play it as a page."
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        return hoteledu._display.widget_bundle(self, self.widget, **kwargs)


_PAGE_APPS: dict[str, GameApp] = {}
"""The app of each game shown in this kernel (by its fixed page id)."""


def _set(widget: Any, **values: Any) -> None:
    """Set the traits that differ, in one comm message (none if nothing changed)."""
    changed = {k: v for k, v in values.items() if getattr(widget, k) != v}
    if not changed:
        return
    with widget.hold_sync():
        for key, value in changed.items():
            setattr(widget, key, value)


__all__ = ["BOARD_KINDS", "DEFAULT_BOARD", "MAX_BUTTONS", "GameApp"]
