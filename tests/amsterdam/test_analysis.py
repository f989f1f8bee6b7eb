"""Exact analysis of Hotel Amsterdam: the boat chain, renewal, tourist landings, pawn walks.

Rule IDs checked here (the model of AMS-07..AMS-11, AMS-15..AMS-17 in the analysis):
AMS-07 and AMS-08 (two d3 move the boat clockwise), AMS-09 to AMS-11 (drops
and quays), AMS-15 and AMS-16 (pawn walks, the Dam diagonals).
"""

from __future__ import annotations

import doctest
import itertools
from fractions import Fraction

import networkx as nx
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoteledu.amsterdam.analysis import (
    best_sites,
    boat,
    boat_distribution_steps,
    boat_eigenvalues,
    boat_eigenvalues_closed_form,
    boat_position_distribution,
    boat_step_distribution,
    boat_transition_matrix,
    centrality,
    centrality_gain,
    city,
    delivery_rates,
    expected_tourists_per_tile,
    expected_waiting_on_quays,
    landing_probabilities,
    mixing_turn,
    pawn_destination_distribution,
    pawn_destinations,
    quay_delivery_offsets,
    renewal_decay_rate,
    renewal_sequence,
    renewal_settling_point,
    simulate_boat_deliveries,
    site_values,
    spectral_gap,
    stationary_distribution,
    stop_probability_by_lap,
    total_variation_bound,
    total_variation_curve,
    total_variation_to_uniform,
    tourists,
    walk_counts,
)
from hoteledu.amsterdam.analysis.tourists import CITY_TILES, START_TOURIST_TILES
from hoteledu.amsterdam.board import (
    BENDS,
    BUILDING_TILES,
    DAM,
    FACING,
    INTERSECTIONS,
    city_graph,
    tiles_around,
)

NINTHS = {
    2: Fraction(1, 9),
    3: Fraction(2, 9),
    4: Fraction(3, 9),
    5: Fraction(2, 9),
    6: Fraction(1, 9),
}


def _step_sequences(turns: int):
    """Every sequence of boat moves over ``turns`` turns with its exact probability."""
    for seq in itertools.product(NINTHS, repeat=turns):
        prob = Fraction(1)
        for s in seq:
            prob *= NINTHS[s]
        yield seq, prob


def _sail_by_hand(seq, pickup_on_departure=False):
    """A direct, independent implementation of AMS-08..AMS-11 for one move sequence."""
    tiles = dict.fromkeys(CITY_TILES, 0)
    quays = dict.fromkeys(BENDS, 0)
    pos = 0
    for s in seq:
        load = 1
        passed = [(pos + j) % 24 for j in range(0 if pickup_on_departure else 1, s)]
        for q in passed:
            if q in BENDS:
                load += quays[q]
                quays[q] = 0
        pos = (pos + s) % 24
        if pos in BENDS:
            quays[pos] += load
        else:
            tiles[FACING[pos]] += load
    return tiles, quays


# ------------------------------------------------------------------- doctests
@pytest.mark.parametrize("module", [boat, tourists, city])
def test_docstring_examples_run(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0


# ------------------------------------------------------------------ the boat
def test_AMS_07_step_distribution_is_1_2_3_2_1_over_9():
    dist = boat_step_distribution()
    assert list(dist) == [0, 0, *NINTHS.values()]
    assert all(isinstance(p, Fraction) for p in dist)
    assert boat.mean_step() == 4


def test_AMS_08_transition_matrix_rows_and_columns_sum_to_one_exactly():
    P = boat_transition_matrix()
    for p in range(24):
        assert sum(P[p]) == 1 and sum(P[:, p]) == 1
        for s, prob in NINTHS.items():
            assert P[p, (p + s) % 24] == prob  # clockwise by the dice sum
        assert P[p, p] == 0 and P[p, (p + 1) % 24] == 0
    floats = boat_transition_matrix(exact=False)
    assert np.allclose(floats, P.astype(float))


def test_AMS_08_distribution_after_one_turn_from_the_jetty():
    dist = boat_position_distribution(1, exact=True)
    assert list(dist[:7]) == [0, 0, *NINTHS.values()] and not any(dist[7:])


def test_distribution_equals_matrix_power_and_enumeration():
    P = boat_transition_matrix()
    row = np.array([Fraction(int(k == 0)) for k in range(24)], dtype=object)
    for t in range(1, 5):
        row = row @ P
        assert list(boat_position_distribution(t, exact=True)) == list(row)
    by_hand = [Fraction(0)] * 24
    for seq, prob in _step_sequences(3):
        by_hand[sum(seq) % 24] += prob
    assert list(boat_position_distribution(3, exact=True)) == by_hand


def test_generator_yields_each_turn_and_floats_match():
    steps = list(boat_distribution_steps(12, exact=True))
    assert len(steps) == 13
    for t, dist in enumerate(steps):
        assert sum(dist) == 1
        assert list(dist) == list(boat_position_distribution(t, exact=True))
        assert np.allclose(boat_position_distribution(t), dist.astype(float), atol=1e-15)
    # The cache hands out copies: changing a result changes nothing later.
    boat_position_distribution(3)[:] = 7
    assert boat_position_distribution(3).sum() == pytest.approx(1)


def test_stationary_distribution_is_uniform_by_linear_algebra():
    exact = stationary_distribution(exact=True)
    assert list(exact) == [Fraction(1, 24)] * 24
    assert list(exact @ boat_transition_matrix()) == list(exact)
    assert np.allclose(stationary_distribution(), 1 / 24)


def test_eigenvalues_match_the_circulant_formula_and_the_gap():
    numeric = boat_eigenvalues()
    closed = boat_eigenvalues_closed_form()
    assert numeric[0] == pytest.approx(1)
    assert np.allclose(
        np.sort_complex(np.round(numeric, 10)), np.sort_complex(np.round(closed, 10))
    )
    second = np.sort(np.abs(closed))[-2]
    assert spectral_gap() == pytest.approx(1 - second)
    assert 0.04 < spectral_gap() < 0.05  # slow: about six turns per lap, phases persist


def test_total_variation_falls_below_the_spectral_bound():
    curve = total_variation_curve(80)
    assert curve[0] == pytest.approx(23 / 24)
    assert total_variation_to_uniform(0, exact=True) == Fraction(23, 24)
    for t in range(81):
        assert curve[t] <= total_variation_bound(t) + 1e-12
        assert total_variation_to_uniform(t) == pytest.approx(curve[t])
    assert np.all(np.diff(curve) <= 1e-15)  # a Markov chain never moves away from stationarity
    # Geometric decay at the rate |lambda_2| over long horizons.
    late = curve[40:81]
    rate = (late[-1] / late[0]) ** (1 / 40)
    assert rate == pytest.approx(1 - spectral_gap(), abs=0.01)
    turn = mixing_turn(0.05)
    assert curve[turn] < 0.05 <= curve[turn - 1]


# ------------------------------------------------------------------ renewal
def test_renewal_sequence_matches_enumeration_of_dice_sums():
    u = renewal_sequence(12)
    for n in range(13):
        by_hand = Fraction(int(n == 0))
        for k in range(1, n // 2 + 1):  # k moves summing to exactly n
            for seq, prob in _step_sequences(k):
                if sum(seq) == n:
                    by_hand += prob
        assert u[n] == by_hand


def test_renewal_limit_is_one_quarter_with_geometric_error():
    u = renewal_sequence(200, exact=False)
    assert abs(u[200] - 0.25) < 1e-12
    rate = renewal_decay_rate()
    errors = np.abs(u - 0.25)
    assert rate < 1
    for n in (20, 40, 60):
        assert errors[n] <= 2 * rate**n
    n = renewal_settling_point(0.001)
    assert errors[n:].max() < 0.001 <= errors[n - 1]


def test_stop_probability_by_lap_tends_to_one_quarter():
    laps = stop_probability_by_lap(4, 5)
    assert laps[0] == Fraction(28, 81)
    assert abs(float(laps[-1]) - 0.25) < 1e-6
    jetty = stop_probability_by_lap(0, 2)
    assert list(jetty) == [renewal_sequence(48)[24], renewal_sequence(48)[48]]
    # The lap-1 chance of stopping on tile 4 by brute force over all dice sequences.
    brute = sum(p for seq, p in _step_sequences(2) if 4 in itertools.accumulate(seq))
    assert laps[0] == brute


# ------------------------------------------------------------- tourists
def test_AMS_09_AMS_10_first_turn_drop_and_quay():
    counts = expected_tourists_per_tile(1, exact=True, include_start=False)
    assert counts[(5, 1)] == Fraction(4, 9)  # canal 2 (1/9) and canal 4 (3/9) both face (5, 1)
    assert counts[(4, 1)] == Fraction(2, 9) and counts[(3, 1)] == Fraction(1, 9)
    assert expected_waiting_on_quays(1, exact=True)[3] == Fraction(2, 9)


@pytest.mark.parametrize("pickup_on_departure", [False, True])
def test_AMS_11_exact_expectation_matches_every_dice_sequence(pickup_on_departure):
    """AMS-11: quay tourists are picked up by a passing boat and dropped with the next tourist."""
    turns = 4
    tiles_by_hand = dict.fromkeys(CITY_TILES, Fraction(0))
    quays_by_hand = dict.fromkeys(BENDS, Fraction(0))
    for seq, prob in _step_sequences(turns):
        tiles, quays = _sail_by_hand(seq, pickup_on_departure)
        for t, n in tiles.items():
            tiles_by_hand[t] += prob * n
        for b, n in quays.items():
            quays_by_hand[b] += prob * n
    exact = expected_tourists_per_tile(
        turns, exact=True, include_start=False, pickup_on_departure=pickup_on_departure
    )
    assert exact == tiles_by_hand
    assert (
        expected_waiting_on_quays(turns, exact=True, pickup_on_departure=pickup_on_departure)
        == quays_by_hand
    )


@settings(max_examples=15, deadline=None)
@given(turns=st.integers(0, 40), departure=st.booleans())
def test_no_tourist_is_created_or_lost(turns, departure):
    on_tiles = expected_tourists_per_tile(turns, exact=True, pickup_on_departure=departure)
    waiting = expected_waiting_on_quays(turns, exact=True, pickup_on_departure=departure)
    assert sum(on_tiles.values()) + sum(waiting.values()) == turns + len(START_TOURIST_TILES)
    assert on_tiles[DAM] == 0
    floats = expected_tourists_per_tile(turns, pickup_on_departure=departure)
    assert all(floats[t] == pytest.approx(float(on_tiles[t]), abs=1e-12) for t in CITY_TILES)


def test_exact_deliveries_agree_with_a_seeded_boat_monte_carlo():
    exact = expected_tourists_per_tile(26, exact=True)
    estimate = simulate_boat_deliveries(26, 4000, seed=20240501)
    z = [
        abs(float(exact[t]) - m) / se
        for t, m, se in zip(estimate.tiles, estimate.mean, estimate.std_error, strict=True)
        if se > 0
    ]
    inside = sum(
        lo <= float(exact[t]) <= hi
        for t, lo, hi in zip(CITY_TILES, estimate.low, estimate.high, strict=True)
    )
    assert max(z) < 4 and inside >= 20  # about 95% of 25 bands cover the exact value
    assert np.all(estimate.samples.sum(axis=1) <= 30)


def test_quay_tourists_are_all_delivered_in_the_long_run():
    for departure in (False, True):
        offsets = quay_delivery_offsets(departure)
        assert sum(offsets) == 1
        assert all(offsets[m] == 0 for m in range(24) if m % 6 == 0)  # never dropped in a bend
        rates = delivery_rates(exact=True, pickup_on_departure=departure)
        assert sum(rates.values()) == 1
        late = delivery_rates(300, pickup_on_departure=departure)
        assert all(late[t] == pytest.approx(float(rates[t]), abs=1e-6) for t in CITY_TILES)
    # Default rule: only the five canal tiles just past a bend get quay tourists.
    assert all(p == 0 for p in quay_delivery_offsets()[6:])
    rates = delivery_rates(exact=True)
    assert max(rates, key=rates.get) in {(1, 1), (1, 5), (5, 1), (5, 5)}


def test_landing_probabilities_sum_to_one_and_skip_inner_tiles():
    inner = {(r, c) for r in (2, 3, 4) for c in (2, 3, 4)}
    for turns in (None, 0, 1, 5, 26):
        probs = landing_probabilities(turns, exact=True)
        assert sum(probs.values()) == 1
        assert all(probs[t] == 0 for t in inner)
    # From the jetty: the next drop by brute force; a six from a bend reaches the next
    # bend (chance 1/9 each time), so enumerate bend chains up to depth 8 (error < 9**-8).
    first = landing_probabilities(0, exact=True)
    brute = dict.fromkeys(CITY_TILES, Fraction(0))

    def follow(pos, prob, depth):
        for s, p in NINTHS.items():
            q = (pos + s) % 24
            if q not in BENDS:
                brute[FACING[q]] += prob * p
            elif depth:
                follow(q, prob * p, depth - 1)

    follow(0, Fraction(1), 8)
    assert all(abs(first[t] - brute[t]) < Fraction(1, 9**8) for t in CITY_TILES)
    assert all(first[t] >= brute[t] for t in CITY_TILES)


def test_site_values_add_the_four_tiles_around_each_intersection():
    values = site_values(26, exact=True)
    per_tile = expected_tourists_per_tile(26, exact=True)
    for i, j in INTERSECTIONS:
        assert values[i - 1, j - 1] == sum(per_tile.get(t, 0) for t in tiles_around((i, j)))
    # Every city tile has four intersections at its corners: each tourist counts four times.
    assert values.sum() == 4 * sum(per_tile.values())
    start = site_values(0)
    assert start.sum() == 16 and start.max() == 1 and start[2, 2] == 1
    ranked = best_sites(site_values(26), k=36)
    assert [v for _, v in ranked] == sorted((v for _, v in ranked), reverse=True)
    assert ranked[0][0] in {(5, 2), (2, 2), (2, 5), (5, 5)}


# ------------------------------------------------------------- pawn walks
def _brute_walks(start, steps, graph):
    ends: dict = {}
    stack = [(start, 0)]
    while stack:
        node, k = stack.pop()
        if k == steps:
            ends[node] = ends.get(node, 0) + 1
            continue
        stack.extend((n, k + 1) for n in graph.neighbors(node))
    return ends


@pytest.mark.parametrize("diagonals", [True, False])
def test_AMS_15_AMS_16_walk_counts_equal_brute_force_enumeration(diagonals):
    graph = city_graph(diagonals)
    for steps in range(5):
        counts = walk_counts(steps, diagonals)
        for start in [(1, 1), (3, 3), (4, 4), (2, 5)]:
            brute = _brute_walks(start, steps, graph)
            row = counts[city.INDEX[start]]
            assert {INTERSECTIONS[k]: int(row[k]) for k in np.nonzero(row)[0]} == brute
    half = walk_counts(20, diagonals).astype(object)
    big = walk_counts(40, diagonals)
    assert big.dtype == object and big.max() > 2**63  # no overflow: Python integers
    assert np.array_equal(big, half @ half)


def test_AMS_16_dam_diagonal_reaches_the_opposite_corner_in_one_step():
    assert (4, 4) in pawn_destinations((3, 3), 1, dam_diagonals=True)
    assert (4, 4) not in pawn_destinations((3, 3), 1, dam_diagonals=False)
    assert (4, 4) in pawn_destinations((3, 3), 2, dam_diagonals=False)


def test_AMS_17_destination_distribution_avoids_the_other_pawn():
    dist = pawn_destination_distribution((3, 3), avoid=(4, 4))
    assert sum(dist.flat) == 1 and dist[3, 3] == 0
    # Die (1,) from the corner: two neighbours, uniform.
    one = pawn_destination_distribution((1, 1), die=(1,))
    assert one[0, 1] == one[1, 0] == Fraction(1, 2)
    # The uniform-destination model by hand: average of 1/|reachable| over the faces.
    dist = pawn_destination_distribution((2, 2))
    by_hand = Fraction(0)
    for face in (1, 2, 3):
        ends = pawn_destinations((2, 2), face)
        by_hand += Fraction(int((2, 3) in ends), len(ends)) / 3
    assert dist[1, 2] == by_hand


def test_random_walk_model_is_the_power_of_the_walk_matrix():
    A = city.adjacency_matrix().astype(float)
    M = A / A.sum(axis=1, keepdims=True)
    start = city.INDEX[(3, 3)]
    expected = sum(np.linalg.matrix_power(M, k)[start] for k in (1, 2, 3)) / 3
    dist = pawn_destination_distribution((3, 3), model="random_walk")
    got = np.array([float(dist[i - 1, j - 1]) for i, j in INTERSECTIONS])
    assert np.allclose(got, expected)


@settings(max_examples=20, deadline=None)
@given(
    start=st.sampled_from(INTERSECTIONS),
    die=st.lists(st.integers(0, 4), min_size=1, max_size=3),
    model=st.sampled_from(["uniform_destination", "random_walk"]),
)
def test_destination_distributions_are_distributions(start, die, model):
    dist = pawn_destination_distribution(start, die, model=model)
    assert sum(dist.flat) == 1 and all(p >= 0 for p in dist.flat)


def test_betweenness_agrees_with_shortest_path_counting():
    graph = city_graph()
    nodes = list(graph)
    brute = dict.fromkeys(nodes, 0.0)
    for a, b in itertools.combinations(nodes, 2):
        paths = list(nx.all_shortest_paths(graph, a, b))
        for path in paths:
            for v in path[1:-1]:
                brute[v] += 1 / len(paths)
    n = len(nodes)
    scale = 2 / ((n - 1) * (n - 2))  # networkx's normalisation for undirected graphs
    c = centrality()
    for i, j in INTERSECTIONS:
        assert c["betweenness"][i - 1, j - 1] == pytest.approx(brute[(i, j)] * scale)
        dist = nx.single_source_shortest_path_length(graph, (i, j))
        assert c["closeness"][i - 1, j - 1] == pytest.approx((n - 1) / sum(dist.values()))


def test_dam_diagonals_make_the_dam_corners_the_most_central():
    gains = centrality_gain("closeness", k=4)
    assert {x for x, _ in gains} == {(3, 3), (3, 4), (4, 3), (4, 4)}
    assert all(g > 0 for _, g in gains)
    without = centrality(dam_diagonals=False)["degree"]
    assert without.max() == 4 and centrality()["degree"][2, 2] == 5
    with pytest.raises(ValueError, match="measure"):
        centrality_gain("pagerank")


def test_bad_inputs_are_refused_with_reasons():
    with pytest.raises(ValueError, match="turns"):
        boat_position_distribution(-1)
    with pytest.raises(ValueError, match="intersection"):
        pawn_destination_distribution((0, 0))
    with pytest.raises(ValueError, match="threshold"):
        mixing_turn(0)
    with pytest.raises(ValueError, match="canal index"):
        stop_probability_by_lap(24, 1)
    assert set(BUILDING_TILES) | {DAM} == set(CITY_TILES)


# ------------------------------------------- lessons 2 and 3: claims checked independently
@pytest.mark.parametrize("diagonals", [True, False])
def test_betweenness_formula_over_unordered_pairs_from_walk_counts(diagonals):
    """Lesson 2's formula: B(x) = sum over unordered pairs {s, t} of sigma_st(x) / sigma_st,
    divided by C(n-1, 2), with sigma from powers of A (sigma_st = (A^d(s,t))_st).
    It equals networkx's normalised betweenness; summing ordered pairs doubles it
    (the audit's 0.383 against 0.192 at the Dam corner)."""
    graph = city_graph(diagonals)
    n = graph.number_of_nodes()
    distance = dict(nx.all_pairs_shortest_path_length(graph))
    powers = [walk_counts(k, diagonals) for k in range(11)]

    def sigma(s, t):
        return int(powers[distance[s][t]][city.INDEX[s], city.INDEX[t]])

    c = centrality(diagonals)["betweenness"]
    for x in INTERSECTIONS:
        unordered = sum(
            sigma(s, x) * sigma(x, t) / sigma(s, t)
            for s, t in itertools.combinations([v for v in INTERSECTIONS if v != x], 2)
            if distance[s][x] + distance[x][t] == distance[s][t]
        )
        assert c[x[0] - 1, x[1] - 1] == pytest.approx(unordered / ((n - 1) * (n - 2) / 2))
    corner = c[2, 2]
    assert round(corner, 3) == 0.192
    assert round(2 * corner, 3) == 0.383  # the ordered-pair sum over C(n-1, 2)


def test_lesson2_simulation_counts_only_reachable_places():
    """Lesson 2: 25 intersections are reachable from (3,3) with the Nightwatchman on (4,4);
    the other 11 have chance 0 and must not count as 'covered' intervals."""
    exact = pawn_destination_distribution((3, 3), avoid=(4, 4), model="random_walk")
    assert sum(1 for p in exact.flat if p > 0) == 25
    assert sum(1 for p in exact.flat if p == 0) == 11


def test_lattice_degree_four_set_and_its_betweenness_range():
    c = centrality(dam_diagonals=False)
    inner = {(i, j) for i in range(2, 6) for j in range(2, 6)}
    assert {x for x in INTERSECTIONS if c["degree"][x[0] - 1, x[1] - 1] == 4} == inner
    values = {x: c["betweenness"][x[0] - 1, x[1] - 1] for x in inner}
    assert round(min(values.values()), 3) == 0.112
    top = max(values.values())
    assert {x for x, v in values.items() if np.isclose(v, top)} == {(3, 3), (3, 4), (4, 3), (4, 4)}


def test_eigenvalue_moduli_are_one_die_squared_and_match_numpy():
    """|lambda_j| = ((1 + 2 cos(2 pi j / 24)) / 3)^2 (two identical d3), against numpy's
    eigenvalues of the float transition matrix and the closed form with square roots."""
    from hoteledu.amsterdam.analysis.boat import eigenvalue_moduli_from_one_die

    moduli = eigenvalue_moduli_from_one_die()
    j = np.arange(24)
    assert np.allclose(moduli, ((1 + 2 * np.cos(2 * np.pi * j / 24)) / 3) ** 2)
    numeric = np.abs(np.linalg.eigvals(boat_transition_matrix(exact=False)))
    assert np.allclose(np.sort(numeric), np.sort(moduli))
    # cos 15 degrees = (sqrt 6 + sqrt 2) / 4
    second = ((1 + (np.sqrt(6) + np.sqrt(2)) / 2) / 3) ** 2
    assert np.sort(moduli)[-2] == pytest.approx(second) == pytest.approx(1 - spectral_gap())
    assert round(second, 4) == 0.9551
    assert np.sum(np.isclose(moduli, second)) == 2  # j = 1 and j = 23
    assert np.sum(moduli < 1e-12) == 2  # j = 8 and 16: cos = -1/2, one die forgets the phase


def test_distance_to_uniform_by_matrix_powers_and_its_rate():
    """TV(t) from numpy matrix powers equals total_variation_curve; TV(t + 6) / TV(t)
    tends to |lambda_2|^6 (the phase of lambda_1^t turns by 60 degrees a turn)."""
    P = boat_transition_matrix(exact=False)
    curve = total_variation_curve(90)
    for t in (0, 1, 6, 26, 57, 90):
        row = np.linalg.matrix_power(P, t)[0]
        assert curve[t] == pytest.approx(np.abs(row - 1 / 24).sum() / 2, abs=1e-12)
    rate6 = (1 - spectral_gap()) ** 6
    for t in (40, 60, 80):
        assert curve[t + 6] / curve[t] == pytest.approx(rate6, rel=1e-3)
    assert mixing_turn(0.25) == 21 and mixing_turn(0.05) == 56 and mixing_turn(0.01) == 91


def test_renewal_sequence_by_convolution_powers_and_rate_per_turn():
    """u_n = sum_k P(S_1 + ... + S_k = n), by exact polynomial powers of the step law;
    the error shrinks like 0.72^n per tile, i.e. 0.72^4 = 0.28 per turn of mean 4 tiles."""
    step = list(boat_step_distribution())
    n_max = 40
    u = [Fraction(0)] * (n_max + 1)
    power = [Fraction(1)]  # the law of S_1 + ... + S_k, k = 0
    for _ in range(n_max // 2 + 1):
        for n, p in enumerate(power[: n_max + 1]):
            u[n] += p
        power = [
            sum(
                (power[i] * step[n - i] for i in range(len(power)) if 0 <= n - i < len(step)),
                Fraction(0),
            )
            for n in range(len(power) + len(step) - 1)
        ]
    assert list(renewal_sequence(n_max)) == u
    rate = renewal_decay_rate()
    assert round(rate, 2) == 0.72 and round(rate**4, 2) == 0.28
    errors = np.abs(np.array(renewal_sequence(160, exact=False)) - 0.25)
    # the rate is sharp: the largest error in a window of 8 shrinks by rate^40 over 40 tiles
    ratio = errors[80:88].max() / errors[40:48].max()
    assert ratio == pytest.approx(rate**40, rel=0.2)


def _one_tourist_landing_long_run() -> dict:
    """Where one tourist lands, by first-step analysis (independent of tourists.py).

    The boat starts uniform on the canal, moves once, the tourist is dropped where it
    stops; a stop in a bend leaves the tourist on that quay until the boat passes the
    bend (moves strictly over it) and drops it where it then stops. From the bend, walk
    the unrolled lap: a stop exactly a lap on (back on the bend) starts over.
    """
    steps = [(s, p) for s, p in enumerate(boat_step_distribution()) if p]
    lap = len(FACING)
    at = [Fraction(0)] * lap
    at[0] = Fraction(1)
    overshoot = [Fraction(0)] * 7
    again = Fraction(0)
    for d in range(lap):  # distance travelled from the bend, forward only
        for s, p in steps:
            if d + s < lap:
                at[d + s] += at[d] * p
            elif d + s == lap:
                again += at[d] * p
            else:
                overshoot[d + s - lap] += at[d] * p
    offsets = [o / (1 - again) for o in overshoot]
    landing = dict.fromkeys(CITY_TILES, Fraction(0))
    for q in range(lap):
        if q in BENDS:
            for m, p in enumerate(offsets):
                if p:
                    landing[FACING[(q + m) % lap]] += Fraction(1, lap) * p
        else:
            landing[FACING[q]] += Fraction(1, lap)
    return landing


def test_long_run_landing_of_a_tourist_is_the_delivery_rate_not_the_next_stop():
    """Lesson 3: delivery_rates() is where a tourist lands (quay rule included);
    landing_probabilities() is where the boat next stops beside a building: different."""
    landing = _one_tourist_landing_long_run()
    rates = delivery_rates(exact=True)
    assert sum(landing.values()) == 1
    assert all(rates[t] == landing[t] for t in CITY_TILES)
    next_stop = landing_probabilities(exact=True)
    assert next_stop[(1, 1)] == Fraction(3, 32) != rates[(1, 1)]
    assert round(float(rates[(1, 1)]), 4) == 0.0988


def test_guaranteed_mixing_turn_from_the_spectral_bound():
    """Lesson 3b: TV(t) <= sqrt(23)/2 |lambda_2|^t, so t >= ln(2 eps / sqrt 23) / ln|lambda_2|
    guarantees TV < eps; the true mixing turn comes earlier (21, 56, 91 against 50, 85, 120)."""
    rate = 1 - spectral_gap()
    assert total_variation_bound(0) == pytest.approx(np.sqrt(23) / 2)
    guaranteed = {}
    for eps in (0.25, 0.05, 0.01):
        t = int(np.ceil(np.log(2 * eps / np.sqrt(23)) / np.log(rate)))
        assert total_variation_bound(t) <= eps < total_variation_bound(t - 1)
        assert total_variation_to_uniform(t) < eps
        assert mixing_turn(eps) <= t
        guaranteed[eps] = t
    assert guaranteed == {0.25: 50, 0.05: 85, 0.01: 120}


def test_waves_of_period_three_vanish_after_one_turn():
    """Lesson 3b exercise 1: lambda_8 = lambda_16 = 0 because one d3 averages a wave of
    period 3 tiles to 0: the Fourier coefficients 8 and 16 of x_1 vanish from any start."""
    q = np.arange(24)
    for start in (0, 5, 17):
        x1 = boat_position_distribution(1, start=start)
        for j in (8, 16):
            assert abs(np.sum(x1 * np.exp(2j * np.pi * j * q / 24))) < 1e-12
        assert abs(np.sum(x1 * np.exp(2j * np.pi * 1 * q / 24))) == pytest.approx(
            1 - spectral_gap()
        )
