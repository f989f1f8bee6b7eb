"""The engine's quick paths (issue 23) answer as the plain ones do.

Interned actions are the actions; a chance draw takes the number the base
class's ``rng.choice`` would take from the same stream; a position arranged by
hand is listed anew, and an action is recognised without a second listing
only when it is the very object ``legal_actions`` handed out for this position.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from hoteledu.core.errors import IllegalActionError
from hoteledu.grand_austria.actions import (
    PREPARE,
    ROLL,
    TAKE_DIE,
    Prepare,
    Roll,
    TakeDie,
    TakeItems,
)
from hoteledu.grand_austria.dice import uniform_index
from hoteledu.grand_austria.rules import new_game, scenario


def test_an_interned_action_is_the_action() -> None:
    action = TAKE_DIE[4, True, 0]
    assert action is TAKE_DIE[4, True, 0]
    assert action == TakeDie(4, True, 0) and hash(action) == hash(TakeDie(4, True, 0))
    assert action.to_json() == TakeDie(4, True, 0).to_json()
    assert ROLL[(2, 2, 2, 2, 1, 1)] == Roll((2, 2, 2, 2, 1, 1))
    assert PREPARE[6] == Prepare(6) and str(PREPARE[6]) == str(Prepare(6))


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 7, 12])
def test_a_uniform_draw_takes_the_number_rng_choice_takes(k: int) -> None:
    weights = np.array([float(Fraction(1, k))] * k)
    for seed in range(40):
        ours, theirs = np.random.default_rng(seed), np.random.default_rng(seed)
        for _ in range(5):
            assert uniform_index(k, ours) == int(theirs.choice(k, p=weights / weights.sum()))
        assert ours.random() == theirs.random()  # the streams stay in step


def test_a_start_player_drawn_quickly_is_the_one_the_base_class_draws() -> None:
    for seed in range(20):
        state = new_game(players=3)
        quick = state.sample_chance(np.random.default_rng(seed))
        plain = super(type(state), state).sample_chance(np.random.default_rng(seed))
        assert quick == plain


def test_a_position_changed_by_hand_is_listed_anew() -> None:
    state = scenario(2, (0, 0, 3, 7, 0, 0))
    state.rooms[0][0] = 1
    state.rooms[0][5] = 1
    state.apply_action(TakeDie(3))
    assert {a.room for a in state.legal_actions() if isinstance(a, Prepare)} == {1, 6, 10}
    state.money[0] = 1  # floor 3 costs 2
    assert {a.room for a in state.legal_actions() if isinstance(a, Prepare)} == {1, 6}
    with pytest.raises(IllegalActionError, match="you cannot afford this room"):
        state.apply_action(Prepare(10))


def test_an_action_handed_out_is_taken_without_a_second_listing() -> None:
    state = scenario(2, (0, 0, 3, 7, 0, 0))
    handed = state.legal_actions()[0]
    listings = 0
    list_legal = state._list_legal_actions

    def counting() -> list:
        nonlocal listings
        listings += 1
        return list_legal()

    state._list_legal_actions = counting  # type: ignore[method-assign]
    state.apply_action(handed)
    assert listings == 0
    rng = np.random.default_rng(0)
    while state.is_chance_node():
        state.apply_action(state.sample_chance(rng))
    state.apply_action(state.legal_actions()[-1])  # listed once, by legal_actions
    assert listings == 1
    with pytest.raises(IllegalActionError):
        state.apply_action(TakeDie(1))  # no die on space 1: built anew, so listed and refused
    assert listings > 1


def _turn_positions(games: int, players: int = 2) -> list:
    """Positions at a turn from seeded random games (a few per game)."""
    from hoteledu.core.mcts import _apply_fast
    from hoteledu.grand_austria import tasks as tk

    found = []
    for g in range(games):
        state = new_game(players=players)
        rng = np.random.default_rng(g)
        step = 0
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                if isinstance(state.tasks[-1], tk.Turn) and step % 7 == 0:
                    found.append(state.clone())
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            _apply_fast(state, action)
            step += 1
    return found


def test_a_staff_profile_answers_as_the_staff_lookups() -> None:
    from hoteledu.grand_austria import effects as fx

    cat = fx.catalog()
    numbers = sorted(cat.staff)
    rng = np.random.default_rng(5)
    checked = 0
    for size in range(0, 7):
        for _ in range(60):
            staff = [int(c) for c in rng.choice(numbers, size=size, replace=False)]
            profile = fx.staff_profile(staff)
            assert profile.six_fee == fx.six_fee(staff)
            assert profile.guest_free == (fx.has_waive(staff, "guest_cost") is not None)
            assert profile.serving_free == (fx.has_waive(staff, "serving_cost") is not None)
            for space in range(1, 7):
                assert profile.discount[space] == fx.hire_discount_bonus(staff, space)
                for act in range(1, 6):
                    assert profile.strength[space][act] == fx.strength_bonus(staff, space, act)
            assert profile.once_per_round == tuple(
                c for c in staff if cat.staff[c].timing == "once_per_round"
            )
            for r in range(20):
                plain = 0 if fx.free_colour(staff, cat.colour[r]) else cat.floor_cost[cat.floor[r]]
                assert profile.room_cost[r] == plain
            checked += 1
    assert checked == 7 * 60


@pytest.mark.parametrize("checker", ["die_taken", "per_die"])
def test_the_quick_die_checks_answer_as_action_possible(checker: str) -> None:
    from hoteledu.grand_austria import effects as fx
    from hoteledu.grand_austria import turns

    cat = fx.catalog()
    with_modifiers = sorted(c for c in cat.staff if cat.modifiers[c] or cat.waives[c])
    rng = np.random.default_rng(8)
    positions = _turn_positions(12)
    assert len(positions) > 100
    compared = refused = 0
    for k, state in enumerate(positions):
        state.options["checker"] = checker
        p = state.tasks[-1].player
        if k % 2:  # played cards that change strength, fees and costs, set by hand
            picked = rng.choice(with_modifiers, size=4, replace=False)
            state.staff[p] = [int(c) for c in picked]
        profile = fx.staff_profile(state.staff[p])
        room = turns.cheapest_room(state, p, profile)
        for money in range(0, 12):
            for space in range(1, 7):
                hire = turns.hire_krones(state, p, profile, space)
                for boost in (False, True):
                    plain = turns.action_possible(state, p, space, boost, 3, money)
                    assert (room <= money) == plain, (state.to_snapshot(), space, boost, money)
                    refused += not plain
                    plain = turns.action_possible(state, p, space, boost, 5, money)
                    quick = max(0, hire - boost) <= money
                    assert quick == plain, (state.to_snapshot(), space, boost, money)
                    refused += not plain
                    compared += 2
    assert 0 < refused < compared  # both answers occur


def _varied_turn_positions() -> list:
    """Turn positions of 2-4 player games under every option that changes a turn's listing,
    half with played cards that change strength, fees and costs set by hand, at several
    amounts of krones."""
    from hoteledu.grand_austria import effects as fx

    cat = fx.catalog()
    with_modifiers = sorted(c for c in cat.staff if cat.modifiers[c] or cat.waives[c])
    rng = np.random.default_rng(11)
    found = []
    for k, state in enumerate(_turn_positions(8) + _turn_positions(4, players=3)):
        p = state.tasks[-1].player
        state.options["checker"] = ("die_taken", "per_die")[k % 2]
        state.options["impossible_die_action"] = ("refuse", "refuse", "allow")[k % 3]
        state.options["additional_actions"] = ("after_die", "any_time")[(k // 2) % 2]
        if k % 4 >= 2:
            picked = rng.choice(with_modifiers, size=int(rng.integers(1, 5)), replace=False)
            state.staff[p] = [int(c) for c in picked]
        for money in (0, 1, 2, 3, 5, 8):
            arranged = state.clone()
            arranged.money[p] = money
            found.append(arranged)
    return found


def test_the_turn_listing_answers_as_the_plain_rules() -> None:
    from hoteledu.grand_austria import turns

    positions = _varied_turn_positions()
    assert len(positions) > 500
    sizes = set()
    for state in positions:
        p = state.tasks[-1].player
        quick = turns.turn_actions(state, p)
        assert quick == turns.turn_actions_plain(state, p), state.to_snapshot()
        assert state.legal_actions() == quick
        sizes.add(len(quick))
    assert len(sizes) > 10


def test_the_additional_actions_answer_as_the_plain_rules() -> None:
    """Check-ins, serving, politics and staff once a round, listed quickly and plainly."""
    from hoteledu.grand_austria import turns

    listed = set()
    for k, state in enumerate(_varied_turn_positions()):
        p = state.tasks[-1].player
        if k % 3 == 0:  # a hotel full enough for the politics cards, some rooms prepared
            state.rooms[p] = [(1, 2, 2, 0, 2)[(r + k) % 5] for r in range(20)]
            state.emperor[p] = k % 14
        quick = turns.additional_actions(state, p)
        assert quick == turns.additional_actions_plain(state, p), state.to_snapshot()
        listed.update(type(a).__name__ for a in quick)
    assert listed >= {"CheckIn", "ServeFromKitchen", "ClaimPolitics", "UseStaff"}


def test_the_quick_room_listing_answers_as_placeable_rooms_and_room_cost() -> None:
    from hoteledu.grand_austria import stages, turns
    from hoteledu.grand_austria import tasks as tk
    from hoteledu.grand_austria.actions import DONE

    rng = np.random.default_rng(3)
    compared = 0
    for state in _varied_turn_positions()[::3]:
        p = state.tasks[-1].player
        assert list(turns.placeable_layout(tuple(state.rooms[p]))) == state.placeable_rooms(p)
        for _ in range(4):
            top = tk.Prepare(
                p,
                1,
                int(rng.integers(0, 3)),
                bool(rng.integers(0, 2)),
                int(rng.integers(0, 4)),
                False,
                str(rng.choice(["any", "yellow", "blue", "red"])),
            )
            plain = [
                Prepare(r)
                for r in state.placeable_rooms(p, top.max_floor, top.colour)
                if state.room_cost(p, r, top.discount, top.free) <= state.money[p]
            ]
            plain += [DONE] if plain else []
            assert stages.prepare_options(state, top) == plain
            compared += bool(plain)
    assert compared > 50


def test_can_serve_answers_as_serve_choices() -> None:
    from hoteledu.grand_austria import turns

    positions = _turn_positions(12)
    answers = set()
    for state in positions:
        for p in range(state.n):
            for source in ("fresh", "kitchen"):
                plain = next(turns.serve_choices(state, p, source), None) is not None
                assert turns.can_serve(state, p, source) == plain
                answers.add(plain)
            state.fresh[p] = list(state.kitchen[p])  # the fresh pool too, not always empty
            assert turns.can_serve(state, p, "fresh") == (
                next(turns.serve_choices(state, p, "fresh"), None) is not None
            )
    assert answers == {False, True}


def test_serve_options_and_the_items_listed_answer_as_the_plain_rules() -> None:
    from hoteledu.grand_austria import stages, turns
    from hoteledu.grand_austria import tasks as tk

    listed = 0
    for state in _turn_positions(12):
        for p in range(state.n):
            for source in ("fresh", "kitchen"):
                plain = list(turns.serve_choices(state, p, source))
                assert turns.serve_options(state, p, source) == plain
                listed += bool(plain)
            state.fresh[p] = list(state.kitchen[p])
            assert turns.serve_options(state, p, "fresh") == list(
                turns.serve_choices(state, p, "fresh")
            )
    assert listed > 20
    state = new_game(players=2)
    for pair in (0, 1):
        for n in range(0, 14):
            plain = [
                TakeItems(n - second, second, 0, 0)
                if pair == 0
                else TakeItems(0, 0, n - second, second)
                for second in range(n // 2 + 1)
            ]
            assert stages.items_options(state, tk.Items(0, pair, n)) == plain


def test_the_decisions_never_skipped_always_have_an_option() -> None:
    from hoteledu.grand_austria import stages
    from hoteledu.grand_austria import tasks as tk
    from hoteledu.grand_austria.rules import ALWAYS_OPTIONS

    state = new_game(players=2)
    kinds = {tk.Items(0, 0, 0).kind, tk.Items(0, 1, 7).kind, tk.Split(0, 0).kind}
    assert kinds | {tk.ChooseItem(0, 1).kind} == ALWAYS_OPTIONS
    for strength in range(0, 12):
        for top in (tk.Items(0, 0, strength), tk.Items(1, 1, strength), tk.Split(0, strength)):
            assert stages.task_options(state, top)
    assert stages.task_options(state, tk.ChooseItem(0, 1))
