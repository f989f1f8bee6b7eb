"""Game-tree search for the minimax lessons (5 and 5b): explicit trees, Knuth's
estimator, and a real position solved exactly, checked by independent means."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

from hoteledu.amsterdam.analysis.search import (
    alphabeta_trace,
    knuth_estimate,
    leaves_looked_at,
    minimax_value,
)
from hoteledu.amsterdam.rules import new_game
from hoteledu.amsterdam.search import pruning_savings
from hoteledu.core import RandomAgent, play

LESSON_TREE = [[3, 12, 8], [2, 4, 6], [14, 5, 2]]


def random_tree(rng: random.Random, depth: int):
    if depth == 0:
        return rng.randint(-9, 9)
    return [random_tree(rng, depth - 1) for _ in range(rng.randint(1, 3))]


def test_alphabeta_trace_finds_the_minimax_value_on_random_trees() -> None:
    rng = random.Random(5)
    for _ in range(200):
        tree = random_tree(rng, rng.randint(1, 4))
        for maximise in (True, False):
            nodes = alphabeta_trace(tree, maximise)
            assert nodes[0].path == () and nodes[0].visited
            assert nodes[0].value == minimax_value(tree, maximise)
            leaves = [n for n in nodes if n.kind == "leaf"]
            assert len(leaves) == len(list(_leaves(tree)))  # pruned ones included


def _leaves(tree):
    if isinstance(tree, list):
        for child in tree:
            yield from _leaves(child)
    else:
        yield tree


def test_alphabeta_trace_on_the_lesson_tree() -> None:
    nodes = alphabeta_trace(LESSON_TREE)
    looked = [n.value for n in nodes if n.kind == "leaf" and n.visited]
    assert looked == [3, 12, 8, 2, 14, 5, 2]
    second_row = next(n for n in nodes if n.path == (1,))
    assert (second_row.alpha, second_row.beta) == (3, 2)  # the cut-off: alpha >= beta
    assert [n.path for n in nodes if not n.visited] == [(1, 1), (1, 2)]
    with pytest.raises(ValueError, match="at least one child"):
        alphabeta_trace([])


def test_lesson_5_exercise_1_fewest_leaves_by_brute_force() -> None:
    """Rows only: 7 leaves at best; rows and entries: 5 (the lesson's answers)."""
    rows_only = min(leaves_looked_at(list(p)) for p in itertools.permutations(LESSON_TREE))
    assert rows_only == 7
    every = min(
        leaves_looked_at([list(r) for r in order])
        for rows in itertools.product(*(itertools.permutations(r) for r in LESSON_TREE))
        for order in itertools.permutations(rows)
    )
    assert every == 5 == leaves_looked_at([[3, 12, 8], [2, 4, 6], [2, 5, 14]])


def test_knuth_estimate_is_unbiased_on_an_irregular_tree() -> None:
    """The expectation over uniformly random walks is exactly the number of leaves."""
    tree = [[1, 2, 3], [4], [[5, 6], 7, [8, 9, 10, 11]]]

    def expectation(node, walk):
        if not isinstance(node, list):
            return Fraction(knuth_estimate(walk))
        return sum(expectation(c, [*walk, len(node)]) for c in node) / len(node)

    assert expectation(tree, []) == len(list(_leaves(tree))) == 11
    with pytest.raises(ValueError, match="at least 1 choice"):
        knuth_estimate([3, 0])


@pytest.fixture(scope="module")
def small_position():
    """Lesson 5's exactly solved position: P1's Nightwatchman acts, then P2's last turn."""
    record = play(
        new_game(players=2, variant="tactical", dam_lead="choose"),
        [RandomAgent(1), RandomAgent(2)],
        seed=0,
    )
    assert len(record.actions) == 146
    return record.replay(139)


def _margin(state, me: int) -> int:
    return state.score(me) - state.score(1 - me)


def _all_leaves(state):
    if state.is_terminal():
        yield state
        return
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        yield from _all_leaves(child)


def test_lesson_5_small_position_solved_exactly_two_ways(small_position) -> None:
    """After P1's one choice every decision is P2's, so the exact value is
    max over P1's choices of the min over all finished games below it: no
    alternating recursion needed. The library's minimax and alpha-beta agree."""
    state, me = small_position, small_position.current_player()
    assert me == 0 and len(state.legal_actions()) == 2
    per_choice, sizes = [], []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        assert child.current_player() == 1  # every decision from here on is P2's
        leaves = list(_all_leaves(child))
        per_choice.append(min(_margin(s, me) for s in leaves))
        sizes.append(len(leaves))
    assert per_choice == [0, 0]
    library = pruning_savings(state, me, depth=20, evaluation=_margin)
    assert library["minimax_value"] == library["alphabeta_value"] == max(per_choice) == 0
    assert library["minimax_nodes"] == 10578  # the lesson's 10579 counts the root too
    assert library["alphabeta_nodes"] < 0.5 * library["minimax_nodes"]


def test_lesson_5_horizon_depth_six_misses_the_equaliser(small_position) -> None:
    """The ply search with the score difference says +1 up to depth 6 and the exact 0 from 7."""
    state, me = small_position, small_position.current_player()
    values = [
        pruning_savings(state, me, depth=d, evaluation=_margin)["minimax_value"]
        for d in range(1, 9)
    ]
    assert values == [1, 1, 1, 1, 1, 1, 0, 0]
    assert not math.isinf(values[0])
