"""Claims of lesson boutique/04_marketing_bid checked independently of the lesson's cells."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from hoteledu.boutique.analysis.auction import (
    bid_position,
    continuous_expected_bid,
    engine_bid_game,
)
from hoteledu.boutique.bots import BOTS
from hoteledu.boutique.widgets.bid_widget import BidDuelController


def capped_equilibrium_cdf(prize: float, cap: float):
    """The lesson's continuous equilibrium with a cap m in [V/2, V): density 1/V, gap, atom."""
    top = 2 * cap - prize
    atom = 2 * (1 - cap / prize)

    def cdf(x: float) -> float:
        if x >= cap:
            return 1.0
        return min(max(x, 0.0), top) / prize

    return cdf, top, atom


@pytest.mark.parametrize("cap", [200, 250, 300, 350])
def test_capped_continuous_equilibrium_is_indifferent_and_dissipates_fully(cap: int) -> None:
    prize = 400.0
    cdf, top, atom = capped_equilibrium_cdf(prize, cap)
    assert cdf(top) + atom == pytest.approx(1.0)  # a distribution
    # Every bid in [0, 2m - V] earns V F(x) - x = 0 against it; the gap earns less.
    for x in np.linspace(0, top, 11):
        assert prize * cdf(x) - x == pytest.approx(0.0, abs=1e-9)
    for x in np.linspace(top + 1, cap - 1, 5):
        assert prize * cdf(x) - x < 0
    # The cap: win outright when the rival is below, split the prize on a tie.
    assert prize * (1 - atom) + prize / 2 * atom - cap == pytest.approx(0.0, abs=1e-9)
    # The expected bid, by sampling from the distribution: V/2 (full dissipation).
    rng = np.random.default_rng(4)
    draws = np.where(rng.random(400_000) < atom, cap, rng.uniform(0, max(top, 1e-12), 400_000))
    assert draws.mean() == pytest.approx(prize / 2, abs=1.5)
    assert continuous_expected_bid(prize, cap) == pytest.approx(prize / 2)


def test_cap_below_half_the_prize_spends_half() -> None:
    assert 2 * continuous_expected_bid(400, 100) / 400 == pytest.approx(0.5)


def test_game_rule_every_equal_bid_up_to_the_prize_is_a_pure_equilibrium() -> None:
    game = engine_bid_game(bid_position())
    rows, cols = np.array(game.row_payoffs, float), np.array(game.col_payoffs, float)
    pure = [
        (game.row_bids[i], game.col_bids[j])
        for i, j in itertools.product(range(len(game.row_bids)), range(len(game.col_bids)))
        if rows[i, j] >= rows[:, j].max() and cols[i, j] >= cols[i, :].max()
    ]
    assert pure == [(b, b) for b in (0, 100, 200, 300, 400)]
    assert rows[0, 0] == cols[0, 0] == 400  # two blank cards: both paid in full


def test_against_the_textbook_rival_bids_0_to_300_earn_the_same_by_hand() -> None:
    """Rival uniform on 0..300: a bid 100k wins or ties with chance (k+1)/4, pays 100k."""
    duel = BidDuelController(face=2, money=500, rival="textbook", seed=7)
    assert [float(p) for p in duel.rival_mix] == [0.25, 0.25, 0.25, 0.25, 0.0, 0.0]
    by_hand = [400 * (k + 1) / 4 - 100 * k for k in range(4)] + [400 - 400, 0 - 100]
    game = engine_bid_game(bid_position())  # the engine's own payoffs, ties all win
    engine = np.array(game.row_payoffs, float) @ np.array(duel.rival_mix, float)
    assert engine.tolist() == pytest.approx(by_hand)
    assert by_hand[:4] == [100] * 4
    assert duel.best_reply() == 0


def test_bots_tie_bids_as_lesson_4_states() -> None:
    """The blank card for every bot but the undercutter, which bids 100."""
    assert {name: bot.bid_amount for name, bot in BOTS.items()} == {
        "undercutter": 100,
        "premium": 0,
        "peakload": 0,
        "staffer": 0,
    }
