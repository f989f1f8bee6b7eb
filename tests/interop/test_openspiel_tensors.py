"""Observation and information-state tensors in OpenSpiel: sizes from the options,
read from the observation only, equal where the player cannot tell states apart,
and enough for OpenSpiel's rl_environment to play whole episodes."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'"
)
hos = pytest.importorskip("hoteledu.interop.openspiel")
from open_spiel.python import rl_environment  # noqa: E402

from hoteledu.interop.tensors import tensor_layout  # noqa: E402


def _random_child(state, rng: np.random.Generator):
    if state.is_chance_node():
        ids, probabilities = zip(*state.chance_outcomes(), strict=True)
        return state.child(int(rng.choice(ids, p=probabilities)))
    legal = state.legal_actions()
    return state.child(int(legal[rng.integers(len(legal))]))


# The sizes docs/interop.md gives, as functions of the options.
SIZES = {
    "amsterdam": lambda o: 104 + 6 * o["players"],
    "grand_austria": lambda o: 448 + 187 * o["players"],
    "boutique": lambda o: 29 + o["weeks"] + 28 + 42 * o["players"],
}


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("amsterdam", {"players": 2}),
        ("amsterdam", {"players": 4, "variant": "tactical"}),
        ("grand_austria", {"players": 2}),
        ("grand_austria", {"players": 3}),
        ("boutique", {"players": 2, "weeks": 2}),
        ("boutique", {"players": 5, "weeks": 1}),
    ],
)
def test_tensor_sizes_follow_the_options(game, options) -> None:
    loaded = hos.load(game, **options)
    kind = loaded.get_type()
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    size = SIZES[game](options)
    assert loaded.observation_tensor_size() == loaded.information_state_tensor_size() == size
    state = loaded.new_initial_state()
    assert len(state.observation_tensor(0)) == len(state.information_state_tensor(0)) == size
    layout = tensor_layout(game, **options)
    assert layout.size == size and sum(part.size for part in layout.slices) == size
    views = layout.views(np.arange(size, dtype=np.float32))
    assert [views[part.name].shape for part in layout.slices] == [p.shape for p in layout.slices]
    assert layout.describe().count("\n") == len(layout.slices) + 1


@pytest.mark.parametrize(
    ("name", "params", "seed"),
    [
        ("hoteledu_amsterdam", {"target": 6}, 1),
        ("hoteledu_grand_austria", {"players": 3}, 2),
        ("hoteledu_boutique", {"players": 3, "weeks": 1}, 3),
    ],
)
def test_tensors_are_read_from_the_observation_string(name, params, seed) -> None:
    game = pyspiel.load_game(name, params)
    layout = game.layout
    state, rng = game.new_initial_state(), np.random.default_rng(seed)
    while not state.is_terminal():
        for player in range(game.num_players()):
            expected = layout.encode(json.loads(state.observation_string(player)))
            np.testing.assert_array_equal(state.observation_tensor(player), expected)
            np.testing.assert_array_equal(state.information_state_tensor(player), expected)
        state = _random_child(state, rng)


def test_grand_austria_states_a_player_cannot_tell_apart_give_equal_tensors() -> None:
    game = pyspiel.load_game("hoteledu_grand_austria")
    state, rng = game.new_initial_state(), np.random.default_rng(4)
    hidden = 0
    while hidden < 5 and not state.is_terminal():
        if state.is_chance_node() and len(state.chance_outcomes()) > 1:
            children = [state.child(a) for a, _ in state.chance_outcomes()[:12]]
            for player in range(2):
                tensors: dict[str, np.ndarray] = {}
                for child in children:
                    view = child.observation_string(player)
                    tensor = np.asarray(child.information_state_tensor(player))
                    if view in tensors:
                        np.testing.assert_array_equal(tensors[view], tensor)
                    tensors[view] = tensor
            views = [{c.observation_string(p) for c in children} for p in range(2)]
            hidden += min(map(len, views)) < len(children)
        state = _random_child(state, rng)
    assert hidden == 5, "too few chance outcomes hidden from a player: nothing tested"


@pytest.mark.parametrize("name", ["hoteledu_grand_austria", "hoteledu_boutique"])
def test_a_resampled_state_gives_its_player_the_same_tensors(name) -> None:
    game = pyspiel.load_game(name)
    state, rng = game.new_initial_state(), np.random.default_rng(6)
    for _ in range(40):
        state = _random_child(state, rng)
    while state.is_chance_node():
        state = _random_child(state, rng)
    player = state.current_player()
    for k in range(5):
        draws = iter(np.random.default_rng(k).random(100))
        world = state.resample_from_infostate(player, draws.__next__)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.information_state_tensor(player) == state.information_state_tensor(player)


def test_a_secret_price_leaves_the_other_player_s_tensor_unchanged() -> None:
    root = pyspiel.load_game("hoteledu_boutique").new_initial_state()
    cheap, dear = root.child(root.legal_actions()[0]), root.child(root.legal_actions()[-1])
    assert cheap.observation_tensor(1) == dear.observation_tensor(1)
    assert cheap.information_state_tensor(1) == dear.information_state_tensor(1)
    # Revealed once both have chosen.
    after = [s.child(s.legal_actions()[0]) for s in (cheap, dear)]
    assert after[0].observation_tensor(1) != after[1].observation_tensor(1)


def test_the_tensor_s_named_slices_read_the_game() -> None:
    game = pyspiel.load_game("hoteledu_amsterdam")
    state = game.new_initial_state()
    while state.is_chance_node():
        state = state.child(state.chance_outcomes()[0][0])
    views = game.layout.views(np.asarray(state.observation_tensor(1), dtype=np.float32))
    observation = state.hoteledu_state.observation(1)
    assert views["to_move"].tolist() == [float(p == state.current_player()) for p in range(2)]
    assert views["tourists"].tolist() == observation["tourists"]
    assert views["pawns"].tolist() == [observation["mayor"], observation["nightwatchman"]]


@pytest.mark.parametrize(
    ("name", "params", "episodes"),
    [
        ("hoteledu_amsterdam", {"target": 6}, 2),
        ("hoteledu_boutique", {"weeks": 1}, 2),
        ("hoteledu_grand_austria", {}, 1),
        (hos.RANK_BID_GAME, {}, 3),
    ],
)
def test_rl_environment_plays_whole_episodes(name, params, episodes) -> None:
    game = pyspiel.load_game(name, params)
    env = rl_environment.Environment(game, seed=1)
    assert env.observation_spec()["info_state"] == (game.information_state_tensor_size(),)
    rng = np.random.default_rng(0)
    for _ in range(episodes):
        time_step, steps = env.reset(), 0
        while not time_step.last():
            player = time_step.observations["current_player"]
            legal = time_step.observations["legal_actions"][player]
            info_state = time_step.observations["info_state"][player]
            assert len(info_state) == game.information_state_tensor_size()
            time_step = env.step([int(rng.choice(legal))])
            steps += 1
        assert steps > 1
        assert len(time_step.rewards) == game.num_players()
