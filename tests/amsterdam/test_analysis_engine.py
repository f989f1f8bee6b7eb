"""Amsterdam analysis with the rules engine: simulations beside the exact results.

Rules checked through the engine: AMS-09 to AMS-11 (boat drops and quays, in
distribution), AMS-15 to AMS-17 (pawn walks), AMS-20 and AMS-21 (chased
tourists keep their function or go to the Dam), AMS-23 (one tourist at a
time from the Dam).
"""

from __future__ import annotations

import doctest
import math

import numpy as np
import pytest

from hoteledu.amsterdam.analysis import (
    BoatOnlyAgent,
    concentration,
    engine,
    entropy_bits,
    expected_tourists_per_tile,
    gini,
    load_balancing,
    pawn_destinations,
    play_games,
    replay_counts_and_moves,
    simulate_site_values,
    simulate_tourists_per_tile,
    site_values,
    tourist_flows,
)
from hoteledu.amsterdam.analysis.tourists import CITY_TILES, START_TOURIST_TILES
from hoteledu.amsterdam.board import DAM, INTERSECTIONS, PLACE_OF
from hoteledu.amsterdam.rules import new_game


def test_docstring_examples_run():
    failures, tried = doctest.testmod(engine)
    assert tried > 0 and failures == 0


@pytest.mark.parametrize("departure", [False, True])
def test_AMS_09_AMS_11_engine_boat_matches_the_exact_model(departure):
    """With boat-only players the engine's tiles follow the exact boat model (AMS-09..11).

    Target 20: no score can reach it within 15 turns (4 + 15 tourists), so no game ends early.
    """
    agents = [BoatOnlyAgent(), BoatOnlyAgent()]
    estimate = simulate_tourists_per_tile(
        15, 250, seed=7, agents=agents, target=20, pickup_on_departure=departure
    )
    assert estimate.ended_early == 0
    exact = expected_tourists_per_tile(15, pickup_on_departure=departure)
    inside = sum(
        lo - 1e-9 <= exact[t] <= hi + 1e-9
        for t, lo, hi in zip(CITY_TILES, estimate.low, estimate.high, strict=True)
    )
    z = [
        abs(exact[t] - m) / se
        for t, m, se in zip(CITY_TILES, estimate.mean, estimate.std_error, strict=True)
        if se > 0
    ]
    assert inside >= 20 and max(z) < 4
    mean, low, high = simulate_site_values(15, 60, seed=7, agents=agents, target=20)
    assert np.all(low <= mean) and np.all(mean <= high)
    assert np.abs(mean - site_values(15)).max() < 1.5


def test_replay_moves_rebuild_every_game():
    records = play_games(15, seed=11)
    for g, record in enumerate(records):
        counts, moves = replay_counts_and_moves(record, g)
        final = record.replay()
        start = np.zeros(len(CITY_TILES), dtype=int)
        for tile in START_TOURIST_TILES:
            start[CITY_TILES.index(tile)] += 1
        assert list(counts[0]) == list(start)
        assert list(counts[-1]) == list(final.tourists)
        rebuilt = start.copy()
        for m in moves:
            rebuilt[CITY_TILES.index(m.target)] += m.count
            if m.source != "boat":
                rebuilt[CITY_TILES.index(m.source)] -= m.count
        assert list(rebuilt) == list(final.tourists)
        boat = sum(m.count for m in moves if m.kind == "boat")
        assert boat == 26 - final.supply - sum(final.quays)  # nothing created or lost
        assert all(row.sum() <= 30 for row in counts)
        for m in moves:
            if m.kind == "chase":  # AMS-20 / AMS-21
                assert m.function in (m.source_function, "Dam")
                assert (m.target == DAM) == (m.function == "Dam")
            if m.kind == "dam lead":  # AMS-23: one tourist at a time
                assert m.count == 1 and m.source == DAM and m.target != DAM


def test_flows_give_consistent_sankey_data():
    flows = tourist_flows(20, seed=5)
    total = sum(m.count for m in flows.moves)
    for level in ("kind", "function", "tile"):
        data = flows.sankey(level)
        assert sum(data["value"]) == total
        n = len(data["labels"])
        assert all(0 <= k < n for k in data["source"] + data["target"])
    assert set(flows.totals("kind")) <= {
        (k, s) for k in ("boat", "chase", "dam lead") for s in ("day", "night", "Dam")
    }
    with pytest.raises(ValueError, match="level"):
        flows.totals("hotel")
    again = tourist_flows(20, seed=5)
    assert again.moves == flows.moves  # same seed, same games


def test_seeds_are_spawned_per_game():
    five = play_games(5, seed=3)
    three = play_games(3, seed=3)
    assert [r.actions for r in five[:3]] == [r.actions for r in three]
    assert five[0].actions != five[1].actions


def test_entropy_and_gini_known_values():
    assert entropy_bits(np.ones(25))[0] == pytest.approx(math.log2(25))
    assert gini(np.ones(25))[0] == pytest.approx(0)
    single = np.zeros(25)
    single[3] = 7
    assert entropy_bits(single)[0] == 0 and gini(single)[0] == pytest.approx(24 / 25)
    assert gini(np.zeros(25))[0] == 0


def test_concentration_over_a_game():
    result = concentration(12, seed=2, max_turns=26)
    # Turn 0: four tourists on four of the 25 places.
    assert result["entropy"][0] == pytest.approx(2) and result["gini"][0] == pytest.approx(0.84)
    assert np.all(result["entropy"] <= math.log2(25) + 1e-12)
    assert np.all((result["gini"] >= 0) & (result["gini"] <= 1))
    assert np.all(result["entropy_low"] <= result["entropy_high"])


def test_AMS_20_alternative_rule_offers_every_tile_of_the_function():
    """The measured alternative differs from AMS-20 only in the chase targets."""
    rule = new_game()
    alternative = engine._any_tile_state(players=2)
    for state in (rule, alternative):
        state.tourists[0] = 3
        state.chase_function = state.shown_function(1)
        state.tourists[1] = 2
    same = [p for p in range(24) if rule.shown_function(p) == rule.shown_function(1)]
    assert sorted(alternative._chase_targets()) == same
    assert 1 not in rule._chase_targets()  # a tile with more tourists is never chosen
    assert type(alternative.clone()) is type(alternative)


def test_load_balancing_is_measured_on_common_seeds():
    result = load_balancing(40, seed=9)
    for name in ("fewest", "random tile", "difference"):
        band = result[name]
        assert band["low"] <= band["mean"] <= band["high"]
    assert result["difference"]["mean"] == pytest.approx(
        result["random tile"]["mean"] - result["fewest"]["mean"]
    )
    assert result["fewest"]["mean"] >= 2
    assert load_balancing(40, seed=9) == result


@pytest.mark.parametrize("diagonals", [True, False])
def test_AMS_15_AMS_16_AMS_17_pawn_reach_agrees_with_the_engine(diagonals):
    state = new_game(dam_diagonals=diagonals)
    for steps in (1, 2, 3):
        for x in INTERSECTIONS:
            state.mayor = x
            other = state.nightwatchman
            engine_ends = set(state.pawn_destinations("mayor", steps))
            assert engine_ends == pawn_destinations(x, steps, diagonals) - {other}
    assert PLACE_OF[DAM] == len(CITY_TILES) - 1  # the engine's place order is ours


# ----------------------------------------------- lesson 4: the Dam overflow, like with like
def test_AMS_21_a_chase_overflows_exactly_when_no_other_tile_shows_the_function():
    flows = engine.tourist_flows(20, seed=5)
    chases = [m for m in flows.moves if m.kind == "chase"]
    assert chases and all(m.alternatives in (0, 1, 2, 3) for m in chases)  # 4 tiles a function
    assert all((m.alternatives == 0) == (m.function == "Dam") for m in chases)
    assert all(m.alternatives is None for m in flows.moves if m.kind != "chase")


def test_chase_overflow_share_and_band_against_a_direct_count():
    flows = engine.tourist_flows(20, seed=5)
    result = engine.chase_overflow(flows)
    chases = [m for m in flows.moves if m.kind == "chase"]
    to_dam = [m for m in chases if m.function == "Dam"]
    assert result["chases"] == len(chases) and result["to_dam"] == len(to_dam)
    assert result["share"] == pytest.approx(len(to_dam) / len(chases))
    assert result["tourists_to_dam"] == sum(m.count for m in to_dam)
    assert sum(result["alternatives"].values()) == len(chases)
    # The band: a ratio estimator with games as clusters, computed here from scratch.
    n = np.array([sum(m.game == g for m in chases) for g in range(20)], dtype=float)
    d = np.array([sum(m.game == g for m in to_dam) for g in range(20)], dtype=float)
    p = d.sum() / n.sum()
    half = 1.96 * math.sqrt(20 / 19 * ((d - p * n) ** 2).sum()) / n.sum()
    assert (result["low"], result["high"]) == pytest.approx((p - half, p + half))
    with pytest.raises(ValueError, match="no chase"):
        engine.chase_overflow(engine.Flows((), 1))


def test_lesson_4_exact_load_balancing_by_multinomial_counting():
    """8 tourists, 4 shops at random: the lesson enumerates 4**8 choices; here the
    loads are counted with multinomial coefficients instead."""
    from fractions import Fraction
    from math import factorial

    peak: dict[int, int] = {}
    for a in range(9):
        for b in range(9 - a):
            for c in range(9 - a - b):
                loads = (a, b, c, 8 - a - b - c)
                ways = factorial(8)
                for x in loads:
                    ways //= factorial(x)
                peak[max(loads)] = peak.get(max(loads), 0) + ways
    assert sum(peak.values()) == 4**8
    expected = Fraction(sum(k * n for k, n in peak.items()), 4**8)
    assert expected == Fraction(3623, 1024)
    assert Fraction(sum(n for k, n in peak.items() if k >= 4), 4**8) == Fraction(3677, 8192)
    assert Fraction(peak[2], 4**8) == Fraction(315, 8192)
