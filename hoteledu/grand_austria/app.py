"""The Grand Austria Hotel app's game-specific pieces, on the shared scaffolding.

:class:`GrandAustriaAdapter` is what Grand Austria Hotel supplies to
:mod:`hoteledu.apps` (see :mod:`hoteledu.apps.adapter`): the game figure
(the action board with its dice, the guest row and every hotel board, from
:mod:`hoteledu.grand_austria.figures.board`), the mapping of a board click to an
action (or to the rule that refuses it), the words of actions and phases,
the legend, the hint (the exact strength after passing, from
:mod:`hoteledu.grand_austria.analysis.strength`) and its bots.
:class:`GrandAustriaController` is the shared
:class:`~hoteledu.apps.controller.GameController` with this adapter;
:func:`make_app` builds the whole ipywidgets app.

Grand Austria has private information (each staff hand): the board is drawn
from the shown seat's ``observation`` only, the log never names a hidden
card, and between two human seats the app shows a "pass the laptop" screen.

The controller decides no rule and is the runner of the game: it draws the
cards and the start player at once, and the dice of each round (and the
rerolls after everyone passed) wait for the start player's "Roll the dice"
when that seat is a person.

Examples
--------
>>> app = GrandAustriaController(players=2, seats=("human", "heuristic"), seed=1)
>>> app.state.current_player() in (0, 1)
True
>>> app.adapter.player_label(0)
'P1'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from hoteledu.apps.adapter import GameAdapter
from hoteledu.apps.bots import BEGINNER_NOISE, LEVELS, SLOW_LEVELS, NoisyAgent
from hoteledu.apps.coach import CoachBudget
from hoteledu.apps.connection import VOILA_NODELAY_OPTION
from hoteledu.apps.controller import GameController, plural
from hoteledu.apps.seats import seat_agent
from hoteledu.core.actions import Action
from hoteledu.core.agents import Agent
from hoteledu.core.state import State
from hoteledu.grand_austria import effects as fx
from hoteledu.grand_austria import refusals
from hoteledu.grand_austria import tasks as tk
from hoteledu.grand_austria.actions import (
    ITEMS,
    CheckIn,
    CompleteOrder,
    DiscardStaff,
    DrawStaff,
    Hire,
    Occupy,
    PickStaff,
    Prepare,
    RemoveRoom,
    ReturnStaff,
    Serve,
    TakeDie,
    TakeGuest,
    UseStaff,
)
from hoteledu.grand_austria.info import GAME_INFO
from hoteledu.grand_austria.rules import ROUNDS, GrandAustriaState, new_game

SEAT_KINDS: tuple[str, ...] = ("human", "random", "heuristic", "mcts", *LEVELS)
"""Who may sit at a seat: a person, a bot by name, or a named level (``docs/levels.md``)."""
STRONG_ITERATIONS: int | None = None
"""The strong level searches no iterations: its fixed work is the plan's evaluations a turn."""
DEFAULT_MCTS_ITERATIONS = 200
APP_OPTIONS = ("staff_setup", "additional_actions")
"""The options the app offers (their choices are info.py's)."""
_STAFF_LINE = re.compile(r"chance: a staff card is (?P<verb>dealt|drawn)(?: for (?P<who>P\d))?")
_STAFF_LINES = re.compile(r"chance: \d+ staff cards (?P<verb>dealt|drawn) \((?P<counts>[^()]*)\)")
DEFAULT_THINK_SECONDS = 0.3
"""Time budget of one MCTS decision: well within 1 s even on a loaded machine."""

Mark = tuple[Any, ...]


def make_agent(
    kind: str,
    seed: int | np.random.SeedSequence,
    mcts_iterations: int = DEFAULT_MCTS_ITERATIONS,
    think_seconds: float | None = DEFAULT_THINK_SECONDS,
) -> Agent:
    """A bot for a seat: ``"random"``, ``"heuristic"`` or ``"mcts"``.

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
    """
    bots = {"heuristic": _heuristic_agent, **LEVEL_BOTS}
    return seat_agent(kind, seed, SEAT_KINDS, bots, mcts_iterations, think_seconds)


def _heuristic_agent(seed: int | np.random.SeedSequence) -> Agent:
    from hoteledu.grand_austria.bots import HeuristicAgent

    return HeuristicAgent(seed)


def _beginner(seed: Any) -> Agent:
    from hoteledu.grand_austria.bots import HeuristicAgent

    return NoisyAgent(HeuristicAgent(), BEGINNER_NOISE, name="beginner").reseeded(seed)


def _intermediate(seed: Any) -> Agent:
    from hoteledu.grand_austria.bots import HeuristicAgent

    return HeuristicAgent(seed, name="intermediate")


def _strong(seed: Any) -> Agent:
    from hoteledu.grand_austria.plan import PlanAgent

    # The turn planner (docs/grand_austria_bot.md) beat the heuristic in most seeded
    # games; MCTS with 12 heuristic rollouts, the level before it, lost to the heuristic.
    return PlanAgent(seed, name="strong")


LEVEL_BOTS = {"beginner": _beginner, "intermediate": _intermediate, "strong": _strong}
"""The named levels: the heuristic with noise, the heuristic, the turn planner."""


def _top(state: State) -> tk.Task | None:
    tasks = state.tasks  # type: ignore[attr-defined]
    return tasks[-1] if tasks else None


def _room_words(room: int) -> str:
    cat = fx.catalog()
    return f"room {room} (floor {cat.floor[room] + 1}, {cat.colour[room]})"


def _guest_name(state: State, player: int, slot: int) -> str:
    cafe = state.cafe[player]  # type: ignore[attr-defined]
    if 0 <= slot < len(cafe):
        return f"{fx.catalog().guests[cafe[slot][0]].name} (café {slot + 1})"
    return f"café guest {slot + 1}"


def _staff_name(card: int) -> str:
    staff = fx.catalog().staff.get(card)
    return f"{card} {staff.name}" if staff is not None else str(card)


def action_marks(state: State, action: Action) -> list[Mark]:
    """The board marks an action refers to (reads the action's data; decides nothing)."""
    p = state.current_player()
    if isinstance(action, TakeDie):
        return [("space", action.space)]
    if isinstance(action, TakeGuest):
        return [("guest", action.slot)]
    if isinstance(action, Prepare | Occupy | RemoveRoom):
        return [("room", p, action.room)]
    if isinstance(action, CheckIn):
        return [("cafe", p, action.slot), ("room", p, action.room)]
    if isinstance(action, Serve | CompleteOrder):
        return [("cafe", p, action.slot)]
    return []


class GrandAustriaAdapter(GameAdapter):
    """Grand Austria Hotel's pieces for the shared app (see :mod:`hoteledu.apps.adapter`)."""

    game = "grand_austria"
    title = "Grand Austria Hotel"
    player_counts = (2, 3, 4)
    options: ClassVar[dict[str, tuple[Any, ...]]] = {
        name: GAME_INFO.choices(name) for name in APP_OPTIONS
    }
    bot_kinds = SEAT_KINDS[1:]
    slow_bots = frozenset({"mcts"}) | SLOW_LEVELS
    strength_label = "MCTS strength"
    strength_range = (10, 2000, 10, DEFAULT_MCTS_ITERATIONS)
    default_think_seconds = DEFAULT_THINK_SECONDS
    chance_button_label = "Roll the dice"
    private_information = True
    record_reveals = "every staff card in every hand and the order of the staff deck"
    clickable_traces = ("spaces", "guests", "rooms", "cafe")
    overlays = (("hint", "Hint: the exact strength after passing"),)

    coach_budget = CoachBudget(steps=16, playouts=8, search_iterations=3, move_playouts=1)
    """The coach's work per step: heuristic playouts (random play says little here).

    128 playouts of a position, "± 9" at most: a heuristic playout costs 7 to 28 ms,
    and "± 4" would take 600 of them, 17 s at the start (docs/apps.md, issue 23).
    """

    def coach_searcher(self, seed: Any, iterations: int) -> Agent:
        from hoteledu.core.mcts import MCTSAgent
        from hoteledu.grand_austria.bots import HeuristicAgent

        return MCTSAgent(iterations, seed=seed, rollout_agent=HeuristicAgent(), name="coach")

    def coach_playout_agent(self, seed: Any) -> Agent | None:
        from hoteledu.grand_austria.bots import HeuristicAgent

        return HeuristicAgent(seed)

    def new_state(self, players: int, **options: Any) -> State:
        return new_game(players=players, **options)

    def make_bot(self, kind: str, seed: Any, strength: int, think_seconds: float) -> Agent:
        return make_agent(kind, seed, strength, think_seconds)

    # chance: cards and the start player at once; the dice wait for the start player
    def auto_chance(self, state: State) -> bool:
        return not isinstance(_top(state), tk.Roll)

    def chance_owner(self, state: State) -> int | None:
        if not isinstance(_top(state), tk.Roll):
            return None
        return state.turn_order()[0]  # type: ignore[attr-defined]

    # words
    def player_label(self, player: int) -> str:
        return f"P{player + 1}"

    def action_label(self, state: State, action: Action) -> str:
        """Buttons and the log: the card names, costs and strengths spelled out."""
        p = state.current_player()
        top = _top(state)
        cost = state.action_cost(action)  # type: ignore[attr-defined]
        price = plural(cost, "krone") if cost else "free"
        if isinstance(action, TakeDie) and p >= 0:
            act = action.imitate if action.space == 6 else action.space
            strength = state.die_strength(p, action.space, action.boost, act)  # type: ignore[attr-defined]
            # "+1 for a krone" is in the action's own words; space 6's fee is not
            fee = f", {price}" if action.space == 6 else ""
            return f"{action}: strength {strength}{fee}"
        if isinstance(action, TakeGuest) and p >= 0:
            guest = state.queue[action.slot]  # type: ignore[attr-defined]
            if guest is None:
                return str(action)
            return f"take guest {fx.catalog().guest_text(guest)}, {price}"
        if isinstance(action, Prepare) and isinstance(top, tk.Prepare):
            return f"prepare {_room_words(action.room)}, {plural(cost, 'krone')}"
        if isinstance(action, Occupy):
            return f"occupy {_room_words(action.room)}"
        if isinstance(action, RemoveRoom):
            return f"remove the tile of {_room_words(action.room)}"
        if isinstance(action, CheckIn):
            return f"check in {_guest_name(state, p, action.slot)} to {_room_words(action.room)}"
        if isinstance(action, Serve):
            return f"serve {ITEMS[action.item]} to {_guest_name(state, p, action.slot)}"
        if isinstance(action, CompleteOrder):
            return f"complete the order of {_guest_name(state, p, action.slot)}"
        if isinstance(action, Hire) and isinstance(top, tk.Hire):
            return f"play staff card {_staff_name(action.card)}, {plural(cost, 'krone')}"
        if isinstance(action, UseStaff):
            return f"use staff card {_staff_name(action.card)}"
        if isinstance(action, PickStaff):
            return f"keep staff card {_staff_name(action.card)}"
        if isinstance(action, ReturnStaff):
            return f"put staff card {_staff_name(action.card)} under the deck"
        if isinstance(action, DiscardStaff):
            return f"discard played staff card {_staff_name(action.card)}"
        return str(action)

    def log_label(self, state: State, action: Action) -> str:
        """The log is read by every seat: cards from a hidden hand are not named."""
        if isinstance(action, DrawStaff):
            top = _top(state)
            whom = f" for P{top.player + 1}" if isinstance(top, tk.PlayerTask) else ""
            verb = "dealt" if state.round == 0 else "drawn"  # type: ignore[attr-defined]
            return f"a staff card is {verb}{whom}"
        if isinstance(action, PickStaff):
            return "keeps a staff card of the packet"
        if isinstance(action, ReturnStaff):
            return "puts a staff card from the hand under the deck"
        return self.action_label(state, action)

    def merged_log_line(self, previous: str, line: str) -> str | None:
        """The setup's staff cards, one per action, read as one line: "12 staff cards dealt"."""
        new = _STAFF_LINE.fullmatch(line)
        old = _STAFF_LINE.fullmatch(previous) or _STAFF_LINES.fullmatch(previous)
        if new is None or old is None or old["verb"] != new["verb"]:
            return None
        counts: dict[str, int] = {}
        found = old.groupdict()
        for part in (found.get("counts") or f"{found.get('who') or 'the deck'} 1").split(", "):
            who, _, count = part.rpartition(" ")
            counts[who] = counts.get(who, 0) + int(count)
        who = new["who"] or "the deck"
        counts[who] = counts.get(who, 0) + 1
        total = sum(counts.values())
        listed = ", ".join(f"{who} {count}" for who, count in counts.items())
        return f"chance: {total} staff cards {new['verb']} ({listed})"

    def phase_text(self, state: State) -> str:
        top = _top(state)
        if top is None:
            return "game over"
        round_number = state.round  # type: ignore[attr-defined]
        round_words = f"round {round_number} of {ROUNDS}" if round_number else "setup"
        if isinstance(top, tk.Roll):
            return f"{round_words}: roll {plural(top.dice, 'die', 'dice')}"
        ask = refusals.task_ask(state, top)[0]
        if isinstance(top, tk.Prepare):  # "up to 1 more room(s)": the count gets its plural
            ask = ask.replace("room(s)", "room" if top.count == 1 else "rooms")
        return f"{round_words}: {ask}"

    def end_text(self, state: State) -> str:
        winners = state.winners()
        names = " and ".join(self.player_label(p) for p in winners)
        best = state.vp[winners[0]]  # type: ignore[attr-defined]
        verb = "wins" if len(winners) == 1 else "share the win"
        return f"round {ROUNDS} ended: {names} {verb} with {best} VP"

    def how_to_play(self, board: str = "svg") -> Any:
        from hoteledu.grand_austria.howto import how_to_play

        return how_to_play(board)  # the two boards label their parts differently

    def legend_html(self) -> str:
        return (
            "<div style='font-size:90%'><b>Reading the board.</b> Top: the six action "
            "spaces with their dice (each die shows its space's number; how many there are "
            "is the action's strength; click a space to take a die). Below: the guest row, "
            "each card with its order as dish and drink tokens (filled: served), its VP, "
            "reward and cost in krones (click a guest to take it). Each hotel board: rooms "
            "by colour (white: no tile yet, pale: prepared, full with a disc: occupied; "
            "click a room to prepare, occupy or check in), the café guests (click one to "
            "serve it), the kitchen, the staff cards, the emperor track (▼ marks the disc) "
            "and the VP track (◆). Orange outlines: where you may click now. Another "
            "seat's hand shows only its size. The key under the board names every piece. "
            "(The plotly board, <code>board='plotly'</code>, writes an order in letters: "
            "S strudel, C cake, W wine, K coffee.)</div>"
        )

    def observation(self, state: State, viewer: int | None) -> Any:
        """A seat's observation, or (None) the board's public view: every hand face down."""
        from hoteledu.grand_austria.figures.board import _observation

        return _observation(state, viewer)

    # drawing
    def scene(self, state: State, viewer: int | None, caption: str) -> Any:
        from hoteledu.grand_austria.figures.board import scene_from_observation

        return scene_from_observation(state, viewer, caption)

    def board_figure(self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]) -> Any:
        from hoteledu.grand_austria.figures.board import game_figure

        return game_figure(scene, highlight, overlays.get("hint"))

    def trace_updates(
        self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]
    ) -> list[dict[str, Any]]:
        from hoteledu.grand_austria.figures.board import game_trace_updates

        return game_trace_updates(scene, highlight, overlays.get("hint"))

    def layout_updates(self, scene: Any) -> dict[str, Any]:
        from hoteledu.grand_austria.figures.board import game_layout_updates

        return game_layout_updates(scene)

    def svg_scene(self, scene: Any, highlight: Sequence[Any], overlays: dict[str, Any]) -> Any:
        from hoteledu.grand_austria.figures.board import svg_scene

        return svg_scene(scene, highlight, overlays.get("hint"))

    def highlight(self, state: State, legal: Sequence[Action]) -> list[Any]:
        marks: list[Mark] = []
        for action in legal:
            for mark in action_marks(state, action):
                if mark not in marks:
                    marks.append(mark)
        return marks

    def overlay(self, state: State, key: str) -> dict[str, Any]:
        """The exact strength of the strongest space if everyone passes now.

        With ``m`` dice on the board, a round of passes sends one die to the
        dustbin and rerolls ``m - 1`` (GAH-R05): their strongest space has the
        exact distribution :func:`strength_distribution`, and playing
        take-or-pass well from there is worth ``stopping_value(m - 1)``.
        """
        dice = sum(state.dice)  # type: ignore[attr-defined]
        if state.is_terminal() or dice < 2:
            return {}
        from hoteledu.grand_austria.analysis.strength import (
            mean,
            stopping_value,
            strength_distribution,
        )

        distribution = strength_distribution(dice - 1)
        return {
            "dice": dice - 1,
            "distribution": distribution,
            "mean": mean(distribution),
            "value": stopping_value(dice - 1).values[dice - 1],
        }

    # clicks
    def click_to_action(
        self, state: State, legal: Sequence[Action], trace_name: str, customdata: Sequence[Any]
    ) -> Action | str:
        kind = customdata[0]
        mark: Mark = tuple(customdata[:2]) if kind in ("space", "guest") else tuple(customdata[:3])
        mover = state.current_player()
        if kind in ("room", "cafe") and int(mark[1]) != mover:
            return f"that is P{int(mark[1]) + 1}'s hotel: you act on your own board (P{mover + 1})"
        matches = [a for a in legal if mark in action_marks(state, a)]
        if kind == "space":
            plain = [a for a in matches if not a.boost]  # type: ignore[attr-defined]
            matches = plain or matches
        if len(matches) == 1:
            return matches[0]
        if len(matches) > 1:
            choices = "; ".join(self.action_label(state, a) for a in matches)
            return f"several moves fit this click: choose one of the buttons ({choices})"
        # nothing legal there: the same kind of action at that point, for the rules to refuse
        index = int(mark[-1])
        if kind == "space":
            return TakeDie(index, False, 1 if index == 6 else 0)
        if kind == "guest":
            return TakeGuest(index)
        if kind == "room":
            types = {type(a) for a in legal}
            if Occupy in types:
                return Occupy(index)
            if RemoveRoom in types:
                return RemoveRoom(index)
            return Prepare(index)
        return CompleteOrder(index)


class GrandAustriaController(GameController):
    """One game of Grand Austria Hotel in the app (the shared controller with its adapter).

    Parameters
    ----------
    players : int
        2 to 4 players.
    seats : sequence of str
        One of :data:`SEAT_KINDS` per player.
    seed : int or None
        Seeds the dice, the cards and every bot, so a game can be played again.
    strength : int or None
        MCTS iterations per decision (default :data:`DEFAULT_MCTS_ITERATIONS`).
    think_seconds : float or None
        Time budget of one MCTS decision (None: :data:`DEFAULT_THINK_SECONDS`).
    defer_slow_bots : bool
        Leave MCTS decisions to the view's worker thread.
    **options
        ``staff_setup`` and ``additional_actions`` (the game's options).
    """

    def __init__(
        self,
        players: int = 2,
        seats: Sequence[str] = ("human", "heuristic"),
        seed: int | None = None,
        strength: int | None = None,
        think_seconds: float | None = None,
        defer_slow_bots: bool = False,
        **options: Any,
    ) -> None:
        super().__init__(
            GrandAustriaAdapter(),
            players,
            seats,
            seed,
            strength,
            think_seconds,
            defer_slow_bots,
            **options,
        )

    def hint(self) -> dict[str, Any]:
        """The exact strength after passing, as the hint shows it (empty when there is none)."""
        return self.adapter.overlay(self.shown_state(), "hint")


def make_app(
    players: int = 2,
    seats: Sequence[str] = ("human", "heuristic"),
    seed: int | None = None,
    strength: int | None = None,
    think_seconds: float | None = None,
    threaded: bool = True,
    coach: bool | None = None,
    setting: str = "practice",
    board: str | None = None,
    **options: Any,
) -> Any:
    """The whole app (a :class:`hoteledu.apps.view.GameApp`); ``display`` it or leave it last.

    MCTS seats think in a worker thread (the page stays live and says who is
    thinking); ``threaded=False`` runs them inline. ``coach``: whether the coach
    starts on (None: on in practice, off when ``setting="class"``). ``board``: ``"plotly"`` or
    ``"svg"`` (None: ``hoteledu.apps.view.DEFAULT_BOARD``).
    """
    from hoteledu.apps.view import GameApp

    controller = GrandAustriaController(
        players, seats, seed, strength, think_seconds, defer_slow_bots=True, **options
    )
    return GameApp(controller, threaded=threaded, coach=coach, setting=setting, board=board)


__all__ = [
    "DEFAULT_MCTS_ITERATIONS",
    "DEFAULT_THINK_SECONDS",
    "SEAT_KINDS",
    "VOILA_NODELAY_OPTION",
    "GrandAustriaAdapter",
    "GrandAustriaController",
    "GrandAustriaState",
    "action_marks",
    "make_agent",
    "make_app",
]
