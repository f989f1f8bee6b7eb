"""The single-agent Gymnasium wrapper: Gymnasium's own checker and the details."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("gymnasium", reason="Gymnasium is not installed: pip install -e '.[rl]'")
pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install -e '.[rl]'")
import gymnasium
from gymnasium.utils.env_checker import check_env

from hoteledu.boutique.bots import BoutiqueBot
from hoteledu.core.agents import PlayerView, RandomAgent
from hoteledu.core.errors import IllegalActionError
from hoteledu.interop.gymnasium_env import GYMNASIUM_IDS, gym_env
from hoteledu.interop.tensors import tensor_layout

GAMES = ("amsterdam", "grand_austria", "boutique")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore::UserWarning")  # infinite Box bounds; no spec for render
def test_check_env_passes(game: str) -> None:
    check_env(gym_env(game))
    check_env(gym_env(game, illegal_action="penalise", observation="json", seat=1))


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_registered_ids_make_the_env_and_pass_check_env_with_render() -> None:
    module_and_id = f"hoteledu.interop.gymnasium_env:{GYMNASIUM_IDS['boutique']}"
    environment = gymnasium.make(module_and_id, weeks=1, render_mode="ansi")
    check_env(environment.unwrapped)
    observation, _ = environment.reset(seed=0)
    assert environment.observation_space.contains(observation)
    assert environment.render() == environment.unwrapped._turns.render_text()


def _episode(environment, seed: int) -> tuple[list[int], float, dict]:
    """Lowest legal id each time to the end: the actions, the last reward, the last info."""
    observation, info = environment.reset(seed=seed)
    actions, reward, done = [], 0.0, False
    while not done:
        action = int(np.flatnonzero(environment.action_masks())[0])
        assert observation["action_mask"][action] == 1
        actions.append(action)
        observation, reward, terminated, truncated, info = environment.step(action)
        done = terminated or truncated
    return actions, reward, info


def test_same_seed_same_episode_and_the_reward_is_the_win_share() -> None:
    environment = gym_env("boutique", seat=1, opponent=BoutiqueBot(), weeks=1)
    first, reward, info = _episode(environment, seed=3)
    again, reward_again, _ = _episode(environment, seed=3)
    assert (first, reward) == (again, reward_again)
    assert reward == environment.hoteledu_state.utilities()[1]
    assert info["returns"] == environment.hoteledu_state.returns()
    other, _, _ = _episode(environment, seed=4)
    assert other != first


class _Recorder:
    """An opponent that plays its first or last legal action and records who it played."""

    name = "recorder"

    def __init__(self, last: bool = False) -> None:
        self.last = last
        self.players: set[int] = set()

    def act(self, view: PlayerView):
        self.players.add(view.player)
        legal = view.legal_actions()
        return legal[-1] if self.last else legal[0]

    def reseeded(self, seed) -> _Recorder:
        copy = _Recorder(self.last)
        copy.players = self.players  # shared, so the test sees every seat played
        return copy


def test_every_other_seat_is_played_by_the_opponent_and_its_secret_price_is_hidden() -> None:
    seen = []
    for last in (False, True):
        opponent = _Recorder(last)
        environment = gym_env("boutique", seat=2, opponent=opponent, players=3)
        observation, _ = environment.reset(seed=8)
        # P1 and P2 chose their secret prices first, in seat order, unseen
        assert environment.unwrapped._turns.pending[:2] != [None, None]
        seen.append(observation["observation"])
        _episode(environment, seed=8)
        assert opponent.players == {0, 1}
    np.testing.assert_array_equal(seen[0], seen[1])


def test_observation_is_the_tensor_of_the_learners_view() -> None:
    environment = gym_env("grand_austria", seat=1)
    observation, _ = environment.reset(seed=2)
    layout = tensor_layout("grand_austria", players=2)
    view = environment.unwrapped._turns.observation(1)
    np.testing.assert_array_equal(observation["observation"], layout.encode(view))


@pytest.mark.parametrize("mode", ["terminate", "penalise", "raise"])
def test_an_illegal_action_changes_nothing(mode: str) -> None:
    environment = gym_env("amsterdam", illegal_action=mode, illegal_reward=-0.5)
    observation, _ = environment.reset(seed=1)
    before = environment.hoteledu_state.to_json()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    if mode == "raise":
        with pytest.raises(IllegalActionError, match="AMS-"):
            environment.step(illegal)
    else:
        again, reward, terminated, truncated, info = environment.step(illegal)
        assert (reward, terminated, truncated) == (-0.5, mode == "terminate", False)
        assert "AMS-" in info["illegal"]
        np.testing.assert_array_equal(again["observation"], observation["observation"])
    assert environment.hoteledu_state.to_json() == before
    if mode == "penalise":  # the learner moves again, now legally
        legal = int(np.flatnonzero(observation["action_mask"])[0])
        environment.step(legal)
        assert environment.hoteledu_state.to_json() != before


def test_max_episode_steps_truncates_and_bad_settings_are_refused() -> None:
    environment = gym_env("boutique", max_episode_steps=3, opponent=RandomAgent())
    environment.reset(seed=0)
    flags = []
    for _ in range(3):
        action = int(np.flatnonzero(environment.action_masks())[0])
        *_, terminated, truncated, _ = environment.step(action)
        flags.append((terminated, truncated))
    assert flags == [(False, False), (False, False), (False, True)]
    with pytest.raises(ValueError, match=r"seat must be 0\.\.1"):
        gym_env("boutique", seat=2)
    with pytest.raises(ValueError, match="illegal_action must be one of"):
        gym_env("boutique", illegal_action="ignore")
    with pytest.raises(ValueError, match="observation must be one of"):
        gym_env("boutique", observation="pixels")
