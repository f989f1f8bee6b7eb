"""The experiments: validation, play through the engines with common random numbers, theory."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from importlib import resources

import numpy as np
import pytest

from hoteledu.classroom.experiments import (
    BID,
    EXPERIMENTS,
    PRICING,
    TAKE_OR_PASS,
    ExperimentError,
    bid_matrix,
    booking_card,
    fit_test,
    play_booking,
    play_round,
    take_or_pass_score,
    threshold_values,
)
from hoteledu.grand_austria.analysis.strength import stopping_value


def deck_cards() -> dict[int, dict]:
    text = resources.files("hoteledu.boutique").joinpath("data/guests.json").read_text()
    return {card["id"]: card for card in json.loads(text)["cards"]}


def total_by_hand(card: dict, face: int, breakfast_face: int = 1) -> int:
    """A flat-rate stay's price from the card data alone (not the engine's stay_price)."""
    extra = breakfast_face if card["breakfast"] else 0
    return sum(100 * room["nights"] * (face + extra) for room in card["rooms"])


@pytest.mark.parametrize("seed", range(12))
def test_one_booking_through_the_engine_agrees_with_the_card_by_hand(seed: int) -> None:
    cards = deck_cards()
    card_id, _text, _nights = booking_card(seed)
    for a, b in [(2, 5), (5, 2), (4, 4)]:
        gain_a, gain_b, _event = play_booking(a, b, seed)
        price_a, price_b = total_by_hand(cards[card_id], a), total_by_hand(cards[card_id], b)
        assert gain_a == (price_a if a <= b else 0)  # equal totals: both are paid
        assert gain_b == (price_b if b <= a else 0)


def test_common_random_numbers_give_every_pairing_the_same_guests() -> None:
    assert len({booking_card(42) for _ in range(3)}) == 1
    assert len({booking_card(s)[0] for s in range(40)}) > 10  # and seeds differ


def test_pricing_theory_is_bertrand_and_its_matrix_matches_the_deck() -> None:
    cards = deck_cards()
    params = PRICING.check_params({})
    theory = PRICING.theory(params, 0)
    assert theory.mix == (1.0, 0.0, 0.0, 0.0, 0.0, 0.0)
    assert theory.value == pytest.approx(0.0)
    # expected lead of 2 against 3, by hand: the whole expected stay at face 2
    expected = Fraction(sum(total_by_hand(c, 2) for c in cards.values()), len(cards))
    from hoteledu.classroom.experiments import pricing_matrix

    assert pricing_matrix((1, 2, 3, 4, 5, 6))[1][2] == expected


@pytest.mark.parametrize("seed", [0, 5, 17])
def test_bid_pairings_through_the_engine_match_the_all_pay_matrix(seed: int) -> None:
    params = BID.check_params({"price": 2, "max_bid": 4, "card": 0})
    cards = deck_cards()
    prize = total_by_hand(cards[booking_card(seed)[0]], 2)
    matrix = bid_matrix(prize, 4)
    for a in range(5):
        for b in range(5):
            assert BID.play_pair(params, seed, a, b) == (matrix[a][b], -matrix[a][b])


@pytest.mark.parametrize("prize", [100, 300, 400, 600, 1200])
def test_the_bid_mixes_are_optimal_against_every_pure_bid(prize: int) -> None:
    from hoteledu.classroom.experiments import bid_game, optimal_mix

    matrix = np.array(bid_matrix(prize, 5), dtype=float)
    # the analysis module's game is the same game as the engine's pairings (by hand above)
    assert [[int(x) for x in row] for row in bid_game(prize, 5).row_payoffs] == bid_matrix(prize, 5)
    params = {"price": 2, "card": 0, "max_bid": 5}
    shown = None
    for seed in range(40):  # a seed whose drawn card has this prize, when one exists
        if BID.check_params(params) and play_booking(2, 2, seed)[0] == prize:
            shown = np.array(BID.theory(BID.check_params(params), seed).mix)
            break
    for mix in (np.array(optimal_mix(matrix)), shown):
        if mix is None:
            continue
        assert mix.sum() == pytest.approx(1.0) and (mix >= 0).all()
        # symmetric zero-sum game: value 0; an optimal mix concedes nothing to any pure bid
        assert (mix @ matrix >= -1e-6).all()


def test_the_default_bid_shows_the_centre_of_its_two_optimal_mixes() -> None:
    theory = BID.theory(BID.check_params({}), 0)
    assert theory.mix == pytest.approx((1 / 8, 1 / 8, 1 / 8, 0, 0, 5 / 8))
    assert "2 symmetric extreme equilibria" in theory.note


def test_take_or_pass_exact_values_agree_with_the_seeded_boards() -> None:
    params = TAKE_OR_PASS.check_params({"dice": 6, "boards": 2000})
    values = threshold_values(6, None)
    best = stopping_value(6).thresholds[6]
    assert max(values) == values[best - 1]  # the analysis's threshold is optimal
    for t in (1, best, 7):
        simulated = take_or_pass_score(params, 3, t)
        assert simulated == pytest.approx(float(values[t - 1]), abs=0.08)
    theory = TAKE_OR_PASS.theory(params, 3)
    assert theory.mix[best - 1] > 0 and sum(theory.mix) == pytest.approx(1.0)


def test_validation_names_the_field() -> None:
    params = PRICING.check_params({"lowest": 2, "highest": 5})
    assert PRICING.validate(" 3 ", params) == 3
    for text, words in [
        ("", "empty"),
        ("abc", "not a whole number"),
        ("3.0", "not a whole number"),
        ("1", "out of range"),
        ("6", "out of range"),
        ("1" * 30, "too long"),
    ]:
        with pytest.raises(ExperimentError, match=words) as error:
            PRICING.validate(text, params)
        assert error.value.field == "value"


def test_a_round_robin_plays_every_pair_once_and_is_reproducible() -> None:
    for experiment in EXPERIMENTS.values():
        params = experiment.check_params({"boards": 50} if experiment is TAKE_OR_PASS else {})
        choices = experiment.choices(params)
        values = {f"S{i}": choices[i % len(choices)] for i in range(7)}
        first = play_round(experiment, params, 8, values)
        assert first["pairings"] == 21
        assert first == play_round(experiment, params, 8, values)
        scores = {row["name"]: row["score"] for row in first["leaderboard"]}
        same = [n for n in values if values[n] == values["S0"]]
        assert len({scores[n] for n in same}) == 1  # equal choices, equal luck, equal scores
        for row in first["leaderboard"]:
            assert row["wins"] + row["draws"] + row["losses"] == 6


def test_fit_test_against_hand_computation_and_outside_the_support() -> None:
    fit = fit_test((1, 2, 3), (0.5, 0.25, 0.25), [1] * 6 + [2] * 2 + [3] * 4)
    expected = [6.0, 3.0, 3.0]
    observed = [6, 2, 4]
    by_hand = sum((o - e) ** 2 / e for o, e in zip(observed, expected, strict=True))
    assert fit.statistic == pytest.approx(by_hand)
    assert fit.dof == 2
    assert fit.p_value == pytest.approx(math.exp(-by_hand / 2))  # chi-square with 2 dof
    assert "below 5" in fit.message  # small-count caveat
    outside = fit_test((1, 2), (1.0, 0.0), [1, 1, 2])
    assert outside.p_value == 0.0 and "outside" in outside.message
    assert fit_test((1, 2), (1.0, 0.0), [1, 1]).p_value == 1.0
