"""Independent checks of Grand Austria lesson 3's claim about passing with a rival (issue 19, 6).

The lesson used to set the solo option to pass, 0.355 (an average over all boards),
against the rival's 0.50 (an average over the boards where you pass), and valued the
pass with 9 rerolled dice although the rival picks before the reroll. Here every
number is recomputed from the unsorted count vectors and a stopping value of our own,
and a simulation on common boards checks the comparison itself.
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

from hoteledu.grand_austria.analysis import (
    max_count_distribution,
    pass_against_rival,
    simulate_pass_against_rival,
    stopping_value,
)
from hoteledu.grand_austria.analysis.intervals import paired_interval, t_interval
from hoteledu.grand_austria.dice import roll_outcomes

LESSON = Path(__file__).parents[2] / "notebooks" / ".src" / "grand_austria"
TEXT = (LESSON / "03_drafting_and_passing.py").read_text(encoding="utf-8")


def prose(text: str) -> str:
    """The Markdown of a percent-format source as one line of words."""
    return re.sub(r"\s+", " ", text.replace("\n# ", " "))


def solo_values(dice: int) -> list[Fraction]:
    """V(0..dice) by backward induction, written again: V(m) = E[max(M_m, V(m - 1))]."""
    values = [Fraction(0)]
    for m in range(1, dice + 1):
        values.append(
            sum(p * max(Fraction(k), values[-1]) for k, p in enumerate(max_count_distribution(m)))
        )
    return values


def test_passing_with_a_rival_compared_like_for_like() -> None:
    """Per pass, on the same boards: you gain 0.595 alone, 0.304 with the rival first; it 0.503."""
    values = solo_values(10)
    threshold = -(-values[9].numerator // values[9].denominator)
    passing = take = rival_take = rival_pass = Fraction(0)
    for counts, p in roll_outcomes(10):  # unsorted: no symmetry reduction
        top = max(counts)
        if top >= threshold:
            continue
        passing += p
        take += p * top
        rival_pass += p * top
        left = list(counts)
        left[counts.index(top)] -= 1
        rival_take += p * max(left)
    taken = take / passing
    exact = pass_against_rival(10)
    assert exact.threshold == threshold == 4 and exact.pass_probability == passing
    assert exact.gain_alone == values[9] - taken
    assert exact.gain_with_rival == values[8] - taken  # the rival's die and the dustbin's: 8
    assert exact.rival_gain_given_pass == (rival_pass - rival_take) / passing
    # the old comparison mixed averages: 0.355 is over all boards, P(pass) x the per-pass gain
    rule = stopping_value(10)
    assert exact.option_value == rule.values[10] - rule.take_now[10]
    assert round(float(exact.option_value), 3) == 0.355
    assert round(float(exact.gain_alone), 3) == 0.595
    assert round(float(exact.rival_gain_given_pass), 3) == 0.503
    assert round(float(exact.gain_with_rival), 3) == 0.304
    assert exact.gain_with_rival < exact.rival_gain_given_pass < exact.gain_alone


def test_passing_with_a_rival_by_simulation_on_common_boards() -> None:
    exact = pass_against_rival(10)
    boards = simulate_pass_against_rival(10, 40_000, seed=9)
    you_alone = boards["alone"] - boards["take"]
    you = boards["with_rival"] - boards["take"]
    rival = boards["rival_after_pass"] - boards["rival_after_take"]
    assert abs(len(you) / 40_000 - float(exact.pass_probability)) < 0.01
    assert t_interval(you_alone).contains(float(exact.gain_alone))
    assert t_interval(you).contains(float(exact.gain_with_rival))
    assert t_interval(rival).contains(float(exact.rival_gain_given_pass))
    gap = paired_interval(rival, you)
    assert gap.contains(float(exact.rival_gain_given_pass - exact.gain_with_rival))
    assert gap.low > 0  # the rival gains more than you per pass, beyond the noise


def test_wanting_one_action_the_pass_pays_against_the_rival() -> None:
    one = pass_against_rival(12, wanted=3)
    assert one.gain_with_rival > 20 * one.rival_gain_given_pass > 0
    assert round(float(one.gain_with_rival), 2) == 0.78
    assert round(float(one.rival_gain_given_pass), 2) == 0.03


def test_lesson_3_states_the_like_for_like_comparison() -> None:
    text = prose(TEXT)
    assert "it hands a greedy rival 0.50" not in text  # the old mixed comparison
    for stated in ("0.595", "0.304", "0.503", "8 dice are rerolled for you, not 9"):
        assert stated in text, stated
    assert "common random numbers" in text
    assert "each pass loses 0.20 dice" in text
