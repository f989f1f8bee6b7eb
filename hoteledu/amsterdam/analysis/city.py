"""Where the Mayor and the Nightwatchman can go: walks, destinations, centrality.

A pawn walks exactly as many steps as its die shows along the streets (the
6 x 6 lattice of intersections plus the two diagonals across the Dam); a walk
may come back on itself. The number of walks of length ``k`` between two
intersections is an entry of ``A**k`` for the adjacency matrix ``A`` (exact
integers); a pawn can end wherever that count is positive.

Arrays over intersections are 6 x 6: entry ``[i - 1, j - 1]`` belongs to
intersection ``(i, j)``. Matrices over intersections (36 x 36) follow the
order of ``board.INTERSECTIONS`` (row-major).

Examples
--------
>>> int(walk_counts(2)[0, 0])  # from the corner (1, 1) out and back: 2 walks
2
>>> pawn_destination_distribution((1, 1), die=(1,))[0, 1]
Fraction(1, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from fractions import Fraction

import numpy as np

from hoteledu.amsterdam.board import (
    DIE_FACES,
    INTERSECTIONS,
    Intersection,
    city_graph,
    street_pairs,
)

INDEX: dict[Intersection, int] = {x: k for k, x in enumerate(INTERSECTIONS)}
"""Row/column of each intersection in the 36 x 36 matrices."""


@functools.lru_cache(maxsize=2)
def _adjacency(dam_diagonals: bool) -> np.ndarray:
    adjacency = np.zeros((len(INTERSECTIONS), len(INTERSECTIONS)), dtype=np.int64)
    for a, b in street_pairs(dam_diagonals):
        adjacency[INDEX[a], INDEX[b]] = adjacency[INDEX[b], INDEX[a]] = 1
    return adjacency


def adjacency_matrix(dam_diagonals: bool = True) -> np.ndarray:
    """The 36 x 36 integer adjacency matrix of the streets (``INTERSECTIONS`` order)."""
    return _adjacency(dam_diagonals).copy()


def walk_counts(steps: int, dam_diagonals: bool = True) -> np.ndarray:
    """The number of walks of exactly ``steps`` steps between every pair of intersections.

    Parameters
    ----------
    steps : int
        Walk length (0 gives the identity).
    dam_diagonals : bool
        Whether the two streets across the Dam exist.

    Returns
    -------
    numpy.ndarray
        ``A**steps``, 36 x 36, exact integers (int64 up to 25 steps, Python
        integers in an object array beyond, so nothing overflows).

    Examples
    --------
    >>> counts = walk_counts(3)
    >>> int(counts[INDEX[(3, 3)], INDEX[(4, 4)]])
    11
    """
    if steps < 0:
        raise ValueError(f"steps must be at least 0, got {steps}")
    adjacency = _adjacency(dam_diagonals)
    # The largest degree is 5, so entries stay below 5**steps: int64 is safe to 25 steps.
    base = adjacency if steps <= 25 else adjacency.astype(object)
    result = np.identity(len(INTERSECTIONS), dtype=np.int64).astype(base.dtype)
    for _ in range(steps):
        result = result @ base
    return result


def pawn_destinations(
    start: Intersection, steps: int, dam_diagonals: bool = True
) -> frozenset[Intersection]:
    """Intersections a pawn can end on after a walk of exactly ``steps`` steps.

    Examples
    --------
    >>> sorted(pawn_destinations((1, 1), 1))
    [(1, 2), (2, 1)]
    """
    _check_start(start)
    row = walk_counts(steps, dam_diagonals)[INDEX[start]]
    return frozenset(INTERSECTIONS[k] for k in np.nonzero(row)[0])


def _check_start(start: Intersection) -> None:
    if start not in INDEX:
        raise ValueError(f"{start} is not an intersection (rows and columns 1..6)")


def pawn_destination_distribution(
    start: Intersection,
    die: Iterable[int] = DIE_FACES,
    *,
    dam_diagonals: bool = True,
    avoid: Intersection | None = None,
    model: str = "uniform_destination",
) -> np.ndarray:
    """Exact distribution of where a pawn ends after one roll of its die.

    Parameters
    ----------
    start : tuple of int
        The pawn's intersection.
    die : iterable of int
        The faces of the die, each equally likely (the game's: 1, 2, 3).
    dam_diagonals : bool
        Whether the two streets across the Dam exist.
    avoid : tuple of int or None
        The other pawn's intersection: a pawn may not end there.
    model : {"uniform_destination", "random_walk"}
        ``"uniform_destination"``: the student picks uniformly among the
        intersections a walk of exactly the rolled length can end on (minus
        ``avoid``); what a player who does not care sees as "where can I go".
        ``"random_walk"``: each step goes to a uniformly chosen neighbour,
        a walk ending on ``avoid`` is redrawn (conditioning on not ending there).

    Returns
    -------
    numpy.ndarray
        6 x 6 object array of ``Fraction`` values summing to 1.

    Examples
    --------
    >>> dist = pawn_destination_distribution((1, 1), die=(2,))
    >>> [str(dist[i - 1, j - 1]) for i, j in [(1, 1), (1, 3), (2, 2), (3, 1)]]
    ['1/4', '1/4', '1/4', '1/4']
    """
    _check_start(start)
    faces = list(die)
    if not faces or min(faces) < 0:
        raise ValueError(f"a die needs faces of at least 0 steps, got {faces}")
    if model not in ("uniform_destination", "random_walk"):
        raise ValueError(f"model must be 'uniform_destination' or 'random_walk', not {model!r}")
    adjacency = _adjacency(dam_diagonals)
    degree = adjacency.sum(axis=1)
    total = [Fraction(0)] * len(INTERSECTIONS)
    for face in faces:
        if model == "uniform_destination":
            ends = [x for x in pawn_destinations(start, face, dam_diagonals) if x != avoid]
            weights = {INDEX[x]: Fraction(1) for x in ends}
        else:
            weights = {INDEX[start]: Fraction(1)}
            for _ in range(face):
                step: dict[int, Fraction] = {}
                for k, w in weights.items():
                    for n in np.nonzero(adjacency[k])[0]:
                        step[int(n)] = step.get(int(n), Fraction(0)) + w / int(degree[k])
                weights = step
            if avoid is not None:
                weights.pop(INDEX[avoid], None)
        mass = sum(weights.values(), Fraction(0))
        if mass == 0:
            raise ValueError(f"a walk of {face} steps from {start} has nowhere to end")
        for k, w in weights.items():
            total[k] += w / mass / len(faces)
    grid = np.empty((6, 6), dtype=object)
    for (i, j), k in INDEX.items():
        grid[i - 1, j - 1] = total[k]
    return grid


# ------------------------------------------------------------------ centrality
@functools.lru_cache(maxsize=2)
def _centrality(dam_diagonals: bool) -> dict[str, np.ndarray]:
    import networkx as nx

    graph = city_graph(dam_diagonals)
    measures = {
        "betweenness": nx.betweenness_centrality(graph),
        "closeness": nx.closeness_centrality(graph),
        "degree": dict(graph.degree()),
    }
    out = {}
    for name, values in measures.items():
        grid = np.zeros((6, 6))
        for (i, j), v in values.items():
            grid[i - 1, j - 1] = v
        out[name] = grid
    return out


def centrality(dam_diagonals: bool = True) -> dict[str, np.ndarray]:
    """Betweenness, closeness and degree of each intersection in the street graph.

    Betweenness (normalised, networkx's definition) counts the shortest paths
    through an intersection; closeness is the inverse mean distance to all
    others. Central intersections are where a pawn can get to many tiles.

    Returns
    -------
    dict
        ``"betweenness"``, ``"closeness"``, ``"degree"`` -> 6 x 6 float arrays.

    Examples
    --------
    >>> c = centrality()
    >>> int(c["degree"][2, 2]), int(c["degree"][0, 0])
    (5, 2)
    """
    return {k: v.copy() for k, v in _centrality(dam_diagonals).items()}


def centrality_gain(measure: str = "closeness", k: int = 4) -> list[tuple[Intersection, float]]:
    """What the Dam diagonals add: ``measure`` with them minus without, largest gains first.

    Examples
    --------
    >>> [x for x, _ in centrality_gain("closeness")]
    [(3, 3), (3, 4), (4, 3), (4, 4)]
    """
    with_, without = _centrality(True), _centrality(False)
    if measure not in with_:
        raise ValueError(f"measure must be one of {sorted(with_)}, not {measure!r}")
    gain = with_[measure] - without[measure]
    ranked = sorted(INTERSECTIONS, key=lambda x: (-gain[x[0] - 1, x[1] - 1], x))
    return [(x, float(gain[x[0] - 1, x[1] - 1])) for x in ranked[:k]]
