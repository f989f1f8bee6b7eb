"""hoteledu's games as PettingZoo AEC environments: PettingZoo's own tests and the details."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="Gymnasium is not installed: pip install -e '.[rl]'")
from pettingzoo.test import api_test, seed_test

from hoteledu.interop.action_index import action_index
from hoteledu.interop.pettingzoo import decode_observation, env

GAMES = ("amsterdam", "grand_austria", "boutique")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore::UserWarning")  # P1 naming, dict observations
def test_pettingzoo_api_test(game: str) -> None:
    api_test(env(game), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_seed_test(game: str) -> None:
    seed_test(lambda **kwargs: env(game, **kwargs), num_cycles=200)


def _play(environment, seed: int) -> tuple[list[int], dict[str, float]]:
    """A whole game, first legal action each time; the actions and final rewards."""
    environment.reset(seed=seed)
    actions: list[int] = []
    rewards: dict[str, float] = {}
    for agent in environment.agent_iter():
        observation, reward, termination, truncation, _ = environment.last()
        if termination or truncation:
            rewards[agent] = reward
            environment.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[len(actions) % len(legal)])
        actions.append(action)
        environment.step(action)
    return actions, rewards


def test_same_seed_same_game_and_rewards_are_win_shares() -> None:
    a, b = env("boutique", players=3, weeks=1), env("boutique", players=3, weeks=1)
    first, rewards = _play(a, seed=7)
    second, _ = _play(b, seed=7)
    assert first == second
    third, _ = _play(b, seed=8)
    assert third != first  # other dice and cards
    assert sum(rewards.values()) == pytest.approx(1.0)
    assert a.hoteledu_state.utilities() == [rewards[f"P{p + 1}"] for p in range(3)]


def test_observation_mask_and_ids() -> None:
    environment = env("amsterdam", players=2, render_mode="ansi")
    environment.reset(seed=1)
    observation, *_ = environment.last()
    index = action_index("amsterdam")
    state = environment.hoteledu_state
    mover = state.current_player()
    legal = np.flatnonzero(observation["action_mask"])
    assert [index.player_action(i) for i in legal] == sorted(
        state.legal_actions(mover), key=index.player_id
    )
    assert observation["observation"].dtype == np.uint8
    assert environment.observation_space("P1").contains(observation)
    assert decode_observation(observation["observation"]) == state.observation(mover)
    assert environment.render() == state.render_text()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(Exception, match="AMS-"):
        environment.step(illegal)
    assert environment.hoteledu_state.history == state.history  # nothing changed


def test_a_secret_price_is_hidden_in_the_next_agents_observation() -> None:
    seen = []
    for choice in (0, -1):
        environment = env("boutique")
        environment.reset(seed=3)
        observation, *_ = environment.last()
        assert environment.agent_selection == "P1"
        environment.step(int(np.flatnonzero(observation["action_mask"])[choice]))
        assert environment.agent_selection == "P2"
        seen.append(environment.observe("P2")["observation"])
    np.testing.assert_array_equal(seen[0], seen[1])


def test_bad_render_mode_and_game_are_refused() -> None:
    with pytest.raises(ValueError, match="render_mode must be one of"):
        env("amsterdam", render_mode="rgb")
    with pytest.raises(ValueError, match="no game called"):
        env("monopoly")
