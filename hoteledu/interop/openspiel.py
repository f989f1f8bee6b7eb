"""hoteledu's games as OpenSpiel Python games (extra ``[openspiel]``).

Importing this module registers every game with OpenSpiel::

    import pyspiel
    import hoteledu.interop.openspiel  # registers hoteledu_amsterdam, ...

    game = pyspiel.load_game("hoteledu_amsterdam", {"players": 3, "variant": "tactical"})
    state = game.new_initial_state()

Game names are ``hoteledu_`` + the hoteledu name (``hoteledu_amsterdam``,
``hoteledu_grand_austria``, ``hoteledu_boutique``); the parameters are the
game's options (``hoteledu.list_games()``), with one change because OpenSpiel
parameters cannot be ``None``: an option whose default is ``None`` (Amsterdam's
``target``, Grand Austria's ``money_cap``) takes ``0`` for ``None``.

Design (``docs/interop.md`` has the whole story):

* Action ids are the stable numbering of :mod:`hoteledu.interop.action_index`;
  chance outcomes have their own numbering (``max_chance_outcomes``).
* Boutique's simultaneous decisions (secret prices, sealed bids, hiring,
  walk-in price changes) are played *in turn with imperfect information*: the
  players choose one after the other in seat order (P1 first), nobody sees a
  choice of another until all have chosen, and then the hoteledu joint action
  is applied at once. A player whose only action is the engine's ``Pass``
  (not bidding, out of the game) is not asked. The dynamics are therefore
  ``SEQUENTIAL``, so OpenSpiel's sequential algorithms (MCTS, CFR) apply.
* Utilities are hoteledu's win shares (``State.utilities()``: 1 for a sole
  winner, 1/k each on a k-way tie): a constant-sum game with sum 1. The
  game's own points are ``returns()`` of the hoteledu state
  (``state.hoteledu_state``).
* Observation strings are the canonical JSON of hoteledu's
  ``observation(player)`` (Boutique: plus the player's own choice at an open
  simultaneous decision); observation tensors lay the same dict out as named
  slices (:mod:`hoteledu.interop.tensors`), so equal strings give equal tensors.
* Information-state strings (perfect recall): Amsterdam (perfect information)
  the action history; Grand Austria and Boutique a digest of everything the
  player saw after every move and their own actions, then the current
  observation. Information-state tensors are the observation tensors (the
  present only; the string holds the past).
* ``str(state)`` is the board text and a digest of the whole position, so
  different positions never share a string.
* ``resample_from_infostate`` redraws what the player cannot see with the
  engine's ``determinise()``: OpenSpiel's Python IS-MCTS runs on Grand Austria
  and Boutique (it refuses perfect-information games; Amsterdam needs none).
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import pyspiel

from hoteledu.core.codec import parse_json_text
from hoteledu.core.errors import MalformedRecordError
from hoteledu.core.registry import game_info
from hoteledu.core.state import CHANCE, MAX_SAVED_STATE_CHARS, TERMINAL, State, player_name
from hoteledu.core.validation import check_json_shape, short_repr
from hoteledu.interop.action_index import ActionIndex, action_index
from hoteledu.interop.tensors import TensorLayout, tensor_layout
from hoteledu.interop.turns import InTurnState

GAME_PREFIX = "hoteledu_"
RECALL_CACHE_SIZE = 200_000
"""Information-state strings a game remembers by history (the oldest go first)."""

_INFORMATION = pyspiel.GameType.Information


@dataclasses.dataclass(frozen=True)
class _Spec:
    """What OpenSpiel is told about one hoteledu game."""

    name: str
    long_name: str
    min_players: int
    max_players: int
    information: Any
    information_state: bool
    max_game_length: Callable[[Mapping[str, Any]], int]


def _amsterdam_length(options: Mapping[str, Any]) -> int:
    # Every turn takes a tourist from the supply of 26 (AMS-09) and the game
    # ends with the turn that empties it (AMS-26); a turn is at most about 16
    # decisions and chance outcomes; 24 tiles may be dealt first. 4x margin.
    return 24 + 30 * 4 * 16


def _grand_austria_length(options: Mapping[str, Any]) -> int:
    # 7 rounds of 2 turns per player, each turn bounded by the dice and the
    # cards; the longest random 4-player game measured had 370 actions.
    return 4000


def _boutique_length(options: Mapping[str, Any]) -> int:
    # Per week: prices, 7 bookings (change, die, card, bid, place), hiring,
    # ranking, 7 walk-in days (changes, budget, card, place), expansion.
    return options["weeks"] * 60 * options["players"] + 200


SPECS: dict[str, _Spec] = {
    "amsterdam": _Spec(
        "amsterdam",
        "hoteledu Hotel Amsterdam",
        2,
        4,
        _INFORMATION.PERFECT_INFORMATION,
        True,
        _amsterdam_length,
    ),
    "grand_austria": _Spec(
        "grand_austria",
        "hoteledu Grand Austria Hotel",
        2,
        4,
        _INFORMATION.IMPERFECT_INFORMATION,
        True,
        _grand_austria_length,
    ),
    "boutique": _Spec(
        "boutique",
        "hoteledu Boutique Hotel Manager",
        2,
        5,
        _INFORMATION.IMPERFECT_INFORMATION,
        True,
        _boutique_length,
    ),
}


def parameter_specification(game: str) -> dict[str, Any]:
    """OpenSpiel parameters of a hoteledu game: its options (``None`` defaults as 0)."""
    return {o.name: 0 if o.default is None else o.default for o in game_info(game).options}


def options_from_parameters(game: str, params: Mapping[str, Any]) -> dict[str, Any]:
    """hoteledu options from OpenSpiel parameters (0 for an option whose default is None)."""
    options: dict[str, Any] = {}
    for option in game_info(game).options:
        if option.name not in params:
            continue
        value = params[option.name]
        if option.default is None and value == 0:
            value = None
        elif option.name == "deck" and isinstance(value, str) and value.lstrip()[:1] in "[{":
            value = json.loads(value)  # a deck given as JSON text
        options[option.name] = value
    return game_info(game).resolve_options(options)


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), default=str)


@dataclasses.dataclass(frozen=True)
class _Recall:
    """What one player has seen up to move ``moves``: a digest, and the position then.

    ``turns`` is a private copy, never changed: the next request replays the
    moves made since on a clone of it.
    """

    moves: int
    digest: bytes
    turns: InTurnState


def _recall_step(digest: bytes, mover: int, own_action: int | None, observation: str) -> bytes:
    """The digest after one more move: who moved, the player's own action, what they now see.

    Other players' actions and chance outcomes enter only through what the
    player sees of them (their observation), never by their ids.
    """
    step = json.dumps([mover, own_action, observation], separators=(",", ":"))
    return hashlib.blake2b(digest + step.encode(), digest_size=16).digest()


class _Holder:
    """What an OpenSpiel state holds, copied with the engine's fast clone.

    OpenSpiel clones a Python state with ``copy.deepcopy``; this keeps that
    to ``State.clone()`` and shares the (immutable) index and payoff function.
    ``moves`` are the ``(mover, id)`` pairs applied since move ``base`` (0, or
    the move at which a resampled state was made); ``recall`` caches each
    player's information state (:class:`_Recall`), computed only when asked.
    """

    __slots__ = (
        "base",
        "chance_cache",
        "game",
        "index",
        "initial",
        "moves",
        "payoff",
        "recall",
        "resampled",
        "turns",
    )

    def __init__(
        self,
        turns: InTurnState,
        index: ActionIndex,
        payoff: Callable[[State], list[float]],
        chance_cache: dict[tuple[Any, ...], list[tuple[int, float]]],
        initial: Callable[[], InTurnState],
        game: HoteleduGame,
    ) -> None:
        self.turns = turns
        self.game = game
        self.index = index
        self.payoff = payoff
        self.chance_cache = chance_cache
        self.initial = initial
        self.base = 0
        self.resampled = False  # made by resample_from_infostate: not reached by its moves
        self.moves: list[tuple[int, int]] = []
        self.recall: list[_Recall | None] = [None] * turns.state.num_players

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        copy = _Holder.__new__(_Holder)
        copy.turns = self.turns.clone()
        copy.index, copy.payoff, copy.chance_cache = self.index, self.payoff, self.chance_cache
        copy.initial, copy.base, copy.game = self.initial, self.base, self.game
        copy.resampled = self.resampled
        copy.moves, copy.recall = list(self.moves), list(self.recall)
        return copy

    def __reduce__(self) -> tuple[Callable[[str], _Holder], tuple[str]]:
        # OpenSpiel's own serialisation pickles a Python state's attributes: this
        # one pickles as the validated JSON text and is rebuilt by replaying it.
        return _holder_from_text, (_state_text(self),)

    @property
    def move_count(self) -> int:
        return self.base + len(self.moves)

    def apply_id(self, turns: InTurnState, mover: int, action_id: int) -> None:
        if mover == CHANCE:
            turns.apply(self.index.chance_action(action_id))
        else:
            turns.apply(self.index.player_action(action_id))

    def recall_of(self, player: int) -> _Recall:
        """``player``'s information state now, replaying the moves since it was last asked."""
        recall = self.recall[player]
        if recall is None:  # nothing asked yet: from the game's initial position
            start = self.initial()
            first = _recall_step(b"", CHANCE, None, _canonical(start.observation(player)))
            recall = _Recall(0, first, start)
        if recall.moves < self.move_count:
            turns = recall.turns.clone()
            digest = recall.digest
            for mover, action_id in self.moves[recall.moves - self.base :]:
                self.apply_id(turns, mover, action_id)
                own = action_id if mover == player else None
                digest = _recall_step(digest, mover, own, _canonical(turns.observation(player)))
            recall = _Recall(self.move_count, digest, turns)
        self.recall[player] = recall
        return recall


class HoteleduState(pyspiel.State):
    """An OpenSpiel state wrapping a hoteledu state (see the module's notes)."""

    def __init__(self, game: HoteleduGame) -> None:
        super().__init__(game)
        # OpenSpiel's clone calls this too before copying the attributes over:
        # cloning the game's initial position keeps that cheap.
        self._h = _Holder(
            game.initial_turns(),
            game.index,
            game.payoff,
            game.chance_cache,
            game.initial_turns,
            game,
        )

    @property
    def hoteledu_state(self) -> State:
        """The wrapped hoteledu state (read it; do not change it)."""
        return self._h.turns.state

    @property
    def in_turn_state(self) -> InTurnState:
        """The wrapped state with its open simultaneous choices."""
        return self._h.turns

    # ---------------------------------------------------------- protocol
    def current_player(self) -> int:
        mover = self._h.turns.current_player()
        if mover == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        if mover == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return mover

    def _legal_actions(self, player: int) -> list[int]:
        index = self._h.index
        return sorted(index.player_id(a) for a in self._h.turns.legal_actions(player))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        state = self._h.turns.state
        key = _chance_key(state)
        cache = self._h.chance_cache
        found = cache.get(key) if key is not None else None
        if found is None:
            found = _chance_list(self._h.index, state)
            if key is not None:
                cache[key] = found
        return list(found)

    def _apply_action(self, action_id: int) -> None:
        holder = self._h
        mover = holder.turns.current_player()
        holder.apply_id(holder.turns, mover, action_id)
        holder.moves.append((mover, action_id))

    def serialize(self) -> str:
        """This state as JSON text (never pickle): see :func:`serialize_state`."""
        return serialize_state(self)

    def _action_to_string(self, player: int, action_id: int) -> str:
        index = self._h.index
        if player == pyspiel.PlayerId.CHANCE:
            return f"chance: {index.chance_action(action_id)}"
        return f"{player_name(player)}: {index.player_action(action_id)}"

    def is_terminal(self) -> bool:
        return self._h.turns.is_over()

    def returns(self) -> list[float]:
        turns = self._h.turns
        if not turns.is_over():
            return [0.0] * turns.state.num_players
        return [float(u) for u in self._h.payoff(turns.state)]

    # ------------------------------------------------------- information
    def observation_text(self, player: int) -> str:
        """Canonical JSON of hoteledu's ``observation(player)`` (+ own open choice)."""
        return _canonical(self._h.turns.observation(player))

    def information_state_text(self, player: int) -> str:
        """What ``player`` has seen and done, with perfect recall (see ``docs/interop.md``).

        Perfect information (Amsterdam): the history of action ids. Hidden
        information: a digest of the player's whole sequence of observations
        after every move, with who moved and the player's own actions, then
        the current observation. Two histories give the same string exactly
        when the player saw and did the same at every move (up to a 128-bit
        hash), so a resampled state keeps the string of the state it came from.
        """
        if self.get_game().get_type().information == _INFORMATION.PERFECT_INFORMATION:
            return f"{player_name(player)} " + " ".join(str(a) for a in self.history())
        holder = self._h
        # CFR and search ask again and again for the same histories: remember
        # the last strings (a resampled state has no history of its own to key on).
        key = (player, tuple(action_id for _, action_id in holder.moves))
        cache = {} if holder.resampled else holder.game.recall_cache
        text = cache.get(key)
        if text is None:
            recall = holder.recall_of(player)
            text = (
                f"{player_name(player)} after {recall.moves} moves, recall {recall.digest.hex()}: "
                + self.observation_text(player)
            )
            cache[key] = text
            if len(cache) > RECALL_CACHE_SIZE:
                del cache[next(iter(cache))]  # the oldest
        return text

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> HoteleduState:
        """A state ``player`` cannot tell from this one, the hidden parts drawn at random.

        The engine's ``determinise(player, rng)`` redraws what ``player`` cannot
        see (others' staff cards, the deck); others' open simultaneous choices
        are redrawn among their legal actions. ``probability_sampler()`` (a
        uniform number in [0, 1), as OpenSpiel's IS-MCTS passes) seeds the draw.
        The new state has ``player``'s information state and observation; its
        own history starts here (``history()`` is empty: the engine's
        determinised state has no history that leads to it).
        """
        rng = np.random.default_rng(int(float(probability_sampler()) * 2**53))
        holder = self._h
        recall = holder.recall_of(player)
        turns = holder.turns.clone()
        turns.state = holder.turns.state.determinise(player, rng)
        if turns.pending is not None:
            hidden = [q for q in turns.open_movers() if q != player]
            for q in hidden:
                legal = turns.state.legal_actions(q)
                turns.pending[q] = legal[int(rng.integers(len(legal)))]
        game = self.get_game()
        world = HoteleduState(game)
        world._h = _Holder(
            turns, holder.index, holder.payoff, holder.chance_cache, holder.initial, holder.game
        )
        world._h.base = holder.move_count
        world._h.resampled = True
        for q in range(turns.state.num_players):
            if q == player:
                world._h.recall[q] = _Recall(recall.moves, recall.digest, turns.clone())
            else:  # what q saw before is unknown in this world: q's recall starts here
                seen = _recall_step(b"resampled", CHANCE, None, _canonical(turns.observation(q)))
                world._h.recall[q] = _Recall(world._h.base, seen, turns.clone())
        return world

    def __str__(self) -> str:
        # The readable board, then a digest of the whole position (hidden parts
        # and open choices included), so that different positions never share
        # a string (Grand Austria's text alone had 111 collisions in 3 games).
        turns = self._h.turns
        pending = (
            None
            if turns.pending is None
            else [None if a is None else a.to_json() for a in turns.pending]
        )
        position = _canonical({"state": turns.state.to_snapshot(), "open": pending})
        digest = hashlib.blake2b(position.encode(), digest_size=16).hexdigest()
        return f"{turns.render_text()}\nposition {digest}"


def _chance_key(state: State) -> tuple[Any, ...] | None:
    """A key under which a chance node's outcome list may be cached, or None.

    Grand Austria's roll of n dice has up to 11,628 outcomes that depend on n
    only; listing them is the cost of every search through a roll.
    """
    tasks = getattr(state, "tasks", None)
    if state.game_name == "grand_austria" and tasks and tasks[-1].kind == "roll":
        return ("roll", tasks[-1].dice)
    return None


def _chance_list(index: ActionIndex, state: State) -> list[tuple[int, float]]:
    """The outcome ids and probabilities, sorted; equal outcomes (card copies) merged."""
    merged: dict[int, Fraction] = {}
    for outcome, probability in state.chance_outcomes():
        key = index.chance_id(outcome)
        merged[key] = merged.get(key, Fraction(0)) + probability
    return sorted((key, float(p)) for key, p in merged.items())


class _Observer:
    """OpenSpiel's observer protocol: the strings, and the tensor of :mod:`.tensors`.

    Both kinds of observer fill the same tensor, read from the player's
    observation now (a perfect-recall one too: its string holds the whole
    past, its tensor only the present; see ``docs/interop.md``).
    """

    def __init__(self, perfect_recall: bool, layout: TensorLayout) -> None:
        self.perfect_recall = perfect_recall
        self.layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        self.dict: dict[str, np.ndarray] = layout.views(self.tensor)

    def set_from(self, state: HoteleduState, player: int) -> None:
        self.layout.encode_into(state.in_turn_state.observation(player), self.tensor)

    def string_from(self, state: HoteleduState, player: int) -> str:
        if self.perfect_recall:
            return state.information_state_text(player)
        return state.observation_text(player)


class HoteleduGame(pyspiel.Game):
    """Base class of the registered games; a subclass sets ``spec``."""

    spec: _Spec
    game_type: pyspiel.GameType
    stop_condition: Callable[[State], bool] | None = None

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.options = options_from_parameters(self.spec.name, params)
        self.index = action_index(self.spec.name, **self.options)
        self.layout = tensor_layout(self.spec.name, **self.options)
        self.chance_cache: dict[tuple[Any, ...], list[tuple[int, float]]] = {}
        self.recall_cache: dict[tuple[int, tuple[int, ...]], str] = {}
        info = pyspiel.GameInfo(
            num_distinct_actions=self.index.num_player_actions,
            max_chance_outcomes=self.index.num_chance_outcomes,
            num_players=self.options["players"],
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=self.spec.max_game_length(self.options),
        )
        super().__init__(self.game_type, info, params)

    def new_hoteledu_state(self) -> State:
        return game_info(self.spec.name).load(**self.options)

    def new_initial_state(self) -> HoteleduState:
        return HoteleduState(self)

    def initial_turns(self) -> InTurnState:
        """A fresh copy of the initial position (made once, then cloned)."""
        prototype = self.__dict__.get("_prototype")
        if prototype is None:
            prototype = InTurnState(self.new_hoteledu_state(), self.stop_condition)
            self._prototype = prototype
        return prototype.clone()

    def payoff(self, state: State) -> list[float]:
        return state.utilities()

    def deserialize_state(self, text: str) -> HoteleduState:  # type: ignore[override]
        """The state of :func:`serialize_state`'s text (JSON only; never unpickles)."""
        return deserialize_state(self, text)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> _Observer:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if perfect_recall and not self.spec.information_state:
            raise ValueError(f"{self.spec.long_name} provides no information-state string")
        return _Observer(perfect_recall, self.layout)


def _game_type(spec: _Spec, utility: Any = None, short_name: str | None = None) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=short_name or GAME_PREFIX + spec.name,
        long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=spec.information,
        utility=utility or pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=spec.information_state,
        provides_information_state_tensor=spec.information_state,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(spec.name),
    )


class AmsterdamGame(HoteleduGame):
    """Hotel Amsterdam in OpenSpiel (``hoteledu_amsterdam``)."""

    spec = SPECS["amsterdam"]
    game_type = _game_type(spec)


class GrandAustriaGame(HoteleduGame):
    """Grand Austria Hotel in OpenSpiel (``hoteledu_grand_austria``)."""

    spec = SPECS["grand_austria"]
    game_type = _game_type(spec)


class BoutiqueGame(HoteleduGame):
    """Boutique Hotel Manager in OpenSpiel (``hoteledu_boutique``)."""

    spec = SPECS["boutique"]
    game_type = _game_type(spec)


GAME_CLASSES: dict[str, type[HoteleduGame]] = {
    "amsterdam": AmsterdamGame,
    "grand_austria": GrandAustriaGame,
    "boutique": BoutiqueGame,
}
"""The OpenSpiel game class of each hoteledu game."""


# ------------------------------------------------------ Boutique's ranking bid
RANK_BID_GAME = GAME_PREFIX + "boutique_rank_bid"


@functools.lru_cache(maxsize=16)
def _rank_bid_start(money: int, seed: int) -> State:
    """A 2-player Boutique position at the walk-in ranking bid, both players holding ``money``.

    A seeded random game is played to its first hiring decision; both
    players' money is set to ``money`` (a position the rules allow) and both
    hire nobody, so the engine ranks them by money, finds them tied and asks
    for sealed bids (BHM-24).
    """
    from hoteledu.boutique.actions import Hire
    from hoteledu.boutique.rules import BoutiqueState
    from hoteledu.core.agents import RandomAgent
    from hoteledu.core.simulate import next_action

    state = game_info("boutique").load(players=2)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(seed=seed + 1), RandomAgent(seed=seed + 2)]
    while getattr(state, "phase", None) != "hire":
        state.apply_action(next_action(state, agents, rng))
    snapshot = state.to_snapshot()
    snapshot["money"] = [money, money]
    state = BoutiqueState.from_snapshot(state.options, snapshot)
    state.apply_actions([Hire(0, 0, 0), Hire(0, 0, 0)])
    if state.phase != "rank_bid":  # type: ignore[attr-defined]
        raise RuntimeError("the position did not reach the ranking bid")
    return state


class BoutiqueRankBidGame(HoteleduGame):
    """Boutique's walk-in ranking bid (BHM-24) between two tied players, as a small game.

    Both players hold ``money``; each secretly bids 0..money in hundreds (all
    bids are paid); the higher bid is ranked first for the walk-ins; equal
    bids are settled by the white die (a chance node, 1/2 each). The game ends
    once the ranking is settled. A player's payoff is the money change (minus
    the bid) plus ``priority_value`` if ranked first: the value of being
    offered the walk-in guests first, a parameter of this lesson-sized game.
    All of it (bids, payments, die, ranking) is computed by the Boutique engine.
    """

    spec = _Spec(
        "boutique",
        "hoteledu Boutique walk-in ranking bid",
        2,
        2,
        _INFORMATION.IMPERFECT_INFORMATION,
        True,
        lambda options: 3,
    )
    game_type = pyspiel.GameType(
        short_name=RANK_BID_GAME,
        long_name="hoteledu Boutique walk-in ranking bid",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=_INFORMATION.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"money": 500, "priority_value": 300, "seed": 0},
    )

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.money = int(params.get("money", 500))
        self.priority_value = int(params.get("priority_value", 300))
        self.seed = int(params.get("seed", 0))
        if self.money < 0 or self.money % 100:
            raise ValueError(f"money must be a multiple of 100 >= 0, got {self.money}")
        self.options = {"players": 2}
        self.start = _rank_bid_start(self.money, self.seed)
        self.index = action_index("boutique", **self.start.options)
        self.layout = tensor_layout("boutique", **self.start.options)
        self.chance_cache = {}
        self.recall_cache = {}
        info = pyspiel.GameInfo(
            num_distinct_actions=self.index.num_player_actions,
            max_chance_outcomes=self.index.num_chance_outcomes,
            num_players=2,
            min_utility=float(-self.money),
            max_utility=float(self.priority_value),
            utility_sum=None,
            max_game_length=3,
        )
        pyspiel.Game.__init__(self, self.game_type, info, params)

    def new_hoteledu_state(self) -> State:
        return self.start.clone()

    @staticmethod
    def stop_condition(state: State) -> bool:
        return state.phase not in ("rank_bid", "rank_roll")  # type: ignore[attr-defined]

    def payoff(self, state: State) -> list[float]:
        first = state.ranking_order()[0]  # type: ignore[attr-defined]
        return [
            float(state.money[p] - self.start.money[p])  # type: ignore[attr-defined]
            + (self.priority_value if p == first else 0)
            for p in range(2)
        ]


def rank_bid_matrices(
    money: int = 500, priority_value: int = 300, seed: int = 0
) -> tuple[list[int], np.ndarray, np.ndarray]:
    """The ranking bid as a bimatrix game: bids and each player's expected payoff.

    Computed by playing every pair of bids on the Boutique engine (the white
    die's tie-break averaged exactly), for nashpy and for checking OpenSpiel.
    """
    game = BoutiqueRankBidGame({"money": money, "priority_value": priority_value, "seed": seed})
    root = game.new_initial_state()
    bids = root.legal_actions()
    a = np.zeros((len(bids), len(bids)))
    b = np.zeros((len(bids), len(bids)))
    for i, first in enumerate(bids):
        for j, second in enumerate(bids):
            state = root.child(first).child(second)
            outcomes = state.chance_outcomes() if state.is_chance_node() else [(None, 1.0)]
            for outcome, p in outcomes:
                end = state if outcome is None else state.child(outcome)
                a[i, j] += p * end.returns()[0]
                b[i, j] += p * end.returns()[1]
    amounts = [game.index.player_action(i).amount for i in bids]  # type: ignore[attr-defined]
    return amounts, a, b


# ------------------------------------------------------------ serialisation
STATE_FORMAT = "hoteledu-openspiel-state/1"
STATE_FIELDS = frozenset({"format", "game", "parameters", "actions", "state"})


def _state_text(holder: _Holder) -> str:
    if holder.base or holder.resampled:
        raise ValueError(
            "a resampled state (resample_from_infostate) is not reached by its moves: "
            "it cannot be saved"
        )
    game, ids = holder.game, [action_id for _, action_id in holder.moves]
    return json.dumps(
        {
            "format": STATE_FORMAT,
            "game": game.get_type().short_name,
            "parameters": game.get_parameters(),
            "actions": list(ids),
            "state": holder.turns.state.to_json(),
        },
        sort_keys=True,
        separators=(",", ":"),
    )


def serialize_state(state: HoteleduState) -> str:
    """A state as JSON text: the game, its parameters, the action ids and hoteledu's state.

    1 to 10 kB, where OpenSpiel's default (a pickle of the Python attributes)
    took 40 to 600 kB. :func:`deserialize_state` reads it back.
    """
    return _state_text(state._h)


def deserialize_state(game: HoteleduGame, text: str | bytes) -> HoteleduState:
    """The state saved by :func:`serialize_state`, for ``game``; untrusted text is fine.

    Only JSON is read (a pickle or any other text is refused, and nothing in it
    runs): the game and parameters must be ``game``'s, each action id must be
    legal where it is replayed, and the replay must reach the saved hoteledu
    state. Any problem raises MalformedRecordError with the reason.
    """
    data = parse_json_text(text, what="the OpenSpiel state", max_bytes=MAX_SAVED_STATE_CHARS)
    if not isinstance(data, Mapping) or set(data) != STATE_FIELDS:
        raise MalformedRecordError(
            "an OpenSpiel state of hoteledu is a JSON object with the fields "
            f"{sorted(STATE_FIELDS)}"
        )
    check_json_shape(data, what="the OpenSpiel state")
    if data["format"] != STATE_FORMAT:
        raise MalformedRecordError(f"unknown format {short_repr(data['format'])}")
    name = game.get_type().short_name
    if data["game"] != name or _canonical(data["parameters"]) != _canonical(game.get_parameters()):
        raise MalformedRecordError(
            f"this is a state of {short_repr(data['game'])} {short_repr(data['parameters'])}, "
            f"not of {name} {short_repr(game.get_parameters())}"
        )
    ids = data["actions"]
    longest = game.max_game_length()
    if (
        not isinstance(ids, list)
        or len(ids) > longest
        or not all(isinstance(i, int) and not isinstance(i, bool) for i in ids)
    ):
        raise MalformedRecordError(f"'actions' must be a list of at most {longest} action ids")
    state = game.new_initial_state()
    for step, action_id in enumerate(ids):
        if state.is_terminal():
            legal: list[int] = []
        elif state.is_chance_node():
            legal = [outcome for outcome, _ in state.chance_outcomes()]
        else:
            legal = state.legal_actions()
        if action_id not in legal:
            raise MalformedRecordError(
                f"action {step} (id {action_id}) is not legal where it is replayed"
            )
        state.apply_action(action_id)
    if _canonical(state.hoteledu_state.to_json()) != _canonical(data["state"]):
        raise MalformedRecordError(
            "the saved action ids lead to a different position than the saved 'state'"
        )
    return state


@functools.lru_cache(maxsize=32)
def _game_for(name: str, parameters: str) -> HoteleduGame:
    return pyspiel.load_game(name, json.loads(parameters))


def _holder_from_text(text: str) -> _Holder:
    """What OpenSpiel's own deserialisation gets back for a pickled ``_Holder``."""
    data = parse_json_text(text, what="the OpenSpiel state", max_bytes=MAX_SAVED_STATE_CHARS)
    if not isinstance(data, Mapping) or not isinstance(data.get("game"), str):
        raise MalformedRecordError("an OpenSpiel state of hoteledu names its game")
    if not data["game"].startswith(GAME_PREFIX):
        raise MalformedRecordError(f"{short_repr(data['game'])} is not a hoteledu game")
    game = _game_for(data["game"], _canonical(data.get("parameters")))
    return deserialize_state(game, text)._h


def register() -> None:
    """Register every game with OpenSpiel (done on import; safe to call again)."""
    registered = set(pyspiel.registered_names())
    for cls in (*GAME_CLASSES.values(), BoutiqueRankBidGame):
        if cls.game_type.short_name not in registered:
            pyspiel.register_game(cls.game_type, cls)


def load(game: str, **options: Any) -> HoteleduGame:
    """``pyspiel.load_game`` of a hoteledu game by its hoteledu name and options."""
    params = {
        name: 0
        if value is None
        else _canonical(value)
        if isinstance(value, (dict, list))
        else value
        for name, value in options.items()
    }
    return pyspiel.load_game(GAME_PREFIX + game, params)


register()
from hoteledu.interop import openspiel_lessons  # noqa: E402, F401  (registers the lesson games)
