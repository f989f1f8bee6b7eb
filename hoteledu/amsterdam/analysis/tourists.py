"""Where the boat's tourists land: exact expectations, landing chances, site values.

The model (exact): the boat moves by two d3 each turn; one tourist boards per
turn; stopping next to a building tile drops everyone aboard there; stopping
in a bend leaves them on that quay; a waiting tourist is picked up when the
boat *passes* that bend in a later turn (moves over it without stopping) and
is dropped where the boat then stops. The Mayor and the Nightwatchman are
ignored here (they move tourists between tiles; the engine simulations in
:mod:`hoteledu.amsterdam.analysis.engine` include them).

By linearity of expectation the expected counts need only a small linear
recursion on ``(boat tile, quay)``: ``W[p, b]`` = expected tourists waiting on
quay ``b`` *and* the boat on tile ``p``. Everything here is exact with
``exact=True`` (``Fraction`` values) and the same numbers rounded to floats
otherwise.

The game option ``pickup_on_departure`` (a boat leaving a bend it stopped in
also takes that quay's tourists) is available throughout for the other
reading of the rulebook.

Examples
--------
>>> counts = expected_tourists_per_tile(1, exact=True, include_start=False)
>>> counts[(5, 1)], counts[(4, 1)], counts[(5, 2)] == 0
(Fraction(4, 9), Fraction(2, 9), True)
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction

import numpy as np

from hoteledu.amsterdam.analysis.boat import N_CANAL, renewal_sequence, step_chances, step_fractions
from hoteledu.amsterdam.board import (
    BENDS,
    BUILDING_TILES,
    DAM,
    FACING,
    INTERSECTIONS,
    JETTY,
    Intersection,
    Tile,
    tiles_around,
)

START_TOURIST_TILES: tuple[Tile, ...] = ((2, 2), (2, 4), (4, 2), (4, 4))
"""The four tourists of the starting position (design/amsterdam.md)."""

CITY_TILES: tuple[Tile, ...] = (*BUILDING_TILES, DAM)
"""The 24 building tiles (row-major) and the Dam last: the order of tile arrays here."""

BEND_LIST: tuple[int, ...] = tuple(sorted(BENDS))
_BEND_SLOT = {b: i for i, b in enumerate(BEND_LIST)}
_TILE_SLOT = {t: i for i, t in enumerate(CITY_TILES)}


def _passed_masks(pickup_on_departure: bool) -> dict[int, np.ndarray]:
    """For each step, a 24 x 4 bool array: is quay ``b`` picked up on the move from ``p``?"""
    masks = {}
    for s, _ in step_chances():
        mask = np.zeros((N_CANAL, len(BEND_LIST)), dtype=bool)
        for p in range(N_CANAL):
            passed = {(p + j) % N_CANAL for j in range(1, s)}
            if pickup_on_departure:
                passed.add(p)
            for b in passed & BENDS:
                mask[p, _BEND_SLOT[b]] = True
        masks[s] = mask
    return masks


@functools.lru_cache(maxsize=8)
def _scaled_history(turns: int, pickup_on_departure: bool) -> tuple[tuple, ...]:
    """Per turn t = 0..turns: (boat distribution, W, drops so far per canal tile) times ``D**t``.

    ``D`` is the common denominator of the step probabilities (9), so all the
    entries are Python integers: exact, and much faster than ``Fraction``.
    """
    steps = step_chances()
    denominator = max(p.denominator for _, p in steps)
    weights = [(s, int(p * denominator)) for s, p in steps]
    pos = np.array([0] * N_CANAL, dtype=object)
    pos[JETTY] = 1
    waiting = np.array([[0] * len(BEND_LIST) for _ in range(N_CANAL)], dtype=object)
    dropped = np.array([0] * N_CANAL, dtype=object)
    masks = _passed_masks(pickup_on_departure)
    bend_arrival = np.array([q in BENDS for q in range(N_CANAL)])
    out = [(pos, waiting, dropped)]
    for _ in range(turns):
        new_pos = np.array([0] * N_CANAL, dtype=object)
        new_waiting = np.zeros_like(waiting)
        load = np.array([0] * N_CANAL, dtype=object)  # tourists aboard on arrival at q
        for s, w in weights:
            mask = masks[s]
            carried = np.where(mask, waiting, 0).sum(axis=1)
            kept = np.where(mask, 0, waiting)
            new_pos += np.roll(pos * w, s)
            new_waiting += np.roll(kept * w, s, axis=0)
            load += np.roll((carried + pos) * w, s)
        for b in BEND_LIST:
            new_waiting[b, _BEND_SLOT[b]] += load[b]
        dropped = dropped * denominator + np.where(bend_arrival, 0, load)
        pos, waiting = new_pos, new_waiting
        out.append((pos, waiting, dropped))
    return tuple(out)


def _history(turns: int, exact: bool, pickup_on_departure: bool) -> tuple:
    """(boat distribution, W, expected drops so far per canal tile) after ``turns`` turns."""
    scale = max(p.denominator for _, p in step_chances()) ** turns
    arrays = _scaled_history(turns, pickup_on_departure)[turns]
    if exact:
        convert = np.frompyfunc(lambda v: Fraction(v, scale), 1, 1)
        return tuple(convert(a).astype(object) for a in arrays)
    # Integer division rounds correctly, so the floats are the exact values rounded.
    return tuple(np.array([v / scale for v in a.flat]).reshape(a.shape) for a in arrays)


def _check_turns(turns: int) -> None:
    if turns < 0:
        raise ValueError(f"turns must be at least 0, got {turns}")


def expected_drops_by_canal_tile(
    turns: int, *, exact: bool = False, pickup_on_departure: bool = False
) -> np.ndarray:
    """Expected tourists the boat has dropped from each canal tile after ``turns`` turns.

    Returns
    -------
    numpy.ndarray
        Length 24 (canal index clockwise from the jetty); zero at the bends.
        ``Fraction`` objects with ``exact=True``, floats otherwise.
    """
    _check_turns(turns)
    return _history(turns, exact, pickup_on_departure)[2].copy()


def expected_tourists_per_tile(
    turns: int,
    *,
    exact: bool = False,
    include_start: bool = True,
    pickup_on_departure: bool = False,
) -> dict[Tile, float | Fraction]:
    """Expected tourists on each city tile after ``turns`` turns (boat only, no pawns).

    Parameters
    ----------
    turns : int
        Turns played (one tourist boards per turn; a game has at most 26).
    exact : bool
        ``Fraction`` values (exact) instead of floats (the same values rounded).
    include_start : bool
        Count the four tourists of the starting position.
    pickup_on_departure : bool
        The other reading of the quay rule (see the module docstring).

    Returns
    -------
    dict
        Building tile (and the Dam, always 0 here) -> expected tourists. Tourists
        still waiting on a quay are not on any tile: see
        :func:`expected_waiting_on_quays`.

    Examples
    --------
    >>> counts = expected_tourists_per_tile(26)
    >>> round(counts[(4, 4)], 3), round(counts[(3, 3)], 3)
    (1.0, 0.0)
    """
    drops = expected_drops_by_canal_tile(
        turns, exact=exact, pickup_on_departure=pickup_on_departure
    )
    zero = Fraction(0) if exact else 0.0
    counts: dict[Tile, float | Fraction] = dict.fromkeys(CITY_TILES, zero)
    for q, tile in enumerate(FACING):
        if tile is not None:
            counts[tile] += drops[q]
    if include_start:
        for tile in START_TOURIST_TILES:
            counts[tile] += 1
    return counts


def expected_waiting_on_quays(
    turns: int, *, exact: bool = False, pickup_on_departure: bool = False
) -> dict[int, float | Fraction]:
    """Expected tourists waiting on each quay (bend canal index -> value) after ``turns`` turns.

    Examples
    --------
    >>> expected_waiting_on_quays(1, exact=True)[3]
    Fraction(2, 9)
    """
    _check_turns(turns)
    waiting = _history(turns, exact, pickup_on_departure)[1]
    return {b: waiting[:, _BEND_SLOT[b]].sum() for b in BEND_LIST}


def tile_grid(values: dict[Tile, float | Fraction]) -> np.ndarray:
    """A 5 x 5 float array of per-tile values over rows and columns 1..5, NaN on the Dam."""
    grid = np.full((5, 5), np.nan)
    for (r, c), value in values.items():
        if (r, c) != DAM:
            grid[r - 1, c - 1] = float(value)
    return grid


# ----------------------------------------------------------- long-run rates
@functools.lru_cache(maxsize=4)
def quay_delivery_offsets(pickup_on_departure: bool = False) -> tuple[Fraction, ...]:
    """Where a tourist left on a quay is eventually dropped, exactly.

    Returns a tuple of 24 ``Fraction`` values: entry ``m`` is the chance that a
    tourist left on bend ``b`` (the boat standing there) is dropped on canal
    tile ``b + m``. Under the default rule it is the renewal *overshoot*: the
    boat passes ``b`` again by a move from ``b + 24 - j`` over it, and landing
    exactly on ``b`` again just starts over, so
    ``P(m) = sum_p u_p P(step = 24 + m - p) / (1 - u_24)``.

    Examples
    --------
    >>> [round(float(p), 4) for p in quay_delivery_offsets()[1:6]]
    [0.3332, 0.2963, 0.2223, 0.1112, 0.0371]
    """
    probs = step_fractions()
    offsets = [Fraction(0)] * N_CANAL
    if pickup_on_departure:
        # Picked up at once: a six lands in the next bend, where it all repeats.
        six = probs[6] if len(probs) > 6 else Fraction(0)
        cycle = 1 - six ** len(BEND_LIST)
        for k in range(len(BEND_LIST)):
            for s, p in step_chances():
                if s != 6:
                    offsets[(6 * k + s) % N_CANAL] += six**k * p / cycle
        return tuple(offsets)
    u = renewal_sequence(N_CANAL)
    restart = 1 - u[N_CANAL]
    for p in range(N_CANAL - 6, N_CANAL):
        for s, prob in step_chances():
            if p + s > N_CANAL:
                offsets[p + s - N_CANAL] += u[p] * prob / restart
    return tuple(offsets)


def delivery_rates(
    turns: int | None = None, *, exact: bool = False, pickup_on_departure: bool = False
) -> dict[Tile, float | Fraction]:
    """Expected tourists arriving on each tile per turn: in turn ``turns + 1``, or in the long run.

    Parameters
    ----------
    turns : int or None
        The rate in the turn after ``turns`` turns; None for the long run, where
        the boat is uniform on the canal and every quay tourist is delivered
        with the distribution of :func:`quay_delivery_offsets` (exact).

    Returns
    -------
    dict
        City tile -> expected arrivals per turn (the Dam gets 0). In the long
        run they sum to 1: nothing is lost.
    """
    zero = Fraction(0) if exact else 0.0
    if turns is not None:
        after = expected_tourists_per_tile(
            turns + 1, exact=exact, include_start=False, pickup_on_departure=pickup_on_departure
        )
        before = expected_tourists_per_tile(
            turns, exact=exact, include_start=False, pickup_on_departure=pickup_on_departure
        )
        return {t: after[t] - before[t] for t in CITY_TILES}
    share = Fraction(1, N_CANAL)
    per_canal = [Fraction(0) if q in BENDS else share for q in range(N_CANAL)]
    offsets = quay_delivery_offsets(pickup_on_departure)
    for b in BEND_LIST:
        for m, p in enumerate(offsets):
            per_canal[(b + m) % N_CANAL] += share * p
    rates: dict[Tile, float | Fraction] = dict.fromkeys(CITY_TILES, zero)
    for q, tile in enumerate(FACING):
        if tile is not None:
            rates[tile] += per_canal[q] if exact else float(per_canal[q])
    return rates


@functools.lru_cache(maxsize=1)
def _next_drop_from() -> np.ndarray:
    """24 x 24 Fraction array: row p = distribution of the next non-bend stop from tile p."""
    steps = step_chances()
    six = dict(steps).get(6, Fraction(0))
    direct = np.array([[Fraction(0)] * N_CANAL for _ in range(N_CANAL)], dtype=object)
    for p in range(N_CANAL):
        for s, prob in steps:
            q = (p + s) % N_CANAL
            if q not in BENDS:
                direct[p, q] += prob
    # From a bend only a six reaches a bend (the next one): a geometric cycle.
    result = direct.copy()
    cycle = 1 - six ** len(BEND_LIST)
    for b in BEND_LIST:
        row = np.array([Fraction(0)] * N_CANAL, dtype=object)
        for k in range(len(BEND_LIST)):
            row += direct[(b + 6 * k) % N_CANAL] * six**k
        result[b] = row / cycle
    for p in range(N_CANAL):
        if p in BENDS:
            continue
        for s, prob in steps:
            q = (p + s) % N_CANAL
            if q in BENDS:
                result[p] += result[q] * prob
    return result


def landing_probabilities(
    turns: int | None = None, *, exact: bool = False
) -> dict[Tile, float | Fraction]:
    """The chance that the boat's next drop lands on each tile.

    The next drop is the boat's next stop beside a building tile (a stop in a
    bend is skipped: nobody lands then). After ``turns`` turns from the jetty
    the boat's position is known in distribution; None gives the long run,
    with the boat uniform on the canal. The chance does not depend on the
    quay rule; how *many* tourists land does (see :func:`delivery_rates`).

    Returns
    -------
    dict
        City tile -> probability (exact ``Fraction`` with ``exact=True``); the
        eight tiles off the canal and the Dam get 0; the values sum to 1.

    Examples
    --------
    >>> landing_probabilities(exact=True)[(1, 1)]
    Fraction(3, 32)
    """
    if turns is None:
        pos = np.array([Fraction(1, N_CANAL)] * N_CANAL, dtype=object)
    else:
        _check_turns(turns)
        pos = _history(turns, True, False)[0]
    nxt = pos @ _next_drop_from()
    probs: dict[Tile, float | Fraction] = dict.fromkeys(CITY_TILES, Fraction(0))
    for q, tile in enumerate(FACING):
        if tile is not None:
            probs[tile] += nxt[q]
    if not exact:
        probs = {t: float(v) for t, v in probs.items()}
    return probs


# --------------------------------------------------------------- site values
def site_grid(per_tile: dict[Tile, float | Fraction], exact: bool = False) -> np.ndarray:
    """Sum per-tile values over the four tiles around each intersection: a 6 x 6 array.

    Entry ``[i - 1, j - 1]`` belongs to intersection ``(i, j)``; canal tiles count 0.
    """
    grid = np.empty((6, 6), dtype=object if exact else float)
    for i, j in INTERSECTIONS:
        total = sum((per_tile.get(t, 0) for t in tiles_around((i, j))), Fraction(0))
        grid[i - 1, j - 1] = total if exact else float(total)
    return grid


def site_values(
    turns: int,
    *,
    exact: bool = False,
    include_start: bool = True,
    pickup_on_departure: bool = False,
) -> np.ndarray:
    """Expected tourists around each intersection after ``turns`` turns (boat only).

    A hotel on intersection ``(i, j)`` scores the tourists on its four tiles;
    this is their expected number under the exact boat model (no pawns).

    Returns
    -------
    numpy.ndarray
        6 x 6, entry ``[i - 1, j - 1]`` for intersection ``(i, j)``;
        ``Fraction`` objects with ``exact=True``, floats otherwise.

    Examples
    --------
    >>> values = site_values(0, exact=True)
    >>> values[2, 2], values[0, 0]
    (Fraction(1, 1), Fraction(0, 1))
    """
    per_tile = expected_tourists_per_tile(
        turns, exact=exact, include_start=include_start, pickup_on_departure=pickup_on_departure
    )
    return site_grid(per_tile, exact=exact)


def best_sites(values: np.ndarray, k: int = 5) -> list[tuple[Intersection, float]]:
    """The ``k`` intersections with the largest values in a 6 x 6 site array, best first.

    Ties are broken by intersection order (row-major), so the list is reproducible.
    """
    ranked = sorted(INTERSECTIONS, key=lambda ij: (-float(values[ij[0] - 1, ij[1] - 1]), ij))
    return [(ij, float(values[ij[0] - 1, ij[1] - 1])) for ij in ranked[:k]]


# ------------------------------------------------------- boat Monte Carlo
@dataclasses.dataclass(frozen=True)
class TileEstimate:
    """Seeded Monte Carlo estimate of tourists per city tile, with 95% bands.

    Attributes
    ----------
    tiles : tuple
        The city tiles (:data:`CITY_TILES` order).
    samples : numpy.ndarray
        ``games x len(tiles)`` integer counts, one row per simulated game.
    """

    tiles: tuple[Tile, ...]
    samples: np.ndarray
    ended_early: int = 0
    """Engine simulations: games that ended before the turn asked for (their final counts)."""

    @property
    def games(self) -> int:
        return int(self.samples.shape[0])

    @property
    def mean(self) -> np.ndarray:
        return self.samples.mean(axis=0)

    @property
    def std_error(self) -> np.ndarray:
        return self.samples.std(axis=0, ddof=1) / np.sqrt(self.games)

    @property
    def low(self) -> np.ndarray:
        return self.mean - 1.96 * self.std_error

    @property
    def high(self) -> np.ndarray:
        return self.mean + 1.96 * self.std_error

    def as_dict(self) -> dict[Tile, tuple[float, float, float]]:
        """Tile -> (mean, low, high)."""
        return {
            t: (float(m), float(lo), float(hi))
            for t, m, lo, hi in zip(self.tiles, self.mean, self.low, self.high, strict=True)
        }

    def site_samples(self) -> np.ndarray:
        """``games x 6 x 6``: per game, the tourists around each intersection."""
        out = np.zeros((self.games, 6, 6))
        slot = {t: i for i, t in enumerate(self.tiles)}
        for i, j in INTERSECTIONS:
            cols = [slot[t] for t in tiles_around((i, j)) if t in slot]
            out[:, i - 1, j - 1] = self.samples[:, cols].sum(axis=1)
        return out

    def site_band(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """6 x 6 arrays (mean, low, high) of the tourists around each intersection."""
        sites = self.site_samples()
        mean = sites.mean(axis=0)
        half = 1.96 * sites.std(axis=0, ddof=1) / np.sqrt(self.games)
        return mean, mean - half, mean + half


def simulate_boat_deliveries(
    turns: int,
    games: int,
    seed: int | np.random.SeedSequence | None = 0,
    *,
    include_start: bool = True,
    pickup_on_departure: bool = False,
) -> TileEstimate:
    """Monte Carlo of the boat alone (no pawns), all games at once with numpy.

    It follows the same model as :func:`expected_tourists_per_tile` but draws
    the dice, so its bands should cover the exact values about 95% of the time.

    Returns
    -------
    TileEstimate
        Per-game tourists on each city tile after ``turns`` turns.
    """
    _check_turns(turns)
    if games < 2:
        raise ValueError(f"a confidence band needs at least 2 games, got {games}")
    rng = np.random.default_rng(seed)
    steps = np.array([s for s, _ in step_chances()])
    weights = np.array([float(p) for _, p in step_chances()])
    masks = _passed_masks(pickup_on_departure)
    mask_by_step = np.zeros((steps.max() + 1, N_CANAL, len(BEND_LIST)), dtype=bool)
    for s in steps:
        mask_by_step[s] = masks[int(s)]
    facing_slot = np.array([-1 if t is None else _TILE_SLOT[t] for t in FACING])
    bend_slot = np.array([_BEND_SLOT.get(q, -1) for q in range(N_CANAL)])
    counts = np.zeros((games, len(CITY_TILES)), dtype=np.int64)
    waiting = np.zeros((games, len(BEND_LIST)), dtype=np.int64)
    pos = np.full(games, JETTY)
    rows = np.arange(games)
    for _ in range(turns):
        step = rng.choice(steps, size=games, p=weights)
        picked = mask_by_step[step, pos]  # games x 4
        load = 1 + (waiting * picked).sum(axis=1)
        waiting[picked] = 0
        pos = (pos + step) % N_CANAL
        at_bend = bend_slot[pos] >= 0
        waiting[rows[at_bend], bend_slot[pos[at_bend]]] += load[at_bend]
        drop = ~at_bend
        np.add.at(counts, (rows[drop], facing_slot[pos[drop]]), load[drop])
    if include_start:
        for tile in START_TOURIST_TILES:
            counts[:, _TILE_SLOT[tile]] += 1
    return TileEstimate(CITY_TILES, counts)
