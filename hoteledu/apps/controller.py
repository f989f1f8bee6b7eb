"""The rules-free controller shared by every game's app, testable without Jupyter.

:class:`GameController` runs one game through a
:class:`~hoteledu.apps.adapter.GameAdapter`: seats (a person, or a bot kind
with a strength), the record, undo, the replay index, save/load (untrusted
input: the game name, options and size are checked before anything is
replayed), the log in words, the status line, chance nodes resolved at once,
autoplay of bots with a bound on their steps, and a *version* that every
press must name (a press drawn for an older position does nothing).

The controller decides no rule: it asks the state for ``legal_actions()``,
applies the chosen action, and turns an :class:`IllegalActionError` into a
message while the state stays as it was. It is the *runner*, so it resolves
chance with its own seeded generator.

Simultaneous moves (``current_player() == SIMULTANEOUS``, e.g. Boutique's
secret prices): the controller asks the seats one at a time, in seat order,
and keeps each part in :attr:`GameController.pending`, never in the state,
the record or the log, until every seat has decided; then it applies one
``JointAction`` and logs the parts ("revealed: ..."). A seat with a single
legal action (a forced pass) takes it without being asked. So a bot never
sees another seat's part, and with ``private_information`` the hot-seat
screen hides one human's entry from the next.

Bots that think: with ``defer_slow_bots`` (set by the view), autoplay stops
before a decision of a slow bot; the view then takes :meth:`next_bot_job`,
runs the search in a worker thread on a copy, and hands the answer to
:meth:`finish_bot_job`, which applies it only if the game is still at the
version that was searched.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

import numpy as np

from hoteledu.apps.adapter import GameAdapter
from hoteledu.core.actions import Action, JointAction
from hoteledu.core.agents import Agent, PlayerView
from hoteledu.core.codec import parse_json_text
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.records import GameRecord
from hoteledu.core.registry import game_info
from hoteledu.core.state import CHANCE, SIMULTANEOUS, State
from hoteledu.core.words import plural

MAX_BOT_ACTIONS = 5_000
"""Safety bound on one autoplay run (a whole game is far shorter)."""
HUMAN = "human"
VIEW_FORMAT = "hoteledu-seat-view"
"""The ``format`` of a saved seat's view (:meth:`GameController.save_view`): not a game."""
AUTOSAVE_FORMAT = "hoteledu-autosave/1"
"""The ``format`` of an autosave (:meth:`GameController.autosave_data`)."""
MAX_LOG_LINES = 50_000
"""Most log lines an autosave may hold (a game has one per action and a few more)."""
MAX_LOG_LINE = 2_000
"""Longest log line an autosave may hold."""


@dataclasses.dataclass
class BotJob:
    """One bot decision to compute away from the page: the version it is for."""

    version: int
    player: int
    agent: Agent
    view: PlayerView

    def run(self) -> Action:
        """The bot's action (on its own copy of the state)."""
        return self.agent.act(self.view)


class GameController:
    """One game in an app: the state, the seats, the log, undo, replay, save and load.

    Parameters
    ----------
    adapter : GameAdapter
        The game's pieces (see :mod:`hoteledu.apps.adapter`).
    players : int
        Number of players.
    seats : sequence of str
        ``"human"`` or one of ``adapter.bot_kinds`` per player (missing seats
        are filled with the first bot kind, extra ones ignored).
    seed : int or None
        Seeds chance and every bot, so a game can be played again.
    strength : int or None
        Strength of the bots that have one (e.g. MCTS iterations).
    think_seconds : float or None
        Time budget of a slow bot's decision.
    defer_slow_bots : bool
        Leave slow bots' decisions to :meth:`next_bot_job` (the view's worker
        thread) instead of playing them at once.
    **options
        The game's options (``adapter.options``).
    """

    def __init__(
        self,
        adapter: GameAdapter,
        players: int | None = None,
        seats: Sequence[str] = (HUMAN,),
        seed: int | None = None,
        strength: int | None = None,
        think_seconds: float | None = None,
        defer_slow_bots: bool = False,
        **options: Any,
    ) -> None:
        self.adapter = adapter
        self.autoplay = True
        self.defer_slow_bots = defer_slow_bots
        self.thinking: int | None = None  # the bot now searching (the view shows a sign)
        self.version = 0
        self.strength = adapter.strength_range[3] if strength is None else int(strength)
        self.think_seconds = (
            adapter.default_think_seconds if think_seconds is None else float(think_seconds)
        )
        self.seats: list[str] = list(seats)
        self.options: dict[str, Any] = {k: v[0] for k, v in adapter.options.items()}
        GameController.new_game(self, players or adapter.player_counts[0], seats, seed, **options)

    # ------------------------------------------------------------ set-up
    def new_game(
        self,
        players: int | None = None,
        seats: Sequence[str] | None = None,
        seed: int | None = None,
        strength: int | None = None,
        **options: Any,
    ) -> None:
        """Start a new game; arguments left out keep their current values."""
        adapter = self.adapter
        old = getattr(self, "state", None)
        players = players if players is not None else (old.num_players if old else 2)
        if players not in adapter.player_counts:
            raise ValueError(
                f"{adapter.title} is for {adapter.player_counts} players, not {players}"
            )
        for name, value in options.items():
            if name not in adapter.options:
                raise ValueError(f"{adapter.title} has no option {name!r}")
            if value is not None and value not in adapter.options[name]:
                raise ValueError(
                    f"option {name!r} is one of {adapter.options[name]}, not {value!r}"
                )
        self.options.update({k: v for k, v in options.items() if v is not None})
        seats = list(seats if seats is not None else self.seats)
        for kind in seats:
            if kind != HUMAN and kind not in adapter.bot_kinds:
                raise ValueError(f"a seat is one of {self.seat_kinds()}, not {kind!r}")
        if strength is not None:
            self.strength = int(strength)
        self.seats = (seats + [adapter.bot_kinds[0]] * players)[:players]
        self.seed = seed
        self._seed_sequence = np.random.SeedSequence(seed)
        chance_seed, *bot_seeds = self._seed_sequence.spawn(1 + players)
        self.rng = np.random.default_rng(chance_seed)
        self.agents: list[Agent | None] = [
            None if kind == HUMAN else self._bot(kind, bot_seeds[p])
            for p, kind in enumerate(self.seats)
        ]
        self.state: State = adapter.new_state(players, **self.options)
        self.movers: list[int] = []  # who took each action of the history (CHANCE for chance)
        self.pending: dict[int, Action] = {}  # parts entered at a simultaneous node (secret)
        self.joint_choosers: dict[int, tuple[int, ...]] = {}  # index -> seats that chose
        self.log: list[str] = []
        self.log_marks: list[int] = []  # actions in the history when each log line was written
        self._log_start = 0  # lines before it belong to a game since replaced by a load
        self.message = ""
        self.view_index: int | None = None  # replay slider: None shows the live game
        self.viewer: int | None = self._first_human()
        self.thinking = None
        self._changed()
        # named, so a reader knows what "deal" or "after_die" is the choice of
        opts = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in self.options.items())
        self._note(
            f"new game: {players} players ({', '.join(self.seat_names())})"
            + (f", {opts}" if opts else "")
        )
        self._settle()

    def seat_kinds(self) -> tuple[str, ...]:
        """Who may sit at a seat: a person or one of the game's bots."""
        return (HUMAN, *self.adapter.bot_kinds)

    def _bot(self, kind: str, seed: Any) -> Agent:
        return self.adapter.make_bot(kind, seed, self.strength, self.think_seconds)

    def _first_human(self) -> int | None:
        return next((p for p, k in enumerate(self.seats) if k == HUMAN), None)

    def _changed(self) -> None:
        self.version += 1

    def seat_names(self) -> list[str]:
        """``"P1 human"``, ``"P2 mcts 200"``... one per seat."""
        return [
            f"{self.adapter.player_label(p)} {kind}"
            + (f" {self.strength}" if kind in self.adapter.slow_bots else "")
            for p, kind in enumerate(self.seats)
        ]

    def player_label(self, player: int) -> str:
        """``"P1 red (you)"`` style label of a player."""
        kind = self.seats[player]
        who = "you" if kind == HUMAN else kind
        return f"{self.adapter.player_label(player)} ({who})"

    # ------------------------------------------------------------ queries
    def shown_state(self) -> State:
        """The live state, or the state at the replay slider's position."""
        if self.is_live():
            return self.state
        return self.record().replay(self.view_index)

    def is_live(self) -> bool:
        """Whether the app shows the live game (not a replayed earlier position)."""
        return self.view_index is None or self.view_index >= len(self.state.history)

    def mover(self) -> int:
        """``state.current_player()``: a player, CHANCE or TERMINAL.

        At a simultaneous node: the first seat whose part is not entered yet.
        """
        mover = self.state.current_player()
        if mover == SIMULTANEOUS:
            return next(p for p in range(self.state.num_players) if p not in self.pending)
        return mover

    def human_to_decide(self) -> bool:
        """Whether a human player takes the next decision (not chance, not a bot)."""
        mover = self.mover()
        return mover >= 0 and self.seats[mover] == HUMAN and self.is_live()

    def chance_waits_for_human(self) -> bool:
        """Whether a chance node waits for a human's press (their dice)."""
        if not self.is_live() or self.mover() != CHANCE or self.adapter.auto_chance(self.state):
            return False
        owner = self.adapter.chance_owner(self.state)
        return owner is not None and self.seats[owner] == HUMAN

    def bot_to_move(self) -> bool:
        """Whether the next action belongs to a bot (its decision or its chance node)."""
        if not self.is_live() or self.state.is_terminal():
            return False
        mover = self.mover()
        if mover == CHANCE:
            owner = self.adapter.chance_owner(self.state)
            return owner is not None and self.seats[owner] != HUMAN
        return mover >= 0 and self.seats[mover] != HUMAN

    def needs_handover(self) -> bool:
        """Hot-seat privacy: the next human seat is not the one whose view is shown."""
        if not self.adapter.private_information or not self.is_live():
            return False
        mover = self.mover()
        if mover == CHANCE and self.chance_waits_for_human():
            mover = self.adapter.chance_owner(self.state)  # type: ignore[assignment]
        elif not self.human_to_decide():
            return False
        return mover != self.viewer

    def hand_over(self) -> None:
        """The next human seat has the laptop: show their view."""
        if self.needs_handover():
            mover = self.mover()
            if mover == CHANCE:
                mover = self.adapter.chance_owner(self.state)  # type: ignore[assignment]
            self.viewer = mover
            self._changed()

    def legal_actions(self) -> list[Action]:
        """The human's legal actions now (empty when it is not a human's decision)."""
        if not self.human_to_decide() or self.needs_handover():
            return []
        return self.state.legal_actions(self.mover())

    def choices(self) -> list[tuple[str, Action]]:
        """The human's legal actions with their labels, for buttons."""
        state = self.state
        return [(self.adapter.action_label(state, a), a) for a in self.legal_actions()]

    def scene(self) -> Any:
        """What the board shows: the shown position as the viewing seat may see it.

        While the laptop passes, nobody's view: the public part only.
        """
        return self.adapter.scene(self.shown_state(), self.laptop_seat(), self.status())

    def highlight(self) -> list[Any]:
        """Board marks of the legal actions (empty in replay)."""
        return self.adapter.highlight(self.state, self.legal_actions()) if self.is_live() else []

    def status(self) -> str:
        """One line: whose turn it is and what happens now."""
        state = self.shown_state()
        if not self.is_live():
            total = len(self.state.history)
            return f"replay: position after {self.view_index} of {plural(total, 'action')}"
        if state.is_terminal():
            scores = ", ".join(
                f"{self.adapter.player_label(p)} {self.adapter.score_text(state, p)}"
                for p in range(state.num_players)
            )
            return f"game over: {self.adapter.end_text(state)} (scores: {scores})"
        who = self._mover_label(state, self.mover())
        if self.thinking is not None:
            return f"{self.player_label(self.thinking)} is thinking..."
        if self.needs_handover():
            return f"pass the laptop to {self.adapter.player_label(self._next_human())}"
        if self.chance_waits_for_human():
            return f"{who}: {self.adapter.chance_button_label.lower()}"
        if self.bot_to_move():
            return f"{who}: the bot's turn ({self.adapter.phase_text(state)})"
        return f"{who}: {self.adapter.phase_text(state)}"

    def _mover_label(self, state: State, mover: int) -> str:
        """Who moves, in words: a player, or at a chance node its owner (or "chance")."""
        if mover == CHANCE:
            owner = self.adapter.chance_owner(state)
            return self.player_label(owner) if owner is not None else "chance"
        return self.player_label(mover)

    def _next_human(self) -> int:
        mover = self.mover()
        if mover == CHANCE:
            mover = self.adapter.chance_owner(self.state)  # type: ignore[assignment]
        return mover

    # ------------------------------------------------------------ actions
    def _note(self, text: str) -> None:
        merged = self.adapter.merged_log_line(self.log[-1], text) if self.log else None
        if merged is None:
            self.log.append(text)
        else:
            self.log[-1] = merged
            self.log_marks.pop()
        self.log_marks.append(len(self.state.history))

    def shown_log(self) -> list[str]:
        """The log, or in replay its lines up to the replayed position."""
        if self.is_live() or len(self.log_marks) != len(self.log):
            return list(self.log)  # a log restored without its marks is shown whole
        start, index = self._log_start, self.view_index
        end = next(
            (i for i in range(start, len(self.log)) if self.log_marks[i] > index),  # type: ignore[operator]
            len(self.log),
        )
        return self.log[:end]

    def _apply(self, action: Action) -> None:
        """Apply an action and log it in words (raises IllegalActionError, changing nothing)."""
        state = self.state
        mover = state.current_player()
        if mover == SIMULTANEOUS:
            self._enter_part(action)
            return
        who = self._mover_label(state, mover)
        label = self.adapter.log_label(state, action)
        state.apply_action(action)
        self.movers.append(mover)
        self._changed()
        self._note(f"{who}: {label}")
        if state.is_terminal():
            self._note(self.status())

    def _enter_part(self, action: Action) -> None:
        """One seat's secret part at a simultaneous node (raises IllegalActionError, no change).

        The part is checked by the state's own ``check_action`` on a joint
        action whose other parts are legal ones, so the message is the rule's.
        When every seat has entered its part, the joint action is applied.
        """
        state, player = self.state, self.mover()
        n = state.num_players
        probe = tuple(
            action if p == player else self.pending.get(p) or state.legal_actions(p)[0]
            for p in range(n)
        )
        state.check_action(JointAction(probe))
        self.pending[player] = probe[player]
        self._changed()
        if len(state.legal_actions(player)) > 1:
            self._note(f"{self.player_label(player)}: decided (secret until everyone has)")
        if len(self.pending) < n:
            return
        parts = tuple(self.pending[p] for p in range(n))
        choosers = tuple(p for p in range(n) if len(state.legal_actions(p)) > 1)
        labels = [
            f"{self.adapter.player_label(p)} {self.adapter.action_label(state, parts[p])}"
            for p in choosers
        ]
        state.apply_action(JointAction(parts))
        self.pending = {}
        self.joint_choosers[len(self.movers)] = choosers
        self.movers.append(SIMULTANEOUS)
        self._changed()
        self._note("revealed: " + ("; ".join(labels) if labels else "nothing to decide"))
        if state.is_terminal():
            self._note(self.status())

    def _forced_part(self) -> Action | None:
        """At a simultaneous node, the next seat's only legal action (None: it has a choice)."""
        if self.state.current_player() != SIMULTANEOUS:
            return None
        legal = self.state.legal_actions(self.mover())
        return legal[0] if len(legal) == 1 else None

    def _stale(self, version: int | None) -> bool:
        if version is not None and version != self.version:
            self.message = ""  # a press drawn for an earlier position: nothing happens
            return True
        return False

    def _settle(self) -> None:
        """Resolve automatic chance nodes, then let bots play if autoplay is on."""
        for _ in range(MAX_BOT_ACTIONS):
            if self.state.is_terminal() or not self.is_live():
                return
            forced = self._forced_part()
            if self.mover() == CHANCE and self.adapter.auto_chance(self.state):
                self._apply(self.state.sample_chance(self.rng))
            elif forced is not None:
                self._apply(forced)
            elif self.autoplay and self.bot_to_move():
                if self.defer_slow_bots and self.slow_bot_next():
                    return  # the view runs it in a worker thread
                self._bot_step()
            else:
                return

    def slow_bot_next(self) -> bool:
        """Whether the next action is a decision of a slow bot (one that searches)."""
        mover = self.mover()
        return (
            self.bot_to_move()
            and mover >= 0
            and self.seats[mover] in self.adapter.slow_bots
            and len(self.state.legal_actions(mover)) > 1
        )

    def play(self, action: Action, version: int | None = None) -> bool:
        """Apply a human's action; on an illegal one set ``message`` and change nothing.

        Parameters
        ----------
        action : Action
            The action chosen.
        version : int or None
            The :attr:`version` the press was drawn for; an older one does nothing.

        Returns
        -------
        bool
            Whether the action was applied.
        """
        if self._stale(version):
            return False
        if not self.is_live():
            self.message = (
                "you are looking at an earlier position: move the replay slider to the end"
            )
            return False
        if not self.human_to_decide() or self.needs_handover():
            self.message = "it is not your decision now: " + self.status()
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
        """Play the legal action whose label is ``text`` (as on its button)."""
        for label, action in self.choices():
            if label == text:
                return self.play(action)
        self.message = f"{text!r} is not a legal action now"
        return False

    def resolve_chance(self, version: int | None = None) -> bool:
        """A human's press on the chance button (their dice), with the app's generator."""
        if self._stale(version):
            return False
        if not self.chance_waits_for_human() or self.needs_handover():
            self.message = f"nothing to {self.adapter.chance_button_label.lower()} now"
            return False
        self._apply(self.state.sample_chance(self.rng))
        self.message = ""
        self._settle()
        return True

    def click(self, trace_name: str, customdata: Sequence[Any], version: int | None = None) -> bool:
        """A click on the board: the adapter maps it to an action, or says why not."""
        if self._stale(version):
            return False
        if self.chance_waits_for_human():
            self.message = f"{self.adapter.chance_button_label.lower()} first"
            return False
        legal = self.legal_actions()
        if not legal:
            self.message = f"no decision is open for you now ({self.status()})"
            return False
        answer = self.adapter.click_to_action(self.state, legal, trace_name, customdata)
        if isinstance(answer, str):
            self.message = answer
            return False
        return self.play(answer)

    def _bot_step(self) -> None:
        if self.mover() == CHANCE:
            self._apply(self.state.sample_chance(self.rng))
            return
        agent = self.agents[self.mover()]
        assert agent is not None
        self._apply(agent.act(PlayerView(self.state.clone(), self.mover())))

    def next_bot_job(self) -> BotJob | None:
        """The next slow-bot decision as a job on a copy (None: no bot to run now)."""
        if not self.autoplay or not self.slow_bot_next():
            return None
        player = self.mover()
        agent = self.agents[player]
        assert agent is not None
        return BotJob(self.version, player, agent, PlayerView(self.state.clone(), player))

    def finish_bot_job(self, job: BotJob, action: Action) -> bool:
        """Apply a searched action if the game is still where it was searched."""
        self.thinking = None
        if job.version != self.version or not self.is_live():
            return False
        try:
            self._apply(action)
        except IllegalActionError as error:  # a bot bug must not kill the page
            self.message = f"the bot's move was refused: {error}"
            return False
        self._settle()
        return True

    def bot_move(self, version: int | None = None) -> bool:
        """One action of the bot to move (its decision, or its chance node)."""
        if self._stale(version):
            return False
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
    def undo(self, version: int | None = None) -> bool:
        """Go back to just before the last human decision (chance is not undone)."""
        if self._stale(version):
            return False
        humans = {p for p, kind in enumerate(self.seats) if kind == HUMAN}
        if any(p in humans for p in self.pending):
            # parts entered at this simultaneous node: take them back (nothing was revealed)
            self.pending = {}
            self._changed()
            self._note("undo: the secret decisions entered at this step are taken back")
            self.message = ""
            self._settle()
            return True

        def human_decided(i: int) -> bool:
            if self.movers[i] == SIMULTANEOUS:
                return any(p in humans for p in self.joint_choosers.get(i, ()))
            return self.movers[i] in humans

        index = next((i for i in range(len(self.movers) - 1, -1, -1) if human_decided(i)), None)
        if index is None:
            self.message = "nothing to undo: no decision of a human player yet"
            return False
        self._restore(self.record(), index)
        self._note(f"undo: back to before action {index + 1}")
        self.message = ""
        self._settle()  # bots enter their parts again at a simultaneous node
        return True

    def replay_to(self, index: int | None) -> None:
        """Show the position after ``index`` actions (None or the end: the live game)."""
        if index is not None and not 0 <= index <= len(self.state.history):
            raise ValueError(f"a position 0..{len(self.state.history)}, not {index}")
        view_index = None if index is None or index == len(self.state.history) else index
        if view_index != self.view_index:
            self.view_index = view_index
            self._changed()
            if view_index is None:
                self._settle()

    def record(self) -> GameRecord:
        """The game so far as a :class:`GameRecord` (seat labels as player names)."""
        names = [self.player_label(p) for p in range(self.state.num_players)]
        return GameRecord.from_state(self.state, names)

    def _restore(self, record: GameRecord, upto: int | None = None) -> None:
        state = record.initial_state()
        movers = []
        choosers: dict[int, tuple[int, ...]] = {}
        for index, action in enumerate(record.actions[:upto]):
            mover = state.current_player()
            if mover == SIMULTANEOUS:
                choosers[index] = tuple(
                    p for p in range(state.num_players) if len(state.legal_actions(p)) > 1
                )
            movers.append(mover)
            state.apply_action(action)
        self.state = state
        self.movers = movers
        self.joint_choosers = choosers
        self.pending = {}
        self.view_index = None
        self.thinking = None
        self._changed()

    # ------------------------------------------------------------ save, load
    def save(self) -> str:
        """The whole game as JSON text (a :class:`GameRecord`), hidden cards included.

        The app's Save button calls :meth:`save_shown`, which leaves them out
        when more than one person shares the laptop.
        """
        return self.record().dumps()

    def people(self) -> int:
        """How many seats a person holds (the others are bots)."""
        return sum(kind == HUMAN for kind in self.seats)

    def save_hides(self) -> bool:
        """Whether Save must leave out hidden cards: the record shows what a seat may
        not see (``adapter.record_reveals``) and more than one person shares the laptop."""
        adapter = self.adapter
        return adapter.private_information and bool(adapter.record_reveals) and self.people() > 1

    def laptop_seat(self) -> int | None:
        """The seat whose view is shown (None while the laptop passes: nobody's)."""
        return None if self.needs_handover() else self.viewer

    def save_view(self, seat: int | None) -> str:
        """What ``seat`` may see now, as JSON text (None: the public part only).

        Not a loadable game (the hidden cards a replay needs are left out):
        the seat's observation, the log (which never names a hidden card) and
        the number of actions so far. :meth:`load` refuses it by its format.
        """
        if seat is not None and not 0 <= seat < self.state.num_players:
            raise ValueError(f"a seat 0..{self.state.num_players - 1} or None, not {seat!r}")
        who = "the public part only" if seat is None else f"what {self.player_label(seat)} sees"
        data = {
            "format": VIEW_FORMAT,
            "game": self.adapter.game,
            "options": dict(self.state.options),
            "players": [self.player_label(p) for p in range(self.state.num_players)],
            "seat": seat,
            "shows": f"{who}; no hidden card of another seat, so this cannot be loaded",
            "actions_so_far": len(self.state.history),
            "observation": self.adapter.observation(self.state, seat),
            "log": list(self.log),
        }
        return json.dumps(data, default=_plain)

    def save_shown(self) -> str:
        """What the app's Save button saves: the whole game, or only what may be shown.

        With :meth:`save_hides`, the view of the seat holding the laptop (the
        public part while the laptop passes); the whole game then takes the
        explicit :meth:`save` ("Save the whole game", which says what it reveals).
        """
        return self.save_view(self.laptop_seat()) if self.save_hides() else self.save()

    def check_record_text(self, text: str) -> dict[str, Any]:
        """Parse saved text and check game, options and size before any replay.

        Raises
        ------
        MalformedRecordError
            Naming the field that is wrong.
        """
        adapter = self.adapter
        if not isinstance(text, str):
            raise MalformedRecordError("a saved game is text (JSON)")
        if len(text) > adapter.max_record_bytes:
            raise MalformedRecordError(
                f"the text is {len(text)} characters; a saved game has at most "
                f"{adapter.max_record_bytes}"
            )
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as error:
            raise MalformedRecordError(f"not valid JSON: {error}") from error
        return self.check_record_data(data)

    def check_record_data(self, data: Any) -> dict[str, Any]:
        """Check a parsed saved game's game, options and size before any replay.

        Raises
        ------
        MalformedRecordError
            Naming the field that is wrong.
        """
        adapter = self.adapter
        if not isinstance(data, dict):
            raise MalformedRecordError("a saved game is a JSON object")
        if data.get("format") == VIEW_FORMAT:
            raise MalformedRecordError(
                "this is one seat's view of a game, saved without the other seats' hidden "
                "cards: it cannot be loaded (only a whole game saved with "
                "'Save the whole game' can)"
            )
        if data.get("game") != adapter.game:
            raise MalformedRecordError(
                f"this is a {data.get('game')!r} game, not {adapter.title} ({adapter.game!r})"
            )
        options = data.get("options")
        if not isinstance(options, dict):
            raise MalformedRecordError("'options' must be an object")
        names = data.get("players", [])
        if not isinstance(names, list):
            raise MalformedRecordError(
                f"'players' must be a list of the players' names, got {names!r:.40}"
            )
        players = options.get("players", len(names))
        if players not in adapter.player_counts:
            raise MalformedRecordError(
                f"'players' is {players!r}; {adapter.title} is for {adapter.player_counts}"
            )
        try:  # the registry's own option check (names and values), before any replay
            game_info(adapter.game).resolve_options(options)
        except ValueError as error:
            raise MalformedRecordError(str(error)) from error
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise MalformedRecordError("'actions' must be a list")
        if len(actions) > adapter.max_record_actions:
            raise MalformedRecordError(
                f"{len(actions)} actions; a saved game has at most {adapter.max_record_actions}"
            )
        return data

    def load(self, text: str) -> bool:
        """Load a saved game (JSON text); on bad data set ``message`` and change nothing."""
        try:
            data = self.check_record_text(text)
            record = GameRecord.from_json(data)
            self._adopt(record)
        except Exception as error:  # untrusted input: every failure is a message
            self.message = f"could not load: {error}"
            return False
        return True

    # ------------------------------------------------------- autosave, resume
    def autosave_data(self) -> dict[str, Any]:
        """What an autosave holds (:meth:`resume` reads it back): the whole record,
        the seats, bots' strength, seed, autoplay, the log and the dice generator.

        The record holds every seat's hidden cards: the file stays on the
        server (never sent to a page), and :meth:`resume` shows a table of
        people the "pass the laptop" screen first, as after any move.
        """
        return {
            "format": AUTOSAVE_FORMAT,
            "game": self.adapter.game,
            "record": self.record().to_json(),
            "seats": list(self.seats),
            "strength": self.strength,
            "seed": self.seed,
            "autoplay": self.autoplay,
            "log": list(self.log),
            "rng": self.rng.bit_generator.state,
            "bot_rngs": [_generator_state(agent) for agent in self.agents],
            # secret parts entered at a simultaneous node (kept here, never shown)
            "pending": {str(p): action.to_json() for p, action in self.pending.items()},
        }

    def resume(self, text: str | bytes, saved_at: str = "") -> bool:
        """Resume an autosaved game (untrusted JSON); on bad data set ``message``,
        change nothing and return False.

        ``saved_at`` (e.g. ``"14:05"``) goes into the log line that says so.
        """
        try:
            data = parse_json_text(
                text, what="the autosaved game", max_bytes=2 * self.adapter.max_record_bytes
            )
            restore = self._check_autosave(data)
            record = GameRecord.from_json(self.check_record_data(data["record"]))
            seats, strength, seed, autoplay, log, rng = restore
            players = record.initial_state().num_players
            if len(seats) != players:
                raise MalformedRecordError(
                    f"'seats' names {len(seats)} seats for a game of {players} players"
                )
            bot_rngs = data.get("bot_rngs")
            if not isinstance(bot_rngs, list) or len(bot_rngs) != players:
                raise MalformedRecordError(f"'bot_rngs' must be a list of {players} entries")
            bot_generators = [
                None if state is None else _generator(state, "bot_rngs") for state in bot_rngs
            ]
            seed_sequence = np.random.SeedSequence(seed)
            _, *bot_seeds = seed_sequence.spawn(1 + players)
            old_strength, self.strength = self.strength, strength
            try:
                agents = [
                    None if k == HUMAN else self._bot(k, bot_seeds[p]) for p, k in enumerate(seats)
                ]
            finally:
                self.strength = old_strength
            for agent, generator in zip(agents, bot_generators, strict=True):
                if generator is not None and _generator_state(agent) is not None:
                    agent.rng = generator  # type: ignore[union-attr]  # its dice go on
            old = (self.state, self.movers, self.joint_choosers, self.version)
            try:
                self._restore(record)
                pending = self._check_pending(data.get("pending"))
            except Exception:
                self.state, self.movers, self.joint_choosers, self.version = old
                raise
        except Exception as error:  # untrusted input: every failure is a message
            self.message = f"could not resume your autosaved game: {error}"
            return False
        self.seats, self.agents, self.strength = seats, agents, strength
        self.seed, self._seed_sequence, self.rng = seed, seed_sequence, rng
        self.autoplay = autoplay
        self.options.update({k: v for k, v in record.options.items() if k in self.options})
        # a table of people: nobody's view until the next person takes the laptop
        self.viewer = None if self.save_hides() else self._first_human()
        self.log = log
        self.log_marks = [len(record)] * len(log)  # the autosave keeps no marks
        self.pending = pending
        when = f" (saved {saved_at})" if saved_at else ""
        self._note(f"resumed your game after {plural(len(record), 'action')}{when}")
        self._log_start = len(self.log)  # replay before it: the resumed log is shown whole
        self.message = ""
        self._settle()
        return True

    def _check_pending(self, pending: Any) -> dict[int, Action]:
        """An autosave's entered parts at the simultaneous node now, each checked by the
        state's own ``check_action`` (MalformedRecordError or IllegalActionError)."""
        if pending is None or pending == {}:
            return {}
        state, n = self.state, self.state.num_players
        if not isinstance(pending, dict) or len(pending) >= n:
            raise MalformedRecordError(f"'pending' must be an object of fewer than {n} entries")
        if state.current_player() != SIMULTANEOUS:
            raise MalformedRecordError("'pending' holds parts, but nobody decides in secret now")
        parts: dict[int, Action] = {}
        for seat, raw in pending.items():
            if seat not in {str(p) for p in range(n)}:
                raise MalformedRecordError(f"'pending': {seat!r} is not a seat 0..{n - 1}")
            parts[int(seat)] = type(state).action_from_json(raw)
        for p, action in parts.items():
            probe = tuple(action if q == p else state.legal_actions(q)[0] for q in range(n))
            state.check_action(JointAction(probe))
        return parts

    def _check_autosave(
        self, data: Any
    ) -> tuple[list[str], int, int | None, bool, list[str], np.random.Generator]:
        """The autosave's fields besides its record, each checked (MalformedRecordError)."""
        if not isinstance(data, dict) or data.get("format") != AUTOSAVE_FORMAT:
            raise MalformedRecordError(f"'format' is not {AUTOSAVE_FORMAT!r}")
        if data.get("game") != self.adapter.game:
            raise MalformedRecordError(f"'game' is {data.get('game')!r}, not {self.adapter.game!r}")
        seats = data.get("seats")
        kinds = self.seat_kinds()
        if not isinstance(seats, list) or not all(isinstance(k, str) for k in seats):
            raise MalformedRecordError("'seats' must be a list of seat kinds")
        wrong = [k for k in seats if k not in kinds]
        if wrong:
            raise MalformedRecordError(f"'seats': a seat is one of {kinds}, not {wrong[0]!r}")
        low, high, _, _ = self.adapter.strength_range
        strength = data.get("strength")
        if type(strength) is not int or not low <= strength <= high:
            raise MalformedRecordError(f"'strength' must be a whole number {low} to {high}")
        seed = data.get("seed")
        if seed is not None and (type(seed) is not int or not 0 <= seed < 2**128):
            raise MalformedRecordError("'seed' must be null or a whole number 0 to 2**128")
        autoplay = data.get("autoplay")
        if not isinstance(autoplay, bool):
            raise MalformedRecordError("'autoplay' must be true or false")
        log = data.get("log")
        if (
            not isinstance(log, list)
            or len(log) > MAX_LOG_LINES
            or not all(isinstance(line, str) and len(line) <= MAX_LOG_LINE for line in log)
        ):
            raise MalformedRecordError(
                f"'log' must be a list of at most {MAX_LOG_LINES} lines of at most "
                f"{MAX_LOG_LINE} characters"
            )
        return seats, strength, seed, autoplay, list(log), _generator(data.get("rng"), "rng")

    def _adopt(self, record: GameRecord) -> None:
        players = record.initial_state().num_players
        seats = (self.seats + [HUMAN] * players)[:players]
        # build everything first, then commit: a failure changes nothing
        bot_seeds = self._seed_sequence.spawn(players)
        agents = [None if k == HUMAN else self._bot(k, bot_seeds[p]) for p, k in enumerate(seats)]
        old = (self.state, self.movers)
        try:
            self._restore(record)
        except Exception:
            self.state, self.movers = old
            raise
        self.seats, self.agents = seats, agents
        self.options.update({k: v for k, v in record.options.items() if k in self.options})
        self.viewer = self._first_human()
        self._note(f"loaded a game of {plural(len(record), 'action')}")
        self._log_start = len(self.log)  # the loaded actions have no lines of their own
        self.message = ""
        self._settle()


def _generator_state(agent: Any) -> dict[str, Any] | None:
    """The state of a bot's random generator (None: no bot, or none it keeps as ``rng``)."""
    rng = getattr(agent, "rng", None)
    return rng.bit_generator.state if isinstance(rng, np.random.Generator) else None


def _generator(state: Any, field: str) -> np.random.Generator:
    """A generator set to an autosaved state (untrusted: MalformedRecordError naming ``field``)."""
    rng = np.random.default_rng()
    try:
        if not isinstance(state, dict) or state.get("bit_generator") != "PCG64":
            raise ValueError("not a PCG64 state")
        rng.bit_generator.state = state
    except (ValueError, TypeError, KeyError, OverflowError) as error:
        raise MalformedRecordError(
            f"{field!r} is not a random generator's state: {error}"
        ) from None
    return rng


def _plain(value: Any) -> Any:
    """numpy values and tuples-as-sets in an observation, as JSON has them."""
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"an observation holds {type(value).__name__}, which JSON cannot hold")


__all__ = [
    "AUTOSAVE_FORMAT",
    "MAX_BOT_ACTIONS",
    "VIEW_FORMAT",
    "BotJob",
    "GameController",
    "plural",
]
