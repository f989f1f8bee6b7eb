"""hoteledu's games as PettingZoo environments: PettingZoo's own tests and the details."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed: pip install -e '.[rl]'")
pytest.importorskip("gymnasium", reason="Gymnasium is not installed: pip install -e '.[rl]'")
from pettingzoo.test import api_test, bombardment_test, parallel_api_test, seed_test, state_test
from pettingzoo.test.example_envs import generated_agents_env_v0
from pettingzoo.utils.wrappers import TerminateIllegalWrapper

from hoteledu.core.errors import IllegalActionError
from hoteledu.interop.action_index import action_index
from hoteledu.interop.pettingzoo import (
    agent_name,
    agent_seat,
    decode_observation,
    env,
    parallel_env,
)
from hoteledu.interop.tensors import tensor_layout

GAMES = ("amsterdam", "grand_austria", "boutique")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore::UserWarning")  # dict observations, infinite Box bounds
@pytest.mark.parametrize("observation", ["tensor", "json"])
def test_pettingzoo_api_test(game: str, observation: str) -> None:
    api_test(env(game, observation=observation), num_cycles=1000)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore::UserWarning")
def test_pettingzoo_parallel_api_test(game: str) -> None:
    environment = parallel_env(game)
    parallel_api_test(environment, num_cycles=1000)
    assert not environment.agents  # a whole game was played within the 1,000 steps


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
    assert a.hoteledu_state.utilities() == [rewards[f"player_{p}"] for p in range(3)]


def test_observation_mask_and_ids() -> None:
    environment = env("amsterdam", players=2, render_mode="ansi", observation="json")
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
    assert environment.observation_space("player_0").contains(observation)
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
        assert environment.agent_selection == "player_0"
        environment.step(int(np.flatnonzero(observation["action_mask"])[choice]))
        assert environment.agent_selection == "player_1"
        seen.append(environment.observe("player_1")["observation"])
    np.testing.assert_array_equal(seen[0], seen[1])


def test_bad_render_mode_and_game_are_refused() -> None:
    with pytest.raises(ValueError, match="render_mode must be one of"):
        env("amsterdam", render_mode="rgb")
    with pytest.raises(ValueError, match="no game called"):
        env("monopoly")
    with pytest.raises(ValueError, match="observation must be one of"):
        parallel_env("boutique", observation="pixels")
    with pytest.raises(ValueError, match="max_cycles must be"):
        env("boutique", max_cycles=0)


def test_agents_are_named_as_pettingzoo_classic_games_and_map_to_seats() -> None:
    environment = env("boutique", players=3)
    assert environment.possible_agents == ["player_0", "player_1", "player_2"]
    assert [agent_seat(a) for a in environment.possible_agents] == [0, 1, 2]
    assert agent_name(2) == "player_2"
    assert environment.seat_of("player_1") == 1
    with pytest.raises(ValueError, match="player_0, player_1"):
        agent_seat("P1")


@pytest.mark.parametrize("game", GAMES)
def test_default_observation_is_the_openspiel_tensor_and_state_is_every_seat(game: str) -> None:
    environment = env(game)
    environment.reset(seed=4)
    layout = tensor_layout(game, **environment.options)
    for _ in range(30):  # the first 30 moves, each observation checked
        agent = environment.agent_selection
        observation, *_ = environment.last()
        assert observation["observation"].dtype == np.float32
        assert environment.observation_space(agent).contains(observation)
        seat = agent_seat(agent)
        view = environment._require_state().observation(seat)
        np.testing.assert_array_equal(observation["observation"], layout.encode(view))
        state = environment.state()
        assert environment.state_space.contains(state)
        np.testing.assert_array_equal(
            state[seat * layout.size : (seat + 1) * layout.size], layout.encode(view)
        )
        environment.step(int(np.flatnonzero(observation["action_mask"])[-1]))


def _first_legal_game(environment, seed: int, parallel: bool) -> tuple[int, str]:
    """Every mover plays its lowest legal id; the number of steps and the final position."""
    steps = 0
    if parallel:
        observations, infos = environment.reset(seed=seed)
        while environment.agents:
            actions = {
                a: int(np.flatnonzero(observations[a]["action_mask"])[0])
                for a in environment.agents
                if infos[a]["to_move"]
            }
            observations, _, _, _, infos = environment.step(actions)
            steps += 1
    else:
        environment.reset(seed=seed)
        for _agent in environment.agent_iter():
            observation, _, termination, truncation, _ = environment.last()
            done = termination or truncation
            environment.step(None if done else int(np.flatnonzero(observation["action_mask"])[0]))
            steps += not done
    return steps, environment.hoteledu_state.to_json()


def test_parallel_boutique_asks_every_player_at_once_and_plays_the_aec_game() -> None:
    environment = parallel_env("boutique", players=3, weeks=1)
    _, infos = environment.reset(seed=5)
    assert [infos[a]["to_move"] for a in environment.agents] == [True, True, True]  # prices
    state = environment.hoteledu_state
    assert state.current_player() == -2  # SIMULTANEOUS
    aec_steps, aec_end = _first_legal_game(env("boutique", players=3, weeks=1), 5, False)
    steps, end = _first_legal_game(parallel_env("boutique", players=3, weeks=1), 5, True)
    assert end == aec_end  # same seed, same choices: the same game
    assert steps < aec_steps  # simultaneous decisions took one step, not one per player


def test_parallel_refuses_a_missing_or_illegal_action_and_changes_nothing() -> None:
    environment = parallel_env("boutique")
    observations, _ = environment.reset(seed=2)
    before = environment.hoteledu_state.to_json()
    legal = int(np.flatnonzero(observations["player_0"]["action_mask"])[0])
    illegal = int(np.flatnonzero(observations["player_1"]["action_mask"] == 0)[0])
    with pytest.raises(ValueError, match="player_1 \\(P2\\) is to move"):
        environment.step({"player_0": legal})
    with pytest.raises(IllegalActionError, match="player_1 \\(P2\\)"):
        environment.step({"player_0": legal, "player_1": illegal})
    assert environment.hoteledu_state.to_json() == before
    environment.step({"player_0": legal, "player_1": legal})
    assert environment.hoteledu_state.to_json() != before


def test_parallel_non_movers_have_an_empty_mask_and_their_actions_are_ignored() -> None:
    environment = parallel_env("amsterdam")
    observations, infos = environment.reset(seed=1)
    movers = [a for a in environment.agents if infos[a]["to_move"]]
    assert len(movers) == 1
    (waiting,) = set(environment.agents) - set(movers)
    assert not observations[waiting]["action_mask"].any()
    mover_action = int(np.flatnonzero(observations[movers[0]]["action_mask"])[0])
    environment.step({movers[0]: mover_action, waiting: 10**6})  # ignored, not even decoded


def test_max_cycles_truncates_aec_and_parallel() -> None:
    environment = env("boutique", max_cycles=4)
    environment.reset(seed=0)
    moves = {a: 0 for a in environment.possible_agents}
    for agent in environment.agent_iter():
        observation, _, termination, truncation, _ = environment.last()
        if termination or truncation:
            assert truncation and not termination
            environment.step(None)
            continue
        moves[agent] += 1
        environment.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert max(moves.values()) == 4
    parallel = parallel_env("boutique", max_cycles=4)
    observations, infos = parallel.reset(seed=0)
    for step in range(1, 5):
        actions = {
            a: int(np.flatnonzero(observations[a]["action_mask"])[0])
            for a in parallel.agents
            if infos[a]["to_move"]
        }
        observations, _, terminations, truncations, infos = parallel.step(actions)
        assert all(truncations.values()) == (step == 4)
        assert not any(terminations.values())
    assert parallel.agents == []


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_bombardment_test_fails_on_pettingzoos_own_example_env_too() -> None:
    # docs/interop.md says why bombardment_test cannot apply: it takes step()'s
    # return (None in the AEC API) as the next observation. This checks that the
    # reason still holds for PettingZoo's own example, and runs its intent instead.
    with pytest.raises(AssertionError, match="outside of its observation space"):
        bombardment_test(generated_agents_env_v0.env(), cycles=2)
    environment = env("boutique")
    for seed in range(3):  # 3 games of 200 masked random moves, every observation checked
        environment.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for agent in environment.agent_iter(200):
            observation, _, termination, truncation, _ = environment.last()
            assert environment.observation_space(agent).contains(observation)
            legal = np.flatnonzero(observation["action_mask"])
            environment.step(None if termination or truncation else int(rng.choice(legal)))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.filterwarnings("ignore::UserWarning")  # the wrapper warns of each illegal move
def test_pettingzoo_state_test_with_the_classic_games_illegal_move_wrapper(game: str) -> None:
    # state_test samples actions without the mask: the env refuses the illegal
    # ones, and PettingZoo's classic-games wrapper turns a refusal into a loss.
    with pytest.raises(IllegalActionError):
        state_test(env(game), parallel_env(game), num_cycles=10)
    state_test(TerminateIllegalWrapper(env(game), illegal_reward=-1), parallel_env(game), 10)
    wrapped = TerminateIllegalWrapper(env(game), illegal_reward=-1)
    wrapped.reset(seed=0)
    observation, *_ = wrapped.last()
    mover = wrapped.agent_selection
    wrapped.step(int(np.flatnonzero(observation["action_mask"] == 0)[0]))
    assert wrapped.rewards[mover] == -1 and all(wrapped.terminations.values())


def test_aec_state_holds_each_seats_open_choice_flag_but_no_price() -> None:
    environment = env("boutique")
    environment.reset(seed=3)
    layout = tensor_layout("boutique", **environment.options)
    flag = layout.offsets["own_choice"]
    before = environment.state()
    observation, *_ = environment.last()
    environment.step(int(np.flatnonzero(observation["action_mask"])[0]))  # P1's secret prices
    after = environment.state()
    assert (before[flag], after[flag]) == (0.0, 1.0)  # seat 0 has chosen
    assert after[layout.size + flag] == 0.0  # seat 1 has not
    np.testing.assert_array_equal(np.delete(before, flag), np.delete(after, flag))
