"""Hotel Amsterdam analysed: exact results first, seeded simulations beside them.

* :mod:`.boat`: the canal boat as a Markov chain (distributions, convergence,
  spectrum) and the renewal view (chance of stopping on a tile: 1/4).
* :mod:`.tourists`: where the boat's tourists land (exact expectations with
  the quay rule), landing chances, the value of a hotel site, and a Monte
  Carlo of the boat alone.
* :mod:`.city`: the pawns' walks (powers of the adjacency matrix), where a
  pawn can end, and the centrality of intersections.
* :mod:`.engine`: seeded simulations with the rules engine: tourists per tile
  with 95% bands, tourist flows for a Sankey, concentration, load balancing.

Everything a lesson needs is importable from here, e.g.
``from hoteledu.amsterdam.analysis import boat_position_distribution``.
The engine module is imported lazily (it loads the rules).
"""

from __future__ import annotations

from typing import Any

from hoteledu.amsterdam.analysis.boat import (
    boat_distribution_steps,
    boat_eigenvalues,
    boat_eigenvalues_closed_form,
    boat_position_distribution,
    boat_step_distribution,
    boat_transition_matrix,
    mean_step,
    mixing_turn,
    renewal_decay_rate,
    renewal_limit,
    renewal_sequence,
    renewal_settling_point,
    second_eigenvalue_modulus,
    spectral_gap,
    stationary_distribution,
    stop_probability_by_lap,
    total_variation_bound,
    total_variation_curve,
    total_variation_to_uniform,
)
from hoteledu.amsterdam.analysis.city import (
    adjacency_matrix,
    centrality,
    centrality_gain,
    pawn_destination_distribution,
    pawn_destinations,
    walk_counts,
)
from hoteledu.amsterdam.analysis.tourists import (
    CITY_TILES,
    TileEstimate,
    best_sites,
    delivery_rates,
    expected_drops_by_canal_tile,
    expected_tourists_per_tile,
    expected_waiting_on_quays,
    landing_probabilities,
    quay_delivery_offsets,
    simulate_boat_deliveries,
    site_grid,
    site_values,
    tile_grid,
)

_ENGINE_NAMES = (
    "BoatOnlyAgent",
    "Flows",
    "TouristMove",
    "concentration",
    "entropy_bits",
    "gini",
    "load_balancing",
    "play_games",
    "replay_counts_and_moves",
    "simulate_site_values",
    "simulate_tourists_per_tile",
    "site_dict",
    "tourist_flows",
)


def __getattr__(name: str) -> Any:
    # The engine simulations import the rules; load them only when asked for.
    if name in _ENGINE_NAMES:
        from hoteledu.amsterdam.analysis import engine

        return getattr(engine, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "CITY_TILES",
    "TileEstimate",
    "adjacency_matrix",
    "best_sites",
    "boat_distribution_steps",
    "boat_eigenvalues",
    "boat_eigenvalues_closed_form",
    "boat_position_distribution",
    "boat_step_distribution",
    "boat_transition_matrix",
    "centrality",
    "centrality_gain",
    "delivery_rates",
    "expected_drops_by_canal_tile",
    "expected_tourists_per_tile",
    "expected_waiting_on_quays",
    "landing_probabilities",
    "mean_step",
    "mixing_turn",
    "pawn_destination_distribution",
    "pawn_destinations",
    "quay_delivery_offsets",
    "renewal_decay_rate",
    "renewal_limit",
    "renewal_sequence",
    "renewal_settling_point",
    "second_eigenvalue_modulus",
    "simulate_boat_deliveries",
    "site_grid",
    "site_values",
    "spectral_gap",
    "stationary_distribution",
    "stop_probability_by_lap",
    "tile_grid",
    "total_variation_bound",
    "total_variation_curve",
    "total_variation_to_uniform",
    "walk_counts",
    *_ENGINE_NAMES,
]
