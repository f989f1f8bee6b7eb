"""The controller of the playable Hotel Amsterdam app, testable without Jupyter.

The widget (``widget.py``) is a thin view over :class:`AmsterdamController`.
The controller decides no rule: it asks the state for ``legal_actions()``,
applies the chosen action, and turns an :class:`IllegalActionError` into a
message while the state stays as it was. It is the *runner* of the game, so
it resolves the chance nodes with its own seeded generator: the dice when a
human presses "roll", the setup deal and the random tile of a tourist led
from the Dam (direct consequences, resolved at once), and every chance node
in a bot's turn.

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
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import numpy as np

from hoteledu.amsterdam.board import CANAL_INDEX, CANAL_TILES
from hoteledu.amsterdam.rules import (
    COLOURS,
    DAM_LEAD,
    DEAL,
    ROLL,
    AmsterdamState,
    MoveBoat,
    new_game,
)
from hoteledu.core.actions import Action
from hoteledu.core.agents import Agent, PlayerView, RandomAgent
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.records import GameRecord
from hoteledu.core.state import CHANCE

SEAT_KINDS: tuple[str, ...] = ("human", "random", "greedy", "mcts")
"""Who may sit at a seat: a person, or a bot of increasing strength."""
AUTO_CHANCE_PHASES = frozenset({DEAL, DAM_LEAD})
"""Chance nodes resolved at once: the setup deal, the tile of a tourist led from the Dam."""
MAX_BOT_ACTIONS = 5_000
"""Safety bound on one autoplay run (a whole game is far shorter)."""

Point = tuple[int, int]


def make_agent(kind: str, seed: int | np.random.SeedSequence, mcts_iterations: int = 200) -> Agent:
    """A bot for a seat: ``"random"``, ``"greedy"`` or ``"mcts"``.

    Parameters
    ----------
    kind : str
        One of :data:`SEAT_KINDS` except ``"human"``.
    seed : int or SeedSequence
        The bot's own random stream.
    mcts_iterations : int
        Search iterations per decision of the MCTS bot (its strength).

    Returns
    -------
    Agent
    """
    if kind == "random":
        return RandomAgent(seed, name="random")
    if kind == "greedy":
        from hoteledu.amsterdam.bots import GreedyAgent

        return GreedyAgent().reseeded(seed)
    if kind == "mcts":
        from hoteledu.core.mcts import MCTSAgent

        return MCTSAgent(iterations=mcts_iterations, seed=seed, name=f"mcts {mcts_iterations}")
    raise ValueError(f"a seat is one of {SEAT_KINDS}, not {kind!r}")


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


class AmsterdamController:
    """One game in the app: the state, the seats, the log, undo, replay, save and load.

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
    """

    def __init__(
        self,
        players: int = 2,
        seats: Sequence[str] = ("human", "greedy"),
        variant: str = "dice",
        seed: int | None = None,
        mcts_iterations: int = 200,
        layout: str = "standard",
    ) -> None:
        self.autoplay = True
        self.new_game(players, seats, variant, seed, mcts_iterations, layout)

    # ------------------------------------------------------------ set-up
    def new_game(
        self,
        players: int | None = None,
        seats: Sequence[str] | None = None,
        variant: str | None = None,
        seed: int | None = None,
        mcts_iterations: int | None = None,
        layout: str | None = None,
    ) -> None:
        """Start a new game; arguments left out keep their current values."""
        old = getattr(self, "state", None)
        players = players if players is not None else (old.num_players if old else 2)
        variant = variant or (old.options["variant"] if old else "dice")
        layout = layout or (old.options["layout"] if old else "standard")
        seats = list(seats if seats is not None else self.seats)
        if mcts_iterations is not None:
            self.mcts_iterations = int(mcts_iterations)
        for kind in seats:
            if kind not in SEAT_KINDS:
                raise ValueError(f"a seat is one of {SEAT_KINDS}, not {kind!r}")
        self.seats: list[str] = (seats + ["random"] * players)[:players]
        self.seed = seed
        self._seed_sequence = np.random.SeedSequence(seed)
        chance_seed, *bot_seeds = self._seed_sequence.spawn(1 + players)
        self.rng = np.random.default_rng(chance_seed)
        self.agents: list[Agent | None] = [
            None if kind == "human" else make_agent(kind, bot_seeds[p], self.mcts_iterations)
            for p, kind in enumerate(self.seats)
        ]
        self.state: AmsterdamState = new_game(players=players, variant=variant, layout=layout)
        self.movers: list[int] = []  # who took each action of the history (CHANCE for chance)
        self.log: list[str] = []
        self.message = ""
        self.view_index: int | None = None  # replay slider: None shows the live game
        self._note(f"new game: {players} players ({', '.join(self._seat_names())}), {variant}")
        self._settle()

    def _seat_names(self) -> list[str]:
        return [f"{COLOURS[p]} {kind}" for p, kind in enumerate(self.seats)]

    def player_label(self, player: int) -> str:
        """``"P1 red (you)"`` style label of a player (numbered from 1 for people)."""
        kind = self.seats[player]
        who = "you" if kind == "human" else kind
        return f"P{player + 1} {COLOURS[player]} ({who})"

    # ------------------------------------------------------------ queries
    def shown_state(self) -> AmsterdamState:
        """The live state, or the state at the replay slider's position."""
        if self.view_index is None or self.view_index >= len(self.state.history):
            return self.state
        return self.record().replay(self.view_index)  # type: ignore[return-value]

    def is_live(self) -> bool:
        """Whether the app shows the live game (not a replayed earlier position)."""
        return self.view_index is None or self.view_index >= len(self.state.history)

    def mover(self) -> int:
        """``state.current_player()``: a player, CHANCE or TERMINAL."""
        return self.state.current_player()

    def human_to_decide(self) -> bool:
        """Whether a human player takes the next decision (not chance, not a bot)."""
        mover = self.mover()
        return mover >= 0 and self.seats[mover] == "human" and self.is_live()

    def needs_roll(self) -> bool:
        """Whether the dice wait for a human player's "roll"."""
        return (
            self.is_live()
            and self.mover() == CHANCE
            and self.state.phase == ROLL
            and self.seats[self.state.player] == "human"
        )

    def bot_to_move(self) -> bool:
        """Whether the next action belongs to a bot (its decision or its dice)."""
        if not self.is_live() or self.state.is_terminal():
            return False
        if self.mover() == CHANCE:
            return self.seats[self.state.player] != "human"
        return self.seats[self.mover()] != "human"

    def legal_actions(self) -> list[Action]:
        """The human's legal actions now (empty when it is not a human's decision)."""
        return self.state.legal_actions() if self.human_to_decide() else []

    def highlight(self) -> list[tuple[str, Point]]:
        """Board points of the legal actions, for the figure to ring."""
        points = []
        for action in self.legal_actions():
            if isinstance(action, MoveBoat):
                points.append(
                    ("tile", CANAL_TILES[(self.state.boat + action.steps) % len(CANAL_TILES)])
                )
            points.extend(action_points(action))
        return points

    def boat_probabilities(self) -> dict[int, Fraction]:
        """Canal index -> exact chance that the boat stops there after the next roll.

        Computed by the analysis (the boat's Markov chain, one step from where
        it is); empty in the tactical variant, where the player chooses.
        """
        state = self.shown_state()
        if state.options["variant"] != "dice" or state.is_terminal():
            return {}
        from hoteledu.amsterdam.analysis.boat import boat_position_distribution

        dist = boat_position_distribution(1, exact=True, start=state.boat)
        return {i: p for i, p in enumerate(dist) if p}

    def status(self) -> str:
        """One line: whose turn it is and what happens now."""
        state = self.shown_state()
        if not self.is_live():
            return f"replay: position after {self.view_index} of {len(self.state.history)} actions"
        if state.is_terminal():
            scores = state.scores()
            winners = " and ".join(self.player_label(p) for p in state.winners())
            return f"game over: scores {scores}; {winners} won"
        who = self.player_label(state.player)
        if self.needs_roll():
            return f"{who}: roll the dice"
        if self.bot_to_move():
            return f"{who}: the bot's turn ({state.phase})"
        return f"{who}: {state.summary().split(': ', 1)[-1]}"

    # ------------------------------------------------------------ actions
    def _note(self, text: str) -> None:
        self.log.append(text)

    def _apply(self, action: Action) -> None:
        """Apply a legal action and log it in words (raises IllegalActionError)."""
        mover = self.mover()
        who = "setup" if self.state.phase == DEAL else self.player_label(self.state.player)
        self.state.apply_action(action)
        self.movers.append(mover)
        self._note(f"{who}: {action}")
        if self.state.is_terminal():
            self._note(self.status())

    def _settle(self) -> None:
        """Resolve automatic chance nodes, then let bots play if autoplay is on."""
        for _ in range(MAX_BOT_ACTIONS):
            if self.state.is_terminal():
                return
            if self.mover() == CHANCE and self.state.phase in AUTO_CHANCE_PHASES:
                self._apply(self.state.sample_chance(self.rng))
            elif self.autoplay and self.bot_to_move():
                self._bot_step()
            else:
                return

    def play(self, action: Action) -> bool:
        """Apply a human's action; on an illegal one set ``message`` and change nothing.

        Returns
        -------
        bool
            Whether the action was applied.
        """
        if not self.is_live():
            self.message = (
                "you are looking at an earlier position: move the replay slider to the end"
            )
            return False
        if not self.human_to_decide():
            self.message = "it is not your decision now: " + (
                "roll the dice" if self.needs_roll() else self.status()
            )
            return False
        try:
            self._apply(action)
        except IllegalActionError as error:
            self.message = str(error)
            return False
        self.message = ""
        self._settle()
        return True

    def play_text(self, text: str) -> bool:
        """Play the legal action whose ``str()`` is ``text`` (buttons and the dropdown)."""
        for action in self.legal_actions():
            if str(action) == text:
                return self.play(action)
        self.message = f"{text!r} is not a legal action now"
        return False

    def roll(self) -> bool:
        """Throw the dice for a human player with the app's generator."""
        if not self.needs_roll():
            self.message = f"no dice to roll now ({self.status()})"
            return False
        self._apply(self.state.sample_chance(self.rng))
        self.message = ""
        self._settle()
        return True

    def click(self, kind: str, point: Point) -> bool:
        """A click on the board: play the legal action that refers to that point.

        Parameters
        ----------
        kind : {"intersection", "tile"}
            What was clicked; a canal tile chooses the tactical boat's move.
        point : tuple of int
            The intersection ``(i, j)`` or tile ``(row, col)``.

        Returns
        -------
        bool
            Whether an action was applied. With no legal action at that point
            the rule's message is shown (the state's own explanation of the
            matching illegal action) and nothing changes.
        """
        point = (int(point[0]), int(point[1]))
        if self.needs_roll():
            self.message = "roll the dice first"
            return False
        legal = self.legal_actions()
        if not legal:
            self.message = f"no decision is open for you now ({self.status()})"
            return False
        if kind == "tile" and point in CANAL_INDEX:
            for action in legal:
                if (
                    isinstance(action, MoveBoat)
                    and CANAL_TILES[(self.state.boat + action.steps) % len(CANAL_TILES)] == point
                ):
                    return self.play(action)
            template = next((a for a in legal if isinstance(a, MoveBoat)), None)
            if template is not None:
                steps = (CANAL_INDEX[point] - self.state.boat) % len(CANAL_TILES)
                return self.play(MoveBoat(steps))
        matches = [a for a in legal if (kind, point) in action_points(a)]
        if len(matches) == 1:
            return self.play(matches[0])
        if len(matches) > 1:
            choices = "; ".join(str(a) for a in matches)
            self.message = f"several moves use {point}: choose one of the buttons ({choices})"
            return False
        # Nothing legal there: let the rules say why, with the same kind of action.
        for action in legal:
            for field in dataclasses.fields(action):
                value = getattr(action, field.name)
                if (kind, value) in action_points(action):
                    candidate = dataclasses.replace(action, **{field.name: point})
                    return self.play(candidate)
        what = ", ".join(sorted({type(a).__name__ for a in legal}))
        self.message = f"a click on {kind} {point} is no move now; choose one of: {what}"
        return False

    def _bot_step(self) -> None:
        state = self.state
        if self.mover() == CHANCE:
            self._apply(state.sample_chance(self.rng))
            return
        agent = self.agents[self.mover()]
        assert agent is not None
        self._apply(agent.act(PlayerView(state, self.mover())))

    def bot_move(self) -> bool:
        """One action of the bot to move (its decision, or its dice)."""
        if not self.bot_to_move():
            self.message = f"no bot to move now ({self.status()})"
            return False
        self._bot_step()
        self.message = ""
        autoplay, self.autoplay = self.autoplay, False
        try:
            self._settle()
        finally:
            self.autoplay = autoplay
        return True

    def set_autoplay(self, on: bool) -> None:
        """Turn autoplay of the bots on or off (on: bots move at once)."""
        self.autoplay = bool(on)
        if on and self.is_live():
            self._settle()

    # --------------------------------------------------------- undo, replay
    def undo(self) -> bool:
        """Go back to just before the last human decision (chance is not undone)."""
        humans = {p for p, kind in enumerate(self.seats) if kind == "human"}
        index = next(
            (i for i in range(len(self.movers) - 1, -1, -1) if self.movers[i] in humans), None
        )
        if index is None:
            self.message = "nothing to undo: no decision of a human player yet"
            return False
        self._restore(self.record(), index)
        self._note(f"undo: back to before action {index + 1}")
        self.message = ""
        return True

    def replay_to(self, index: int | None) -> None:
        """Show the position after ``index`` actions (None or the end: the live game)."""
        if index is not None and not 0 <= index <= len(self.state.history):
            raise ValueError(f"a position 0..{len(self.state.history)}, not {index}")
        self.view_index = None if index is None or index == len(self.state.history) else index

    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord` (seat names as player names)."""
        names = [self.player_label(p) for p in range(self.state.num_players)]
        return GameRecord.from_state(self.state, names)

    def _restore(self, record: GameRecord, upto: int | None = None) -> None:
        state = record.initial_state()
        assert isinstance(state, AmsterdamState)
        movers = []
        for action in record.actions[:upto]:
            movers.append(state.current_player())
            state.apply_action(action)
        self.state = state
        self.movers = movers
        self.view_index = None

    # ------------------------------------------------------------ save, load
    def save(self) -> str:
        """The game as JSON text (a :class:`GameRecord`)."""
        return self.record().dumps()

    def load(self, text: str) -> bool:
        """Load a saved game (JSON text); on bad data set ``message`` and change nothing."""
        try:
            record = GameRecord.loads(text)
            if record.game != "amsterdam":
                raise MalformedRecordError(f"this is a {record.game!r} game, not Hotel Amsterdam")
        except MalformedRecordError as error:
            self.message = f"cannot load this game: {error}"
            return False
        players = int(record.options.get("players", len(record.players)))
        seats = (self.seats + ["human"] * players)[:players]
        if seats != self.seats:
            self.seats = seats
            bot_seeds = self._seed_sequence.spawn(players)
            self.agents = [
                None if k == "human" else make_agent(k, bot_seeds[p], self.mcts_iterations)
                for p, k in enumerate(seats)
            ]
        self._restore(record)
        self._note(f"loaded a game of {len(record)} actions")
        self.message = ""
        return True


# --------------------------------------------------------- serving with Voila
VOILA_NODELAY_OPTION = (
    "--Voila.kernel_websocket_connection_class=hoteledu.amsterdam.app.NoDelayKernelConnection"
)
"""Voilà command-line option that serves the app without Nagle's 40 ms stalls.

Tornado turns Nagle's algorithm back on for a kernel websocket once the
handshake is done, so when the kernel sends a reply in several small messages
(it always starts with a "busy" status) the rest waits for the browser's
delayed ACK: about 40 ms on Linux. A board click paid it on every move.
``voila notebooks/amsterdam/01_play.ipynb`` followed by this option (or the
same setting in a ``voila.json`` beside the notebooks' working directory)
sends every message at once.
"""


def _no_delay_connection_class() -> type:
    # Imported only by a Voila server: the kernel and the tests need no jupyter_server.
    from jupyter_server.services.kernels.connection.channels import (
        ZMQChannelsWebsocketConnection,
    )

    class NoDelayKernelConnection(ZMQChannelsWebsocketConnection):
        """Jupyter's kernel websocket connection with TCP_NODELAY on its socket."""

        def connect(self) -> Any:
            self.websocket_handler.set_nodelay(True)
            return super().connect()

    NoDelayKernelConnection.__module__ = __name__
    NoDelayKernelConnection.__qualname__ = "NoDelayKernelConnection"
    return NoDelayKernelConnection


def __getattr__(name: str) -> Any:
    """``NoDelayKernelConnection`` is built on first use (PEP 562), for Voila's config."""
    if name == "NoDelayKernelConnection":
        cls = _no_delay_connection_class()
        globals()[name] = cls
        return cls
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "SEAT_KINDS",
    "VOILA_NODELAY_OPTION",
    "AmsterdamController",
    "action_points",
    "make_agent",
]
