"""Draws reads a generator's numbers in blocks: the same numbers, the generator left in place."""

from __future__ import annotations

import numpy as np
import pytest

from hoteledu.core.draws import Draws

SIZES = [1, 2, 3, 6, 7, 9, 40, 100, 2**31, 2**31 + 1, 3 * 2**30 + 7, 2**32 - 1, 2**32]
"""Ranges for integers(n): the ones a playout uses, and the edges of the 32-bit method."""


def _same_state(a: np.random.Generator, b: np.random.Generator) -> bool:
    return repr(a.bit_generator.state) == repr(b.bit_generator.state)


@pytest.mark.parametrize(
    "bits", [np.random.PCG64, np.random.PCG64DXSM, np.random.MT19937, np.random.Philox]
)
def test_the_same_numbers_and_the_generator_left_where_single_draws_leave_it(bits):
    plan = np.random.default_rng(2024)
    for seed in range(150):
        mine, single = np.random.Generator(bits(seed)), np.random.Generator(bits(seed))
        if seed % 2:  # start with half of a 64-bit output kept for the next 32-bit draw
            mine.integers(5), single.integers(5)
        draws = Draws(mine)
        got, want = [], []
        for step in plan.integers(0, len(SIZES) + 4, size=int(plan.integers(0, 300))):
            if step < len(SIZES):
                got.append(draws.integers(SIZES[step]))
                want.append(int(single.integers(SIZES[step])))
            elif step == len(SIZES):
                got.append(draws.random())
                want.append(single.random())
            elif step == len(SIZES) + 1:  # another method: the generator's own, after a sync
                got.append(draws.permutation(5).tolist())
                want.append(single.permutation(5).tolist())
            elif step == len(SIZES) + 2:  # another form of integers
                got.append(int(draws.integers(1, 7)))
                want.append(int(single.integers(1, 7)))
            else:
                draws.sync()
        draws.sync()
        assert got == want, (bits.__name__, seed)
        assert _same_state(mine, single), (bits.__name__, seed)


def test_as_a_context_manager_it_syncs_on_leaving():
    mine, single = np.random.default_rng(5), np.random.default_rng(5)
    with Draws(mine) as draws:
        assert [draws.integers(9) for _ in range(3)] == [int(single.integers(9)) for _ in range(3)]
    assert _same_state(mine, single)
    assert mine.integers(100) == single.integers(100)


def test_below_is_integers_without_the_checks_and_one_number_draws_nothing():
    mine, single = np.random.default_rng(11), np.random.default_rng(11)
    draws = Draws(mine)
    sizes = [1, 5, 1, 1, 40, 2, 1, 9] * 20
    assert [draws.below(n) for n in sizes] == [int(single.integers(n)) for n in sizes]
    draws.sync()
    assert _same_state(mine, single)


def test_other_generators_are_drawn_from_directly():
    """Not a PCG64: the generator's own calls, the same numbers all the same."""
    mine, single = (
        np.random.Generator(np.random.MT19937(3)),
        np.random.Generator(np.random.MT19937(3)),
    )
    with Draws(mine) as draws:
        got = [draws.below(7), draws.random(), draws.integers(3)]
    assert got == [int(single.integers(7)), single.random(), int(single.integers(3))]
    assert _same_state(mine, single)
