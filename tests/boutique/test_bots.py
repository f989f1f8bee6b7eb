"""Heuristic bots, the core MCTS agent, and a small seeded tournament."""

from __future__ import annotations

import pytest
from bhm_helpers import flat, put_stay, skip_booking, started

from hoteledu import RandomAgent, play
from hoteledu.boutique.actions import ChangePrice, Hire, KeepPrices
from hoteledu.boutique.bots import (
    BOTS,
    BoutiqueBot,
    PeakLoadBot,
    PremiumBot,
    StafferBot,
    UndercutterBot,
)
from hoteledu.boutique.rules import new_game, stars_lost
from hoteledu.boutique.search import (
    PLANNING_PRICES,
    BoutiqueMCTS,
    PlanningState,
    planning_copy,
    planning_menu,
)
from hoteledu.core.agents import PlayerView
from hoteledu.core.mcts import MCTSAgent
from hoteledu.core.tournament import tournament


@pytest.mark.parametrize("players", [2, 4])
def test_bots_play_legal_full_games_deterministically(players: int) -> None:
    bots = [cls(seed=i) for i, cls in enumerate(BOTS.values())][:players]
    first = new_game(players=players)
    record = play(first, bots, seed=5)
    again = new_game(players=players)
    play(again, [b.reseeded(i) for i, b in enumerate(bots)], seed=5)
    assert first.is_terminal() and record.actions == again.history


def test_undercutter_undercuts_the_cheapest_rival_where_it_is_dearest() -> None:
    state = started([flat(4), flat(3)])
    state.prices[1][5] = 2  # the rival is cheapest on Saturday
    # Saturday is where P0 is dearest (4 against 2): go one below the rival.
    assert UndercutterBot().act(PlayerView(state, 0)) == ChangePrice(5, 1)
    state.prices[0] = [1] * 7
    assert UndercutterBot().act(PlayerView(state, 0)) == KeepPrices()


def test_peak_load_raises_its_busiest_day() -> None:
    state = started([flat(3), flat(3)])
    put_stay(state, 0, 17, 2, (0, 1))  # two rooms booked on Wednesday
    assert PeakLoadBot().act(PlayerView(state, 0)) == ChangePrice(2, 4)


def test_premium_comes_down_only_on_empty_days_and_not_below_3() -> None:
    state = started([flat(3), flat(5)])
    assert PremiumBot().act(PlayerView(state, 1)) == ChangePrice(0, 4)  # first empty day
    assert PremiumBot().act(PlayerView(state, 0)) == KeepPrices()


def test_staffer_plans_for_walk_ins_within_its_money() -> None:
    state = started()
    put_stay(state, 1, 19, 1, (0, 1))  # 2 rooms, 2 check-ins, 2 breakfasts on Tuesday
    skip_booking(state)
    state.money = [3000, 3000]
    assert StafferBot().act(PlayerView(state, 1)) == Hire(3, 3, 3)
    assert PeakLoadBot().act(PlayerView(state, 1)) == Hire(2, 2, 2)
    state.money[1] = 1200  # 4 staff: keep the ones needed on most days
    hire = StafferBot().act(PlayerView(state, 1))
    assert hire.housekeeping + hire.checkin + hire.kitchen == 4


@pytest.mark.parametrize(
    ("rule", "hire", "stars"),
    [
        ("per_staff", Hire(2, 2, 1), 2),
        ("per_day", Hire(3, 2, 0), 2),
        ("per_category", Hire(3, 2, 0), 1),
    ],
)
def test_BHM_31_bots_cut_staff_where_it_costs_fewest_stars(
    rule: str, hire: Hire, stars: int
) -> None:
    """BHM-31: short of money, the bots cut the staff whose absence costs the fewest stars
    under the game's shortfall reading. Needs peak at 3 rooms, 2 check-ins, 2 breakfasts;
    money for 5: under "per_category" a category already short costs nothing more, so the
    second cut goes there too (1 star, not 2)."""
    state = started(room_choice="canonical", shortfall=rule)
    put_stay(state, 1, 19, 1, (0, 1))  # Grandparents, breakfast: A Tue-Wed, B Tue
    put_stay(state, 1, 7, 2, (2,))  # City explorer, room only: Wed-Fri
    put_stay(state, 1, 3, 2, (1,))  # Backpacker, room only: Wed-Thu
    put_stay(state, 1, 14, 3, (0,))  # Cyclist, room only: Thu
    skip_booking(state)
    state.money = [3000, 1500]
    chosen = PeakLoadBot().act(PlayerView(state, 1))
    assert chosen == hire
    counts = [chosen.housekeeping, chosen.checkin, chosen.kitchen]
    assert sum(stars_lost(state.demand(1), counts, rule)) == stars


def test_heuristic_bots_beat_random_players() -> None:
    result = tournament("boutique", [StafferBot(), RandomAgent()], games=30, seed=3, progress=False)
    assert result.win_rate("staffer").low > 0.8


def test_mcts_agent_plays_boutique() -> None:
    state = new_game(weeks=1)
    play(state, [MCTSAgent(iterations=20, seed=1), PremiumBot()], seed=4)
    assert state.is_terminal()


def test_planning_menu_offers_few_choices_all_legal_in_the_real_game() -> None:
    """The search's planning menu: small, and every choice a legal move of the real game."""
    sizes: dict[str, int] = {}
    for seed, players in ((0, 2), (1, 3)):
        state = new_game(players=players)
        bots = [cls(seed=i) for i, cls in enumerate(BOTS.values())][:players]
        record = play(state, bots, seed=seed)
        replay = new_game(players=players)
        for action in record.actions:
            if replay.current_player() >= 0 or replay.is_simultaneous_node():
                movers = (
                    range(players) if replay.is_simultaneous_node() else [replay.current_player()]
                )
                for p in movers:
                    menu = planning_menu(replay, p)
                    full = replay.legal_actions(p)
                    assert menu and len(set(menu)) == len(menu)
                    assert all(replay._is_legal(p, a) for a in menu), replay.phase
                    assert len(menu) <= len(full) or replay.phase == "prices"
                    sizes[replay.phase] = max(sizes.get(replay.phase, 0), len(menu))
                    if replay.phase == "hire" and replay.eliminated_week[p] is None:
                        # The bots' own staffing is on the menu.
                        assert BoutiqueBot().hire(replay, p) in menu
            replay.apply_action(action)
    assert sizes["prices"] == 7 and sizes["hire"] <= 11 and sizes["booking_change"] <= 17
    assert sizes["walkin_change"] <= 5


def test_planning_state_searches_but_the_real_game_is_unchanged() -> None:
    """A planning copy offers the planning menu; the real game keeps the full menu."""
    state = started([flat(3), flat(3)])
    plan = planning_copy(state)
    assert isinstance(plan, PlanningState) and plan.to_snapshot() == state.to_snapshot()
    assert len(state.legal_actions()) == 41
    assert len(plan.legal_actions()) == 1 + 7 * 2 + 1  # keep, days up/down, breakfast 1 up
    assert isinstance(plan.clone(), PlanningState) and type(state.clone()) is type(state)
    # Any valid move is still accepted on the planning copy (here: not on its menu).
    plan.apply_action(ChangePrice(0, 6))
    assert plan.prices[0][0] == 6 and state.prices[0][0] == 3


def test_boutique_mcts_plays_seeded_games_legally() -> None:
    """BoutiqueMCTS (planning menu, peak-load rollouts) plays a full game, same seed same game."""
    first = new_game(weeks=1)
    record = play(first, [BoutiqueMCTS(iterations=8, seed=1), PeakLoadBot()], seed=2)
    again = new_game(weeks=1)
    play(again, [BoutiqueMCTS(iterations=8, seed=1).reseeded(1), PeakLoadBot()], seed=2)
    assert first.is_terminal() and record.actions == again.history
    result = BoutiqueMCTS(iterations=12, seed=3).search(PlayerView(new_game(), 0))
    assert {s.action for s in result.stats} <= set(PLANNING_PRICES)
    assert sum(s.visits for s in result.stats) == 12
