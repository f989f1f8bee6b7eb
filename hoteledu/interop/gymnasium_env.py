"""A hoteledu game as a single-agent Gymnasium environment (extra ``[rl]``).

The learner plays one seat; every other seat is played by a hoteledu agent
(``RandomAgent`` unless another is given), which sees only its player's view::

    from hoteledu.boutique.bots import BoutiqueBot
    from hoteledu.interop.gymnasium_env import gym_env

    environment = gym_env("boutique", seat=0, opponent=BoutiqueBot(), weeks=1)
    observation, info = environment.reset(seed=1)
    terminated = truncated = False
    while not (terminated or truncated):
        action = int(observation["action_mask"].nonzero()[0][0])
        observation, reward, terminated, truncated, info = environment.step(action)

* Observations, actions and the mask are those of the PettingZoo
  environments (:mod:`hoteledu.interop.pettingzoo`): a ``Dict`` of the
  OpenSpiel tensor (``Box``, or ``observation="json"``) and ``action_mask``;
  ``Discrete`` over the stable action index; ``action_masks()`` gives the
  mask as booleans (what ``sb3_contrib``'s ``MaskablePPO`` asks for).
* ``reset(seed=...)`` seeds the dice and cards and each opponent
  (``opponent.reseeded(...)``, one stream per seat): same seed and same
  actions, same episode.
* Reward: the learner's win share at the end (1 sole winner, 1/k on a k-way
  tie, 0 else), 0 before; ``info["returns"]`` holds the game's points.
* An illegal action id (anything outside the mask): ``illegal_action=
  "terminate"`` (default, as PettingZoo's classic games do) ends the episode
  with ``illegal_reward`` (-1) and the position unchanged; ``"penalise"``
  gives ``illegal_reward`` and changes nothing (the learner moves again);
  ``"raise"`` raises ``IllegalActionError``. ``info["illegal"]`` names the
  rule broken. ``max_episode_steps`` truncates an episode.
* Registered with Gymnasium on import: ``gymnasium.make("hoteledu/Boutique-v0",
  weeks=1)`` (also ``hoteledu/Amsterdam-v0``, ``hoteledu/GrandAustria-v0``);
  ``gymnasium.make("hoteledu.interop.gymnasium_env:hoteledu/Boutique-v0")``
  imports this module first.
* Boutique's simultaneous decisions are asked in seat order with the others'
  choices hidden (:mod:`hoteledu.interop.turns`): an opponent seated before
  the learner chooses first, unseen.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from hoteledu.core.agents import Agent, PlayerView, RandomAgent
from hoteledu.core.errors import IllegalActionError
from hoteledu.core.registry import game_info
from hoteledu.core.state import CHANCE, TERMINAL, player_name
from hoteledu.interop.action_index import action_index
from hoteledu.interop.pettingzoo import (
    OBSERVATION_BYTES,
    OBSERVATION_KINDS,
    encode_observation,
    masked_observation_space,
)
from hoteledu.interop.tensors import tensor_layout
from hoteledu.interop.turns import InTurnState

ILLEGAL_ACTIONS = ("terminate", "penalise", "raise")


class HoteleduGymEnv(gymnasium.Env):
    """One seat of a hoteledu game against hoteledu agents (see the module's notes)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["human", "ansi"], "render_fps": 4}

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponent: Agent | None = None,
        observation: str = "tensor",
        illegal_action: str = "terminate",
        illegal_reward: float = -1.0,
        max_episode_steps: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode must be one of {self.metadata['render_modes']}, got {render_mode!r}"
            )
        if observation not in OBSERVATION_KINDS:
            raise ValueError(f"observation must be one of {OBSERVATION_KINDS}, got {observation!r}")
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(
                f"illegal_action must be one of {ILLEGAL_ACTIONS}, got {illegal_action!r}"
            )
        self.game = game
        self.options = game_info(game).resolve_options(options)
        players = self.options["players"]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1} (P1..P{players}), got {seat!r}")
        self.seat = seat
        self.opponent: Agent = RandomAgent() if opponent is None else opponent
        self.observation_kind = observation
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.max_episode_steps = max_episode_steps
        self.render_mode = render_mode
        self.index = action_index(game, **self.options)
        self.layout = tensor_layout(game, **self.options)
        n = self.index.num_player_actions
        self.observation_space = masked_observation_space(game, observation, self.layout.size, n)
        self.action_space = spaces.Discrete(n)
        self._turns: InTurnState | None = None
        self._opponents: dict[int, Agent] = {}
        self._steps = 0

    # ------------------------------------------------------------ API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        streams = self.np_random.integers(2**63, size=self.options["players"])
        self._opponents = {
            p: self.opponent.reseeded(int(streams[p]))
            for p in range(self.options["players"])
            if p != self.seat
        }
        self._turns = InTurnState(game_info(self.game).load(**self.options))
        self._steps = 0
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        turns = self._require_state()
        if turns.current_player() == TERMINAL:
            raise RuntimeError("the episode is over: call reset()")
        self._steps += 1
        truncated = self.max_episode_steps is not None and self._steps >= self.max_episode_steps
        legal = turns.legal_actions(self.seat)
        chosen = self._decode(action)
        if chosen is None or chosen not in legal:
            reason = (
                f"action id {action!r} is outside 0..{self.index.num_player_actions - 1}"
                if chosen is None
                else turns.state.explain_illegal_for(self.seat, chosen)
            )
            if self.illegal_action == "raise":
                raise IllegalActionError(f"{player_name(self.seat)}: {reason}")
            info = {**self._info(), "illegal": reason}
            ended = self.illegal_action == "terminate"
            return self._observation(), self.illegal_reward, ended, truncated, info
        turns.apply(chosen)
        self._play_others()
        terminated = turns.current_player() == TERMINAL
        reward = float(turns.state.utilities()[self.seat]) if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, truncated and not terminated, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal action ids as booleans (for masked learners)."""
        return self._observation()["action_mask"].astype(bool)

    def render(self) -> str | None:
        text = self._require_state().render_text()
        if self.render_mode == "ansi":
            return text
        if self.render_mode == "human":
            print(text)
        return None

    @property
    def hoteledu_state(self) -> Any:
        """The hoteledu state being played (read it; do not change it)."""
        return self._require_state().state

    # ------------------------------------------------------------ internal
    def _require_state(self) -> InTurnState:
        if self._turns is None:
            raise RuntimeError("call reset() before using the environment")
        return self._turns

    def _decode(self, action: Any) -> Any:
        try:
            return self.index.player_action(int(action))
        except (TypeError, ValueError, OverflowError):
            return None

    def _play_others(self) -> None:
        """Chance and the opponents move until the learner is to move or the game ends."""
        turns = self._require_state()
        while True:
            mover = turns.current_player()
            if mover == CHANCE:
                turns.apply(turns.sample_chance(self.np_random))
            elif mover == TERMINAL or mover == self.seat:
                return
            else:
                turns.apply(self._opponents[mover].act(PlayerView(turns.state, mover)))

    def _observation(self) -> dict[str, np.ndarray]:
        turns = self._require_state()
        mask = np.zeros(self.index.num_player_actions, dtype=np.int8)
        for action in turns.legal_actions(self.seat):
            mask[self.index.player_id(action)] = 1
        view = turns.observation(self.seat)
        if self.observation_kind == "tensor":
            features = self.layout.encode(view)
        else:
            features = encode_observation(view, OBSERVATION_BYTES[self.game])
        return {"observation": features, "action_mask": mask}

    def _info(self) -> dict[str, Any]:
        turns = self._require_state()
        info: dict[str, Any] = {"actions": [str(a) for a in turns.legal_actions(self.seat)]}
        if turns.current_player() == TERMINAL:
            info["returns"] = list(turns.state.returns())
        return info


def gym_env(
    game: str, seat: int = 0, opponent: Agent | None = None, **kwargs: Any
) -> HoteleduGymEnv:
    """The single-agent environment of ``game``: the learner at ``seat``, ``opponent`` elsewhere.

    ``kwargs`` are :class:`HoteleduGymEnv`'s settings (``observation``,
    ``illegal_action``, ``illegal_reward``, ``max_episode_steps``,
    ``render_mode``) and the game's options (``players=3`` ...).
    """
    return HoteleduGymEnv(game, seat, opponent, **kwargs)


GYMNASIUM_IDS = {
    "amsterdam": "hoteledu/Amsterdam-v0",
    "grand_austria": "hoteledu/GrandAustria-v0",
    "boutique": "hoteledu/Boutique-v0",
}
"""The ``gymnasium.make`` id of each game."""


def register() -> None:
    """Register every game with Gymnasium (done on import; safe to call again)."""
    for game, name in GYMNASIUM_IDS.items():
        if name not in gymnasium.registry:
            gymnasium.register(
                name, entry_point=f"{__name__}:HoteleduGymEnv", kwargs={"game": game}
            )


register()
