"""The three Grand Austria dice widgets without Jupyter: press buttons, check state and figures."""

from __future__ import annotations

import subprocess
import sys
from fractions import Fraction

import numpy as np
import pytest

from hoteledu.grand_austria.analysis import (
    draft_strengths,
    max_count_distribution,
    pick_order,
    stopping_value,
    wild_strength_distribution,
)
from hoteledu.grand_austria.analysis.board import empty_spaces_distribution
from hoteledu.grand_austria.widgets.board_roll import (
    ROLL_MANY,
    BoardRollController,
    BoardRollWidget,
)
from hoteledu.grand_austria.widgets.draft import DraftController, DraftWidget
from hoteledu.grand_austria.widgets.take_or_pass import TakeOrPassController, TakeOrPassWidget


def test_module_and_controllers_load_without_ipywidgets() -> None:
    code = (
        "import sys; from hoteledu.grand_austria.widgets.draft import DraftController; "
        "DraftController(seed=1); assert 'ipywidgets' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_controllers_never_touch_the_global_numpy_random_state() -> None:
    np.random.seed(5)  # noqa: NPY002 - the legacy global state is what must stay untouched
    before = np.random.get_state()[1].copy()  # noqa: NPY002
    BoardRollController(seed=1).roll(50)
    draft = DraftController(players=4, seed=1)
    draft.take(draft.bot_space())
    TakeOrPassController(seed=1).pass_turn()
    assert (np.random.get_state()[1] == before).all()  # noqa: NPY002


# ---------------------------------------------------------------- (a) roll the board
def test_roll_buttons_fill_the_sample_and_the_figure() -> None:
    app = BoardRollWidget(dice=12, seed=3)
    exact_bars, sample_bars = app.figure.data
    assert list(exact_bars.y) == [float(p) for p in max_count_distribution(12)]
    assert sum(sample_bars.y) == 0 and app.controller.rolls == 0
    app.roll_once_button.click()
    assert app.controller.rolls == 1 and sum(app.controller.last_counts) == 12
    assert app.figure.data[1].y[max(app.controller.last_counts)] == 1.0
    app.roll_many_button.click()
    assert app.controller.rolls == 1 + ROLL_MANY
    assert app.figure.data[1].name == f"simulated ({1 + ROLL_MANY})"
    assert np.allclose(app.figure.data[1].y, app.controller.frequencies)
    # plain numbers, not a numpy array: an array in an update never reached the browser
    assert not isinstance(app.figure.data[1].y, np.ndarray)
    # converging: 1001 rolls are within 0.05 of the exact bars everywhere
    assert np.abs(app.controller.frequencies - np.array(exact_bars.y)).max() < 0.05
    assert "1001 rolls" in app.summary_html.value


def test_slider_and_statistic_restart_the_sample_with_the_exact_bars() -> None:
    app = BoardRollWidget(dice=12, seed=3)
    app.roll_many_button.click()
    app.dice_slider.value = 10
    assert app.controller.rolls == 0 and app.controller.dice == 10
    assert list(app.figure.data[0].y) == [float(p) for p in max_count_distribution(10)]
    app.statistic_dropdown.value = "action 1 or space 6"
    assert list(app.figure.data[0].y) == [float(p) for p in wild_strength_distribution(10)]
    app.roll_many_button.click()
    rolls = app.controller.samples
    assert max(rolls) <= 10 and app.controller.rolls == ROLL_MANY
    app.statistic_dropdown.value = "empty spaces"
    assert list(app.figure.data[0].y) == [float(p) for p in empty_spaces_distribution(10)]
    app.clear_button.click()
    assert app.controller.rolls == 0 and app.controller.last_counts is None


def test_roll_statistics_read_the_roll() -> None:
    c = BoardRollController(dice=6, statistic="empty spaces", seed=2)
    c.roll(1)
    assert c.samples == [c.last_counts.count(0)]
    c.set_statistic("action 1 or space 6")
    c.roll(1)
    assert c.samples == [max(c.last_counts[0], c.last_counts[5])]


def test_roll_is_seeded() -> None:
    a, b = BoardRollController(seed=9), BoardRollController(seed=9)
    a.roll(300)
    b.roll(300)
    assert a.samples == b.samples
    other = BoardRollController(seed=10)
    other.roll(300)
    assert other.samples != a.samples


def test_roll_refuses_bad_input_and_changes_nothing() -> None:
    c = BoardRollController(dice=8, seed=1)
    c.roll(10)
    for bad in (0, 15, 2.0):
        with pytest.raises(ValueError, match="dice must be"):
            c.set_dice(bad)
    with pytest.raises(ValueError, match="statistic must be"):
        c.set_statistic("mean")
    with pytest.raises(ValueError, match="times"):
        c.roll(0)
    assert c.dice == 8 and c.rolls == 10


# ---------------------------------------------------------------- (b) the draft
def test_draft_follows_the_pick_order_and_bots_take_a_most_crowded_space() -> None:
    c = DraftController(players=3, seat=1, seed=4)
    assert len(c.picks) == 1 and c.picks[0].seat == 0  # P1 (a bot) has picked
    assert c.picks[0].strength == max(c.start_counts)
    assert c.to_move == 1
    while not c.finished:
        space = 1 + min(s for s in range(6) if c.counts[s] > 0)  # you take the lowest space
        c.take(space)
    assert tuple(p.seat for p in c.picks) == pick_order(3)
    assert sum(c.counts) == sum(c.start_counts) - 6
    assert sum(c.seat_totals()) == sum(p.strength for p in c.picks)


def test_draft_widget_click_a_space_then_the_round_ends() -> None:
    app = DraftWidget(players=2, seat=0, seed=7)
    c = app.controller
    start = list(c.counts)
    assert list(app.figure.data[0].y) == start
    best = start.index(max(start))
    app.space_buttons[best].click()  # you, P1, take the strongest space
    assert c.picks[0].strength == max(start) and c.picks[0].space == best + 1
    assert [p.seat for p in c.picks] == [0, 1, 1]  # the bot, P2, answered twice
    assert list(app.figure.data[0].y) == c.counts
    expected = [f"{float(v):.2f}" for v in draft_strengths(2).by_pick]
    assert all(v in app.table_html.value for v in expected)
    space = 1 + next(s for s in range(6) if c.counts[s] > 0)
    app.space_buttons[space - 1].click()
    assert c.finished and len(c.rounds) == 1
    assert all(b.disabled for b in app.space_buttons)
    assert "1 rounds played" in app.status_html.value


def test_a_press_on_a_finished_draft_does_nothing() -> None:
    c = DraftController(players=2, seed=1)
    while not c.finished:
        c.take(c.bot_space())
    counts, picks = list(c.counts), list(c.picks)
    assert c.take(1) is False
    assert (c.counts, c.picks, len(c.rounds)) == (counts, picks, 1)
    app = DraftWidget(players=2, seed=1)
    while not app.controller.finished:
        app.space_buttons[app.controller.bot_space() - 1].click()
    before = list(app.controller.counts)
    app.space_buttons[0].click()  # a press on a finished round (even when disabled in a view)
    assert app.controller.counts == before and len(app.controller.picks) == 4


def test_draft_refuses_an_empty_space_and_changes_nothing() -> None:
    seed = next(s for s in range(100) if 0 in DraftController(players=2, seed=s).counts)
    app = DraftWidget(players=2, seed=seed)
    c = app.controller
    empty = [s for s in range(6) if c.counts[s] == 0]
    counts, picks = list(c.counts), list(c.picks)
    app.space_buttons[empty[0]].click()
    assert (c.counts, c.picks) == (counts, picks)
    assert f"space {empty[0] + 1} holds no die" in app.message_html.value
    with pytest.raises(ValueError, match="space must be"):
        c.take(7)
    with pytest.raises(ValueError, match="seat must be"):
        DraftController(players=2, seat=2)
    with pytest.raises(ValueError, match="players"):
        DraftController(players=5)


def test_draft_is_seeded_and_new_round_rerolls() -> None:
    a, b = DraftController(players=4, seat=3, seed=12), DraftController(4, seat=3, seed=12)
    assert a.start_counts == b.start_counts and a.picks == b.picks
    assert len(a.picks) == 3  # P1..P3 are bots and pick before you, P4
    first = a.start_counts
    a.new_round()
    assert len(a.picks) == 3 and a.start_counts != first  # this seed rolls another board


def test_draft_greedy_you_earn_the_exact_expectation_on_average() -> None:
    # playing greedy yourself, the mean over many seeded rounds is near the exact by_seat
    c = DraftController(players=2, seat=1, seed=5)
    totals = []
    for _ in range(1500):
        while not c.finished:
            c.take(c.bot_space())
        totals.append(c.seat_totals())
        c.new_round()
    mean = np.mean(totals, axis=0)
    exact = [float(v) for v in draft_strengths(2).by_seat]
    assert np.allclose(mean, exact, atol=0.1)


# ---------------------------------------------------------------- (c) take or pass
def test_take_or_pass_shows_the_exact_reroll_and_value() -> None:
    app = TakeOrPassWidget(dice=10, seed=6)
    c = app.controller
    rule = stopping_value(10)
    assert list(app.pass_figure.data[0].y) == [float(p) for p in max_count_distribution(9)]
    assert c.value_after_pass == rule.values[9]
    assert f"V(9) = {float(rule.values[9]):.3f}" in app.status_html.value
    assert list(app.board_figure.data[0].y) == list(c.counts)
    app.pass_button.click()
    assert c.dice_left == 9 and sum(c.counts) == 9
    assert list(app.pass_figure.data[0].y) == [float(p) for p in max_count_distribution(8)]
    strength = c.strength
    app.take_button.click()
    assert c.finished and c.result == strength and c.results == [strength]
    assert app.take_button.disabled and app.pass_button.disabled
    assert c.decisions == [(10, c.decisions[0][1], "pass"), (9, strength, "take")]


def test_a_press_on_a_finished_take_or_pass_round_does_nothing() -> None:
    app = TakeOrPassWidget(dice=4, seed=1)
    c = app.controller
    app.take_button.click()
    state = (c.counts, c.result, list(c.results), c.dice_left, list(c.decisions))
    app.take_button.click()
    app.pass_button.click()
    assert (c.counts, c.result, c.results, c.dice_left, c.decisions) == state
    assert c.take() is False and c.pass_turn() is False
    app.new_round_button.click()
    assert not c.finished and c.dice_left == 4 and c.results == state[2]


def test_passing_every_die_away_ends_with_strength_zero() -> None:
    c = TakeOrPassController(dice=3, seed=2)
    for _ in range(3):
        c.pass_turn()
    assert c.finished and c.result == 0 and c.dice_left == 0


def test_wanted_action_uses_space_six_and_refuses_strength_zero() -> None:
    for seed in range(200):
        c = TakeOrPassController(dice=2, wanted=3, seed=seed)
        if c.counts[2] == 0 and c.counts[5] == 0:
            break
    assert c.strength == 0 and c.best_move == "pass"
    assert list(TakeOrPassWidget(dice=2, wanted=3, seed=seed).pass_figure.data[0].y) == [
        float(p) for p in wild_strength_distribution(1)
    ]
    with pytest.raises(ValueError, match="nothing to take"):
        c.take()
    assert not c.finished and c.decisions == []
    with pytest.raises(ValueError, match="wanted"):
        TakeOrPassController(wanted=6)


def test_take_or_pass_is_seeded_and_the_best_rule_earns_v() -> None:
    a, b = TakeOrPassController(dice=10, seed=8), TakeOrPassController(dice=10, seed=8)
    a.pass_turn()
    b.pass_turn()
    assert a.counts == b.counts
    c = TakeOrPassController(dice=6, seed=3)
    for _ in range(2000):
        while not c.finished:
            c.take() if c.best_move == "take" else c.pass_turn()
        c.new_round()
    v = stopping_value(6).values[6]
    assert abs(np.mean(c.results) - float(v)) < 0.07
    assert f"{len(c.results)} rounds" in c.summary()
    assert isinstance(v, Fraction)


def test_action_board_figure_draws_six_spaces_and_refuses_bad_counts() -> None:
    from hoteledu.grand_austria.figures.board import action_board_figure

    fig = action_board_figure((2, 0, 1, 3, 0, 4), highlight=(1, 6))
    assert list(fig.data[0].y) == [2, 0, 1, 3, 0, 4]
    colours = list(fig.data[0].marker.color)
    assert colours[0] == colours[5] != colours[1]
    for bad in ((1, 2), (1, 2, 3, 4, 5, -1)):
        with pytest.raises(ValueError, match="six numbers"):
            action_board_figure(bad)


# ------------------------------------------------------------- the view watchdog
def _wait_for_rebuilds(view, count: int) -> None:
    """Join the watchdog's timers (a bounded number of them: no clock)."""
    for _ in range(100):
        timer = view.watchdog.timer
        if view.figure_rebuilds >= count or timer is None:
            return
        timer.join()


def _shows_live_state(figure, fresh) -> bool:
    return [list(t.y) for t in figure.data] == [list(t.y) for t in fresh.data]


def test_a_figure_never_answered_is_rebuilt_in_its_box(monkeypatch) -> None:
    """As GameApp's board: no view applied the update, so a new figure replaces it."""
    from hoteledu.apps import watchdog

    monkeypatch.setattr(watchdog, "in_kernel", lambda: True)
    monkeypatch.setattr(watchdog, "WATCHDOG_SECONDS", 0.2)
    roll = BoardRollWidget(dice=10, seed=1)
    old = roll.figure
    roll.roll_many_button.click()
    _wait_for_rebuilds(roll, 1)
    with roll.lock:
        assert roll.figure is not old and roll.figure_rebuilds == 1
        assert any(child is roll.figure for child in roll.widget.children)
        assert not any(child is old for child in roll.widget.children)
        assert _shows_live_state(roll.figure, roll.controller.figure())
    # the new figure is watched too: a press after the rebuild still updates it
    roll.roll_once_button.click()
    assert roll.controller.rolls == ROLL_MANY + 1
    assert _shows_live_state(roll.figure, roll.controller.figure())

    chooser = TakeOrPassWidget(dice=10, seed=2)
    board, after = chooser.board_figure, chooser.pass_figure
    chooser.pass_button.click()  # both figures change
    _wait_for_rebuilds(chooser, 2)
    with chooser.lock:
        row = chooser.widget.children[0]
        assert list(row.children) == [chooser.board_figure, chooser.pass_figure]
        assert chooser.board_figure is not board and chooser.pass_figure is not after
        assert chooser.board_figure.layout.width == 440


def test_a_figure_that_answers_is_kept(monkeypatch) -> None:
    from hoteledu.apps import watchdog

    monkeypatch.setattr(watchdog, "in_kernel", lambda: True)
    monkeypatch.setattr(watchdog, "WATCHDOG_SECONDS", 0.2)
    draft = DraftWidget(players=2, seed=3)
    old = draft.figure
    space = 1 + int(np.argmax(draft.controller.counts))
    draft.space_buttons[space - 1].click()
    # the browser's view applied the update and reported the traces' deltas
    draft.figure._js2py_traceDeltas = {"trace_deltas": [], "trace_edit_id": 1}
    _wait_for_rebuilds(draft, 1)  # the timer ran (or never started): no rebuild
    assert draft.figure is old and draft.figure_rebuilds == 0


def test_no_watchdog_without_a_kernel() -> None:
    """Outside Jupyter (tests, scripts) no browser view exists: nothing is watched."""
    roll = BoardRollWidget(dice=10, seed=1)
    roll.roll_many_button.click()
    assert roll.watchdog.timer is None and roll.watchdog.waiting == {}
