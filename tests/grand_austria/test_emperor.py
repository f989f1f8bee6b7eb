"""The emperor track as a threshold game, checked against the engine and by brute force.

Independent checks: the engine's own emperor scoring (GAH-E02, GAH-E03) with
the pure-VP tile C1 and the krone tile B2, every plan of the three scorings
enumerated (brute force instead of backward induction), and the rulebook's
numbers.
"""

from __future__ import annotations

import doctest
import itertools
from fractions import Fraction

import numpy as np
import pytest

from hoteledu.grand_austria.actions import Roll, TakeDie
from hoteledu.grand_austria.analysis import emperor
from hoteledu.grand_austria.analysis.emperor import (
    SCORINGS,
    best_emperor_plan,
    evaluate_plan,
    minimal_plan,
    scoring_payoff,
    tile_values,
    zone,
)
from hoteledu.grand_austria.hotel import EMPEROR_TRACK_VP
from hoteledu.grand_austria.rules import CHANCE, scenario


def test_doctests() -> None:
    failures, tried = doctest.testmod(emperor)
    assert tried > 0 and failures == 0


def test_GAH_E02_E03_thresholds_are_back_plus_one_and_back_plus_three() -> None:
    """Back 3/5/7 after rounds 3/5/7; bonus on 3+, penalty on 0, nothing on 1-2."""
    assert [(s.round, s.step_back) for s in SCORINGS] == [(3, 3), (5, 5), (7, 7)]
    for k, scoring in enumerate(SCORINGS):
        zones = [zone(space, k) for space in range(14)]
        assert zones.index("nothing") == scoring.avoid_penalty == scoring.step_back + 1
        assert zones.index("bonus") == scoring.bonus_space == scoring.step_back + 3
        assert zones.count("nothing") == 2 and set(zones[scoring.bonus_space :]) == {"bonus"}


def _engine_scoring(state, rnd: int) -> None:
    """End round ``rnd`` in the engine: one die on space 4, taken all to money.

    After round 7 the engine also scores the game's end (GAH-F01..F04): that
    part is taken back out of the VP, so only the emperor scoring remains.
    """
    if state.current_player() == CHANCE:
        state.apply_action(Roll((0, 0, 0, state.tasks[-1].dice, 0, 0)))
    state.round = rnd
    state.dice = [0, 0, 0, 1, 0, 0]
    state.apply_action(TakeDie(4))
    while state.current_player() >= 0 and state.tasks[-1].kind != "turn":
        state.apply_action(state.legal_actions()[0])  # Split(0, 1): the strength to money
    state.apply_action(state.legal_actions()[-1])  # EndTurn
    for p, final in enumerate(state.final or []):
        state.vp[p] -= sum(final.values())


def test_scoring_payoff_is_the_engines_scoring_for_every_space() -> None:
    """GAH-E02/E03 with tile C1 (+8 / -8 VP): the engine's VP change is the payoff."""
    for k, scoring in enumerate(SCORINGS):
        for space in range(14):
            state = scenario(2, (0, 0, 0, 10, 0, 0))
            state.emperor_tiles = ["C1", "C1", "C1"]
            state.emperor = [space, space]
            _engine_scoring(state, scoring.round)
            assert state.vp == [scoring_payoff(space, k, bonus=8, penalty=8)] * 2
            assert state.emperor == [max(0, space - scoring.step_back)] * 2


def test_a_whole_plan_played_through_the_engine() -> None:
    """Three scorings in one engine game: VP and the disk's space agree with the plan."""
    rng = np.random.default_rng(3)
    for _ in range(6):
        state = scenario(2, (0, 0, 0, 10, 0, 0))
        state.emperor_tiles = ["C1", "C1", "C1"]
        targets: list[list[int]] = [[], []]
        for scoring in SCORINGS:
            for p in range(2):  # climb at random (the engine charges nothing here)
                state.emperor[p] = int(rng.integers(state.emperor[p], 14))
                targets[p].append(state.emperor[p])
            _engine_scoring(state, scoring.round)
        for p in range(2):
            plan = evaluate_plan(targets[p], bonus=8, penalty=8, step_cost=0)
            assert state.vp[p] == plan.net == plan.track_vp + sum(plan.tile_vp)
            assert state.emperor[p] == max(0, targets[p][-1] - 7)


def test_tile_values_from_the_cards_and_the_engine() -> None:
    """A1 3/3 krones, B2 5/5 krones, C1 8/8 VP, C3 2 VP per hired staff card."""
    assert tile_values("A1") == (3, 3) and tile_values("B2") == (5, 5)
    assert tile_values("C1") == (8, 8) and tile_values("C3", hired_staff=3) == (6, 6)
    for tile in ("A2", "A3", "A4", "B1", "B3", "B4", "C2", "C4"):
        with pytest.raises(ValueError, match=f"emperor tile {tile}"):
            tile_values(tile)
    # B2 in the engine: +5 krones on 3+, -5 krones on 0
    state = scenario(2, (0, 0, 0, 10, 0, 0))
    state.emperor_tiles = ["B2", "B2", "B2"]
    state.emperor = [6, 3]
    money = list(state.money)
    _engine_scoring(state, 3)
    while state.current_player() >= 0 and state.tasks[-1].kind != "turn":
        state.apply_action(state.legal_actions()[0])  # the penalty's first option: pay
    assert state.vp == [EMPEROR_TRACK_VP[6], EMPEROR_TRACK_VP[3]]
    # the taker of the die (the start player) also gained 1 krone from the split
    gained = [state.money[p] - money[p] for p in range(2)]
    assert sorted(gained) in ([-5, 5 + 1], [-5 + 1, 5])


def brute_force_best(bonus, penalty, step_cost, start, max_steps) -> Fraction:
    """The best net VP over every reachable triple of targets, summed directly."""
    limits = (max_steps,) * 3 if isinstance(max_steps, int) else max_steps
    best = None
    for targets in itertools.product(range(14), repeat=3):
        position, total, ok = start, Fraction(0), True
        for k, (target, back) in enumerate(zip(targets, (3, 5, 7), strict=True)):
            if not position <= target <= position + limits[k]:
                ok = False
                break
            after = max(0, target - back)
            tile = bonus[k] if after >= 3 else -penalty[k] if after == 0 else 0
            total += EMPEROR_TRACK_VP[target] + tile - step_cost * (target - position)
            position = after
        if ok and (best is None or total > best):
            best = total
    return best


@pytest.mark.parametrize(
    ("bonus", "penalty", "step_cost", "start", "max_steps"),
    [
        ((0, 0, 0), (0, 0, 0), Fraction(1), 0, (13, 13, 13)),
        ((8, 8, 8), (8, 8, 8), Fraction(1), 0, (13, 13, 13)),
        ((3, 5, 8), (3, 5, 8), Fraction(1), 0, (6, 4, 4)),
        ((3, 5, 8), (3, 5, 8), Fraction(3, 2), 2, (5, 5, 5)),
        ((0, 0, 20), (10, 0, 0), Fraction(2), 0, (13, 3, 9)),
        ((5, 5, 5), (5, 5, 5), Fraction(0), 0, (2, 2, 2)),
    ],
)
def test_best_plan_is_the_best_of_every_plan(bonus, penalty, step_cost, start, max_steps) -> None:
    plan = best_emperor_plan(bonus, penalty, step_cost, start, max_steps)
    assert plan.net == brute_force_best(bonus, penalty, step_cost, start, max_steps)
    assert evaluate_plan(plan.targets, bonus, penalty, step_cost, start, max_steps) == plan


def test_climb_early_the_steps_score_again() -> None:
    """The lesson's claims: minimal plans, and why the best plan climbs high at once."""
    assert minimal_plan("nothing") == (4, 6, 8) and minimal_plan("bonus") == (6, 8, 10)
    every_bonus = evaluate_plan((6, 8, 10), bonus=8, penalty=8)
    assert every_bonus.steps == (6, 5, 7) and every_bonus.cost == 18
    best = best_emperor_plan(bonus=8, penalty=8)
    assert best.targets == (13, 13, 10) and best.cost == 18  # same steps, 9 more track VP
    assert best.track_vp - every_bonus.track_vp == 9
    # without tiles the track alone still pays for climbing
    assert best_emperor_plan().net > 0 == evaluate_plan((0, 0, 0)).net
    assert best_emperor_plan(step_cost=2).targets == (0, 0, 0)


def test_bad_plans_are_refused() -> None:
    with pytest.raises(ValueError, match="moves only up"):
        evaluate_plan((6, 2, 10))
    with pytest.raises(ValueError, match=r"0\.\.13"):
        evaluate_plan((6, 8, 14))
    with pytest.raises(ValueError, match="max_steps"):
        evaluate_plan((6, 8, 10), max_steps=5)
    with pytest.raises(ValueError, match="one per scoring"):
        best_emperor_plan(bonus=(1, 2))
    with pytest.raises(ValueError, match="step_cost"):
        best_emperor_plan(step_cost=-1)
    with pytest.raises(ValueError, match="scoring must be"):
        zone(3, 3)
    with pytest.raises(ValueError, match="aim"):
        minimal_plan("penalty")
