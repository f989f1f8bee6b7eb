"""Claims of lesson boutique/04_marketing_bid checked independently of the lesson's cells."""

from __future__ import annotations

import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from hoteledu.boutique.analysis.auction import (
    all_pay_game,
    bid_position,
    continuous_expected_bid,
    engine_bid_game,
    equilibria,
    parity_mixes,
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


LESSON_4 = (
    Path(__file__).resolve().parents[2] / "notebooks" / ".src" / "boutique" / "04_marketing_bid.py"
)


def by_hand_payoffs(prize: int, mix: dict[int, Fraction]) -> dict[int, Fraction]:
    """Each bid 0..V against ``mix`` (ties split), summed by hand over the rival's bids."""
    return {
        a: sum(
            (
                q * (prize * (1 if a > b else Fraction(1, 2) if a == b else 0) - a)
                for b, q in mix.items()
            ),
            Fraction(0),
        )
        for a in range(0, prize + 1, 100)
    }


@pytest.mark.parametrize("prize", [200, 400, 600, 800, 1000])
def test_even_steps_have_an_equilibrium_with_full_dissipation(prize: int) -> None:
    """Issue 19, correction 1: 'full dissipation fails by one step' is false for even k."""
    steps = prize // 100
    for parity, keeps in ((1, 0), (0, 100)):
        mix = {b: Fraction(2, steps) for b in range(parity * 100, prize, 200)}
        earned = by_hand_payoffs(prize, mix)
        value = sum(q * earned[b] for b, q in mix.items())
        assert max(earned.values()) == value == keeps  # an equilibrium; each keeps 0 or a step
        dissipation = 2 * sum(q * b for b, q in mix.items()) / prize
        assert dissipation == (1 if parity else Fraction(steps - 2, steps))
        found = parity_mixes(prize)["odd" if parity else "even"]
        assert found.row == tuple(mix.get(b, Fraction(0)) for b in range(0, prize + 1, 100))
        assert found.dissipation == dissipation


def test_dissipation_over_the_equilibria_at_400_runs_from_half_to_one() -> None:
    found = equilibria(all_pay_game(400))
    assert min(e.dissipation for e in found) == Fraction(1, 2)
    assert max(e.dissipation for e in found) == 1


@pytest.mark.parametrize("prize", [300, 500])
def test_odd_steps_have_only_the_uniform_mix(prize: int) -> None:
    found = equilibria(all_pay_game(prize))
    assert {e.dissipation for e in found} == {Fraction(prize // 100 - 1, prize // 100)}


def test_lesson_4_teaches_the_range_not_one_step_short() -> None:
    text = " ".join(LESSON_4.read_text(encoding="utf-8").replace("\n# ", " ").split())
    assert "fails by one step" not in text
    assert "dissipation is **exactly 1**" in text
    assert "the dissipation runs from 1/2 to 1" in text
