"""Claims of lesson boutique/02_price_war checked independently of the lesson's own cells."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from hoteledu.boutique.analysis.equilibria import pure_equilibria
from hoteledu.boutique.analysis.games import bertrand_game, pricing_game
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
