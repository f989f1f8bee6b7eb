"""Each hotel's week and money/stars over a game: the figures show the engine's numbers."""

from __future__ import annotations

import pytest
from boutique_demand import demand_by_hand

import hoteledu
from hoteledu.boutique.analysis.week import game_series, week_table
from hoteledu.boutique.bots import PeakLoadBot, PremiumBot, StafferBot
from hoteledu.boutique.figures.week import money_stars_figure, week_figure
from hoteledu.boutique.mat import STAFF_COST, START_MONEY, START_STARS


@pytest.fixture(scope="module")
def played():
    state = hoteledu.load_game("boutique", players=3)
    record = hoteledu.play(state, [PeakLoadBot(), StafferBot(), PremiumBot()], seed=12)
    return state, record


def test_week_table_counts_every_stay_of_each_hotel(played):
    state, _ = played
    assert state.week == 2
    for week in (1, 2):
        for p, row in enumerate(week_table(state, week)):
            assert row["player"] == f"P{p + 1}"
            assert row["need"] == demand_by_hand(state, p, week)
            assert row["peak"] == [max(day[c] for day in row["need"]) for c in range(3)]
    assert [row["staff"] for row in week_table(state)] == state.staff
    assert all(row["staff"] is None for row in week_table(state, 1))  # week 1's dice are gone
    with pytest.raises(ValueError, match=r"week is 1\.\.2"):
        week_table(state, 3)


def test_week_figure_draws_the_bars_and_staff_lines(played):
    state, _ = played
    figure = week_figure(state)
    bars = [t for t in figure.data if t.type == "bar"]
    lines = [t for t in figure.data if t.type == "scatter"]
    assert len(bars) == 3 * 3 and len(lines) == 3 * 3
    table = week_table(state)
    assert list(bars[0].y) == [day[0] for day in table[0]["need"]]
    assert list(bars[5].y) == [day[2] for day in table[1]["need"]]
    assert list(lines[0].y) == [state.staff[0][0]] * 7
    assert "P2: staff" in figure.layout.annotations[1].text


def test_money_and_stars_follow_the_game(played):
    state, record = played
    series = game_series(record)
    assert len(series["money"]) == len(record.actions) + 1
    assert series["money"][0] == [START_MONEY] * 3 and series["stars"][0] == [START_STARS] * 3
    assert series["money"][-1] == state.money and series["stars"][-1] == state.stars
    # the stars move only at the ratings, once per week
    moves = [
        i for i in range(1, len(series["stars"])) if series["stars"][i] != series["stars"][i - 1]
    ]
    assert set(moves) <= set(series["ratings"]) and len(series["ratings"]) == 2
    assert len(series["week_starts"]) == 1 and series["ratings"][0] < series["week_starts"][0]
    # money falls by the wages at hiring: the staff hired in week 2, 300 each
    hire_index = max(i for i, a in enumerate(record.actions, start=1) if "Hire" in repr(a))
    for p in range(3):
        paid = series["money"][hire_index - 1][p] - series["money"][hire_index][p]
        assert paid == sum(state.staff[p]) * STAFF_COST
    assert game_series(state) == series  # a played state reads the same
    figure = money_stars_figure(record)
    lines = [t for t in figure.data if t.mode == "lines"]
    assert [t.name for t in lines][:2] == ["P1", "P1 stars"]
    assert list(lines[0].y)[:-1] == [m[0] for m in series["money"]]


def test_money_figure_shows_the_final_result_of_a_one_week_game():
    """Issue 20: lesson 1's figure showed P1 ahead though P2 won 4,400 to 3,500 (the last
    action pays P2 and was a one-pixel step at the edge) and said 'week 2 begins'."""
    game = hoteledu.load_game("boutique", players=2, weeks=1)
    record = hoteledu.play(game, [PeakLoadBot(), StafferBot()], seed=2026)
    assert game.money == [3500, 4400] and game.winners() == [1]
    figure = money_stars_figure(record)
    assert "week 2" not in figure.layout.title.text
    money_lines = [t for t in figure.data if t.mode == "lines" and "stars" not in t.name]
    last_action = len(record.actions)
    for p, line in enumerate(money_lines):
        assert line.y[-1] == game.money[p]
        # the final level is drawn over a visible stretch past the last action
        assert line.x[-1] - last_action >= 0.05 * last_action
    labels = [t.text[0] for t in figure.data if t.mode == "markers+text"]
    assert "P2 4,400 (wins)" in labels and "P1 3,500" in labels
    positions = [t.textposition for t in figure.data if t.mode == "markers+text"]
    assert positions[1] != positions[3]  # P1's and P2's labels never on top of each other
