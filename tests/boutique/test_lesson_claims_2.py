"""Claims of lesson boutique/02_price_war checked independently of the lesson's own cells."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from hoteledu.boutique.analysis.equilibria import pure_equilibria, reply_margins
from hoteledu.boutique.analysis.games import bertrand_game, pricing_game
from hoteledu.boutique.analysis.week_reference import load_week_reference
from hoteledu.boutique.cards import standard_deck

PRICES = (1, 2, 3, 4, 5, 6)


def one_booking_by_hand(mine: int, rival: int, tie_bid: int = 0) -> Fraction:
    """P1's expected money from its first booking turn, flat prices, breakfast 100.

    With flat prices the check-in day does not matter, all three rooms are free,
    the cheaper quote wins, and a tie (equal stars, equal bids) serves both hotels.
    """
    deck = standard_deck().cards
    total = Fraction(0)
    for card in deck:
        nights = card.room_nights
        quote = 100 * (mine * nights + (nights if card.breakfast else 0))
        rival_quote = 100 * (rival * nights + (nights if card.breakfast else 0))
        if quote < rival_quote:
            total += quote
        elif quote == rival_quote:
            total += quote - tie_bid
    return total / len(deck)


@pytest.mark.parametrize("tie_bid", [0, 100])
def test_one_booking_matrix_is_the_cheaper_quote_by_hand(tie_bid: int) -> None:
    game = pricing_game("booking", prices=PRICES, tie_bid=tie_bid)
    for i, j in itertools.product(range(6), repeat=2):
        assert game.payoffs[0][i, j] == pytest.approx(
            float(one_booking_by_hand(PRICES[i], PRICES[j], tie_bid)), abs=1e-9
        )


def test_mean_room_nights_and_the_cost_of_undercutting() -> None:
    deck = standard_deck().cards
    assert len(deck) == 28
    assert sum(c.room_nights for c in deck) == 86  # E[N] = 86/28
    assert Fraction(sum(c.room_nights for c in deck if c.breakfast), 28) == Fraction(3, 2)
    # Undercutting a matched price by one step gives up 100 E[N] = 307.1 on average.
    for p in PRICES[1:]:
        loss = one_booking_by_hand(p, p) - one_booking_by_hand(p - 1, p)
        assert round(float(loss), 1) == 307.1


def test_matched_prices_are_the_one_booking_equilibria_and_600_pays_most() -> None:
    game = pricing_game("booking", prices=PRICES)
    assert pure_equilibria(game) == [(k, k) for k in range(6)]
    diagonal = [game.payoffs[0][k, k] for k in range(6)]
    assert diagonal == sorted(diagonal)  # (600, 600) is best for both


def test_bertrand_equilibria_are_matched_prices_from_cost_to_cost_plus_2() -> None:
    for cost in (0, 1, 2, 3):

        def payoff(p: int, q: int, cost: int = cost) -> float:
            return (p - cost) * (1.0 if p < q else 0.5 if p == q else 0.0)

        by_hand = [
            (p, q)
            for p, q in itertools.product(PRICES, repeat=2)
            if payoff(p, q) >= max(payoff(r, q) for r in PRICES)
            and payoff(q, p) >= max(payoff(r, p) for r in PRICES)
        ]
        assert by_hand == [(p, p) for p in PRICES if cost <= p <= cost + 2]
        library = [(PRICES[i], PRICES[j]) for i, j in pure_equilibria(bertrand_game(PRICES, cost))]
        assert library == by_hand


# ---------------------------------------------- issue 19, correction 5 and item 9
LESSON_2 = (
    Path(__file__).resolve().parents[2] / "notebooks" / ".src" / "boutique" / "02_price_war.py"
)
GRID = (2, 3, 4, 5, 6)


def lesson_text() -> str:
    return " ".join(LESSON_2.read_text(encoding="utf-8").replace("\n# ", " ").split())


def paired(draws: np.ndarray, first: int, second: int, column: int) -> tuple[float, float]:
    """P1's money difference at (first, column) minus at (second, column), deal by deal."""
    gap = draws[:, :, :, 0] - draws[:, :, :, 1]
    d = gap[:, first, column] - gap[:, second, column]
    return float(d.mean()), float(d.std(ddof=1) / np.sqrt(len(d)))


def test_best_reply_to_400_is_not_separated_from_its_runner_up_in_60_deals() -> None:
    week = pricing_game("week", prices=GRID, samples=60, seed=2026, symmetric=True)
    diff = week.payoffs[0] - week.payoffs[1]
    order = np.argsort(-diff[:, 2], kind="stable")
    best, runner_up = int(order[0]), int(order[1])
    assert (GRID[best], GRID[runner_up]) == (3, 6)  # against 400: 300, then 600
    gap, error = paired(week.draws, best, runner_up, 2)
    assert 0.5 < gap / error < 1.0  # about 0.8 standard errors: not separated
    # Against matching the same reply looks safe: the wrong comparison.
    to_match, match_error = paired(week.draws, best, 2, 2)
    assert to_match / match_error > 2
    # The paired error counts the correlation of the two replies over the deals: here it
    # is negative, so the paired error exceeds the independent guess, as the lesson says.
    margins = reply_margins(week.with_objective("difference"))
    assert (margins[2].best, margins[2].runner_up) == (best, runner_up)
    assert margins[2].gap == pytest.approx(gap) and margins[2].error == pytest.approx(error)
    se = week.with_objective("difference").standard_errors[0]
    assert error > np.hypot(se[best, 2], se[runner_up, 2])
    per_deal = week.draws[..., 0] - week.draws[..., 1]
    assert np.corrcoef(per_deal[:, best, 2], per_deal[:, runner_up, 2])[0, 1] < 0
    # The other links of the cycle are 3 to 26 standard errors wide, as the lesson says.
    others = sorted(round(m.z) for m in margins if m.column != 2)
    assert others[0] == 3 and others[-1] == 26


def test_the_cycle_holds_with_the_stored_4000_deals() -> None:
    reference = load_week_reference()
    assert reference.deals == 4000
    keep = [reference.prices.index(f) for f in GRID]
    diff = reference.payoff("difference")[np.ix_(keep, keep)]
    reply = {j: int(np.argmax(diff[:, j])) for j in range(5)}
    assert [GRID[reply[j]] for j in range(5)] == [6, 6, 3, 4, 5]
    walk, at = [], 4
    while at not in walk:
        walk.append(at)
        at = reply[at]
    assert [GRID[k] for k in walk] == [6, 5, 4, 3]  # 600 -> 500 -> 400 -> 300 -> 600
    for m in reference.reply_margins("difference", GRID):
        assert m.best == reply[m.column] and m.z > 5


def test_lesson_2_tests_the_best_reply_against_its_runner_up() -> None:
    text = lesson_text()
    assert "so the cycle is not sampling noise" not in text
    assert "over matching ({gain / error" not in LESSON_2.read_text(encoding="utf-8")
    assert "runner-up" in text and "common random numbers" in text
    assert "by less than one standard error" in text


def test_lesson_2_says_profit_is_booking_income_before_wages() -> None:
    text = lesson_text()
    assert "**booking income**" in text and "*before wages*" in text


def test_lesson_2_translates_the_rulebook_quote() -> None:
    text = lesson_text()
    assert "Bei anhaltendem Gleichstand" in text
    assert 'in English "if the tie persists, all the players involved get guests"' in text
