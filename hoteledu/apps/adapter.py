"""What a game supplies to the shared app: the :class:`GameAdapter` protocol.

The controller (:mod:`hoteledu.apps.controller`) and the view
(:mod:`hoteledu.apps.view`) know nothing of tiles, cards or boards. A game
plugs in with one adapter object: plain attributes and small functions, none
of which decides a rule (legality is always the state's
``legal_actions()`` / ``apply_action``).

Set-up
    ``game`` (the registry name, checked when a record is loaded),
    ``title``, ``player_counts``, ``options`` (option name -> allowed values,
    the first is the default; shown as dropdowns), ``new_state(players,
    **options)``.
Seats and bots
    ``bot_kinds`` (e.g. ``("random", "greedy", "mcts")``), ``slow_bots``
    (kinds whose decision runs in a worker thread with the "thinking" sign),
    ``make_bot(kind, seed, strength, think_seconds)``, ``strength_label``,
    ``strength_range`` ``(min, max, step, default)``, ``default_think_seconds``.
Chance
    ``auto_chance(state)``: chance nodes resolved at once (a deal, a
    consequence of a choice already made); ``chance_owner(state)``: the player
    whose press resolves the chance node (their dice), or None;
    ``chance_button_label``.
Words
    ``player_label(player)`` (``"P1 red"``: players are P1, P2... everywhere),
    ``action_label(state, action)`` for buttons and the log, ``log_label(state,
    action)`` for the log alone (seen by every seat: never a hidden card), ``phase_text(state)``
    for the status line (whose turn and what happens; never "1 steps"),
    ``end_text(state)`` (why the game ended: ``state.end_reason()``),
    ``legend_html()`` (the legend shown on the page, not only on hover);
    ``how_to_play()`` (the game's :class:`~hoteledu.apps.howto.HowToPlay`, its
    ``howto`` module's text: the app's "How to play" panel; None: no panel);
    ``max_buttons``: how many legal actions are drawn as buttons (the list
    below them always offers all).
Privacy
    ``private_information``: when True the view covers the board with a "pass
    the laptop to P2" screen whenever the next human seat differs from the
    last one shown, and draws only that seat's ``observation``.
    ``record_reveals``: words for what the whole record shows that a seat may
    not see ("" when it shows nothing hidden); with it and more than one
    person at the laptop, Save saves ``observation(state, seat)`` (the seat at
    the laptop, None: the public part only) and the whole record takes an
    explicit "Save the whole game" that names what it reveals.
Drawing (plotly only; no rule)
    ``scene(state, viewer, caption)``: plain data to draw, read from what seat
    ``viewer`` may see (``viewer`` None: the public view);
    ``board_figure(scene, highlight, overlays)`` -> ``plotly.graph_objects.Figure``;
    ``trace_updates(scene, highlight, overlays)`` -> one dict per trace of that
    figure, in its order; ``layout_updates(scene)`` -> a dict of layout properties;
    ``svg_scene(scene, highlight, overlays)`` -> the same board as an
    :class:`~hoteledu.apps.svgboard_scene.SvgScene` (the app's SVG board; optional);
    ``highlight(state, legal)``: what to ring for the legal choices;
    ``overlays``: ``(key, checkbox label)`` pairs and ``overlay(state, key)``
    (data handed to the figure when that checkbox is ticked).
Coach (:mod:`hoteledu.apps.coach`)
    ``coach_budget`` (its fixed work per position), ``coach_searcher(seed,
    iterations)`` (the strong bot's search: an agent with ``search(view)``),
    ``coach_playout_agent(seed)`` (plays the win-chance playouts; None: random
    moves), ``coach_reason(view, action)`` (a short phrase, from what the
    view's seat may see: "fills your red room").
Clicks
    ``clickable_traces`` (trace names) and ``click_to_action(state, legal,
    trace_name, customdata)`` -> an ``Action`` (the controller plays it, and
    an illegal one is refused with the rule's message) or a ``str`` message
    ("not legal here because <rule>").

Examples
--------
>>> GameAdapter.player_label(GameAdapter(), 0)
'P1'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from hoteledu.core.actions import Action
from hoteledu.core.agents import Agent
from hoteledu.core.state import State


class GameAdapter:
    """The game-specific pieces of an app (a base class with harmless defaults).

    Subclass it and override what the game needs; see the module docstring.
    """

    game: str = ""
    title: str = ""
    player_counts: tuple[int, ...] = (2,)
    options: ClassVar[dict[str, tuple[Any, ...]]] = {}
    bot_kinds: tuple[str, ...] = ("random",)
    slow_bots: frozenset[str] = frozenset()
    strength_label: str = "Bot strength"
    strength_range: tuple[int, int, int, int] = (1, 1, 1, 1)
    default_think_seconds: float = 0.25
    chance_button_label: str = "Roll the dice"
    private_information: bool = False
    record_reveals: str = "every seat's hidden information"
    clickable_traces: tuple[str, ...] = ()
    overlays: tuple[tuple[str, str], ...] = ()
    max_buttons: int = 40  # legal actions drawn as buttons; the list always has them all
    max_record_actions: int = 20_000
    max_record_bytes: int = 2_000_000

    # ------------------------------------------------------------- set-up
    def new_state(self, players: int, **options: Any) -> State:
        """A new game (the rules' own constructor)."""
        raise NotImplementedError

    def make_bot(self, kind: str, seed: Any, strength: int, think_seconds: float) -> Agent:
        """A bot of ``kind`` for a seat (its own random stream ``seed``)."""
        from hoteledu.core.agents import RandomAgent

        return RandomAgent(seed, name=kind)

    # ------------------------------------------------------------- chance
    def auto_chance(self, state: State) -> bool:
        """Whether the chance node now is resolved at once, with nothing to press."""
        return True

    def chance_owner(self, state: State) -> int | None:
        """The player whose press resolves this chance node (None: nobody's)."""
        return None

    # -------------------------------------------------------------- words
    def player_label(self, player: int) -> str:
        """How a player reads everywhere: ``P1``, ``P2``... (engine index 0 is P1)."""
        return f"P{player + 1}"

    def action_label(self, state: State, action: Action) -> str:
        """How an action reads in a button and in the log."""
        return str(action)

    def log_label(self, state: State, action: Action) -> str:
        """How an action reads in the log, which every seat sees (default: its label).

        A game with hidden cards overrides it so the log never names them.
        """
        return self.action_label(state, action)

    def merged_log_line(self, previous: str, line: str) -> str | None:
        """One line for ``previous`` and the new ``line`` (None: keep both lines).

        A game whose setup takes many alike chance actions folds them into one.
        """
        return None

    def phase_text(self, state: State) -> str:
        """What happens now, in words (after the player's label)."""
        return ""

    def end_text(self, state: State) -> str:
        """Why the game ended (the rules' ``end_reason()`` when they have one)."""
        reason = getattr(state, "end_reason", None)
        return reason() if callable(reason) else f"winners {state.winners()}"

    def score_text(self, state: State, player: int) -> str:
        """A player's final score in the status line (default: the number)."""
        score = getattr(state, "scores", state.returns)()[player]
        return f"{score:g}"

    def legend_html(self) -> str:
        """The legend shown beside the board (HTML)."""
        return ""

    def how_to_play(self, board: str = "svg") -> Any:
        """The game's :class:`~hoteledu.apps.howto.HowToPlay` for an app that draws ``board``
        ("svg" or "plotly"; None: the app has no panel)."""
        return None

    # ------------------------------------------------------------ privacy
    def observation(self, state: State, viewer: int | None) -> Any:
        """What ``viewer`` may see, as JSON data (None: the public part only)."""
        if viewer is not None:
            return state.observation(viewer)
        if self.private_information:
            raise NotImplementedError(f"{self.title} says what the public part of its state is")
        return state.observation(0)

    # ------------------------------------------------------------ drawing
    def scene(self, state: State, viewer: int | None, caption: str) -> Any:
        """What to draw, from what ``viewer`` may see (None: the public view)."""
        return state.observation(viewer if viewer is not None else 0)

    def board_figure(self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]) -> Any:
        """A ``plotly.graph_objects.Figure`` of the scene."""
        import plotly.graph_objects as go

        return go.Figure()

    def trace_updates(
        self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]
    ) -> list[dict[str, Any]]:
        """The data of each trace of :meth:`board_figure`, in order."""
        return []

    def layout_updates(self, scene: Any) -> dict[str, Any]:
        """Layout properties that change with the scene (e.g. the title)."""
        return {}

    def svg_scene(self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]) -> Any:
        """The board as an :class:`~hoteledu.apps.svgboard_scene.SvgScene` (the same
        elements as :meth:`board_figure`; its targets name a trace and customdata as
        plotly's clicks do). A game that does not override it is drawn with plotly."""
        raise NotImplementedError(f"{self.title} draws its board with plotly only")

    def highlight(self, state: State, legal: Sequence[Action]) -> list[Any]:
        """What to ring on the board for the legal actions."""
        return []

    def overlay(self, state: State, key: str) -> Any:
        """Data of overlay ``key`` for the figure (computed by the analysis)."""
        return None

    # --------------------------------------------------------------- coach
    coach_budget: Any = None  # None: hoteledu.apps.coach.CoachBudget()

    def coach_searcher(self, seed: Any, iterations: int) -> Any:
        """The strong bot's search for the coach (``search(view)`` gives root statistics)."""
        from hoteledu.core.mcts import MCTSAgent

        return MCTSAgent(iterations, seed=seed, name="coach")

    def coach_playout_agent(self, seed: Any) -> Agent | None:
        """The bot that plays the coach's win-chance playouts (None: random moves)."""
        return None

    def coach_reason(self, view: Any, action: Action) -> str:
        """A short phrase saying what ``action`` does, from ``view``'s seat's information."""
        return ""

    # -------------------------------------------------------------- clicks
    def click_to_action(
        self, state: State, legal: Sequence[Action], trace_name: str, customdata: Sequence[Any]
    ) -> Action | str:
        """The action a click means, or a message saying why it is no move."""
        return "a click on the board is no move in this game"


__all__ = ["GameAdapter"]
