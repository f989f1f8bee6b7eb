"""The pricing duel: controller logic without a browser, and the widget's wiring."""

from __future__ import annotations

import numpy as np
import pytest

from hoteledu.boutique.widgets.duel_widget import (
    DuelController,
    Prediction,
    play_duel_week,
    prediction_from_equilibrium,
)


def test_a_week_is_reproducible_and_the_deal_changes_the_guests():
    before = np.random.get_state()  # noqa: NPY002 (checked, never drawn from)
    first = play_duel_week([3] * 7, 1, "premium", seed=4, deal=0)
    again = play_duel_week([3] * 7, 1, "premium", seed=4, deal=0)
    other = play_duel_week([3] * 7, 1, "premium", seed=4, deal=1)
    assert first == again
    assert first.log != other.log
    after = np.random.get_state()  # noqa: NPY002
    assert np.array_equal(before[1], after[1]) and before[2:] == after[2:]


def test_outcome_accounts_for_every_coin():
    outcome = play_duel_week([2, 2, 2, 2, 3, 3, 3], 1, "undercutter", seed=0, deal=0)
    for p in (0, 1):
        assert outcome.money[p] == (
            500
            + outcome.booking_income[p]
            + outcome.walkin_income[p]
            - outcome.wages[p]
            - outcome.marketing[p]
        )
    assert outcome.difference == outcome.money[0] - outcome.money[1]
    assert outcome.guests[0] + outcome.guests[1] >= 10 - outcome.lost_guests


def test_booking_guests_go_to_the_cheaper_hotel():
    """At 100 a night you undercut the premium bot on every card you have room for."""
    outcome = play_duel_week([1] * 7, 1, "premium", seed=3, deal=0)
    booking_lines = [line for line in outcome.log if line.startswith("card ")]
    assert len(booking_lines) == 10
    offered = [line for line in booking_lines if ": P1 " in line]
    assert offered and all(line.endswith("-> P1") for line in offered)
    # Your 3 rooms fill with cheap guests; the bot gets only the guests you had no room for.
    assert all(
        line.endswith("-> P2")
        for line in booking_lines
        if ": P1 " not in line and "no hotel" not in line
    )
    your_offers = [int(line.split(": P1 ")[1].split(",")[0].split(" ")[0]) for line in offered]
    assert outcome.booking_income[0] == sum(your_offers)


def test_same_deal_means_same_booking_guests_whatever_the_prices():
    """Common random numbers: the check-in days and cards of booking do not depend on prices."""

    def cards(outcome):
        return [line.split(":")[0] for line in outcome.log if line.startswith("card ")]

    cheap = play_duel_week([1] * 7, 1, "staffer", seed=9, deal=2)
    dear = play_duel_week([6] * 7, 6, "staffer", seed=9, deal=2)
    assert cards(cheap) == cards(dear)


def test_controller_refuses_bad_choices_and_changes_nothing():
    duel = DuelController(bot="peakload", seed=1)
    with pytest.raises(ValueError, match="day rate Tue must be a die face"):
        duel.set_price(1, 7)
    with pytest.raises(ValueError, match="day rate Sun"):
        duel.set_prices([3, 3, 3, 3, 3, 3, 0])
    with pytest.raises(ValueError, match="breakfast"):
        duel.set_breakfast(True)
    with pytest.raises(ValueError, match="bot must be one of"):
        duel.set_bot("genius")
    with pytest.raises(ValueError, match="no prediction"):
        duel.use_prediction()
    assert duel.prices == [3] * 7 and duel.breakfast == 1 and duel.bot == "peakload"


def test_controller_plays_weeks_and_reports_beside_the_prediction():
    prediction = Prediction("equilibrium (test)", (2,) * 7, 1, (300.0, 250.0))
    duel = DuelController(bot="undercutter", seed=5, prediction=prediction)
    assert "No week played yet" in duel.report()
    duel.use_prediction()
    assert duel.prices == [2] * 7
    first = duel.play_week()
    duel.next_deal()
    second = duel.play_week()
    assert (first.deal, second.deal) == (0, 1)
    report = duel.report()
    assert "Over your 2 weeks" in report and "predicted payoff you 300, bot 250" in report
    booking = second.booking_income
    assert f"difference {booking[0] - booking[1]:+d}." in report
    mean_profit, mean_difference = duel.mean_result()
    assert mean_profit == pytest.approx((first.profit[0] + second.profit[0]) / 2)
    assert mean_difference == pytest.approx((first.difference + second.difference) / 2)


def test_flat_price_scan_replays_the_same_deal():
    duel = DuelController(bot="premium", seed=2)
    scan = duel.flat_price_scan()
    assert sorted(scan) == [1, 2, 3, 4, 5, 6]
    duel.set_prices([4] * 7)
    assert duel.play_week() == scan[4]


def test_prediction_from_equilibrium_uses_expected_payoffs():
    a = np.array([[1.0, 3.0], [0.0, 2.0]])
    b = np.array([[1.0, 0.0], [3.0, 2.0]])
    profiles = [((1,) * 7, 1), ((2,) * 7, 1)]
    prediction = prediction_from_equilibrium("test", profiles, [1, 0], [0.25, 0.75], (a, b))
    assert prediction.prices == (1,) * 7
    assert prediction.payoffs == pytest.approx((0.25 * 1 + 0.75 * 3, 0.25 * 1 + 0.75 * 0))
    assert prediction.mix == (("1 1 1 1 1 1 1", 1.0),)
    mixed = prediction_from_equilibrium(
        "mixed", profiles, [0.25, 0.75], [0.5, 0.5], (a, b), names=["100", "200"]
    )
    assert mixed.prices == (2,) * 7
    assert "a mix: 100 with 0.25, 200 with 0.75" in mixed.describe()


def test_widget_forwards_choices_and_plays():
    pytest.importorskip("ipywidgets")
    from hoteledu.boutique.widgets.duel_widget import DuelWidget

    prediction = Prediction("equilibrium (test)", (2,) * 7, 2, (0.0, 0.0))
    widget = DuelWidget(bot="staffer", seed=0, prediction=prediction)
    widget.day_dropdowns[5].value = 5
    widget.breakfast_dropdown.value = 2
    widget.bot_dropdown.value = "premium"
    c = widget.controller
    assert c.prices[5] == 5 and c.breakfast == 2 and c.bot == "premium"
    widget.play_button.click()
    assert c.last is not None and "Deal 0 against premium" in widget.report_html.value
    assert "The week in words" in widget.log_html.value
    widget.next_button.click()
    widget.play_button.click()
    assert c.last.deal == 1
    widget.scan_button.click()
    assert "flat rate" in widget.scan_html.value
    widget.copy_button.click()
    assert [d.value for d in widget.day_dropdowns] == [2] * 7 and c.prices == [2] * 7
    assert "predicted" in widget.message_html.value  # the copy says what changed
    widget.bot_dropdown.value = "premium"
    assert "<b>" not in widget.message_html.value  # no refusal (refusals are in bold)
