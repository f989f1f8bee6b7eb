"""Figures of Hotel Amsterdam: traces match the state, figures serialise, no widgets imported."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import numpy as np
import plotly.io as pio
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hoteledu.amsterdam.analysis import (
    boat_distribution_steps,
    boat_position_distribution,
    centrality,
    landing_probabilities,
    site_values,
)
from hoteledu.amsterdam.board import (
    BEND_LIST,
    BUILDING_TILES,
    CANAL_TILES,
    DAM,
    INTERSECTIONS,
    PLACE_TILES,
    TOTAL_TOURISTS,
    city_graph,
)
from hoteledu.amsterdam.figures.board import (
    BOARD_TRACE_NAMES,
    FUNCTION_COLOURS,
    PLAYER_COLOURS,
    BoardScene,
    board_figure,
    intersection_xy,
    scene_from_state,
    tile_xy,
    trace,
)
from hoteledu.amsterdam.figures.boat import boat_convergence_figure
from hoteledu.amsterdam.figures.city import city_graph_comparison, city_graph_figure
from hoteledu.amsterdam.figures.tourists import landing_heatmap, site_value_heatmap, tourist_sankey
from hoteledu.amsterdam.rules import new_game
from hoteledu.core import RandomAgent
from hoteledu.core.simulate import next_action


def played(seed: int, actions: int, **options) -> object:
    """A state after ``actions`` seeded random actions (or the end of the game)."""
    state = new_game(**options)
    rng = np.random.default_rng(seed)
    agents = [RandomAgent(seed + p) for p in range(state.num_players)]
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(next_action(state, agents, rng))
    return state


def xy(tr) -> list[tuple[float, float]]:
    return list(zip(tr.x, tr.y, strict=True))


# ------------------------------------------------------------------- board
def test_board_has_every_trace_in_order_and_serialises():
    fig = board_figure(scene_from_state(new_game(players=2)))
    assert [t.name for t in fig.data] == list(BOARD_TRACE_NAMES)
    data = fig.to_dict()
    json.dumps(data, default=str)  # plain data: no objects left
    assert len(fig.layout.shapes) == 49  # one rectangle per tile
    back = pio.from_json(fig.to_json())  # and it reads back
    assert [t.name for t in back.data] == list(BOARD_TRACE_NAMES)


def test_AMS_05_start_position_shows_four_tourists_diagonal_to_the_dam():
    """AMS-05: four tourists start on the tiles diagonally next to the Dam."""
    fig = board_figure(scene_from_state(new_game(players=2)))
    tourists = trace(fig, "tourists")
    assert sorted(xy(tourists)) == sorted(
        (tile_xy(t)[0], tile_xy(t)[1] + 0.12) for t in ((2, 2), (2, 4), (4, 2), (4, 4))
    )
    assert list(tourists.text) == ["1", "1", "1", "1"]


def test_AMS_03_AMS_04_boat_on_jetty_and_pawns_across_the_dam():
    """AMS-03 boat on the jetty; AMS-04 Mayor and Nightwatchman diagonally across the Dam."""
    state = new_game(players=3)
    fig = board_figure(scene_from_state(state))
    boat = trace(fig, "boat")
    assert (boat.x[0], boat.y[0] + 0.15) == tile_xy(CANAL_TILES[0]) == tile_xy((6, 3))
    mayor, night = trace(fig, "mayor"), trace(fig, "nightwatchman")
    assert (mayor.x[0] + 0.14, mayor.y[0]) == intersection_xy(state.mayor) == (2.5, 2.5)
    assert (night.x[0] - 0.14, night.y[0]) == intersection_xy(state.nightwatchman) == (3.5, 3.5)


def test_AMS_02_tile_colours_follow_the_side_shown():
    """AMS-02: day and night sides alternate; each tile is drawn in its function's colour."""
    state = new_game(players=2)
    fig = board_figure(scene_from_state(state))
    shapes = {(round(s.y0 + 0.5), round(s.x0 + 0.5)): s.fillcolor for s in fig.layout.shapes}
    for place, tile in enumerate(BUILDING_TILES):
        assert shapes[tile] == FUNCTION_COLOURS[state.shown_function(place)]
    day_colours = set(FUNCTION_COLOURS[:6])
    assert (shapes[(1, 1)] in day_colours) != (shapes[(1, 2)] in day_colours)
    # the tile labels say the function, in words
    labels = dict(
        zip(map(tuple, trace(fig, "tiles").customdata), trace(fig, "tiles").text, strict=True)
    )
    assert labels[("tile", 3, 3)] == "<b>Dam</b>"


def test_AMS_12_hotel_markers_match_hotels_in_player_colours():
    """AMS-12/AMS-24: each hotel is a marker on its intersection, in its owner's colour."""
    state = played(seed=4, actions=60, players=4)
    fig = board_figure(scene_from_state(state))
    hotels = trace(fig, "hotels")
    expected = {x: p for p, own in enumerate(state.hotels) for x in own}
    assert len(hotels.x) == len(expected) == 8
    for (x, y), colour in zip(xy(hotels), hotels.marker.color, strict=True):
        site = (round(y + 0.5), round(x + 0.5))
        assert PLAYER_COLOURS[expected[site]] == colour
    assert "P1:" in fig.layout.title.text and "P4:" in fig.layout.title.text


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), actions=st.integers(0, 400))
def test_drawn_tourists_add_up_to_thirty(seed, actions):
    """Tourist numbers drawn on tiles, quays and the boat plus the supply make 30 (AMS-05)."""
    state = played(seed, actions, players=2)
    scene = scene_from_state(state)
    fig = board_figure(scene)
    on_tiles = sum(int(t) for t in trace(fig, "tourists").text)
    on_quays = sum(int(t) for t in trace(fig, "quays").text)
    assert on_tiles == sum(state.tourists)
    assert on_quays == sum(state.quays)
    assert on_tiles + on_quays + scene.aboard + state.supply + state.chased == TOTAL_TOURISTS
    # the boat sits on its canal tile
    boat = trace(fig, "boat")
    assert (boat.x[0], boat.y[0] + 0.15) == tile_xy(CANAL_TILES[state.boat])
    # every tourist number is on the right tile
    counts = dict(zip(PLACE_TILES, state.tourists, strict=True))
    for (x, y), text in zip(xy(trace(fig, "tourists")), trace(fig, "tourists").text, strict=True):
        assert counts[(round(y - 0.12), round(x))] == int(text)


def test_AMS_10_quay_counts_shown_on_bends():
    """AMS-10/AMS-11: tourists left on a quay are drawn on that bend with their number."""
    scene = BoardScene.example()
    scene = BoardScene(**{**scene.__dict__, "quays": {BEND_LIST[1]: 3, BEND_LIST[2]: 0}})
    quays = trace(board_figure(scene), "quays")
    assert list(quays.text) == ["3"]
    bend = CANAL_TILES[BEND_LIST[1]]
    assert (quays.x[0] - 0.25, quays.y[0] - 0.25) == tile_xy(bend)


def test_legal_choices_are_ringed_where_they_are():
    state = played(seed=1, actions=1, players=2)  # after the first roll: place a hotel
    assert state.phase == "place hotel"
    highlight = [("intersection", a.intersection) for a in state.legal_actions()]
    fig = board_figure(scene_from_state(state), highlight=highlight)
    choices = trace(fig, "choices")
    assert len(choices.x) == len(INTERSECTIONS)
    assert [tuple(c) for c in choices.customdata] == [
        ("intersection", i, j) for i, j in INTERSECTIONS
    ]
    tiles = board_figure(scene_from_state(state), highlight=[("tile", (2, 3))])
    assert xy(trace(tiles, "choices")) == [tile_xy((2, 3))]


def test_boat_overlay_writes_exact_probabilities_on_canal_tiles():
    state = played(seed=2, actions=12, players=2)
    dist = boat_position_distribution(1, exact=True, start=state.boat)
    odds = {i: p for i, p in enumerate(dist) if p}
    fig = board_figure(scene_from_state(state), boat_probabilities=odds)
    overlay = trace(fig, "boat odds")
    assert sorted(overlay.text) == sorted(["1/9", "2/9", "1/3", "2/9", "1/9"])
    positions = {tile_xy(CANAL_TILES[(state.boat + s) % 24]) for s in range(2, 7)}
    assert set(xy(overlay)) == positions
    assert sum(Fraction(t) for t in overlay.text) == 1
    # without data, no overlay: the figure computes nothing itself
    assert len(trace(board_figure(scene_from_state(state)), "boat odds").x) == 0


def test_undealt_tiles_show_a_question_mark():
    state = new_game(players=2, layout="shuffled")
    fig = board_figure(scene_from_state(state))
    assert "?" in trace(fig, "tiles").text


def test_figures_never_import_ipywidgets_and_rules_never_import_plotly():
    code = (
        "import sys\n"
        "import hoteledu.amsterdam.rules\n"
        "assert 'plotly' not in sys.modules, 'rules imported plotly'\n"
        "import hoteledu.amsterdam.figures.board, hoteledu.amsterdam.figures.boat\n"
        "import hoteledu.amsterdam.figures.city, hoteledu.amsterdam.figures.search\n"
        "import hoteledu.amsterdam.figures.tourists\n"
        "assert 'ipywidgets' not in sys.modules, 'figures imported ipywidgets'\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# ----------------------------------------------------------------- heatmaps
def test_landing_heatmap_puts_canal_probabilities_on_canal_tiles():
    dist = boat_position_distribution(3)
    fig = landing_heatmap(dist)
    z = fig.data[0].z
    for index, (r, c) in enumerate(CANAL_TILES):
        assert z[r][c] == pytest.approx(dist[index])
    assert all(z[r][c] is None for r, c in BUILDING_TILES)
    fig.to_dict()


def test_landing_heatmap_of_tiles_from_the_analysis():
    probs = landing_probabilities()
    fig = landing_heatmap(probs, title="Where the next tourist lands")
    z = fig.data[0].z
    assert z[1][1] == pytest.approx(3 / 32)
    assert z[DAM[0]][DAM[1]] == 0.0
    total = sum(v for row in z for v in row if v is not None)
    assert total == pytest.approx(1.0)


def test_site_value_heatmap_from_a_six_by_six_array():
    values = site_values(5)
    fig = site_value_heatmap(values)
    z = fig.data[0].z
    assert len(z) == 6 and all(len(row) == 6 for row in z)
    assert z[2][3] == pytest.approx(values[2, 3])
    assert list(fig.data[0].x) == [1, 2, 3, 4, 5, 6]


def test_boat_convergence_has_one_frame_per_turn_exact_beside_simulated():
    turns = 6
    exact = list(boat_distribution_steps(turns))
    rng = np.random.default_rng(0)
    positions = np.zeros(2000, dtype=int)
    simulated = []
    for _ in range(turns + 1):
        simulated.append(np.bincount(positions, minlength=24) / len(positions))
        positions = (positions + rng.integers(1, 4, 2000) + rng.integers(1, 4, 2000)) % 24
    fig = boat_convergence_figure(exact, simulated)
    assert len(fig.frames) == turns + 1
    assert len(fig.layout.sliders[0].steps) == turns + 1
    frame = fig.frames[3]
    assert [d.name for d in frame.data] == ["exact", "simulated"]
    assert list(frame.data[0].y) == pytest.approx(list(exact[3]))
    assert max(abs(a - b) for a, b in zip(frame.data[0].y, frame.data[1].y, strict=True)) < 0.05
    json.dumps(fig.to_dict(), default=str)


def test_tourist_sankey_links_carry_the_given_flows():
    flows = {("boat", "museum"): 5, ("boat", "bar"): 3, ("bar", "Dam"): 1}
    fig = tourist_sankey(flows)
    sankey = fig.data[0]
    labels = list(sankey.node.label)
    assert labels == ["boat", "bar", "museum", "bar", "Dam"]  # sources, then targets
    assert list(sankey.node.x) == [0.001] * 2 + [0.999] * 3  # two columns: no loop
    links = {
        (labels[s], labels[t]): v
        for s, t, v in zip(sankey.link.source, sankey.link.target, sankey.link.value, strict=True)
    }
    assert links == flows


def test_AMS_16_city_graph_with_and_without_dam_diagonals():
    """AMS-16: the Dam may be crossed diagonally: two more streets, different centrality."""
    with_d, without = city_graph(True), city_graph(False)
    fig = city_graph_figure(with_d, centrality(True)["betweenness"])
    streets, nodes = trace(fig, "streets"), trace(fig, "intersections")
    assert len(nodes.x) == 36
    assert len(streets.x) == 3 * with_d.number_of_edges() == 3 * 62
    sizes = dict(zip(map(tuple, nodes.customdata), nodes.marker.size, strict=True))
    assert sizes[(3, 3)] > sizes[(1, 1)]  # the Dam's corner is more central than a corner
    both = city_graph_comparison(
        (with_d, centrality(True)["betweenness"]), (without, centrality(False)["betweenness"])
    )
    assert [t.name for t in both.data] == ["streets", "intersections"] * 2
    assert len(both.data[0].x) - len(both.data[2].x) == 3 * 2
    plain = city_graph_figure(without)
    assert set(trace(plain, "intersections").marker.size) == {30.0}


# ------------------------------------------------ lessons 2, 3 and 3b
def test_city_graph_comparison_shares_one_colour_scale_and_one_colour_bar():
    with_d, without = city_graph(True), city_graph(False)
    closeness_with, closeness_without = (
        centrality(True)["closeness"],
        centrality(False)["closeness"],
    )
    fig = city_graph_comparison((with_d, closeness_with), (without, closeness_without))
    left, right = fig.data[1].marker, fig.data[3].marker
    low = min(closeness_with.min(), closeness_without.min())
    high = max(closeness_with.max(), closeness_without.max())
    assert (left.cmin, left.cmax) == (right.cmin, right.cmax) == pytest.approx((low, high))
    assert [left.showscale, right.showscale] == [False, True]
    # equal values get equal sizes in both panels: the corner (1, 1) has a larger
    # closeness with the diagonals, so its node is larger on the left
    sizes = [
        dict(zip(map(tuple, fig.data[k].customdata), fig.data[k].marker.size, strict=True))
        for k in (1, 3)
    ]
    assert sizes[0][(1, 1)] > sizes[1][(1, 1)]


def test_eigenvalue_figure_draws_every_eigenvalue_and_the_second_modulus():
    from hoteledu.amsterdam.analysis import boat_eigenvalues, second_eigenvalue_modulus
    from hoteledu.amsterdam.figures.boat import eigenvalue_figure

    values = boat_eigenvalues()
    fig = eigenvalue_figure(values)
    points = trace(fig, "eigenvalues")
    assert len(points.x) == 24
    assert max(np.hypot(points.x, points.y)) == pytest.approx(1)
    circle = trace(fig, "|lambda_2| circle")
    assert np.hypot(circle.x[0], circle.y[0]) == pytest.approx(second_eigenvalue_modulus())
    json.loads(pio.to_json(fig))
    with pytest.raises(ValueError, match="eigenvalue"):
        eigenvalue_figure([])


def test_distance_to_uniform_figure_puts_the_curve_beside_the_rate():
    from hoteledu.amsterdam.analysis import (
        second_eigenvalue_modulus,
        total_variation_bound,
        total_variation_curve,
    )
    from hoteledu.amsterdam.figures.boat import distance_to_uniform_figure

    rate = second_eigenvalue_modulus()
    curve = total_variation_curve(60)
    fig = distance_to_uniform_figure(curve, rate, [total_variation_bound(t) for t in range(61)])
    assert [t.name for t in fig.data] == ["total variation", "|lambda_2|^t", "spectral bound"]
    assert fig.data[0].y[26] == pytest.approx(curve[26])
    assert fig.data[1].y[10] == pytest.approx(rate**10)
    assert all(a <= b for a, b in zip(fig.data[0].y, fig.data[2].y, strict=True))
    assert fig.layout.yaxis.type == "log"
    with pytest.raises(ValueError, match="rate"):
        distance_to_uniform_figure(curve, 1.5)


def test_renewal_figure_draws_u_n_and_its_limit():
    from hoteledu.amsterdam.analysis import renewal_limit, renewal_sequence
    from hoteledu.amsterdam.figures.boat import renewal_figure

    u = renewal_sequence(48)
    fig = renewal_figure(u, renewal_limit())
    assert fig.data[0].y[4] == pytest.approx(28 / 81)
    assert len(fig.data[0].x) == 49
    assert fig.layout.shapes[0].y0 == pytest.approx(0.25)
    json.loads(pio.to_json(fig))


def test_landing_heatmap_docstring_does_not_call_the_next_stop_a_landing():
    doc = landing_heatmap.__doc__
    assert "where the next tourist lands" not in doc
    assert "not* where a" in doc and "delivery_rates()" in doc


# ------------------------------------------- lessons 4, 5 and 5b: flows and search figures
def test_tourist_sankey_of_real_flows_has_no_loop_and_separate_dam_nodes():
    import itertools

    from hoteledu.amsterdam.analysis import tourist_flows
    from hoteledu.amsterdam.tiles import FUNCTIONS

    flows = tourist_flows(10, seed=4).totals("function")
    fig = tourist_sankey(flows, order=["boat", *FUNCTIONS, "Dam"])
    sankey = fig.data[0]
    left = {k for k, x in enumerate(sankey.node.x) if x < 0.5}
    assert set(sankey.link.source) <= left  # every band runs from left to right
    assert not set(sankey.link.target) & left
    labels = list(sankey.node.label)
    assert labels.count("Dam") == 2  # a source node and a sink node
    assert labels[0] == "boat" and labels[-1] == "Dam"  # the order asked for
    assert sum(sankey.link.value) == sum(flows.values())
    # Nodes stacked without overlap: plotly draws node k with height value_k * scale
    # pixels (one scale for the figure), centred at y_k of the plot's height.
    plot = fig.layout.height - fig.layout.margin.t - fig.layout.margin.b
    size = [0.0] * len(labels)
    for s, t, v in zip(sankey.link.source, sankey.link.target, sankey.link.value, strict=True):
        size[s] += v
        size[t] += v
    rows = max(len(left), len(labels) - len(left))
    scale = (plot - sankey.node.pad * (rows - 1)) / sum(flows.values())
    for column in (left, set(range(len(labels))) - left):
        nodes = sorted(column, key=lambda k: sankey.node.y[k])
        for a, b in itertools.pairwise(nodes):
            distance = (sankey.node.y[b] - sankey.node.y[a]) * plot
            assert distance >= (size[a] + size[b]) * scale / 2 + sankey.node.pad - 1e-6
        assert all(0 < sankey.node.y[k] < 1 for k in nodes)


def test_game_tree_figure_draws_values_windows_and_pruned_branches():
    from hoteledu.amsterdam.analysis.search import alphabeta_trace
    from hoteledu.amsterdam.figures.search import game_tree_figure

    fig = game_tree_figure(alphabeta_trace([[3, 12, 8], [2, 4, 6], [14, 5, 2]]))
    assert [d.name for d in fig.data] == [
        "edges",
        "pruned edges",
        "max nodes",
        "min nodes",
        "leaves",
        "pruned",
    ]
    assert list(trace(fig, "pruned").text) == ["4", "6"]
    assert len(trace(fig, "leaves").x) == 7
    assert trace(fig, "max nodes").text[0].startswith("3<br>α=3")
    assert "α=3 β=2" in trace(fig, "min nodes").text[1]  # the cut-off window
    assert len(trace(fig, "pruned edges").x) == 2 * 3  # two cut branches: x0, x1, None each
    leaves_y = set(trace(fig, "leaves").y) | set(trace(fig, "pruned").y)
    assert leaves_y == {0.0} and set(trace(fig, "max nodes").y) == {2.0}
    json.dumps(fig.to_dict(), default=str)


def test_search_size_figure_is_log_scale_and_checks_lengths():
    from hoteledu.amsterdam.figures.search import search_size_figure

    fig = search_size_figure([1, 2, 3], {"minimax": [4, 16, 172], "alpha-beta": [4, 10, 64]})
    assert fig.layout.yaxis.type == "log"
    assert [d.name for d in fig.data] == ["minimax", "alpha-beta"]
    assert list(fig.data[1].y) == [4, 10, 64]
    with pytest.raises(ValueError, match="minimax"):
        search_size_figure([1, 2], {"minimax": [4]})
