"""The game protocol every hoteledu game implements (after OpenSpiel's State API).

A game subclasses :class:`State` and fills in the ``_``-prefixed hooks. The
base class keeps the history, checks legality *before* anything changes (so an
illegal action leaves the state exactly as it was), and provides cloning,
JSON, equality and notebook display on top of the hooks.
"""

from __future__ import annotations

import copy
import functools
import html
import json
import numbers
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar

import numpy as np

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.codec import ActionCodec, parse_json_text
from hoteledu.core.errors import IllegalActionError, MalformedRecordError
from hoteledu.core.registry import find_game_info
from hoteledu.core.validation import (
    check_json_shape,
    inspect_action,
    short_repr,
    unusable_action_reason,
)


def player_name(player: int) -> str:
    """How a player is named to a user: P1, P2, ... (the engine's player 0 is P1)."""
    return f"P{player + 1}"


CHANCE = -1
"""``current_player()`` at a chance node: resolve it with ``chance_outcomes()``."""
SIMULTANEOUS = -2
"""``current_player()`` when every player acts at once: apply a :class:`JointAction`."""
TERMINAL = -3
"""``current_player()`` once the game is over."""

PLAYER_KIND_NAMES = {CHANCE: "chance", SIMULTANEOUS: "simultaneous", TERMINAL: "terminal"}

MAX_SAVED_STATE_CHARS = 4_000_000
"""Longest JSON text ``State.from_json`` reads (a saved state is a few kilobytes)."""
MAX_SAVED_HISTORY = 20_000
"""Most actions in a saved state's history (a long game has under 1,000)."""

# Errors a game's own checks raise when an action carries a value they never
# expected (a face of 99, a space 'x'): turned into IllegalActionError.
_RAW_ERRORS = (TypeError, IndexError, KeyError, AttributeError, ValueError, OverflowError)


def _guarded(check: Callable[[State, Action], None]) -> Callable[[State, Action], None]:
    """Wrap a ``check_action`` so that a malformed action is always refused clearly.

    The fields are inspected first (types, sizes, ``field_limits``). The
    game's own check still runs first, so that its message naming the rule
    wins; but a field problem refuses the action even if the game would take
    it (``RollDice(True, 2)`` equals ``RollDice(1, 2)``), and a raw Python
    error of the game's check becomes an IllegalActionError naming the field.
    """

    @functools.wraps(check)
    def guarded_check(self: State, action: Action) -> None:
        action, problem = inspect_action(action)
        try:
            check(self, action)
        except IllegalActionError as error:
            if problem is None or problem in str(error):
                raise
            combined = IllegalActionError(f"{error}; {problem}")
            combined.rule = error.rule
            raise combined from error
        except _RAW_ERRORS as error:
            reason = problem or unusable_action_reason(action, error)
            raise IllegalActionError(reason) from error
        if problem is not None:
            raise IllegalActionError(problem)

    guarded_check.guarded = True  # type: ignore[attr-defined]
    return guarded_check


def _check_history(state: State, initial: State) -> None:
    """Refuse a saved ``state`` whose history, replayed from ``initial``, does not lead to it.

    ``undo()`` and ``GameRecord.from_state`` trust the history: a truncated or
    impossible one would rebuild an unrelated position or a different game.
    """
    count = len(state.history)
    for index, action in enumerate(state.history):
        try:
            initial.apply_action(action)
        except IllegalActionError as error:
            raise MalformedRecordError(
                f"the saved history does not lead to the saved position: action {index} "
                f"of {count} ({short_repr(str(action))}) is illegal there: {error}"
            ) from None
    if initial.options != state.options:
        raise MalformedRecordError("the saved options differ from the game's own resolution")
    saved, replayed = state.to_snapshot(), initial.to_snapshot()
    if saved != replayed:
        fields = [k for k in saved if saved.get(k) != replayed.get(k)]
        raise MalformedRecordError(
            f"the saved history ({count} actions) leads to a different position than "
            f"the saved one: the fields {short_repr(fields)} differ"
        )


class State:
    """A position of a game, with the history of actions that led to it.

    Subclasses set ``game_name`` and ``action_types`` and implement:

    * ``num_players`` (property), ``current_player()``
    * ``_legal_actions(player)`` for a decision node (``player`` is the actor)
    * ``chance_outcomes()`` at chance nodes, exact ``Fraction`` probabilities
    * ``_apply(action)``: change the state; called only with a legal action
    * ``returns()`` on a terminal state (the final score of each player)
    * ``to_snapshot()`` and ``from_snapshot(options, snapshot)``: the whole
      position as plain JSON data, and back (validating, with reasons)
    * optionally ``explain_illegal(action)`` for a message naming the rule,
      ``observation(player)`` and ``determinise(player, rng)`` for hidden
      information, ``clone()`` for speed, ``render_text()`` and ``_repr_html_``.
    """

    game_name: ClassVar[str] = "game"
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    _codec: ClassVar[ActionCodec | None] = None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # A game may override check_action (e.g. a fast chance test): the
        # override runs inside the same guard as the base's, so a malformed
        # action is refused with IllegalActionError by every game.
        super().__init_subclass__(**kwargs)
        override = cls.__dict__.get("check_action")
        if override is not None and not getattr(override, "guarded", False):
            cls.check_action = _guarded(override)  # type: ignore[method-assign]

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options: dict[str, Any] = dict(options or {})
        self.history: list[Action] = []

    # ----------------------------------------------------------------- hooks
    @property
    def num_players(self) -> int:
        raise NotImplementedError

    def current_player(self) -> int:
        raise NotImplementedError

    def _legal_actions(self, player: int) -> list[Action]:
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Outcomes of this chance node with exact probabilities summing to 1."""
        raise IllegalActionError("this is not a chance node", rule="protocol")

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def returns(self) -> list[float]:
        """The final score of each player (the game's own points or money)."""
        raise NotImplementedError

    def to_snapshot(self) -> dict[str, Any]:
        """The whole position as JSON-able data (no history)."""
        raise NotImplementedError

    @classmethod
    def from_snapshot(cls, options: Mapping[str, Any], snapshot: Mapping[str, Any]) -> State:
        """Rebuild a position from ``to_snapshot()`` data; raise MalformedRecordError."""
        raise NotImplementedError

    def explain_illegal(self, action: Action) -> str:
        """Why ``action`` is not legal here, in the rulebook's words where possible."""
        return f"{action} is not a legal action here"

    def explain_illegal_for(self, player: int, action: Action) -> str:
        """Why ``player`` may not take ``action`` at a simultaneous node."""
        return self.explain_illegal(action)

    # -------------------------------------------------------------- protocol
    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_simultaneous_node(self) -> bool:
        return self.current_player() == SIMULTANEOUS

    def legal_actions(self, player: int | None = None) -> list[Action]:
        """The actions ``player`` may take now (default: the player to move).

        At a chance node the outcomes; at a simultaneous node pass ``player``;
        a player who is not to move has no legal actions.
        """
        if player is not None:
            player = self._player_index(player)
        mover = self.current_player()
        if mover == TERMINAL:
            return []
        if mover == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if player is None:
            if mover == SIMULTANEOUS:
                raise ValueError(
                    "at a simultaneous node, ask legal_actions(player) for each player"
                )
            player = mover
        if mover != SIMULTANEOUS and player != mover:
            return []
        return self._legal_actions(player)

    def _player_index(self, player: Any) -> int:
        """``player`` as an int 0..n-1 (a NumPy integer is fine, a bool is not)."""
        if (
            isinstance(player, numbers.Integral)
            and not isinstance(player, bool)
            and 0 <= int(player) < self.num_players
        ):
            return int(player)
        raise ValueError(
            f"player must be an index 0..{self.num_players - 1} "
            f"(P1..P{self.num_players}), got {short_repr(player)}"
        )

    def _is_chance_outcome(self, action: Action) -> bool:
        """Whether ``action`` is a possible outcome of this chance node.

        Override for large chance nodes (a roll of 14 dice, a card draw) to
        avoid listing every outcome with its probability.
        """
        return any(action == outcome for outcome, _ in self.chance_outcomes())

    def _is_legal(self, player: int, action: Action) -> bool:
        """Whether ``player`` may take ``action`` now; override for a faster test."""
        return action in self._legal_actions(player)

    @_guarded
    def check_action(self, action: Action) -> None:
        """Raise IllegalActionError if ``action`` cannot be applied now; change nothing.

        The action's fields are checked first (types, sizes, the class's
        ``field_limits``); an error naming the field is raised for a bad one.
        """
        mover = self.current_player()
        if mover == TERMINAL:
            raise IllegalActionError("the game is over: no more actions", rule="end of game")
        if mover == CHANCE:
            if not self._is_chance_outcome(action):
                raise IllegalActionError(
                    f"{action} is not a possible chance outcome here", rule="chance"
                )
            return
        if mover == SIMULTANEOUS:
            if not isinstance(action, JointAction) or len(action.actions) != self.num_players:
                raise IllegalActionError(
                    f"a simultaneous decision needs one action from each of the "
                    f"{self.num_players} players",
                    rule="simultaneous",
                )
            for player, part in enumerate(action.actions):
                if not self._is_legal(player, part):
                    reason = self.explain_illegal_for(player, part)
                    raise IllegalActionError(f"{player_name(player)}: {reason}")
            return
        if not self._is_legal(mover, action):
            raise IllegalActionError(self.explain_illegal(action))

    def apply_action(self, action: Action) -> None:
        """Apply a legal action; an illegal one raises and changes nothing.

        A tuple field given as a list is stored as a tuple in the history.
        """
        action, _ = inspect_action(action)  # a bad one is refused by check_action
        self.check_action(action)
        self._apply(action)
        self.history.append(action)

    def apply_actions(self, actions: Sequence[Action]) -> None:
        """At a simultaneous node: one action per player, applied at once."""
        self.apply_action(JointAction(tuple(actions)))

    def sample_chance(self, rng: np.random.Generator) -> Action:
        """Draw one chance outcome with its exact probability (games may speed this up)."""
        if not self.is_chance_node():
            raise IllegalActionError("this is not a chance node", rule="protocol")
        outcomes = self.chance_outcomes()
        weights = np.array([float(p) for _, p in outcomes])
        index = rng.choice(len(outcomes), p=weights / weights.sum())
        return outcomes[int(index)][0]

    def random_playout(self, rng: np.random.Generator, max_actions: int = 10_000) -> None:
        """Play uniformly random moves from here to the end, as the search's rollouts do.

        A chance node is drawn by ``sample_chance``; a decision takes
        ``legal[int(rng.integers(len(legal)))]`` of ``legal_actions()``; at a
        simultaneous node each player draws so in seat order and the parts are
        applied joined. The numbers are read from ``rng`` in blocks
        (:class:`~hoteledu.core.draws.Draws`: the same numbers, and ``rng`` is
        left where single draws would leave it; ``sample_chance`` is handed the
        reader). Actions taken from ``legal_actions`` are applied without
        checking them again, unless the game overrides ``apply_action``. Stops
        after ``max_actions`` actions, the game maybe not over.

        This loop is the reference: a game may override it with a quicker
        loop over its own fields that plays the same game from the same
        generator (its tests compare the two).

        Examples
        --------
        >>> import numpy as np
        >>> from hoteledu import load_game
        >>> state = load_game("amsterdam")
        >>> State.random_playout(state, np.random.default_rng(1))
        >>> state.is_terminal()
        True
        """
        from hoteledu.core.draws import Draws  # loads numpy.random: not at import time

        trusted = type(self).apply_action is State.apply_action
        num_players = self.num_players
        history = self.history
        with Draws(rng) as draws:
            integers = draws.integers
            for _ in range(max_actions):
                mover = self.current_player()
                if mover == TERMINAL:
                    return
                if mover == CHANCE:
                    action = self.sample_chance(draws)  # type: ignore[arg-type]
                elif mover == SIMULTANEOUS:
                    parts = []
                    for p in range(num_players):
                        legal = self.legal_actions(p)
                        parts.append(legal[integers(len(legal))])
                    action = JointAction(tuple(parts))
                else:
                    legal = self.legal_actions()
                    action = legal[integers(len(legal))]
                if trusted:
                    self._apply(action)
                    history.append(action)
                else:
                    self.apply_action(action)

    def winners(self) -> list[int]:
        """Players with the best final score (several on a shared win)."""
        scores = self.returns()
        best = max(scores)
        return [p for p, s in enumerate(scores) if s == best]

    def utilities(self) -> list[float]:
        """Win share per player: 1 for a sole winner, 1/k each on a k-way tie, 0 else."""
        winners = self.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.num_players)]

    # ------------------------------------------------------ hidden information
    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see. Perfect-information games show everything."""
        return self.to_snapshot()

    def determinise(self, player: int, rng: np.random.Generator) -> State:
        """A full state consistent with ``observation(player)``, hidden parts resampled.

        Search agents plan on such states. Perfect-information games return a clone.
        """
        return self.clone()

    # --------------------------------------------------------- copy and JSON
    def clone(self) -> State:
        return copy.deepcopy(self)

    @classmethod
    def codec(cls) -> ActionCodec:
        if cls._codec is None or cls._codec.types.keys() < {t.__name__ for t in cls.action_types}:
            cls._codec = ActionCodec(cls.action_types)
        return cls._codec

    @classmethod
    def action_from_json(cls, data: Any) -> Action:
        return cls.codec().parse(data)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game_name,
            "options": dict(self.options),
            "history": [a.to_json() for a in self.history],
            "state": self.to_snapshot(),
        }

    def to_json_str(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    @classmethod
    def from_json(cls, data: Any) -> State:
        """Load a state saved by ``to_json()``; refuse malformed data with the reason."""
        if isinstance(data, (str, bytes, bytearray)):
            data = parse_json_text(data, what="the saved state", max_bytes=MAX_SAVED_STATE_CHARS)
        if not isinstance(data, Mapping):
            raise MalformedRecordError("a saved state must be a JSON object")
        missing = {"game", "options", "history", "state"} - set(data)
        if missing:
            raise MalformedRecordError(f"a saved state needs the fields {sorted(missing)}")
        if data["game"] != cls.game_name:
            raise MalformedRecordError(
                f"this is a {short_repr(data['game'])} state, not {cls.game_name!r}"
            )
        if not isinstance(data["history"], list) or not isinstance(data["options"], Mapping):
            raise MalformedRecordError("'history' must be a list and 'options' an object")
        if len(data["history"]) > MAX_SAVED_HISTORY:
            raise MalformedRecordError(
                f"the saved history has {len(data['history'])} actions; "
                f"the limit is {MAX_SAVED_HISTORY}"
            )
        if not isinstance(data["state"], Mapping):
            raise MalformedRecordError("'state' must be an object")
        check_json_shape(data, what="the saved state")
        options = data["options"]
        info = find_game_info(cls.game_name)
        if info is not None:
            try:
                options = info.resolve_options(options)
            except ValueError as error:
                raise MalformedRecordError(f"the saved options are wrong: {error}") from None
        history = [cls.action_from_json(a) for a in data["history"]]
        try:
            state = cls.from_snapshot(options, data["state"])
        except MalformedRecordError:
            raise
        except (*_RAW_ERRORS, RecursionError) as error:
            raise MalformedRecordError(f"the saved position is malformed: {error!r}") from error
        state.history = history
        if info is not None:
            _check_history(state, info.load(**options))
        return state

    # ------------------------------------------------------------- equality
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State) or type(other) is not type(self):
            return NotImplemented
        return self.options == other.options and self.to_snapshot() == other.to_snapshot()

    __hash__ = None  # type: ignore[assignment]  # states are mutable

    # ------------------------------------------------------------- display
    def render_text(self) -> str:
        return json.dumps(self.to_snapshot(), indent=1, sort_keys=True)

    def __str__(self) -> str:
        return self.render_text()

    def __repr__(self) -> str:
        mover = self.current_player()
        who = PLAYER_KIND_NAMES.get(mover) or player_name(mover)
        return f"<{type(self).__name__} after {len(self.history)} actions, to move: {who}>"

    def _repr_html_(self) -> str:
        return f"<pre>{html.escape(self.render_text())}</pre>"
