"""What a player knows, in OpenSpiel: strings that identify positions and
information states, resampling from an information state, and IS-MCTS."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'"
)
hos = pytest.importorskip("hoteledu.interop.openspiel")
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402


def _random_child(state, rng: np.random.Generator):
    if state.is_chance_node():
        ids, probabilities = zip(*state.chance_outcomes(), strict=True)
        return state.child(int(rng.choice(ids, p=probabilities)))
    legal = state.legal_actions()
    return state.child(int(legal[rng.integers(len(legal))]))


def _position(state) -> str:
    turns = state.in_turn_state
    pending = None if turns.pending is None else [a and a.to_json() for a in turns.pending]
    return json.dumps([turns.state.to_snapshot(), pending], sort_keys=True, default=str)


@pytest.mark.parametrize(
    ("name", "params", "games"),
    [
        ("hoteledu_grand_austria", {}, 3),
        ("hoteledu_boutique", {"weeks": 1}, 2),
        ("hoteledu_amsterdam", {"target": 6}, 2),
    ],
)
def test_str_identifies_positions(name, params, games) -> None:
    game = pyspiel.load_game(name, params)
    position_of: dict[str, str] = {}
    for seed in range(games):
        state, rng = game.new_initial_state(), np.random.default_rng(seed)
        while not state.is_terminal():
            position = _position(state)
            assert position_of.setdefault(str(state), position) == position, str(state)
            state = _random_child(state, rng)
    assert len(position_of) > 100


def _hidden_chance_pairs(name: str, seed: int, nodes: int):
    """Children of chance nodes, grouped by what each player observes of them."""
    game = pyspiel.load_game(name)
    state, rng = game.new_initial_state(), np.random.default_rng(seed)
    found = 0
    while found < nodes and not state.is_terminal():
        if state.is_chance_node() and len(state.chance_outcomes()) > 1:
            children = [state.child(a) for a, _ in state.chance_outcomes()[:12]]
            yield children
            found += 1
        state = _random_child(state, rng)


def test_grand_austria_information_states_are_what_the_player_saw() -> None:
    splits = 0
    for children in _hidden_chance_pairs("hoteledu_grand_austria", seed=4, nodes=25):
        for player in range(2):
            by_view: dict[str, set[str]] = {}
            for child in children:
                by_view.setdefault(child.observation_string(player), set()).add(
                    child.information_state_string(player)
                )
            # Same thing seen, same information state; different things seen, different.
            assert all(len(states) == 1 for states in by_view.values())
            assert len(set().union(*by_view.values())) == len(by_view)
        views = [{c.observation_string(p) for c in children} for p in range(2)]
        splits += len(views[0]) != len(views[1])
    assert splits > 0, "no chance outcome was hidden from one player only: nothing tested"


@pytest.mark.parametrize(
    ("name", "params"),
    [("hoteledu_grand_austria", {}), ("hoteledu_boutique", {"players": 3})],
)
def test_a_resampled_state_looks_the_same_to_its_player(name, params) -> None:
    game = pyspiel.load_game(name, params)
    state, rng = game.new_initial_state(), np.random.default_rng(2)
    checked = differed = 0
    while checked < 12 and not state.is_terminal():
        if not state.is_chance_node():
            player = state.current_player()
            draws = iter(np.random.default_rng(checked).random(100))
            world = state.resample_from_infostate(player, draws.__next__)
            assert world.information_state_string(player) == state.information_state_string(player)
            assert world.observation_string(player) == state.observation_string(player)
            assert world.legal_actions() == state.legal_actions()
            differed += str(world) != str(state)
            world.apply_action(world.legal_actions()[0])  # the world plays on
            checked += 1
        state = _random_child(state, rng)
    assert checked == 12 and differed > 0


def test_amsterdam_resamples_to_itself() -> None:
    state = pyspiel.load_game("hoteledu_amsterdam").new_initial_state()
    state = _random_child(state, np.random.default_rng(0))
    world = state.resample_from_infostate(0, lambda: 0.5)
    assert str(world) == str(state)


def _play_with_ismcts(game, seed: int, simulations: int, max_moves: int | None = None):
    rng = np.random.RandomState(seed)
    bot = ismcts.ISMCTSBot(
        game, mcts.RandomRolloutEvaluator(1, rng), 2.0, simulations, random_state=rng
    )
    state, moves = game.new_initial_state(), 0
    while not state.is_terminal() and (max_moves is None or moves < max_moves):
        if state.is_chance_node():
            ids, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    return state, moves


def test_openspiel_ismcts_plays_a_whole_boutique_week() -> None:
    state, moves = _play_with_ismcts(pyspiel.load_game("hoteledu_boutique", {"weeks": 1}), 1, 3)
    assert state.is_terminal() and moves > 10
    assert sum(state.returns()) == pytest.approx(1.0)


def test_openspiel_ismcts_plays_the_ranking_bid_and_grand_austria() -> None:
    state, moves = _play_with_ismcts(pyspiel.load_game(hos.RANK_BID_GAME), 2, 20)
    assert state.is_terminal() and moves == 2
    # A whole Grand Austria game is a few hundred decisions: its first ones here.
    state, moves = _play_with_ismcts(pyspiel.load_game("hoteledu_grand_austria"), 3, 3, 5)
    assert moves == 5


def test_a_state_resampled_at_the_start_is_not_taken_for_the_true_game() -> None:
    game = pyspiel.load_game(hos.RANK_BID_GAME)
    root = game.new_initial_state()
    world = root.resample_from_infostate(0, lambda: 0.25)
    world.apply_action(world.legal_actions()[0])
    truth = root.child(root.legal_actions()[0])
    # P2's past in the world is unknown (its recall starts there), so its string
    # differs from the true game's; it once replaced it, being cached by history.
    assert world.information_state_string(1) != truth.information_state_string(1)
    with pytest.raises(Exception, match="resampled"):
        pyspiel.serialize_game_and_state(game, world)
