"""hoteledu's games as PettingZoo AEC environments (extra ``[rl]``).

::

    from hoteledu.interop.pettingzoo import env

    environment = env("boutique", players=2, render_mode="ansi")
    environment.reset(seed=42)
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, info = environment.last()
        mask = observation["action_mask"]
        action = None if termination or truncation else int(mask.nonzero()[0][0])
        environment.step(action)

* Agents are ``"P1"``, ``"P2"``, ... (hoteledu's player 0 is P1).
* Actions are the stable ids of :mod:`hoteledu.interop.action_index`
  (``Discrete(num_player_actions)``); ``observation["action_mask"]`` marks
  the legal ones (``int8``), and ``info["actions"]`` the readable texts.
* ``observation["observation"]`` is hoteledu's own ``observation(agent)`` as
  canonical JSON text in UTF-8 bytes, zero-padded to a fixed length
  (``uint8``): lossless and leak-free by construction (it is the engine's
  view of that player). ``decode_observation`` turns it back into the dict;
  a learner brings its own features (the example computes two numbers).
* Chance nodes (dice, cards) are resolved inside ``step`` with the
  ``numpy.random.Generator`` seeded by ``reset(seed=...)``: same seed, same
  actions, same game. Boutique's simultaneous decisions are asked in turn
  with the others' choices hidden (:mod:`hoteledu.interop.turns`).
* Rewards: each agent's win share (1 sole winner, 1/k on a k-way tie, 0
  else) at the end of the game, 0 before. ``info["returns"]`` at the end
  holds the game's own points.
* Render modes: ``"ansi"`` returns the game's own text (``render_text``),
  ``"human"`` prints it.
"""

from __future__ import annotations

import json
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from hoteledu.core.registry import game_info
from hoteledu.core.state import CHANCE, TERMINAL, State, player_name
from hoteledu.interop.action_index import ActionIndex, action_index
from hoteledu.interop.turns import InTurnState

OBSERVATION_BYTES = {"amsterdam": 8_192, "grand_austria": 32_768, "boutique": 16_384}
"""Fixed length of the observation byte array per game (the JSON is far shorter)."""


def encode_observation(view: dict[str, Any], size: int) -> np.ndarray:
    """``view`` as canonical JSON in UTF-8, zero-padded to ``size`` bytes."""
    data = json.dumps(view, sort_keys=True, separators=(",", ":"), default=str).encode()
    if len(data) > size:
        raise ValueError(f"an observation of {len(data)} bytes exceeds the fixed size {size}")
    out = np.zeros(size, dtype=np.uint8)
    out[: len(data)] = np.frombuffer(data, dtype=np.uint8)
    return out


def decode_observation(array: np.ndarray) -> dict[str, Any]:
    """The observation dict back from ``observation["observation"]``."""
    data = bytes(np.asarray(array, dtype=np.uint8)).rstrip(b"\0")
    return json.loads(data.decode())


class HoteleduEnv(AECEnv):
    """A hoteledu game as a PettingZoo AEC environment (see the module's notes)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi"],
        "name": "hoteledu",
        "is_parallelizable": False,
    }

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        self.game = game
        self.options = game_info(game).resolve_options(options)
        self.index: ActionIndex = action_index(game, **self.options)
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"hoteledu_{game}_v0"}
        players = self.options["players"]
        self.possible_agents = [player_name(p) for p in range(players)]
        self._player = {a: p for p, a in enumerate(self.possible_agents)}
        size = OBSERVATION_BYTES[game]
        n = self.index.num_player_actions
        self._observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0, 255, (size,), dtype=np.uint8),
                "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
            }
        )
        self._action_space = spaces.Discrete(n)
        self._turns: InTurnState | None = None
        self._rng = np.random.default_rng()

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_space

    # ------------------------------------------------------------ API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = np.random.default_rng(seed)
            self._action_space.seed(seed)
        self._turns = InTurnState(game_info(self.game).load(**self.options))
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._resolve_chance()
        self._after_move()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        turns = self._require_state()
        player = self._player[agent]
        mask = np.zeros(self.index.num_player_actions, dtype=np.int8)
        for action in turns.legal_actions(player):
            mask[self.index.player_id(action)] = 1
        view = encode_observation(turns.observation(player), OBSERVATION_BYTES[self.game])
        return {"observation": view, "action_mask": mask}

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
        self._cumulative_rewards[agent] = 0.0
        self._resolve_chance()
        self._after_move()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; nothing rendered")
            return None
        text = self._require_state().render_text()
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

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
                p = self._player[agent]
                self.rewards[agent] = float(utilities[p])
                self.terminations[agent] = True
                self.infos[agent] = {"returns": list(returns), "actions": []}
            self._accumulate_rewards()
            return
        for agent in self.agents:
            self.rewards[agent] = 0.0
        self.agent_selection = self.possible_agents[mover]
        self.infos[self.agent_selection] = {"actions": [str(a) for a in turns.legal_actions(mover)]}


def env(game: str, render_mode: str | None = None, **options: Any) -> HoteleduEnv:
    """The AEC environment of ``game`` with its hoteledu options (``players=3`` ...)."""
    return HoteleduEnv(game, render_mode=render_mode, **options)
