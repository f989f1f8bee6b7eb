"""The key exact numbers of the analysis as Markdown tables (docs/grand_austria.md, Analysis).

``python -m hoteledu.grand_austria.analysis.report`` prints them; a test checks
that the docs hold exactly this text, so the numbers there are the code's.
"""

from __future__ import annotations

from fractions import Fraction

from hoteledu.grand_austria.analysis.emperor import (
    SCORINGS,
    best_emperor_plan,
    evaluate_plan,
    minimal_plan,
)
from hoteledu.grand_austria.analysis.guests import implied_item_prices
from hoteledu.grand_austria.analysis.staff import (
    expected_route_cost,
    once_per_round_cards,
    staff_value_by_round,
)
from hoteledu.grand_austria.analysis.strength import (
    draft_strengths,
    expected_max_count,
    expected_wild_strength,
    max_count_distribution,
    stopping_value,
)
from hoteledu.grand_austria.hotel import DICE_BY_PLAYERS


def _f(value: Fraction | float, digits: int = 3) -> str:
    return f"{float(value):.{digits}f}"


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def _table(header: list[str], rows: list[list[str]]) -> list[str]:
    return [_row(header), _row(["---"] * len(header)), *(_row(r) for r in rows)]


def analysis_markdown() -> str:
    """The tables of the docs' Analysis section, computed now."""
    lines: list[str] = ["**Strength of one roll** (n dice, all six spaces):", ""]
    rows = []
    for players, n in sorted(DICE_BY_PLAYERS.items()):
        at_least = max_count_distribution(n)
        rows.append(
            [
                str(players),
                str(n),
                _f(Fraction(n, 6)),
                _f(expected_wild_strength(n)),
                _f(expected_max_count(n)),
                _f(sum(at_least[4:])),
                _f(sum(at_least[5:])),
            ]
        )
    lines += _table(
        [
            "players",
            "dice n",
            "E[K_a] = n/6",
            "E[max(K_a, K_6)]",
            "E[M]",
            "P(M >= 4)",
            "P(M >= 5)",
        ],
        rows,
    )
    lines += ["", "**The greedy draft**, expected strength of each pick (seat in brackets):", ""]
    rows = []
    for players in sorted(DICE_BY_PLAYERS):
        greedy = draft_strengths(players)
        uniform = draft_strengths(players, "uniform")
        picks = ", ".join(
            f"{_f(v, 2)} ({greedy.seat_label(s)})"
            for v, s in zip(greedy.by_pick, greedy.order, strict=True)
        )
        seats = ", ".join(_f(v, 2) for v in greedy.by_seat)
        rows.append([str(players), picks, seats, ", ".join(_f(v, 2) for v in uniform.by_seat)])
    lines += _table(
        ["players", "greedy, by pick", "greedy, per seat P1..", "uniform, per seat P1.."], rows
    )
    lines += ["", "**Take now or pass** (alone, one action left, m dice on the board):", ""]
    best = stopping_value(14)
    wanted = stopping_value(14, wanted=1)
    rows = [
        [
            str(m),
            _f(best.take_now[m]),
            _f(best.values[m]),
            str(best.thresholds[m]),
            _f(wanted.take_now[m]),
            _f(wanted.values[m]),
            str(wanted.thresholds[m]),
        ]
        for m in range(1, 15)
    ]
    lines += _table(
        [
            "m",
            "E[M_m]",
            "V(m), any action",
            "take if M >=",
            "E[max(K_a, K_6)]",
            "V(m), action a",
            "take if >=",
        ],
        rows,
    )
    lines += ["", "**Staff**: expected krones paid for a card (space 5 / cheaper of 5 and 6):", ""]
    rows = []
    for cost in range(1, 7):
        cells = [str(cost)]
        for n in sorted(DICE_BY_PLAYERS.values()):
            cells.append(
                f"{_f(expected_route_cost(cost, n), 2)} / "
                f"{_f(expected_route_cost(cost, n, 'best'), 2)}"
            )
        rows.append(cells)
    lines += _table(["cost", *(f"{n} dice" for n in sorted(DICE_BY_PLAYERS.values()))], rows)
    lines += [
        "",
        "Once-per-round cards, net VP by hiring round (12 dice, space 5), an item worth 1 VP"
        " (left in the kitchen) or its guest-implied price (below):",
        "",
    ]
    fit = implied_item_prices()
    prices = dict(zip(fit.items, fit.prices, strict=True))
    rows = []
    for card in once_per_round_cards():
        for implied, item_values in ((False, None), (True, prices)):
            value = staff_value_by_round(card, dice=12, item_values=item_values)
            per_use = f"{_f(value.value_per_use, 2)} VP a use" + (" (implied)" if implied else "")
            name = f"{value.name} ({value.cost}), {per_use}"
            rows.append([name, *(_f(v, 2) for v in value.net)])
    lines += _table(["card (cost), value of a use", *(f"round {r}" for r in range(1, 8))], rows)
    lines += emperor_lines()
    krones = implied_item_prices(count_krones=True)
    lines += ["", "**Guests**: implied VP of one item (least squares over the 56 guests):", ""]
    lines += _table(
        ["value", *fit.items, "R²"],
        [
            ["VP", *(_f(p, 2) for p in fit.prices), _f(fit.r_squared, 2)],
            ["VP + reward krones", *(_f(p, 2) for p in krones.prices), _f(krones.r_squared, 2)],
        ],
    )
    return "\n".join(lines) + "\n"


EMPEROR_EXAMPLE = ((3, 5, 8), (3, 5, 8))
"""Bonus and penalty (VP) of tiles A1, B2, C1: one of each letter, paid in krones or VP."""


def emperor_lines() -> list[str]:
    """The emperor table: thresholds of each scoring, then plans at tiles A1, B2, C1."""
    lines = ["", "**Emperor track** (a threshold game): the space needed before each scoring:", ""]
    lines += _table(
        ["round", "moves back", "no penalty from space", "bonus from space"],
        [
            [str(s.round), str(s.step_back), str(s.avoid_penalty), str(s.bonus_space)]
            for s in SCORINGS
        ],
    )
    bonus, penalty = EMPEROR_EXAMPLE
    plans = [
        ("never climb", evaluate_plan((0, 0, 0), bonus, penalty)),
        ("just escape each penalty", evaluate_plan(minimal_plan("nothing"), bonus, penalty)),
        ("just reach each bonus", evaluate_plan(minimal_plan("bonus"), bonus, penalty)),
        ("best, at most 6 steps a period", best_emperor_plan(bonus, penalty, max_steps=6)),
        ("best, any steps", best_emperor_plan(bonus, penalty)),
    ]
    lines += [
        "",
        "Plans with tiles A1, B2, C1 (bonus and penalty 3, 5, 8 VP), a step costing 1 krone:",
        "",
    ]
    rows = [
        [
            name,
            ", ".join(map(str, plan.targets)),
            ", ".join(map(str, plan.steps)),
            str(plan.track_vp),
            str(sum(plan.tile_vp)),
            str(plan.cost),
            str(plan.net),
        ]
        for name, plan in plans
    ]
    lines += _table(
        ["plan", "spaces before", "steps climbed", "track VP", "tile VP", "cost", "net VP"], rows
    )
    return lines


if __name__ == "__main__":
    print(analysis_markdown(), end="")
