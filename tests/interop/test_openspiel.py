"""hoteledu's games in OpenSpiel: registration, OpenSpiel's own checks, MCTS, information, CFR."""

from __future__ import annotations

import json

import numpy as np
import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install -e '.[openspiel]'"
)
hos = pytest.importorskip("hoteledu.interop.openspiel")
from open_spiel.python.algorithms import cfr, mcts  # noqa: E402

GameType = pyspiel.GameType


@pytest.mark.parametrize(
    ("game", "information", "info_state", "players"),
    [
        ("amsterdam", GameType.Information.PERFECT_INFORMATION, True, (2, 4)),
        ("grand_austria", GameType.Information.IMPERFECT_INFORMATION, True, (2, 4)),
        ("boutique", GameType.Information.IMPERFECT_INFORMATION, True, (2, 5)),
    ],
)
def test_game_type_and_info_are_truthful(game, information, info_state, players) -> None:
    loaded = pyspiel.load_game(f"hoteledu_{game}")
    kind = loaded.get_type()
    assert kind.dynamics == GameType.Dynamics.SEQUENTIAL  # simultaneous moves asked in turn
    assert kind.chance_mode == GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == information
    assert kind.utility == GameType.Utility.CONSTANT_SUM
    assert kind.reward_model == GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == players
    assert kind.provides_information_state_string == info_state
    assert kind.provides_observation_string
    index = hos.action_index(game)
    assert loaded.num_distinct_actions() == index.num_player_actions
    assert loaded.max_chance_outcomes() == index.num_chance_outcomes
    assert loaded.utility_sum() == 1.0
    assert (loaded.min_utility(), loaded.max_utility()) == (0.0, 1.0)


def test_load_game_with_options() -> None:
    game = pyspiel.load_game(
        "hoteledu_amsterdam", {"players": 3, "variant": "tactical", "target": 8}
    )
    assert game.num_players() == 3
    state = game.new_initial_state()
    assert state.hoteledu_state.options["variant"] == "tactical"
    assert state.hoteledu_state.target == 8
    # 0 stands for an option's None (OpenSpiel parameters cannot be None).
    default = pyspiel.load_game("hoteledu_amsterdam", {"target": 0})
    assert default.new_initial_state().hoteledu_state.options["target"] is None
    assert hos.load("boutique", players=4, weeks=1).num_players() == 4
    # A Boutique deck given as JSON data travels as JSON text.
    from hoteledu.boutique.cards import standard_deck

    deck = standard_deck().to_json()
    with_deck = hos.load("boutique", deck=deck).new_initial_state()
    assert with_deck.hoteledu_state.options["deck"] == deck
    with pytest.raises(Exception, match="Unknown parameter 'colour'"):
        pyspiel.load_game("hoteledu_boutique", {"colour": "red"})
    with pytest.raises(Exception, match="players"):
        pyspiel.load_game("hoteledu_boutique", {"players": 7})


@pytest.mark.parametrize(
    ("name", "params"),
    [
        ("hoteledu_amsterdam", {}),
        ("hoteledu_amsterdam", {"players": 3, "variant": "tactical", "dam_lead": "choose"}),
        ("hoteledu_grand_austria", {}),
        ("hoteledu_boutique", {"players": 3}),
        (hos.RANK_BID_GAME, {}),
    ],
)
def test_openspiel_random_sim_test_with_serialisation(name, params) -> None:
    pyspiel.random_sim_test(pyspiel.load_game(name, params), 1, True, False)


def _play_with_mcts(game, seed: int, simulations: int, max_moves: int | None = None):
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bot = mcts.MCTSBot(game, 2.0, simulations, evaluator, random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal() and (max_moves is None or moves < max_moves):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            moves += 1
    return state, moves


@pytest.mark.parametrize(
    ("name", "params"),
    [("hoteledu_amsterdam", {"target": 6}), ("hoteledu_boutique", {"weeks": 1})],
)
def test_openspiel_mcts_plays_whole_games(name, params) -> None:
    game = pyspiel.load_game(name, params)
    state, moves = _play_with_mcts(game, seed=1, simulations=2)
    assert state.is_terminal() and moves > 10
    assert sum(state.returns()) == pytest.approx(1.0)
    assert state.returns() == state.hoteledu_state.utilities()


def test_openspiel_mcts_moves_in_grand_austria() -> None:
    # A whole game takes about a minute (docs/interop.md); here the first moves.
    game = pyspiel.load_game("hoteledu_grand_austria")
    state, moves = _play_with_mcts(game, seed=2, simulations=2, max_moves=4)
    assert moves == 4 and len(state.hoteledu_state.history) > 4


def test_a_secret_price_is_hidden_from_the_other_player() -> None:
    game = pyspiel.load_game("hoteledu_boutique")
    root = game.new_initial_state()
    assert root.current_player() == 0  # the simultaneous price setting, P1 first
    cheap, dear = root.legal_actions()[0], root.legal_actions()[-1]
    after_cheap, after_dear = root.child(cheap), root.child(dear)
    assert after_cheap.current_player() == after_dear.current_player() == 1
    # P2 sees the same whatever P1 chose; P1 sees their own choice.
    for view in ("observation_string", "information_state_string"):
        assert getattr(after_cheap, view)(1) == getattr(after_dear, view)(1)
        assert getattr(after_cheap, view)(0) != getattr(after_dear, view)(0)
    # Once both have chosen, the prices are on the table for both.
    done = after_cheap.child(after_cheap.legal_actions()[0])
    prices = json.loads(done.observation_string(1))["prices"]
    assert prices == json.loads(done.observation_string(0))["prices"]
    other = after_dear.child(after_dear.legal_actions()[0])
    assert done.information_state_string(1) != other.information_state_string(1)


def test_grand_austria_views_differ_only_in_the_hidden_staff_cards() -> None:
    game = pyspiel.load_game("hoteledu_grand_austria")
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    while state.is_chance_node() or len(state.hoteledu_state.hand[0]) == 0:
        ids = state.legal_actions()
        state.apply_action(int(ids[rng.integers(len(ids))]))
    views = [json.loads(state.observation_string(p)) for p in range(2)]
    differing = {k for k in views[0] if views[0][k] != views[1][k]}
    assert differing <= {"hand", "packets", "staff_bottom", "offer", "player"}
    hands = state.hoteledu_state.hand
    assert views[0]["hand"] == [hands[0], len(hands[1])]
    assert views[1]["hand"] == [len(hands[0]), hands[1]]
    recalls = [state.information_state_string(p) for p in range(2)]
    assert recalls[0].startswith("P1 ") and recalls[1].startswith("P2 ")


def test_amsterdam_views_are_equal_perfect_information() -> None:
    state = pyspiel.load_game("hoteledu_amsterdam").new_initial_state()
    for action in state.legal_actions()[:1]:
        state = state.child(action)
    assert state.observation_string(0) == state.observation_string(1)


def test_serialised_state_round_trips() -> None:
    game = pyspiel.load_game("hoteledu_boutique")
    state = game.new_initial_state()
    rng = np.random.default_rng(5)
    for _ in range(12):
        ids = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else None
        ids = ids or state.legal_actions()
        state.apply_action(int(ids[rng.integers(len(ids))]))
    text = pyspiel.serialize_game_and_state(game, state)
    _, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state) and copy.history() == state.history()


def test_rank_bid_matrix_follows_the_rule() -> None:
    # BHM-24: every bid is paid; the higher bid is ranked first; equal bids: the die.
    bids, a, b = hos.rank_bid_matrices(money=500, priority_value=300)
    assert bids == [0, 100, 200, 300, 400, 500]
    for i, x in enumerate(bids):
        for j, y in enumerate(bids):
            share = 1.0 if x > y else 0.5 if x == y else 0.0
            assert a[i, j] == pytest.approx(-x + 300 * share)
            assert b[i, j] == pytest.approx(-y + 300 * (1 - share))


def test_cfr_agrees_with_nashpy_on_the_ranking_bid() -> None:
    nashpy = pytest.importorskip("nashpy")
    _, a, b = hos.rank_bid_matrices(money=500, priority_value=300)
    equilibria = list(nashpy.Game(a, b).support_enumeration())
    assert len(equilibria) == 1
    x, y = equilibria[0]
    np.testing.assert_allclose(x, [1 / 3, 1 / 3, 1 / 3, 0, 0, 0], atol=1e-9)
    game = pyspiel.load_game(hos.RANK_BID_GAME, {"money": 500, "priority_value": 300})
    solver = cfr.CFRSolver(game)
    for _ in range(20):  # deterministic: 20 iterations are within 0.012 (2000: 0.001)
        solver.evaluate_and_update_policy()
    policy = solver.average_policy()
    root = game.new_initial_state()
    first = policy.action_probabilities(root)
    second = policy.action_probabilities(root.child(root.legal_actions()[0]))
    amounts = {a: game.index.player_action(a).amount for a in root.legal_actions()}
    cfr_first = [first[i] for i in sorted(first, key=amounts.get)]
    cfr_second = [second[i] for i in sorted(second, key=amounts.get)]
    np.testing.assert_allclose(cfr_first, x, atol=0.02)
    np.testing.assert_allclose(cfr_second, y, atol=0.02)
