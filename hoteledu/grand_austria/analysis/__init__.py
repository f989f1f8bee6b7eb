"""Grand Austria Hotel analysed: exact dice maths first, seeded simulations beside them.

* :mod:`.strength`: the strongest space ``M = max(K_1..K_6)``, one wanted
  action with the wild space ``max(K_a, K_6)``, the expected strength of each
  pick of a round's draft (greedy or uniform), and take-now-or-pass
  (optimal stopping of the reroll).
* :mod:`.staff`: staff cards as investments: the krones paid with the dice,
  and what a once-per-round card returns by the round it is hired.
* :mod:`.board`: one action board: a space's binomial count, empty spaces,
  every space covered (inclusion-exclusion), what passing leaves a rival.
* :mod:`.emperor`: the emperor track as a threshold game: the spaces that
  escape the penalty or earn the bonus at each scoring, and the best plan of
  steps over the three scorings (backward induction).
* :mod:`.guests`: the least-squares implied price of each dish and drink from
  the guests' VP, with its standard error.
* :mod:`.intervals`: the 95% intervals (t, Wilson, paired under common random
  numbers) that the lessons print beside every simulated number.

Everything is importable from here, e.g.
``from hoteledu.grand_austria.analysis import max_count_distribution``.
``import hoteledu`` does not import this package, and it never imports the
rules engine.
"""

from __future__ import annotations

from hoteledu.grand_austria.analysis.board import (
    PassAgainstRival,
    RivalBoard,
    all_covered_probability,
    empty_spaces_distribution,
    expected_empty_spaces,
    game_totals,
    pass_against_rival,
    rival_after_reroll,
    rival_board,
    seat_totals,
    simulate_pass_against_rival,
    space_count_distribution,
)
from hoteledu.grand_austria.analysis.emperor import (
    SCORINGS,
    EmperorPlan,
    best_emperor_plan,
    evaluate_plan,
    minimal_plan,
    scoring_payoff,
    tile_values,
)
from hoteledu.grand_austria.analysis.guests import (
    GuestPrices,
    bootstrap_prices,
    guest_orders,
    implied_item_prices,
)
from hoteledu.grand_austria.analysis.intervals import (
    bracket,
    frequency_interval,
    paired_interval,
    t_interval,
    variance_interval,
)
from hoteledu.grand_austria.analysis.staff import (
    ROUTES,
    StaffValue,
    expected_hiring_cost,
    expected_route_cost,
    hiring_cost_distribution,
    once_per_round_cards,
    route_cost_distribution,
    route_saving,
    sample_hiring_costs,
    sample_route_savings,
    staff_cost_table,
    staff_value_by_round,
    value_per_use,
)
from hoteledu.grand_austria.analysis.strength import (
    POLICIES,
    DraftStrengths,
    StoppingValue,
    draft_strengths,
    expected_max_count,
    expected_wild_strength,
    max_count_distribution,
    mean,
    pick_order,
    sample_max_counts,
    sample_rolls,
    sample_wild_strengths,
    simulate_draft,
    simulate_stopping,
    sorted_roll_outcomes,
    stopping_value,
    strength_distribution,
    wild_strength_distribution,
)

__all__ = [
    "POLICIES",
    "ROUTES",
    "SCORINGS",
    "DraftStrengths",
    "EmperorPlan",
    "GuestPrices",
    "PassAgainstRival",
    "RivalBoard",
    "StaffValue",
    "StoppingValue",
    "all_covered_probability",
    "best_emperor_plan",
    "bootstrap_prices",
    "bracket",
    "draft_strengths",
    "empty_spaces_distribution",
    "evaluate_plan",
    "expected_empty_spaces",
    "expected_hiring_cost",
    "expected_max_count",
    "expected_route_cost",
    "expected_wild_strength",
    "frequency_interval",
    "game_totals",
    "guest_orders",
    "hiring_cost_distribution",
    "implied_item_prices",
    "max_count_distribution",
    "mean",
    "minimal_plan",
    "once_per_round_cards",
    "paired_interval",
    "pass_against_rival",
    "pick_order",
    "rival_after_reroll",
    "rival_board",
    "route_cost_distribution",
    "route_saving",
    "sample_hiring_costs",
    "sample_max_counts",
    "sample_rolls",
    "sample_route_savings",
    "sample_wild_strengths",
    "scoring_payoff",
    "seat_totals",
    "simulate_draft",
    "simulate_pass_against_rival",
    "simulate_stopping",
    "sorted_roll_outcomes",
    "space_count_distribution",
    "staff_cost_table",
    "staff_value_by_round",
    "stopping_value",
    "strength_distribution",
    "t_interval",
    "tile_values",
    "value_per_use",
    "variance_interval",
    "wild_strength_distribution",
]
