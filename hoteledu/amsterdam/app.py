"""The Hotel Amsterdam app's game-specific pieces, on the shared scaffolding.

:class:`AmsterdamAdapter` is what Hotel Amsterdam supplies to
:mod:`hoteledu.apps` (see :mod:`hoteledu.apps.adapter`): its board figure
(:mod:`hoteledu.amsterdam.figures.board`), the mapping of a board click to an
action (or to the rule that refuses it), the words of actions and phases,
the legend, the boat-stop overlay and its bots. :class:`AmsterdamController`
is the shared :class:`~hoteledu.apps.controller.GameController` with this
adapter and the Amsterdam-flavoured methods the lessons and tests use
(``roll``, ``click(kind, point)``, ``boat_probabilities``).

:func:`make_app` is the entry point: the whole app, an ``AmsterdamApp`` (the
shared :class:`~hoteledu.apps.view.GameApp` with this controller), made on
first use so that this module loads without ipywidgets.

The controller decides no rule and is the runner of the game: it resolves
the dice when a human presses "roll", the setup deal and the random tile of a
tourist led from the Dam at once (consequences of a choice already made), and
every chance node in a bot's turn, with its own seeded generator.

Examples
--------
>>> app = AmsterdamController(players=2, seats=("human", "random"), seed=1)
>>> app.needs_roll()
True
>>> app.roll()
True
>>> app.state.phase
'place hotel'
>>> app.click("intersection", (2, 2))
True
>>> app.state.hotels[0]
[(2, 2)]
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from hoteledu.amsterdam.actions import MoveBoat, SplitSteps
from hoteledu.amsterdam.board import CANAL_INDEX, CANAL_TILES, COLOURS
from hoteledu.amsterdam.info import GAME_INFO
from hoteledu.amsterdam.phases import CHASE, DAM_LEAD, DEAL, MOVE_MAYOR, MOVE_NIGHTWATCHMAN, ROLL
from hoteledu.amsterdam.rules import new_game
from hoteledu.apps.adapter import GameAdapter
from hoteledu.apps.bots import BEGINNER_NOISE, LEVELS, SLOW_LEVELS, NoisyAgent
from hoteledu.apps.coach import CoachBudget
from hoteledu.apps.controller import GameController, plural
from hoteledu.apps.seats import seat_agent
from hoteledu.core.actions import Action
from hoteledu.core.agents import Agent
from hoteledu.core.state import State

SEAT_KINDS: tuple[str, ...] = ("human", "random", "greedy", "mcts", *LEVELS)
"""Who may sit at a seat: a person, a bot by name, or a named level (``docs/levels.md``)."""
STRONG_ITERATIONS: int | None = None
"""The strong level searches whole turns by alpha-beta (no iterations): its work is fixed
by the search's widths (every distinct end of its turn, four hotel sites), never a clock."""
AUTO_CHANCE_PHASES = frozenset({DEAL, DAM_LEAD})
"""Chance nodes resolved at once: the setup deal, the tile of a tourist led from the Dam."""
DEFAULT_MCTS_ITERATIONS = 200
DEFAULT_THINK_SECONDS = 0.2
"""Time budget of one MCTS decision: a whole bot turn (about four decisions) within 1 s."""

Point = tuple[int, int]


def make_agent(
    kind: str,
    seed: int | np.random.SeedSequence,
    mcts_iterations: int = DEFAULT_MCTS_ITERATIONS,
    think_seconds: float | None = None,
) -> Agent:
    """A bot for a seat: ``"random"``, ``"greedy"`` or ``"mcts"``.

    Parameters
    ----------
    kind : str
        One of :data:`SEAT_KINDS` except ``"human"``.
    seed : int or SeedSequence
        The bot's own random stream.
    mcts_iterations : int
        Search iterations per decision of the MCTS bot (its strength).
    think_seconds : float or None
        Time budget of one MCTS decision (None: iterations only).

    Returns
    -------
    Agent
    """
    bots = {"greedy": _greedy_agent, **LEVEL_BOTS}
    return seat_agent(kind, seed, SEAT_KINDS, bots, mcts_iterations, think_seconds)


def _greedy_agent(seed: int | np.random.SeedSequence) -> Agent:
    from hoteledu.amsterdam.bots import GreedyAgent

    return GreedyAgent().reseeded(seed)


def _beginner(seed: Any) -> Agent:
    from hoteledu.amsterdam.bots import GreedyAgent

    return NoisyAgent(GreedyAgent(), BEGINNER_NOISE, name="beginner").reseeded(seed)


def _intermediate(seed: Any) -> Agent:
    from hoteledu.amsterdam.bots import GreedyAgent

    return GreedyAgent(name="intermediate").reseeded(seed)


def _strong(seed: Any) -> Agent:
    from hoteledu.amsterdam.search import MinimaxAgent

    # The whole-turn expectimax search beat greedy in 87.5% of 100 seeded games
    # (docs/levels.md); the app's MCTS seat at its default iterations won 62 to 70%.
    return MinimaxAgent(turns=1, name="strong")


LEVEL_BOTS = {"beginner": _beginner, "intermediate": _intermediate, "strong": _strong}
"""The named levels: greedy with noise, greedy, the whole-turn alpha-beta search."""


def action_points(action: Action) -> list[tuple[str, Point]]:
    """The board points an action refers to, as ``(kind, point)`` pairs.

    A field called ``tile`` is a tile; any other pair of ints is an
    intersection (``PlaceHotel.intersection``, ``MovePawn.destination``).
    This reads the action's data; it decides nothing about legality.
    """
    points = []
    for field in dataclasses.fields(action):
        value = getattr(action, field.name)
        if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
            points.append(("tile" if "tile" in field.name else "intersection", value))
    return points


class AmsterdamAdapter(GameAdapter):
    """Hotel Amsterdam's pieces for the shared app (see :mod:`hoteledu.apps.adapter`).

    Hotel Amsterdam has no private information: every seat's observation is
    the whole position, so the board is drawn from the state itself.
    """

    game = "amsterdam"
    title = "Hotel Amsterdam"
    player_counts = GAME_INFO.choices("players")
    options: ClassVar[dict[str, tuple[Any, ...]]] = {
        name: GAME_INFO.choices(name)  # written in info.py only, the default first
        for name in ("variant", "layout")
    }
    bot_kinds = SEAT_KINDS[1:]
    slow_bots = frozenset({"mcts"}) | SLOW_LEVELS
    strength_label = "MCTS strength"
    strength_range = (20, 2000, 20, DEFAULT_MCTS_ITERATIONS)
    default_think_seconds = DEFAULT_THINK_SECONDS
    chance_button_label = "Roll the dice"
    private_information = False
    clickable_traces = (
        "tiles",
        "canal",
        "tourists",
        "intersections",
        "hotels",
        "mayor",
        "nightwatchman",
        "choices",
    )
    overlays = (("boat", "Show where the boat stops next"),)

    coach_budget = CoachBudget(steps=6, playouts=100, search_iterations=80, move_playouts=6)
    """The coach's work per step: random playouts and MCTS with random rollouts (about 0.2 s).

    600 playouts of a position (about 1 ms each): a win chance "± 4" at most (issue 23).
    """

    def coach_reason(self, view: Any, action: Action) -> str:
        """How many tourists stand where a hotel or a pawn would go (public: the board)."""
        from hoteledu.amsterdam.actions import MovePawn, PlaceHotel
        from hoteledu.amsterdam.board import INTERSECTION_INDEX, SCORING_AROUND

        point = None
        if isinstance(action, PlaceHotel):
            point, what = action.intersection, "the hotel would score"
        elif isinstance(action, MovePawn) and action.destination in INTERSECTION_INDEX:
            point, what = action.destination, f"around the {action.pawn}'s new corner"
        if point is None or point not in INTERSECTION_INDEX:
            return ""
        tourists = view.observation["tourists"]
        count = sum(tourists[place] for place in SCORING_AROUND[INTERSECTION_INDEX[point]])
        return f"{plural(count, 'tourist')} {what} now"

    def new_state(self, players: int, **options: Any) -> State:
        return new_game(players=players, **options)

    def make_bot(self, kind: str, seed: Any, strength: int, think_seconds: float) -> Agent:
        return make_agent(kind, seed, strength, think_seconds)

    # chance
    def auto_chance(self, state: State) -> bool:
        return state.phase in AUTO_CHANCE_PHASES  # type: ignore[attr-defined]

    def chance_owner(self, state: State) -> int | None:
        return state.player if state.phase == ROLL else None  # type: ignore[attr-defined]

    # words
    def player_label(self, player: int) -> str:
        return f"P{player + 1} {COLOURS[player]}"

    def action_label(self, state: State, action: Action) -> str:
        if isinstance(action, SplitSteps):
            return (
                f"Mayor {plural(action.mayor, 'step')}, "
                f"Nightwatchman {plural(action.nightwatchman, 'step')}"
            )
        if isinstance(action, MoveBoat):
            return f"move the boat {plural(action.steps, 'place')}"
        return str(action)

    def phase_text(self, state: State) -> str:
        phase = state.phase  # type: ignore[attr-defined]
        if phase == MOVE_MAYOR:
            return f"{phase} {plural(state.steps[0], 'step')}"  # type: ignore[attr-defined]
        if phase == MOVE_NIGHTWATCHMAN:
            return f"{phase} {plural(state.steps[1], 'step')}"  # type: ignore[attr-defined]
        if phase == CHASE:
            chased = state.chased  # type: ignore[attr-defined]
            return f"choose where {plural(chased, 'chased tourist')} go"
        return phase

    def end_text(self, state: State) -> str:
        """One sentence: the winner's own count first, then why the game ended.

        ``end_reason()`` says "P2 reached 15 tourists ... wins with 16": the
        target and the count read as two different numbers for one player.
        """
        scores = state.scores()  # type: ignore[attr-defined]
        best = max(scores)
        leaders = [p for p, score in enumerate(scores) if score == best]
        who = " and ".join(self.player_label(p) for p in leaders)
        won = "share the win" if len(leaders) > 1 else "wins"
        target = state.target  # type: ignore[attr-defined]
        if not state.target_reached:  # type: ignore[attr-defined]
            why = "the supply is empty and the last turn is finished [AMS-26]"
        elif state.options["end_rule"] == "immediate":
            why = f"reaching the target of {target} tourists ends the game at once [AMS-25]"
        else:
            why = (
                f"a player reached the target of {target} tourists and the turn was "
                "finished (end_rule='end_of_turn') [AMS-25]"
            )
        return f"{who} {won} with {plural(best, 'tourist')}: {why}"

    def how_to_play(self, board: str = "svg") -> Any:
        from hoteledu.amsterdam.howto import HOW_TO_PLAY

        return HOW_TO_PLAY

    def legend_html(self) -> str:
        from hoteledu.amsterdam.figures.board import board_legend_html

        return board_legend_html()

    # drawing
    def scene(self, state: State, viewer: int | None, caption: str) -> Any:
        from hoteledu.amsterdam.figures.board import scene_from_state

        return scene_from_state(state, caption=caption)

    def board_figure(self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]) -> Any:
        from hoteledu.amsterdam.figures.board import board_figure

        return board_figure(scene, highlight, overlays.get("boat"))

    def trace_updates(
        self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]
    ) -> list[dict[str, Any]]:
        from hoteledu.amsterdam.figures.board import board_trace_updates

        return board_trace_updates(scene, highlight, overlays.get("boat"))

    def layout_updates(self, scene: Any) -> dict[str, Any]:
        from hoteledu.amsterdam.figures.board import board_layout_updates

        return board_layout_updates(scene)

    def svg_scene(self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]) -> Any:
        from hoteledu.amsterdam.figures.board import svg_scene

        return svg_scene(scene, highlight, overlays.get("boat"))

    def highlight(self, state: State, legal: Sequence[Action]) -> list[Any]:
        points = []
        for action in legal:
            if isinstance(action, MoveBoat):
                boat = state.boat  # type: ignore[attr-defined]
                points.append(("tile", CANAL_TILES[(boat + action.steps) % len(CANAL_TILES)]))
            points.extend(action_points(action))
        return points

    def overlay(self, state: State, key: str) -> dict[int, Fraction]:
        """Canal index -> exact chance that the boat stops there after the next roll.

        Computed by the analysis (the boat's Markov chain, one step from where
        it is); empty in the tactical variant, where the player chooses.
        """
        if state.options["variant"] != "dice" or state.is_terminal():
            return {}
        from hoteledu.amsterdam.analysis.boat import boat_position_distribution

        dist = boat_position_distribution(1, exact=True, start=state.boat)  # type: ignore[attr-defined]
        return {i: p for i, p in enumerate(dist) if p}

    # clicks
    def click_to_action(
        self, state: State, legal: Sequence[Action], trace_name: str, customdata: Sequence[Any]
    ) -> Action | str:
        kind, a, b = customdata
        if kind == "canal":
            kind, point = "tile", CANAL_TILES[int(a)]
        else:
            point = (int(a), int(b))
        if kind == "tile" and point in CANAL_INDEX:
            boat = state.boat  # type: ignore[attr-defined]
            for action in legal:
                if (
                    isinstance(action, MoveBoat)
                    and CANAL_TILES[(boat + action.steps) % len(CANAL_TILES)] == point
                ):
                    return action
            if any(isinstance(a, MoveBoat) for a in legal):
                return MoveBoat(
                    (CANAL_INDEX[point] - boat) % len(CANAL_TILES)
                )  # the rules say why not
        matches = [a for a in legal if (kind, point) in action_points(a)]
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            choices = "; ".join(self.action_label(state, a) for a in matches)
            return f"several moves use {point}: choose one of the buttons ({choices})"
        # Nothing legal there: build the same kind of action at that point and let
        # the rules refuse it, so the message is the rulebook's.
        for action in legal:
            for field in dataclasses.fields(action):
                value = getattr(action, field.name)
                if (kind, value) in action_points(action):
                    return dataclasses.replace(action, **{field.name: point})
        what = ", ".join(sorted({type(a).__name__ for a in legal}))
        return f"a click on {kind} {point} is no move now; choose one of: {what}"


class AmsterdamController(GameController):
    """One game of Hotel Amsterdam in the app (the shared controller with its adapter).

    Parameters
    ----------
    players : int
        2 to 4 players.
    seats : sequence of str
        One of :data:`SEAT_KINDS` per player (missing seats are filled with
        ``"random"``, extra ones ignored).
    variant : {"dice", "tactical"}
        The family game or the tactical variant.
    seed : int or None
        Seeds the dice and every bot, so a game can be played again.
    mcts_iterations : int
        Strength of the MCTS bots: search iterations per decision.
    layout : {"standard", "shuffled"}
        The tile layout option of the game.
    think_seconds : float or None
        Time budget of one MCTS decision (None: the app's default,
        :data:`DEFAULT_THINK_SECONDS`).
    defer_slow_bots : bool
        Leave MCTS decisions to the view's worker thread.
    """

    def __init__(
        self,
        players: int = 2,
        seats: Sequence[str] = ("human", "greedy"),
        variant: str = "dice",
        seed: int | None = None,
        mcts_iterations: int = DEFAULT_MCTS_ITERATIONS,
        layout: str = "standard",
        think_seconds: float | None = None,
        defer_slow_bots: bool = False,
    ) -> None:
        super().__init__(
            AmsterdamAdapter(),
            players,
            seats,
            seed,
            mcts_iterations,
            think_seconds,
            defer_slow_bots,
            variant=variant,
            layout=layout,
        )

    def new_game(  # type: ignore[override]
        self,
        players: int | None = None,
        seats: Sequence[str] | None = None,
        variant: str | None = None,
        seed: int | None = None,
        mcts_iterations: int | None = None,
        layout: str | None = None,
        strength: int | None = None,
    ) -> None:
        """Start a new game; arguments left out keep their current values."""
        super().new_game(
            players,
            seats,
            seed,
            strength if strength is not None else mcts_iterations,
            variant=variant,
            layout=layout,
        )

    @property
    def mcts_iterations(self) -> int:
        """Strength of the MCTS seats (iterations per decision)."""
        return self.strength

    def needs_roll(self) -> bool:
        """Whether the dice wait for a human player's "roll"."""
        return self.chance_waits_for_human()

    def roll(self) -> bool:
        """Throw the dice for a human player with the app's generator."""
        return self.resolve_chance()

    def click(  # type: ignore[override]
        self, kind: str, point: Sequence[Any], version: int | None = None
    ) -> bool:
        """A click on the board at ``(kind, point)``: ``"intersection"``, ``"tile"`` or ``"canal"``.

        Plays the legal action that refers to that point; with none, the rule's
        message is shown (the state's own explanation of the matching illegal
        action) and nothing changes. ``click("intersections", [kind, a, b])``,
        the shared controller's form (a trace name and a point's customdata),
        works too.
        """
        if len(point) == 3:  # (trace name, customdata)
            return super().click(kind, point, version)
        return super().click("board", [kind, int(point[0]), int(point[1])], version)

    def boat_probabilities(self) -> dict[int, Fraction]:
        """Canal index -> exact chance that the boat stops there after the next roll."""
        return self.adapter.overlay(self.shown_state(), "boat")


@functools.cache
def _app_class() -> type:
    """The app's class, made on first use: it is an ipywidgets view, and this module
    (the adapter and the controller) must load without ipywidgets (PEP 562, as
    :mod:`hoteledu.apps.connection` does for Voila's connection class)."""
    import ipywidgets as w

    from hoteledu.apps.view import GameApp

    class AmsterdamApp(GameApp):
        """Play Hotel Amsterdam against people and bots in a notebook or in Voila.

        :class:`hoteledu.apps.view.GameApp` (setup row, board, buttons, log, undo,
        replay, save/load, legend, bots in a worker thread) with Hotel Amsterdam's
        adapter, plus the names lessons and tests use: ``roll_button``,
        ``overlay_checkbox``, ``variant_dropdown``, ``mcts_slider`` and
        :meth:`click_board`. Made by :func:`make_app`.

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
        layout : {"standard", "shuffled"}
            The tile layout option of the game.

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
            layout: str = "standard",
            coach: bool | None = None,
            setting: str = "practice",
            board: str | None = None,
        ) -> None:
            controller = AmsterdamController(
                players,
                seats,
                variant,
                seed,
                mcts_iterations,
                layout,
                think_seconds=think_seconds,
                defer_slow_bots=True,
            )
            super().__init__(
                controller, threaded=threaded, coach=coach, setting=setting, board=board
            )

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

    AmsterdamApp.__module__ = __name__
    return AmsterdamApp


def make_app(
    players: int = 2,
    seats: Sequence[str] = ("human", "greedy"),
    seed: int | None = None,
    mcts_iterations: int = DEFAULT_MCTS_ITERATIONS,
    think_seconds: float | None = None,
    threaded: bool = True,
    coach: bool | None = None,
    setting: str = "practice",
    board: str | None = None,
    **options: Any,
) -> Any:
    """Play Hotel Amsterdam: the whole app (an ``AmsterdamApp``); ``display`` it or leave it last.

    Parameters
    ----------
    players : int
        2 to 4 players.
    seats : sequence of str
        One of :data:`SEAT_KINDS` per player.
    seed : int or None
        Seeds the dice and the bots, so a lesson can replay a game.
    mcts_iterations : int
        Strength of MCTS bots (search iterations per decision).
    think_seconds : float or None
        Time budget of one MCTS decision (None: :data:`DEFAULT_THINK_SECONDS`).
    threaded : bool
        Run MCTS decisions in a worker thread, so the page stays live.
    coach : bool or None
        Whether the coach starts on (None: on in practice, off in a class experiment).
    setting : {"practice", "class"}
        Where the app runs (``hoteledu.apps.coach.coach_on_by_default``).
    board : {"plotly", "svg"} or None
        How the board is drawn (None: ``hoteledu.apps.view.DEFAULT_BOARD``).
    **options
        The options of the app's setup row: ``variant``, ``layout``.

    Examples
    --------
    >>> app = make_app(players=2, seats=("human", "random"), seed=4)
    >>> app.roll_button.click()
    >>> app.controller.state.phase
    'place hotel'
    >>> app.click_board("intersection", (5, 5))
    >>> from hoteledu.amsterdam.figures.board import trace
    >>> len(trace(app.figure, "hotels").x)
    1
    """
    unknown = sorted(set(options) - set(AmsterdamAdapter.options))
    if unknown:
        raise TypeError(
            f"make_app() has no option {unknown[0]!r}; "
            f"the app's options are {sorted(AmsterdamAdapter.options)}"
        )
    return _app_class()(
        players,
        seats,
        seed=seed,
        mcts_iterations=mcts_iterations,
        think_seconds=think_seconds,
        threaded=threaded,
        coach=coach,
        setting=setting,
        board=board,
        **options,
    )


def __getattr__(name: str) -> Any:
    """``AmsterdamApp``, the app's class, is made on first use (see :func:`_app_class`)."""
    if name == "AmsterdamApp":
        cls = _app_class()
        globals()[name] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "DEFAULT_MCTS_ITERATIONS",
    "DEFAULT_THINK_SECONDS",
    "SEAT_KINDS",
    "AmsterdamAdapter",
    "AmsterdamController",
    "action_points",
    "make_agent",
    "make_app",
]
