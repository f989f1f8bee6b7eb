"""The board geometry of Hotel Amsterdam (design/amsterdam.md) as tuples and graphs."""

from __future__ import annotations

import networkx as nx
import pytest

from hoteledu.amsterdam import board
from hoteledu.amsterdam.board import (
    BENDS,
    BUILDING_TILES,
    CANAL_TILES,
    DAM,
    DAM_CORNERS,
    INTERSECTIONS,
    JETTY,
    MAYOR_START,
    NIGHTWATCHMAN_START,
    canal_ring,
    city_graph,
    facing_tile,
    intersections_around,
    tile_graph,
    tiles_around,
)


def test_AMS_02_dam_in_the_middle_and_24_building_tiles_around_it() -> None:
    """AMS-02: the Dam is the middle tile; 24 building tiles surround it, row-major."""
    assert (board.ROWS, board.COLS, DAM) == (7, 7, (3, 3))
    assert len(BUILDING_TILES) == 24 and DAM not in BUILDING_TILES
    assert list(BUILDING_TILES) == sorted(BUILDING_TILES)
    assert {(r, c) for r in range(1, 6) for c in range(1, 6)} == {*BUILDING_TILES, DAM}


def test_AMS_03_canal_ring_is_24_tiles_clockwise_from_the_jetty() -> None:
    """AMS-03: the canal ring surrounds the buildings; index 0 is the jetty (6, 3)."""
    assert len(CANAL_TILES) == len(set(CANAL_TILES)) == 24
    assert CANAL_TILES[JETTY] == (6, 3)
    assert CANAL_TILES[:5] == ((6, 3), (6, 2), (6, 1), (6, 0), (5, 0))
    assert CANAL_TILES[-2:] == ((6, 5), (6, 4))
    # Consecutive canal tiles are orthogonal neighbours, and the ring closes.
    for k in range(24):
        (r1, c1), (r2, c2) = CANAL_TILES[k], CANAL_TILES[(k + 1) % 24]
        assert abs(r1 - r2) + abs(c1 - c2) == 1
    # Clockwise on a north-up map: from the south side the boat first goes west.
    assert CANAL_TILES[1][1] < CANAL_TILES[0][1]
    assert sorted(BENDS) == [3, 9, 15, 21]
    assert {CANAL_TILES[b] for b in BENDS} == {(0, 0), (0, 6), (6, 0), (6, 6)}


def test_facing_tiles_are_the_inner_neighbours() -> None:
    faced = [facing_tile(k) for k in range(24)]
    assert [k for k, f in enumerate(faced) if f is None] == sorted(BENDS)
    for k, tile in enumerate(faced):
        if tile is None:
            continue
        (r, c), (fr, fc) = CANAL_TILES[k], tile
        assert abs(r - fr) + abs(c - fc) == 1 and tile in BUILDING_TILES
    # Each border building tile is faced once; corner buildings twice (two sides).
    counts = {t: faced.count(t) for t in set(faced) if t is not None}
    assert counts[(1, 1)] == 2 and counts[(1, 3)] == 1 and len(counts) == 16


def test_intersections_touch_four_tiles() -> None:
    assert len(INTERSECTIONS) == 36 and INTERSECTIONS[0] == (1, 1) and INTERSECTIONS[-1] == (6, 6)
    assert tiles_around((1, 1)) == ((0, 0), (0, 1), (1, 0), (1, 1))
    for x in INTERSECTIONS:
        for tile in tiles_around(x):
            assert x in intersections_around(tile)
    assert intersections_around(DAM) == DAM_CORNERS
    assert intersections_around((0, 3)) == ((1, 3), (1, 4))
    with pytest.raises(ValueError, match="not an intersection"):
        tiles_around((0, 3))
    with pytest.raises(ValueError, match="not a tile"):
        intersections_around((7, 0))


def test_AMS_04_pawns_start_diagonally_across_the_dam() -> None:
    """AMS-04: the Mayor on one corner of the Dam, the Nightwatchman diagonally across."""
    assert MAYOR_START in DAM_CORNERS and NIGHTWATCHMAN_START in DAM_CORNERS
    assert abs(MAYOR_START[0] - NIGHTWATCHMAN_START[0]) == 1
    assert abs(MAYOR_START[1] - NIGHTWATCHMAN_START[1]) == 1


def test_AMS_16_city_graph_has_lattice_streets_and_dam_diagonals() -> None:
    """AMS-16: the streets are the lattice plus the two diagonals across the Dam."""
    g = city_graph()
    assert g.number_of_nodes() == 36 and g.number_of_edges() == 60 + 2
    assert g.has_edge((3, 3), (4, 4)) and g.has_edge((3, 4), (4, 3))
    assert not g.has_edge((2, 2), (3, 3))
    assert g.nodes[(2, 5)]["pos"] == (5, -2)
    plain = city_graph(dam_diagonals=False)
    assert plain.number_of_edges() == 60 and not plain.has_edge((3, 3), (4, 4))
    assert nx.shortest_path_length(g, (3, 3), (4, 4)) == 1
    assert nx.shortest_path_length(plain, (3, 3), (4, 4)) == 2
    assert min(d for _, d in g.degree) == 2  # every pawn always has somewhere to go


def test_tile_graph_kinds_and_neighbours() -> None:
    g = tile_graph()
    assert g.number_of_nodes() == 49 and g.number_of_edges() == 2 * 7 * 6
    kinds = nx.get_node_attributes(g, "kind")
    assert sum(k == "building" for k in kinds.values()) == 24
    assert sum(k == "canal" for k in kinds.values()) == 20
    assert sum(k == "bend" for k in kinds.values()) == 4
    assert kinds[DAM] == "dam"
    assert set(g[DAM]) == {(2, 3), (4, 3), (3, 2), (3, 4)}


def test_canal_ring_is_a_directed_24_cycle() -> None:
    ring = canal_ring()
    assert ring.number_of_nodes() == 24 and ring.number_of_edges() == 24
    assert all(ring.out_degree(k) == 1 and list(ring.successors(k)) == [(k + 1) % 24] for k in ring)
    assert nx.is_strongly_connected(ring)
    assert ring.nodes[0]["tile"] == (6, 3) and ring.nodes[0]["faces"] == (5, 3)
    assert [k for k in ring if ring.nodes[k]["bend"]] == [3, 9, 15, 21]
    assert ring.nodes[9]["faces"] is None and ring.nodes[9]["pos"] == (0, 0)
