"""The geometry of Hotel Amsterdam: tiles, the canal ring, intersections, streets.

The rulebook's pictures are not in its text, so hoteledu fixes the geometry as
``design/amsterdam.md`` describes it:

* a 7 x 7 grid of tiles ``(row, col)``, row 0 north; the Dam is ``(3, 3)``;
* the 24 other tiles of the inner 5 x 5 block are building tiles;
* the outer ring of 24 tiles is the canal, numbered clockwise from the jetty
  ``(6, 3)``; its four corners are the bends (quays);
* intersections are the 6 x 6 lattice points ``(i, j)``, ``i, j`` in 1..6, where
  four tiles meet; streets join neighbouring intersections, plus the two
  diagonals across the Dam.

The constants are plain tuples (the rules engine uses them in its hot path);
the ``*_graph`` functions build networkx graphs for lessons and figures.

Examples
--------
>>> CANAL_TILES[JETTY], facing_tile(JETTY)
((6, 3), (5, 3))
>>> tiles_around((3, 3))
((2, 2), (2, 3), (3, 2), (3, 3))
>>> city_graph().number_of_edges()
62
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # networkx is imported inside the graph builders only
    import networkx as nx

Tile = tuple[int, int]
Intersection = tuple[int, int]

ROWS = COLS = 7
DAM: Tile = (3, 3)

BUILDING_TILES: tuple[Tile, ...] = tuple(
    (r, c) for r in range(1, 6) for c in range(1, 6) if (r, c) != DAM
)
"""The 24 building tiles, row-major."""


def _canal_ring_tiles() -> tuple[Tile, ...]:
    # Clockwise on a north-up map, starting at the jetty in the middle of the
    # south side: westwards along the south, north along the west side, east
    # along the north, south along the east side, back west to the jetty.
    south_west = [(6, c) for c in range(3, -1, -1)]  # (6,3) .. (6,0)
    west = [(r, 0) for r in range(5, -1, -1)]  # (5,0) .. (0,0)
    north = [(0, c) for c in range(1, 7)]  # (0,1) .. (0,6)
    east = [(r, 6) for r in range(1, 7)]  # (1,6) .. (6,6)
    south_east = [(6, c) for c in range(5, 3, -1)]  # (6,5), (6,4)
    return tuple(south_west + west + north + east + south_east)


CANAL_TILES: tuple[Tile, ...] = _canal_ring_tiles()
"""The 24 canal tiles, clockwise from the jetty (index 0 = ``(6, 3)``)."""

JETTY = 0
"""Canal index of the jetty, where the boat starts."""

BENDS: frozenset[int] = frozenset(
    i for i, t in enumerate(CANAL_TILES) if t[0] in (0, 6) and t[1] in (0, 6)
)
"""Canal indices of the four corners (the quays): 3, 9, 15 and 21."""

CANAL_INDEX: dict[Tile, int] = {t: i for i, t in enumerate(CANAL_TILES)}
"""Canal index of each canal tile."""


def facing_tile(canal_index: int) -> Tile | None:
    """The building tile a canal tile faces, or None for a bend.

    Parameters
    ----------
    canal_index : int
        Index 0..23 around the ring, clockwise from the jetty.

    Returns
    -------
    tuple of int or None
        The inner tile next to the canal tile; None for the four bends.

    Examples
    --------
    >>> facing_tile(1), facing_tile(3)
    ((5, 2), None)
    """
    if canal_index in BENDS:
        return None
    r, c = CANAL_TILES[canal_index]
    if r == 0:
        return (1, c)
    if r == 6:
        return (5, c)
    if c == 0:
        return (r, 1)
    return (r, 5)


FACING: tuple[Tile | None, ...] = tuple(facing_tile(i) for i in range(len(CANAL_TILES)))
"""``facing_tile`` for every canal index, precomputed."""

INTERSECTIONS: tuple[Intersection, ...] = tuple((i, j) for i in range(1, 7) for j in range(1, 7))
"""The 36 lattice points where four tiles meet, row-major."""


def tiles_around(intersection: Intersection) -> tuple[Tile, ...]:
    """The four tiles meeting at an intersection (canal tiles included).

    Examples
    --------
    >>> tiles_around((1, 1))
    ((0, 0), (0, 1), (1, 0), (1, 1))
    """
    i, j = intersection
    if not (1 <= i <= 6 and 1 <= j <= 6):
        raise ValueError(f"{intersection} is not an intersection (rows and columns 1..6)")
    return ((i - 1, j - 1), (i - 1, j), (i, j - 1), (i, j))


def intersections_around(tile: Tile) -> tuple[Intersection, ...]:
    """The (up to four) intersections at the corners of a tile.

    Examples
    --------
    >>> intersections_around((3, 3))
    ((3, 3), (3, 4), (4, 3), (4, 4))
    >>> intersections_around((0, 0))
    ((1, 1),)
    """
    r, c = tile
    if not (0 <= r < ROWS and 0 <= c < COLS):
        raise ValueError(f"{tile} is not a tile (rows and columns 0..6)")
    corners = ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))
    return tuple((i, j) for i, j in corners if 1 <= i <= 6 and 1 <= j <= 6)


COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow")
"""The players' hotel colours, players 1..4 [AMS-01]."""
DIE_FACES: tuple[int, ...] = (1, 2, 3)
"""The faces of each die, the white Mayor die and the black Nightwatchman die [AMS-07]."""

DAM_CORNERS: tuple[Intersection, ...] = ((3, 3), (3, 4), (4, 3), (4, 4))
"""The four intersections next to the Dam."""
MAYOR_START: Intersection = (3, 3)
"""The Mayor starts on the Dam's north-west corner."""
NIGHTWATCHMAN_START: Intersection = (4, 4)
"""The Nightwatchman starts diagonally across, on the Dam's south-east corner."""

DAM_DIAGONALS: tuple[tuple[Intersection, Intersection], ...] = (((3, 3), (4, 4)), ((3, 4), (4, 3)))
"""The two streets that cross the Dam diagonally."""


def street_pairs(dam_diagonals: bool = True) -> tuple[tuple[Intersection, Intersection], ...]:
    """Every street as a pair of intersections: the lattice plus the Dam diagonals."""
    pairs: list[tuple[Intersection, Intersection]] = []
    for i, j in INTERSECTIONS:
        if j < 6:
            pairs.append(((i, j), (i, j + 1)))
        if i < 6:
            pairs.append(((i, j), (i + 1, j)))
    if dam_diagonals:
        pairs.extend(DAM_DIAGONALS)
    return tuple(pairs)


def tile_kind(tile: Tile) -> str:
    """``"dam"``, ``"building"``, ``"bend"`` or ``"canal"``."""
    if tile == DAM:
        return "dam"
    r, c = tile
    if 1 <= r <= 5 and 1 <= c <= 5:
        return "building"
    if r in (0, 6) and c in (0, 6):
        return "bend"
    return "canal"


def city_graph(dam_diagonals: bool = True) -> nx.Graph:
    """The streets of the city: 36 intersections, lattice streets and the Dam diagonals.

    Parameters
    ----------
    dam_diagonals : bool
        Include the two streets crossing the Dam (the rulebook allows them).

    Returns
    -------
    networkx.Graph
        Nodes ``(i, j)`` with attribute ``pos = (j, -i)`` for drawing.

    Examples
    --------
    >>> g = city_graph()
    >>> g.number_of_nodes(), g.has_edge((3, 3), (4, 4))
    (36, True)
    """
    import networkx as nx

    graph = nx.Graph()
    for i, j in INTERSECTIONS:
        graph.add_node((i, j), pos=(j, -i), dam_corner=(i, j) in DAM_CORNERS)
    graph.add_edges_from(street_pairs(dam_diagonals))
    return graph


def tile_graph() -> nx.Graph:
    """All 49 tiles with edges between orthogonal neighbours.

    Node attributes: ``kind`` in {"building", "dam", "canal", "bend"} and
    ``pos = (col, -row)``.

    Examples
    --------
    >>> g = tile_graph()
    >>> g.number_of_nodes(), g.nodes[(3, 3)]["kind"], g.nodes[(0, 0)]["kind"]
    (49, 'dam', 'bend')
    """
    import networkx as nx

    graph = nx.Graph()
    for r in range(ROWS):
        for c in range(COLS):
            graph.add_node((r, c), kind=tile_kind((r, c)), pos=(c, -r))
    for r in range(ROWS):
        for c in range(COLS):
            if c + 1 < COLS:
                graph.add_edge((r, c), (r, c + 1))
            if r + 1 < ROWS:
                graph.add_edge((r, c), (r + 1, c))
    return graph


def canal_ring() -> nx.DiGraph:
    """The canal as a directed 24-cycle, clockwise (index -> index + 1).

    Node attributes: ``tile`` (its grid tile), ``bend`` (bool), ``faces`` (the
    building tile it faces, or None), ``pos = (col, -row)``.

    Examples
    --------
    >>> ring = canal_ring()
    >>> list(ring.successors(23)), ring.nodes[3]["bend"]
    ([0], True)
    """
    import networkx as nx

    ring = nx.DiGraph()
    n = len(CANAL_TILES)
    for index, (r, c) in enumerate(CANAL_TILES):
        ring.add_node(index, tile=(r, c), bend=index in BENDS, faces=FACING[index], pos=(c, -r))
    for index in range(n):
        ring.add_edge(index, (index + 1) % n)
    return ring


# ------------------------------------------- the box's pieces and the engine's tables
TOTAL_TOURISTS = 30
"""The tourists in the box [AMS-05]: supply, boat, quays, tiles and the Dam always hold 30."""
START_TILES: tuple[Tile, ...] = ((2, 2), (2, 4), (4, 2), (4, 4))
"""The four building tiles with a tourist at the start (diagonally next to the Dam)."""
HOTELS_PER_PLAYER = 2
"""Each player's hotels, built in the first two turns [AMS-12]."""
MAX_STEPS = max(DIE_FACES)
"""The longest walk of one pawn: a die's highest face (the tactical variant's too, AMS-29)."""

# Places that hold tourists: building places 0..23 (BUILDING_TILES order), the Dam 24.
NUM_PLACES = len(BUILDING_TILES)
DAM_PLACE = NUM_PLACES
PLACE_OF: dict[Tile, int] = {t: i for i, t in enumerate(BUILDING_TILES)}
PLACE_OF[DAM] = DAM_PLACE
PLACE_TILES: tuple[Tile, ...] = (*BUILDING_TILES, DAM)
INTERSECTION_INDEX: dict[Intersection, int] = {x: i for i, x in enumerate(INTERSECTIONS)}
FACING_PLACE: tuple[int, ...] = tuple(-1 if f is None else PLACE_OF[f] for f in FACING)
BEND_LIST: tuple[int, ...] = tuple(sorted(BENDS))
QUAY_OF: tuple[int, ...] = tuple(
    BEND_LIST.index(i) if i in BENDS else -1 for i in range(len(CANAL_TILES))
)
# Building places around each intersection (can be turned) and the places a hotel scores.
TURNABLE_AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(PLACE_OF[t] for t in tiles_around(x) if t in PLACE_OF and t != DAM) for x in INTERSECTIONS
)
SCORING_AROUND: tuple[tuple[int, ...], ...] = tuple(
    tuple(PLACE_OF[t] for t in tiles_around(x) if t in PLACE_OF) for x in INTERSECTIONS
)
DAM_CORNER_INDICES = frozenset(INTERSECTION_INDEX[x] for x in DAM_CORNERS)
# Checkerboard of the setup: day side up where row + column is even.
DAY_UP_AT_START: tuple[bool, ...] = tuple((r + c) % 2 == 0 for r, c in BUILDING_TILES)
STANDARD_LAYOUT: tuple[int, ...] = tuple(range(NUM_PLACES))
"""Tile number on each building place in the standard layout (place k holds tile k)."""


def walk_destinations(dam_diagonals: bool) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """``table[k][x]``: intersection indices at the end of a walk of exactly k steps from x.

    Examples
    --------
    >>> table = walk_destinations(True)
    >>> len(table), [INTERSECTIONS[x] for x in table[1][INTERSECTION_INDEX[(1, 1)]]]
    (4, [(1, 2), (2, 1)])
    """
    neighbours: list[set[int]] = [set() for _ in INTERSECTIONS]
    for a, b in street_pairs(dam_diagonals):
        ia, ib = INTERSECTION_INDEX[a], INTERSECTION_INDEX[b]
        neighbours[ia].add(ib)
        neighbours[ib].add(ia)
    table = [tuple((x,) for x in range(len(INTERSECTIONS)))]
    for _ in range(MAX_STEPS):
        previous = table[-1]
        table.append(
            tuple(
                tuple(sorted({n for y in previous[x] for n in neighbours[y]}))
                for x in range(len(INTERSECTIONS))
            )
        )
    return tuple(table)


WALKS = {True: walk_destinations(True), False: walk_destinations(False)}
"""Precomputed walk destinations for k = 0..3 steps, with and without the Dam diagonals."""
