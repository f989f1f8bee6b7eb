"""hoteledu's games as PettingZoo environments, AEC and Parallel (extra ``[rl]``).

::

    from hoteledu.interop.pettingzoo import env, parallel_env

    environment = env("boutique", players=2, render_mode="ansi")
    environment.reset(seed=42)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, info = environment.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(mask.nonzero()[0][0])
        environment.step(action)

    simultaneous = parallel_env("boutique", players=2)
    observations, infos = simultaneous.reset(seed=42)
    while simultaneous.agents:
        actions = {a: int(observations[a]["action_mask"].nonzero()[0][0])
                   for a in simultaneous.agents if infos[a]["to_move"]}
        observations, rewards, terminations, truncations, infos = simultaneous.step(actions)

* Agents are ``"player_0"``, ``"player_1"``, ... as in PettingZoo's classic
  games: ``player_k`` is hoteledu's seat ``k``, which hoteledu's texts call
  ``P{k+1}`` (:func:`agent_name`, :func:`agent_seat`).
* Actions are the stable ids of :mod:`hoteledu.interop.action_index`
  (``Discrete(num_player_actions)``); ``observation["action_mask"]`` marks
  the legal ones (``int8``), and ``info["actions"]`` the readable texts.
* ``observation["observation"]`` is, by default (``observation="tensor"``),
  the float32 tensor OpenSpiel's ``observation_tensor`` gives
  (:mod:`hoteledu.interop.tensors`, named slices with documented layouts), a
  ``Box`` inside a ``Dict`` with ``action_mask``, as PettingZoo's classic
  games have it. ``observation="json"`` gives instead hoteledu's own
  ``observation(agent)`` as canonical JSON text in UTF-8 bytes, zero-padded
  to a fixed length (``uint8``; :func:`decode_observation` turns it back).
  Both are read from the engine's view of that player, so nothing leaks.
* ``state()`` (``state_space``): every seat's observation tensor, seat by
  seat: all that any player sees, hidden hands included (not the deck's
  order), for centralised training.
* Chance nodes (dice, cards) are resolved inside ``step`` with the
  ``numpy.random.Generator`` seeded by ``reset(seed=...)``: same seed, same
  actions, same game.
* AEC (:func:`env`): Boutique's simultaneous decisions are asked in turn with
  the others' choices hidden (:mod:`hoteledu.interop.turns`). Parallel
  (:func:`parallel_env`): every player with a choice at a simultaneous
  decision (prices, bids, hires, walk-in price changes) acts in the same
  ``step``; at a one-player decision only that player acts. ``info["to_move"]``
  says who acts; the others' mask is all zeros and their actions are ignored.
* Rewards: each agent's win share (1 sole winner, 1/k on a k-way tie, 0
  else) at the end of the game, 0 before. ``info["returns"]`` at the end
  holds the game's own points.
* ``max_cycles`` (default: none; every game ends by itself): truncate once
  an agent has made that many moves (AEC) or after that many steps (Parallel).
* An illegal action id raises ``IllegalActionError`` naming the rule and
  changes nothing (PettingZoo's tests sample with the mask).
* Render modes: ``"ansi"`` returns the game's own text (``render_text``),
  ``"human"`` prints it.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from hoteledu.core.actions import Action, JointAction
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.registry import game_info
from hoteledu.core.state import CHANCE, SIMULTANEOUS, TERMINAL, State, player_name
from hoteledu.interop.action_index import ActionIndex, action_index
from hoteledu.interop.tensors import TensorLayout, tensor_layout
from hoteledu.interop.turns import InTurnState, _is_pass

OBSERVATION_BYTES = {"amsterdam": 8_192, "grand_austria": 32_768, "boutique": 16_384}
"""Fixed length of the JSON observation byte array per game (the JSON is far shorter)."""
OBSERVATION_KINDS = ("tensor", "json")
AGENT_PREFIX = "player_"


def agent_name(seat: int) -> str:
    """The PettingZoo agent of hoteledu's seat ``seat`` (seat 0, P1, is ``player_0``)."""
    return f"{AGENT_PREFIX}{seat}"


def agent_seat(agent: str) -> int:
    """hoteledu's seat of a PettingZoo agent (``player_0`` is seat 0, P1)."""
    if not agent.startswith(AGENT_PREFIX) or not agent[len(AGENT_PREFIX) :].isdigit():
        raise ValueError(f"agents are named {AGENT_PREFIX}0, {AGENT_PREFIX}1, ...; got {agent!r}")
    return int(agent[len(AGENT_PREFIX) :])


def encode_observation(view: dict[str, Any], size: int) -> np.ndarray:
    """``view`` as canonical JSON in UTF-8, zero-padded to ``size`` bytes."""
    data = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str).encode()
    if len(data) > size:
        raise ValueError(f"an observation of {len(data)} bytes exceeds the fixed size {size}")
    out = np.zeros(size, dtype=np.uint8)
    out[: len(data)] = np.frombuffer(data, dtype=np.uint8)
    return out


def decode_observation(array: np.ndarray) -> dict[str, Any]:
    """The observation dict back from a ``observation="json"`` observation's bytes."""
    data = bytes(np.asarray(array, dtype=np.uint8)).rstrip(b"\0")
    return json.loads(data.decode())


class _Common:
    """What the AEC and the Parallel environments share: options, spaces, encodings."""

    metadata: ClassVar[dict[str, Any]]

    def _setup(
        self,
        game: str,
        render_mode: str | None,
        observation: str,
        max_cycles: int | None,
        options: Mapping[str, Any],
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        if observation not in OBSERVATION_KINDS:
            raise ValueError(f"observation must be one of {OBSERVATION_KINDS}, got {observation!r}")
        if max_cycles is not None and (isinstance(max_cycles, bool) or max_cycles < 1):
            raise ValueError(f"max_cycles must be a positive int or None, got {max_cycles!r}")
        self.game = game
        self.options = game_info(game).resolve_options(dict(options))
        self.index: ActionIndex = action_index(game, **self.options)
        self.layout: TensorLayout = tensor_layout(game, **self.options)
        self.render_mode = render_mode
        self.observation_kind = observation
        self.max_cycles = max_cycles
        self.metadata = {**self.metadata, "name": f"hoteledu_{game}_v1"}
        players = self.options["players"]
        self.possible_agents = [agent_name(p) for p in range(players)]
        self._seat = {a: p for p, a in enumerate(self.possible_agents)}
        n = self.index.num_player_actions
        self._observation_space = masked_observation_space(game, observation, self.layout.size, n)
        self._action_space = spaces.Discrete(n)
        self.state_space = spaces.Box(
            -np.inf, np.inf, (players * self.layout.size,), dtype=np.float32
        )
        self._rng = np.random.default_rng()

    # One space object per environment: PettingZoo's tests require the same
    # object on every call (seeding it seeds every agent's).
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    def seat_of(self, agent: str) -> int:
        """hoteledu's seat of ``agent`` (see :func:`agent_seat`)."""
        return self._seat[agent]

    def _seed(self, seed: int | None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self._action_space.seed(seed)

    def _encode(self, view: dict[str, Any], legal: list[Action]) -> dict[str, np.ndarray]:
        mask = np.zeros(self.index.num_player_actions, dtype=np.int8)
        for action in legal:
            mask[self.index.player_id(action)] = 1
        if self.observation_kind == "tensor":
            features = self.layout.encode(view)
        else:
            features = encode_observation(view, OBSERVATION_BYTES[self.game])
        return {"observation": features, "action_mask": mask}

    def _global_state(self, source: State | InTurnState) -> np.ndarray:
        views = [self.layout.encode(source.observation(p)) for p in self._seat.values()]
        return np.concatenate(views)

    def _render_text(self, text: str) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; nothing rendered")
            return None
        if self.render_mode == "ansi":
            return text
        print(text)
        return None


class HoteleduEnv(_Common, AECEnv):
    """A hoteledu game as a PettingZoo AEC environment (see the module's notes)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "hoteledu",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        observation: str = "tensor",
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        AECEnv.__init__(self)
        self._setup(game, render_mode, observation, max_cycles, options)
        self._turns: InTurnState | None = None
        self._moves: dict[str, int] = {}

    # ------------------------------------------------------------ API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._seed(seed)
        self._turns = InTurnState(game_info(self.game).load(**self.options))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._moves = {a: 0 for a in self.agents}
        self._resolve_chance()
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        turns = self._require_state()
        player = self._seat[agent]
        return self._encode(turns.observation(player), turns.legal_actions(player))

    def state(self) -> np.ndarray:
        """Every seat's observation tensor, seat by seat (see ``state_space``)."""
        return self._global_state(self._require_state())  # with each seat's open choice

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        turns = self._require_state()
        if action is None:
            raise ValueError(f"{agent} is to move: step needs an action id, not None")
        chosen = self.index.player_action(action)
        turns.apply(chosen)  # an illegal id raises IllegalActionError and changes nothing
        self._moves[agent] += 1
        self._cumulative_rewards[agent] = 0.0
        self._resolve_chance()
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        return self._render_text(self._require_state().render_text())

    def close(self) -> None:
        pass

    @property
    def hoteledu_state(self) -> State:
        """The hoteledu state being played (read it; do not change it)."""
        return self._require_state().state

    # ------------------------------------------------------------ internal
    def _require_state(self) -> InTurnState:
        if self._turns is None:
            raise RuntimeError("call reset() before using the environment")
        return self._turns

    def _resolve_chance(self) -> None:
        turns = self._require_state()
        while turns.current_player() == CHANCE:
            turns.apply(turns.sample_chance(self._rng))

    def _after_move(self) -> None:
        turns = self._require_state()
        mover = turns.current_player()
        if mover == TERMINAL:
            state = turns.state
            utilities = state.utilities()
            returns = state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(utilities[self._seat[agent]])
                self.terminations[agent] = True
                self.infos[agent] = {"returns": list(returns), "actions": []}
            self._accumulate_rewards()
            return
        for agent in self.agents:
            self.rewards[agent] = 0.0
        if self.max_cycles is not None and max(self._moves.values()) >= self.max_cycles:
            for agent in self.agents:
                self.truncations[agent] = True
        self.agent_selection = self.possible_agents[mover]
        self.infos[self.agent_selection] = {"actions": [str(a) for a in turns.legal_actions(mover)]}


class HoteleduParallelEnv(_Common, ParallelEnv):
    """A hoteledu game as a PettingZoo Parallel environment (see the module's notes).

    One ``step`` is one decision of the engine: at a simultaneous decision
    every player with a choice acts at once (a player whose only action is
    the engine's ``Pass`` is passed for), otherwise the one player to move.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "hoteledu",
    }

    def __init__(
        self,
        game: str,
        render_mode: str | None = None,
        observation: str = "tensor",
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        self._setup(game, render_mode, observation, max_cycles, options)
        self.agents: list[str] = []
        self._state: State | None = None
        self._steps = 0

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        self._seed(seed)
        self._state = game_info(self.game).load(**self.options)
        self.agents = list(self.possible_agents)
        self._steps = 0
        self._advance()
        movers = set(self.movers())
        return self._observations(movers), self._infos(movers)

    def movers(self) -> list[int]:
        """The seats that act in the next ``step``."""
        state = self._require_state()
        mover = state.current_player()
        if mover == SIMULTANEOUS:
            return [p for p in range(state.num_players) if not _only_pass(state, p)]
        return [] if mover == TERMINAL else [mover]

    def step(self, actions: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
        """Apply the movers' action ids (others' are ignored); chance follows inside.

        A missing or illegal action of a mover raises (``ValueError``,
        ``IllegalActionError`` naming the rule) and changes nothing.
        """
        state = self._require_state()
        if not self.agents:
            raise RuntimeError("the game is over: call reset()")
        chosen = {p: self._chosen(state, p, actions) for p in self.movers()}
        if state.current_player() == SIMULTANEOUS:
            joint = [
                chosen[p] if p in chosen else state.legal_actions(p)[0]
                for p in range(state.num_players)
            ]
            state.apply_action(JointAction(tuple(joint)))
        else:
            (action,) = chosen.values()
            state.apply_action(action)
        self._steps += 1
        self._advance()
        movers = set(self.movers())
        observations, infos = self._observations(movers), self._infos(movers)
        live = list(self.agents)
        if state.is_terminal():
            utilities, points = state.utilities(), state.returns()
            rewards = {a: float(utilities[self._seat[a]]) for a in live}
            terminations = {a: True for a in live}
            truncations = {a: False for a in live}
            for agent in live:
                infos[agent]["returns"] = list(points)
            self.agents = []
        else:
            rewards = {a: 0.0 for a in live}
            terminations = {a: False for a in live}
            cut = self.max_cycles is not None and self._steps >= self.max_cycles
            truncations = {a: cut for a in live}
            if cut:
                self.agents = []
        if self.render_mode == "human":
            self.render()
        return observations, rewards, terminations, truncations, infos

    def state(self) -> np.ndarray:
        """Every seat's observation tensor, seat by seat (see ``state_space``)."""
        return self._global_state(self._require_state())

    def render(self) -> str | None:
        return self._render_text(self._require_state().render_text())

    def close(self) -> None:
        pass

    @property
    def hoteledu_state(self) -> State:
        """The hoteledu state being played (read it; do not change it)."""
        return self._require_state()

    # ------------------------------------------------------------ internal
    def _require_state(self) -> State:
        if self._state is None:
            raise RuntimeError("call reset() before using the environment")
        return self._state

    def _chosen(self, state: State, player: int, actions: Mapping[str, Any]) -> Action:
        agent = self.possible_agents[player]
        if actions.get(agent) is None:
            raise ValueError(f"{agent} ({player_name(player)}) is to move: give its action id")
        action = self.index.player_action(actions[agent])
        if action not in state.legal_actions(player):
            reason = state.explain_illegal_for(player, action)
            raise IllegalActionError(f"{agent} ({player_name(player)}): {reason}")
        return action

    def _advance(self) -> None:
        """Resolve chance, and simultaneous decisions where nobody has a choice."""
        state = self._require_state()
        while True:
            mover = state.current_player()
            if mover == CHANCE:
                state.apply_action(state.sample_chance(self._rng))
            elif mover == SIMULTANEOUS and not self.movers():
                state.apply_action(
                    JointAction(tuple(state.legal_actions(p)[0] for p in range(state.num_players)))
                )
            else:
                return

    def _observations(self, movers: set[int]) -> dict[str, dict[str, np.ndarray]]:
        state = self._require_state()
        return {
            agent: self._encode(state.observation(p), state.legal_actions(p) if p in movers else [])
            for agent, p in self._seat.items()
        }

    def _infos(self, movers: set[int]) -> dict[str, dict[str, Any]]:
        state = self._require_state()
        return {
            agent: {
                "to_move": p in movers,
                "actions": [str(a) for a in state.legal_actions(p)] if p in movers else [],
            }
            for agent, p in self._seat.items()
        }


def _only_pass(state: State, player: int) -> bool:
    legal = state.legal_actions(player)
    return len(legal) == 1 and _is_pass(legal[0])


def masked_observation_space(game: str, observation: str, size: int, actions: int) -> Any:
    """``Dict(observation=..., action_mask=...)``, as PettingZoo's classic games have it.

    ``observation`` is ``"tensor"`` (the OpenSpiel tensor of ``size`` floats) or
    ``"json"`` (the observation's JSON bytes, zero-padded); the mask has one
    entry per action id (``actions``).
    """
    if observation == "tensor":
        features: spaces.Space = spaces.Box(-np.inf, np.inf, (size,), dtype=np.float32)
    else:
        features = spaces.Box(0, 255, (OBSERVATION_BYTES[game],), dtype=np.uint8)
    return spaces.Dict(
        {"observation": features, "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8)}
    )


def env(
    game: str,
    render_mode: str | None = None,
    observation: str = "tensor",
    max_cycles: int | None = None,
    **options: Any,
) -> HoteleduEnv:
    """The AEC environment of ``game`` with its hoteledu options (``players=3`` ...)."""
    return HoteleduEnv(game, render_mode, observation, max_cycles, **options)


def parallel_env(
    game: str,
    render_mode: str | None = None,
    observation: str = "tensor",
    max_cycles: int | None = None,
    **options: Any,
) -> HoteleduParallelEnv:
    """The Parallel environment of ``game`` (made for Boutique's simultaneous decisions)."""
    return HoteleduParallelEnv(game, render_mode, observation, max_cycles, **options)
