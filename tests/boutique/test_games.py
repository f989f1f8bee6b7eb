"""Pricing games from the engine (hoteledu.boutique.analysis.games)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from hoteledu.boutique.actions import Bid, CheckInDie, KeepPrices, RevealCard, SetPrices
from hoteledu.boutique.analysis.games import (
    as_prices,
    deck_of,
    play_profile,
    pricing_game,
    walkin_position,
)
from hoteledu.boutique.analysis.what_if import what_if, what_if_table
from hoteledu.boutique.bots import BOTS
from hoteledu.boutique.cards import standard_deck
from hoteledu.boutique.rules import new_game
from hoteledu.core.actions import JointAction
from hoteledu.core.agents import PlayerView
from hoteledu.core.state import CHANCE, SIMULTANEOUS

FACES = (1, 2, 3, 4, 5, 6)


def pure_equilibria(a: np.ndarray, b: np.ndarray) -> list[tuple[int, int]]:
    """Brute force: cells where each payoff is a best reply to the other's choice."""
    return [
        (i, j)
        for i in range(a.shape[0])
        for j in range(a.shape[1])
        if a[i, j] >= a[:, j].max() - 1e-9 and b[i, j] >= b[i, :].max() - 1e-9
    ]


def test_BHM_15_tied_hotels_bidding_nothing_both_get_the_guests_at_full_price() -> None:
    # The rule the lessons rest on, read straight from the engine.
    state = new_game(deck=deck_of(28), room_choice="canonical")
    state.apply_action(JointAction((as_prices(3), as_prices(3))))
    state.apply_action(KeepPrices())
    state.apply_action(CheckInDie(2))
    state.apply_action(RevealCard(28))
    assert state.phase == "bid" and state.bidders == [0, 1]
    state.apply_action(JointAction((Bid(0), Bid(0))))
    assert state.money == [500 + 900, 500 + 900]
    assert [s[0] for s in state.stays] == [0, 1]


def test_one_card_booking_matrix_is_the_closed_form() -> None:
    # Tour group: 3 rooms x 1 night, no breakfast. Lower price wins p x 300; a tie pays both.
    game = pricing_game("booking", prices=FACES, deck=[28])
    assert game.exact and game.standard_errors is None
    for i, p in enumerate(FACES):
        for j, q in enumerate(FACES):
            mine = 300 * p if p <= q else 0
            theirs = 300 * q if q <= p else 0
            assert game.exact_payoffs(0)[i, j] == mine
            assert game.exact_payoffs(1)[i, j] == theirs
    assert game.labels[0] == ("100", "200", "300", "400", "500", "600")


def test_standard_deck_booking_is_exact_over_the_die_and_the_cards() -> None:
    # Independent: the mean of (room-nights x price + breakfast nights x 1) over 28 cards.
    deck = standard_deck()
    game = pricing_game("booking", prices=(2, 4), deck="standard")
    for i, p in enumerate((2, 4)):
        expected = sum(
            Fraction(100 * (c.room_nights * p + (c.room_nights if c.breakfast else 0)), len(deck))
            for c in deck.cards
        )
        assert game.exact_payoffs(0)[i, i] == expected  # a tie pays both in full
    assert game.exact_payoffs(0)[1, 0] == 0  # the dearer hotel gets nothing


def test_profit_every_matched_price_is_an_equilibrium_of_one_booking() -> None:
    game = pricing_game("booking", prices=FACES, deck="standard")
    a, b = game.payoffs
    assert pure_equilibria(a, b) == [(i, i) for i in range(6)]
    # Matching beats undercutting by one step against every rival price above 100.
    for j in range(1, 6):
        assert a[j, j] > a[j - 1, j]


def test_difference_one_booking_has_the_bertrand_outcome_only() -> None:
    game = pricing_game("booking", prices=FACES, deck="standard", objective="difference")
    a, b = game.payoffs
    assert np.allclose(a + b, 0)
    assert pure_equilibria(a, b) == [(0, 0)]
    # Undercutting by one step is the best reply to every rival price above 100.
    for j in range(1, 6):
        assert int(np.argmax(a[:, j])) == j - 1


def test_difference_over_the_booking_week_best_replies_cycle() -> None:
    # Three rooms fill up: the undercutter is full early, the dearer hotel takes the rest.
    game = pricing_game("week", prices=(2, 3, 4, 5, 6), samples=16, seed=7)
    assert not game.exact and game.samples == 16
    diff = game.with_objective("difference")
    a, b = diff.payoffs
    best = {j: int(np.argmax(a[:, j])) for j in range(5)}
    # Follow best replies from 600: it must return to a price it met before, not stop.
    seen, j = [], 4
    while j not in seen:
        seen.append(j)
        j = best[j]
    assert len(seen) > 1 and best[seen[-1]] != seen[-1]
    assert pure_equilibria(a, b) == []
    # With profit the matched high prices are equilibria.
    pa, pb = game.payoffs
    assert (4, 4) in pure_equilibria(pa, pb)


def test_sampled_booking_agrees_with_exact_within_standard_errors() -> None:
    exact = pricing_game("booking", prices=(2, 3), deck="standard")
    sampled = pricing_game("booking", prices=(2, 3), deck="standard", exact=False, samples=300)
    errors = sampled.standard_errors[0]
    assert np.all(np.abs(sampled.payoffs[0] - exact.payoffs[0]) <= 4 * errors + 1e-9)
    # Common random numbers: every profile saw the same deals, so the same card
    # gives the winner of (2,2) and of (2,3) the same money in every deal.
    draws = sampled.draws
    assert np.array_equal(draws[:, 0, 0, 0], draws[:, 0, 1, 0])


def test_walkin_day_first_ranked_hotel_sells_when_the_budget_covers_its_price() -> None:
    # Independent: P(budget >= rate + breakfast) x stay price, averaged over the cards.
    deck = standard_deck()
    game = pricing_game("walkin", prices=(2, 4), deck="standard")
    for i, p in enumerate((2, 4)):
        total = Fraction(0)
        for card in deck.cards:
            night = p + (1 if card.breakfast else 0)
            covered = Fraction(sum(1 for face in range(1, 7) if face >= night), 6)
            total += covered * 100 * card.room_nights * night / len(deck)
        assert game.exact_payoffs(0)[i, 0] == total
    assert game.exact_payoffs(1)[0, 1] == 0  # P2 at 400 behind P1 at 200 never sells


def test_walkin_position_refuses_a_bad_ranking() -> None:
    with pytest.raises(ValueError, match="ranking"):
        walkin_position([as_prices(2), as_prices(3)], ranking=[0, 0])


def test_three_players_give_a_payoff_cube() -> None:
    game = pricing_game("booking", prices=(2, 3), deck=[28], players=3)
    assert game.payoffs[0].shape == (2, 2, 2)
    assert game.exact_payoffs(2)[1, 1, 1] == 900  # three-way tie: everyone is paid
    with pytest.raises(ValueError, match="two players"):
        _ = game.game
    diff = game.with_objective("difference")
    assert np.allclose(sum(diff.payoffs), 0)


def test_nashpy_game_has_the_matrices() -> None:
    game = pricing_game("booking", prices=(2, 3), deck=[28])
    a, b = game.game.payoff_matrices
    assert a.tolist() == [[600, 600], [0, 900]] and b.tolist() == [[600, 0], [600, 900]]


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"part": "month"}, "part"),
        ({"objective": "fun"}, "objective"),
        ({"prices": (0, 2)}, "price die"),
        ({"prices": ()}, "at least one"),
        ({"players": 6}, "players"),
        ({"deck": [99]}, "standard deck"),
    ],
)
def test_bad_input_names_the_field(kwargs: dict, match: str) -> None:
    with pytest.raises((ValueError, TypeError), match=match):
        pricing_game(**kwargs)


def test_play_profile_sampled_shape() -> None:
    draws = play_profile((2, 3), part="booking", exact=False, samples=5, seed=1)
    assert draws.shape == (5, 2)


def _bot_game(steps: int, seed: int = 1):
    state = new_game()
    rng = np.random.default_rng(seed)
    bots = [BOTS["undercutter"](0), BOTS["premium"](1)]
    for _ in range(steps):
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_action(state.sample_chance(rng))
        elif mover == SIMULTANEOUS:
            view = [bot.act(PlayerView(state, p)) for p, bot in enumerate(bots)]
            state.apply_action(JointAction(tuple(view)))
        else:
            state.apply_action(bots[mover].act(PlayerView(state, mover)))
    return state


def test_what_if_leaves_the_state_alone_and_matches_the_actual_prices() -> None:
    state = _bot_game(20)
    snapshot = state.to_snapshot()
    history = list(state.history)
    card = state.card
    # The secret prices P1 really set, with its die changes kept: the game as played.
    own = state.history[0].actions[0]
    assert isinstance(own, SetPrices)
    result = what_if(state, 0, own, keep_changes=True)
    assert result.alternative == result.actual
    assert state.to_snapshot() == snapshot and state.history == history and state.card == card


def test_what_if_undercut_versus_match_on_a_known_card() -> None:
    state = new_game(deck=deck_of(28), room_choice="canonical")
    state.apply_action(JointAction((as_prices(3), as_prices(3))))
    state.apply_action(KeepPrices())
    state.apply_action(CheckInDie(1))
    state.apply_action(RevealCard(28))  # a tie: the card and the day are on the table
    assert state.phase == "bid"
    table = what_if_table(state, 1, (2, 3, 4))
    assert table == {"200": 600, "300": 900, "400": 0}  # matching pays P2 most
    # After the guests are settled the next guest is unknown: exact over die and card.
    state.apply_action(JointAction((Bid(0), Bid(0))))
    assert state.turn == 1
    # The replay changes turn 1 too: at 300 both hotels are full on Monday, so a
    # Monday check-in (1 in 6) finds no room; at 400 P2 would have lost turn 1's
    # guests and so be the only hotel free on Monday (1200 with 1 chance in 6).
    table = what_if_table(state, 1, (2, 3, 4))
    assert table == {"200": 500, "300": 750, "400": 200}


def test_what_if_refuses_positions_outside_a_guest_turn() -> None:
    state = new_game()
    with pytest.raises(ValueError, match="guest's turn"):
        what_if(state, 0, 3)


def test_docstring_examples() -> None:
    import doctest

    from hoteledu.boutique.analysis import games

    assert doctest.testmod(games).failed == 0


# ---------------------------------------------------------------- figures
def test_payoff_heatmap_marks_best_replies_and_equilibria() -> None:
    from hoteledu.boutique.figures.games import payoff_heatmap

    game = pricing_game("booking", prices=(2, 3, 4), deck=[28])
    fig = payoff_heatmap(game)
    heat, p1, p2, eq = fig.data
    assert len(p2.x) == 3
    assert heat.z.tolist() == game.payoffs[0].tolist()
    # Matching is the best reply to 300 and 400; the equilibria are the diagonal.
    diagonal = {("200", "200"), ("300", "300"), ("400", "400")}
    assert {tuple(c) for c in p1.customdata} == diagonal
    assert {tuple(c) for c in eq.customdata} == diagonal
    sampled = pricing_game("week", prices=(3, 4), samples=4, seed=1)
    assert "±" in payoff_heatmap(sampled, player=1).data[0].text[0][0]


def test_heatmap_markers_leave_the_numbers_and_titles_clear() -> None:
    """Issue 20: the markers hid the equilibrium numbers, the axis title the figure title."""
    from hoteledu.boutique.figures.games import payoff_heatmap

    fig = payoff_heatmap(pricing_game("booking", prices=(2, 3, 4), deck=[28]), title="t")
    _heat, p1, p2, eq = fig.data
    # The number is printed at the cell centre (integer coordinates, font about 12 px in a
    # cell of at least 80 px): every marker lies at least a quarter cell away in x and y.
    for trace in (p1, p2):
        for x, y in zip(trace.x, trace.y, strict=True):
            assert abs(x - round(x)) >= 0.25 and abs(y - round(y)) >= 0.25
    # The equilibrium frame is lines around the cell, not a marker over its middle.
    assert eq.mode == "lines"
    assert all(x is None or abs(x - round(x)) > 0.4 for x in eq.x)
    # The figure title is anchored at the top of the page, above the top margin where the
    # x axis draws its ticks and title; the margin leaves room for both lines.
    assert fig.layout.xaxis.side == "top"
    assert fig.layout.title.yanchor == "top" and fig.layout.title.y >= 0.97
    assert fig.layout.margin.t >= 110


def test_equilibrium_bars_and_best_response_figures() -> None:
    from hoteledu.boutique.analysis.equilibria import best_response_arrows, zero_sum_lp
    from hoteledu.boutique.figures.games import (
        best_reply_curve,
        best_response_figure,
        equilibrium_bars,
    )

    game = pricing_game("booking", prices=(1, 2, 3), deck=[28], objective="difference")
    solution = zero_sum_lp(game)
    bars = equilibrium_bars((solution.row, solution.column), game.labels)
    assert [t.name for t in bars.data] == ["P1", "P2"]
    assert list(bars.data[0].y) == pytest.approx(list(solution.row))
    arrows = best_response_figure(game)
    assert len(arrows.layout.annotations) == len(best_response_arrows(game))
    assert list(arrows.data[1].x) == [0] and list(arrows.data[1].y) == [0]  # (100, 100)
    curve = best_reply_curve(game)
    assert list(curve.data[0].y) == ["100", "100", "200"]  # undercut by one step


def test_figure_docstring_examples() -> None:
    import doctest

    from hoteledu.boutique.figures import games as figures

    assert doctest.testmod(figures).failed == 0


def test_compare_uses_common_random_numbers() -> None:
    game = pricing_game("week", prices=(3, 4, 6), samples=12, seed=3, objective="difference")
    gap, error = game.compare(0, (2, 1), (1, 1))  # 600 against 400, versus matching 400
    draws = game.draws[..., 0] - game.draws[..., 1]
    per_deal = draws[:, 2, 1] - draws[:, 1, 1]
    assert gap == pytest.approx(per_deal.mean())
    assert error == pytest.approx(per_deal.std(ddof=1) / np.sqrt(12))
    exact = pricing_game("booking", prices=(2, 3), deck=[28])
    assert exact.compare(0, (1, 1), (0, 1)) == (300.0, 0.0)


def test_difference_game_is_exactly_zero_sum_for_nashpy() -> None:
    game = pricing_game("week", prices=(2, 3, 4, 5, 6), samples=60, seed=2026)
    diff = game.with_objective("difference")
    assert diff.game.zero_sum  # nashpy compares exactly: rounding would make it general-sum
    assert np.array_equal(diff.payoffs[0], -diff.payoffs[1])


@pytest.mark.parametrize(
    ("part", "kwargs"),
    [
        ("week", {"samples": 6, "seed": 4}),
        ("booking", {"deck": [22, 26]}),
        ("walkin", {"deck": [19], "ranking": (1, 0)}),
    ],
)
def test_symmetric_shortcut_equals_playing_every_profile(part: str, kwargs: dict) -> None:
    full = pricing_game(part, prices=(2, 3, 5), **kwargs)
    mirrored = pricing_game(part, prices=(2, 3, 5), symmetric=True, **kwargs)
    if part == "walkin":
        # The ranking puts P2 first: the seats differ, and the shortcut is wrong there.
        assert not np.array_equal(full.gains, mirrored.gains)
        return
    assert np.array_equal(full.gains, mirrored.gains)
    if full.draws is not None:
        assert np.array_equal(full.draws, mirrored.draws)
    with pytest.raises(ValueError, match="symmetric"):
        pricing_game(part, prices=(2, 3), rival_prices=(2, 4), symmetric=True)


def test_what_if_in_the_walk_in_phase() -> None:
    state = _bot_game(0)
    rng = np.random.default_rng(5)
    bots = [BOTS["staffer"](0), BOTS["peakload"](1)]
    while not (state.phase == "walkin_change" and state.day == 2):
        mover = state.current_player()
        if mover == CHANCE:
            state.apply_action(state.sample_chance(rng))
        elif mover == SIMULTANEOUS:
            parts = [bot.act(PlayerView(state, p)) for p, bot in enumerate(bots)]
            state.apply_action(JointAction(tuple(parts)))
        else:
            state.apply_action(bots[mover].act(PlayerView(state, mover)))
    snapshot = state.to_snapshot()
    own = state.history[0].actions[1]  # the secret prices P2 really set
    same = what_if(state, 1, own, keep_changes=True)
    assert same.actual == same.alternative
    table = what_if_table(state, 1, (1, 6))
    assert all(isinstance(v, Fraction) for v in table.values())
    assert state.to_snapshot() == snapshot
